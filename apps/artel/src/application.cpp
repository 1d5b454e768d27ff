#include "application.hpp"

#include <boost/asio/use_awaitable.hpp>

#include "artel/mail/mail.hpp"
#include "artel/marketing/marketing.hpp"
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
        mail_worker(*pool, catalog, config.mail) {
    web.AddReadinessCheck("database", [p = pool]() -> boost::asio::awaitable<bool> {
      co_await p->Query("SELECT 1");
      co_return true;
    });
    identity::Register(web, identity, files);
    storage::Register(web, files);
    marketing::Register(web, *pool);
    identity.AddSignInListener(
        [p = pool](const web::Request& request, std::int64_t user_id) -> boost::asio::awaitable<void> {
          co_await marketing::AttachVisitor(*p, request, user_id);
        });
  }

  std::shared_ptr<db::Pool> pool;
  i18n::Catalog catalog;
  web::App web;
  storage::FileStore files;
  identity::Identity identity;
  mail::Worker mail_worker;
};

Application::Application(const Config& config, std::shared_ptr<db::Pool> pool)
    : impl_(std::make_unique<Impl>(config, std::move(pool))) {}

Application::~Application() = default;

web::App& Application::Web() noexcept {
  return impl_->web;
}

boost::asio::awaitable<void> Application::RunBackground() {
  co_await impl_->mail_worker.Run();
}

void Application::StopBackground() {
  impl_->mail_worker.Stop();
}

}  // namespace artel::app
