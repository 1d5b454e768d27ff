#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::platform {

/// A periodic job: every `interval`, one round of `run` somewhere in the cluster.
struct Job {
  /// Unique across modules ("orders.open_due_personal"): the round's claim is keyed on it.
  std::string name;
  std::chrono::seconds interval{60};
  std::function<boost::asio::awaitable<void>(TimePoint now)> run;
};

/// Runs the jobs of every module. Each instance wakes once a second and, for a job whose interval has
/// passed locally, tries to claim the round in `platform.job_rounds`: one conditional upsert that succeeds
/// only when the job's last round, on any instance, started at least an interval ago (by the database's
/// clock, so instances' clocks need not agree). The winner runs the round; the others skip it. So N
/// instances run a job once per interval, not N times, and a dead instance costs at most one round. The
/// jobs themselves still take their rows with `FOR UPDATE SKIP LOCKED`, so a round that overruns the next
/// interval never processes a row twice. (The model: userver's DistLockComponentBase, without a held lock:
/// nothing here needs to keep running while another instance waits.)
class JobRunner final {
 public:
  JobRunner(db::Pool& pool, const Clock& clock, std::string instance);

  /// Must be called before Run().
  void Add(Job job);
  const std::vector<Job>& Jobs() const noexcept { return jobs_; }

  /// Claims and runs the round of `job` if it is due cluster-wide; true when this call ran it. A round
  /// that throws is logged and counts as run (the next one comes an interval later).
  boost::asio::awaitable<bool> RunRoundIfDue(const Job& job);

  /// Runs until Stop(); sleeps in one-second slices so a shutdown does not wait for an interval.
  boost::asio::awaitable<void> Run();
  void Stop() noexcept { stopped_ = true; }

 private:
  db::Pool& pool_;
  const Clock& clock_;
  std::string instance_;
  std::vector<Job> jobs_;
  std::atomic<bool> stopped_{false};
};

}  // namespace artel::platform
