// `artel seed-demo`'s orders: about 200 orders in Russian and English across the catalog, spread over the
// last five weeks, posted by the demo people (identity's seeder) and the demo customer. Bids, selections and
// reviews come from the bids and reviews modules' seeders, which run after this one.

#include "demo.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/module.hpp"

namespace artel::orders {
namespace {

using boost::asio::awaitable;

constexpr std::size_t kOrders = 200;

/// A kind of job in both languages; `skills` are catalog.skills ids.
struct Job {
  std::int32_t category_id;
  std::int32_t specialization_id;
  std::string_view name_ru;
  std::string_view text_ru;
  std::string_view name_en;
  std::string_view text_en;
  std::array<std::int64_t, 3> skills;
  std::int64_t budget_rub;  // typical budget in roubles
};

constexpr std::array kJobs{
    Job{1,
        101,
        "Сайт-визитка",
        "Нужен адаптивный сайт на 5–7 страниц: услуги, цены, отзывы, контакты и форма заявки. Дизайн есть в "
        "Figma.",
        "Business card website",
        "A responsive 5–7 page site: services, prices, testimonials, contacts and a request form. The design "
        "is ready in Figma.",
        {3, 5, 21},
        60000},
    Job{1,
        101,
        "Интернет-магазин на WordPress",
        "Каталог на 300 товаров, корзина, оплата через ЮKassa, выгрузка из 1С. Важно: быстрая загрузка на "
        "телефонах.",
        "WordPress online store",
        "A catalogue of 300 products, cart, YooKassa payments and 1C import. It must load fast on phones.",
        {18, 7, 15},
        150000},
    Job{1,
        102,
        "Мобильное приложение для записи",
        "Приложение для iOS и Android: запись к мастеру, напоминания, личный кабинет, оплата картой.",
        "Booking mobile app",
        "An iOS and Android app: booking an appointment, reminders, a personal account, card payments.",
        {13, 11, 12},
        350000},
    Job{1,
        108,
        "Telegram-бот для приёма заказов",
        "Бот принимает заказы, считает стоимость доставки и отправляет заявки менеджеру в чат.",
        "Telegram bot that takes orders",
        "The bot takes orders, calculates delivery cost and forwards requests to a manager's chat.",
        {20, 2, 15},
        40000},
    Job{1,
        108,
        "Парсер цен конкурентов",
        "Ежедневный сбор цен с пяти сайтов в Google Таблицу, уведомление при изменении цены.",
        "Competitor price parser",
        "Collect prices from five sites into a Google Sheet every day and alert when a price changes.",
        {2, 39, 0},
        30000},
    Job{1,
        105,
        "Настройка сервера и CI",
        "Перенести проект на VPS, настроить Docker, nginx, HTTPS и автоматический деплой из GitLab.",
        "Server and CI setup",
        "Move the project to a VPS and set up Docker, nginx, HTTPS and automatic deployment from GitLab.",
        {16, 17, 0},
        45000},
    Job{1,
        109,
        "Доработка конфигурации 1С",
        "Добавить в 1С:Управление торговлей печатную форму счёта и отчёт по остаткам на складах.",
        "1C configuration changes",
        "Add an invoice print form and a warehouse stock report to 1C:Trade Management.",
        {14, 40, 0},
        35000},
    Job{1,
        107,
        "Дашборд продаж",
        "Собрать дашборд продаж по данным из PostgreSQL: выручка, средний чек, когорты, прогноз.",
        "Sales dashboard",
        "Build a sales dashboard from PostgreSQL data: revenue, average order, cohorts and a forecast.",
        {2, 15, 39},
        80000},
    Job{2,
        203,
        "Логотип и фирменный стиль",
        "Логотип, цвета, шрифты, визитка и шаблон для соцсетей. Пожелания и примеры приложу.",
        "Logo and brand identity",
        "A logo, colours, fonts, a business card and a social media template. I will attach wishes and "
        "examples.",
        {23, 22, 0},
        50000},
    Job{2,
        201,
        "Дизайн лендинга",
        "Продающий лендинг в Figma: первый экран, преимущества, кейсы, тарифы, форма заявки. Мобильная "
        "версия обязательна.",
        "Landing page design",
        "A selling landing page in Figma: hero, benefits, cases, pricing and a request form. A mobile "
        "version is a must.",
        {21, 0, 0},
        40000},
    Job{2,
        202,
        "UI/UX приложения доставки",
        "Пользовательские сценарии, прототип и дизайн 20 экранов приложения доставки еды.",
        "Food delivery app UI/UX",
        "User flows, a prototype and the design of 20 screens of a food delivery app.",
        {21, 0, 0},
        120000},
    Job{2,
        204,
        "Иллюстрации для детской книги",
        "12 цветных иллюстраций в едином стиле для книги сказок, формат A4.",
        "Illustrations for a children's book",
        "12 colour illustrations in one style for a book of fairy tales, A4 format.",
        {22, 0, 0},
        90000},
    Job{2,
        206,
        "3D-визуализация кухни",
        "Фотореалистичные рендеры кухни по чертежам: три ракурса, два варианта фасадов.",
        "3D kitchen visualisation",
        "Photorealistic kitchen renders from drawings: three angles, two front options.",
        {25, 24, 0},
        25000},
    Job{3,
        301,
        "Тексты для сайта",
        "Написать тексты для 8 страниц сайта юридической компании, без воды, с SEO-ключами.",
        "Website copy",
        "Write copy for 8 pages of a law firm's site, no fluff, with SEO keywords.",
        {31, 35, 0},
        20000},
    Job{3,
        303,
        "Перевод технической документации",
        "Перевести руководство пользователя (40 страниц) с английского на русский, термины согласуем.",
        "Technical documentation translation",
        "Translate a user manual (40 pages) from English into Russian; we will agree on the terms.",
        {32, 0, 0},
        45000},
    Job{3,
        303,
        "Перевод сайта на английский",
        "Перевести на английский 15 страниц сайта турагентства, нужен носитель или уровень C2.",
        "Website translation into English",
        "Translate 15 pages of a travel agency's site into English; a native speaker or C2 level is needed.",
        {33, 0, 0},
        35000},
    Job{3,
        304,
        "Редактура статьи",
        "Отредактировать статью на 20 000 знаков для отраслевого журнала: стиль, факты, заголовки.",
        "Article editing",
        "Edit a 20,000-character article for a trade magazine: style, facts, headlines.",
        {31, 0, 0},
        8000},
    Job{4,
        401,
        "SEO-продвижение",
        "Аудит и продвижение сайта стоматологии в Яндексе по городу, отчёты раз в месяц.",
        "SEO promotion",
        "Audit and promote a dental clinic's site in Yandex for the city, with monthly reports.",
        {35, 0, 0},
        30000},
    Job{4,
        402,
        "Настройка Яндекс Директа",
        "Настроить поиск и РСЯ для автосервиса: бюджет 50 000 рублей в месяц, "
        "нужна аналитика звонков.",
        "Yandex Direct campaigns",
        "Set up search and network ads for a car service, 50,000 RUB a month, with call tracking.",
        {36, 0, 0},
        25000},
    Job{4,
        403,
        "Ведение соцсетей",
        "Контент-план, 12 постов и 20 сторис в месяц для кофейни, съёмка на месте.",
        "Social media management",
        "A content plan, 12 posts and 20 stories a month for a coffee shop, shooting on site.",
        {38, 0, 0},
        35000},
    Job{4,
        406,
        "Карточки товаров для Wildberries",
        "Инфографика и тексты для 30 карточек товаров, анализ конкурентов.",
        "Wildberries product cards",
        "Infographics and copy for 30 product cards, with a competitor analysis.",
        {42, 22, 0},
        30000},
    Job{5,
        501,
        "Монтаж видео для YouTube",
        "Монтаж 4 роликов по 15 минут в месяц: склейка, цветокоррекция, титры, музыка.",
        "YouTube video editing",
        "Edit four 15-minute videos a month: cuts, colour grading, titles, music.",
        {29, 30, 0},
        28000},
    Job{5,
        502,
        "Анимированный ролик",
        "Моушн-ролик на 60 секунд о мобильном приложении, сценарий есть.",
        "Animated explainer",
        "A 60-second motion video about a mobile app; the script is ready.",
        {28, 0, 0},
        60000},
    Job{5,
        503,
        "Озвучка рекламного ролика",
        "Мужской голос, 30 секунд, студийное качество, две правки.",
        "Voice-over for an ad",
        "A male voice, 30 seconds, studio quality, two revisions.",
        {0, 0, 0},
        7000},
    Job{6,
        601,
        "Чертежи деталей в AutoCAD",
        "Оцифровать 15 чертежей деталей со сканов, оформление по ЕСКД.",
        "AutoCAD part drawings",
        "Digitise 15 part drawings from scans, to ESKD standards.",
        {26, 0, 0},
        20000},
    Job{6,
        604,
        "Смета на ремонт офиса",
        "Составить смету на ремонт офиса 120 м² по дизайн-проекту.",
        "Office renovation estimate",
        "Prepare an estimate for renovating a 120 m² office from the design project.",
        {39, 0, 0},
        15000},
    Job{7,
        702,
        "Предметная съёмка",
        "Снять 50 товаров на белом фоне для маркетплейса, с обработкой.",
        "Product photography",
        "Shoot 50 products on a white background for a marketplace, with retouching.",
        {22, 0, 0},
        25000},
    Job{8,
        801,
        "Бухгалтерия для ИП",
        "Ведение учёта ИП на УСН, отчётность и консультации, 1С:Бухгалтерия.",
        "Bookkeeping for a sole trader",
        "Bookkeeping for a sole trader on the simplified tax system, reports and advice, 1C:Accounting.",
        {40, 39, 0},
        12000},
    Job{8,
        802,
        "Договор оказания услуг",
        "Составить договор оказания IT-услуг и NDA, проверить риски.",
        "Service agreement",
        "Draft an IT services agreement and an NDA, and check the risks.",
        {41, 0, 0},
        10000},
};

/// Who the work is for: makes the same job read like different orders.
constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kClients{{
    {"для кофейни", "for a coffee shop"},
    {"для стоматологии", "for a dental clinic"},
    {"для автосервиса", "for a car service"},
    {"для школы английского", "for an English school"},
    {"для фитнес-клуба", "for a fitness club"},
    {"для строительной компании", "for a construction company"},
    {"для цветочного магазина", "for a flower shop"},
    {"для юридической фирмы", "for a law firm"},
    {"для пекарни", "for a bakery"},
    {"для турагентства", "for a travel agency"},
}};

constexpr db::Statement kHasOrders{"orders.demo_has_orders", R"sql(
SELECT EXISTS (SELECT 1 FROM orders.orders WHERE customer_id = $1) AS seeded
)sql"};

constexpr db::Statement kBackdate{"orders.demo_backdate", R"sql(
UPDATE orders.orders SET created_at = $2, updated_at = $2 WHERE id = $1
)sql"};

OrderInput MakeOrder(const Job& job, std::size_t client, bool russian, platform::DemoDice& dice,
                     TimePoint now, const catalog::Snapshot& catalog) {
  OrderInput input;
  const auto& [client_ru, client_en] = kClients[client];
  input.name =
      std::string(russian ? job.name_ru : job.name_en) + " " + std::string(russian ? client_ru : client_en);
  input.description = std::string(russian ? job.text_ru : job.text_en);
  input.category_id = job.category_id;
  input.specialization_id = job.specialization_id;
  for (auto skill : job.skills) {
    if (skill != 0) input.skill_ids.push_back(skill);
  }
  static constexpr std::array<PaymentOption, 5> kPayments{
      PaymentOption::kNoPrepayment, PaymentOption::kPrepayment, PaymentOption::kPrepaymentPossible,
      PaymentOption::kSafeDeal, PaymentOption::kContract};
  input.payment_option = kPayments[dice.Below(kPayments.size())];
  if (!dice.Chance(0.15)) {
    // Budgets mostly in roubles; some in the neighbours' currencies and dollars.
    static constexpr std::array<std::pair<std::string_view, double>, 4> kCurrencies{
        {{"RUB", 1.0}, {"KZT", 1 / 0.18}, {"USD", 1 / 92.0}, {"BYN", 1 / 28.0}}};
    const auto& [code, per_rub] = kCurrencies[dice.Chance(0.7) ? 0 : 1 + dice.Below(3)];
    const double spread = 0.6 + 0.1 * static_cast<double>(dice.Below(9));
    auto major = static_cast<std::int64_t>(static_cast<double>(job.budget_rub) * spread * per_rub);
    major = std::max<std::int64_t>(10, major / 10 * 10);
    input.budget = Money{major * 100, std::string(code)};
    input.budget_base = catalog.ToBase(input.budget->amount, code);
  }
  if (!dice.Chance(0.2)) {
    static constexpr std::array<int, 6> kDays{2, 5, 7, 14, 30, 60};
    input.deadline = now + std::chrono::hours(24 * kDays[dice.Below(kDays.size())]);
  }
  if (dice.Chance(0.6)) {
    static constexpr std::array<std::pair<std::int32_t, std::int32_t>, 8> kPlaces{
        {{1, 1}, {1, 2}, {1, 5}, {2, 21}, {2, 22}, {3, 31}, {4, 41}, {1, 4}}};
    const auto& [country, city] = kPlaces[dice.Below(kPlaces.size())];
    input.country_id = country;
    if (dice.Chance(0.7)) input.city_id = city;
  }
  return input;
}

}  // namespace

awaitable<std::size_t> SeedDemoOrders(db::Pool& pool, Orders& orders, catalog::Catalog& taxonomy) {
  const auto demo_customer = co_await identity::FindUserId(pool, "customer@artel.local");
  if (!demo_customer) throw std::runtime_error("seed-demo: the demo accounts come first");
  auto seeded = co_await pool.Query(kHasOrders, *demo_customer);
  if (seeded.One().Get<bool>("seeded")) co_return 0;
  auto customers = co_await identity::DemoPeople(pool, "customer");
  if (customers.empty()) throw std::runtime_error("seed-demo: the demo people come first");

  const TimePoint now = DefaultClock().Now();
  auto snapshot = co_await taxonomy.Get();
  platform::DemoDice dice(20261122);
  std::size_t created = 0;
  for (std::size_t i = 0; i < kOrders; ++i) {
    const auto& job = kJobs[i % kJobs.size()];
    const bool russian = i % 3 != 2;
    // The demo customer gets every tenth order, so its "my orders" page shows each state.
    const auto customer = i % 10 == 0 ? *demo_customer : customers[dice.Below(customers.size())];
    auto input = MakeOrder(job, (i / kJobs.size() + i) % kClients.size(), russian, dice, now, *snapshot);
    const auto order_id = co_await orders.Create(customer, input);
    ++created;
    // Spread over the last five weeks, newest last.
    const TimePoint created_at = now - std::chrono::minutes(50 * static_cast<std::int64_t>(kOrders - i));
    co_await pool.Query(kBackdate, order_id, created_at);
  }
  co_return created;
}

}  // namespace artel::orders
