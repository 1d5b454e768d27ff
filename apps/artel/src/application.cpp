#include "application.hpp"

#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "artel/bids/bids.hpp"
#include "artel/catalog/catalog.hpp"
#include "artel/core/log.hpp"
#include "artel/mail/mail.hpp"
#include "artel/marketing/marketing.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/reviews/reviews.hpp"
#include "artel/storage/storage.hpp"

namespace artel::app {
namespace {

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

}  // namespace

identity::IdentityOptions IdentityOptionsFrom(const Config& config) {
  identity::IdentityOptions options;
  options.security = config.security;
  options.public_url = config.server.public_url;
  options.languages = config.i18n.languages;
  options.default_language = config.i18n.default_language;
  options.max_avatar_bytes = config.storage.max_avatar_bytes;
  return options;
}

struct Application::Impl {
  Impl(const Config& config, std::shared_ptr<db::Pool> shared_pool)
      : pool(std::move(shared_pool)),
        catalog(LoadCatalog(config)),
        web(WebOptions(config), catalog),
        files(config.storage.dir),
        identity(*pool, IdentityOptionsFrom(config)),
        mail_worker(*pool, catalog, config.mail),
        taxonomy(*pool),
        profiles(*pool),
        orders(*pool, taxonomy),
        bids(*pool, orders),
        reviews(*pool, orders),
        job_interval(config.marketplace.job_interval),
        upload_retention(config.marketplace.upload_retention) {
    web.AddReadinessCheck("database", [p = pool]() -> boost::asio::awaitable<bool> {
      co_await p->Query("SELECT 1");
      co_return true;
    });
    identity::Register(web, identity, files);
    storage::Register(web, files);
    marketing::Register(web, *pool);
    catalog::Register(web, taxonomy);
    profiles::Register(web, profiles);
    orders::Register(web, orders, files, config.storage.max_attachment_bytes, blocking);
    bids::Register(web, bids, orders);
    reviews::Register(web, reviews, orders, profiles);
    notifications::Register(web, *pool);
    identity.AddSignInListener(
        [p = pool](const web::Request& request, std::int64_t user_id) -> boost::asio::awaitable<void> {
          co_await marketing::AttachVisitor(*p, request, user_id);
        });
  }

  std::shared_ptr<db::Pool> pool;
  /// CPU-heavy request work (decoding uploaded images) off the io threads. Declared before the modules
  /// that use it, so it is joined after they are gone.
  boost::asio::thread_pool blocking{2};
  i18n::Catalog catalog;
  web::App web;
  storage::FileStore files;
  identity::Identity identity;
  mail::Worker mail_worker;
  catalog::Catalog taxonomy;
  profiles::Profiles profiles;
  orders::Orders orders;
  bids::Bids bids;
  reviews::Reviews reviews;
  std::chrono::seconds job_interval;
  std::chrono::seconds upload_retention;
  std::atomic<bool> jobs_stopped{false};

  /// Unattached uploads older than upload_retention go, and their files with them when nothing else uses
  /// them and nobody stored the same bytes within the last hour (FileStore::RemoveIfStoredBefore).
  boost::asio::awaitable<void> SweepUploads(TimePoint now) {
    auto sweep = co_await orders.SweepUploads(now - upload_retention);
    if (sweep.removed == 0) co_return;
    const auto stored_before = std::filesystem::file_time_type::clock::now() - std::chrono::hours(1);
    std::size_t files_removed = 0;
    for (const auto& name : sweep.unused_files) {
      if (files.RemoveIfStoredBefore(name, stored_before)) ++files_removed;
    }
    log::Info("jobs: {} unattached uploads swept, {} files removed from disk", sweep.removed, files_removed);
  }

  /// The scheduled jobs (the 24-hour rule of personal orders and invitations), every `job_interval` until
  /// stopped. Sleeps in one-second slices so a shutdown does not wait for a whole interval.
  boost::asio::awaitable<void> RunJobs() {
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
    auto next = std::chrono::steady_clock::now();
    while (!jobs_stopped) {
      if (std::chrono::steady_clock::now() >= next) {
        next = std::chrono::steady_clock::now() + job_interval;
        std::optional<std::string> error;
        try {
          const auto now = DefaultClock().Now();
          auto opened = co_await orders.OpenDuePersonalOrders(now);
          auto expired = co_await bids.ExpireInvitations(now);
          if (!opened.empty() || expired != 0) {
            log::Info("jobs: {} personal orders opened, {} invitations expired", opened.size(), expired);
          }
          co_await SweepUploads(now);
        } catch (const std::exception& e) {
          error = e.what();
        }
        if (error) log::Warning("jobs: round failed, retrying next interval: {}", *error);
      }
      timer.expires_after(std::chrono::seconds(1));
      boost::system::error_code ec;
      co_await timer.async_wait(boost::asio::redirect_error(boost::asio::use_awaitable, ec));
    }
  }
};

Application::Application(const Config& config, std::shared_ptr<db::Pool> pool)
    : impl_(std::make_unique<Impl>(config, std::move(pool))) {}

Application::~Application() = default;

web::App& Application::Web() noexcept {
  return impl_->web;
}

boost::asio::awaitable<void> Application::RunBackground() {
  using namespace boost::asio::experimental::awaitable_operators;
  co_await (impl_->mail_worker.Run() && impl_->RunJobs());
}

void Application::StopBackground() {
  impl_->mail_worker.Stop();
  impl_->jobs_stopped = true;
}

}  // namespace artel::app
