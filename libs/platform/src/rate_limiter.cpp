#include "artel/platform/rate_limiter.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"

namespace artel::platform {
namespace {

using boost::asio::awaitable;

/// One hit: a new window when there is none or the last one ended, otherwise one more hit in it. Saturates at
/// limit + 1 so a hammered key never overflows.
constexpr db::Statement kHit{"platform.rate_limit_hit", R"sql(
INSERT INTO platform.rate_limits AS r (key, window_end, hits)
VALUES ($1, $2::timestamptz + make_interval(secs => $3::double precision), 1)
ON CONFLICT (key) DO UPDATE SET
  window_end = CASE WHEN r.window_end <= $2::timestamptz THEN excluded.window_end ELSE r.window_end END,
  hits = CASE WHEN r.window_end <= $2::timestamptz THEN 1 ELSE least(r.hits, $4::integer) + 1 END
RETURNING hits, window_end
)sql"};
constexpr db::Statement kCheck{"platform.rate_limit_check", R"sql(
SELECT hits, window_end FROM platform.rate_limits WHERE key = $1 AND window_end > $2
)sql"};
constexpr db::Statement kReset{"platform.rate_limit_reset", R"sql(
DELETE FROM platform.rate_limits WHERE key = $1
)sql"};
constexpr db::Statement kSweep{"platform.rate_limit_sweep", R"sql(
DELETE FROM platform.rate_limits WHERE window_end <= $1
)sql"};

std::chrono::seconds Remaining(TimePoint window_end, TimePoint now) {
  return std::max(std::chrono::ceil<std::chrono::seconds>(window_end - now), std::chrono::seconds(1));
}

std::int32_t Saturated(unsigned limit) {
  return static_cast<std::int32_t>(std::min<unsigned>(limit, std::numeric_limits<std::int32_t>::max() - 1));
}

}  // namespace

RateLimiter::RateLimiter(db::Pool& pool, const Clock& clock) : pool_(pool), clock_(clock) {}

awaitable<std::optional<std::chrono::seconds>> RateLimiter::Hit(std::string_view key, unsigned limit,
                                                                std::chrono::seconds window) {
  const TimePoint now = clock_.Now();
  const std::string owned(key);
  const auto seconds = static_cast<std::int64_t>(window.count());
  auto rows = co_await pool_.Query(kHit, owned, now, seconds, Saturated(limit));
  auto row = rows.One();
  const auto hits = row.Get<std::int32_t>("hits");
  if (hits <= static_cast<std::int64_t>(limit)) co_return std::nullopt;
  co_return Remaining(row.Get<TimePoint>("window_end"), now);
}

awaitable<void> RateLimiter::HitOrThrow(std::string_view key, unsigned limit, std::chrono::seconds window) {
  auto wait = co_await Hit(key, limit, window);
  if (wait) throw RateLimited(*wait);
}

awaitable<std::optional<std::chrono::seconds>> RateLimiter::Check(std::string_view key, unsigned limit) {
  const TimePoint now = clock_.Now();
  const std::string owned(key);
  auto rows = co_await pool_.Query(kCheck, owned, now);
  auto row = rows.First();
  if (!row || row->Get<std::int32_t>("hits") < static_cast<std::int64_t>(limit)) co_return std::nullopt;
  co_return Remaining(row->Get<TimePoint>("window_end"), now);
}

awaitable<void> RateLimiter::CheckOrThrow(std::string_view key, unsigned limit) {
  auto wait = co_await Check(key, limit);
  if (wait) throw RateLimited(*wait);
}

awaitable<void> RateLimiter::Reset(std::string_view key) {
  const std::string owned(key);
  co_await pool_.Query(kReset, owned);
}

awaitable<std::int64_t> RateLimiter::Sweep(TimePoint now) {
  auto result = co_await pool_.Query(kSweep, now);
  co_return static_cast<std::int64_t>(result.AffectedRows());
}

Job RateLimiter::SweepJob(db::Pool& pool, std::chrono::seconds interval) {
  return {"platform.rate_limits_sweep", interval, [&pool](TimePoint now) -> awaitable<void> {
            RateLimiter limiter(pool);
            auto swept = co_await limiter.Sweep(now);
            if (swept > 0) log::Debug("jobs: {} expired rate-limit windows deleted", swept);
          }};
}

}  // namespace artel::platform
