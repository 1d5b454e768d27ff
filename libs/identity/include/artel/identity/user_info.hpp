#pragma once

// The seam through which later modules add their keys to the signed-in user's info (GET /api/user/info, and
// the user object of login and welcome): the messenger fills `unread_msg`. Identity knows none of them. Their
// queries ride in the pipeline that reads the user (Identity::GetUser with the extensions), so the info costs
// one round trip after the sign-in check, however many modules add to it.

#include <cstdint>

#include "artel/db/contributions.hpp"

namespace artel::identity {

/// A module's keys: its queries for the user (the impersonated user while an admin impersonates), then
/// `apply` with their results.
using UserInfoContributor = db::Contributor<std::int64_t>;

class UserInfoExtensions final : public db::Contributions<std::int64_t> {};

}  // namespace artel::identity
