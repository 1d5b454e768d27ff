// `artel seed-demo`'s profiles: every demo performer gets a profile in their language from one of a few
// believable kinds of work (a web developer, a brand designer, a mobile developer, …), with portfolio groups,
// projects and pictures drawn with libgd (libs/drawing), and prices; every demo customer an about text.
// Through the module's own Editor and FileStore::PutImage, as an owner's edits would go.

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
#include "artel/profiles/editor.hpp"
#include "artel/storage/storage.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;
using drawing::Picture;

/// A text in both languages.
struct Text {
  std::string_view ru;
  std::string_view en;
  std::string_view In(bool russian) const { return russian ? ru : en; }
};

struct DemoProject {
  Text name;
  Text description;
  std::array<std::string_view, 3> tools;
  std::string_view link;  // may be empty
};

struct DemoGroup {
  Text name;
  Text description;
  std::array<DemoProject, 3> projects;  // a project with an empty Russian name is absent
};

struct DemoPrice {
  Text name;
  Text description;
  std::string_view kind;
  std::int64_t roubles;
  std::string_view unit;
};

struct Kind {
  Text headline;
  Text about;
  std::array<std::int32_t, 3> specializations;  // the first is the main one; 0: none
  std::array<std::int32_t, 6> skills;           // 0: none
  std::int64_t rate_roubles;
  Picture picture;
  std::array<DemoGroup, 3> groups;  // a group with an empty Russian name is absent
  std::array<DemoPrice, 5> prices;  // likewise
};

// clang-format off
const std::array<Kind, 8> kKinds{{
  {{"Веб-разработчик: сайты и интернет-магазины под ключ", "Web developer: websites and online shops, end to end"},
   {"Восемь лет делаю сайты для малого бизнеса: от лендинга за неделю до интернет-магазина с оплатой, доставкой и "
    "личным кабинетом. Работаю по договору, показываю промежуточные результаты каждые несколько дней, после запуска "
    "месяц сопровождаю бесплатно.",
    "For eight years I have built websites for small businesses: from a one-week landing page to an online shop with "
    "payments, delivery and customer accounts. I work under a contract, show progress every few days and support the "
    "site for a month after launch at no charge."},
   {101, 201, 0}, {5, 4, 3, 15, 16, 21}, 2'500, Picture::kSite,
   {{{{"Интернет-магазины", "Online shops"}, {"Магазины с корзиной, оплатой и доставкой", "Shops with a cart, payments and delivery"},
      {{{{"Магазин чая «Листок»", "Listok tea shop"}, {"Каталог на 300 товаров, оплата картой, доставка СДЭК, личный кабинет.", "A catalogue of 300 products, card payments, courier delivery and customer accounts."}, {"React", "TypeScript", "PostgreSQL"}, "https://listok.example.com"},
        {{"Магазин детской одежды", "Children's clothing store"}, {"Фильтры по размеру и сезону, промокоды, интеграция с 1С.", "Filters by size and season, promo codes, 1C integration."}, {"Next.js", "Node.js", "Docker"}, ""},
        {{"Доставка цветов", "Flower delivery"}, {"Сборка букета онлайн, выбор времени доставки, уведомления в Telegram.", "Build-a-bouquet online, delivery time slots, Telegram notifications."}, {"React", "Go", "Redis"}, ""}}}},
     {{"Корпоративные сайты", "Company websites"}, {"Сайты компаний с удобной админкой", "Company websites with an easy admin panel"},
      {{{{"Сайт строительной компании", "Construction company website"}, {"Портфолио объектов, калькулятор стоимости, заявки в CRM.", "A portfolio of projects, a cost calculator, leads straight into the CRM."}, {"Laravel", "Vue.js", "MySQL"}, ""},
        {{"Сайт юридического бюро", "Law firm website"}, {"Многоязычный сайт с блогом и записью на консультацию.", "A multilingual site with a blog and consultation booking."}, {"WordPress", "PHP", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"", ""}, {"", ""}, {}}}},
   {{{{"Лендинг", "Landing page"}, {"Одна страница с формой заявки, адаптивная вёрстка", "One page with a lead form, responsive"}, "from", 30'000, "project"},
     {{"Интернет-магазин", "Online shop"}, {"Каталог, корзина, оплата, доставка", "Catalogue, cart, payments, delivery"}, "from", 150'000, "project"},
     {{"Доработка сайта", "Website changes"}, {"Правки, новые блоки, ускорение загрузки", "Fixes, new sections, faster loading"}, "fixed", 2'500, "hour"},
     {{"", ""}, {"", ""}, "", 0, ""}, {{"", ""}, {"", ""}, "", 0, ""}}}},

  {{"Дизайнер логотипов и фирменного стиля", "Logo and brand identity designer"},
   {"Создаю логотипы, которые запоминаются, и фирменный стиль, который легко применять: от визитки до вывески. "
    "На старте — бриф и три направления эскизов, дальше доводим выбранное до идеала. Передаю исходники и гайдлайн.",
    "I design logos that stick and brand identities that are easy to use, from a business card to a shop sign. We start "
    "with a brief and three sketch directions, then polish the chosen one. You get the source files and a guideline."},
   {203, 205, 201}, {23, 22, 21, 0, 0, 0}, 2'000, Picture::kLogo,
   {{{{"Логотипы", "Logos"}, {"Знаки и логотипы для малого бизнеса", "Marks and logos for small businesses"},
      {{{{"Логотип кофейни «Зерно»", "Zerno coffee shop logo"}, {"Знак и шрифтовая пара для сети из трёх кофеен.", "A mark and a font pairing for a chain of three coffee shops."}, {"Illustrator", "Figma", ""}, ""},
        {{"Логотип фитнес-студии", "Fitness studio logo"}, {"Динамичный знак, который хорошо смотрится на форме и в соцсетях.", "A dynamic mark that works on uniforms and in social media."}, {"Illustrator", "", ""}, ""},
        {{"Логотип IT-стартапа", "IT startup logo"}, {"Минималистичный знак для приложения и сайта.", "A minimalist mark for the app and the website."}, {"Figma", "Illustrator", ""}, ""}}}},
     {{"Фирменный стиль", "Brand identity"}, {"Полные комплекты носителей и гайдлайны", "Complete sets of materials and guidelines"},
      {{{{"Фирменный стиль пекарни", "Bakery brand identity"}, {"Логотип, упаковка, меню, вывеска и гайдлайн на 20 страниц.", "Logo, packaging, menu, sign and a 20-page guideline."}, {"Illustrator", "Photoshop", "InDesign"}, ""},
        {{"Айдентика конференции", "Conference identity"}, {"Бейджи, баннеры, презентации и анимация для соцсетей.", "Badges, banners, slides and animations for social media."}, {"Illustrator", "After Effects", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Упаковка", "Packaging"}, {"Этикетки и коробки", "Labels and boxes"},
      {{{{"Этикетки для мёда", "Honey labels"}, {"Серия из пяти этикеток для фермерского мёда.", "A series of five labels for farm honey."}, {"Illustrator", "", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}, {{"", ""}, {"", ""}, {"", "", ""}, ""}}}}}},
   {{{{"Логотип", "Logo"}, {"Три направления эскизов, две итерации правок", "Three sketch directions, two rounds of changes"}, "from", 15'000, "project"},
     {{"Фирменный стиль", "Brand identity"}, {"Логотип, цвета, шрифты, носители, гайдлайн", "Logo, colours, fonts, materials, guideline"}, "from", 60'000, "project"},
     {{"Визитка", "Business card"}, {"Двусторонняя, с подготовкой к печати", "Two-sided, print-ready"}, "fixed", 3'000, "item"},
     {{"Этикетка", "Label"}, {"Дизайн и подготовка к печати", "Design and print preparation"}, "from", 8'000, "item"},
     {{"", ""}, {"", ""}, "", 0, ""}}}},

  {{"Мобильный разработчик: iOS и Android на Flutter", "Mobile developer: iOS and Android with Flutter"},
   {"Разрабатываю мобильные приложения на Flutter и нативно на Kotlin. Публикую в App Store и Google Play, подключаю "
    "оплату, push-уведомления и аналитику. Пишу тесты и оставляю понятную документацию.",
    "I build mobile apps with Flutter and natively in Kotlin. I publish to the App Store and Google Play and set up "
    "payments, push notifications and analytics. I write tests and leave clear documentation."},
   {102, 202, 0}, {13, 11, 12, 21, 0, 0}, 3'000, Picture::kApp,
   {{{{"Приложения", "Apps"}, {"Опубликованные приложения", "Published apps"},
      {{{{"Приложение для записи в салон", "Beauty salon booking app"}, {"Запись к мастеру, оплата, напоминания и программа лояльности.", "Booking, payments, reminders and a loyalty programme."}, {"Flutter", "Firebase", ""}, ""},
        {{"Трекер привычек", "Habit tracker"}, {"Офлайн-режим, виджеты, синхронизация между устройствами.", "Offline mode, widgets, sync across devices."}, {"Kotlin", "Room", ""}, ""},
        {{"Приложение доставки еды", "Food delivery app"}, {"Каталог ресторанов, корзина, отслеживание курьера на карте.", "Restaurant catalogue, cart, courier tracking on a map."}, {"Flutter", "Go", ""}, ""}}}},
     {{"Прототипы", "Prototypes"}, {"Кликабельные прототипы для инвесторов", "Clickable prototypes for investors"},
      {{{{"MVP для финтех-стартапа", "Fintech startup MVP"}, {"Прототип за две недели: онбординг, переводы, история операций.", "A prototype in two weeks: onboarding, transfers, history."}, {"Flutter", "Figma", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}, {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"", ""}, {"", ""}, {}}}},
   {{{{"Приложение под ключ", "App end to end"}, {"iOS и Android, публикация в сторах", "iOS and Android, store publishing"}, "from", 300'000, "project"},
     {{"Прототип", "Prototype"}, {"Кликабельный прототип основных экранов", "A clickable prototype of the main screens"}, "from", 50'000, "project"},
     {{"Разработка", "Development"}, {"Почасовая работа по вашей задаче", "Hourly work on your task"}, "fixed", 3'000, "hour"},
     {{"", ""}, {"", ""}, "", 0, ""}, {{"", ""}, {"", ""}, "", 0, ""}}}},

  {{"UI/UX-дизайнер интерфейсов", "UI/UX designer"},
   {"Проектирую интерфейсы веб-сервисов и мобильных приложений: исследую пользователей, собираю прототипы, рисую "
    "дизайн-систему и передаю макеты в разработку так, чтобы программистам не приходилось гадать.",
    "I design interfaces for web services and mobile apps: user research, prototypes, a design system, and hand-off "
    "files developers never have to guess about."},
   {202, 201, 0}, {21, 22, 0, 0, 0, 0}, 2'800, Picture::kApp,
   {{{{"Мобильные интерфейсы", "Mobile interfaces"}, {"Экраны приложений", "App screens"},
      {{{{"Банк для малого бизнеса", "Small business banking"}, {"Редизайн мобильного банка: платежи стали на два шага короче.", "A mobile banking redesign: payments became two steps shorter."}, {"Figma", "", ""}, ""},
        {{"Приложение фитнес-клуба", "Fitness club app"}, {"Расписание, запись на тренировки, абонементы.", "Schedule, class booking, memberships."}, {"Figma", "Protopie", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Веб-интерфейсы", "Web interfaces"}, {"Личные кабинеты и админки", "Dashboards and admin panels"},
      {{{{"CRM для автосервиса", "Car service CRM"}, {"Запись клиентов, склад запчастей и отчёты в одном окне.", "Bookings, spare parts and reports on one screen."}, {"Figma", "", ""}, ""},
        {{"Сайт онлайн-школы", "Online school website"}, {"Каталог курсов, личный кабинет ученика, оплата.", "A course catalogue, student accounts, payments."}, {"Figma", "Tilda", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Дизайн-системы", "Design systems"}, {"Компоненты и правила", "Components and rules"},
      {{{{"Дизайн-система маркетплейса", "Marketplace design system"}, {"140 компонентов, тёмная тема, документация.", "140 components, a dark theme, documentation."}, {"Figma", "", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}, {{"", ""}, {"", ""}, {"", "", ""}, ""}}}}}},
   {{{{"Дизайн экрана", "Screen design"}, {"Один экран приложения или страница сайта", "One app screen or web page"}, "from", 5'000, "item"},
     {{"Прототип", "Prototype"}, {"Кликабельный прототип в Figma", "A clickable Figma prototype"}, "from", 40'000, "project"},
     {{"UX-аудит", "UX audit"}, {"Разбор интерфейса и список улучшений", "An interface review and a list of improvements"}, "fixed", 25'000, "project"},
     {{"Консультация", "Consultation"}, {"Созвон по вашему продукту", "A call about your product"}, "fixed", 3'000, "hour"},
     {{"", ""}, {"", ""}, "", 0, ""}}}},

  {{"Копирайтер и переводчик (английский)", "Copywriter and translator (English)"},
   {"Пишу тексты для сайтов, рассылок и карточек товаров, перевожу с английского и на английский. Соблюдаю сроки, "
    "проверяю уникальность и всегда уточняю, для кого текст.",
    "I write copy for websites, newsletters and product cards and translate between English and Russian. I keep "
    "deadlines, check originality and always ask who the text is for."},
   {301, 303, 304}, {31, 32, 33, 0, 0, 0}, 1'200, Picture::kDocument,
   {{{{"Тексты для сайтов", "Website copy"}, {"Главные страницы, о компании, услуги", "Home pages, about us, services"},
      {{{{"Тексты для клиники", "Clinic website copy"}, {"12 страниц услуг простым языком, без канцелярита.", "12 service pages in plain language."}, {"Главред", "Google Docs", ""}, ""},
        {{"Карточки товаров", "Product cards"}, {"200 описаний для магазина посуды на Wildberries.", "200 descriptions for a kitchenware shop on a marketplace."}, {"Excel", "", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Переводы", "Translations"}, {"Технические и маркетинговые переводы", "Technical and marketing translations"},
      {{{{"Перевод сайта SaaS-сервиса", "SaaS website translation"}, {"Перевод на английский 40 страниц и интерфейса.", "40 pages and the interface translated into English."}, {"Smartcat", "", ""}, ""},
        {{"Инструкция к оборудованию", "Equipment manual"}, {"Технический перевод руководства на 60 страниц.", "A 60-page technical manual translated."}, {"Trados", "", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"", ""}, {"", ""}, {}}}},
   {{{{"Текст для сайта", "Website copy"}, {"Продающий текст с учётом SEO", "Selling copy with SEO in mind"}, "from", 600, "thousand_chars"},
     {{"Перевод", "Translation"}, {"Английский ↔ русский", "English ↔ Russian"}, "from", 700, "thousand_chars"},
     {{"Редактура", "Editing"}, {"Вычитка и стилистическая правка", "Proofreading and style editing"}, "fixed", 300, "thousand_chars"},
     {{"", ""}, {"", ""}, "", 0, ""}, {{"", ""}, {"", ""}, "", 0, ""}}}},

  {{"SEO-специалист и контекстная реклама", "SEO and paid search specialist"},
   {"Вывожу сайты в топ Яндекса и Google и настраиваю рекламу, которая окупается. Начинаю с аудита, дальше — план "
    "работ с понятными метриками и ежемесячный отчёт.",
    "I get websites to the top of search results and set up ads that pay for themselves. I start with an audit, then "
    "a plan with clear metrics and a monthly report."},
   {401, 402, 405}, {35, 36, 37, 38, 0, 0}, 2'000, Picture::kChart,
   {{{{"Продвижение", "Promotion"}, {"Рост трафика и заявок", "Growth of traffic and leads"},
      {{{{"Продвижение стоматологии", "Dental clinic SEO"}, {"За полгода трафик из поиска вырос в 3,2 раза.", "Search traffic grew 3.2 times in six months."}, {"Key Collector", "Screaming Frog", ""}, ""},
        {{"Реклама мебельной фабрики", "Furniture factory ads"}, {"Стоимость заявки снизилась на 40 %.", "The cost per lead fell by 40%."}, {"Яндекс Директ", "Google Ads", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Аналитика", "Analytics"}, {"Цели, отчёты, дашборды", "Goals, reports, dashboards"},
      {{{{"Дашборд интернет-магазина", "Online shop dashboard"}, {"Сквозная аналитика от клика до продажи.", "End-to-end analytics from click to sale."}, {"Looker Studio", "Метрика", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}, {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"", ""}, {"", ""}, {}}}},
   {{{{"SEO-аудит", "SEO audit"}, {"Технический и контентный аудит с планом работ", "A technical and content audit with a plan"}, "fixed", 20'000, "project"},
     {{"Продвижение", "Search promotion"}, {"Ежемесячная работа и отчёт", "Monthly work and a report"}, "from", 35'000, "month"},
     {{"Настройка рекламы", "Ad campaign setup"}, {"Яндекс Директ или Google Ads", "Yandex Direct or Google Ads"}, "from", 15'000, "project"},
     {{"Ведение рекламы", "Ad management"}, {"Оптимизация ставок и объявлений", "Bid and ad optimisation"}, "from", 20'000, "month"},
     {{"Настройка аналитики", "Analytics setup"}, {"Цели, электронная торговля, отчёты", "Goals, e-commerce, reports"}, "fixed", 12'000, "project"}}}},

  {{"3D-визуализатор и иллюстратор", "3D artist and illustrator"},
   {"Делаю 3D-визуализации товаров и интерьеров и рисую иллюстрации для сайтов и книг. Фотореализм или стилизация — "
    "подберём то, что подойдёт вашему проекту.",
    "I create 3D renders of products and interiors and draw illustrations for websites and books. Photorealism or a "
    "stylised look — we will choose what suits your project."},
   {206, 204, 0}, {24, 25, 22, 0, 0, 0}, 1'800, Picture::kScene,
   {{{{"3D-визуализация", "3D rendering"}, {"Предметная и интерьерная визуализация", "Product and interior renders"},
      {{{{"Визуализация колонки", "Smart speaker render"}, {"Серия рендеров для карточки товара и рекламы.", "A series of renders for the product card and ads."}, {"Blender", "", ""}, ""},
        {{"Интерьер кухни", "Kitchen interior"}, {"Фотореалистичная визуализация для дизайн-проекта.", "A photorealistic render for a design project."}, {"3ds Max", "Corona", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Иллюстрации", "Illustrations"}, {"Для сайтов и книг", "For websites and books"},
      {{{{"Иллюстрации для лендинга", "Landing page illustrations"}, {"Пять сцен в едином стиле для сервиса доставки.", "Five scenes in one style for a delivery service."}, {"Blender", "Photoshop", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}, {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"", ""}, {"", ""}, {}}}},
   {{{{"3D-модель товара", "Product 3D model"}, {"Модель и три ракурса рендера", "A model and three render angles"}, "from", 12'000, "item"},
     {{"Визуализация интерьера", "Interior render"}, {"Один ракурс, фотореализм", "One angle, photorealistic"}, "from", 8'000, "item"},
     {{"Иллюстрация", "Illustration"}, {"Цветная иллюстрация для сайта", "A colour illustration for a website"}, "from", 6'000, "item"},
     {{"", ""}, {"", ""}, "", 0, ""}, {{"", ""}, {"", ""}, "", 0, ""}}}},

  {{"Видеомонтажёр и моушн-дизайнер", "Video editor and motion designer"},
   {"Монтирую ролики для YouTube и соцсетей, делаю анимацию логотипов и рекламные видео. Цветокоррекция, титры, "
    "подбор музыки — всё в одном месте.",
    "I edit videos for YouTube and social media and make logo animations and promo videos. Colour grading, titles and "
    "music — all in one place."},
   {501, 502, 0}, {29, 28, 30, 0, 0, 0}, 1'500, Picture::kVideo,
   {{{{"Монтаж", "Editing"}, {"Ролики для YouTube и соцсетей", "Videos for YouTube and social media"},
      {{{{"Влог о путешествиях", "Travel vlog"}, {"Серия из 12 выпусков, цветокоррекция и саунд-дизайн.", "A 12-episode series with colour grading and sound design."}, {"Premiere Pro", "DaVinci Resolve", ""}, ""},
        {{"Рилсы для кофейни", "Reels for a coffee shop"}, {"30 коротких роликов за месяц.", "30 short videos in a month."}, {"Premiere Pro", "", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"Анимация", "Animation"}, {"Моушн-дизайн и анимация логотипов", "Motion design and logo animation"},
      {{{{"Анимация логотипа банка", "Bank logo animation"}, {"Заставка на пять секунд для рекламы.", "A five-second intro for ads."}, {"After Effects", "", ""}, ""},
        {{"Объясняющее видео", "Explainer video"}, {"Двухминутный ролик о работе сервиса.", "A two-minute video on how the service works."}, {"After Effects", "Illustrator", ""}, ""},
        {{"", ""}, {"", ""}, {"", "", ""}, ""}}}},
     {{"", ""}, {"", ""}, {}}}},
   {{{{"Монтаж ролика", "Video editing"}, {"До 10 минут, с титрами и музыкой", "Up to 10 minutes, with titles and music"}, "from", 5'000, "item"},
     {{"Анимация логотипа", "Logo animation"}, {"Заставка 3–5 секунд", "A 3–5 second intro"}, "from", 10'000, "item"},
     {{"Монтаж", "Editing"}, {"Почасовая работа", "Hourly work"}, "fixed", 1'500, "hour"},
     {{"", ""}, {"", ""}, "", 0, ""}, {{"", ""}, {"", ""}, "", 0, ""}}}},
}};
// clang-format on

/// Where a demo performer lives, by their e-mail's position among the demo performers.
struct Place {
  std::int32_t country_id;
  std::int32_t city_id;
};

constexpr std::array<std::string_view, 4> kCustomerAboutRu{
    "Небольшая сеть кофеен в Казани. Регулярно заказываем дизайн, фото и продвижение в соцсетях.",
    "Интернет-магазин товаров для дома. Ищем надёжных исполнителей на долгую работу.",
    "Строительная компания: сайты, сметы, чертежи. Оплачиваем вовремя, ТЗ пишем подробно.",
    "Онлайн-школа английского языка. Нужны тексты, видео и дизайн для курсов.",
};
constexpr std::array<std::string_view, 2> kCustomerAboutEn{
    "A small product studio. We hire freelancers for design, development and copy, and we pay on time.",
    "An e-commerce brand selling home goods across Europe. Looking for long-term partners.",
};

constexpr db::Statement kDemoUsers{"profiles.demo_users", R"sql(
SELECT u.id, u.lang, coalesce(u.intent, '') AS intent, u.email
FROM identity.users u
WHERE u.email LIKE '%@demo.artel.local' OR u.email IN ('performer@artel.local', 'customer@artel.local')
ORDER BY u.id
)sql"};
constexpr db::Statement kSeeded{"profiles.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM profiles.freelancers f JOIN identity.users u ON u.id = f.user_id
               WHERE u.email LIKE '%@demo.artel.local' AND f.headline <> '') AS seeded
)sql"};

awaitable<std::size_t> SeedPerformer(Editor& editor, const storage::FileStore& files,
                                     const catalog::Snapshot& catalog, std::int64_t user_id, bool russian,
                                     std::size_t index) {
  const Kind& kind = kKinds[index % kKinds.size()];
  static constexpr std::array<Place, 6> kRussianPlaces{{{1, 1}, {1, 2}, {2, 21}, {1, 5}, {3, 31}, {4, 41}}};
  static constexpr std::array<Place, 2> kEnglishPlaces{{{12, 121}, {8, 81}}};
  const Place place = russian ? kRussianPlaces[index % kRussianPlaces.size()] : kEnglishPlaces[index % 2];

  FreelancerInput input;
  input.headline = std::string(kind.headline.In(russian));
  input.about = std::string(kind.about.In(russian));
  for (auto id : kind.specializations) {
    if (id == 0 || catalog.FindSpecialization(id) == nullptr) continue;
    input.specializations.push_back({.id = id, .main = input.specializations.empty()});
  }
  for (auto id : kind.skills) {
    if (id != 0 && catalog.FindSkill(id) != nullptr) input.skill_ids.push_back(id);
  }
  input.experience_years = static_cast<std::int64_t>(3 + index % 9);
  input.country_id = place.country_id;
  input.city_id = place.city_id;
  input.languages = russian ? std::vector<std::string>{"ru", "en"} : std::vector<std::string>{"en"};
  // Rates vary a little between performers of one kind; English-speaking ones quote dollars.
  const std::int64_t roubles = kind.rate_roubles + static_cast<std::int64_t>(index % 3) * 300;
  input.rate = russian ? RateView{.amount = roubles * 100, .currency = "RUB"}
                       : RateView{.amount = (roubles / 90 + 5) * 100, .currency = "USD"};
  input.available = index % 4 != 3;
  co_await editor.UpdateFreelancer(user_id, input);

  std::size_t images = 0;
  std::uint32_t seed = static_cast<std::uint32_t>(user_id) * 7919U;
  // Two or three groups: the kinds with a third one keep it for every other performer.
  std::size_t groups = 0;
  for (const auto& group : kind.groups) {
    if (group.name.ru.empty() || (groups == 2 && index % 2 == 1)) continue;
    ++groups;
    GroupInput group_input{std::string(group.name.In(russian)), std::string(group.description.In(russian))};
    auto created = co_await editor.CreateGroup(user_id, group_input);
    const auto group_id = created.id;
    for (const auto& project : group.projects) {
      if (project.name.ru.empty()) continue;
      ProjectInput project_input;
      project_input.group_id = group_id;
      project_input.name = std::string(project.name.In(russian));
      project_input.description = std::string(project.description.In(russian));
      for (auto tool : project.tools) {
        if (!tool.empty()) project_input.tools.emplace_back(tool);
      }
      if (!project.link.empty()) project_input.link = std::string(project.link);
      const std::size_t count = 1 + (seed % 3);
      for (std::size_t i = 0; i < count; ++i) {
        const auto bytes = drawing::Draw(kind.picture, ++seed);
        const auto stored = files.PutImage(bytes);
        auto upload = co_await editor.AddUpload(user_id, stored);
        project_input.images.push_back({upload.id, i == 0});
        ++images;
      }
      seed = seed * 1103515245U + 12345U;
      co_await editor.CreateProject(user_id, project_input);
    }
  }

  const std::size_t price_count = 2 + index % 4;
  std::size_t added = 0;
  for (const auto& price : kind.prices) {
    if (price.name.ru.empty() || added == price_count) continue;
    PriceInput price_input;
    price_input.name = std::string(price.name.In(russian));
    price_input.description = std::string(price.description.In(russian));
    price_input.kind = std::string(price.kind);
    price_input.amount = russian ? price.roubles * 100 : std::max<std::int64_t>(1, price.roubles / 90) * 100;
    price_input.currency = russian ? "RUB" : "USD";
    price_input.unit = std::string(price.unit);
    co_await editor.CreatePrice(user_id, price_input);
    ++added;
  }
  co_return images;
}

}  // namespace

awaitable<void> SeedDemoProfiles(platform::DemoContext& demo) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto& editor = demo.Get<Editor>();
  const auto& files = demo.Get<storage::FileStore>();
  auto catalog = co_await demo.Get<catalog::Catalog>().Get();
  auto users = co_await pool.Query(kDemoUsers);
  std::size_t performers = 0;
  std::size_t customers = 0;
  std::size_t images = 0;
  for (auto row : users) {
    const auto user_id = row.Get<std::int64_t>("id");
    const bool russian = row.Get<std::string>("lang") == "ru";
    const auto intent = row.Get<std::string>("intent");
    const auto email = row.Get<std::string>("email");
    const bool performer = intent == "performer" || email == "performer@artel.local";
    if (performer) {
      images += co_await SeedPerformer(editor, files, *catalog, user_id, russian, performers);
      ++performers;
    } else {
      CustomerInput input{.about =
                              std::string(russian ? kCustomerAboutRu[customers % kCustomerAboutRu.size()]
                                                  : kCustomerAboutEn[customers % kCustomerAboutEn.size()])};
      co_await editor.UpdateCustomer(user_id, std::move(input));
      ++customers;
    }
  }
  demo.Report(fmt::format("Demo profiles: {} performers ({} portfolio images), {} customers", performers,
                          images, customers));
}

}  // namespace artel::profiles
