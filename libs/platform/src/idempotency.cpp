#include "artel/platform/idempotency.hpp"

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"

namespace artel::platform {
namespace {

using boost::asio::awaitable;

/// A concurrent duplicate waits here on the primary key until the first transaction ends: then it conflicts
/// (the first committed) or claims the key itself (the first rolled back).
constexpr db::Statement kClaim{"platform.idempotency_claim", R"sql(
INSERT INTO platform.idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
ON CONFLICT (user_id, key) DO NOTHING
RETURNING 1
)sql"};
constexpr db::Statement kFirst{"platform.idempotency_first", R"sql(
SELECT request_hash, status, answer::text AS answer FROM platform.idempotency_keys WHERE user_id = $1 AND key = $2
)sql"};
constexpr db::Statement kRemember{"platform.idempotency_remember", R"sql(
UPDATE platform.idempotency_keys SET status = $3, answer = $4::jsonb WHERE user_id = $1 AND key = $2
)sql"};
constexpr db::Statement kSweep{"platform.idempotency_sweep", R"sql(
DELETE FROM platform.idempotency_keys WHERE created_at < $1
)sql"};

}  // namespace

bool Idempotency::ValidKey(std::string_view key) noexcept {
  if (key.size() < 8 || key.size() > 255) return false;
  for (const char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.' || c == ':';
    if (!ok) return false;
  }
  return true;
}

std::string Idempotency::RequireKey(std::optional<std::string_view> header) {
  if (!header || header->empty()) throw BadRequest({"errors:idempotency.missing", {}});
  if (!ValidKey(*header)) throw BadRequest({"errors:idempotency.malformed", {}});
  return std::string(*header);
}

std::string Idempotency::RequestHash(std::string_view method, std::string_view path, std::string_view body) {
  std::string text;
  text.reserve(method.size() + path.size() + body.size() + 2);
  text += method;
  text += ' ';
  text += path;
  text += '\n';
  text += body;
  return ToHex(Sha256(text));
}

awaitable<std::optional<IdempotentAnswer>> Idempotency::Claim(db::Transaction& tx, std::int64_t user_id,
                                                              std::string_view key, std::string_view hash) {
  auto claimed = co_await tx.Query(kClaim, user_id, key, hash);
  if (claimed.Size() == 1) co_return std::nullopt;
  auto first = co_await tx.Query(kFirst, user_id, key);
  const auto row = first.One();
  if (row.Get<std::string>("request_hash") != hash) {
    throw ValidationFailed(std::string(kHeader), {"errors:idempotency.reused", {}});
  }
  auto status = row.Get<std::optional<std::int32_t>>("status");
  auto answer = row.Get<std::optional<std::string>>("answer");
  if (!status || !answer) throw Conflict({"errors:idempotency.unfinished", {}});
  co_return IdempotentAnswer{*status, std::move(*answer)};
}

awaitable<void> Idempotency::Remember(db::Transaction& tx, std::int64_t user_id, std::string_view key,
                                      int status, std::string_view body) {
  co_await tx.Query(kRemember, user_id, key, static_cast<std::int32_t>(status), body);
}

Job Idempotency::SweepJob(db::Pool& pool, std::chrono::seconds retention) {
  return {"platform.idempotency_sweep", std::chrono::seconds(3600),
          [&pool, retention](TimePoint now) -> awaitable<void> {
            auto swept = co_await pool.Query(kSweep, now - retention);
            if (swept.AffectedRows() > 0)
              log::Debug("jobs: {} old idempotency keys deleted", swept.AffectedRows());
          }};
}

}  // namespace artel::platform
