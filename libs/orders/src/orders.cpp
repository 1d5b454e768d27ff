#include "artel/orders/orders.hpp"

#include <boost/json/array.hpp>
#include <chrono>
#include <map>
#include <mutex>

#include "artel/catalog/catalog.hpp"
#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/ttl_cache.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/views.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/search/search.hpp"
#include "artel/storage/storage.hpp"
#include "form.hpp"
#include "query.hpp"

namespace artel::orders {
namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

/// How long per-category counts are reused for the same filters: counting every open order per request
/// would cost more than the list itself.
constexpr auto kCountsTtl = 10s;
constexpr std::size_t kCountsCacheLimit = 1000;

// The columns ReadOrder reads (a list reads an excerpt of the description: query.cpp).
constexpr db::Statement kSelectOrder{"orders.select_order", R"sql(
SELECT o.id, o.name, o.description, o.category_id, o.specialization_id, o.skill_ids,
  o.budget_amount, o.budget_currency, o.deadline_at, o.payment_option, o.country_id, o.city_id, o.status,
  o.visibility = 'personal' AS personal, o.opens_at, o.bid_count, o.portfolio_required, o.created_at,
  o.updated_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM orders.orders o
JOIN identity.users c ON c.id = o.customer_id
LEFT JOIN identity.users p ON p.id = o.performer_id
WHERE o.id = $1
)sql"};
constexpr db::Statement kLockOrder{"orders.lock_order", R"sql(
SELECT o.id, o.name, o.description, o.category_id, o.specialization_id, o.skill_ids,
  o.budget_amount, o.budget_currency, o.deadline_at, o.payment_option, o.country_id, o.city_id, o.status,
  o.visibility = 'personal' AS personal, o.opens_at, o.bid_count, o.portfolio_required, o.created_at,
  o.updated_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM orders.orders o
JOIN identity.users c ON c.id = o.customer_id
LEFT JOIN identity.users p ON p.id = o.performer_id
WHERE o.id = $1
FOR UPDATE OF o
)sql"};
constexpr db::Statement kInvited{"orders.invited", R"sql(
SELECT EXISTS (SELECT 1 FROM bids.invitations WHERE order_id = $1 AND performer_id = $2) AS invited
)sql"};
constexpr db::Statement kInsertOrder{"orders.insert_order", R"sql(
INSERT INTO orders.orders (customer_id, name, description, category_id, specialization_id, skill_ids,
  budget_amount, budget_currency, budget_base, deadline_at, payment_option, country_id, city_id, visibility,
  opens_at, created_at, updated_at, portfolio_required)
VALUES ($1, $2, $3, $4, $5, $6::int[], $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17)
RETURNING id
)sql"};
constexpr db::Statement kUpdateOrder{"orders.update_order", R"sql(
UPDATE orders.orders
SET name = $2, description = $3, category_id = $4, specialization_id = $5, skill_ids = $6::int[],
  budget_amount = $7, budget_currency = $8, budget_base = $9, deadline_at = $10, payment_option = $11,
  country_id = $12, city_id = $13, updated_at = $14, portfolio_required = $15
WHERE id = $1
)sql"};
constexpr db::Statement kDeleteOrder{"orders.delete_order", R"sql(
DELETE FROM orders.orders WHERE id = $1
)sql"};
constexpr db::Statement kSetStatus{"orders.set_status", R"sql(
UPDATE orders.orders
SET status = $2::text, updated_at = $3,
  closed_at = CASE WHEN $2::text = 'closed' THEN $3 ELSE closed_at END,
  completed_at = CASE WHEN $2::text = 'completed' THEN $3 ELSE completed_at END
WHERE id = $1
)sql"};
constexpr db::Statement kSelectPerformer{"orders.select_performer", R"sql(
UPDATE orders.orders
SET status = 'in_progress', performer_id = $2, selected_at = $3, updated_at = $3
WHERE id = $1 AND status = 'search'
)sql"};
constexpr db::Statement kAdjustBidCount{"orders.adjust_bid_count", R"sql(
UPDATE orders.orders SET bid_count = bid_count + $2 WHERE id = $1
)sql"};
constexpr db::Statement kMakePublic{"orders.make_public", R"sql(
UPDATE orders.orders
SET visibility = 'public', opens_at = NULL, updated_at = $2
WHERE id = $1 AND visibility = 'personal' AND status = 'search'
)sql"};
constexpr db::Statement kOpenDue{"orders.open_due", R"sql(
WITH due AS (
  SELECT id FROM orders.orders
  WHERE visibility = 'personal' AND status = 'search' AND opens_at <= $1
  ORDER BY opens_at
  LIMIT $2
  FOR UPDATE SKIP LOCKED
)
UPDATE orders.orders o
SET visibility = 'public', opens_at = NULL, updated_at = $1
FROM due
WHERE o.id = due.id
RETURNING o.id, o.customer_id, o.name
)sql"};
constexpr db::Statement kAttach{"orders.attach", R"sql(
UPDATE orders.attachments
SET order_id = $1, position = array_position($3::bigint[], id)
WHERE id = ANY($3::bigint[]) AND owner_id = $2 AND (order_id IS NULL OR order_id = $1)
)sql"};
constexpr db::Statement kDetachOthers{"orders.detach_others", R"sql(
UPDATE orders.attachments SET order_id = NULL WHERE order_id = $1 AND NOT (id = ANY($2::bigint[]))
)sql"};
constexpr db::Statement kAttachments{"orders.attachments", R"sql(
SELECT id, original_name, file_name, thumbnail_name, content_type, size
FROM orders.attachments
WHERE order_id = $1
ORDER BY position, id
)sql"};
constexpr db::Statement kPendingUploads{"orders.pending_uploads", R"sql(
SELECT count(*) AS pending
FROM (SELECT 1 FROM orders.attachments WHERE owner_id = $1 AND order_id IS NULL LIMIT $2) pending
)sql"};
constexpr db::Statement kInsertAttachment{"orders.insert_attachment", R"sql(
INSERT INTO orders.attachments (owner_id, file_name, thumbnail_name, original_name, content_type, size,
  created_at, stored_private)
VALUES ($1, $2, $3, $4, $5, $6, $7, true)
RETURNING id
)sql"};
constexpr db::Statement kAttachmentFile{"orders.attachment_file", R"sql(
SELECT id, order_id, owner_id, original_name, file_name, thumbnail_name, content_type, size
FROM orders.attachments
WHERE id = $1
)sql"};

std::vector<db::PipelineQuery> VisibleQueries(std::int64_t order_id, std::optional<std::int64_t> viewer_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kSelectOrder, db::MakeParams(order_id)});
  queries.push_back({kAttachments, db::MakeParams(order_id)});
  if (viewer_id) queries.push_back({kInvited, db::MakeParams(order_id, *viewer_id)});
  return queries;
}

Attachment ReadAttachment(const db::Row& row) {
  Attachment attachment;
  attachment.id = row.Get<std::int64_t>("id");
  attachment.original_name = row.Get<std::string>("original_name");
  attachment.file_name = row.Get<std::string>("file_name");
  attachment.thumbnail_name = row.Get<std::optional<std::string>>("thumbnail_name");
  attachment.content_type = row.Get<std::string>("content_type");
  attachment.size = row.Get<std::int64_t>("size");
  return attachment;
}

std::vector<Attachment> ReadAttachments(const db::Result& rows) {
  std::vector<Attachment> attachments;
  for (auto row : rows) attachments.push_back(ReadAttachment(row));
  return attachments;
}

Error NotFoundOrder() {
  return NotFound({"orders:not_found"});
}

/// Who sees an order: everybody a public one; a personal one its customer, its performer and the invited
/// performer (which takes a lookup), nobody else.
enum class Access { kSeen, kIfInvited, kHidden };

Access AccessOf(const Order& order, std::optional<std::int64_t> viewer_id) {
  if (!order.personal) return Access::kSeen;
  if (!viewer_id) return Access::kHidden;
  const bool party =
      *viewer_id == order.customer.id || (order.performer && order.performer->id == *viewer_id);
  return party ? Access::kSeen : Access::kIfInvited;
}

void RequireCustomer(const Order& order, std::int64_t user_id) {
  if (order.customer.id != user_id) throw Forbidden({"orders:not_customer"});
}

std::string CountsKey(const ListFilter& filter) {
  auto part = [](const auto& value) -> std::string {
    if (!value) return "-";
    if constexpr (std::is_same_v<std::decay_t<decltype(*value)>, std::string>) {
      return *value;
    } else {
      return std::to_string(static_cast<std::int64_t>(*value));
    }
  };
  return part(filter.specialization_id) + "|" + part(filter.query) + "|" + part(filter.deadline) + "|" +
         part(filter.payment_option) + "|" + part(filter.budget_min_base) + "|" +
         part(filter.budget_max_base) + "|" + part(filter.country_id) + "|" + part(filter.city_id) + "|" +
         part(filter.skill_id) + "|" + (filter.portfolio_required ? "p" : "-");
}

std::vector<CategoryCount> ReadCounts(const db::Result& rows) {
  std::vector<CategoryCount> counts;
  for (auto row : rows) {
    CategoryCount count;
    count.category_id = row.Get<std::int32_t>("category_id");
    count.count = row.Get<std::int64_t>("count");
    counts.push_back(count);
  }
  return counts;
}

}  // namespace

struct Orders::Impl {
  Impl(db::Pool& p, catalog::Catalog& c, platform::EventBus& e, const Clock& k)
      : pool(p), catalog(c), events(e), clock(k) {}

  db::Pool& pool;
  catalog::Catalog& catalog;
  platform::EventBus& events;
  const Clock& clock;
  db::Contributions<const Order&, std::optional<std::int64_t>> contributors;
  kernel::TtlCache<std::vector<CategoryCount>> counts_cache{kCountsTtl, kCountsCacheLimit};

  /// The form with its rules (CheckRules) and catalog references checked (ValidationFailed otherwise) and its
  /// budget's base amount set, whoever calls (the HTTP edge, bids' job offers, the demo seeder, tests).
  awaitable<OrderInput> Checked(const OrderInput& form) {
    auto snapshot = co_await catalog.Get();
    OrderInput input = form;
    ValidationErrors errors;
    CheckRules(input, clock.Now(), errors);
    CheckReferences(*snapshot, input, errors);
    errors.ThrowIfAny();
    co_return input;
  }

  /// The checked form written over the order (the caller holds its lock), with its attachments when asked.
  awaitable<void> Write(db::Transaction& tx, std::int64_t order_id, std::int64_t user_id,
                        const OrderInput& form, bool attachments) {
    const OrderInput input = co_await Checked(form);
    const TimePoint now = clock.Now();
    const std::string_view payment = PaymentOptionName(input.payment_option);
    const auto amount = kernel::AmountOf(input.budget);
    const auto currency = kernel::CurrencyOf(input.budget);
    co_await tx.Query(kUpdateOrder, order_id, input.name, input.description, input.category_id,
                      input.specialization_id, input.skill_ids, amount, currency, input.budget_base,
                      input.deadline, payment, input.country_id, input.city_id, now,
                      input.portfolio_required);
    if (attachments) co_await SetAttachments(tx, order_id, user_id, input.attachment_ids);
  }

  awaitable<void> SetAttachments(db::Transaction& tx, std::int64_t order_id, std::int64_t owner_id,
                                 const std::vector<std::int64_t>& ids) {
    if (!ids.empty()) {
      auto attached = co_await tx.Query(kAttach, order_id, owner_id, ids);
      if (attached.AffectedRows() != ids.size()) {
        throw ValidationFailed("attachment_ids", {"orders:attachment_unknown"});
      }
    }
    co_await tx.Query(kDetachOthers, order_id, ids);
  }
};

Orders::Orders(db::Pool& pool, catalog::Catalog& catalog, platform::EventBus& events, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, events, clock)) {}

Orders::~Orders() = default;

catalog::Catalog& Orders::Catalog() noexcept {
  return impl_->catalog;
}

const Clock& Orders::GetClock() const noexcept {
  return impl_->clock;
}

awaitable<std::int64_t> Orders::Create(db::Transaction& tx, std::int64_t customer_id, const OrderInput& form,
                                       std::optional<TimePoint> opens_at) {
  const OrderInput input = co_await impl_->Checked(form);
  const TimePoint now = impl_->clock.Now();
  const std::string_view visibility = opens_at ? "personal" : "public";
  const std::string_view payment = PaymentOptionName(input.payment_option);
  const auto amount = kernel::AmountOf(input.budget);
  const auto currency = kernel::CurrencyOf(input.budget);
  auto inserted = co_await tx.Query(kInsertOrder, customer_id, input.name, input.description,
                                    input.category_id, input.specialization_id, input.skill_ids, amount,
                                    currency, input.budget_base, input.deadline, payment, input.country_id,
                                    input.city_id, visibility, opens_at, now, input.portfolio_required);
  const auto order_id = inserted.One().Get<std::int64_t>("id");
  co_await impl_->SetAttachments(tx, order_id, customer_id, input.attachment_ids);
  OrderPosted event;
  event.order_id = order_id;
  event.customer_id = customer_id;
  event.personal = opens_at.has_value();
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  co_return order_id;
}

awaitable<std::int64_t> Orders::Create(std::int64_t customer_id, const OrderInput& input) {
  auto tx = co_await impl_->pool.Begin();
  auto order_id = co_await Create(tx, customer_id, input);
  co_await tx.Commit();
  co_return order_id;
}

awaitable<void> Orders::Update(std::int64_t user_id, std::int64_t order_id, const OrderInput& form) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await LockVisible(tx, order_id, user_id);
  if (order.customer.id != user_id) throw Forbidden({"orders:edit_not_customer"});
  Apply(order.StateAt(impl_->clock.Now()), Action::kEdit);
  co_await impl_->Write(tx, order_id, user_id, form, true);
  co_await tx.Commit();
}

awaitable<void> Orders::Update(std::int64_t user_id, std::int64_t order_id, const OrderPatch& patch) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await LockVisible(tx, order_id, user_id);
  if (order.customer.id != user_id) throw Forbidden({"orders:edit_not_customer"});
  Apply(order.StateAt(impl_->clock.Now()), Action::kEdit);
  OrderInput form = FormOf(order);
  Merge(patch, form);
  co_await impl_->Write(tx, order_id, user_id, form, patch.attachment_ids.present);
  co_await tx.Commit();
}

awaitable<void> Orders::Delete(std::int64_t user_id, std::int64_t order_id) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await LockVisible(tx, order_id, user_id);
  RequireCustomer(order, user_id);
  Apply(order.StateAt(impl_->clock.Now()), Action::kDelete);
  co_await tx.Query(kDeleteOrder, order_id);
  co_await tx.Commit();
}

awaitable<void> Orders::Transition(std::int64_t user_id, std::int64_t order_id, Action action) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await LockVisible(tx, order_id, user_id);
  RequireCustomer(order, user_id);
  const TimePoint now = impl_->clock.Now();
  const Status next = Apply(order.StateAt(now), action);
  const std::string_view status = StatusName(next);
  co_await tx.Query(kSetStatus, order_id, status, now);
  // Filled member by member: g++ 12 mishandles aggregates with destructors brace-built in coroutines.
  OrderTransitioned event;
  event.order = std::move(order);
  event.action = action;
  event.next = next;
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  co_await tx.Commit();
}

awaitable<Order> Orders::GetVisible(std::int64_t order_id, std::optional<std::int64_t> viewer_id) {
  // One round trip: the order, its files, and whether the viewer was invited (needed only for a personal
  // order, but cheaper to ask than to wait for a second trip).
  auto results = co_await impl_->pool.Pipeline(VisibleQueries(order_id, viewer_id));
  if (results[0].Empty()) throw NotFoundOrder();
  Order order = detail::ReadOrder(results[0][0]);
  const Access access = AccessOf(order, viewer_id);
  if (access == Access::kHidden) throw NotFoundOrder();
  if (access == Access::kIfInvited && !results[2].One().Get<bool>("invited")) throw NotFoundOrder();
  order.attachments = ReadAttachments(results[1]);
  co_return order;
}

awaitable<Order> Orders::Lock(db::Transaction& tx, std::int64_t order_id) {
  auto rows = co_await tx.Query(kLockOrder, order_id);
  if (rows.Empty()) throw NotFoundOrder();
  co_return detail::ReadOrder(rows[0]);
}

awaitable<Order> Orders::LockVisible(db::Transaction& tx, std::int64_t order_id, std::int64_t viewer_id) {
  auto order = co_await Lock(tx, order_id);
  if (AccessOf(order, viewer_id) == Access::kIfInvited) {
    auto invited = co_await tx.Query(kInvited, order_id, viewer_id);
    if (!invited.One().Get<bool>("invited")) throw NotFoundOrder();
  }
  co_return order;
}

awaitable<void> Orders::SelectPerformer(db::Transaction& tx, const Order& order, std::int64_t performer_id) {
  const TimePoint now = impl_->clock.Now();
  Apply(order.StateAt(now), Action::kSelectPerformer);
  auto updated = co_await tx.Query(kSelectPerformer, order.id, performer_id, now);
  // The caller holds the row lock, so the state it checked is the state the update sees.
  if (updated.AffectedRows() != 1) throw Conflict({"orders:illegal_transition.in_progress"});
}

awaitable<void> Orders::AdjustBidCount(db::Transaction& tx, std::int64_t order_id, std::int32_t delta) {
  co_await tx.Query(kAdjustBidCount, order_id, delta);
}

awaitable<bool> Orders::MakePublic(db::Transaction& tx, std::int64_t order_id) {
  const TimePoint now = impl_->clock.Now();
  auto updated = co_await tx.Query(kMakePublic, order_id, now);
  co_return updated.AffectedRows() == 1;
}

awaitable<std::vector<std::pair<std::int64_t, std::int64_t>>> Orders::OpenDuePersonalOrders(TimePoint now,
                                                                                            int batch) {
  std::vector<std::pair<std::int64_t, std::int64_t>> opened;
  auto tx = co_await impl_->pool.Begin();
  auto rows = co_await tx.Query(kOpenDue, now, batch);
  for (auto row : rows) {
    const auto order_id = row.Get<std::int64_t>("id");
    const auto customer_id = row.Get<std::int64_t>("customer_id");
    PersonalOrderOpened event;
    event.order_id = order_id;
    event.customer_id = customer_id;
    event.order_name = row.Get<std::string>("name");
    event.at = now;
    co_await impl_->events.Publish(tx, event);
    opened.emplace_back(order_id, customer_id);
  }
  co_await tx.Commit();
  co_return opened;
}

awaitable<Page> Orders::List(const ListFilter& filter) {
  const TimePoint now = impl_->clock.Now();
  // Pages of the typo fallback carry that in their cursor.
  const bool fuzzy_page = filter.cursor && detail::IsFuzzyCursor(filter.sort, *filter.cursor);
  if (filter.query && !fuzzy_page && search::PrefersWindow(*filter.query)) {
    auto recent = detail::BuildRecentMatches(filter, now, search::kWindow);
    auto recent_rows = co_await impl_->pool.Execute(recent.statement, std::move(recent.params));
    if (recent_rows.Size() > static_cast<std::size_t>(filter.limit)) {
      co_return detail::ReadPage(recent_rows, filter.limit, filter.sort);
    }
  }
  if (!fuzzy_page || !filter.query) {  // a typo-fallback cursor without its text is refused by the builder
    auto query = detail::BuildPublicList(filter, now, std::nullopt);
    auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
    auto page = detail::ReadPage(rows, filter.limit, filter.sort);
    if (!page.items.empty() || !filter.query || filter.cursor) co_return page;
  }
  // Words that match nothing may be misspelt: their closest known spellings (orders.search_lexemes).
  auto corrected = co_await detail::Lexicon().Correct(impl_->pool, *filter.query);
  if (!corrected) co_return Page{};
  auto fuzzy = detail::BuildPublicList(filter, now, corrected);
  auto fuzzy_rows = co_await impl_->pool.Execute(fuzzy.statement, std::move(fuzzy.params));
  // The order list never answers the correction's words, only what they found (an empty page when nothing).
  co_return detail::ReadPage(fuzzy_rows, filter.limit, filter.sort, true);
}

awaitable<std::vector<CategoryCount>> Orders::CountByCategory(const ListFilter& filter) {
  const std::string key = CountsKey(filter);
  if (auto cached = impl_->counts_cache.Get(key)) co_return std::move(*cached);
  const TimePoint now = impl_->clock.Now();
  auto query = detail::BuildCounts(filter, now, std::nullopt);
  auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
  auto counts = ReadCounts(rows);
  if (counts.empty() && filter.query) {
    // The same typo fallback as the list, so the counts describe the orders it shows.
    auto corrected = co_await detail::Lexicon().Correct(impl_->pool, *filter.query);
    if (corrected) {
      auto fuzzy = detail::BuildCounts(filter, now, corrected);
      auto fuzzy_rows = co_await impl_->pool.Execute(fuzzy.statement, std::move(fuzzy.params));
      counts = ReadCounts(fuzzy_rows);
    }
  }
  impl_->counts_cache.Put(key, counts);
  co_return counts;
}

awaitable<Page> Orders::ListMine(std::int64_t user_id, Side side, std::optional<State> state,
                                 std::optional<std::string> cursor, std::int32_t limit) {
  const TimePoint now = impl_->clock.Now();
  auto query = detail::BuildUserOrders(user_id, side, detail::Audience::kSelf, state, cursor, limit, now);
  auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
  co_return detail::ReadPage(rows, limit, Sort::kDate);
}

awaitable<Page> Orders::ListOfUser(std::int64_t user_id, Side side, std::optional<State> state,
                                   std::optional<std::string> cursor, std::int32_t limit) {
  const TimePoint now = impl_->clock.Now();
  auto query = detail::BuildUserOrders(user_id, side, detail::Audience::kPublic, state, cursor, limit, now);
  auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
  // Only an empty first page pays for telling "nobody" from "nothing yet".
  if (rows.Empty() && !cursor) co_await profiles::RequireUser(impl_->pool, user_id);
  co_return detail::ReadPage(rows, limit, Sort::kDate);
}

awaitable<void> Orders::CheckUploadAllowance(std::int64_t user_id) {
  auto pending = co_await impl_->pool.Query(kPendingUploads, user_id, kMaxPendingUploads);
  if (pending.One().Get<std::int64_t>("pending") >= kMaxPendingUploads) {
    throw Conflict({"orders:uploads_pending", {{"count", std::to_string(kMaxPendingUploads)}}});
  }
}

awaitable<Attachment> Orders::AddUpload(std::int64_t user_id, const std::string& original_name,
                                        const storage::StoredFile& stored) {
  const TimePoint now = impl_->clock.Now();
  const auto size = static_cast<std::int64_t>(stored.size);
  auto inserted = co_await impl_->pool.Query(kInsertAttachment, user_id, stored.name, stored.thumbnail_name,
                                             original_name, stored.content_type, size, now);
  Attachment attachment;
  attachment.id = inserted.One().Get<std::int64_t>("id");
  attachment.original_name = original_name;
  attachment.file_name = stored.name;
  attachment.thumbnail_name = stored.thumbnail_name;
  attachment.content_type = stored.content_type;
  attachment.size = size;
  co_return attachment;
}

awaitable<std::optional<Attachment>> Orders::AttachmentFile(std::int64_t attachment_id,
                                                            std::optional<std::int64_t> viewer_id) {
  auto rows = co_await impl_->pool.Query(kAttachmentFile, attachment_id);
  if (rows.Empty()) co_return std::nullopt;
  auto row = rows.One();
  const auto order_id = row.Get<std::optional<std::int64_t>>("order_id");
  if (!order_id) {
    // An upload no order uses yet: its uploader's alone.
    if (viewer_id != row.Get<std::int64_t>("owner_id")) co_return std::nullopt;
  } else {
    // The order's own rule decides, so a personal order's files open with the order (24-hour rule).
    co_await GetVisible(*order_id, viewer_id);
  }
  co_return ReadAttachment(row);
}

void Orders::AddDetailContributor(DetailContributor contributor) {
  impl_->contributors.Add(std::move(contributor));
}

awaitable<boost::json::object> Orders::Contributed(const Order& order,
                                                   std::optional<std::int64_t> viewer_id) {
  boost::json::object keys;
  keys["viewer"] = kernel::ToJson(ViewerOf(order, viewer_id, impl_->clock.Now()));
  keys["my_bid"] = nullptr;
  keys["invitation"] = nullptr;
  keys["reviews"] = boost::json::array();
  auto batch = impl_->contributors.Collect({}, order, viewer_id);
  std::vector<db::Result> results;
  if (!batch.queries.empty()) results = co_await impl_->pool.Pipeline(std::move(batch.queries));
  impl_->contributors.Apply(batch, results, order, viewer_id, keys);
  co_return keys;
}

}  // namespace artel::orders
