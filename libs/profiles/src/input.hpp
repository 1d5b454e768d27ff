#pragma once

// The profile, portfolio and price forms: the hand-written readers of the operations still in
// docs/api/pending.yaml (every problem in one 422), and the rules the editor checks on every form whoever
// calls it (the converted operations' bodies are shaped by libs/profiles/api.yaml first).

#include "artel/profiles/editor.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::web {
class JsonReader;
}  // namespace artel::web

namespace artel {
class ValidationErrors;
}  // namespace artel

namespace artel::profiles {

/// SPEC §3, §5: descriptions of projects, groups and prices are at most 500 characters.
inline constexpr std::size_t kMaxDescription = 500;
/// A project's tool, in characters, and its link.
inline constexpr std::size_t kMaxTool = 50;
inline constexpr std::size_t kMaxLink = 500;
/// Largest rate or price in minor units (as orders' budgets).
inline constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

FreelancerInput ReadFreelancerInput(web::JsonReader& reader, const catalog::Snapshot& catalog);

/// A portfolio group's rules: the name 1–100 characters, the description at most kMaxDescription
/// (profiles:description_max). Trims the texts.
void CheckGroup(GroupInput& input, ValidationErrors& errors);
/// A portfolio project's rules (the reader's keys): the name 1–200 characters, the description at most
/// kMaxDescription, at most kMaxTools tools of 1–50 characters (profiles:tool_invalid, tools_max), an
/// http(s) link of at most 500 characters without blanks (profiles:link_invalid; blank: none), at most
/// kMaxImages images, each once (profiles:image_repeated, images_max), at most one cover
/// (profiles:cover_one; the first one when none is marked). Trims the texts.
void CheckProject(ProjectInput& input, ValidationErrors& errors);

/// A price's rules (the reader's keys): the name 1–100 characters, the description at most kMaxDescription
/// (profiles:description_max), the kind (profiles:kind_invalid), an amount from 1 to kMaxAmount
/// (profiles:amount_invalid), a currency the catalog knows (profiles:currency_unknown), the unit
/// (profiles:unit_invalid). Trims the texts.
void CheckPrice(PriceInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors);

}  // namespace artel::profiles
