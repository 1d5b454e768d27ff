// `artel seed-demo`'s resumes: the demo performers apply for jobs. Twelve believable kinds of applicant, each
// in Russian and in English (Russian- and English-speaking performers in CIS cities), with work experience
// and education; every third with a photo drawn by libs/drawing (Picture::kPortrait); some
// only for employers they respond to, some hidden, a few drafts. Through the module's own Resumes, as an
// owner's edits.

#include "demo.hpp"

#include <fmt/format.h>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/db/pool.hpp"
#include "artel/drawing/drawing.hpp"
#include "artel/platform/module.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/storage/storage.hpp"

namespace artel::resumes {
namespace {

using boost::asio::awaitable;

struct Text {
  std::string_view ru;
  std::string_view en;
  std::string_view In(bool russian) const { return russian ? ru : en; }
};

struct Job {
  Text company;
  Text position;
  std::string_view start;
  std::string_view end;  // empty: works there now
  Text description;
};

struct Study {
  std::string_view level;
  Text institution;
  Text specialty;
  std::int32_t year;
};

struct Kind {
  Text position;
  std::int32_t category;
  std::array<std::int32_t, 2> specializations;  // 0: none
  std::array<std::int32_t, 4> skills;           // 0: none
  std::int64_t roubles;                         // 0: not given
  std::array<std::string_view, 2> employments;
  std::array<std::string_view, 2> schedules;
  std::array<Job, 2> jobs;  // a job with an empty start is absent
  Study study;
  Text about;
};

// clang-format off
const std::array<Kind, 12> kKinds{{
  {{"Backend-разработчик (Go)", "Backend developer (Go)"}, 1, {101, 105}, {9, 15, 16, 0}, 280'000,
   {"full", ""}, {"remote", "flexible"},
   {{{{"Авито", "Avito"}, {"Backend-разработчик", "Backend developer"}, "2021-03", "", {"Сервис платежей: 12 тысяч запросов в секунду, переход с монолита на микросервисы.", "Payments service: 12k requests per second, moved from the monolith to services."}},
     {{"Тинькофф", "Tinkoff"}, {"Младший разработчик", "Junior developer"}, "2018-07", "2021-02", {"Внутренние API и отчёты для колл-центра.", "Internal APIs and call-centre reports."}}}},
   {"higher", {"МГТУ им. Баумана", "Bauman Moscow State Technical University"}, {"Программная инженерия", "Software engineering"}, 2018},
   {"Пишу надёжные сервисы на Go, люблю профилировать и упрощать. Ищу команду с сильным код-ревью.", "I write reliable Go services and enjoy profiling and simplifying. Looking for a team with strong code review."}},
  {{"Frontend-разработчик React", "React frontend developer"}, 1, {101, 0}, {5, 4, 3, 0}, 220'000,
   {"full", "project"}, {"remote", ""},
   {{{{"СКБ Контур", "SKB Kontur"}, {"Frontend-разработчик", "Frontend developer"}, "2020-09", "", {"Личный кабинет бухгалтера, дизайн-система на React и TypeScript.", "The accountant's dashboard and a React and TypeScript design system."}},
     {{"Веб-студия «Пиксель»", "Pixel web studio"}, {"Верстальщик", "Markup developer"}, "2018-02", "2020-08", {"Лендинги и интернет-магазины.", "Landing pages and online shops."}}}},
   {"higher", {"Уральский федеральный университет", "Ural Federal University"}, {"Прикладная информатика", "Applied computer science"}, 2019},
   {"Делаю быстрые и доступные интерфейсы. Покрываю компоненты тестами и документирую их в Storybook.", "I build fast, accessible interfaces, cover components with tests and document them in Storybook."}},
  {{"Дизайнер интерфейсов", "UI/UX designer"}, 2, {202, 201}, {21, 22, 0, 0}, 180'000,
   {"full", ""}, {"flexible", "remote"},
   {{{{"Додо Пицца", "Dodo Pizza"}, {"Продуктовый дизайнер", "Product designer"}, "2022-01", "", {"Мобильное приложение доставки: корзина, оплата, программа лояльности.", "The delivery app: the cart, payments and the loyalty programme."}},
     {{"Фриланс", "Freelance"}, {"Веб-дизайнер", "Web designer"}, "2019-05", "2021-12", {"Сайты для малого бизнеса.", "Websites for small businesses."}}}},
   {"higher", {"Британская высшая школа дизайна", "British Higher School of Art and Design"}, {"Дизайн цифровых продуктов", "Digital product design"}, 2019},
   {"Провожу интервью с пользователями, собираю прототипы в Figma и довожу макеты до релиза вместе с разработкой.", "I interview users, prototype in Figma and see designs through to release together with developers."}},
  {{"Тестировщик (QA-инженер)", "QA engineer"}, 1, {106, 0}, {2, 16, 0, 0}, 150'000,
   {"full", "part"}, {"full_day", "remote"},
   {{{{"Лаборатория Касперского", "Kaspersky"}, {"QA-инженер", "QA engineer"}, "2022-06", "", {"Автотесты на Python и pytest, нагрузочное тестирование.", "Python and pytest automation, load testing."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"vocational", {"Колледж связи № 54", "Communications College No. 54"}, {"Информационные системы", "Information systems"}, 2021},
   {"Нахожу ошибки до пользователей. Пишу понятные баг-репорты и автотесты.", "I find bugs before users do and write clear bug reports and automated tests."}},
  {{"Специалист 1С", "1C developer"}, 1, {109, 0}, {14, 40, 0, 0}, 200'000,
   {"full", "project"}, {"full_day", "flexible"},
   {{{{"Первый БИТ", "First BIT"}, {"Программист 1С", "1C programmer"}, "2017-04", "", {"Внедрение 1С:ERP на производствах, обмены с сайтами и банками.", "1C:ERP roll-outs at factories, exchanges with websites and banks."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"higher", {"Новосибирский государственный технический университет", "Novosibirsk State Technical University"}, {"Экономика", "Economics"}, 2016},
   {"Сертифицированный специалист 1С:Эксперт. Быстро разбираюсь в чужих конфигурациях.", "A certified 1C expert; quick to find my way around other people's configurations."}},
  {{"SMM-менеджер", "Social media manager"}, 4, {403, 0}, {38, 0, 0, 0}, 90'000,
   {"part", "project"}, {"remote", ""},
   {{{{"Кофейня «Зерно»", "Zerno coffee shop"}, {"SMM-менеджер", "Social media manager"}, "2023-02", "", {"Контент-план, съёмки, таргет ВКонтакте.", "Content plan, shoots, VK targeted ads."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"secondary", {"Лицей № 1", "Lyceum No. 1"}, {"", ""}, 2020},
   {"Веду соцсети так, чтобы они приводили покупателей, а не только лайки.", "I run social media that brings customers, not just likes."}},
  {{"Переводчик английского", "English translator"}, 3, {303, 304}, {32, 33, 0, 0}, 0,
   {"project", "part"}, {"remote", "flexible"},
   {{{{"Бюро переводов «Лингво»", "Lingvo translation agency"}, {"Переводчик", "Translator"}, "2016-09", "", {"Технические и юридические переводы, вычитка.", "Technical and legal translation, proofreading."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"higher", {"МГЛУ", "Moscow State Linguistic University"}, {"Перевод и переводоведение", "Translation studies"}, 2016},
   {"Перевожу точно и в срок, соблюдаю терминологию заказчика.", "Accurate translations on time, in the client's own terminology."}},
  {{"Аналитик данных", "Data analyst"}, 1, {107, 0}, {2, 15, 39, 0}, 240'000,
   {"full", ""}, {"remote", "full_day"},
   {{{{"Kaspi.kz", "Kaspi.kz"}, {"Аналитик данных", "Data analyst"}, "2021-08", "", {"A/B-тесты, дашборды, модели оттока.", "A/B tests, dashboards, churn models."}},
     {{"Halyk Bank", "Halyk Bank"}, {"Стажёр-аналитик", "Analyst intern"}, "2020-06", "2021-07", {"Отчётность и SQL.", "Reporting and SQL."}}}},
   {"higher", {"КазНУ им. аль-Фараби", "Al-Farabi Kazakh National University"}, {"Математика", "Mathematics"}, 2020},
   {"Превращаю данные в решения: от SQL до моделей на Python.", "I turn data into decisions, from SQL to Python models."}},
  {{"DevOps-инженер", "DevOps engineer"}, 1, {105, 0}, {16, 17, 15, 0}, 300'000,
   {"full", ""}, {"remote", "shift"},
   {{{{"EPAM", "EPAM"}, {"DevOps-инженер", "DevOps engineer"}, "2019-11", "", {"Kubernetes, CI/CD, мониторинг для 40 сервисов.", "Kubernetes, CI/CD and monitoring for 40 services."}},
     {{"Белтелеком", "Beltelecom"}, {"Системный администратор", "System administrator"}, "2015-09", "2019-10", {"Linux-серверы и сети.", "Linux servers and networks."}}}},
   {"higher", {"БГУИР", "Belarusian State University of Informatics"}, {"Компьютерные сети", "Computer networks"}, 2015},
   {"Автоматизирую всё, что делается дважды.", "I automate anything done twice."}},
  {{"Графический дизайнер", "Graphic designer"}, 2, {203, 205}, {23, 22, 0, 0}, 120'000,
   {"project", "full"}, {"flexible", ""},
   {{{{"Рекламное агентство «Восход»", "Voskhod advertising agency"}, {"Дизайнер", "Designer"}, "2020-03", "", {"Айдентика, упаковка, наружная реклама.", "Identities, packaging, outdoor ads."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"vocational", {"Художественное училище им. Грекова", "Grekov Art College"}, {"Графический дизайн", "Graphic design"}, 2019},
   {"Придумываю фирменный стиль, который легко применять.", "I create brand identities that are easy to apply."}},
  {{"Мобильный разработчик Flutter", "Flutter mobile developer"}, 1, {102, 0}, {13, 11, 12, 0}, 260'000,
   {"full", "project"}, {"remote", ""},
   {{{{"EPAM", "EPAM"}, {"Мобильный разработчик", "Mobile developer"}, "2020-05", "", {"Приложение банка на Flutter: 1 млн установок.", "A bank's Flutter app with a million installs."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"higher", {"ТУИТ", "Tashkent University of Information Technologies"}, {"Программная инженерия", "Software engineering"}, 2019},
   {"Публикую приложения в App Store и Google Play, пишу тесты.", "I publish to the App Store and Google Play and write tests."}},
  {{"Копирайтер", "Copywriter"}, 3, {301, 0}, {31, 0, 0, 0}, 70'000,
   {"part", "project"}, {"remote", "flexible"},
   {{{{"Фриланс", "Freelance"}, {"Копирайтер", "Copywriter"}, "2022-04", "", {"Тексты для сайтов, рассылок и карточек маркетплейсов.", "Texts for websites, newsletters and marketplace cards."}},
     {{"", ""}, {"", ""}, "", "", {"", ""}}}},
   {"higher", {"Ереванский государственный университет", "Yerevan State University"}, {"Журналистика", "Journalism"}, 2021},
   {"Пишу тексты, которые дочитывают до конца.", "I write texts people read to the end."}},
}};
// clang-format on

/// Where the applicant of each kind lives: (country, city).
constexpr std::array<std::pair<std::int32_t, std::int32_t>, 12> kPlaces{
    {{1, 1}, {1, 4}, {1, 2}, {1, 5}, {1, 3}, {1, 7}, {1, 1}, {2, 21}, {3, 31}, {1, 9}, {4, 41}, {7, 71}}};

constexpr db::Statement kPerformers{"resumes.demo_performers", R"sql(
SELECT u.id, u.lang
FROM identity.users u
WHERE (u.email LIKE '%@demo.artel.local' AND u.intent = 'performer') OR u.email = 'performer@artel.local'
ORDER BY u.id
)sql"};
constexpr db::Statement kSeeded{"resumes.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM resumes.resumes r JOIN identity.users u ON u.id = r.user_id
               WHERE u.email LIKE '%@demo.artel.local') AS seeded
)sql"};

ResumeInput InputOf(const Kind& kind, bool russian, std::size_t index, const catalog::Snapshot& catalog) {
  ResumeInput input;
  input.position = std::string(kind.position.In(russian));
  input.category_id = kind.category;
  for (auto id : kind.specializations) {
    if (id != 0) input.specialization_ids.push_back(id);
  }
  for (auto id : kind.skills) {
    if (id != 0) input.skill_ids.push_back(id);
  }
  if (kind.roubles > 0) {
    // Russian applicants in roubles; English-speaking ones half in dollars.
    input.salary = russian || index % 2 == 0 ? kernel::Money{kind.roubles * 100, "RUB"}
                                             : kernel::Money{kind.roubles / 90 * 100, "USD"};
    input.salary_base = catalog.ToBase(input.salary->amount, input.salary->currency);
  }
  for (auto code : kind.employments) {
    if (!code.empty()) input.employments.emplace_back(code);
  }
  for (auto code : kind.schedules) {
    if (!code.empty()) input.schedules.emplace_back(code);
  }
  for (const auto& job : kind.jobs) {
    if (job.start.empty()) continue;
    ExperienceEntry entry;
    entry.company = std::string(job.company.In(russian));
    entry.position = std::string(job.position.In(russian));
    entry.start = ParseYearMonth(job.start).value_or(YearMonth{2020, 1});
    if (!job.end.empty()) entry.end = ParseYearMonth(job.end);
    entry.description = std::string(job.description.In(russian));
    input.experience.push_back(std::move(entry));
  }
  input.education.push_back({std::string(kind.study.level), std::string(kind.study.institution.In(russian)),
                             std::string(kind.study.specialty.In(russian)), kind.study.year});
  input.languages.push_back({"ru", russian ? "native" : "b1"});
  input.languages.push_back({"en", russian ? (index % 2 == 0 ? "b2" : "b1") : "native"});
  input.about = std::string(kind.about.In(russian));
  const auto [country, city] = kPlaces[index % kPlaces.size()];
  input.country_id = country;
  input.city_id = city;
  input.citizenship_id = country;
  input.relocate = index % 3 == 1;
  input.business_trips = index % 2 == 0;
  input.visibility = index % 5 == 2 ? "responded" : "public";
  input.publish = index % 9 != 4;  // a few drafts
  return input;
}

}  // namespace

awaitable<void> SeedDemoResumes(platform::DemoContext& demo) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto& resumes = demo.Get<Resumes>();
  const auto& files = demo.Get<storage::FileStore>();
  auto catalog = co_await demo.Get<catalog::Catalog>().Get();
  auto rows = co_await pool.Query(kPerformers);
  std::vector<std::int64_t> russians;
  std::vector<std::int64_t> others;
  for (auto row : rows) {
    (row.Get<std::string>("lang") == "ru" ? russians : others).push_back(row.Get<std::int64_t>("id"));
  }
  if (russians.empty()) russians = others;
  if (others.empty()) others = russians;
  if (russians.empty()) co_return;
  std::size_t created = 0;
  std::size_t photos = 0;
  std::size_t hidden = 0;
  // Every kind in both languages, and the first six a second time for another applicant: about thirty.
  for (std::size_t index = 0; index < kKinds.size() * 2 + 6; ++index) {
    const bool russian = index % 2 == 0;
    const auto& kind = kKinds[(index / 2) % kKinds.size()];
    const auto& owners = russian ? russians : others;
    const auto user_id = owners[(index / 2 + index / 24) % owners.size()];
    const auto input = InputOf(kind, russian, index, *catalog);
    const auto id = co_await resumes.Create(user_id, input);
    if (input.publish && index % 7 == 3) {
      co_await resumes.Hide(user_id, id);
      ++hidden;
    }
    if (index % 3 == 0) {
      const auto bytes = drawing::Draw(drawing::Picture::kPortrait,
                                       static_cast<std::uint32_t>(index) * 7919U + 17U, 480, 600);
      std::optional<storage::StoredFile> photo(
          files.PutImage(bytes, {.max_side = kPhotoSide, .thumbnail = true}));
      co_await resumes.SetPhoto(user_id, id, photo);
      ++photos;
    }
    ++created;
  }
  demo.Report(fmt::format("Demo resumes: {} ({} with photos, {} hidden)", created, photos, hidden));
}

}  // namespace artel::resumes
