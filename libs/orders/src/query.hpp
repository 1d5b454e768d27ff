#pragma once

// SQL of the order lists, built from the filters with bound values only (db::SqlBuilder): each distinct
// text is one named prepared statement, so the few shapes the filters produce are planned once per
// connection. The text search is libs/search's, over orders.orders.search and orders.search_lexemes.

#include <optional>
#include <string>

#include "artel/db/pool.hpp"
#include "artel/db/sql_builder.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/orders/orders.hpp"
#include "artel/search/search.hpp"

namespace artel::orders::detail {

using Query = db::BuiltQuery;
using search::Corrected;

/// The orders' search index (the lexicon of open public orders: orders/0042_public_lexicon.sql).
const search::Lexicon& Lexicon();

/// Where ReadOrder's columns are in a result, looked up by name once (from any of its rows): a list reads
/// each of its rows with them (a name lookup per value cost ten times the reading in a 50-row page).
struct OrderColumns {
  explicit OrderColumns(const db::Row& row);
  std::size_t id, name, description, category_id, specialization_id, skill_ids, budget_amount,
      budget_currency, deadline_at, payment_option, country_id, city_id, status, personal, opens_at,
      bid_count, portfolio_required, created_at, updated_at;
  kernel::UserCardColumns customer;
  kernel::UserCardColumns performer;
};

/// An order of a row of kSelectOrder, kLockOrder or a list, read by column name.
Order ReadOrder(const db::Row& row);
Order ReadOrder(const db::Row& row, const OrderColumns& at);

/// Open public orders under `filter`. The text query matches stemmed words, or with `corrected` that tsquery
/// (the typo fallback when the words find nothing; its pages carry that in their cursor). Throws
/// ValidationFailed("cursor") for a cursor this sort and mode did not make.
Query BuildPublicList(const ListFilter& filter, TimePoint now, const Corrected& corrected);
/// The page of BuildPublicList(filter, now, std::nullopt) for a text query, looked for only among the first
/// `window` orders in list order under the other filters. When that finds a whole page and one more row, it
/// is exactly the page the full query gives (every match outside the window sorts after all of it) at a
/// bounded cost, where the full query reads and sorts every match of common words. Fewer rows prove nothing:
/// run the full query.
Query BuildRecentMatches(const ListFilter& filter, TimePoint now, std::int64_t window);
/// (category_id, count) of open public orders under `filter` without its category.
Query BuildCounts(const ListFilter& filter, TimePoint now, const Corrected& corrected);
/// Whose eyes a user's order list is for: the user's own (everything they posted, bid on or were invited to)
/// or anybody's (their public orders as a customer, the public orders they carried out as a performer).
enum class Audience { kSelf, kPublic };
/// A user's orders on one side, newest first.
Query BuildUserOrders(std::int64_t user_id, Side side, Audience audience, std::optional<State> state,
                      const std::optional<std::string>& cursor, std::int32_t limit, TimePoint now);

/// The first `limit` rows as orders; a next cursor when the query returned more (it asks for limit + 1).
Page ReadPage(const db::Result& rows, std::int32_t limit, Sort sort, bool fuzzy = false);

/// Whether a cursor belongs to a page of the typo fallback (false for anything unreadable).
bool IsFuzzyCursor(Sort sort, std::string_view text);

}  // namespace artel::orders::detail
