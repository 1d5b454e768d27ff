#include "artel/core/config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace artel {
namespace {

TEST(ConfigTest, EmptyYamlGivesDefaults) {
  Config config = ParseConfig("", false);
  EXPECT_EQ(config.server.port, 8080);
  EXPECT_TRUE(config.database.url.empty());
  EXPECT_EQ(config.i18n.languages.at("ru"), "Русский");
  EXPECT_FALSE(config.security.cookie_secure);
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

TEST(ConfigTest, UploadRetentionIsADayByDefaultAndNeverUnderAnHour) {
  EXPECT_EQ(ParseConfig("", false).marketplace.upload_retention, std::chrono::hours(24));
  EXPECT_EQ(ParseConfig("marketplace: {upload_retention: 7200}\n", false).marketplace.upload_retention,
            std::chrono::hours(2));
  try {
    ParseConfig("marketplace: {upload_retention: 60}\n", false);
    FAIL() << "a minute would sweep files of forms still being filled";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("marketplace.upload_retention"), std::string::npos);
  }
}

}  // namespace
}  // namespace artel
