#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>

#include "artel/core/config.hpp"
#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/identity/identity.hpp"
#include "artel/web/app.hpp"

namespace artel::app {

/// Identity settings from the one configuration; shared by `serve` and the maintenance commands.
identity::IdentityOptions IdentityOptionsFrom(const Config& config);

/// Every module of Artel composed over one pool: what `artel serve` runs and what the route-contract test
/// inspects. Each domain's Register(...) is called here and nowhere else.
class Application final {
 public:
  Application(const Config& config, std::shared_ptr<db::Pool> pool);
  ~Application();
  Application(const Application&) = delete;
  Application& operator=(const Application&) = delete;

  web::App& Web() noexcept;
  /// Background work (mail delivery, scheduled marketplace jobs); runs until StopBackground().
  boost::asio::awaitable<void> RunBackground();
  void StopBackground();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::app
