#pragma once

// "Online now" (issue 11): a user is online when they have a socket in the messenger's presence
// (realtime.presence, whose user_id is the decimal id as text), or a live identity.sessions row of their own seen
// within the last kOnlineSessionMinutes. One definition for the profile's `online` and the catalogue's card and
// filter.

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

/// The same users as a set: a subquery of the ids of everybody online, for a filter over many users ("online
/// now" in the catalogue) that starts from the few online users instead of testing every row.
inline std::string OnlineUsersSql() {
  return "(SELECT online_s.user_id FROM identity.sessions online_s WHERE online_s.impersonator_id IS NULL AND "
         "online_s.revoked_at IS NULL AND online_s.last_seen_at > now() - interval '" +
         std::to_string(kOnlineSessionMinutes) +
         " minutes' UNION SELECT online_p.user_id::bigint FROM realtime.presence online_p "
         "WHERE online_p.user_id ~ '^[0-9]{1,18}$')";
}

}  // namespace artel::profiles
