#include "connection.hpp"

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <map>
#include <memory>
#include <string>

namespace artel::db {
namespace {

/// The options libpq would connect with, as PQconninfo reports them for `options` (nothing is connected: the
/// attempt is started towards a port nobody listens on and dropped).
std::map<std::string, std::string> Effective(const PoolOptions& options) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(StartConnect(options), &PQfinish);
  std::map<std::string, std::string> effective;
  std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> info(PQconninfo(conn.get()), &PQconninfoFree);
  for (auto* option = info.get(); option != nullptr && option->keyword != nullptr; ++option) {
    if (option->val != nullptr) effective[option->keyword] = option->val;
  }
  return effective;
}

TEST(ConnectParametersTest, EveryConnectionIsKeptAliveSoADeadPathIsNoticed) {
  PoolOptions options;
  options.conninfo = "host=127.0.0.1 port=1 dbname=artel user=artel";
  const auto effective = Effective(options);
  EXPECT_EQ(effective.at("keepalives"), "1");
  EXPECT_EQ(effective.at("keepalives_idle"), "30");
  EXPECT_EQ(effective.at("keepalives_interval"), "10");
  EXPECT_EQ(effective.at("keepalives_count"), "3");
  EXPECT_EQ(effective.at("tcp_user_timeout"), "60000") << "30 s of silence and three probes 10 s apart";
  EXPECT_EQ(effective.at("dbname"), "artel") << "the conninfo is expanded, not taken as a database name";
  EXPECT_EQ(effective.at("host"), "127.0.0.1");
}

TEST(ConnectParametersTest, TheConnectionStringsOwnKeepaliveWins) {
  PoolOptions options;
  options.conninfo = "postgresql://artel@127.0.0.1:1/artel?keepalives_idle=5&tcp_user_timeout=9000";
  options.keepalive_count = 5;
  const auto effective = Effective(options);
  EXPECT_EQ(effective.at("keepalives_idle"), "5");
  EXPECT_EQ(effective.at("tcp_user_timeout"), "9000");
  EXPECT_EQ(effective.at("keepalives_count"), "5") << "the settings the URL leaves alone stay ours";
}

}  // namespace
}  // namespace artel::db
