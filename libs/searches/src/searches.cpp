#include "artel/searches/searches.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/platform/events.hpp"

namespace artel::searches {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kColumns = "id, name, scope, filter, interval, new_matches, created_at, seen_at";

// One statement: nothing is saved past the cap (a concurrent pair may pass it together, by one).
constexpr db::Statement kInsert{"searches.insert", R"sql(
INSERT INTO searches.searches
  (user_id, scope, name, filter, conditions, match_key, interval, seen_at, created_at, updated_at)
SELECT $1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $8, $8
WHERE (SELECT count(*) FROM searches.searches WHERE user_id = $1) < $9
RETURNING id, name, scope, filter, interval, new_matches, created_at, seen_at
)sql"};

constexpr db::Statement kList{"searches.list", R"sql(
SELECT id, name, scope, filter, interval, new_matches, created_at, seen_at
FROM searches.searches WHERE user_id = $1
ORDER BY created_at DESC, id DESC
)sql"};

constexpr db::Statement kGet{"searches.get", R"sql(
SELECT id, name, scope, filter, interval, new_matches, created_at, seen_at
FROM searches.searches WHERE id = $1 AND user_id = $2
)sql"};

constexpr db::Statement kUpdate{"searches.update", R"sql(
UPDATE searches.searches
SET name = COALESCE($3, name), interval = COALESCE($4, interval), updated_at = $5
WHERE id = $1 AND user_id = $2
RETURNING id, name, scope, filter, interval, new_matches, created_at, seen_at
)sql"};

constexpr db::Statement kDelete{"searches.delete", R"sql(
DELETE FROM searches.searches WHERE id = $1 AND user_id = $2 RETURNING id
)sql"};

constexpr db::Statement kSeen{"searches.seen", R"sql(
UPDATE searches.searches SET new_matches = 0, seen_at = $3
WHERE id = $1 AND user_id = $2
RETURNING id, name, scope, filter, interval, new_matches, created_at, seen_at
)sql"};

// The percolator's candidates: the searches of the scope whose one indexed condition the item has
// (searches_match_idx); then the exact test in C++.
constexpr db::Statement kCandidates{"searches.candidates", R"sql(
SELECT id, user_id, conditions FROM searches.searches
WHERE scope = $1 AND match_key = ANY($2::text[])
ORDER BY id
)sql"};

constexpr db::Statement kEvery{"searches.every", R"sql(
SELECT id, user_id, conditions FROM searches.searches WHERE scope = $1 ORDER BY id
)sql"};

// Each match once (the primary key), and only a new one bumps its search's count.
constexpr db::Statement kRecord{"searches.record", R"sql(
WITH inserted AS (
  INSERT INTO searches.matches (search_id, item_id, matched_at)
  SELECT unnest($1::bigint[]), $2, $3
  ON CONFLICT DO NOTHING
  RETURNING search_id
)
UPDATE searches.searches s SET new_matches = s.new_matches + 1
FROM inserted WHERE s.id = inserted.search_id
RETURNING s.id, s.user_id, s.name, s.interval
)sql"};

Search ReadSearch(const db::Row& row) {
  Search search;
  search.id = row.Get<std::int64_t>("id");
  search.name = row.Get<std::string>("name");
  search.scope = row.Get<std::string>("scope");
  auto filter = row.Get<boost::json::value>("filter");
  if (filter.is_object()) search.filter = std::move(filter.as_object());
  search.interval =
      notifications::kIntervalNames.Parse(row.Get<std::string>("interval")).value_or(Interval::kNever);
  search.new_matches = row.Get<std::int64_t>("new_matches");
  search.created_at = row.Get<TimePoint>("created_at");
  search.seen_at = row.Get<TimePoint>("seen_at");
  return search;
}

Search One(const db::Result& result) {
  auto row = result.First();
  if (!row) throw NotFound({"searches:not_found", {}});
  return ReadSearch(*row);
}

std::string IntervalName(Interval interval) {
  return std::string(notifications::kIntervalNames.Name(interval));
}

void CheckName(ValidationErrors& errors, const std::string& name) {
  errors.CheckLength("name", name, 1, kMaxNameLength);
}

std::string Trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1));
}

struct Candidate {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
};

}  // namespace

struct Searches::Impl {
  db::Pool& pool;
  platform::EventBus& events;
  Settings settings;
  const Clock& clock;
  std::map<std::string, Scope, std::less<>> scopes;

  const Scope* Find(std::string_view name) const {
    auto found = scopes.find(name);
    return found == scopes.end() ? nullptr : &found->second;
  }

  /// The searches of `scope` that `item` matches (an owner's own item excluded).
  awaitable<std::vector<Candidate>> Match(db::Transaction& tx, const Scope& scope, const Published& item,
                                          bool brute_force) {
    db::Result rows;
    if (brute_force) {
      rows = co_await tx.Query(kEvery, scope.name);
    } else {
      rows = co_await tx.Query(kCandidates, scope.name, item.keys);
    }
    std::vector<Candidate> candidates;
    std::vector<boost::json::object> conditions;
    for (auto row : rows) {
      const Candidate candidate{row.Get<std::int64_t>("id"), row.Get<std::int64_t>("user_id")};
      if (item.owner_id && *item.owner_id == candidate.user_id) continue;
      auto stored = row.Get<boost::json::value>("conditions");
      candidates.push_back(candidate);
      conditions.push_back(stored.is_object() ? std::move(stored.as_object()) : boost::json::object{});
    }
    std::vector<Candidate> matched;
    if (candidates.empty()) co_return matched;
    const auto positions = co_await item.test(tx, conditions);
    for (const auto position : positions) {
      if (position < candidates.size()) matched.push_back(candidates[position]);
    }
    co_return matched;
  }
};

Searches::Searches(db::Pool& pool, platform::EventBus& events, Settings settings, const Clock& clock)
    : impl_(std::make_unique<Impl>(Impl{pool, events, settings, clock, {}})) {}

Searches::~Searches() = default;

void Searches::AddScope(Scope scope) {
  auto name = scope.name;
  impl_->scopes.insert_or_assign(std::move(name), std::move(scope));
}

bool Searches::HasScope(std::string_view name) const noexcept {
  return impl_->Find(name) != nullptr;
}

std::int64_t Searches::MaxPerUser() const noexcept {
  return static_cast<std::int64_t>(impl_->settings.max_per_user);
}

Interval Searches::ParseInterval(std::string_view name) {
  auto interval = notifications::kIntervalNames.Parse(name);
  if (!interval) throw ValidationFailed("interval", {"searches:interval_unknown", {}});
  return *interval;
}

awaitable<Search> Searches::Save(const Actor& actor, const SearchInput& input) {
  ValidationErrors errors;
  const std::string name = Trimmed(input.name);
  CheckName(errors, name);
  const Scope* scope = impl_->Find(input.scope);
  if (scope == nullptr) errors.Add("scope", {"searches:scope_unknown", {}});
  errors.ThrowIfAny();
  // The scope's own rules (ValidationFailed under filter.*).
  Normalised normalised = co_await scope->normalise(input.filter);
  const boost::json::value filter(normalised.filter);
  const boost::json::value conditions(normalised.conditions);
  const auto now = impl_->clock.Now();
  const auto interval = IntervalName(input.interval);
  const auto cap = static_cast<std::int64_t>(impl_->settings.max_per_user);
  auto saved = co_await impl_->pool.Query(kInsert, actor.user_id, scope->name, name, filter, conditions,
                                          normalised.key, interval, now, cap);
  if (saved.Empty()) {
    throw ValidationFailed(
        "name", {"searches:limit_reached", {{"count", std::to_string(impl_->settings.max_per_user)}}});
  }
  co_return One(saved);
}

awaitable<std::vector<Search>> Searches::ListMine(const Actor& actor) {
  auto rows = co_await impl_->pool.Query(kList, actor.user_id);
  std::vector<Search> searches;
  for (auto row : rows) searches.push_back(ReadSearch(row));
  co_return searches;
}

awaitable<Search> Searches::Get(const Actor& actor, std::int64_t id) {
  auto rows = co_await impl_->pool.Query(kGet, id, actor.user_id);
  co_return One(rows);
}

awaitable<Search> Searches::Update(const Actor& actor, std::int64_t id, const SearchPatch& patch) {
  ValidationErrors errors;
  std::optional<std::string> name;
  if (patch.name) {
    name = Trimmed(*patch.name);
    CheckName(errors, *name);
  }
  errors.ThrowIfAny();
  std::optional<std::string> interval;
  if (patch.interval) interval = IntervalName(*patch.interval);
  const auto now = impl_->clock.Now();
  auto rows = co_await impl_->pool.Query(kUpdate, id, actor.user_id, name, interval, now);
  co_return One(rows);
}

awaitable<void> Searches::Delete(const Actor& actor, std::int64_t id) {
  auto rows = co_await impl_->pool.Query(kDelete, id, actor.user_id);
  if (rows.Empty()) throw NotFound({"searches:not_found", {}});
}

awaitable<Search> Searches::MarkSeen(const Actor& actor, std::int64_t id) {
  const auto now = impl_->clock.Now();
  auto rows = co_await impl_->pool.Query(kSeen, id, actor.user_id, now);
  co_return One(rows);
}

awaitable<std::vector<std::int64_t>> Searches::Matching(db::Transaction& tx, std::string_view scope_name,
                                                        std::int64_t item_id, bool brute_force) {
  std::vector<std::int64_t> ids;
  const Scope* scope = impl_->Find(scope_name);
  if (scope == nullptr) co_return ids;
  auto item = co_await scope->read(tx, item_id);
  if (!item) co_return ids;
  auto matched = co_await impl_->Match(tx, *scope, *item, brute_force);
  for (const auto& candidate : matched) ids.push_back(candidate.id);
  std::ranges::sort(ids);
  co_return ids;
}

awaitable<std::vector<std::int64_t>> Searches::Publish(db::Transaction& tx, std::string_view scope_name,
                                                       std::int64_t item_id, TimePoint at) {
  std::vector<std::int64_t> recorded;
  const Scope* scope = impl_->Find(scope_name);
  if (scope == nullptr) co_return recorded;
  auto item = co_await scope->read(tx, item_id);
  if (!item) co_return recorded;
  auto matched = co_await impl_->Match(tx, *scope, *item, false);
  if (matched.empty()) co_return recorded;
  std::vector<std::int64_t> ids;
  for (const auto& candidate : matched) ids.push_back(candidate.id);
  auto rows = co_await tx.Query(kRecord, ids, item_id, at);
  for (auto row : rows) {
    const auto search_id = row.Get<std::int64_t>("id");
    recorded.push_back(search_id);
    if (row.Get<std::string>("interval") == "never") continue;
    const SearchMatched event{.user_id = row.Get<std::int64_t>("user_id"),
                              .payload = MatchPayload(search_id, row.Get<std::string>("name"), scope->name,
                                                      item_id, item->title, item->path),
                              .at = at};
    co_await impl_->events.Publish(tx, event);
  }
  std::ranges::sort(recorded);
  co_return recorded;
}

boost::json::object MatchPayload(std::int64_t search_id, std::string_view search_name, std::string_view scope,
                                 std::int64_t item_id, std::string_view item_title, std::string_view path) {
  return boost::json::object{{"search_id", search_id}, {"search_name", search_name}, {"scope", scope},
                             {"item_id", item_id},     {"item_name", item_title},    {"path", path}};
}

std::string MatchPath(const boost::json::object& payload) {
  const auto* path = payload.if_contains("path");
  if (path == nullptr || !path->is_string()) return {};
  return std::string(path->as_string());
}

void AddNotificationKind(notifications::Notifier& notifier) {
  notifier.On<SearchMatched>({.name = "saved_search_match",
                              .group = notifications::Group::kOrders,
                              .site = Interval::kImmediately,
                              .email = Interval::kDaily,
                              .path = MatchPath},
                             [](const SearchMatched& event) {
                               return std::vector<notifications::Notice>{{event.user_id, event.payload}};
                             });
}

}  // namespace artel::searches
