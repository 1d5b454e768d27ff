// The Host composing modules: install order, services between modules, jobs and demo seeders.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artel/db/testing/database.hpp"
#include "artel/platform/host.hpp"
#include "artel/web/app.hpp"
#include "artel/web/router.hpp"

namespace artel::platform {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;

std::vector<std::string> installed;

struct Greeter {
  std::string greeting = "hello";
};

void InstallBase(ModuleContext& context) {
  installed.push_back(std::string(context.ModuleName()));
  auto& greeter = context.GetServices().Emplace<Greeter>();
  std::string word = "hello";
  context.Section("base").Bind("greeting", word);
  greeter.greeting = word;
  context.AddDemoSeeder([](DemoContext& demo) -> awaitable<void> {
    demo.Report("base: " + demo.Get<Greeter>().greeting);
    co_return;
  });
}

void InstallUser(ModuleContext& context) {
  installed.push_back(std::string(context.ModuleName()));
  auto& greeter = context.Get<Greeter>();
  context.Web().GetRouter().Add(web::Method::kGet, "/api/greet",
                                [&greeter](web::Request&) -> awaitable<web::Response> {
                                  co_return web::Response::Json(boost::json::object{{"g", greeter.greeting}});
                                });
  context.AddJob(Job{"user.tick", std::chrono::seconds(60), [](TimePoint) -> awaitable<void> { co_return; }});
  context.AddDemoSeeder([](DemoContext& demo) -> awaitable<void> {
    demo.Report("user");
    co_return;
  });
}

const Module kBase{"base", {}, &InstallBase};
const Module kUser{"user", {"base"}, &InstallUser};

TEST(HostTest, ModulesInstallInOrderAndShareServicesConfigJobsAndSeeders) {
  installed.clear();
  TestDatabase db;
  auto source = ConfigSource::Parse("base: {greeting: привет}\n", false);
  Config config = BindPlatform(source);
  Host host(config, source, db.SharedPool());
  const std::vector<Module> modules{kBase, kUser};
  host.Install(modules);
  EXPECT_NO_THROW(source.CheckUnknown()) << "base bound its section";
  EXPECT_EQ(installed, (std::vector<std::string>{"base", "user"}));
  EXPECT_EQ(host.ModuleNames(), installed);
  EXPECT_EQ(host.GetServices().Get<Greeter>().greeting, "привет");
  // The host's own jobs first (the sweeps of platform.rate_limits and platform.idempotency_keys), then the
  // modules'.
  ASSERT_EQ(host.Jobs().Jobs().size(), 3u);
  EXPECT_EQ(host.Jobs().Jobs()[0].name, "platform.rate_limits_sweep");
  EXPECT_EQ(host.Jobs().Jobs()[1].name, "platform.idempotency_sweep");
  EXPECT_EQ(host.Jobs().Jobs()[2].name, "user.tick");
  auto lines = db.Run(host.SeedDemo());
  EXPECT_EQ(lines, (std::vector<std::string>{"base: привет", "user"}));
}

TEST(HostTest, AModuleBeforeOneItRequiresIsRefusedByName) {
  TestDatabase db(false);
  auto source = ConfigSource::Parse("", false);
  Config config = BindPlatform(source);
  Host host(config, source, db.SharedPool());
  const std::vector<Module> modules{kUser, kBase};
  try {
    host.Install(modules);
    FAIL() << "expected an error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("user requires base"), std::string::npos) << e.what();
  }
}

TEST(HostTest, AModuleListedTwiceIsRefused) {
  TestDatabase db(false);
  auto source = ConfigSource::Parse("", false);
  Config config = BindPlatform(source);
  Host host(config, source, db.SharedPool());
  const std::vector<Module> modules{kBase, kBase};
  EXPECT_THROW(host.Install(modules), std::logic_error);
}

}  // namespace
}  // namespace artel::platform
