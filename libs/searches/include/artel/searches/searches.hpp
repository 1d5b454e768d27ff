#pragma once

// Saved searches (issue 25): a user keeps the filters of a list (orders, vacancies, …) under a name and an
// interval; when an item is published, the searches it matches are found through an index of their
// conditions (the percolator idea), each match is recorded once, counted as new until the owner opens the
// search, and notified through the notifier's `saved_search_match` kind.
//
// The library knows no domain. A domain registers a Scope at install time: how to check and normalise a
// filter (its own typed filter and rules) and how to read a published item with the test of stored
// conditions against it. Knows nothing of HTTP.

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/notifications/preferences.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::searches {

using notifications::Interval;

/// A filter as a scope keeps it: `filter` the list's URL parameters (what opening the search navigates
/// to), `conditions` the scope's typed filter for matching, `key` the one indexed condition a candidate
/// must share with an item ("spec:12", "cat:3", "city:7", … or "*" when the filter has none).
struct Normalised {
  boost::json::object filter;
  boost::json::object conditions;
  std::string key;
};

/// A published item as everybody may see it, ready to be matched.
struct Published {
  std::string title;
  /// The item's page after `/{lang}` (`/order/12`).
  std::string path;
  /// Whose item it is: their own searches do not match it.
  std::optional<std::int64_t> owner_id;
  /// Every key a search that may match it can have: "*" and one per indexed value of the item.
  std::vector<std::string> keys;
  /// The exact test: the positions of `conditions` (stored Normalised::conditions) the item matches. May
  /// read in `tx` (the text of a query against the item's search vector).
  std::function<boost::asio::awaitable<std::vector<std::size_t>>(
      db::Transaction& tx, const std::vector<boost::json::object>& conditions)>
      test;
};

struct Scope {
  /// "orders", "vacancies": the scope's name in the API and the table.
  std::string name;
  /// Checks `filter` (the list's URL parameters, string values) with the domain's own parsing; throws
  /// ValidationFailed naming `filter.<parameter>`.
  std::function<boost::asio::awaitable<Normalised>(const boost::json::object& filter)> normalise;
  /// The item `id` if everybody may open it (public and open); nullopt for anything hidden (a personal
  /// order, a draft vacancy), which then never matches.
  std::function<boost::asio::awaitable<std::optional<Published>>(db::Transaction& tx, std::int64_t id)> read;
};

struct Settings {
  /// The most saved searches one user keeps (`searches.max_per_user`).
  std::uint32_t max_per_user = 20;
};

inline constexpr std::size_t kMaxNameLength = 100;

struct SearchInput {
  std::string name;
  std::string scope;
  boost::json::object filter;
  Interval interval = Interval::kDaily;
};

struct SearchPatch {
  std::optional<std::string> name;
  std::optional<Interval> interval;
};

struct Search {
  std::int64_t id = 0;
  std::string name;
  std::string scope;
  boost::json::object filter;
  Interval interval = Interval::kDaily;
  /// Matches since the owner last opened it.
  std::int64_t new_matches = 0;
  TimePoint created_at;
  TimePoint seen_at;
};

class Searches final {
 public:
  /// Every new match of a search whose interval is not `never` publishes SearchMatched on `events` in
  /// the publishing transaction (AddNotificationKind turns it into a `saved_search_match` notification).
  Searches(db::Pool& pool, platform::EventBus& events, Settings settings,
           const Clock& clock = DefaultClock());
  ~Searches();
  Searches(const Searches&) = delete;
  Searches& operator=(const Searches&) = delete;

  /// At install time only (read without a lock afterwards).
  void AddScope(Scope scope);
  bool HasScope(std::string_view name) const noexcept;
  std::int64_t MaxPerUser() const noexcept;

  /// ValidationFailed: name (1..100), scope (`searches:scope_unknown`), filter.* (the scope's rules) and the
  /// cap (`searches:limit_reached`, under `name`).
  boost::asio::awaitable<Search> Save(const Actor& actor, const SearchInput& input);
  /// The actor's searches, newest first, with their new-match counts.
  boost::asio::awaitable<std::vector<Search>> ListMine(const Actor& actor);
  /// The actor's own search; NotFound (`searches:not_found`) for anybody else's.
  boost::asio::awaitable<Search> Get(const Actor& actor, std::int64_t id);
  boost::asio::awaitable<Search> Update(const Actor& actor, std::int64_t id, const SearchPatch& patch);
  boost::asio::awaitable<void> Delete(const Actor& actor, std::int64_t id);
  /// Opening the search from "My searches": its count goes back to zero.
  boost::asio::awaitable<Search> MarkSeen(const Actor& actor, std::int64_t id);

  /// An item of `scope` was published (in the publishing transaction): finds the matching searches through
  /// the key index, records each match once (a search never matches an item twice), bumps their counts and
  /// notifies the owners. Returns the searches newly matched. Nothing for a hidden item or unknown scope.
  boost::asio::awaitable<std::vector<std::int64_t>> Publish(db::Transaction& tx, std::string_view scope,
                                                            std::int64_t item_id, TimePoint at);
  /// The searches of `scope` the item matches, without recording anything: through the key index, or
  /// (`brute_force`) by testing every search of the scope. The property test compares the two.
  boost::asio::awaitable<std::vector<std::int64_t>> Matching(db::Transaction& tx, std::string_view scope,
                                                             std::int64_t item_id, bool brute_force = false);

  static Interval ParseInterval(std::string_view name);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// A saved search matched a newly published item (not for searches whose interval is `never`).
struct SearchMatched {
  std::int64_t user_id = 0;
  boost::json::object payload;
  TimePoint at;
};

/// The payload of a `saved_search_match` notification, and its page (the item's).
boost::json::object MatchPayload(std::int64_t search_id, std::string_view search_name, std::string_view scope,
                                 std::int64_t item_id, std::string_view item_title, std::string_view path);
std::string MatchPath(const boost::json::object& payload);

/// Registers `saved_search_match` (group orders; on the site immediately, by e-mail daily).
void AddNotificationKind(notifications::Notifier& notifier);

}  // namespace artel::searches
