-- "Only performers with a portfolio may bid" (issue 11): the customer's option on an order, the list's
-- `portfolio=true` filter, and the bid rule (libs/bids: a performer with no portfolio project gets 422
-- marketplace:bids.portfolio_required).
ALTER TABLE orders.orders ADD COLUMN portfolio_required boolean NOT NULL DEFAULT false;
