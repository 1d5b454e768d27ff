#include "instances.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <exception>

#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/realtime/publisher.hpp"

namespace artel::realtime {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kHeartbeat{"realtime.instance_heartbeat", R"sql(
INSERT INTO realtime.instances (instance, seen_at) VALUES ($1, now())
ON CONFLICT (instance) DO UPDATE SET seen_at = EXCLUDED.seen_at
)sql"};

// The statement sees the table as it was before its deletes (one snapshot), so "still there" excludes the
// rows this very statement removes. Presence rows of an instance with no heartbeat at all (written before the
// table existed, or by an instance that died before its first beat) go once they are older than the
// staleness.
constexpr db::Statement kSweepDead{"realtime.instances_sweep_dead", R"sql(
WITH dead AS (
  DELETE FROM realtime.instances WHERE seen_at < now() - $1::bigint * interval '1 second' RETURNING instance
), gone AS (
  DELETE FROM realtime.presence p
  WHERE p.instance IN (SELECT instance FROM dead)
     OR (p.joined_at < now() - $1::bigint * interval '1 second'
         AND NOT EXISTS (SELECT 1 FROM realtime.instances i WHERE i.instance = p.instance))
  RETURNING p.channel, p.socket_id, p.user_id
)
SELECT DISTINCT g.channel, g.user_id FROM gone g
WHERE NOT EXISTS (
  SELECT 1 FROM realtime.presence q
  WHERE q.channel = g.channel AND q.user_id = g.user_id
    AND NOT EXISTS (SELECT 1 FROM gone r WHERE r.channel = q.channel AND r.socket_id = q.socket_id))
)sql"};

}  // namespace

Instances::Instances(db::Pool& pool, const Publisher& publisher, std::string instance,
                     std::chrono::seconds interval)
    : pool_(pool), publisher_(publisher), instance_(std::move(instance)), interval_(interval) {}

awaitable<void> Instances::RunHeartbeat() {
  boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
  while (!stopped_.load()) {
    std::string failure;
    try {
      co_await pool_.Query(kHeartbeat, instance_);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    if (!failure.empty() && !stopped_.load()) {
      log::Warning("realtime: the instance's heartbeat failed (retrying in {} s): {}", interval_.count(),
                   failure);
    }
    timer.expires_after(interval_);
    auto [ec] = co_await timer.async_wait(boost::asio::as_tuple(boost::asio::use_awaitable));
    (void)ec;
  }
}

void Instances::Stop() noexcept {
  stopped_ = true;
}

awaitable<std::size_t> Instances::SweepDead() {
  const std::int64_t staleness = Staleness().count();
  const auto removed = co_await pool_.Query(kSweepDead, staleness);
  std::size_t count = 0;
  for (const auto& row : removed) {
    const std::string channel = row.Get<std::string>(0);
    const boost::json::value member = boost::json::object{{"user_id", row.Get<std::string>(1)}};
    co_await publisher_.Publish(channel, "pusher_internal:member_removed", member);
    ++count;
  }
  if (count > 0)
    log::Info("realtime: {} members of instances that stopped beating left their presence channels", count);
  co_return count;
}

}  // namespace artel::realtime
