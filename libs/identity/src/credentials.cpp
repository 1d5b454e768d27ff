// The identity service's credentials: e-mail confirmation (and its resending), the e-mail change, the
// password reset and the password change.

#include "identity_impl.hpp"

namespace artel::identity {

awaitable<VerifiedEmail> Identity::VerifyEmail(std::string_view token) {
  if (token.size() != kTokenLength) throw InvalidToken();
  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  auto found = co_await tx.Query(kFindToken, db::Bytes{HashToken(token)}, now);
  auto row = found.First();
  if (!row) {
    // Used before or expired: fine when the account has that address verified (a link clicked twice).
    auto any = co_await tx.Query(kFindAnyToken, db::Bytes{HashToken(token)});
    auto earlier = any.First();
    if (!earlier || earlier->Get<std::string>("purpose") == "reset_password" ||
        !earlier->Get<bool>("address_verified")) {
      throw InvalidToken();
    }
    VerifiedEmail again;
    again.user = co_await impl_->LoadUser(earlier->Get<std::int64_t>("user_id"));
    again.already_verified = true;
    co_return again;
  }
  auto token_id = row->Get<std::int64_t>("id");
  auto user_id = row->Get<std::int64_t>("user_id");
  auto purpose = row->Get<std::string>("purpose");
  auto email = row->Get<std::string>("email");
  if (purpose == "verify_email") {
    // Only while the account still has the address the link was sent to.
    if ((co_await tx.Query(kVerifyAddress, user_id, email, now)).Empty()) throw InvalidToken();
  } else if (purpose == "change_email") {
    auto before_result = co_await tx.Query(kUserForMail, user_id);
    auto before = before_result.One();
    const std::string old_email = before.Get<std::string>("email");
    bool taken = false;
    try {
      co_await tx.Query(kConfirmEmailChange, user_id, email, now);
    } catch (const db::UniqueViolation&) {
      taken = true;  // someone registered the address after the change was requested
    }
    if (taken) throw ValidationFailed("token", {"auth:email.taken"});
    if (AsciiLower(old_email) != AsciiLower(email)) {
      // The old address learns of the change (a stolen session cannot move the account silently); the
      // button leads to the password reset. Placeholders: name, link, and the new address, masked.
      auto lang = impl_->MailLanguage(before.Get<std::string>("lang"));
      auto notice = Mail(old_email, lang, "email_changed", before.Get<std::string>("name"),
                         fmt::format("{}/{}/reset-password", impl_->options.public_url, lang));
      notice.params.emplace_back("new_email", MaskEmail(email));
      co_await mail::Enqueue(tx, notice);
    }
  } else {
    throw InvalidToken();  // a reset token is not for this endpoint
  }
  co_await tx.Query(kUseToken, token_id, now);
  co_await tx.Commit();
  VerifiedEmail result;
  result.user = co_await impl_->LoadUser(user_id);
  co_return result;
}

awaitable<void> Identity::ResendVerification(std::int64_t user_id) {
  co_await impl_->LimitPerAccount("resend", fmt::to_string(user_id));
  auto tx = co_await impl_->pool.Begin();
  auto row_result = co_await tx.Query(kUserForMail, user_id);
  auto row = row_result.One();
  if (row.Get<bool>("email_verified")) throw Conflict({"auth:email.already_verified"});
  auto email = row.Get<std::string>("email");
  auto lang = impl_->MailLanguage(row.Get<std::string>("lang"));
  auto token = co_await impl_->IssueToken(tx, user_id, "verify_email", email, kVerifyEmailLifetime);
  auto message = Mail(email, lang, "verify_email", row.Get<std::string>("name"),
                      impl_->Link(lang, "verification-email", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::ResendVerificationTo(std::optional<std::string> given, const ClientInfo& client) {
  // A guest must name the address (the edge's schema leaves it optional: a signed-in caller needs none).
  if (!given || given->empty()) throw ValidationFailed("email", {"validation:required"});
  const std::string email = AsciiLower(*given);
  co_await impl_->LimitPerIp("resend", client.ip);
  co_await impl_->LimitPerAccount("resend", email);
  auto found_result = co_await impl_->pool.Query(kFindByEmail, email);
  auto found = found_result.First();
  if (!found) co_return;
  const std::int64_t user_id = found->Get<std::int64_t>("id");
  auto tx = co_await impl_->pool.Begin();
  auto row_result = co_await tx.Query(kUserForMail, user_id);
  auto row = row_result.One();
  if (row.Get<bool>("email_verified")) co_return;  // rolled back: nothing to send
  auto address = row.Get<std::string>("email");
  auto lang = impl_->MailLanguage(row.Get<std::string>("lang"));
  auto token = co_await impl_->IssueToken(tx, user_id, "verify_email", address, kVerifyEmailLifetime);
  auto message = Mail(address, lang, "verify_email", row.Get<std::string>("name"),
                      impl_->Link(lang, "verification-email", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::RequestEmailChange(const Actor& principal, std::string new_email,
                                             std::string password) {
  if (principal.impersonator_id) throw Forbidden({"auth:impersonation_forbidden"});
  co_await impl_->LimitPerAccount("change_email", fmt::to_string(principal.user_id));
  new_email = AsciiLower(new_email);
  auto current_result = co_await impl_->pool.Query(kUserForMail, principal.user_id);
  auto current = current_result.One();
  bool password_ok =
      co_await impl_->hasher.Verify(current.Get<std::string>("password_hash"), std::move(password));
  if (!password_ok) throw WrongPassword("password");
  if (AsciiLower(current.Get<std::string>("email")) == new_email)
    throw ValidationFailed("email", {"auth:email.same"});

  auto tx = co_await impl_->pool.Begin();
  if ((co_await tx.Query(kEmailTaken, new_email)).One().Get<bool>("taken"))
    co_return;  // rolled back: nothing changes
  auto row_result = co_await tx.Query(kUserForMail, principal.user_id);
  auto row = row_result.One();
  auto now = impl_->clock.Now();
  auto lang = impl_->MailLanguage(row.Get<std::string>("lang"));
  co_await tx.Query(kSetPendingEmail, principal.user_id, new_email, now);
  auto token =
      co_await impl_->IssueToken(tx, principal.user_id, "change_email", new_email, kChangeEmailLifetime);
  auto message = Mail(new_email, lang, "change_email", row.Get<std::string>("name"),
                      impl_->Link(lang, "verification-email", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::ForgotPassword(std::string email, const ClientInfo& client) {
  email = AsciiLower(email);
  co_await impl_->LimitPerIp("forgot", client.ip);
  co_await impl_->LimitPerAccount("forgot", email);
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kFindByEmail, email);
  auto row = found.First();
  if (!row) co_return;
  auto user_id = row->Get<std::int64_t>("id");
  auto address = row->Get<std::string>("email");
  auto lang = impl_->MailLanguage(row->Get<std::string>("lang"));
  auto token = co_await impl_->IssueToken(tx, user_id, "reset_password", address, kResetPasswordLifetime);
  auto message = Mail(address, lang, "reset_password", row->Get<std::string>("name"),
                      impl_->Link(lang, "reset-password", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::ResetPassword(std::string_view token, std::string password) {
  auto problems = CheckPassword(password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  if (token.size() != kTokenLength) throw InvalidToken();
  auto token_hash = HashToken(token);
  {
    // A cheap look first (its row lock ends with the statement), so a wrong token costs no hash.
    auto found = co_await impl_->pool.Query(kFindToken, db::Bytes{token_hash}, impl_->clock.Now());
    if (found.Empty() || found.One().Get<std::string>("purpose") != "reset_password") throw InvalidToken();
    if (found.One().Get<bool>("blocked")) throw Forbidden({"auth:account_blocked"});
  }
  auto hash = co_await impl_->hasher.Hash(std::move(password));

  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  auto found = co_await tx.Query(kFindToken, db::Bytes{token_hash}, now);
  auto row = found.First();
  if (!row || row->Get<std::string>("purpose") != "reset_password") throw InvalidToken();
  if (row->Get<bool>("blocked")) throw Forbidden({"auth:account_blocked"});
  auto user_id = row->Get<std::int64_t>("user_id");
  co_await tx.Query(kUseToken, row->Get<std::int64_t>("id"), now);
  co_await tx.Query(kSetPasswordFromReset, user_id, hash, now, row->Get<std::string>("email"));
  co_await tx.Query(kRevokeAllSessions, user_id, now);
  co_await tx.Commit();
}

awaitable<void> Identity::ChangePassword(const Actor& principal, std::string current_password,
                                         std::string password) {
  if (principal.impersonator_id) throw Forbidden({"auth:impersonation_forbidden"});
  auto problems = CheckPassword(password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  if (password == current_password) throw ValidationFailed("password", {"auth:password.same"});
  auto current_result = co_await impl_->pool.Query(kUserForMail, principal.user_id);
  auto current = current_result.One();
  bool password_ok =
      co_await impl_->hasher.Verify(current.Get<std::string>("password_hash"), std::move(current_password));
  if (!password_ok) throw WrongPassword("current_password");
  auto hash = co_await impl_->hasher.Hash(std::move(password));
  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  co_await tx.Query(kSetPassword, principal.user_id, hash, now);
  co_await tx.Query(kRevokeOtherSessions, principal.user_id, principal.session_id, now);
  co_await tx.Commit();
}

}  // namespace artel::identity
