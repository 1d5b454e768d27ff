#pragma once

#include <string_view>

namespace artel::resumes {

/// THE visibility rule of 0025 for one resume `r`: the owner; anybody when published and public; an employer
/// it was granted to (resumes.grants) while published or hidden. $2 is the viewer (NULL for a guest). Shared
/// by the detail (resumes.cpp) and Grants::SightOf (grants.cpp), so the rule is written once.
inline constexpr std::string_view kVisibleTo = R"sql(
  (r.user_id = $2::bigint
   OR (r.status = 'published' AND r.visibility = 'public')
   OR (r.status IN ('published', 'hidden')
       AND EXISTS (SELECT 1 FROM resumes.grants g WHERE g.resume_id = r.id AND g.user_id = $2::bigint)))
)sql";

}  // namespace artel::resumes
