// profiles::OnlineSql as helper "core" defines it in libs/profiles/src/rules.cpp on branch i11-core (issue
// 11), so the catalogue builds on its own. MERGE NOTE: when both branches meet, delete this file and its line
// in CMakeLists.txt (rules.cpp keeps the one definition).

#include "artel/profiles/online.hpp"

namespace artel::profiles {

std::string OnlineSql(std::string_view user_id_column) {
  const std::string column(user_id_column);
  return "(EXISTS (SELECT 1 FROM realtime.presence rp WHERE rp.user_id = (" + column +
         ")::text) OR EXISTS (SELECT 1 FROM identity.sessions os WHERE os.user_id = " + column +
         " AND os.impersonator_id IS NULL AND os.revoked_at IS NULL AND os.last_seen_at > now() - interval "
         "'" +
         std::to_string(kOnlineSessionMinutes) + " minutes'))";
}

}  // namespace artel::profiles
