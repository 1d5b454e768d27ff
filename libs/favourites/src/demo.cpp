// `artel seed-demo`'s favourites: the demo accounts bookmark a few orders, freelancers, vacancies, resumes
// and companies, in their own language where the item has one (a title with Cyrillic letters is Russian).

#include "demo.hpp"

#include <string>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/favourites/favourites.hpp"

namespace artel::favourites {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kDemoUsers{"favourites.demo_users", R"sql(
SELECT id, lang FROM identity.users
WHERE email IN ('customer@artel.local', 'performer@artel.local', 'anna.smirnova@demo.artel.local',
                'james.carter@demo.artel.local')
ORDER BY id
)sql"};

// Up to three items of each kind for a user of language $2 ('ru': titles with Cyrillic letters), not their
// own.
constexpr db::Statement kDemoItems{"favourites.demo_items", R"sql(
(SELECT 'order' AS kind, id FROM orders.orders
 WHERE customer_id <> $1 AND visibility = 'public' AND (name ~ '[А-Яа-яЁё]') = ($2 = 'ru')
 ORDER BY created_at DESC, id DESC LIMIT 3)
UNION ALL
(SELECT 'freelancer', performer_id FROM bids.bids WHERE performer_id <> $1
 GROUP BY performer_id ORDER BY count(*) DESC, performer_id LIMIT 3)
UNION ALL
(SELECT 'vacancy', v.id FROM vacancies.vacancies v
 WHERE v.owner_id <> $1 AND v.status IN ('published', 'archived') AND (v.title ~ '[А-Яа-яЁё]') = ($2 = 'ru')
 ORDER BY v.status = 'archived' DESC, v.id LIMIT 3)
UNION ALL
(SELECT 'resume', id FROM resumes.resumes
 WHERE user_id <> $1 AND status = 'published' AND visibility = 'public' AND (position ~ '[А-Яа-яЁё]') = ($2 = 'ru')
 ORDER BY id LIMIT 3)
UNION ALL
(SELECT 'company', id FROM companies.companies WHERE owner_id <> $1 ORDER BY id LIMIT 2)
)sql"};

}  // namespace

awaitable<std::int64_t> SeedDemoFavourites(db::Pool& pool, Favourites& favourites) {
  std::int64_t added = 0;
  auto users = co_await pool.Query(kDemoUsers);
  for (auto user : users) {
    const Actor actor{.user_id = user.Get<std::int64_t>("id")};
    const auto lang = user.Get<std::string>("lang");
    auto items = co_await pool.Query(kDemoItems, actor.user_id, lang);
    for (auto item : items) {
      const auto kind = kKindNames.Parse(item.Get<std::string>("kind"));
      if (!kind) continue;
      const auto id = item.Get<std::int64_t>("id");
      bool fresh = false;
      try {
        fresh = co_await favourites.Add(actor, *kind, id);
      } catch (const Error&) {
        // Hidden from this user, or the limit: the demo skips it.
      }
      if (fresh) ++added;
    }
  }
  co_return added;
}

}  // namespace artel::favourites
