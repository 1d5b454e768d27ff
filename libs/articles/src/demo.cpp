// `artel seed-demo`'s articles: six categories, sixteen articles in Russian and English about freelancing and
// hiring in the CIS, in every state (published with drawn covers, in moderation, drafts, one returned and one
// blocked with a reason and a comment), comments with replies and votes — all through the service itself, so
// the counters, the events, the notifications and the audit rows are the real ones.

#include "demo.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "artel/articles/articles.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/drawing/drawing.hpp"
#include "artel/identity/identity.hpp"
#include "artel/platform/module.hpp"
#include "artel/storage/storage.hpp"

namespace artel::articles {
namespace {

using boost::asio::awaitable;

struct DemoCategory {
  std::string_view code;
  std::string_view name_en;
  std::string_view name_ru;
};

constexpr std::array<DemoCategory, 6> kCategories{{
    {"freelance", "Freelancing", "Фриланс"},
    {"hiring", "Hiring", "Найм"},
    {"money", "Money and taxes", "Деньги и налоги"},
    {"career", "Career", "Карьера"},
    {"tools", "Tools", "Инструменты"},
    {"stories", "Stories", "Истории"},
}};

enum class Fate { kPublished, kModeration, kDraft, kReturned, kBlocked };

struct DemoArticle {
  std::string_view author;  // e-mail
  std::size_t category;     // index in kCategories
  std::string_view lang;
  std::string_view title;
  std::string_view lead;
  std::string_view body;
  std::array<std::string_view, 3> tags;
  Fate fate;
};

constexpr std::array<DemoArticle, 16> kArticles{{
    {"anna.smirnova@demo.artel.local",
     0,
     "ru",
     "Как написать заказ, на который откликнутся сильные исполнители",
     "Пять пунктов, которые отделяют понятное техзадание от лотереи, и пример хорошего заказа.",
     R"md(## Начните с результата

Исполнителю важно понять, **что получится в конце**, а не только что нужно сделать. «Лендинг для записи на
стрижку с онлайн-оплатой» лучше, чем «сделать сайт».

## Что обязательно указать

1. Срок и бюджет — хотя бы вилкой.
2. Примеры, которые нравятся, и те, что не нравятся.
3. Что уже есть: тексты, логотип, доступы.
4. Кто принимает работу и как быстро отвечает.
5. Формат оплаты: этапами или целиком.

## Чего избегать

- Фраз «сделать красиво» и «как у конкурентов» без ссылок.
- Тестовых заданий на полдня бесплатно — сильные исполнители их просто пропустят.

Подробнее о правилах площадки — в [справке](https://artel.example/help).)md",
     {"заказ", "техзадание", "советы"},
     Fate::kPublished},
    {"dmitry.kozlov@demo.artel.local",
     0,
     "ru",
     "Первый год на фрилансе: что я сделал бы иначе",
     "Бэкенд-разработчик из Екатеринбурга — о ценах, выгорании и подушке безопасности.",
     R"md(Год назад я ушёл из продуктовой компании и начал брать заказы напрямую. Вот что я понял.

## Деньги

- Подушка на **шесть месяцев**, а не на три: первые заказы приходят медленнее, чем кажется.
- Поднимать ставку раз в квартал, а не «когда будет не стыдно».

## Время

Я закладывал 40 часов в неделю на проекты и забывал про переписку, оценку и бухгалтерию. На деле чистой
работы получается часов 25–30.

## Клиенты

Лучшие заказы пришли от тех, с кем я уже работал. Поэтому после каждого проекта я прошу отзыв и пишу
короткий отчёт: что сделано, что можно улучшить дальше.

> Фриланс — это не свобода от работы, а свобода выбирать, какой работой заниматься.)md",
     {"фриланс", "опыт", "разработка"},
     Fate::kPublished},
    {"igor.volkov@demo.artel.local",
     1,
     "ru",
     "Найм без HR-отдела: чек-лист для малого бизнеса",
     "Как небольшой компании закрыть вакансию за три недели и не ошибиться с кандидатом.",
     R"md(## Неделя 1: вакансия

Опишите не «идеального кандидата», а **задачи первых трёх месяцев**. Укажите зарплатную вилку — вакансии с
вилкой получают заметно больше откликов.

## Неделя 2: отбор

- Короткий звонок на 15 минут вместо длинной анкеты.
- Одно практическое задание, оплачиваемое, если оно дольше двух часов.
- Собеседование с будущим руководителем, а не только с владельцем.

## Неделя 3: оффер

Пришлите оффер письменно: должность, зарплата, испытательный срок, график. Кандидаты из Казахстана и
Узбекистана часто сравнивают несколько предложений — не затягивайте с ответом.)md",
     {"найм", "малый бизнес", "чек-лист"},
     Fate::kPublished},
    {"aigerim.nurlanova@demo.artel.local",
     2,
     "ru",
     "Самозанятый, ИП или договор ГПХ: что выбрать фрилансеру",
     "Краткое сравнение режимов для тех, кто работает с заказчиками из России и Казахстана.",
     R"md(Это не юридическая консультация, а обзор, с которого удобно начать разговор с бухгалтером.

## Самозанятость (НПД)

- Налог 4% с физлиц и 6% с компаний.
- Лимит дохода — 2,4 млн ₽ в год.
- Чеки формируются в приложении «Мой налог».

## ИП на упрощёнке

Подходит, если доход выше лимита НПД или нужны сотрудники. Придётся платить фиксированные взносы.

## Договор ГПХ

Заказчик удерживает НДФЛ сам, но для него это дороже из-за взносов, поэтому такие договоры
предлагают всё реже.

| Режим | Ставка | Отчётность |
|---|---|---|
| НПД | 4–6% | нет |
| УСН | 6% | декларация |

Официальные правила — на [сайте ФНС](https://npd.nalog.ru).)md",
     {"налоги", "самозанятость", "ип"},
     Fate::kPublished},
    {"elena.sokolova@demo.artel.local",
     3,
     "ru",
     "Портфолио дизайнера, которое читают до конца",
     "Три кейса вместо тридцати картинок: как показать процесс, а не только результат.",
     R"md(## Меньше, но подробнее

Заказчик смотрит портфолио в среднем две минуты. Три разобранных кейса убеждают лучше, чем галерея.

## Структура кейса

1. Задача клиента одной фразой.
2. Ограничения: сроки, бюджет, бренд.
3. Что вы предложили и почему.
4. Результат в цифрах, если он есть.

## Частые ошибки

- Макеты без контекста: непонятно, что было до вас.
- Работы пятилетней давности в начале списка.)md",
     {"портфолио", "дизайн"},
     Fate::kPublished},
    {"pavel.morozov@demo.artel.local",
     4,
     "ru",
     "Инструменты фрилансера в 2026 году",
     "Трекеры времени, счета, договоры и созвоны: что реально экономит часы.",
     R"md(## Учёт времени

Любой трекер лучше, чем никакого. Через месяц станет видно, какие задачи вы стабильно недооцениваете.

## Счета и договоры

- Шаблон договора с этапами и порядком приёмки.
- Счета с реквизитами, которые формируются за минуту.

## Общение

Договоритесь с заказчиком об одном канале связи. Переписка в мессенджере площадки сохраняется и помогает,
если возникнет спор.)md",
     {"инструменты", "продуктивность"},
     Fate::kPublished},
    {"timur.rakhimov@demo.artel.local",
     5,
     "ru",
     "Как мы нашли водителей-экспедиторов за десять дней",
     "История логистической компании из Ташкента: что сработало, а что нет.",
     R"md(Весной нам срочно понадобились двенадцать водителей на новый маршрут Ташкент — Алматы.

## Что сработало

- Вакансия с точным маршрутом, графиком и зарплатой.
- Ответ каждому кандидату в течение дня.
- Рекомендации наших же водителей — за каждого приведённого мы платили бонус.

## Что не сработало

Объявления без зарплаты: откликались в основном те, кого мы не могли взять.)md",
     {"логистика", "найм", "история"},
     Fate::kPublished},
    {"maria.ivanova@demo.artel.local",
     0,
     "ru",
     "Как оценить проект, если заказчик сам не знает объём",
     "Оценка диапазоном, оплачиваемое исследование и этапы.",
     R"md(## Оценка диапазоном

Назовите вилку и объясните, от чего зависит итог.

## Оплачиваемое исследование

Предложите первым этапом разобраться в задаче за небольшую фиксированную сумму.)md",
     {"оценка", "заказ"},
     Fate::kModeration},
    {"james.carter@demo.artel.local",
     1,
     "en",
     "Hiring remote developers in Central Asia: a practical guide",
     "Time zones, salaries, contracts and the questions candidates actually ask.",
     R"md(## Why the region

Kazakhstan, Uzbekistan and Kyrgyzstan have strong engineering schools and a time zone that overlaps with
both Europe and Asia.

## Before you post

- Decide on the contract type: employment through a local entity, or a contractor agreement.
- Publish a **salary range**. Candidates compare offers, and ranges get more replies.

## Interviewing

1. A 20-minute intro call.
2. A paid take-home task or a pairing session.
3. A final conversation about the team and the roadmap.

Read more on [remote hiring basics](https://en.wikipedia.org/wiki/Remote_work).)md",
     {"hiring", "remote", "central asia"},
     Fate::kPublished},
    {"kate.wilson@demo.artel.local",
     0,
     "en",
     "Writing a proposal that wins the job",
     "Answer the client's problem in the first two lines — the rest is detail.",
     R"md(## Lead with the problem

Clients skim. Start with one sentence that shows you understood **their** goal.

## Show one relevant example

One link to a similar project beats a list of ten.

## Be concrete about the next step

- What you need from the client.
- When they get the first result.
- How you will report progress.)md",
     {"proposals", "freelancing"},
     Fate::kPublished},
    {"sofia.mueller@demo.artel.local",
     2,
     "en",
     "Getting paid across borders without losing 5% on fees",
     "Invoices, currencies and the small details that keep payments on time.",
     R"md(## Agree on the currency up front

Put the currency and who pays the transfer fees in the contract.

## Invoice well

- Your legal details and the client's.
- Milestone, amount and due date.
- A short description of the work.

## Chase politely

A friendly reminder on the due date solves most late payments.)md",
     {"payments", "invoices"},
     Fate::kPublished},
    {"lucas.martin@demo.artel.local",
     3,
     "en",
     "From freelancer to studio: when to hire your first person",
     "The signs that it is time, and how to avoid hiring too early.",
     R"md(## The signs

- You turn down work every month.
- Admin eats more than a day a week.

## Start small

Hire a part-time contractor for a clearly defined part of the work before offering a full-time role.)md",
     {"career", "studio"},
     Fate::kPublished},
    {"james.carter@demo.artel.local",
     4,
     "en",
     "A lightweight contract template for small projects",
     "Scope, milestones, acceptance and what happens if plans change.",
     R"md(## Scope

Describe deliverables, not activities.

## Milestones

Split the work into two or three paid milestones.)md",
     {"contracts", "templates"},
     Fate::kModeration},
    {"kate.wilson@demo.artel.local",
     5,
     "en",
     "Notes from my first month on Artel",
     "Draft — still collecting numbers.",
     R"md(Draft. To do: response rate, average budget, what clients asked most.)md",
     {"notes", "freelancing"},
     Fate::kDraft},
    {"alexey.popov@demo.artel.local",
     4,
     "ru",
     "Лучший способ заработать без вложений",
     "Реклама курса.",
     R"md(Переходите по ссылке и покупайте курс со скидкой 90%! Гарантированный доход с первого дня.)md",
     {"заработок", "курс"},
     Fate::kBlocked},
    {"sergey.novikov@demo.artel.local",
     1,
     "ru",
     "Собеседование на позицию тимлида",
     "Заметки о вопросах, которые стоит задать будущей команде.",
     R"md(Черновик: список вопросов про процессы, релизы и дежурства.)md",
     {"собеседование", "тимлид"},
     Fate::kReturned},
}};

struct DemoComment {
  std::size_t article;  // index in kArticles
  int parent;           // index in kComments of the comment replied to, -1: top level
  std::string_view author;
  std::string_view text;
};

constexpr std::array<DemoComment, 12> kComments{{
    {0, -1, "dmitry.kozlov@demo.artel.local",
     "Спасибо за пункт про тестовые задания. Бесплатные задания на полдня я действительно пропускаю."},
    {0, 0, "anna.smirnova@demo.artel.local",
     "Да, и заказчикам это тоже экономит время: отклики приходят быстрее."},
    {0, -1, "maria.ivanova@demo.artel.local", "Добавила бы ещё пункт про контактное лицо на время отпуска."},
    {1, -1, "elena.sokolova@demo.artel.local", "Про шесть месяцев подушки — золотые слова."},
    {1, 3, "dmitry.kozlov@demo.artel.local", "Проверено на себе: первые два месяца были почти пустыми."},
    {1, 4, "pavel.morozov@demo.artel.local", "А как вы искали первых клиентов — через знакомых?"},
    {3, -1, "olga.kuznetsova@demo.artel.local", "Полезная табличка, сохранила себе."},
    {8, -1, "aigerim.nurlanova@demo.artel.local",
     "Great overview. One addition: many candidates in Almaty expect a written offer within a week."},
    {8, 7, "james.carter@demo.artel.local", "Good point — I will add it to the guide."},
    {9, -1, "lucas.martin@demo.artel.local", "The one-example rule changed my reply rate completely."},
    {10, -1, "kate.wilson@demo.artel.local", "Agreed on the currency clause, learned that the hard way."},
    {6, -1, "igor.volkov@demo.artel.local", "Бонус за рекомендацию работает и у нас на стройке."},
}};

constexpr db::Statement kSeeded{"articles.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM articles.categories WHERE code = 'freelance') AS seeded
)sql"};

Actor UserActor(std::int64_t id) {
  Actor actor;
  actor.user_id = id;
  actor.email_verified = true;
  return actor;
}

std::string UuidFor(std::size_t index) {
  return fmt::format("00000000-0000-4000-8000-{:012}", index + 1);
}

}  // namespace

awaitable<void> SeedDemoArticles(platform::DemoContext& demo) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto admin_id = co_await identity::FindUserId(pool, "admin@artel.local");
  if (!admin_id) co_return;
  Actor admin = UserActor(*admin_id);
  admin.role = 1;
  auto& articles = demo.Get<Articles>();
  const auto& files = demo.Get<storage::FileStore>();

  std::vector<std::int64_t> category_ids;
  for (std::size_t i = 0; i < kCategories.size(); ++i) {
    CategoryInput input{std::string(kCategories[i].code), std::string(kCategories[i].name_en),
                        std::string(kCategories[i].name_ru), static_cast<std::int32_t>(i * 10)};
    auto category = co_await articles.CreateCategory(admin, input);
    category_ids.push_back(category.id);
  }

  std::array<std::optional<Article>, kArticles.size()> created;
  std::size_t covers = 0;
  constexpr drawing::Picture kPictures[] = {drawing::Picture::kSite, drawing::Picture::kChart,
                                            drawing::Picture::kDocument, drawing::Picture::kApp,
                                            drawing::Picture::kScene};
  for (std::size_t i = 0; i < kArticles.size(); ++i) {
    const auto& item = kArticles[i];
    auto author = co_await identity::FindUserId(pool, item.author);
    if (!author) continue;
    const Actor actor = UserActor(*author);
    ArticleInput input;
    input.title = std::string(item.title);
    input.lead = std::string(item.lead);
    input.body = std::string(item.body);
    input.category_id = category_ids[item.category];
    input.lang = std::string(item.lang);
    for (auto tag : item.tags) {
      if (!tag.empty()) input.tags.emplace_back(tag);
    }
    auto article = co_await articles.Create(actor, input);
    if (item.fate == Fate::kPublished) {
      const auto bytes =
          drawing::Draw(kPictures[i % std::size(kPictures)], static_cast<std::uint32_t>(i * 11), 960, 540);
      const auto stored = files.PutImage(bytes, storage::ImageOptions{.max_side = 1600, .thumbnail = true});
      std::optional<std::pair<std::string, std::string>> cover{std::in_place, stored.name,
                                                               stored.thumbnail_name.value_or(stored.name)};
      article = co_await articles.SetCover(actor, article.id, std::move(cover));
      ++covers;
    }
    if (item.fate != Fate::kDraft) article = co_await articles.Submit(actor, article.id);
    if (item.fate == Fate::kPublished) article = co_await articles.Publish(admin, article.id);
    if (item.fate == Fate::kReturned) {
      const ModerationInput why{
          "low_quality",
          "Пока это список тезисов. Раскройте каждый вопрос на пару абзацев и пришлите снова."};
      article = co_await articles.Return(admin, article.id, why);
    }
    if (item.fate == Fate::kBlocked) {
      const ModerationInput why{
          "spam", "Реклама платного курса с обещанием гарантированного дохода нарушает правила площадки."};
      article = co_await articles.Block(admin, article.id, why);
    }
    created[i] = std::move(article);
  }

  std::vector<std::optional<std::int64_t>> comment_ids(kComments.size());
  std::size_t comments = 0;
  for (std::size_t i = 0; i < kComments.size(); ++i) {
    const auto& item = kComments[i];
    const auto& article = created[item.article];
    if (!article || article->status != Status::kPublished) continue;
    auto author = co_await identity::FindUserId(pool, item.author);
    if (!author) continue;
    CommentInput input;
    input.text = std::string(item.text);
    if (item.parent >= 0) input.parent_id = comment_ids[static_cast<std::size_t>(item.parent)];
    input.client_id = UuidFor(i);
    const Actor commenter = UserActor(*author);
    auto result = co_await articles.AddComment(commenter, article->id, input);
    comment_ids[i] = result.first.id;
    ++comments;
  }

  // Votes: the demo people rate the published articles and the first comments.
  auto voters = co_await identity::DemoPeople(pool, "performer");
  std::size_t votes = 0;
  for (std::size_t i = 0; i < kArticles.size(); ++i) {
    const auto& article = created[i];
    if (!article || article->status != Status::kPublished) continue;
    for (std::size_t v = 0; v < voters.size() && v < 3 + (i % 5); ++v) {
      if (voters[v] == article->author.id) continue;
      const std::int32_t value = (i + v) % 6 == 0 ? -1 : 1;
      co_await articles.Vote(UserActor(voters[v]), article->id, value);
      ++votes;
    }
  }
  for (std::size_t i = 0; i < kComments.size(); ++i) {
    if (!comment_ids[i] || voters.empty()) continue;
    const auto& article = created[kComments[i].article];
    const auto voter = voters[i % voters.size()];
    try {
      co_await articles.VoteComment(UserActor(voter), article->id, *comment_ids[i], 1);
      ++votes;
    } catch (const Error&) {
      // The voter wrote the comment: nobody votes on their own.
    }
  }
  demo.Report(fmt::format(
      "articles: {} categories, {} articles ({} covers), {} comments, {} votes", category_ids.size(),
      std::ranges::count_if(created, [](const auto& a) { return a.has_value(); }), covers, comments, votes));
}

}  // namespace artel::articles
