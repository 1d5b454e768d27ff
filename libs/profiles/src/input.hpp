#pragma once

// Reading the profile, portfolio and price forms with per-field errors (every problem in one 422).

#include "artel/profiles/editor.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::web {
class JsonReader;
}  // namespace artel::web

namespace artel::profiles {

/// SPEC §3, §5: descriptions of projects, groups and prices are at most 500 characters.
inline constexpr std::size_t kMaxDescription = 500;

FreelancerInput ReadFreelancerInput(web::JsonReader& reader, const catalog::Snapshot& catalog);
GroupInput ReadGroupInput(web::JsonReader& reader);
ProjectInput ReadProjectInput(web::JsonReader& reader);
PriceInput ReadPriceInput(web::JsonReader& reader, const catalog::Snapshot& catalog);

}  // namespace artel::profiles
