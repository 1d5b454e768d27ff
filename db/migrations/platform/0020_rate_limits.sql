-- Rate-limit windows shared by every instance (platform::RateLimiter, issue 14 finding 4): one row per key
-- ("login:fail:ip:203.0.113.7"), a fixed window that ends at window_end, and the hits counted in it. Each hit is
-- one atomic upsert, so instances behind a balancer count together. Expired rows are deleted by the
-- platform.rate_limits_sweep job. UNLOGGED: counters are not worth WAL, and a crash only forgets them.
CREATE UNLOGGED TABLE platform.rate_limits (
  key text PRIMARY KEY,
  window_end timestamptz NOT NULL,
  hits integer NOT NULL
);

CREATE INDEX rate_limits_window_end_idx ON platform.rate_limits (window_end);
