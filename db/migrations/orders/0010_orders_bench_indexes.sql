-- The country and city filters of the public order list (GET /api/orders?country=…&city=…). Without an index
-- that starts with them, the date-sorted list walks orders_open_date_idx and discards every order of another
-- country or city: on the benchmark data (1M orders, benchmarks/orders_data.sql) a city with 0.26 % of the open
-- orders read 8 800 buffers (9 500 rows discarded) for one page, a country with 1 % 2 600; with these indexes
-- 89 and 88 (docs/performance.md, "Order list").
CREATE INDEX orders_open_country_date_idx ON orders.orders (country_id, created_at DESC, id DESC)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_city_date_idx ON orders.orders (city_id, created_at DESC, id DESC)
  WHERE status = 'search' AND visibility = 'public';
