#include "artel/platform/host.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/thread_pool.hpp>
#include <map>
#include <memory>
#include <stdexcept>

#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/platform/idempotency.hpp"
#include "artel/platform/memory.hpp"
#include "artel/platform/rate_limiter.hpp"
#include "artel/web/app.hpp"

namespace artel::platform {
namespace {

using boost::asio::awaitable;

std::vector<std::string> LanguageCodes(const Config& config) {
  std::vector<std::string> codes;
  for (const auto& [code, name] : config.i18n.languages) codes.push_back(code);
  return codes;
}

i18n::Catalog LoadCatalog(const Config& config) {
  auto catalog = i18n::Catalog::Load(config.i18n.dir, LanguageCodes(config));
  catalog.SetFallback(config.i18n.default_language);
  return catalog;
}

web::AppOptions WebOptions(const Config& config) {
  web::AppOptions options;
  options.secret = config.security.secret;
  options.cookie_secure = config.security.cookie_secure;
  options.languages = config.i18n.languages;
  options.default_language = config.i18n.default_language;
  options.default_body_limit = config.server.body_limit;
  return options;
}

/// Who claims job rounds: enough to tell instances apart in platform.job_rounds.
std::string InstanceName() {
  std::array<char, 256> host{};
  if (::gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
  return fmt::format("{}:{}", host.data(), ::getpid());
}

/// Runs runs[i..] at once and returns when all have returned (or one threw, which cancels the others).
awaitable<void> All(const std::vector<std::function<awaitable<void>()>>& runs, std::size_t i) {
  using namespace boost::asio::experimental::awaitable_operators;
  if (i >= runs.size()) co_return;
  if (i + 1 == runs.size()) {
    co_await runs[i]();
    co_return;
  }
  co_await (runs[i]() && All(runs, i + 1));
}

}  // namespace

struct Host::Impl {
  Impl(const Config& c, ConfigSource& source, std::shared_ptr<db::Pool> p, const Clock& clk)
      : config(c),
        config_source(source),
        pool(std::move(p)),
        clock(clk),
        catalog(LoadCatalog(c)),
        web(WebOptions(c), catalog),
        jobs(*pool, clk, InstanceName()) {
    // platform.rate_limits belongs to the platform (every module's limits share it): its sweep is ours.
    jobs.Add(RateLimiter::SweepJob(*pool));
    // platform.idempotency_keys too: a retry comes within minutes; a week is generous.
    jobs.Add(Idempotency::SweepJob(*pool, std::chrono::hours(24 * 7)));
    // Each instance gives memory back after a burst on its own (not a job: every process has its own heap).
    if (c.server.memory_trim_interval.count() > 0) {
      auto trimmer = std::make_shared<MemoryTrimmer>(
          MemoryTrimmer::Settings{.interval = c.server.memory_trim_interval,
                                  .threshold = c.server.memory_trim_threshold},
          blocking);
      background.push_back(BackgroundTask{.name = "platform.memory_trim",
                                          .run = [trimmer] { return trimmer->Run(); },
                                          .stop = [trimmer] { trimmer->Stop(); }});
    }
    web.AddReadinessCheck("database", [database = pool]() -> awaitable<bool> {
      co_await database->Query("SELECT 1");
      co_return true;
    });
  }

  const Config& config;
  ConfigSource& config_source;
  std::shared_ptr<db::Pool> pool;
  const Clock& clock;
  /// Joined after the services that post work to it are gone (members are destroyed in reverse order).
  boost::asio::thread_pool blocking{2};
  i18n::Catalog catalog;
  web::App web;
  EventBus events;
  JobRunner jobs;
  std::vector<std::pair<std::string, DemoSeeder>> seeders;
  std::vector<BackgroundTask> background;
  std::vector<std::string> module_names;
  bool installed = false;
  Services services;
};

Host::Host(const Config& config, ConfigSource& config_source, std::shared_ptr<db::Pool> pool,
           const Clock& clock)
    : impl_(std::make_unique<Impl>(config, config_source, std::move(pool), clock)) {}

Host::~Host() = default;

void Host::Install(std::span<const Module> modules) {
  if (impl_->installed) throw std::logic_error("host: modules are installed once");
  impl_->installed = true;
  auto& names = impl_->module_names;
  for (const auto& module : modules) {
    const std::string name(module.name);
    if (name.empty() || module.install == nullptr)
      throw std::logic_error("host: a module without a name or Install");
    if (std::ranges::find(names, name) != names.end()) {
      throw std::logic_error(fmt::format("host: module {} is listed twice", name));
    }
    for (auto required : module.depends_on) {
      if (std::ranges::find(names, std::string(required)) == names.end()) {
        throw std::logic_error(
            fmt::format("host: module {} requires {}, which must be listed before it", name, required));
      }
    }
    ModuleContext context(module.name, ModuleContext::Parts{
                                           .config = impl_->config,
                                           .config_source = impl_->config_source,
                                           .pool = *impl_->pool,
                                           .clock = impl_->clock,
                                           .catalog = impl_->catalog,
                                           .web = impl_->web,
                                           .blocking = impl_->blocking,
                                           .events = impl_->events,
                                           .jobs = impl_->jobs,
                                           .services = impl_->services,
                                           .seeders = impl_->seeders,
                                           .background = impl_->background,
                                       });
    module.install(context);
    names.push_back(name);
  }
  InstallRateLimits();
}

void Host::InstallRateLimits() {
  // Every route the contract gives an x-rate-limit counts its calls in platform.rate_limits, the store every
  // instance shares; `rate_limits.<operationId>` changes one's per-user limit (0: none), and
  // `rate_limits.enforce: false` lifts them all (the test harnesses, whose one account posts a hundred
  // orders).
  bool enforce = true;
  impl_->config_source.Bind("rate_limits.enforce", enforce);
  std::map<std::string, unsigned, std::less<>> per_user;
  for (const auto& route : impl_->web.GetRouter().Routes()) {
    if (!route.options.rate_limit) continue;
    const auto& rule = *route.options.rate_limit;
    std::uint32_t limit = rule.per_user;
    impl_->config_source.Bind("rate_limits." + rule.name, limit);
    per_user[rule.name] = limit;
  }
  if (!enforce) return;
  auto limiter = std::make_shared<RateLimiter>(*impl_->pool, impl_->clock);
  impl_->web.SetRateLimiter(
      [limiter](std::string key, unsigned limit,
                std::chrono::seconds window) -> awaitable<std::optional<std::chrono::seconds>> {
        co_return co_await limiter->Hit(key, limit, window);
      },
      std::move(per_user));
}

web::App& Host::Web() noexcept {
  return impl_->web;
}

Services& Host::GetServices() noexcept {
  return impl_->services;
}

EventBus& Host::Events() noexcept {
  return impl_->events;
}

JobRunner& Host::Jobs() noexcept {
  return impl_->jobs;
}

const std::vector<std::string>& Host::ModuleNames() const noexcept {
  return impl_->module_names;
}

awaitable<void> Host::RunBackground() {
  std::vector<std::function<awaitable<void>()>> runs;
  for (const auto& task : impl_->background) runs.push_back(task.run);
  runs.push_back([this] { return impl_->jobs.Run(); });
  co_await All(runs, 0);
}

void Host::StopBackground() {
  for (const auto& task : impl_->background) task.stop();
  impl_->jobs.Stop();
}

awaitable<std::vector<std::string>> Host::SeedDemo() {
  std::vector<std::string> lines;
  for (const auto& [module, seeder] : impl_->seeders) {
    DemoContext demo(*impl_->pool, impl_->config, impl_->services);
    co_await seeder(demo);
    for (const auto& line : demo.Lines()) lines.push_back(line);
    log::Info("seed-demo: {} done", module);
  }
  co_return lines;
}

}  // namespace artel::platform
