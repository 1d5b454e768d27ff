#include "artel/core/config.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace artel {
namespace {

TEST(ConfigTest, EmptyYamlGivesDefaults) {
  Config config = ParseConfig("", false);
  EXPECT_EQ(config.server.port, 8080);
  EXPECT_TRUE(config.database.url.empty());
  EXPECT_EQ(config.i18n.languages.at("ru"), "Русский");
  EXPECT_FALSE(config.security.cookie_secure);
}

// Unless configured, the pool has 4 connections per core, between 4 and 16: more busy PostgreSQL backends
// than a few per core stall requests (docs/performance.md, "The pool's size").
TEST(ConfigTest, PoolSizeFollowsTheCores) {
  const unsigned cores = std::thread::hardware_concurrency();
  const std::size_t expected = cores == 0 ? 16 : std::clamp<std::size_t>(std::size_t{4} * cores, 4, 16);
  EXPECT_EQ(ParseConfig("", false).database.pool_size, expected);
  EXPECT_EQ(ParseConfig("database:\n  pool_size: 30\n", false).database.pool_size, 30u);
  EXPECT_THROW(ParseConfig("database:\n  pool_size: 0\n", false), std::runtime_error);
}

TEST(ConfigTest, YamlValuesOverrideDefaults) {
  Config config = ParseConfig(R"(
server:
  port: 9090
  public_url: https://artel.example/
database:
  url: postgresql://u@h/db
  pool_size: 4
i18n:
  default_language: ru
  languages: {ru: Русский}
)",
                              false);
  EXPECT_EQ(config.server.port, 9090);
  EXPECT_EQ(config.server.public_url, "https://artel.example");
  EXPECT_TRUE(config.security.cookie_secure) << "https public_url implies Secure cookies";
  EXPECT_EQ(config.database.url, "postgresql://u@h/db");
  EXPECT_EQ(config.database.pool_size, 4u);
  EXPECT_EQ(config.i18n.languages.size(), 1u);
}

TEST(ConfigTest, EnvironmentOverridesYaml) {
  ::setenv("ARTEL_DATABASE_URL", "host=/tmp dbname=x", 1);
  ::setenv("ARTEL_SERVER_PORT", "8181", 1);
  Config config = ParseConfig("database: {url: ignored}\n", true);
  ::unsetenv("ARTEL_DATABASE_URL");
  ::unsetenv("ARTEL_SERVER_PORT");
  EXPECT_EQ(config.database.url, "host=/tmp dbname=x");
  EXPECT_EQ(config.server.port, 8181);
}

TEST(ConfigTest, BadValuesAreRejectedWithTheSettingName) {
  try {
    ParseConfig("server: {port: eighty}\n", false);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("server.port"), std::string::npos);
  }
  EXPECT_THROW(ParseConfig("server: {port: 70000}\n", false), std::runtime_error);
  EXPECT_THROW(ParseConfig("i18n: {default_language: de}\n", false), std::runtime_error);
}

TEST(ConfigTest, AnUnknownKeyStopsStartWithItsName) {
  try {
    ParseConfig("server:\n  port: 9090\n  trust_forwarded: true\n", false);
    FAIL() << "a misspelt key must not be ignored";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("server.trust_forwarded"), std::string::npos) << e.what();
  }
  try {
    ParseConfig("colour: blue\n", false);
    FAIL() << "an unknown top-level key must not be ignored";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("colour"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ParseConfig("security: {argon2: {memory: 1}}\n", false), std::runtime_error);
}

TEST(ConfigTest, AnUnknownEnvironmentVariableStopsStartWithItsName) {
  ::setenv("ARTEL_SERVER_PROT", "8080", 1);
  try {
    ParseConfig("", true);
    ::unsetenv("ARTEL_SERVER_PROT");
    FAIL() << "a misspelt variable must not be ignored";
  } catch (const std::runtime_error& e) {
    ::unsetenv("ARTEL_SERVER_PROT");
    EXPECT_NE(std::string(e.what()).find("ARTEL_SERVER_PROT"), std::string::npos) << e.what();
  }
  ::setenv("ARTEL_BIN", "/usr/bin/true", 1);
  EXPECT_NO_THROW(ParseConfig("", true)) << "the test harness's own variable is not a setting";
  ::unsetenv("ARTEL_BIN");
}

TEST(ConfigTest, ServerOptionsThatWereUnreachableAreSettings) {
  Config config =
      ParseConfig("server: {trust_forwarded_for: true, write_timeout: 5, max_connections: 100}\n", false);
  EXPECT_TRUE(config.server.trust_forwarded_for);
  EXPECT_EQ(config.server.write_timeout, std::chrono::seconds(5));
  EXPECT_EQ(config.server.max_connections, 100u);
  EXPECT_FALSE(ParseConfig("", false).server.trust_forwarded_for);
  EXPECT_THROW(ParseConfig("server: {max_connections: 0}\n", false), std::runtime_error);
}

TEST(ConfigTest, MemoryTrimmingIsASetting) {
  const Config defaults = ParseConfig("", false);
  EXPECT_EQ(defaults.server.memory_trim_interval, std::chrono::seconds(5));
  EXPECT_EQ(defaults.server.memory_trim_threshold, std::size_t{8} << 20);
  const Config off =
      ParseConfig("server: {memory_trim_interval: 0, memory_trim_threshold: 1048576}\n", false);
  EXPECT_EQ(off.server.memory_trim_interval, std::chrono::seconds(0));
  EXPECT_EQ(off.server.memory_trim_threshold, std::size_t{1} << 20);
}

TEST(ConfigTest, AModuleSectionIsKnownOnceTheModuleBindsIt) {
  auto source = ConfigSource::Parse("wallet: {deal_job_interval: 7200}\n", false);
  BindPlatform(source);
  EXPECT_THROW(source.CheckUnknown(), std::runtime_error) << "nobody has bound wallet yet";
  ConfigSection section(source, "wallet");
  std::chrono::seconds interval{0};
  section.Bind("deal_job_interval", interval);
  EXPECT_EQ(interval, std::chrono::hours(2));
  EXPECT_NO_THROW(source.CheckUnknown());
  EXPECT_EQ(section.Path("deal_job_interval"), "wallet.deal_job_interval");
}

// Issue 23: the settings every module shared through orders live with their owners now.
TEST(ConfigTest, UploadRetentionIsStoragesADayByDefaultAndNeverUnderAnHour) {
  EXPECT_EQ(ParseConfig("", false).storage.upload_retention, std::chrono::hours(24));
  EXPECT_EQ(ParseConfig("storage: {upload_retention: 7200}\n", false).storage.upload_retention,
            std::chrono::hours(2));
  try {
    ParseConfig("storage: {upload_retention: 60}\n", false);
    FAIL() << "a minute would sweep files of forms still being filled";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("storage.upload_retention"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ParseConfig("marketplace: {upload_retention: 7200}\n", false), std::runtime_error)
      << "the old key is unknown now, not silently ignored";
}

TEST(ConfigTest, TheJobIntervalIsThePlatforms) {
  EXPECT_EQ(ParseConfig("", false).jobs.interval, std::chrono::seconds(60));
  EXPECT_EQ(ParseConfig("jobs: {interval: 2}\n", false).jobs.interval, std::chrono::seconds(2));
  EXPECT_THROW(ParseConfig("jobs: {interval: 0}\n", false), std::runtime_error);
  EXPECT_THROW(ParseConfig("jobs: {intervall: 2}\n", false), std::runtime_error) << "a misspelt key";
  ::setenv("ARTEL_JOBS_INTERVAL", "3", 1);
  const Config config = ParseConfig("", true);
  ::unsetenv("ARTEL_JOBS_INTERVAL");
  EXPECT_EQ(config.jobs.interval, std::chrono::seconds(3));
}

}  // namespace
}  // namespace artel
