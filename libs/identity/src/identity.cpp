// The identity service's accounts: registration, the user and their profile, the welcome choice, the avatar,
// sign-in listeners, create-admin and the demo accounts. Sign-in and sessions are sessions.cpp's, e-mail and
// passwords credentials.cpp's, impersonation, blocking and roles moderation.cpp's (identity_impl.hpp).

#include "identity_impl.hpp"

namespace artel::identity {

Identity::Identity(db::Pool& pool, IdentityOptions options, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, std::move(options), clock)) {}

Identity::~Identity() = default;

const IdentityOptions& Identity::Options() const noexcept {
  return impl_->options;
}
PasswordHasher& Identity::Hasher() noexcept {
  return impl_->hasher;
}

std::optional<std::string> Identity::NormalizeLanguage(std::string_view code) const {
  auto lower = AsciiLower(code);
  if (impl_->options.languages.contains(lower)) return lower;
  return std::nullopt;
}

awaitable<std::optional<std::int64_t>> Identity::Register(RegisterInput input, const ClientInfo& client) {
  co_await impl_->LimitPerIp("register", client.ip);
  // The user agreement and the consent to the processing of personal data, given at registration and recorded
  // with the account (terms_accepted_at): no account without them, whoever calls.
  if (!input.accepted_terms) throw ValidationFailed("accept_terms", {"auth:terms_required"});
  auto problems = CheckPassword(input.password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  std::string lang = impl_->options.default_language;
  if (!input.lang.empty()) {
    auto normalized = NormalizeLanguage(input.lang);
    if (!normalized) throw ValidationFailed("lang", {"auth:lang.unknown"});
    lang = *normalized;
  }
  input.email = AsciiLower(input.email);
  // Hashed for known addresses too: the answer takes as long either way.
  auto hash = co_await impl_->hasher.Hash(std::move(input.password));

  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  auto inserted = co_await tx.Query(kInsertUser, input.email, hash, input.name, input.lastname, lang, now);
  std::optional<std::int64_t> user_id;
  if (auto row = inserted.First()) {
    user_id = row->Get<std::int64_t>("id");
    auto token = co_await impl_->IssueToken(tx, *user_id, "verify_email", input.email, kVerifyEmailLifetime);
    auto message =
        Mail(input.email, lang, "verify_email", input.name, impl_->Link(lang, "verification-email", token));
    co_await mail::Enqueue(tx, message);
  } else {
    auto owner_result = co_await tx.Query(kFindByEmail, input.email);
    auto owner = owner_result.One();
    auto owner_lang = impl_->MailLanguage(owner.Get<std::string>("lang"));
    auto message =
        Mail(owner.Get<std::string>("email"), owner_lang, "account_exists", owner.Get<std::string>("name"),
             fmt::format("{}/{}/login", impl_->options.public_url, owner_lang));
    co_await mail::Enqueue(tx, message);
  }
  co_await tx.Commit();
  co_return user_id;
}

awaitable<User> Identity::GetUser(std::int64_t user_id) {
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<User> Identity::GetUser(std::int64_t user_id, const UserInfoExtensions& extensions,
                                  boost::json::object& keys) {
  std::vector<db::PipelineQuery> own;
  own.push_back({kSelectUser, db::MakeParams(user_id)});
  auto batch = extensions.Collect(std::move(own), user_id);
  std::vector<db::Result> results = co_await impl_->pool.Pipeline(std::move(batch.queries));
  auto row = results[0].First();
  if (!row) throw NotFound();
  User user = ReadUser(*row, impl_->clock.Now());
  extensions.Apply(batch, results, user_id, keys);
  co_return user;
}

awaitable<User> Identity::UpdateProfile(std::int64_t user_id, std::optional<std::string> name,
                                        std::optional<std::string> lastname) {
  // Optional, but when given it must not be blank (the contract lets a blank optional string through).
  if (name && name->empty()) throw ValidationFailed("name", {"validation:required"});
  co_await impl_->pool.Query(kUpdateProfile, user_id, name, lastname, impl_->clock.Now());
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<User> Identity::CompleteWelcome(std::int64_t user_id, std::string_view intent,
                                          std::optional<std::int32_t> job_country_id) {
  if (intent != "customer" && intent != "performer") {
    throw ValidationFailed("intent", {"auth:welcome.intent_unknown"});
  }
  if (intent == "performer" && !job_country_id) {
    throw ValidationFailed("job_country_id", {"auth:welcome.country_required"});
  }
  try {
    co_await impl_->pool.Query(kSetWelcome, user_id, intent, job_country_id, impl_->clock.Now());
  } catch (const db::ForeignKeyViolation&) {
    // The country is checked by the database's reference to catalog.countries.
    throw ValidationFailed("job_country_id", {"catalog:country_unknown"});
  }
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<User> Identity::PostponeWelcome(std::int64_t user_id) {
  co_await impl_->pool.Query(kPostponeWelcome, user_id, impl_->clock.Now());
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<void> Identity::SetLanguage(std::int64_t user_id, std::string_view lang) {
  auto normalized = NormalizeLanguage(lang);
  if (!normalized) throw ValidationFailed("lang", {"auth:lang.unknown"});
  co_await impl_->pool.Query(kSetLanguage, user_id, *normalized, impl_->clock.Now());
}

awaitable<User> Identity::SetAvatar(std::int64_t user_id, std::optional<std::string> file_name) {
  co_await impl_->pool.Query(kSetAvatar, user_id, file_name, impl_->clock.Now());
  co_return co_await impl_->LoadUser(user_id);
}

void Identity::AddSignInListener(SignInListener listener) {
  impl_->listeners.push_back(std::move(listener));
}

awaitable<void> Identity::NotifySignIn(const SignIn& sign_in) const {
  const std::int64_t user_id = sign_in.user_id;
  for (const auto& listener : impl_->listeners) {
    std::string failure;
    try {
      co_await listener(sign_in);
    } catch (const std::exception& error) {
      failure = error.what();
    }
    // The sign-in itself succeeded; a side effect failing must not turn it into an error for the user.
    if (!failure.empty()) log::Warning("sign-in listener failed for user {}: {}", user_id, failure);
  }
}

awaitable<std::int64_t> CreateAdmin(db::Pool& pool, const IdentityOptions& options, std::string email,
                                    std::string password, std::string name) {
  auto problems = CheckPassword(password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  email = AsciiLower(email);
  if (email.find('@') == std::string::npos) throw ValidationFailed("email", {"validation:email"});
  if (name.empty()) throw ValidationFailed("name", {"validation:required"});
  // A one-off command-line action, not a server request: hashing on this thread is fine.
  auto hash = HashPasswordNow(password, options.security.argon2);
  auto now = DefaultClock().Now();
  auto result = co_await pool.Query(kUpsertAdmin, email, hash, name, now, options.default_language);
  co_return result.One().Get<std::int64_t>("id");
}

awaitable<std::vector<DemoAccount>> SeedDemoAccounts(db::Pool& pool, const IdentityOptions& options) {
  std::vector<DemoAccount> accounts{
      {"admin@artel.local", "Admin#Artel2026", "Admin", 1, std::nullopt},
      {"customer@artel.local", "Customer#Artel2026", "Customer", 0, "customer"},
      {"performer@artel.local", "Performer#Artel2026", "Performer", 0, "performer"},
  };
  auto now = DefaultClock().Now();
  for (const auto& account : accounts) {
    auto exists = co_await pool.Query(kEmailTaken, account.email);
    if (exists.One().Get<bool>("taken")) continue;
    // Start-up seeding of three accounts; hashing on this thread delays start by a fraction of a second.
    auto hash = HashPasswordNow(account.password, options.security.argon2);
    co_await pool.Query(kInsertDemoAccount, account.email, hash, account.name,
                        static_cast<std::int32_t>(account.role), now, options.default_language,
                        account.intent);
  }
  co_return accounts;
}

}  // namespace artel::identity
