// `artel seed-demo`'s saved searches: the demo performer and a demo freelancer in each language keep a few
// searches of orders (and of vacancies where that scope is registered). This seeder runs before the orders'
// and vacancies' ones (the module order), so the items they publish arrive as real new matches.

#include "demo.hpp"

#include <array>
#include <string>
#include <string_view>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/searches/searches.hpp"

namespace artel::searches {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kDemoUsers{"searches.demo_users", R"sql(
SELECT u.id, u.lang, EXISTS (SELECT 1 FROM searches.searches s WHERE s.user_id = u.id) AS seeded
FROM identity.users u
WHERE u.email IN ('performer@artel.local', 'anna.smirnova@demo.artel.local', 'james.carter@demo.artel.local')
ORDER BY u.id
)sql"};

struct DemoSearch {
  std::string_view scope;
  std::string_view name_ru;
  std::string_view name_en;
  std::array<std::pair<std::string_view, std::string_view>, 3> filter;
  Interval interval;
};

constexpr std::array kSearches{
    DemoSearch{"orders",
               "Сайты и веб-сервисы",
               "Websites and web services",
               {{{"category", "development"}, {"specialization", "101"}, {}}},
               Interval::kDaily},
    DemoSearch{"orders",
               "Боты с малой конкуренцией",
               "Bots with little competition",
               {{{"q", "бот"}, {"max_bids", "5"}, {}}},
               Interval::kImmediately},
    DemoSearch{"orders",
               "Дизайн от заказчиков с рейтингом 4+",
               "Design from customers rated 4+",
               {{{"category", "design"}, {"min_rating", "4"}, {}}},
               Interval::kWeekly},
    DemoSearch{
        "vacancies", "Удалённая работа", "Remote jobs", {{{"remote", "true"}, {}, {}}}, Interval::kDaily},
};

}  // namespace

awaitable<std::int64_t> SeedDemoSearches(db::Pool& pool, Searches& searches) {
  std::int64_t saved = 0;
  auto users = co_await pool.Query(kDemoUsers);
  for (auto user : users) {
    if (user.Get<bool>("seeded")) continue;
    const Actor actor{.user_id = user.Get<std::int64_t>("id")};
    const bool ru = user.Get<std::string>("lang") == "ru";
    for (const auto& demo : kSearches) {
      if (!searches.HasScope(demo.scope)) continue;
      SearchInput input{.name = std::string(ru ? demo.name_ru : demo.name_en),
                        .scope = std::string(demo.scope),
                        .interval = demo.interval};
      for (const auto& [key, value] : demo.filter) {
        if (!key.empty()) input.filter[key] = value;
      }
      // The English searches look for English words.
      if (!ru && input.filter.contains("q")) input.filter["q"] = "bot";
      try {
        co_await searches.Save(actor, input);
        ++saved;
      } catch (const Error&) {
        // A filter the scope refuses (a catalog without that category): the demo skips it.
      }
    }
  }
  co_return saved;
}

}  // namespace artel::searches
