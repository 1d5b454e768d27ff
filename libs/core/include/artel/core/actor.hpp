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

}  // namespace artel
