#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/mail/mail.hpp"
#include "mime.hpp"
#include "smtp.hpp"

namespace artel::mail {
namespace {

namespace asio = boost::asio;
using namespace std::chrono_literals;

// A claim outlives the slowest send (SMTP connect 15 s + total 60 s) many times over, so only a dead
// worker's rows are ever taken over.
constexpr auto kLease = 5min;
constexpr auto kFirstRetry = 30s;
constexpr auto kMaxRetry = 1h;
constexpr auto kPollInterval = 1s;
constexpr std::size_t kRunBatch = 20;
// Blocking sends at once per Worker: enough to overlap a slow relay with file writes; mail is not bulk.
constexpr std::size_t kSendThreads = 2;

constexpr db::Statement kInsert{"mail.enqueue", R"sql(
INSERT INTO mail.outbox (recipient, lang, template, params, headers, status)
VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, 'pending') RETURNING id
)sql"};

// Rows whose claims expired after their last allowed attempt (the worker died each time).
constexpr db::Statement kExpireExhausted{"mail.expire_exhausted", R"sql(
UPDATE mail.outbox SET status = 'failed', lease_until = NULL,
last_error = 'claim expired while sending (worker stopped)'
WHERE status = 'sending' AND lease_until <= $1 AND attempts >= $2
RETURNING id, template
)sql"};

// One statement claims a batch: SKIP LOCKED keeps concurrent workers on disjoint rows, and a row committed
// as 'sending' by another worker no longer matches (PostgreSQL re-checks the WHERE on the locked version).
constexpr db::Statement kClaim{"mail.claim", R"sql(
WITH due AS (
 SELECT id FROM mail.outbox
 WHERE (status = 'pending' AND next_attempt_at <= $1) OR (status = 'sending' AND lease_until <= $1)
 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
UPDATE mail.outbox AS o SET status = 'sending', attempts = o.attempts + 1, lease_until = $3
FROM due WHERE o.id = due.id
RETURNING o.id, o.recipient, o.lang, o.template, o.params, o.headers, o.attempts
)sql"};

// `attempts` identifies the claim: a worker whose lease was taken over cannot overwrite the new claimant.
constexpr db::Statement kMarkSent{"mail.mark_sent", R"sql(
UPDATE mail.outbox SET status = 'sent', sent_at = $3, lease_until = NULL
WHERE id = $1 AND status = 'sending' AND attempts = $2
)sql"};

constexpr db::Statement kMarkUnsent{"mail.mark_unsent", R"sql(
UPDATE mail.outbox SET status = $3, next_attempt_at = $4, last_error = $5, lease_until = NULL
WHERE id = $1 AND status = 'sending' AND attempts = $2
)sql"};

struct Claimed {
  std::int64_t id = 0;
  std::int32_t attempts = 0;
  OutgoingMail mail;
};

std::chrono::seconds Backoff(std::int32_t attempts) {
  auto delay = std::chrono::seconds(kFirstRetry);
  for (std::int32_t i = 1; i < attempts && delay < kMaxRetry; ++i) delay *= 2;
  return std::min<std::chrono::seconds>(delay, kMaxRetry);
}

std::string UtcStamp(TimePoint time) {
  std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  std::tm utc{};
  if (gmtime_r(&seconds, &utc) == nullptr) throw std::runtime_error("gmtime_r failed");
  return fmt::format("{:04}{:02}{:02}T{:02}{:02}{:02}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec);
}

[[noreturn]] void ThrowErrno(const std::string& what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// Written to a hidden temporary name, synced, then renamed: readers of *.eml never see half a message.
std::filesystem::path WriteEml(const std::filesystem::path& dir, const std::string& name,
                               const std::string& message) {
  std::filesystem::create_directories(dir);
  auto final_path = dir / name;
  auto temp_path = dir / ("." + name + "." + ToHex(RandomBytes(6)) + ".tmp");
  int fd = ::open(temp_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
  if (fd < 0) ThrowErrno("open " + temp_path.string());
  std::size_t offset = 0;
  while (offset < message.size()) {
    ssize_t written = ::write(fd, message.data() + offset, message.size() - offset);
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) {
      int saved = errno;
      ::close(fd);
      ::unlink(temp_path.c_str());
      errno = saved;
      ThrowErrno("write " + temp_path.string());
    }
    offset += static_cast<std::size_t>(written);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    int saved = errno;
    ::unlink(temp_path.c_str());
    errno = saved;
    ThrowErrno("fsync/close " + temp_path.string());
  }
  std::filesystem::rename(temp_path, final_path);
  return final_path;
}

std::string ParamValue(const OutgoingMail& mail, std::string_view name) {
  auto it = std::ranges::find_if(mail.params, [&](const auto& p) { return p.first == name; });
  return it == mail.params.end() ? std::string() : it->second;
}

}  // namespace

boost::asio::awaitable<std::int64_t> Enqueue(db::Transaction& tx, const OutgoingMail& mail) {
  if (!IsTemplateName(mail.template_name)) {
    throw std::invalid_argument(
        fmt::format("mail template '{}' is not <namespace>:mail.<name>", mail.template_name));
  }
  ValidateAddress(mail.to);
  if (mail.lang.empty()) throw std::invalid_argument("mail language is empty");
  ValidateHeaders(mail.headers);
  boost::json::object params;
  for (const auto& [name, value] : mail.params) params[name] = value;
  // An array of [name, value] pairs: order kept.
  boost::json::array headers;
  for (const auto& [name, value] : mail.headers) headers.push_back(boost::json::array{name, value});
  auto result = co_await tx.Query(kInsert, mail.to, mail.lang, mail.template_name, boost::json::value(params),
                                  boost::json::value(headers));
  co_return result.One().Get<std::int64_t>("id");
}

struct Worker::Impl {
  Impl(db::Pool& pool_ref, const i18n::Catalog& catalog_ref, MailConfig config_value, const Clock& clock_ref)
      : pool(pool_ref),
        catalog(catalog_ref),
        config(std::move(config_value)),
        clock(clock_ref),
        max_attempts(static_cast<std::int32_t>(std::max(1u, config.max_attempts))),
        from_domain(ParseMailbox(config.from).address),
        threads(kSendThreads) {
    from_domain = from_domain.substr(from_domain.find('@') + 1);
  }

  asio::awaitable<bool> DeliverOne(const Claimed& row);
  // Blocking; runs on `threads`.
  void Send(const Claimed& row, const RenderedMail& rendered, const std::string& message) const;
  asio::awaitable<void> MarkUnsent(const Claimed& row, const std::string& error, bool permanent);

  db::Pool& pool;
  const i18n::Catalog& catalog;
  const MailConfig config;
  const Clock& clock;
  const std::int32_t max_attempts;
  std::string from_domain;
  std::atomic<bool> stopped{false};
  asio::thread_pool threads;
};

void Worker::Impl::Send(const Claimed& row, const RenderedMail& rendered, const std::string& message) const {
  if (!config.smtp_url.empty()) {
    SendSmtp(config, row.mail.to, message);
    log::Info("mail {} ({}) sent over SMTP", row.id, row.mail.template_name);
    return;
  }
  auto path = WriteEml(config.outbox_dir, fmt::format("{}-{}.eml", UtcStamp(clock.Now()), row.id), message);
  std::string link = ParamValue(row.mail, "link");
  log::Info("mail to {}: {} ({}){}", row.mail.to, rendered.subject, path.string(),
            link.empty() ? std::string() : " link: " + link);
}

asio::awaitable<bool> Worker::Impl::DeliverOne(const Claimed& row) {
  RenderedMail rendered;
  std::string message;
  std::optional<std::string> error;
  try {
    rendered = Render(catalog, row.mail);
    std::string message_id = fmt::format("{}.{}@{}", row.id, ToHex(RandomBytes(8)), from_domain);
    message = BuildMessage(config, row.mail.to, rendered, message_id, clock.Now(), row.mail.headers);
  } catch (const std::invalid_argument& e) {
    error = e.what();
  }
  if (error) {
    // A missing template or a malformed address does not heal with time: fail at once.
    co_await MarkUnsent(row, *error, true);
    co_return false;
  }

  try {
    co_await asio::co_spawn(
        threads,
        [&]() -> asio::awaitable<void> {
          Send(row, rendered, message);
          co_return;
        },
        asio::use_awaitable);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (error) {
    co_await MarkUnsent(row, *error, false);
    co_return false;
  }

  auto marked = co_await pool.Query(kMarkSent, row.id, row.attempts, clock.Now());
  if (marked.AffectedRows() == 0) {
    // Only possible when this send outlived its lease and another worker claimed the row meanwhile.
    log::Warning("mail {} was sent after its claim expired; it may be delivered twice", row.id);
  }
  co_return true;
}

asio::awaitable<void> Worker::Impl::MarkUnsent(const Claimed& row, const std::string& error, bool permanent) {
  const auto now = clock.Now();
  const bool failed = permanent || row.attempts >= max_attempts;
  const auto next = failed ? now : now + Backoff(row.attempts);
  co_await pool.Query(kMarkUnsent, row.id, row.attempts, failed ? "failed" : "pending", next, error);
  if (failed) {
    log::Error("mail {} ({}) failed after {} attempt(s), giving up: {}", row.id, row.mail.template_name,
               row.attempts, error);
  } else {
    log::Warning("mail {} ({}) attempt {} of {} failed, retrying in {} s: {}", row.id, row.mail.template_name,
                 row.attempts, max_attempts, Backoff(row.attempts).count(), error);
  }
}

Worker::Worker(db::Pool& pool, const i18n::Catalog& catalog, MailConfig config, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, std::move(config), clock)) {}

Worker::~Worker() = default;

boost::asio::awaitable<std::size_t> Worker::DeliverDue(std::size_t batch) {
  Impl& impl = *impl_;
  const auto now = impl.clock.Now();
  auto exhausted = co_await impl.pool.Query(kExpireExhausted, now, impl.max_attempts);
  for (auto row : exhausted) {
    log::Error("mail {} ({}) failed: its worker stopped while sending on every attempt",
               row.Get<std::int64_t>("id"), row.Get<std::string_view>("template"));
  }

  auto claimed = co_await impl.pool.Query(kClaim, now, static_cast<std::int64_t>(batch), now + kLease);
  std::vector<Claimed> rows;
  rows.reserve(claimed.Size());
  for (auto row : claimed) {
    Claimed& c = rows.emplace_back();
    c.id = row.Get<std::int64_t>("id");
    c.attempts = row.Get<std::int32_t>("attempts");
    c.mail.to = row.Get<std::string>("recipient");
    c.mail.lang = row.Get<std::string>("lang");
    c.mail.template_name = row.Get<std::string>("template");
    auto params = row.Get<boost::json::value>("params");
    for (const auto& [name, value] : params.as_object()) {
      c.mail.params.emplace_back(std::string(name), value.is_string() ? std::string(value.as_string())
                                                                      : boost::json::serialize(value));
    }
    auto headers = row.Get<boost::json::value>("headers");
    for (const auto& pair : headers.as_array()) {
      const auto& fields = pair.as_array();
      c.mail.headers.emplace_back(std::string(fields.at(0).as_string()),
                                  std::string(fields.at(1).as_string()));
    }
  }

  std::size_t sent = 0;
  for (const auto& row : rows) {
    if (co_await impl.DeliverOne(row)) ++sent;
  }
  co_return sent;
}

boost::asio::awaitable<void> Worker::Run() {
  asio::steady_timer timer(co_await asio::this_coro::executor);
  while (!impl_->stopped) {
    std::size_t sent = 0;
    std::optional<std::string> error;
    try {
      sent = co_await DeliverDue(kRunBatch);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (error) log::Warning("mail worker: delivery round failed, retrying: {}", *error);
    if (impl_->stopped) break;
    // A full batch means more may be due right now.
    if (sent == kRunBatch) continue;
    timer.expires_after(kPollInterval);
    boost::system::error_code ec;
    co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
  }
}

void Worker::Stop() {
  impl_->stopped = true;
}

}  // namespace artel::mail
