// The identity service's sessions: the token lookup every signed-in request makes (with the sliding touch),
// the user info's lookup in the same round trip, sign-in, and the user's own sessions.

#include "identity_impl.hpp"

namespace artel::identity {

namespace {

std::expected<Actor, NoSession> ReadActor(const db::Result& result) {
  auto row = result.First();
  if (!row) return std::unexpected(NoSession::kUnknown);
  if (!row->Get<bool>("live")) {
    // A revoked session comes back only within the grace; an expired one, or a blocked user's, is unknown.
    return std::unexpected(row->Get<bool>("revoked") ? NoSession::kEndedRecently : NoSession::kUnknown);
  }
  Actor principal;
  principal.session_id = row->Get<std::int64_t>("session_id");
  principal.user_id = row->Get<std::int64_t>("user_id");
  principal.role = row->Get<std::int32_t>("role");
  principal.impersonator_id = row->Get<std::optional<std::int64_t>>("impersonator_id");
  principal.email_verified = row->Get<bool>("email_verified");
  return principal;
}

}  // namespace

awaitable<std::expected<Actor, NoSession>> Identity::Lookup(std::string_view token) {
  if (token.size() != kTokenLength) co_return std::unexpected(NoSession::kUnknown);
  auto now = impl_->clock.Now();
  auto result = co_await impl_->pool.Query(kAuthenticate, db::Bytes{HashToken(token)}, now,
                                           now + impl_->Security().session_lifetime, now - kTouchInterval,
                                           now - kEndedGrace);
  co_return ReadActor(result);
}

awaitable<std::optional<Actor>> Identity::Authenticate(std::string_view token) {
  auto found = co_await Lookup(token);
  if (!found) co_return std::nullopt;
  co_return *found;
}

awaitable<std::vector<std::int64_t>> Identity::EndedSessions(std::vector<std::int64_t> session_ids) {
  std::vector<std::int64_t> ended;
  if (session_ids.empty()) co_return ended;
  const auto now = impl_->clock.Now();
  const auto result = co_await impl_->pool.Query(kEndedSessions, session_ids, now);
  ended.reserve(result.Size());
  for (auto row : result) ended.push_back(row.Get<std::int64_t>(0));
  co_return ended;
}

awaitable<std::expected<Identity::SignedIn, NoSession>> Identity::SignedInInfo(
    std::string_view token, const UserInfoExtensions& extensions, boost::json::object& keys) {
  if (token.size() != kTokenLength) co_return std::unexpected(NoSession::kUnknown);
  const std::string hash = HashToken(token);
  const auto now = impl_->clock.Now();
  const auto known = impl_->SessionUser(hash);
  std::expected<Actor, NoSession> actor = std::unexpected(NoSession::kUnknown);
  if (known) {
    std::vector<db::PipelineQuery> own;
    own.push_back(
        {kAuthenticate, db::MakeParams(db::Bytes{hash}, now, now + impl_->Security().session_lifetime,
                                       now - kTouchInterval, now - kEndedGrace)});
    own.push_back({kSelectUser, db::MakeParams(*known)});
    auto batch = extensions.Collect(std::move(own), *known);
    std::vector<db::Result> results = co_await impl_->pool.Pipeline(std::move(batch.queries));
    actor = ReadActor(results[0]);
    if (actor && actor->user_id == *known) {
      auto row = results[1].First();
      if (!row) throw NotFound();
      User user = ReadUser(*row, now);
      extensions.Apply(batch, results, *known, keys);
      co_return SignedIn{*actor, std::move(user)};
    }
  } else {
    auto looked_up = co_await Lookup(token);
    actor = looked_up;
  }
  // First sight of this token here, or the session ended (or, impossibly, names another user now): the
  // lookup's answer is what is remembered, and the user's queries follow it (a second round trip).
  impl_->RememberSessionUser(hash, actor ? std::optional(actor->user_id) : std::nullopt);
  if (!actor) co_return std::unexpected(actor.error());
  User user = co_await GetUser(actor->user_id, extensions, keys);
  co_return SignedIn{*actor, std::move(user)};
}

awaitable<LoginResult> Identity::Login(std::string email, std::string password, const ClientInfo& client) {
  email = AsciiLower(email);
  co_await impl_->LimitSignInPerIp(client.ip);
  co_await impl_->LimitPerAccount("login", email);
  auto invalid = [] { return ValidationFailed("email", {"auth:invalid_credentials"}); };
  // No account can have a longer password; refusing before hashing caps the work a request can cause.
  if (password.size() > 4 * kPasswordMaxLength) {
    co_await impl_->CountFailedSignIn(client.ip);
    throw invalid();
  }

  auto found = co_await impl_->pool.Query(kFindLogin, email);
  auto row = found.First();
  if (!row) {
    co_await impl_->hasher.VerifyDummy(std::move(password));
    co_await impl_->CountFailedSignIn(client.ip);
    throw invalid();
  }
  auto user_id = row->Get<std::int64_t>("id");
  auto encoded = row->Get<std::string>("password_hash");
  bool password_ok = co_await impl_->hasher.Verify(encoded, password);
  if (!password_ok) {
    co_await impl_->CountFailedSignIn(client.ip);
    throw invalid();
  }
  if (impl_->hasher.NeedsRehash(encoded)) {
    auto rehashed = co_await impl_->hasher.Hash(std::move(password));
    co_await impl_->pool.Query(kUpdateHash, user_id, rehashed, encoded);
  }
  const auto account_key = Impl::AccountKey("login", email);
  co_await impl_->limiter.Reset(account_key);
  // Only after the password: a wrong one must not tell whether the account is blocked.
  if (row->Get<bool>("blocked")) throw Forbidden({"auth:account_blocked"});
  LoginResult result;
  result.session = co_await impl_->InsertSession(impl_->pool, user_id, std::nullopt, client);
  result.user = co_await impl_->LoadUser(user_id);
  co_return result;
}

awaitable<void> Identity::RevokeSession(std::int64_t session_id) {
  co_await impl_->pool.Query(kRevokeSession, session_id, impl_->clock.Now());
}

awaitable<std::vector<SessionInfo>> Identity::ListSessions(const Actor& principal) {
  auto result =
      co_await impl_->pool.Query(kListSessions, principal.user_id, principal.session_id, impl_->clock.Now());
  std::vector<SessionInfo> sessions;
  sessions.reserve(result.Size());
  for (auto row : result) {
    SessionInfo session;
    session.id = row.Get<std::int64_t>("id");
    session.created_at = row.Get<TimePoint>("created_at");
    session.last_seen_at = row.Get<TimePoint>("last_seen_at");
    session.user_agent = row.Get<std::string>("user_agent");
    session.ip = row.Get<std::string>("ip");
    session.current = session.id == principal.session_id;
    sessions.push_back(std::move(session));
  }
  co_return sessions;
}

awaitable<void> Identity::RevokeUserSession(const Actor& principal, std::int64_t session_id) {
  auto result = co_await impl_->pool.Query(kRevokeOwnSession, principal.user_id, session_id,
                                           principal.session_id, impl_->clock.Now());
  if (result.AffectedRows() == 0) throw NotFound();
}

awaitable<std::int64_t> Identity::RevokeOtherSessions(const Actor& principal) {
  auto result = co_await impl_->pool.Query(kRevokeOwnOtherSessions, principal.user_id, principal.session_id,
                                           impl_->clock.Now());
  co_return static_cast<std::int64_t>(result.AffectedRows());
}

}  // namespace artel::identity
