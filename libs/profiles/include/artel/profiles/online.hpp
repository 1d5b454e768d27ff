#pragma once

// "Online now" (issue 11): a user is online when they have a socket in the messenger's presence
// (realtime.presence, whose user_id is the decimal id as text), or a live identity.sessions row seen within
// the last 5 minutes. One definition for the profile's `online` and the catalogue's card and filter.

#include <string>
#include <string_view>

namespace artel::profiles {

/// How recent a session's last_seen_at must be for its user to count as online.
inline constexpr std::string_view kOnlineInterval = "5 minutes";

/// A boolean SQL expression: whether the user whose id is the bigint column `user_id_column` is online.
/// `user_id_column` is code (an alias and a column name), never user input.
inline std::string OnlineSql(std::string_view user_id_column) {
  const std::string column(user_id_column);
  return "(EXISTS (SELECT 1 FROM realtime.presence online_p WHERE online_p.user_id = (" + column +
         ")::text) OR EXISTS (SELECT 1 FROM identity.sessions online_s WHERE online_s.user_id = " + column +
         " AND online_s.revoked_at IS NULL AND online_s.last_seen_at > now() - interval '" +
         std::string(kOnlineInterval) + "'))";
}

/// The same users as a set: a subquery of the ids of everybody online, for a filter over many users ("online
/// now" in the catalogue) that starts from the few online users instead of testing every row.
inline std::string OnlineUsersSql() {
  return "(SELECT online_s.user_id FROM identity.sessions online_s WHERE online_s.revoked_at IS NULL AND "
         "online_s.last_seen_at > now() - interval '" +
         std::string(kOnlineInterval) +
         "' UNION SELECT online_p.user_id::bigint FROM realtime.presence online_p "
         "WHERE online_p.user_id ~ '^[0-9]{1,18}$')";
}

}  // namespace artel::profiles
