#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstddef>
#include <string>

namespace artel::db {
class Pool;
}

namespace artel::realtime {

class Publisher;

/// Which instances are alive, so presence outlives no instance (issue 29). Each instance writes its heartbeat
/// into realtime.instances every interval (RunHeartbeat, a background task of every instance); a cluster job
/// (SweepDead, one round per interval on one instance) deletes the presence rows of an instance whose
/// heartbeat is three intervals old and tells the channels' other members (`pusher_internal:member_removed`)
/// for each user who has no other socket there. An instance that restarts under its name forgets its own rows
/// at once (SocketServer::ForgetStalePresence); this is for one that never comes back.
class Instances final {
 public:
  Instances(db::Pool& pool, const Publisher& publisher, std::string instance, std::chrono::seconds interval);

  /// Writes the heartbeat now and every interval until Stop (seen at the next wake-up). A failed write (the
  /// database is down) is logged and tried again an interval later.
  boost::asio::awaitable<void> RunHeartbeat();
  void Stop() noexcept;

  /// One sweep: the dead instances' presence rows (and presence rows of no known instance older than the
  /// staleness) are deleted and their members announced as removed. Returns how many members left a channel.
  boost::asio::awaitable<std::size_t> SweepDead();

  /// Three intervals: a heartbeat this old means the instance is gone.
  [[nodiscard]] std::chrono::seconds Staleness() const noexcept { return interval_ * 3; }

 private:
  db::Pool& pool_;
  const Publisher& publisher_;
  std::string instance_;
  std::chrono::seconds interval_;
  std::atomic<bool> stopped_{false};
};

}  // namespace artel::realtime
