#include "artel/favourites/favourites.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"

namespace artel::favourites {
namespace {

using boost::asio::awaitable;

// One statement: nothing is added past the limit, and a bookmark already there is not added twice. No row
// back means either (Add tells them apart with kHas).
constexpr db::Statement kAdd{"favourites.add", R"sql(
INSERT INTO favourites.favourites (user_id, kind, item_id, created_at)
SELECT $1, $2, $3, now()
WHERE (SELECT count(*) FROM favourites.favourites WHERE user_id = $1) < $4
ON CONFLICT (user_id, kind, item_id) DO NOTHING
RETURNING item_id
)sql"};

constexpr db::Statement kHas{"favourites.has", R"sql(
SELECT 1 FROM favourites.favourites WHERE user_id = $1 AND kind = $2 AND item_id = $3
)sql"};

constexpr db::Statement kRemove{"favourites.remove", R"sql(
DELETE FROM favourites.favourites WHERE user_id = $1 AND kind = $2 AND item_id = $3
)sql"};

constexpr db::Statement kPage{"favourites.page", R"sql(
SELECT item_id, created_at
FROM favourites.favourites
WHERE user_id = $1 AND kind = $2
ORDER BY created_at DESC, item_id DESC
LIMIT $3 OFFSET $4
)sql"};

constexpr db::Statement kCounts{"favourites.counts", R"sql(
SELECT kind, count(*) AS n FROM favourites.favourites WHERE user_id = $1 GROUP BY kind
)sql"};

std::string KindName(Kind kind) {
  return std::string(kKindNames.Name(kind));
}

}  // namespace

struct Favourites::Impl {
  db::Pool& pool;
  Readers readers;
  Settings settings;

  awaitable<std::optional<Summary>> Read(Kind kind, std::int64_t id, std::int64_t viewer_id) const {
    const auto& reader = readers[static_cast<std::size_t>(kind)];
    if (!reader) co_return std::nullopt;
    co_return co_await reader(id, viewer_id);
  }
};

Favourites::Favourites(db::Pool& pool, Readers readers, Settings settings)
    : impl_(std::make_unique<Impl>(Impl{pool, std::move(readers), settings})) {}

Favourites::~Favourites() = default;

Kind Favourites::ParseKind(std::string_view name) {
  auto kind = kKindNames.Parse(name);
  if (!kind) throw NotFound({"favourites:kind_unknown", {}});
  return *kind;
}

awaitable<bool> Favourites::Add(const Actor& actor, Kind kind, std::int64_t id) {
  // Only what the actor may open: anything else is 404, as opening it would be.
  auto summary = co_await impl_->Read(kind, id, actor.user_id);
  if (!summary) throw NotFound({"favourites:not_found", {}});
  const auto name = KindName(kind);
  const auto limit = static_cast<std::int64_t>(impl_->settings.max_per_user);
  auto added = co_await impl_->pool.Query(kAdd, actor.user_id, name, id, limit);
  if (!added.Empty()) co_return true;
  auto has = co_await impl_->pool.Query(kHas, actor.user_id, name, id);
  if (!has.Empty()) co_return false;
  throw Conflict({"favourites:limit_reached", {{"count", std::to_string(impl_->settings.max_per_user)}}});
}

awaitable<void> Favourites::Remove(const Actor& actor, Kind kind, std::int64_t id) {
  const auto name = KindName(kind);
  co_await impl_->pool.Query(kRemove, actor.user_id, name, id);
}

awaitable<bool> Favourites::Has(const Actor& actor, Kind kind, std::int64_t id) {
  const auto name = KindName(kind);
  auto has = co_await impl_->pool.Query(kHas, actor.user_id, name, id);
  co_return !has.Empty();
}

awaitable<Page> Favourites::List(const Actor& actor, Kind kind, std::int32_t page_number) {
  Page page;
  auto counts = co_await impl_->pool.Query(kCounts, actor.user_id);
  for (auto row : counts) {
    if (auto counted = kKindNames.Parse(row.Get<std::string>("kind"))) {
      page.counts.by_kind[static_cast<std::size_t>(*counted)] = row.Get<std::int64_t>("n");
    }
  }
  page.total = page.counts.by_kind[static_cast<std::size_t>(kind)];
  page.pages = std::max<std::int32_t>(1, static_cast<std::int32_t>((page.total + kPageSize - 1) / kPageSize));
  page.page = std::max<std::int32_t>(1, page_number);
  const std::int64_t offset = static_cast<std::int64_t>(page.page - 1) * kPageSize;
  const auto name = KindName(kind);
  auto rows = co_await impl_->pool.Query(kPage, actor.user_id, name, kPageSize, offset);
  for (auto row : rows) {
    Item item;
    item.kind = kind;
    item.id = row.Get<std::int64_t>("item_id");
    item.added_at = row.Get<TimePoint>("created_at");
    // Each item through its domain's reader, under that domain's rule for this reader (at most kPageSize).
    item.summary = co_await impl_->Read(kind, item.id, actor.user_id);
    page.items.push_back(std::move(item));
  }
  co_return page;
}

}  // namespace artel::favourites
