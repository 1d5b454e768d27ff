// Real time against a real PostgreSQL: what the library stores and decides without a socket. Channel
// authorisation (a user's own channel only, the longest prefix deciding), the publish path's by-reference
// envelopes (written with the transaction that publishes, never by one that rolls back), and the sweep of
// the presence rows of instances that stopped beating. Each test on a fresh migrated database.

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "artel/core/actor.hpp"
#include "artel/db/pool.hpp"
#include "artel/realtime/channels.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/testing/testing.hpp"
#include "instances.hpp"

namespace artel::realtime {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using namespace std::chrono_literals;

class RealtimeTest : public ::testing::Test {
 protected:
  std::int64_t Count(std::string_view sql) {
    return db_.Run(db_.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }

  void Join(std::string_view channel, std::string_view socket, std::string_view instance,
            std::string_view user, std::chrono::seconds ago = 0s) {
    db_.Run(db_.GetPool().Query(
        "INSERT INTO realtime.presence (channel, socket_id, instance, user_id, user_info, joined_at) "
        "VALUES ($1, $2, $3, $4, '{}'::jsonb, now() - $5::bigint * interval '1 second')",
        channel, socket, instance, user, static_cast<std::int64_t>(ago.count())));
  }

  void Beat(std::string_view instance, std::chrono::seconds ago) {
    db_.Run(
        db_.GetPool().Query("INSERT INTO realtime.instances (instance, seen_at) VALUES ($1, now() - "
                            "$2::bigint * interval '1 second')",
                            instance, static_cast<std::int64_t>(ago.count())));
  }

  TestDatabase db_;
};

TEST_F(RealtimeTest, AUserMaySubscribeToTheirOwnChannelOnly) {
  Channels channels;
  const Actor alice{.user_id = 7};
  EXPECT_TRUE(db_.Run(channels.Authorize(alice, UserChannel(7))).allowed);
  EXPECT_FALSE(db_.Run(channels.Authorize(alice, UserChannel(8))).allowed);
  EXPECT_FALSE(db_.Run(channels.Authorize(alice, "private-user.7x")).allowed);
  // An admin impersonating Bob is Bob here (Actor::user_id), not the admin.
  const Actor impersonated{.user_id = 8, .role = 0, .impersonator_id = 1};
  EXPECT_TRUE(db_.Run(channels.Authorize(impersonated, UserChannel(8))).allowed);
  EXPECT_FALSE(db_.Run(channels.Authorize(impersonated, UserChannel(1))).allowed);
  // No authorizer for the prefix: refused.
  EXPECT_FALSE(db_.Run(channels.Authorize(alice, "presence-chat.1")).allowed);
}

TEST_F(RealtimeTest, TheLongestPrefixDecidesAndAPrefixIsAddedOnce) {
  Channels channels;
  channels.Add("presence-", [](const Actor&, std::string_view) -> awaitable<Grant> { co_return Grant{}; });
  channels.Add("presence-chat.", [](const Actor& actor, std::string_view channel) -> awaitable<Grant> {
    co_return Grant{.allowed = channel == "presence-chat.5",
                    .user_info = boost::json::object{{"name", std::to_string(actor.user_id)}}};
  });
  const Actor alice{.user_id = 7};
  auto grant = db_.Run(channels.Authorize(alice, "presence-chat.5"));
  EXPECT_TRUE(grant.allowed);
  EXPECT_EQ(grant.user_info.at("name"), "7");
  EXPECT_FALSE(db_.Run(channels.Authorize(alice, "presence-chat.6")).allowed);
  EXPECT_FALSE(db_.Run(channels.Authorize(alice, "presence-room.5")).allowed);
  EXPECT_THROW(channels.Add("presence-chat.", {}), std::logic_error);
}

TEST_F(RealtimeTest, ALargeEventIsStoredOnlyWhenItsTransactionCommits) {
  Publisher publisher(db_.GetPool());
  const boost::json::value small = boost::json::object{{"text", "hello"}};
  const boost::json::value large = boost::json::object{{"text", std::string(kInlinePayloadLimit, 'x')}};
  db_.Run([&]() -> awaitable<void> {
    auto tx = co_await db_.GetPool().Begin();
    co_await publisher.Publish(tx, UserChannel(1), "message", small);
    co_await publisher.Publish(tx, UserChannel(1), "message", large);
    co_await tx.Commit();
  }());
  EXPECT_EQ(Count("SELECT count(*) FROM realtime.payloads"), 1);
  auto stored =
      db_.Run(db_.GetPool().Query("SELECT envelope FROM realtime.payloads")).One().Get<std::string>(0);
  EXPECT_EQ(stored, Publisher::Envelope(UserChannel(1), "message", large, {}));
  auto envelope = boost::json::parse(stored).as_object();
  EXPECT_EQ(envelope.at("c"), "private-user.1");
  EXPECT_EQ(boost::json::parse(envelope.at("d").as_string()), large);

  // A rolled-back change announces nothing: its stored envelope goes with it.
  db_.Run([&]() -> awaitable<void> {
    auto tx = co_await db_.GetPool().Begin();
    co_await publisher.Publish(tx, UserChannel(2), "message", large);
    co_await tx.Rollback();
  }());
  EXPECT_EQ(Count("SELECT count(*) FROM realtime.payloads"), 1);
  // Outside a transaction, with the socket that does not get its own event back.
  db_.Run(publisher.Publish(UserChannel(3), "client-typing", large, "123.456"));
  EXPECT_EQ(Count("SELECT count(*) FROM realtime.payloads WHERE envelope LIKE '%\"x\":\"123.456\"%'"), 1);
}

TEST_F(RealtimeTest, TheSweepRemovesTheMembersOfDeadInstancesOnly) {
  Publisher publisher(db_.GetPool());
  Instances instances(db_.GetPool(), publisher, "alive", 10s);
  Beat("alive", 0s);
  Beat("dead", 60s);
  Join("presence-chat.1", "1.1", "dead", "7");  // Only socket of user 7: leaves.
  Join("presence-chat.1", "1.2", "dead", "8");  // User 8 has another tab on a live instance: stays a member.
  Join("presence-chat.1", "2.1", "alive", "8");
  Join("presence-chat.2", "1.3", "dead", "8");        // ... but not in this channel.
  Join("presence-chat.1", "3.1", "ghost", "9", 60s);  // No heartbeat ever, old: leaves.
  Join("presence-chat.1", "4.1", "newborn", "10");    // No heartbeat yet, just joined: stays.

  EXPECT_EQ(db_.Run(instances.SweepDead()), 3u);
  auto rest = db_.Run(db_.GetPool().Query("SELECT socket_id FROM realtime.presence ORDER BY socket_id"));
  std::vector<std::string> sockets;
  for (auto row : rest) sockets.push_back(row.Get<std::string>(0));
  EXPECT_EQ(sockets, (std::vector<std::string>{"2.1", "4.1"}));
  EXPECT_EQ(Count("SELECT count(*) FROM realtime.instances WHERE instance = 'dead'"), 0);
  EXPECT_EQ(Count("SELECT count(*) FROM realtime.instances WHERE instance = 'alive'"), 1);
  EXPECT_EQ(db_.Run(instances.SweepDead()), 0u);
}

}  // namespace
}  // namespace artel::realtime
