#pragma once

// The rules of profiles that need no database: the portfolio address, the completeness score, the owner's
// order of items, and the reputation arithmetic. Unit-tested in tests/rules_test.cpp.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace artel::profiles {

inline constexpr std::size_t kSlugMinLength = 3;
inline constexpr std::size_t kSlugMaxLength = 32;

/// The message key (profiles:slug_*) of what is wrong with a portfolio address, nullopt when it may be
/// used (uniqueness aside: the database decides that). SPEC §5: Latin letters, digits, hyphen, underscore;
/// 3–32 characters; not a reserved word (the site's own path segments, compared case-insensitively), not all
/// digits (freelancer/{id} must stay unambiguous).
std::optional<std::string> SlugProblem(std::string_view slug);
/// True for a reserved word (case-insensitive).
bool IsReservedSlug(std::string_view slug);

/// What the completeness score looks at.
struct CompletenessInput {
  bool avatar = false;
  bool headline = false;
  /// Code points of the about text.
  std::size_t about_length = 0;
  bool main_specialization = false;
  std::size_t skills = 0;
  bool rate = false;
  bool location = false;
  std::int64_t projects = 0;
  std::int64_t prices = 0;
};

struct Completeness {
  int score = 0;
  /// Keys of the parts not done, in the order avatar, headline, about, specialization, skills, rate,
  /// location, portfolio, prices.
  std::vector<std::string> missing;
};

/// 0–100: avatar 10, headline 10, about of at least 100 characters 15, main specialization 15, at least 3
/// skills 10, rate 10, location 5, at least one portfolio project 15, at least one price 10.
Completeness ComputeCompleteness(const CompletenessInput& input);

/// The owner's new order of their items: `requested` must list every id of `current` exactly once.
/// Returns the priorities to store (1, 2, … in the requested order), nullopt otherwise.
std::optional<std::vector<std::int32_t>> Priorities(std::span<const std::int64_t> current,
                                                    std::span<const std::int64_t> requested);

/// The median of `values` (the mean of the two middle ones for an even count, rounded down); nullopt when
/// empty.
std::optional<std::int64_t> Median(std::vector<std::int64_t> values);
/// completed / selected, nullopt when nothing was selected.
std::optional<double> CompletionRate(std::int64_t completed, std::int64_t selected);
/// How many customers completed two or more orders with the performer, from the completed orders' customer
/// ids (any order, repeats included).
std::int64_t RepeatCustomers(std::vector<std::int64_t> customer_ids);

}  // namespace artel::profiles
