#include "artel/profiles/rules.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

#include "artel/core/text.hpp"
#include "artel/profiles/online.hpp"

namespace artel::profiles {
namespace {

/// Path segments of the site and words that would impersonate it.
constexpr std::string_view kReserved[] = {
    "about",       "account",      "admin",         "administrator", "api",       "articles",  "auth",
    "blog",        "broadcasting", "catalog",       "chat",          "chats",     "contact",   "counts",
    "create",      "customer",     "customers",     "edit",          "employer",  "employers", "en",
    "faq",         "files",        "freelancer",    "freelancers",   "help",      "home",      "index",
    "invitations", "landing",      "login",         "logout",        "lp",        "m",         "messages",
    "my",          "new",          "notifications", "orders",        "portfolio", "prices",    "profile",
    "register",    "resumes",      "reviews",       "root",          "ru",        "search",    "settings",
    "support",     "system",       "user",          "users",         "vacancies"};

}  // namespace

std::string OnlineSql(std::string_view user_id_column) {
  const std::string column(user_id_column);
  return "(EXISTS (SELECT 1 FROM realtime.presence rp WHERE rp.user_id = (" + column +
         ")::text) OR EXISTS (SELECT 1 FROM identity.sessions os WHERE os.user_id = " + column +
         " AND os.impersonator_id IS NULL AND os.revoked_at IS NULL AND os.last_seen_at > now() - interval "
         "'" +
         std::to_string(kOnlineSessionMinutes) + " minutes'))";
}

bool IsReservedSlug(std::string_view slug) {
  const auto lower = AsciiLower(slug);
  return std::find(std::begin(kReserved), std::end(kReserved), lower) != std::end(kReserved);
}

std::optional<std::string> SlugProblem(std::string_view slug) {
  for (char c : slug) {
    const bool allowed =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!allowed) return "profiles:slug_chars";
  }
  if (slug.size() < kSlugMinLength || slug.size() > kSlugMaxLength) return "profiles:slug_length";
  if (std::all_of(slug.begin(), slug.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return "profiles:slug_reserved";
  if (IsReservedSlug(slug)) return "profiles:slug_reserved";
  return std::nullopt;
}

Completeness ComputeCompleteness(const CompletenessInput& input) {
  Completeness result;
  const auto part = [&result](bool done, int points, const char* key) {
    if (done) {
      result.score += points;
    } else {
      result.missing.emplace_back(key);
    }
  };
  part(input.avatar, 10, "avatar");
  part(input.headline, 10, "headline");
  part(input.about_length >= 100, 15, "about");
  part(input.main_specialization, 15, "specialization");
  part(input.skills >= 3, 10, "skills");
  part(input.rate, 10, "rate");
  part(input.location, 5, "location");
  part(input.projects >= 1, 15, "portfolio");
  part(input.prices >= 1, 10, "prices");
  return result;
}

std::optional<std::vector<std::int32_t>> Priorities(std::span<const std::int64_t> current,
                                                    std::span<const std::int64_t> requested) {
  if (current.size() != requested.size()) return std::nullopt;
  const std::set<std::int64_t> have(current.begin(), current.end());
  std::set<std::int64_t> seen;
  std::vector<std::int32_t> priorities;
  for (auto id : requested) {
    if (!have.contains(id) || !seen.insert(id).second) return std::nullopt;
    priorities.push_back(static_cast<std::int32_t>(priorities.size() + 1));
  }
  return priorities;
}

std::optional<std::int64_t> Median(std::vector<std::int64_t> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const auto middle = values.size() / 2;
  if (values.size() % 2 == 1) return values[middle];
  // The mean of the middle two without overflow, rounded down.
  const auto low = values[middle - 1];
  const auto high = values[middle];
  return low + (high - low) / 2;
}

std::optional<double> CompletionRate(std::int64_t completed, std::int64_t selected) {
  if (selected <= 0) return std::nullopt;
  return static_cast<double>(completed) / static_cast<double>(selected);
}

std::int64_t RepeatCustomers(std::vector<std::int64_t> customer_ids) {
  std::map<std::int64_t, int> counts;
  for (auto id : customer_ids) ++counts[id];
  return std::count_if(counts.begin(), counts.end(), [](const auto& entry) { return entry.second >= 2; });
}

}  // namespace artel::profiles
