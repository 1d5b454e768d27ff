#pragma once

#include <cstdint>
#include <optional>

namespace artel {

/// Who acts: what domain services are told about the caller instead of an HTTP request. The web layer
/// resolves it from the session (web::Principal is this type); jobs and seeders make their own.
struct Actor {
  std::int64_t user_id = 0;
  std::int32_t role = 0;
  std::int64_t session_id = 0;
  /// Set while an admin acts as this user (the admin's own id).
  std::optional<std::int64_t> impersonator_id;
  bool email_verified = false;

  bool IsAdmin() const noexcept { return role >= 1; }
  bool Impersonating() const noexcept { return impersonator_id.has_value(); }
};

/// Why a session token names no actor: unknown (also expired, or its user blocked), or a session ended
/// moments ago (revoked by logout, impersonation and the like). A request may still be on its way with the
/// token of a session that was just replaced by a new one: its answer must not delete the cookie, which by
/// then is the new session's.
enum class NoSession { kUnknown, kEndedRecently };

}  // namespace artel
