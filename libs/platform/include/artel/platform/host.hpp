#pragma once

#include <boost/asio/awaitable.hpp>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/config.hpp"
#include "artel/platform/module.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::platform {

/// The running application: the platform's shared parts (web app with its i18n catalogue, the blocking
/// thread pool, the event bus, the job runner, the services) and the modules installed into them. It knows
/// no domain: apps/artel hands it the module list.
class Host final {
 public:
  Host(const Config& config, ConfigSource& config_source, std::shared_ptr<db::Pool> pool,
       const Clock& clock = DefaultClock());
  ~Host();
  Host(const Host&) = delete;
  Host& operator=(const Host&) = delete;

  /// Installs `modules` in the order given. std::logic_error when a name repeats or a module comes
  /// before one it requires. Call once. Then binds `rate_limits.<operationId>` for every route with an
  /// x-rate-limit and has the web app count those routes' calls in platform.rate_limits.
  void Install(std::span<const Module> modules);

  web::App& Web() noexcept;
  Services& GetServices() noexcept;
  EventBus& Events() noexcept;
  JobRunner& Jobs() noexcept;
  /// Names of the installed modules, in order.
  const std::vector<std::string>& ModuleNames() const noexcept;

  /// Background work: every module's background tasks and the job runner, until StopBackground().
  boost::asio::awaitable<void> RunBackground();
  void StopBackground();

  /// Runs every module's demo seeder in module order; returns the lines they reported.
  boost::asio::awaitable<std::vector<std::string>> SeedDemo();

 private:
  void InstallRateLimits();

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::platform
