// The orders service against a real PostgreSQL (a fresh migrated database per test): creation, visibility,
// transitions, the public list's filters, search and keyset pages, and the 24-hour opening job.

#include <gtest/gtest.h>

#include <boost/asio/experimental/awaitable_operators.hpp>
#include <set>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/views.hpp"
#include "artel/testing/testing.hpp"

namespace artel::orders {
namespace {

using db::testing::TestDatabase;
using testing::CodeOf;
using testing::MakeUser;
using namespace std::chrono_literals;

constexpr std::int32_t kDevelopment = 1;
constexpr std::int32_t kDesign = 2;
constexpr std::int32_t kWebDevelopment = 101;
constexpr std::int32_t kPython = 2;
constexpr std::int32_t kRussia = 1;
constexpr std::int32_t kMoscow = 1;
constexpr std::int32_t kAlmaty = 21;

class OrdersTest : public ::testing::Test {
 protected:
  OrdersTest()
      : clock_(*ParseIsoTime("2026-11-22T12:00:00Z")),
        catalog_(db_.GetPool()),
        notifier_(events_),
        orders_(db_.GetPool(), catalog_, events_, clock_) {
    AddNotificationKinds(notifier_);
  }

  OrderInput Input(std::string name, std::string description) {
    OrderInput input;
    input.name = std::move(name);
    input.description = std::move(description);
    input.category_id = kDevelopment;
    input.payment_option = PaymentOption::kNoPrepayment;
    return input;
  }

  std::int64_t Create(std::int64_t customer, const OrderInput& input) {
    return db_.Run(orders_.Create(customer, input));
  }

  std::vector<std::int64_t> Ids(const ListFilter& filter) {
    std::vector<std::int64_t> ids;
    for (const auto& order : db_.Run(orders_.List(filter)).items) ids.push_back(order.id);
    return ids;
  }

  TestDatabase db_;
  ManualClock clock_;
  catalog::Catalog catalog_;
  platform::EventBus events_;
  notifications::Notifier notifier_;
  Orders orders_;
};

TEST_F(OrdersTest, CreatesAndShowsAnOrder) {
  auto customer = MakeUser(db_, "customer");
  auto input = Input("Online store on Django", "Catalogue, cart and payment through YooKassa, admin panel.");
  input.specialization_id = kWebDevelopment;
  input.skill_ids = {kPython};
  input.budget = Money{15000000, "RUB"};
  input.budget_base = 15000000;
  input.deadline = clock_.Now() + 24h * 10;
  input.country_id = kRussia;
  input.city_id = kMoscow;
  auto id = Create(customer, input);

  auto order = db_.Run(orders_.GetVisible(id, std::nullopt));
  EXPECT_EQ(order.name, input.name);
  EXPECT_EQ(order.customer.id, customer);
  EXPECT_EQ(order.StateAt(clock_.Now()), State::kSearch);
  EXPECT_EQ(order.skill_ids, (std::vector<std::int64_t>{kPython}));
  EXPECT_EQ(order.budget->amount, 15000000);
  EXPECT_FALSE(order.personal);

  auto detail = db_.Run(orders::Detail(orders_, order, customer));
  EXPECT_TRUE(detail.viewer.can_edit);
  EXPECT_FALSE(detail.viewer.can_bid);
  auto stranger = db_.Run(orders::Detail(orders_, order, std::nullopt));
  EXPECT_FALSE(stranger.viewer.can_edit);
}

TEST_F(OrdersTest, OnlyTheCustomerChangesAnOrderAndIllegalTransitionsChangeNothing) {
  auto customer = MakeUser(db_, "customer");
  auto other = MakeUser(db_, "other");
  auto id =
      Create(customer, Input("Fix a WordPress theme", "The header breaks on phones narrower than 360 px."));

  EXPECT_EQ(CodeOf(db_, orders_.Transition(other, id, Action::kClose)), ErrorCode::kForbidden);
  EXPECT_EQ(CodeOf(db_, orders_.Delete(other, id)), ErrorCode::kForbidden);
  EXPECT_EQ(CodeOf(db_, orders_.Transition(customer, id, Action::kComplete)), ErrorCode::kConflict);
  EXPECT_EQ(CodeOf(db_, orders_.Transition(customer, id, Action::kReopen)), ErrorCode::kConflict);

  db_.Run(orders_.Transition(customer, id, Action::kClose));
  EXPECT_EQ(db_.Run(orders_.GetVisible(id, customer)).status, Status::kClosed);
  EXPECT_EQ(CodeOf(db_, orders_.Transition(customer, id, Action::kClose)), ErrorCode::kConflict);
  db_.Run(orders_.Transition(customer, id, Action::kReopen));
  EXPECT_EQ(db_.Run(orders_.GetVisible(id, customer)).status, Status::kSearch);

  // A selected performer locks the order against edits and deletion.
  auto performer = MakeUser(db_, "performer");
  db_.Run([&]() -> boost::asio::awaitable<void> {
    auto tx = co_await db_.GetPool().Begin();
    auto order = co_await orders_.Lock(tx, id);
    co_await orders_.SelectPerformer(tx, order, performer);
    co_await tx.Commit();
  }());
  auto before = db_.Run(orders_.GetVisible(id, customer));
  EXPECT_EQ(before.status, Status::kInProgress);
  EXPECT_EQ(
      CodeOf(db_, orders_.Update(customer, id, Input("Another name", "Another description, long enough."))),
      ErrorCode::kConflict);
  EXPECT_EQ(CodeOf(db_, orders_.Delete(customer, id)), ErrorCode::kConflict);
  EXPECT_EQ(CodeOf(db_, orders_.Transition(customer, id, Action::kClose)), ErrorCode::kConflict);
  auto after = db_.Run(orders_.GetVisible(id, customer));
  EXPECT_EQ(after.name, before.name);
  EXPECT_EQ(after.updated_at, before.updated_at);

  db_.Run(orders_.Transition(customer, id, Action::kComplete));
  EXPECT_EQ(db_.Run(orders_.GetVisible(id, customer)).status, Status::kCompleted);
}

TEST_F(OrdersTest, AnExpiredOrderLeavesTheListAndReopensWithANewDeadline) {
  auto customer = MakeUser(db_, "customer");
  auto input = Input("Translate a price list", "Two pages from Kazakh to Russian, by Friday.");
  input.deadline = clock_.Now() + 2h;
  auto id = Create(customer, input);
  EXPECT_EQ(Ids({}), std::vector<std::int64_t>{id});
  clock_.Advance(3h);
  EXPECT_TRUE(Ids({}).empty());
  EXPECT_EQ(db_.Run(orders_.GetVisible(id, customer)).StateAt(clock_.Now()), State::kExpired);
  input.deadline = clock_.Now() + 48h;
  db_.Run(orders_.Update(customer, id, input));
  EXPECT_EQ(Ids({}), std::vector<std::int64_t>{id});
}

TEST_F(OrdersTest, FiltersAndSearchesInBothLanguages) {
  auto customer = MakeUser(db_, "customer");
  auto site = Input("Разработка сайта для пекарни", "Нужен одностраничный сайт с меню и формой заказа.");
  site.budget = Money{5000000, "RUB"};
  site.budget_base = 5000000;
  site.deadline = clock_.Now() + 48h;
  site.payment_option = PaymentOption::kSafeDeal;
  site.country_id = kRussia;
  site.city_id = kMoscow;
  auto site_id = Create(customer, site);

  auto bot = Input("Telegram bot for a bakery", "A bot that takes orders and sends them to the kitchen.");
  bot.skill_ids = {kPython};
  bot.budget = Money{100000, "USD"};
  bot.budget_base = 9200000;
  bot.deadline = clock_.Now() + 24h * 20;
  auto bot_id = Create(customer, bot);

  auto logo = Input("Logo for a coffee shop", "Warm colours, a cup and the name in a hand-written font.");
  logo.category_id = kDesign;
  logo.country_id = 2;
  logo.city_id = kAlmaty;
  auto logo_id = Create(customer, logo);

  ListFilter filter;
  EXPECT_EQ(Ids(filter), (std::vector<std::int64_t>{logo_id, bot_id, site_id}));
  filter.category_id = kDevelopment;
  EXPECT_EQ(Ids(filter), (std::vector<std::int64_t>{bot_id, site_id}));

  auto search = [&](std::string query) {
    ListFilter by_text;
    by_text.query = std::move(query);
    return Ids(by_text);
  };
  EXPECT_EQ(search("сайты"), std::vector<std::int64_t>{site_id});         // Russian stemming
  EXPECT_EQ(search("bots"), std::vector<std::int64_t>{bot_id});           // English stemming
  EXPECT_EQ(search("telegam"), std::vector<std::int64_t>{bot_id});        // a typo in the name
  EXPECT_EQ(search("bakkery"), (std::vector<std::int64_t>{bot_id}));      // a typo in any word
  EXPECT_EQ(search("пекарни меню"), std::vector<std::int64_t>{site_id});  // every word
  EXPECT_EQ(search("пекрни сайтт"), std::vector<std::int64_t>{site_id});  // every word, both misspelt
  EXPECT_TRUE(search("пекарни blockchain").empty());  // a word with nothing close is not dropped
  EXPECT_EQ(search("kitchn telegram"), std::vector<std::int64_t>{bot_id});
  EXPECT_TRUE(search("blockchain").empty());
  EXPECT_TRUE(search("the of and").empty());  // no word at all after the stop words
  // Words an edit brings are known to the fallback too.
  auto edited = logo;
  edited.description = "Warm colours, a cup and a croissant.";
  db_.Run(orders_.Update(customer, logo_id, edited));
  EXPECT_EQ(search("crossant"), std::vector<std::int64_t>{logo_id});

  ListFilter urgent;
  urgent.deadline = DeadlineBucket::kUrgent;
  EXPECT_EQ(Ids(urgent), std::vector<std::int64_t>{site_id});
  ListFilter month;
  month.deadline = DeadlineBucket::kMonth;
  EXPECT_EQ(Ids(month), (std::vector<std::int64_t>{bot_id, site_id}));
  ListFilter agreement;
  agreement.deadline = DeadlineBucket::kByAgreement;
  EXPECT_EQ(Ids(agreement), std::vector<std::int64_t>{logo_id});

  ListFilter budget;
  budget.budget_min_base = 6000000;  // 60,000 RUB: the 1,000 USD bot (92,000 RUB) only
  EXPECT_EQ(Ids(budget), std::vector<std::int64_t>{bot_id});
  budget.budget_min_base.reset();
  budget.budget_max_base = 6000000;
  EXPECT_EQ(Ids(budget), std::vector<std::int64_t>{site_id});

  ListFilter payment;
  payment.payment_option = PaymentOption::kSafeDeal;
  EXPECT_EQ(Ids(payment), std::vector<std::int64_t>{site_id});
  ListFilter place;
  place.city_id = kAlmaty;
  EXPECT_EQ(Ids(place), std::vector<std::int64_t>{logo_id});
  ListFilter skill;
  skill.skill_id = kPython;
  EXPECT_EQ(Ids(skill), std::vector<std::int64_t>{bot_id});

  ListFilter by_budget;
  by_budget.sort = Sort::kBudget;
  EXPECT_EQ(Ids(by_budget), (std::vector<std::int64_t>{bot_id, site_id, logo_id}));

  auto counts = db_.Run(orders_.CountByCategory({}));
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_EQ(counts[0].category_id, kDevelopment);
  EXPECT_EQ(counts[0].count, 2);
  EXPECT_EQ(counts[1].count, 1);
}

TEST_F(OrdersTest, KeysetPagesNeitherRepeatNorSkip) {
  auto customer = MakeUser(db_, "customer");
  std::set<std::int64_t> created;
  for (int i = 0; i < 23; ++i) {
    auto input = Input("Order number " + std::to_string(i), "A description long enough for the form rules.");
    if (i % 3 != 0) {
      input.budget = Money{1000 * (i % 5 + 1), "RUB"};
      input.budget_base = input.budget->amount;
    }
    created.insert(Create(customer, input));
    if (i % 2 == 0) clock_.Advance(1s);  // some orders share a created_at: the id breaks the tie
  }
  for (auto sort : {Sort::kDate, Sort::kBudget}) {
    ListFilter filter;
    filter.sort = sort;
    filter.limit = 5;
    std::vector<std::int64_t> seen;
    int pages = 0;
    while (true) {
      auto page = db_.Run(orders_.List(filter));
      for (const auto& order : page.items) seen.push_back(order.id);
      ++pages;
      if (!page.next_cursor) break;
      filter.cursor = page.next_cursor;
    }
    EXPECT_EQ(pages, 5);
    EXPECT_EQ(seen.size(), created.size());
    EXPECT_EQ(std::set<std::int64_t>(seen.begin(), seen.end()), created);
  }
  ListFilter bad;
  bad.cursor = "garbage";
  try {
    db_.Run(orders_.List(bad));
    ADD_FAILURE();
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed);
  }
}

TEST_F(OrdersTest, PersonalOrdersAreHiddenUntilTheyOpenAndOpenOnce) {
  auto customer = MakeUser(db_, "customer");
  auto stranger = MakeUser(db_, "stranger");
  auto input = Input("Personal offer: a landing page", "Only for the performer I liked, for now.");
  auto id = db_.Run([&]() -> boost::asio::awaitable<std::int64_t> {
    auto tx = co_await db_.GetPool().Begin();
    auto order_id = co_await orders_.Create(tx, customer, input, clock_.Now() + 24h);
    co_await tx.Commit();
    co_return order_id;
  }());
  EXPECT_TRUE(Ids({}).empty());
  EXPECT_EQ(
      CodeOf(db_, [&]() -> boost::asio::awaitable<void> { co_await orders_.GetVisible(id, stranger); }()),
      ErrorCode::kNotFound);
  EXPECT_EQ(
      CodeOf(db_, [&]() -> boost::asio::awaitable<void> { co_await orders_.GetVisible(id, std::nullopt); }()),
      ErrorCode::kNotFound);
  EXPECT_TRUE(db_.Run(orders_.GetVisible(id, customer)).personal);

  EXPECT_TRUE(db_.Run(orders_.OpenDuePersonalOrders(clock_.Now() + 24h - 1s)).empty());
  // Two instances running the job at once: the row is opened exactly once.
  using namespace boost::asio::experimental::awaitable_operators;
  auto [first, second] = db_.Run([&]() -> boost::asio::awaitable<std::tuple<std::size_t, std::size_t>> {
    auto at = clock_.Now() + 24h;
    auto [a, b] = co_await (orders_.OpenDuePersonalOrders(at) && orders_.OpenDuePersonalOrders(at));
    co_return std::make_tuple(a.size(), b.size());
  }());
  EXPECT_EQ(first + second, 1u);
  EXPECT_EQ(Ids({}), std::vector<std::int64_t>{id});
  EXPECT_FALSE(db_.Run(orders_.GetVisible(id, stranger)).personal);
  auto notified = db_.Run(db_.GetPool().Query(
      "SELECT count(*) FROM notifications.notifications WHERE user_id = $1 AND kind = 'order_opened'",
      customer));
  EXPECT_EQ(notified.One().Get<std::int64_t>(0), 1);
}

TEST_F(OrdersTest, TextSearchPagesAreTheSameWhetherTheNewestOrdersHoldThemOrNot) {
  // 2 500 orders, one a minute, more than the search window (2 000) that a text of several words looks
  // through first: "bakery site" in every order (the window always has a page), "kubernetes" in every 100th
  // (the newest window holds fewer than a page: the full query runs), "terraform" only in the 30 oldest
  // (nothing in the window at all). One word never takes the window; its pages must not differ either.
  auto customer = MakeUser(db_, "customer");
  db_.Run(db_.GetPool().Query(
      "INSERT INTO orders.orders (customer_id, name, description, category_id, payment_option, created_at, "
      "updated_at) SELECT $1, 'Order ' || i, 'A site for a bakery' || "
      "CASE WHEN i % 100 = 0 THEN ' on kubernetes' ELSE '' END || "
      "CASE WHEN i <= 30 THEN ' with terraform' ELSE '' END, 1, 'contract', "
      "$2::timestamptz - (2500 - i) * interval '1 minute', $2::timestamptz "
      "FROM generate_series(1, 2500) i",
      customer, clock_.Now() - 1h));
  // Every page of a query, through the cursors, in order.
  auto all_pages = [&](std::string query, std::int32_t limit, Sort sort) {
    std::vector<std::int64_t> ids;
    ListFilter filter;
    filter.query = std::move(query);
    filter.limit = limit;
    filter.sort = sort;
    while (true) {
      auto page = db_.Run(orders_.List(filter));
      for (const auto& order : page.items) ids.push_back(order.id);
      if (!page.next_cursor) break;
      filter.cursor = page.next_cursor;
    }
    return ids;
  };
  auto expected = [&](std::string_view where) {
    std::vector<std::int64_t> ids;
    auto rows = db_.Run(db_.GetPool().Query("SELECT id FROM orders.orders WHERE " + std::string(where) +
                                            " ORDER BY created_at DESC, id DESC"));
    for (auto row : rows) ids.push_back(row.Get<std::int64_t>(0));
    return ids;
  };
  EXPECT_EQ(all_pages("bakery site", 50, Sort::kDate), expected("true"));
  EXPECT_EQ(all_pages("bakery", 50, Sort::kDate), expected("true"));
  EXPECT_EQ(all_pages("kubernetes bakery", 20, Sort::kDate), expected("description LIKE '%kubernetes%'"));
  EXPECT_EQ(all_pages("terraform site", 7, Sort::kDate), expected("description LIKE '%terraform%'"));
  // By budget every order here is "by agreement" (-1): the id breaks the tie.
  auto by_budget = all_pages("bakery site", 50, Sort::kBudget);
  auto ids = expected("true");
  std::sort(ids.begin(), ids.end(), std::greater<>());
  EXPECT_EQ(by_budget, ids);
}

TEST_F(OrdersTest, AUsersPublicListsShowNeitherPersonalOffersNorBids) {
  auto customer = MakeUser(db_, "customer");
  auto performer = MakeUser(db_, "performer");
  auto open = Create(customer, Input("Telegram bot for a bakery", "Orders and delivery slots in the chat."));
  auto closed = Create(customer, Input("Logo for a bakery", "A wheat ear and the name, two colours."));
  db_.Run(orders_.Transition(customer, closed, Action::kClose));
  auto worked = Create(customer, Input("Price list layout", "One A4 page, print ready."));
  auto personal = db_.Run([&]() -> boost::asio::awaitable<std::int64_t> {
    auto tx = co_await db_.GetPool().Begin();
    auto order_id = co_await orders_.Create(
        tx, customer, Input("Personal: menu photos", "Twelve dishes on a light background."),
        clock_.Now() + 24h);
    co_await tx.Commit();
    co_return order_id;
  }());
  for (auto id : {worked, personal}) {
    db_.Run([&]() -> boost::asio::awaitable<void> {
      auto tx = co_await db_.GetPool().Begin();
      auto order = co_await orders_.Lock(tx, id);
      co_await orders_.SelectPerformer(tx, order, performer);
      co_await tx.Commit();
    }());
  }
  auto ids = [&](std::int64_t user, Side side, std::optional<State> state) {
    std::vector<std::int64_t> found;
    for (const auto& order : db_.Run(orders_.ListOfUser(user, side, state, std::nullopt, 20)).items) {
      found.push_back(order.id);
    }
    return found;
  };

  EXPECT_EQ(ids(customer, Side::kCustomer, std::nullopt), (std::vector<std::int64_t>{worked, closed, open}));
  EXPECT_EQ(ids(customer, Side::kCustomer, State::kClosed), std::vector<std::int64_t>{closed});
  EXPECT_EQ(ids(performer, Side::kPerformer, std::nullopt), std::vector<std::int64_t>{worked});
  EXPECT_TRUE(ids(customer, Side::kPerformer, std::nullopt).empty());
  // The user's own list still has the personal offer.
  EXPECT_EQ(
      db_.Run(orders_.ListMine(performer, Side::kPerformer, std::nullopt, std::nullopt, 20)).items.size(),
      2u);
  EXPECT_EQ(CodeOf(db_,
                   [&]() -> boost::asio::awaitable<void> {
                     co_await orders_.ListOfUser(customer + 1000, Side::kCustomer, std::nullopt, std::nullopt,
                                                 20);
                   }()),
            ErrorCode::kNotFound);
}

TEST_F(OrdersTest, AttachesOnlyTheCustomersOwnUploads) {
  auto customer = MakeUser(db_, "customer");
  auto other = MakeUser(db_, "other");
  auto upload = [&](std::int64_t owner) {
    return db_
        .Run(db_.GetPool().Query(
            "INSERT INTO orders.attachments (owner_id, file_name, original_name, content_type, size) "
            "VALUES ($1, 'f.pdf', 'brief.pdf', 'application/pdf', 10) RETURNING id",
            owner))
        .One()
        .Get<std::int64_t>(0);
  };
  auto mine = upload(customer);
  auto theirs = upload(other);
  auto input = Input("Design a brochure", "Eight pages, the brief and the logo are attached.");
  input.attachment_ids = {theirs};
  EXPECT_EQ(
      CodeOf(db_, [&]() -> boost::asio::awaitable<void> { co_await orders_.Create(customer, input); }()),
      ErrorCode::kValidationFailed);
  EXPECT_TRUE(Ids({}).empty());  // the failed creation left nothing behind
  input.attachment_ids = {mine};
  auto id = Create(customer, input);
  auto order = db_.Run(orders_.GetVisible(id, std::nullopt));
  ASSERT_EQ(order.attachments.size(), 1u);
  EXPECT_EQ(order.attachments[0].original_name, "brief.pdf");
  input.attachment_ids.clear();
  db_.Run(orders_.Update(customer, id, input));
  EXPECT_TRUE(db_.Run(orders_.GetVisible(id, std::nullopt)).attachments.empty());
}

}  // namespace
}  // namespace artel::orders
