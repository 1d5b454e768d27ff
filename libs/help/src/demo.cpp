#include "demo.hpp"

#include <boost/json/parse.hpp>
#include <chrono>
#include <stdexcept>
#include <string>

#include "artel/db/pool.hpp"
#include "artel/help/help.hpp"
#include "artel/markdown/markdown.hpp"
#include "content.hpp"

namespace artel::help {
namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr db::Statement kCountFaq{"help.demo_count_faq",
                                  R"sql(SELECT count(*) AS n FROM help.faq_categories)sql"};
constexpr db::Statement kCountPages{"help.demo_count_pages", R"sql(SELECT count(*) AS n FROM help.pages)sql"};
constexpr db::Statement kCountTickets{"help.demo_count_tickets",
                                      R"sql(SELECT count(*) AS n FROM help.tickets)sql"};
constexpr db::Statement kFirstAdmin{"help.demo_first_admin", R"sql(
SELECT id FROM identity.users WHERE role >= 1 ORDER BY (email = 'admin@artel.local') DESC, id LIMIT 1
)sql"};
constexpr db::Statement kDemoUser{"help.demo_user", R"sql(
SELECT id, email, lang FROM identity.users WHERE email = $1
)sql"};
constexpr db::Statement kInsertCategory{"help.demo_insert_category", R"sql(
INSERT INTO help.faq_categories (code, name_en, name_ru, position) VALUES ($1, $2, $3, $4) RETURNING id
)sql"};
constexpr db::Statement kInsertQuestion{"help.demo_insert_question", R"sql(
INSERT INTO help.faq_questions (code, category_id, question_en, question_ru, answer_en, answer_ru,
  answer_html_en, answer_html_ru, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
)sql"};
constexpr db::Statement kInsertPage{"help.demo_insert_page", R"sql(
INSERT INTO help.pages (code, lang, title, body, body_html, version, updated_by, updated_at)
VALUES ($1, $2, $3, $4, $5, 1, $6, $7)
)sql"};
constexpr db::Statement kInsertPageVersion{"help.demo_insert_page_version", R"sql(
INSERT INTO help.page_versions (code, lang, version, title, body, author_id, created_at)
VALUES ($1, $2, 1, $3, $4, $5, $6)
)sql"};
constexpr db::Statement kInsertTicket{"help.demo_insert_ticket", R"sql(
INSERT INTO help.tickets (topic, subject, message, email, user_id, lang, status, ip, created_at, answered_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, '127.0.0.1', $8, $9)
RETURNING id
)sql"};
constexpr db::Statement kInsertAnswer{"help.demo_insert_answer", R"sql(
INSERT INTO help.ticket_messages (ticket_id, admin_id, text, created_at) VALUES ($1, $2, $3, $4)
)sql"};

std::string_view Content(std::string_view name) {
  for (const auto& file : ContentFiles()) {
    if (file.name == name) return file.text;
  }
  throw std::runtime_error("help: demo content missing: " + std::string(name));
}

/// A page file starts with its title as "# Title"; the rest is the body.
std::pair<std::string, std::string> SplitTitle(std::string_view text) {
  if (!text.starts_with("# ")) throw std::runtime_error("help: a demo page must start with '# Title'");
  const auto end = text.find('\n');
  std::string title(text.substr(2, end - 2));
  std::string_view body = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  while (body.starts_with('\n')) body.remove_prefix(1);
  return {std::move(title), std::string(body)};
}

std::string Str(const boost::json::object& object, std::string_view key) {
  return std::string(object.at(key).as_string());
}

struct DemoTicket {
  std::string_view user_email;  // empty: a guest
  std::string_view guest_email;
  std::string_view lang;
  std::string_view topic;
  std::string_view status;
  std::string_view subject;
  std::string_view message;
  std::string_view answer;  // empty: not answered
  std::chrono::hours age;
};

constexpr DemoTicket kTickets[] = {
    {"anna.smirnova@demo.artel.local", "", "ru", "payments", "open", "Не пришёл возврат по безопасной сделке",
     "Здравствуйте! Исполнитель отказался от заказа «Логотип для кофейни» три дня назад, деньги по "
     "безопасной "
     "сделке должны были вернуться, но на карте их пока нет. Подскажите, сколько обычно идёт возврат?",
     "", 5h},
    {"", "guest.freelancer@example.com", "en", "account", "open", "Cannot receive the confirmation e-mail",
     "Hello, I registered an hour ago but the confirmation e-mail never arrived. I checked the spam folder. "
     "Could you resend it or confirm my address manually?",
     "", 2h},
    {"dmitry.kozlov@demo.artel.local", "", "ru", "orders", "answered",
     "Заказчик не отвечает после сдачи работы",
     "Сдал работу по заказу неделю назад, заказчик не принимает и не отвечает в чате. Что делать?",
     "Дмитрий, здравствуйте! Если заказчик не отвечает, откройте спор на странице заказа: арбитр изучит "
     "переписку и результат и примет решение в течение трёх рабочих дней. Мы также напомнили заказчику о "
     "заказе.",
     50h},
    {"james.carter@demo.artel.local", "", "en", "jobs", "answered", "How do I hide my company's vacancy?",
     "We have filled the position. How do I take the vacancy down without deleting it?",
     "Hi James! Open the vacancy from \"My vacancies\" and choose \"Archive\": it leaves the public list at "
     "once, "
     "and you can renew it later with the same text and responses.",
     80h},
    {"", "olga.client@example.ru", "ru", "bug", "closed", "Не загружается файл в заказ",
     "При загрузке PDF на 12 МБ в заказ появляется ошибка. Файл точно не повреждён.",
     "Ольга, здравствуйте! Ограничение на один файл — 10 МБ. Сожмите PDF или разделите его на две части, и "
     "загрузка пройдёт. Закрываем обращение, но вы всегда можете написать нам снова.",
     200h},
};

awaitable<std::int64_t> Count(db::Pool& pool, const db::Statement& statement) {
  auto rows = co_await pool.Query(statement);
  co_return rows.One().Get<std::int64_t>("n");
}

}  // namespace

awaitable<SeededHelp> SeedDemoHelp(db::Pool& pool, Help& help) {
  (void)help;
  SeededHelp seeded;
  const TimePoint now = std::chrono::system_clock::now();
  auto admins = co_await pool.Query(kFirstAdmin);
  std::optional<std::int64_t> admin;
  if (!admins.Empty()) admin = admins.One().Get<std::int64_t>("id");

  if (co_await Count(pool, kCountFaq) == 0) {
    const auto faq = boost::json::parse(Content("faq.json")).as_object();
    auto tx = co_await pool.Begin();
    std::int32_t category_position = 0;
    for (const auto& category_value : faq.at("categories").as_array()) {
      const auto& category = category_value.as_object();
      category_position += 10;
      const std::string code = Str(category, "code");
      const std::string name_en = Str(category, "name_en");
      const std::string name_ru = Str(category, "name_ru");
      auto inserted = co_await tx.Query(kInsertCategory, code, name_en, name_ru, category_position);
      const auto category_id = inserted.One().Get<std::int64_t>("id");
      std::int32_t position = 0;
      for (const auto& question_value : category.at("questions").as_array()) {
        const auto& question = question_value.as_object();
        position += 10;
        const std::string question_code = Str(question, "code");
        const std::string question_en = Str(question, "question_en");
        const std::string question_ru = Str(question, "question_ru");
        const std::string answer_en = Str(question, "answer_en");
        const std::string answer_ru = Str(question, "answer_ru");
        const std::string html_en = markdown::ToHtml(answer_en);
        const std::string html_ru = markdown::ToHtml(answer_ru);
        co_await tx.Query(kInsertQuestion, question_code, category_id, question_en, question_ru, answer_en,
                          answer_ru, html_en, html_ru, position);
        ++seeded.questions;
      }
    }
    co_await tx.Commit();
  }

  if (co_await Count(pool, kCountPages) == 0) {
    auto tx = co_await pool.Begin();
    for (auto code : kPageCodes) {
      for (auto lang : kPageLanguages) {
        const std::string file = "pages/" + std::string(code) + "." + std::string(lang) + ".md";
        auto [title, body] = SplitTitle(Content(file));
        const std::string html = markdown::ToHtml(body);
        const std::string page_code(code);
        const std::string language(lang);
        co_await tx.Query(kInsertPage, page_code, language, title, body, html, admin, now);
        co_await tx.Query(kInsertPageVersion, page_code, language, title, body, admin, now);
        ++seeded.pages;
      }
    }
    co_await tx.Commit();
  }

  if (co_await Count(pool, kCountTickets) == 0) {
    auto tx = co_await pool.Begin();
    for (const auto& ticket : kTickets) {
      std::optional<std::int64_t> user_id;
      std::string email(ticket.guest_email);
      if (!ticket.user_email.empty()) {
        const std::string user_email(ticket.user_email);
        auto users = co_await tx.Query(kDemoUser, user_email);
        if (users.Empty()) continue;  // identity's demo people were not seeded
        user_id = users.One().Get<std::int64_t>("id");
        email = user_email;
      }
      const TimePoint created = now - ticket.age;
      std::optional<TimePoint> answered;
      if (!ticket.answer.empty()) answered = created + 3h;
      const std::string topic(ticket.topic);
      const std::string subject(ticket.subject);
      const std::string message(ticket.message);
      const std::string lang(ticket.lang);
      const std::string status(ticket.status);
      auto inserted = co_await tx.Query(kInsertTicket, topic, subject, message, email, user_id, lang, status,
                                        created, answered);
      if (!ticket.answer.empty()) {
        const auto id = inserted.One().Get<std::int64_t>("id");
        const std::string answer(ticket.answer);
        co_await tx.Query(kInsertAnswer, id, admin, answer, *answered);
      }
      ++seeded.tickets;
    }
    co_await tx.Commit();
  }
  co_return seeded;
}

}  // namespace artel::help
