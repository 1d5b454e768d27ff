#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/error.hpp"
#include "artel/db/contributions.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/enum_names.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/money.hpp"
#include "artel/kernel/side.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/orders/state_machine.hpp"

namespace artel::db {
class Pool;
class Row;
class Transaction;
}  // namespace artel::db

namespace artel::catalog {
class Catalog;
class Snapshot;
}  // namespace artel::catalog

namespace artel::storage {
class FileStore;
struct StoredFile;
}  // namespace artel::storage

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::orders {

enum class PaymentOption : std::uint8_t {
  kNoPrepayment,
  kPrepayment,
  kPrepaymentPossible,
  kSafeDeal,
  kContract
};

inline constexpr kernel::EnumNames<PaymentOption, 5> kPaymentOptionNames{{
    {PaymentOption::kNoPrepayment, "no_prepayment"},
    {PaymentOption::kPrepayment, "prepayment"},
    {PaymentOption::kPrepaymentPossible, "prepayment_possible"},
    {PaymentOption::kSafeDeal, "safe_deal"},
    {PaymentOption::kContract, "contract"},
}};
constexpr std::string_view PaymentOptionName(PaymentOption option) noexcept {
  return kPaymentOptionNames.Name(option);
}
constexpr std::optional<PaymentOption> ParsePaymentOption(std::string_view name) noexcept {
  return kPaymentOptionNames.Parse(name);
}

// The kernel's shared types under the names this library has always used.
using kernel::Money;
using kernel::Side;
using kernel::UserCard;

struct Attachment {
  std::int64_t id = 0;
  std::string original_name;
  std::string file_name;
  std::optional<std::string> thumbnail_name;
  std::string content_type;
  std::int64_t size = 0;
};

/// An order form (the service checks it on every Create and Update: CheckRules, CheckReferences).
struct OrderInput {
  std::string name;
  std::string description;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<Money> budget;
  /// The budget in kopecks at the catalog's rate (set with budget).
  std::optional<std::int64_t> budget_base;
  std::optional<TimePoint> deadline;
  PaymentOption payment_option = PaymentOption::kNoPrepayment;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::vector<std::int64_t> attachment_ids;
  /// Only performers with at least one portfolio project may bid.
  bool portfolio_required = false;
};

/// The form's own rules (lengths, counts, a positive budget within kMaxAmount, a deadline after `now`),
/// each problem added to `errors` under its field; the texts are trimmed and skills deduplicated. A field
/// that has an error already (the edge's type checks) is not checked again. Orders::Create and Update run
/// it on every form, whoever calls (the HTTP edge, bids' job offers, the demo seeder, tests).
void CheckRules(OrderInput& input, TimePoint now, ValidationErrors& errors);

/// The form's catalog references (category, its specialization, skills, the budget's currency, country,
/// city of that country) against `catalog`, and the budget's base amount (budget_base) set.
void CheckReferences(const catalog::Snapshot& catalog, OrderInput& input, ValidationErrors& errors);

/// An order form as sent (api.yaml's OrderInput, which the edge has checked): catalog ids as sent (int64).
/// createOrder's body, and the order part of bids' job offer. InputOf makes it the service's form.
struct OrderForm {
  std::string name;
  std::string description;
  std::int64_t category_id = 0;
  std::optional<std::int64_t> specialization_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<Money> budget;
  std::optional<TimePoint> deadline_at;
  std::string payment_option;
  std::optional<std::int64_t> country_id;
  std::optional<std::int64_t> city_id;
  std::vector<std::int64_t> attachment_ids;
  bool portfolio_required = false;
};
BOOST_DESCRIBE_STRUCT(OrderForm, (),
                      (name, description, category_id, specialization_id, skill_ids, budget, deadline_at,
                       payment_option, country_id, city_id, attachment_ids, portfolio_required))

/// The service's form of a sent one (a catalog id outside 1..INT32_MAX becomes -1, unknown to every check;
/// a payment option the schema did not allow stays the default, which CheckRules never sees from the edge).
OrderInput InputOf(const OrderForm& form);

/// An edit (api.yaml's OrderPatch): the properties sent replace the stored ones, Orders::Update merges them
/// onto the stored form under the row's lock and checks the whole form.
struct OrderPatch {
  kernel::Patch<std::string> name;
  kernel::Patch<std::string> description;
  kernel::Patch<std::int64_t> category_id;
  kernel::Patch<std::optional<std::int64_t>> specialization_id;
  kernel::Patch<std::vector<std::int64_t>> skill_ids;
  kernel::Patch<std::optional<Money>> budget;
  kernel::Patch<std::optional<TimePoint>> deadline_at;
  kernel::Patch<std::string> payment_option;
  kernel::Patch<std::optional<std::int64_t>> country_id;
  kernel::Patch<std::optional<std::int64_t>> city_id;
  kernel::Patch<std::vector<std::int64_t>> attachment_ids;
  kernel::Patch<bool> portfolio_required;
};
BOOST_DESCRIBE_STRUCT(OrderPatch, (),
                      (name, description, category_id, specialization_id, skill_ids, budget, deadline_at,
                       payment_option, country_id, city_id, attachment_ids, portfolio_required))

struct Order {
  std::int64_t id = 0;
  UserCard customer;
  std::string name;
  /// The whole text for a detail, the first kExcerptLength characters in lists.
  std::string description;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<Money> budget;
  std::optional<TimePoint> deadline;
  PaymentOption payment_option = PaymentOption::kNoPrepayment;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  Status status = Status::kSearch;
  /// Offered to one performer and hidden from everybody else until `opens_at`, acceptance or a decline.
  bool personal = false;
  std::optional<TimePoint> opens_at;
  std::optional<UserCard> performer;
  std::int32_t bid_count = 0;
  bool portfolio_required = false;
  TimePoint created_at;
  TimePoint updated_at;
  /// Loaded for details only.
  std::vector<Attachment> attachments;

  State StateAt(TimePoint now) const noexcept { return orders::StateAt(status, deadline, now); }
};

inline constexpr std::size_t kExcerptLength = 300;
inline constexpr std::size_t kMaxSkills = 10;
inline constexpr std::size_t kMaxAttachments = 10;
/// Uploads a user may have waiting for an order at once (three full orders' worth); unattached uploads are
/// swept after a day (storage.sweep_uploads), so the allowance comes back by itself.
inline constexpr auto kMaxPendingUploads = static_cast<std::int64_t>(3 * kMaxAttachments);
/// Largest budget or price in minor units (ten billion in major units).
inline constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

enum class DeadlineBucket : std::uint8_t { kUrgent, kWeek, kMonth, kNonUrgent, kByAgreement };
inline constexpr kernel::EnumNames<DeadlineBucket, 5> kDeadlineBucketNames{{
    {DeadlineBucket::kUrgent, "urgent"},
    {DeadlineBucket::kWeek, "week"},
    {DeadlineBucket::kMonth, "month"},
    {DeadlineBucket::kNonUrgent, "non_urgent"},
    {DeadlineBucket::kByAgreement, "by_agreement"},
}};
constexpr std::optional<DeadlineBucket> ParseDeadlineBucket(std::string_view name) noexcept {
  return kDeadlineBucketNames.Parse(name);
}

enum class Sort : std::uint8_t { kDate, kBudget };
inline constexpr kernel::EnumNames<Sort, 2> kSortNames{{{Sort::kDate, "date"}, {Sort::kBudget, "budget"}}};

/// Filters of the public list (SPEC §2, advanced filters). Budget bounds are already in kopecks.
struct ListFilter {
  std::optional<std::int32_t> category_id;
  std::optional<std::int32_t> specialization_id;
  std::optional<std::string> query;
  std::optional<DeadlineBucket> deadline;
  std::optional<PaymentOption> payment_option;
  std::optional<std::int64_t> budget_min_base;
  std::optional<std::int64_t> budget_max_base;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::optional<std::int32_t> skill_id;
  /// Only orders with portfolio_required.
  bool portfolio_required = false;
  Sort sort = Sort::kDate;
  /// An opaque next_cursor of an earlier page (checked by List: a bad one is ValidationFailed).
  std::optional<std::string> cursor;
  std::int32_t limit = 20;
};

struct Page {
  std::vector<Order> items;
  std::optional<std::string> next_cursor;
};

/// A keyset cursor of the order lists (kernel::EncodeCursor with the tag "d" by date, "b" by budget, and
/// the flag "f" on pages of the typo fallback).
struct Cursor {
  std::int64_t key = 0;
  std::int64_t id = 0;
  bool fuzzy = false;
};
std::string EncodeCursor(Sort sort, std::int64_t key, std::int64_t id, bool fuzzy = false);
/// nullopt for anything EncodeCursor did not make for this sort.
std::optional<Cursor> DecodeCursor(Sort sort, std::string_view text);
using kernel::CursorKey;
using kernel::CursorTime;

struct CategoryCount {
  std::int32_t category_id = 0;
  std::int64_t count = 0;
};

using kernel::ParseSide;
using kernel::SideName;

/// Lets another domain add its part to GET /api/orders/{id} (bids add `my_bid` and `invitation`, reviews
/// add `reviews`), and adjust the `viewer` flags it owns (can_bid, can_invite, can_review). Detail() sends
/// every part's `queries` in one pipeline (one round trip for all of them), then hands each `apply` its own
/// results, in the order its queries were given.
using DetailContributor = db::Contributor<const Order&, std::optional<std::int64_t>>;

/// Orders: creation, edits, the state machine's transitions, visibility and lists. Knows nothing of HTTP
/// (routes.cpp maps it). Expected failures throw artel::Error: NotFound for a missing order and for one
/// the caller may not see, Forbidden for a non-customer's change, Conflict for an illegal transition.
class Orders final {
 public:
  /// Changes are published on `events` (artel/orders/events.hpp) inside their transactions.
  Orders(db::Pool& pool, catalog::Catalog& catalog, platform::EventBus& events,
         const Clock& clock = DefaultClock());
  ~Orders();
  Orders(const Orders&) = delete;
  Orders& operator=(const Orders&) = delete;

  catalog::Catalog& Catalog() noexcept;
  const Clock& GetClock() const noexcept;

  /// Inserts an order of `customer_id` inside `tx` and attaches its uploads. With `opens_at` the order is
  /// personal until then. Returns the new id.
  boost::asio::awaitable<std::int64_t> Create(db::Transaction& tx, std::int64_t customer_id,
                                              const OrderInput& input,
                                              std::optional<TimePoint> opens_at = std::nullopt);
  boost::asio::awaitable<std::int64_t> Create(std::int64_t customer_id, const OrderInput& input);
  /// Customer only (NotFound for a hidden order, Forbidden for anybody else's); allowed until a performer is
  /// selected.
  boost::asio::awaitable<void> Update(std::int64_t user_id, std::int64_t order_id, const OrderInput& input);
  /// The same for an edit: `patch` merged onto the stored form (its attachments kept unless sent) after the
  /// visibility and ownership checks, so somebody else's order is 403 whatever the body.
  boost::asio::awaitable<void> Update(std::int64_t user_id, std::int64_t order_id, const OrderPatch& patch);
  boost::asio::awaitable<void> Delete(std::int64_t user_id, std::int64_t order_id);
  /// close, reopen, complete: the customer's own transitions.
  boost::asio::awaitable<void> Transition(std::int64_t user_id, std::int64_t order_id, Action action);

  /// The order if it exists and `viewer_id` may see it (a personal order: its customer and the invited
  /// performer only); NotFound otherwise.
  boost::asio::awaitable<Order> GetVisible(std::int64_t order_id, std::optional<std::int64_t> viewer_id);
  /// Locks the order row for the rest of `tx`; NotFound when missing.
  boost::asio::awaitable<Order> Lock(db::Transaction& tx, std::int64_t order_id);
  /// Lock() for a request of `viewer_id`: NotFound, too, when GetVisible would hide the order from them.
  boost::asio::awaitable<Order> LockVisible(db::Transaction& tx, std::int64_t order_id,
                                            std::int64_t viewer_id);
  /// search → in_progress with `performer_id` (the caller checked who may do it and holds Lock()).
  boost::asio::awaitable<void> SelectPerformer(db::Transaction& tx, const Order& order,
                                               std::int64_t performer_id);
  boost::asio::awaitable<void> AdjustBidCount(db::Transaction& tx, std::int64_t order_id, std::int32_t delta);
  /// A personal order becomes an ordinary public one (declined or unanswered offer). False when it was not
  /// personal and in search any more.
  boost::asio::awaitable<bool> MakePublic(db::Transaction& tx, std::int64_t order_id);
  /// The 24-hour rule: opens personal orders whose opens_at has passed, at most `batch` per call, skipping
  /// rows other instances hold (FOR UPDATE SKIP LOCKED); each publishes PersonalOrderOpened. Returns the
  /// orders opened (id, customer).
  boost::asio::awaitable<std::vector<std::pair<std::int64_t, std::int64_t>>> OpenDuePersonalOrders(
      TimePoint now, int batch = 100);

  /// Conflict (orders:uploads_pending) when `user_id` has kMaxPendingUploads uploads waiting
  /// for an order: bounds what one account can leave on disk. Checked before the bytes are stored, so
  /// concurrent uploads of one user may pass it together, which only loosens the bound by their number.
  boost::asio::awaitable<void> CheckUploadAllowance(std::int64_t user_id);
  /// Records a stored upload of `user_id` (a private file), attached to no order yet.
  boost::asio::awaitable<Attachment> AddUpload(std::int64_t user_id, const std::string& original_name,
                                               const storage::StoredFile& stored);
  /// The attachment `attachment_id` if `viewer_id` may see it: attached to an order they may see (GetVisible:
  /// anybody for a public order; the customer, the performer and the invited performer for a personal one),
  /// or, attached to none, their own upload. nullopt (or GetVisible's NotFound) otherwise.
  boost::asio::awaitable<std::optional<Attachment>> AttachmentFile(std::int64_t attachment_id,
                                                                   std::optional<std::int64_t> viewer_id);

  boost::asio::awaitable<Page> List(const ListFilter& filter);
  /// Open public orders per category under `filter` (its category, sort and cursor ignored); cached for a
  /// few seconds per filter.
  boost::asio::awaitable<std::vector<CategoryCount>> CountByCategory(const ListFilter& filter);
  boost::asio::awaitable<Page> ListMine(std::int64_t user_id, Side side, std::optional<State> state,
                                        std::optional<std::string> cursor, std::int32_t limit);
  /// Anybody's view of a user's orders: as a customer, their public orders in every state; as a performer,
  /// the public orders they were selected for. Personal offers never appear. NotFound for an unknown user.
  boost::asio::awaitable<Page> ListOfUser(std::int64_t user_id, Side side, std::optional<State> state,
                                          std::optional<std::string> cursor, std::int32_t limit);

  void AddDetailContributor(DetailContributor contributor);
  /// The keys the other domains add to GET /api/orders/{id} for `viewer_id` (`my_bid`, `invitation`,
  /// `reviews`, `customer_stats`) and the `viewer` flags (ViewerOf's, as the contributors adjusted them), in
  /// one round trip; orders::Detail (views.hpp) makes the answer of them.
  boost::asio::awaitable<boost::json::object> Contributed(const Order& order,
                                                          std::optional<std::int64_t> viewer_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::orders
