// `artel seed-demo`'s chats: conversations between the demo accounts and the demo people, in the people's
// language, sent through Messenger::Send (so the rows are what the API makes) and then spread over the last
// days, as a real history would be.

#include "demo.hpp"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/messenger/messenger.hpp"

namespace artel::messenger {
namespace {

using boost::asio::awaitable;

struct Line {
  bool from_first;
  std::string_view text;
};

struct Conversation {
  /// Whose: the demo accounts (customer@/performer@, English), or the first Russian/English demo people.
  enum class Pair { kAccounts, kRussian, kEnglish, kRussianSecond } pair;
  bool order_context;
  /// How many of the last messages the second side has not read.
  std::size_t unread;
  std::vector<Line> lines;
};

const std::vector<Conversation>& Conversations() {
  static const std::vector<Conversation> conversations{
      {Conversation::Pair::kAccounts,
       true,
       2,
       {{true, "Hi! I saw your bid on my order. Could you start this week?"},
        {false, "Hello! Yes, I can start on Wednesday. Do you have the brand guidelines?"},
        {true, "I'll attach them to the order today. How long will the first draft take?"},
        {false, "About three days for the first draft, then one round of revisions."},
        {true, "Sounds good. I'll select your bid tonight."},
        {true, "One more thing: can you also prepare a version for mobile?"}}},
      {Conversation::Pair::kRussian,
       true,
       1,
       {{true, "Здравствуйте! Посмотрел ваше портфолио, очень понравились работы."},
        {false, "Добрый день! Спасибо. Расскажите подробнее о задаче?"},
        {true, "Нужен лендинг для кофейни: меню, карта, форма брони."},
        {false, "Понял. Срок — неделя, первый макет пришлю через три дня."},
        {true, "Отлично, жду макет. Договорились!"}}},
      {Conversation::Pair::kRussianSecond,
       false,
       2,
       {{true, "Добрый вечер! Вы ещё берёте заказы на переводы?"},
        {false, "Да, беру. Какой объём и тематика?"},
        {true, "Около 20 страниц, техническая документация."},
        // The anti-fraud caution: the recipient sees a hint under this one; nothing is blocked.
        {false, "Давайте лучше напрямую, без комиссии сайта: пишите в телеграм @translate_pro"},
        {false, "Или переведу на карту, как вам удобнее."}}},
      {Conversation::Pair::kEnglish,
       true,
       0,
       {{true, "Hello! Is the logo project still open?"},
        {false, "Yes, it is. Do you have examples of your previous work?"},
        {true, "Sure, they are in my profile. I usually deliver three concepts."},
        {false, "Great, let's discuss the details after I select a performer."}}},
  };
  return conversations;
}

constexpr db::Statement kHasChats{"messenger.demo_has_chats", R"sql(
SELECT EXISTS (SELECT 1 FROM messenger.participants WHERE user_id = $1) AS seeded
)sql"};
constexpr db::Statement kPeopleLangs{"messenger.demo_people_langs", R"sql(
SELECT id, lang FROM identity.users WHERE id = ANY($1::bigint[]) ORDER BY array_position($1::bigint[], id)
)sql"};
constexpr db::Statement kOrderOf{"messenger.demo_order_of", R"sql(
SELECT id FROM orders.orders WHERE customer_id = $1 AND visibility = 'public' ORDER BY id LIMIT 1
)sql"};
/// The history spread over the last days: message i of n sent (n - i) hours and a bit ago.
constexpr db::Statement kBackdate{"messenger.demo_backdate", R"sql(
WITH spread AS (
  SELECT id, row_number() OVER (ORDER BY id DESC) AS age FROM messenger.messages WHERE chat_id = $1
)
UPDATE messenger.messages m
SET created_at = now() - make_interval(hours => (spread.age * $2)::int, mins => (spread.age * 7)::int)
FROM spread WHERE m.id = spread.id
)sql"};
constexpr db::Statement kBackdateChat{"messenger.demo_backdate_chat", R"sql(
WITH last AS (SELECT max(created_at) AS at FROM messenger.messages WHERE chat_id = $1)
UPDATE messenger.chats c SET updated_at = last.at, created_at = last.at FROM last WHERE c.id = $1
)sql"};
constexpr db::Statement kBackdateParticipants{"messenger.demo_backdate_participants", R"sql(
UPDATE messenger.participants p SET activity_at = c.updated_at FROM messenger.chats c
WHERE c.id = $1 AND p.chat_id = c.id
)sql"};

struct Person {
  std::int64_t id = 0;
  std::string lang;
};

std::vector<Person> People(const db::Result& rows) {
  std::vector<Person> people;
  for (auto row : rows) people.push_back({row.Get<std::int64_t>("id"), row.Get<std::string>("lang")});
  return people;
}

std::optional<std::int64_t> Nth(const std::vector<Person>& people, std::string_view lang, std::size_t n) {
  for (const auto& person : people) {
    if (person.lang != lang) continue;
    if (n == 0) return person.id;
    --n;
  }
  return std::nullopt;
}

}  // namespace

awaitable<DemoChats> SeedDemoChats(db::Pool& pool, Messenger& messenger) {
  DemoChats result;
  const auto customer = co_await identity::FindUserId(pool, "customer@artel.local");
  const auto performer = co_await identity::FindUserId(pool, "performer@artel.local");
  if (!customer || !performer) throw std::runtime_error("seed-demo: the demo accounts come first");
  auto seeded = co_await pool.Query(kHasChats, *customer);
  if (seeded.One().Get<bool>("seeded")) co_return result;

  const auto customer_ids = co_await identity::DemoPeople(pool, "customer");
  const auto performer_ids = co_await identity::DemoPeople(pool, "performer");
  auto customer_rows = co_await pool.Query(kPeopleLangs, customer_ids);
  auto performer_rows = co_await pool.Query(kPeopleLangs, performer_ids);
  const auto customers = People(customer_rows);
  const auto performers = People(performer_rows);

  std::size_t index = 0;
  for (const auto& conversation : Conversations()) {
    ++index;
    std::optional<std::int64_t> first;
    std::optional<std::int64_t> second;
    switch (conversation.pair) {
      case Conversation::Pair::kAccounts:
        first = customer;
        second = performer;
        break;
      case Conversation::Pair::kRussian:
        first = Nth(customers, "ru", 0);
        second = Nth(performers, "ru", 0);
        break;
      case Conversation::Pair::kRussianSecond:
        first = Nth(customers, "ru", 1);
        second = Nth(performers, "ru", 1);
        break;
      case Conversation::Pair::kEnglish:
        first = Nth(customers, "en", 0);
        second = Nth(performers, "en", 0);
        break;
    }
    if (!first || !second || *first == *second) continue;
    std::optional<ChatContext> context;
    if (conversation.order_context) {
      auto order = co_await pool.Query(kOrderOf, *first);
      if (!order.Empty()) context = ChatContext{"order", order.One().Get<std::int64_t>("id"), {}};
    }
    auto started = co_await messenger.Start(*first, *second, context);
    const auto chat_id = started.chat.id;
    ++result.chats;
    std::vector<std::pair<std::int64_t, bool>> sent;  // id, from first
    std::size_t line_number = 0;
    for (const auto& line : conversation.lines) {
      ++line_number;
      SendInput input;
      // Stable ids: a second seed run would return the same messages.
      input.client_id = fmt::format("00000000-0000-4000-8000-{:06d}{:06d}", index, line_number);
      input.text = std::string(line.text);
      const std::int64_t author = line.from_first ? *first : *second;
      auto message = co_await messenger.Send(author, chat_id, std::move(input));
      sent.emplace_back(message.message.id, line.from_first);
      ++result.messages;
    }
    // Both sides have read everything but the last `unread` messages (from one author in each script).
    const std::size_t read_until = sent.size() - std::min(conversation.unread, sent.size());
    if (read_until > 0) {
      co_await messenger.Read(*first, chat_id, sent[read_until - 1].first);
      co_await messenger.Read(*second, chat_id, sent[read_until - 1].first);
    }
    const std::int64_t hours_apart = static_cast<std::int64_t>(index) + 1;
    co_await pool.Query(kBackdate, chat_id, hours_apart);
    co_await pool.Query(kBackdateChat, chat_id);
    co_await pool.Query(kBackdateParticipants, chat_id);
  }
  co_return result;
}

}  // namespace artel::messenger
