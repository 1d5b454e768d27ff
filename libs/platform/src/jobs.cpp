#include "artel/platform/jobs.hpp"

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <map>
#include <optional>
#include <stdexcept>

#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"

namespace artel::platform {
namespace {

using boost::asio::awaitable;

/// The round's claim: succeeds for the first instance that asks once the last round (anywhere) started an
/// interval ago. The tolerance keeps a one-second job from skipping every other tick on the instance that
/// ran the last round (its timer fires a hair before the database's clock says a full second has passed).
constexpr db::Statement kClaimRound{"platform.claim_job_round", R"sql(
INSERT INTO platform.job_rounds AS r (name, started_at, instance)
VALUES ($1, clock_timestamp(), $3)
ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at, instance = excluded.instance
WHERE r.started_at <= clock_timestamp() - make_interval(secs => $2::double precision)
RETURNING 1
)sql"};

constexpr double kToleranceSeconds = 0.25;

}  // namespace

JobRunner::JobRunner(db::Pool& pool, const Clock& clock, std::string instance)
    : pool_(pool), clock_(clock), instance_(std::move(instance)) {}

void JobRunner::Add(Job job) {
  if (job.name.empty() || !job.run) throw std::logic_error("jobs: a job needs a name and a function");
  if (job.interval < std::chrono::seconds(1)) {
    throw std::logic_error("jobs: " + job.name + " needs an interval of at least a second");
  }
  for (const auto& other : jobs_) {
    if (other.name == job.name) throw std::logic_error("jobs: two jobs are named " + job.name);
  }
  jobs_.push_back(std::move(job));
}

awaitable<bool> JobRunner::RunRoundIfDue(const Job& job) {
  const double interval = static_cast<double>(job.interval.count()) - kToleranceSeconds;
  auto claimed = co_await pool_.Query(kClaimRound, job.name, interval, instance_);
  if (claimed.Empty()) co_return false;
  std::optional<std::string> error;
  try {
    co_await job.run(clock_.Now());
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (error) log::Warning("jobs: {} failed, retrying next interval: {}", job.name, *error);
  co_return true;
}

awaitable<void> JobRunner::Run() {
  boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
  std::map<std::string, std::chrono::steady_clock::time_point> next;
  while (!stopped_) {
    for (const auto& job : jobs_) {
      if (stopped_) break;
      const auto now = std::chrono::steady_clock::now();
      auto& due = next[job.name];
      if (now < due) continue;
      due = now + job.interval;
      std::optional<std::string> error;
      try {
        co_await RunRoundIfDue(job);
      } catch (const std::exception& e) {
        // The claim itself failed (database away): try again next interval.
        error = e.what();
      }
      if (error) log::Warning("jobs: could not claim {}: {}", job.name, *error);
    }
    timer.expires_after(std::chrono::seconds(1));
    boost::system::error_code ec;
    co_await timer.async_wait(boost::asio::redirect_error(boost::asio::use_awaitable, ec));
  }
}

}  // namespace artel::platform
