#pragma once

// Reputation summary rows (profiles.freelancers, profiles.customers), written inside the transaction of the
// event that changes them (libs/reputation subscribes to orders', bids' and reviews' events and calls these).
// The figures are recomputed from their sources (orders.orders, reviews.reviews: the SQL reads those tables,
// the library links neither) at each event, so they cannot drift; a list request reads the rows alone.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>

#include "artel/core/clock.hpp"

namespace artel::db {
class Result;
class Row;
class Transaction;
struct Statement;
}  // namespace artel::db

namespace artel::profiles {

class Reputation final {
 public:
  /// The customer posted an order (public or personal): orders_posted + 1.
  static boost::asio::awaitable<void> OrderPosted(db::Transaction& tx, std::int64_t customer_id,
                                                  TimePoint at);
  /// The customer's performers_selected, orders_completed and median_select_seconds from their orders
  /// (after a selection or a completion of one of them).
  static boost::asio::awaitable<void> RecomputeCustomerOrders(db::Transaction& tx, std::int64_t customer_id,
                                                              TimePoint at);
  /// The performer's completed_orders and repeat_customers from their completed orders; `completed_order_id`
  /// counts as completed even if its row is not updated yet.
  static boost::asio::awaitable<void> RecomputePerformerOrders(db::Transaction& tx, std::int64_t performer_id,
                                                               std::int64_t completed_order_id, TimePoint at);
  /// The rating of `user_id` on the side reviewed by `author_role` ("customer": as performer, "performer":
  /// as customer) from reviews.reviews.
  static boost::asio::awaitable<void> RecomputeRating(db::Transaction& tx, std::int64_t user_id,
                                                      std::string_view author_role, TimePoint at);
  /// The performer did something a customer would call activity (a bid, a profile save).
  static boost::asio::awaitable<void> Active(db::Transaction& tx, std::int64_t performer_id, TimePoint at);
  /// Every figure of `user_id` on both sides from the sources (the demo seeder, after writing history
  /// directly).
  static boost::asio::awaitable<void> RecomputeAll(db::Transaction& tx, std::int64_t user_id, TimePoint at);
};

/// The SQL select list of a customers row's figures (alias `c`); CustomerStatsJson reads it. NULL columns
/// (no row yet) read as zeros.
inline constexpr const char* kCustomerStatsColumns =
    "coalesce(c.orders_posted, 0) AS orders_posted, coalesce(c.performers_selected, 0) AS "
    "performers_selected, "
    "coalesce(c.orders_completed, 0) AS orders_completed, c.median_select_seconds, "
    "c.rating::float8 AS customer_rating, coalesce(c.review_count, 0) AS customer_review_count";

/// The contract's `CustomerStats` (libs/web/api.yaml): a customer's figures as a described struct.
struct CustomerStatsView {
  std::int32_t orders_posted = 0;
  std::int32_t performers_selected = 0;
  std::int32_t orders_completed = 0;
  /// orders_completed / performers_selected; null when none selected.
  std::optional<double> completion_rate;
  std::optional<std::int64_t> median_select_seconds;
  std::optional<double> rating;
  std::int32_t review_count = 0;
};
BOOST_DESCRIBE_STRUCT(CustomerStatsView, (),
                      (orders_posted, performers_selected, orders_completed, completion_rate,
                       median_select_seconds, rating, review_count))

/// CustomerStats of the contract from a row selected with kCustomerStatsColumns.
CustomerStatsView CustomerStatsOf(const db::Row& row);
/// The same written as JSON, for the answers still built by hand (orders' detail).
boost::json::object CustomerStatsJson(const db::Row& row);

/// The CustomerStats of one customer: the statement (one parameter, the user id; always one row) and
/// its reading, for a pipeline (orders' detail contributor).
const db::Statement& CustomerStatsStatement();
boost::json::object CustomerStatsJson(const db::Result& result);

}  // namespace artel::profiles
