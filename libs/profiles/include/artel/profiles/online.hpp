#pragma once

#include <string>
#include <string_view>

namespace artel::profiles {

/// How long after a session's last request its user still counts as online when no socket says so.
inline constexpr int kOnlineSessionMinutes = 5;

/// The one SQL condition for "online now", true when the user whose id is in `user_id_column` (an SQL
/// expression of type bigint, e.g. "f.user_id") has a row in realtime.presence (a socket subscribed to a
/// presence channel) or a session of their own (not an admin impersonating them) that made a request within
/// the last kOnlineSessionMinutes. Used by the profile (`online`) and the catalogue's filter alike.
std::string OnlineSql(std::string_view user_id_column);

}  // namespace artel::profiles
