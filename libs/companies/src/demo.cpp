// `artel seed-demo`'s companies: believable employers of the CIS (and two English-speaking ones), owned by
// the demo customers, with libgd logos, and about twenty reviews of them, through the service itself (so
// the sums, the events and the notifications are the real ones).

#include "demo.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

#include "artel/companies/companies.hpp"
#include "artel/db/pool.hpp"
#include "artel/drawing/drawing.hpp"
#include "artel/identity/identity.hpp"
#include "artel/platform/module.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"

namespace artel::companies {
namespace {

using boost::asio::awaitable;

struct DemoCompany {
  std::string_view owner;  // e-mail
  std::string_view name;
  std::string_view description;
  std::string_view website;
  std::string_view industry;
  std::string_view size;
  std::int32_t country_id;
  std::int32_t city_id;
  std::int32_t founded_year;
  bool verified;
};

constexpr std::array<DemoCompany, 10> kCompanies{{
    {"anna.smirnova@demo.artel.local", "Ягода Маркет",
     "Сеть фермерских магазинов в Москве и области: 38 магазинов, своя доставка и приложение. Работаем "
     "напрямую с "
     "160 хозяйствами, поэтому полки обновляются каждое утро. Ищем людей, которым не всё равно, что лежит на "
     "прилавке.",
     "https://yagoda-market.example.ru", "retail", "201_1000", 1, 1, 2014, true},
    {"igor.volkov@demo.artel.local", "ТехноСтрой-Урал",
     "Генподрядчик в Екатеринбурге: жилые комплексы, склады и школы под ключ. Собственный парк техники, "
     "проектный офис и служба технадзора. Платим вовремя и белую зарплату с первого дня.",
     "https://technostroy-ural.example.ru", "construction", "51_200", 1, 4, 2009, true},
    {"igor.volkov@demo.artel.local", "Кофейня «Зерно»",
     "Семь кофеен в Минске с собственной обжаркой. Учим бариста с нуля, отправляем на чемпионаты и помогаем "
     "вырасти до управляющего.",
     "", "hospitality", "11_50", 3, 31, 2018, false},
    {"aigerim.nurlanova@demo.artel.local", "Dala Pay",
     "Финтех из Алматы: платёжный шлюз и рассрочка для интернет-магазинов Казахстана и Узбекистана. Команда "
     "120 "
     "человек, Go и Kotlin, релизы каждую неделю.",
     "https://dalapay.example.kz", "finance", "51_200", 2, 21, 2019, true},
    {"olga.kuznetsova@demo.artel.local", "Клиника «Добрый доктор»",
     "Многопрофильная клиника в Казани: 40 специальностей, своя лаборатория и дневной стационар. Оплачиваем "
     "обучение и конференции врачам и медсёстрам.",
     "https://dobriy-doctor.example.ru", "healthcare", "201_1000", 1, 5, 2006, false},
    {"timur.rakhimov@demo.artel.local", "Шёлковый путь Логистик",
     "Грузоперевозки между Узбекистаном, Казахстаном и Россией: 300 собственных тягачей, склады в Ташкенте и "
     "Алматы, таможенное оформление.",
     "https://silkway-logistics.example.uz", "logistics", "1000_plus", 4, 41, 2003, true},
    {"elena.sokolova@demo.artel.local", "Смарт Школа",
     "Онлайн-школа программирования для подростков из Санкт-Петербурга. Небольшие группы, живые занятия и "
     "проекты, которые не стыдно показать.",
     "https://smart-school.example.ru", "education", "11_50", 1, 2, 2020, false},
    {"customer@artel.local", "Облачные решения",
     "Разрабатываем и сопровождаем облачную инфраструктуру для банков и ритейла из Новосибирска. Kubernetes, "
     "PostgreSQL, круглосуточная поддержка.",
     "https://cloud-solutions.example.ru", "it", "51_200", 1, 3, 2012, false},
    {"james.carter@demo.artel.local", "Northbridge Consulting",
     "A Belgrade consultancy helping companies from the region enter EU markets: strategy, finance and "
     "compliance. A small senior team, remote-friendly.",
     "https://northbridge.example.com", "consulting", "11_50", 12, 121, 2016, false},
    {"sofia.mueller@demo.artel.local", "Kartli Solar",
     "Solar parks and rooftop installations across Georgia, from design to maintenance. We hire engineers "
     "and "
     "field technicians in Tbilisi and the regions.",
     "https://kartli-solar.example.ge", "energy", "51_200", 8, 81, 2017, true},
}};

struct DemoReview {
  std::size_t company;      // index in kCompanies
  std::string_view author;  // e-mail
  std::int32_t rating;
  std::array<std::int32_t, kAxes.size()> axes;  // 0: not rated
  std::string_view pros;
  std::string_view cons;
  std::string_view relation;
  std::string_view position;
  int recommend;  // -1 no answer, 0 no, 1 yes
  bool anonymous;
  std::string_view reply;
};

constexpr std::array<DemoReview, 21> kReviews{{
    {0,
     "dmitry.kozlov@demo.artel.local",
     5,
     {4, 5, 5, 4, 5},
     "Дружный коллектив, честная зарплата два раза в месяц, скидка на продукты.",
     "В сезон много переработок, особенно перед праздниками.",
     "current",
     "Старший продавец",
     1,
     false,
     "Спасибо! Переработки в декабре оплачиваем вдвойне, а с этого года добавили ещё одного сотрудника в "
     "смену."},
    {0,
     "maria.ivanova@demo.artel.local",
     4,
     {3, 4, 5, 3, 4},
     "Хорошее обучение, понятные задачи.",
     "Карьерный рост медленный, зарплата ниже рынка.",
     "former",
     "Мерчендайзер",
     1,
     true,
     ""},
    {0,
     "alexey.popov@demo.artel.local",
     3,
     {3, 2, 4, 0, 3},
     "Стабильная компания, официальное оформление.",
     "Руководство склада меняется каждые полгода.",
     "current",
     "Кладовщик",
     0,
     true,
     ""},
    {1,
     "pavel.morozov@demo.artel.local",
     4,
     {5, 3, 4, 4, 3},
     "Белая зарплата без задержек, хорошая техника.",
     "Объекты за городом, до некоторых полтора часа на служебном автобусе.",
     "current",
     "Прораб",
     1,
     false,
     "Павел, спасибо. С весны запускаем второй маршрут автобуса от Ботанической."},
    {1,
     "sergey.novikov@demo.artel.local",
     2,
     {3, 1, 3, 2, 2},
     "Опыт на крупных объектах.",
     "Сроки постоянно сдвигают, а отвечают за это инженеры.",
     "former",
     "Инженер ПТО",
     0,
     true,
     "Нам жаль, что так вышло. С прошлого года графики утверждает проектный офис, а не площадка."},
    {2,
     "daria.lebedeva@demo.artel.local",
     5,
     {4, 5, 5, 5, 5},
     "Лучшая кофейня, где я работала: учат, отправляют на чемпионаты.",
     "",
     "former",
     "Бариста",
     1,
     false,
     ""},
    {2,
     "irina.orlova@demo.artel.local",
     4,
     {0, 0, 5, 4, 0},
     "Команда и атмосфера.",
     "Смены по 12 часов.",
     "candidate",
     "Бариста",
     1,
     false,
     ""},
    {3,
     "nurlan.abenov@demo.artel.local",
     5,
     {5, 4, 5, 5, 5},
     "Сильная инженерная культура, код-ревью, свобода в выборе решений.",
     "Иногда горят релизы.",
     "current",
     "Backend-разработчик (Go)",
     1,
     false,
     "Нурлан, спасибо! Про релизы услышали: с этого квартала фиксируем объём спринта."},
    {3,
     "aziz.karimov@demo.artel.local",
     4,
     {4, 4, 4, 5, 4},
     "Быстрый рост, сильные коллеги.",
     "Много встреч.",
     "current",
     "Android-разработчик",
     1,
     true,
     ""},
    {3,
     "yulia.fedorova@demo.artel.local",
     3,
     {0, 0, 0, 0, 0},
     "Вежливые рекрутеры, быстро дали обратную связь.",
     "Тестовое задание на три дня без оплаты.",
     "candidate",
     "QA-инженер",
     -1,
     false,
     ""},
    {4,
     "maria.ivanova@demo.artel.local",
     4,
     {3, 4, 5, 4, 4},
     "Оплачивают обучение, современное оборудование.",
     "Зарплата медсестёр могла бы быть выше.",
     "current",
     "Медсестра",
     1,
     true,
     "Спасибо за отзыв. С января пересмотрели ставки среднего медперсонала."},
    {4,
     "dmitry.kozlov@demo.artel.local",
     2,
     {2, 2, 3, 2, 3},
     "Много пациентов — много практики.",
     "Нагрузка выше нормы, графики меняют в последний момент.",
     "former",
     "Врач-терапевт",
     0,
     true,
     ""},
    {5,
     "aziz.karimov@demo.artel.local",
     4,
     {4, 3, 4, 3, 4},
     "Крупная стабильная компания, командировки оплачиваются.",
     "Бюрократия при согласовании.",
     "former",
     "Логист",
     1,
     false,
     ""},
    {5,
     "alexey.popov@demo.artel.local",
     5,
     {5, 4, 4, 4, 5},
     "Новые тягачи, зарплата без задержек.",
     "",
     "current",
     "Водитель-международник",
     1,
     true,
     "Спасибо! Берегите себя в рейсах."},
    {6,
     "daria.lebedeva@demo.artel.local",
     5,
     {4, 5, 5, 5, 5},
     "Живые ученики, методисты помогают с программой.",
     "Вечерние занятия.",
     "current",
     "Преподаватель Python",
     1,
     false,
     ""},
    {6,
     "pavel.morozov@demo.artel.local",
     3,
     {2, 4, 4, 3, 4},
     "Гибкий график.",
     "Оплата почасовая и невысокая.",
     "former",
     "Преподаватель",
     -1,
     true,
     ""},
    {7,
     "sergey.novikov@demo.artel.local",
     4,
     {4, 4, 5, 4, 5},
     "Интересные задачи, удалёнка.",
     "Дежурства по выходным.",
     "current",
     "DevOps-инженер",
     1,
     false,
     ""},
    {7,
     "nurlan.abenov@demo.artel.local",
     5,
     {0, 5, 5, 0, 0},
     "Быстрый и честный процесс собеседований.",
     "",
     "candidate",
     "SRE",
     1,
     true,
     ""},
    {8,
     "kate.wilson@demo.artel.local",
     4,
     {4, 5, 4, 3, 5},
     "Smart people, real responsibility from day one.",
     "Small team, so holidays need planning.",
     "former",
     "Analyst",
     1,
     false,
     "Thank you, Kate. We now keep a shared holiday calendar a quarter ahead."},
    {9,
     "lucas.martin@demo.artel.local",
     5,
     {4, 4, 5, 5, 4},
     "Meaningful work and a great field crew.",
     "Travel to the regions every week.",
     "current",
     "Field engineer",
     1,
     false,
     ""},
    {9,
     "kate.wilson@demo.artel.local",
     3,
     {3, 3, 0, 0, 3},
     "Friendly interviewers.",
     "The process took six weeks.",
     "candidate",
     "Project coordinator",
     -1,
     true,
     "Thanks for the honest feedback: we have shortened our hiring to three steps."},
}};

constexpr db::Statement kSeeded{"companies.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM companies.companies c JOIN identity.users u ON u.id = c.owner_id
               WHERE u.email LIKE '%@demo.artel.local') AS seeded
)sql"};

}  // namespace

awaitable<void> SeedDemoCompanies(platform::DemoContext& demo) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto& companies = demo.Get<Companies>();
  const auto& files = demo.Get<storage::FileStore>();

  std::array<std::optional<Company>, kCompanies.size()> created;
  std::size_t logos = 0;
  for (std::size_t i = 0; i < kCompanies.size(); ++i) {
    const auto& item = kCompanies[i];
    auto owner = co_await identity::FindUserId(pool, item.owner);
    if (!owner) continue;
    CompanyInput input;
    input.name = std::string(item.name);
    input.description = std::string(item.description);
    if (!item.website.empty()) input.website = std::string(item.website);
    input.industry = std::string(item.industry);
    input.size = std::string(item.size);
    input.country_id = item.country_id;
    input.city_id = item.city_id;
    input.founded_year = item.founded_year;
    auto company = co_await companies.Create(*owner, input);
    // Every company but one has a logo, so the page without one is seen too.
    if (i != 2) {
      const auto bytes = drawing::DrawLogoMark(static_cast<std::uint32_t>(i * 7));
      const auto stored = files.PutImage(bytes, kLogoImage);
      std::pair<std::string, std::string> logo{stored.name, stored.thumbnail_name.value_or(stored.name)};
      company = co_await companies.SetLogo(company.id, *owner, std::move(logo));
      ++logos;
    }
    if (item.verified) company = co_await companies.SetVerified(company.id, true);
    created[i] = std::move(company);
  }

  std::size_t reviews = 0;
  std::size_t replies = 0;
  for (const auto& item : kReviews) {
    const auto& company = created[item.company];
    if (!company) continue;
    auto author = co_await identity::FindUserId(pool, item.author);
    if (!author || *author == company->owner_id) continue;
    ReviewInput input;
    input.rating = item.rating;
    for (std::size_t i = 0; i < kAxes.size(); ++i) {
      if (item.axes[i] != 0) input.axes[i] = item.axes[i];
    }
    input.pros = std::string(item.pros);
    input.cons = std::string(item.cons);
    input.relation = std::string(item.relation);
    input.position = std::string(item.position);
    if (item.recommend >= 0) input.recommend = item.recommend == 1;
    input.anonymous = item.anonymous;
    auto result = co_await companies.PutReview(company->id, *author, input);
    ++reviews;
    if (!item.reply.empty()) {
      auto replied =
          co_await companies.Reply(company->id, result.first.id, company->owner_id, std::string(item.reply));
      ++replies;
    }
  }
  std::size_t count = 0;
  for (const auto& company : created) count += company.has_value() ? 1 : 0;
  demo.Report(
      fmt::format("Demo companies: {} ({} logos), {} reviews, {} replies", count, logos, reviews, replies));
}

}  // namespace artel::companies
