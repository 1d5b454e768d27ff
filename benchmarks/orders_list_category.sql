-- PLACEHOLDER until libs/orders is merged: replace with the exact SQL GET /api/orders runs for
-- ?category=<code>&sort=date (first page). :category_id is drawn like the wrk script cycles the categories.
\set category_id random(1, 8)
SELECT o.id, o.name, left(o.description, 300), o.category_id, o.specialization_id, o.skill_ids, o.budget_amount,
       o.budget_currency, o.deadline_at, o.payment_option, o.country_id, o.city_id, o.status, o.visibility,
       o.bid_count, o.created_at, u.id, u.name, u.lastname, u.avatar
  FROM orders.orders o JOIN identity.users u ON u.id = o.customer_id
 WHERE o.status = 'search' AND o.visibility = 'public' AND (o.deadline_at IS NULL OR o.deadline_at > now())
   AND o.category_id = :category_id
 ORDER BY o.created_at DESC, o.id DESC
 LIMIT 21;
