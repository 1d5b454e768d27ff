#include <gtest/gtest.h>

#include "artel/core/config.hpp"
#include "artel/orders/module.hpp"

namespace artel::orders {
namespace {

MarketplaceSettings Bind(const std::string& yaml) {
  auto source = ConfigSource::Parse(yaml, false);
  BindPlatform(source);
  auto settings = BindSettings(ConfigSection(source, "marketplace"));
  source.CheckUnknown();
  return settings;
}

TEST(MarketplaceSettingsTest, UploadRetentionIsADayByDefaultAndNeverUnderAnHour) {
  EXPECT_EQ(Bind("").upload_retention, std::chrono::hours(24));
  EXPECT_EQ(Bind("marketplace: {upload_retention: 7200}\n").upload_retention, std::chrono::hours(2));
  try {
    Bind("marketplace: {upload_retention: 60}\n");
    FAIL() << "a minute would sweep files of forms still being filled";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("marketplace.upload_retention"), std::string::npos);
  }
}

TEST(MarketplaceSettingsTest, TheJobIntervalIsASettingOfTheSection) {
  EXPECT_EQ(Bind("").job_interval, std::chrono::seconds(60));
  EXPECT_EQ(Bind("marketplace: {job_interval: 2}\n").job_interval, std::chrono::seconds(2));
  EXPECT_THROW(Bind("marketplace: {job_interval: 0}\n"), std::runtime_error);
  EXPECT_THROW(Bind("marketplace: {job_intervall: 2}\n"), std::runtime_error) << "a misspelt key";
}

}  // namespace
}  // namespace artel::orders
