// The profile editor's price list: a performer's priced services, created, edited, deleted and reordered.

#include "editor_impl.hpp"

namespace artel::profiles {

namespace {

// ---- Prices ----

constexpr db::Statement kPrices{"profiles.prices", R"sql(
SELECT id, name, description, kind, amount, currency::text AS currency, unit, priority
FROM profiles.prices WHERE user_id = $1 ORDER BY priority, id
)sql"};
constexpr db::Statement kPrice{"profiles.price", R"sql(
SELECT id, name, description, kind, amount, currency::text AS currency, unit, priority
FROM profiles.prices WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kInsertPrice{"profiles.insert_price", R"sql(
INSERT INTO profiles.prices (user_id, name, description, kind, amount, currency, unit, priority, created_at,
  updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7,
  (SELECT coalesce(max(priority), 0) + 1 FROM profiles.prices WHERE user_id = $1), $8, $8)
RETURNING id
)sql"};
constexpr db::Statement kUpdatePrice{"profiles.update_price", R"sql(
UPDATE profiles.prices
SET name = $3, description = $4, kind = $5, amount = $6, currency = $7, unit = $8, updated_at = $9
WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kDeletePrice{"profiles.delete_price", R"sql(
DELETE FROM profiles.prices WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kPriceIds{"profiles.price_ids", R"sql(
SELECT coalesce(array_agg(id ORDER BY priority, id), '{}') AS ids FROM profiles.prices WHERE user_id = $1
)sql"};
constexpr db::Statement kReorderPrices{"profiles.reorder_prices", R"sql(
UPDATE profiles.prices p SET priority = o.priority, updated_at = $4
FROM unnest($2::bigint[], $3::bigint[]) AS o(id, priority)
WHERE p.id = o.id AND p.user_id = $1
)sql"};

Error PriceNotFound() {
  return NotFound({"profiles:price_not_found", {}});
}

PriceView PriceOf(const db::Row& row) {
  return {.id = row.Get<std::int64_t>("id"),
          .name = row.Get<std::string>("name"),
          .description = row.Get<std::string>("description"),
          .kind = row.Get<std::string>("kind"),
          .amount = row.Get<std::int64_t>("amount"),
          .currency = row.Get<std::string>("currency"),
          .unit = row.Get<std::string>("unit"),
          .priority = row.Get<std::int32_t>("priority")};
}

}  // namespace

awaitable<std::vector<PriceView>> Editor::Prices(std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kPrices, user_id);
  if (rows.Empty()) co_await RequireUser(impl_->pool, user_id);
  std::vector<PriceView> items;
  for (auto row : rows) items.push_back(PriceOf(row));
  co_return items;
}

awaitable<PriceView> Editor::CreatePrice(std::int64_t user_id, PriceInput input) {
  co_await impl_->Check(input);
  const TimePoint now = impl_->clock.Now();
  std::int64_t id = 0;
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto counts = co_await tx.Query(kCount, user_id);
    if (counts.One().Get<std::int64_t>("prices") >= static_cast<std::int64_t>(kMaxPrices)) {
      throw Conflict(CountMessage("profiles:prices_max", kMaxPrices));
    }
    auto inserted = co_await tx.Query(kInsertPrice, user_id, input.name, input.description, input.kind,
                                      input.amount, input.currency, input.unit, now);
    id = inserted.One().Get<std::int64_t>("id");
    co_await impl_->Refresh(tx, user_id);
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kPrice, id, user_id);
  co_return PriceOf(rows.One());
}

awaitable<PriceView> Editor::UpdatePrice(std::int64_t user_id, std::int64_t price_id, PriceInput input) {
  co_await impl_->Check(input);
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto updated = co_await tx.Query(kUpdatePrice, price_id, user_id, input.name, input.description,
                                     input.kind, input.amount, input.currency, input.unit, now);
    if (updated.AffectedRows() == 0) throw PriceNotFound();
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kPrice, price_id, user_id);
  co_return PriceOf(rows.One());
}

awaitable<void> Editor::DeletePrice(std::int64_t user_id, std::int64_t price_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto deleted = co_await tx.Query(kDeletePrice, price_id, user_id);
  if (deleted.AffectedRows() == 0) throw PriceNotFound();
  co_await impl_->Refresh(tx, user_id);
  co_await tx.Commit();
}

awaitable<std::vector<PriceView>> Editor::ReorderPrices(std::int64_t user_id,
                                                        const std::vector<std::int64_t>& ids) {
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto current = co_await tx.Query(kPriceIds, user_id);
    auto priorities = Priorities(current.One().Get<std::vector<std::int64_t>>("ids"), ids);
    if (!priorities) throw ValidationFailed("ids", {"profiles:order_ids", {}});
    const auto wide = Wide(*priorities);
    co_await tx.Query(kReorderPrices, user_id, ids, wide, now);
    co_await tx.Commit();
  }
  co_return co_await Prices(user_id);
}

}  // namespace artel::profiles
