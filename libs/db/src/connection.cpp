#include "connection.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <set>
#include <unordered_map>

#include "artel/core/log.hpp"
#include "artel/db/round_trips.hpp"

namespace artel::db {

namespace asio = boost::asio;

namespace {

std::string Trimmed(const char* text) {
  std::string value = text ? text : "";
  while (!value.empty() && (value.back() == '\n' || value.back() == ' ')) value.pop_back();
  return value;
}

void LogNotice(void*, const char* message) {
  log::Debug("postgres: {}", Trimmed(message));
}

bool IsConnectionState(std::string_view state) {
  return state.starts_with("08") || state == "57P01" || state == "57P02" || state == "57P03";
}

}  // namespace

/// A duplicate of libpq's socket registered with Asio. Waiting on a duplicate keeps Asio's registration
/// valid even when libpq closes its own descriptor (on connection loss or between connect attempts);
/// release() deregisters from epoll explicitly before the duplicate is closed.
class Connection::Socket final {
 public:
  Socket(const asio::any_io_executor& executor, int fd) : descriptor_(executor) {
    const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0) throw ConnectionError(fmt::format("dup of the libpq socket failed: errno {}", errno), "");
    boost::system::error_code ec;
    descriptor_.assign(copy, ec);
    if (ec) {
      ::close(copy);
      throw ConnectionError(fmt::format("cannot watch the libpq socket: {}", ec.message()), "");
    }
  }
  ~Socket() {
    if (descriptor_.is_open()) ::close(descriptor_.release());
  }
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;

  /// False when the deadline passed first.
  asio::awaitable<bool> Wait(WaitFor what, std::optional<std::chrono::steady_clock::time_point> deadline) {
    if (!deadline) {
      const auto ec = co_await WaitReady(what);
      if (ec)
        throw ConnectionError(fmt::format("waiting on the database socket failed: {}", ec.message()), "");
      co_return true;
    }
    // With a deadline (only while connecting): short sleeps between readiness checks, not the wait raced
    // against a timer with `||`. A parallel group still pending when the io_context is destroyed (a pool
    // connecting at shutdown) leaks its state, which LeakSanitizer reports; a connection is made rarely, so
    // the sleeps (100 µs doubling to 5 ms) cost nothing that matters.
    asio::steady_timer timer(co_await asio::this_coro::executor);
    std::chrono::microseconds pause{100};
    for (;;) {
      pollfd entry{descriptor_.native_handle(), static_cast<short>(what == WaitFor::kRead ? POLLIN : POLLOUT),
                   0};
      const int ready = ::poll(&entry, 1, 0);
      if (ready > 0) co_return true;  // readable, writable, or an error libpq reports on its next step
      if (ready < 0 && errno != EINTR) {
        throw ConnectionError(fmt::format("waiting on the database socket failed: {}", std::strerror(errno)),
                              "");
      }
      const auto now = std::chrono::steady_clock::now();
      if (now >= *deadline) co_return false;
      timer.expires_at(std::min(now + pause, *deadline));
      auto [ec] = co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
      (void)ec;
      pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(5));
    }
  }

 private:
  // A wait needs no readiness check of its own: when a wait starts with no other wait queued, Asio re-arms
  // the edge-triggered registration (EPOLL_CTL_MOD), which reports data already buffered in the socket.
  asio::awaitable<boost::system::error_code> WaitReady(WaitFor what) {
    const auto type = what == WaitFor::kRead ? asio::posix::stream_descriptor::wait_read
                                             : asio::posix::stream_descriptor::wait_write;
    auto [ec] = co_await descriptor_.async_wait(type, asio::as_tuple(asio::use_awaitable));
    co_return ec;
  }

  asio::posix::stream_descriptor descriptor_;
};

Connection::Connection(asio::any_io_executor executor, PGconn* conn)
    : executor_(std::move(executor)), conn_(conn) {}

Connection::~Connection() {
  socket_.reset();
  PQfinish(conn_);
}

void Connection::ThrowConnectionError(std::string_view what) {
  broken_ = true;
  throw ConnectionError(fmt::format("{}: {}", what, Trimmed(PQerrorMessage(conn_))), "");
}

void Connection::ThrowResultError(const PGresult* result) {
  const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  const char* constraint = PQresultErrorField(result, PG_DIAG_CONSTRAINT_NAME);
  std::string message = Trimmed(PQresultErrorMessage(result));
  if (message.empty()) message = PQresStatus(PQresultStatus(result));
  if (state == nullptr) {
    // Client-side failure inside libpq: a lost connection, or a protocol problem that leaves us unsure.
    broken_ = true;
    if (PQstatus(conn_) == CONNECTION_BAD) throw ConnectionError(std::move(message), "");
    throw Error(std::move(message), "");
  }
  if (IsConnectionState(state)) broken_ = true;
  ThrowForSqlState(std::move(message), state, constraint ? constraint : "");
}

std::vector<std::pair<std::string, std::string>> ConnectParameters(const PoolOptions& options) {
  const auto unanswered = options.keepalive_idle + options.keepalive_interval * options.keepalive_count;
  return {
      {"keepalives", "1"},
      {"keepalives_idle", std::to_string(options.keepalive_idle.count())},
      {"keepalives_interval", std::to_string(options.keepalive_interval.count())},
      {"keepalives_count", std::to_string(options.keepalive_count)},
      {"tcp_user_timeout", std::to_string(std::chrono::milliseconds(unanswered).count())},
      {"dbname", options.conninfo},
  };
}

PGconn* StartConnect(const PoolOptions& options) {
  const auto parameters = ConnectParameters(options);
  std::vector<const char*> keywords;
  std::vector<const char*> values;
  for (const auto& [keyword, value] : parameters) {
    keywords.push_back(keyword.c_str());
    values.push_back(value.c_str());
  }
  keywords.push_back(nullptr);
  values.push_back(nullptr);
  return PQconnectStartParams(keywords.data(), values.data(), 1);
}

asio::awaitable<std::unique_ptr<Connection>> Connection::Connect(asio::any_io_executor executor,
                                                                 const PoolOptions& options) {
  PGconn* raw = StartConnect(options);
  if (raw == nullptr) throw ConnectionError("cannot allocate a libpq connection", "");
  std::unique_ptr<Connection> connection(new Connection(executor, raw));
  if (PQstatus(raw) == CONNECTION_BAD) connection->ThrowConnectionError("connect");

  const auto deadline = std::chrono::steady_clock::now() + options.connect_timeout;
  PostgresPollingStatusType status = PGRES_POLLING_WRITING;
  while (status != PGRES_POLLING_OK) {
    if (status == PGRES_POLLING_FAILED) connection->ThrowConnectionError("connect");
    const int fd = PQsocket(raw);
    if (fd < 0) connection->ThrowConnectionError("connect");
    // libpq may switch sockets between attempts (several hosts or addresses): watch the current one.
    Socket socket(executor, fd);
    const bool ready =
        co_await socket.Wait(status == PGRES_POLLING_READING ? WaitFor::kRead : WaitFor::kWrite, deadline);
    if (!ready) {
      connection->broken_ = true;
      throw ConnectionError(fmt::format("connect: timed out after {} ms", options.connect_timeout.count()),
                            "");
    }
    status = PQconnectPoll(raw);
  }
  if (PQsetnonblocking(raw, 1) != 0) connection->ThrowConnectionError("set non-blocking mode");
  PQsetNoticeProcessor(raw, &LogNotice, nullptr);
  connection->socket_ = std::make_unique<Socket>(executor, PQsocket(raw));

  std::string setup = "SET TimeZone = 'UTC'; SET application_name = 'artel'";
  if (options.statement_timeout.count() > 0) {
    setup += fmt::format("; SET statement_timeout = {}", options.statement_timeout.count());
  }
  co_await connection->SimpleQuery(setup);
  co_return connection;
}

bool Connection::CheckIdle() {
  if (!Reusable()) return false;
  // A server that shut down sends a FATAL notice and then EOF; the notice may arrive alone first.
  for (int i = 0; i < 4; ++i) {
    pollfd entry{PQsocket(conn_), POLLIN, 0};
    if (entry.fd < 0) return false;
    const int ready = ::poll(&entry, 1, 0);
    if (ready == 0) break;
    if (ready < 0 || PQconsumeInput(conn_) == 0) {
      broken_ = true;
      return false;
    }
  }
  return Reusable() && !PQisBusy(conn_);
}

asio::awaitable<std::vector<std::pair<std::string, std::string>>> Connection::ReceiveNotifications() {
  std::vector<std::pair<std::string, std::string>> received;
  for (;;) {
    while (PGnotify* notify = PQnotifies(conn_)) {
      received.emplace_back(notify->relname ? notify->relname : "", notify->extra ? notify->extra : "");
      PQfreemem(notify);
    }
    if (!received.empty()) co_return received;
    if (!Reusable()) throw ConnectionError("the database connection is broken", "");
    // What is already readable is read without waiting: a terminated backend sends its FATAL message and
    // EOF together, and the edge-triggered registration reports that only once.
    pollfd entry{PQsocket(conn_), POLLIN, 0};
    if (entry.fd < 0) ThrowConnectionError("listen");
    if (::poll(&entry, 1, 0) == 0) co_await socket_->Wait(WaitFor::kRead, std::nullopt);
    if (PQconsumeInput(conn_) == 0 || PQstatus(conn_) == CONNECTION_BAD) ThrowConnectionError("listen");
  }
}

asio::awaitable<void> Connection::Flush() {
  for (;;) {
    const int pending = PQflush(conn_);
    if (pending == 0) co_return;
    if (pending < 0) ThrowConnectionError("send");
    co_await socket_->Wait(WaitFor::kWrite, std::nullopt);
    // Drain what the server sent meanwhile so it never blocks writing to us while we write to it.
    if (PQconsumeInput(conn_) == 0) ThrowConnectionError("receive");
  }
}

asio::awaitable<detail::PgResultPtr> Connection::NextResult() {
  while (PQisBusy(conn_)) {
    co_await socket_->Wait(WaitFor::kRead, std::nullopt);
    if (PQconsumeInput(conn_) == 0) ThrowConnectionError("receive");
  }
  co_return detail::PgResultPtr(PQgetResult(conn_));
}

asio::awaitable<Result> Connection::CollectOne(std::string_view what) {
  detail::PgResultPtr last;
  detail::PgResultPtr error;
  while (auto result = co_await NextResult()) {
    switch (PQresultStatus(result.get())) {
      case PGRES_TUPLES_OK:
      case PGRES_COMMAND_OK:
      case PGRES_EMPTY_QUERY:
        last = std::move(result);
        break;
      case PGRES_COPY_IN:
      case PGRES_COPY_OUT:
      case PGRES_COPY_BOTH:
        broken_ = true;
        throw Error(fmt::format("{}: COPY is not supported", what), "");
      default:
        if (!error) error = std::move(result);
        break;
    }
  }
  if (PQstatus(conn_) == CONNECTION_BAD) ThrowConnectionError(what);
  busy_ = false;
  if (error) ThrowResultError(error.get());
  if (!last) co_return Result();
  co_return Result(std::make_shared<detail::ResultData>(std::move(last)));
}

namespace {

std::uint64_t HashOf(const Statement& statement) noexcept {
  // A Statement whose members were assigned one by one never ran the constructor that hashes.
  return statement.sql_hash != 0 ? statement.sql_hash : StatementHash(statement.sql);
}

[[noreturn]] void ThrowNameConflict(const Statement& statement) {
  constexpr std::size_t kShownSql = 200;
  throw Error(
      fmt::format("db::Statement \"{}\" is defined with two different SQL texts; each text needs its own "
                  "name (this one: {})",
                  statement.name, statement.sql.substr(0, kShownSql)),
      "");
}

/// Process-wide: every statement name seen so far and the hash of its text. Consulted only when a
/// connection prepares a name for the first time.
void RegisterStatement(const Statement& statement) {
  static std::mutex mutex;
  static std::unordered_map<std::string, std::uint64_t> texts;
  const std::uint64_t hash = HashOf(statement);
  std::lock_guard lock(mutex);
  const auto [it, inserted] = texts.try_emplace(std::string(statement.name), hash);
  if (!inserted && it->second != hash) ThrowNameConflict(statement);
}

}  // namespace

bool Connection::NeedsPrepare(const Statement& statement) const {
  if (statement.name.empty()) return false;
  const auto it = prepared_.find(statement.name);
  if (it == prepared_.end()) {
    RegisterStatement(statement);
    return true;
  }
  if (it->second != HashOf(statement)) ThrowNameConflict(statement);
  return false;
}

asio::awaitable<void> Connection::Prepare(const Statement& statement) {
  const std::string name_text(statement.name);
  const std::string sql_text(statement.sql);
  busy_ = true;
  if (PQsendPrepare(conn_, name_text.c_str(), sql_text.c_str(), 0, nullptr) == 0) {
    ThrowConnectionError("prepare");
  }
  co_await Flush();
  co_await CollectOne("prepare");
  prepared_.emplace(name_text, HashOf(statement));
}

namespace {

struct ParamArrays {
  explicit ParamArrays(const Params& params) {
    values.reserve(params.size());
    lengths.reserve(params.size());
    formats.reserve(params.size());
    for (const auto& param : params) {
      values.push_back(param.value ? param.value->c_str() : nullptr);
      lengths.push_back(param.value ? static_cast<int>(param.value->size()) : 0);
      formats.push_back(param.binary ? 1 : 0);
    }
  }
  int Count() const { return static_cast<int>(values.size()); }

  std::vector<const char*> values;
  std::vector<int> lengths;
  std::vector<int> formats;
};

}  // namespace

namespace {
std::atomic<std::uint64_t> g_round_trips{0};
}  // namespace

std::uint64_t RoundTrips() noexcept {
  return g_round_trips.load(std::memory_order_relaxed);
}

asio::awaitable<Result> Connection::Execute(const Statement& statement, const Params& params) {
  if (!Reusable()) throw ConnectionError("the database connection is broken", "");
  if (params.size() > 65535) throw Error("more than 65535 query parameters", "");
  if (NeedsPrepare(statement)) co_await Prepare(statement);
  const ParamArrays arrays(params);
  busy_ = true;
  int sent = 0;
  if (statement.name.empty()) {
    const std::string sql(statement.sql);
    sent = PQsendQueryParams(conn_, sql.c_str(), arrays.Count(), nullptr, arrays.values.data(),
                             arrays.lengths.data(), arrays.formats.data(), 0);
  } else {
    const std::string name(statement.name);
    sent = PQsendQueryPrepared(conn_, name.c_str(), arrays.Count(), arrays.values.data(),
                               arrays.lengths.data(), arrays.formats.data(), 0);
  }
  if (sent == 0) ThrowConnectionError("send query");
  g_round_trips.fetch_add(1, std::memory_order_relaxed);
  co_await Flush();
  co_return co_await CollectOne("query");
}

asio::awaitable<Result> Connection::SimpleQuery(std::string_view sql) {
  if (!Reusable()) throw ConnectionError("the database connection is broken", "");
  const std::string text(sql);
  busy_ = true;
  if (PQsendQuery(conn_, text.c_str()) == 0) ThrowConnectionError("send query");
  g_round_trips.fetch_add(1, std::memory_order_relaxed);
  co_await Flush();
  co_return co_await CollectOne("query");
}

asio::awaitable<std::vector<Result>> Connection::Pipeline(const std::vector<PipelineQuery>& queries) {
  std::vector<Result> results(queries.size());
  if (queries.empty()) co_return results;
  if (!Reusable()) throw ConnectionError("the database connection is broken", "");
  // Checked before anything is sent: a name conflict must not leave the connection inside a pipeline.
  std::vector<bool> prepares(queries.size(), false);
  std::set<std::string_view> preparing;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    if (queries[i].params.size() > 65535) throw Error("more than 65535 query parameters", "");
    const Statement& statement = queries[i].statement;
    if (!NeedsPrepare(statement)) continue;
    prepares[i] = preparing.insert(statement.name).second;
  }
  busy_ = true;
  if (PQenterPipelineMode(conn_) != 1) ThrowConnectionError("enter pipeline mode");

  // One sync after the last query: the queries run in one implicit transaction, all or none of their
  // writes commit, and PostgreSQL answers with one flush (one wake-up on each side, one transaction to
  // start and end). After a failure the later queries are skipped (PGRES_PIPELINE_ABORTED) and the first
  // error is thrown. A statement this connection has not prepared yet is prepared just before it; a
  // prepared statement survives an aborted transaction, so it is recorded when its Parse succeeded.
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const auto& statement = queries[i].statement;
    const std::string sql(statement.sql);
    const std::string name(statement.name);
    if (prepares[i] && PQsendPrepare(conn_, name.c_str(), sql.c_str(), 0, nullptr) == 0) {
      ThrowConnectionError("pipeline prepare");
    }
    const ParamArrays arrays(queries[i].params);
    const int sent =
        name.empty() ? PQsendQueryParams(conn_, sql.c_str(), arrays.Count(), nullptr, arrays.values.data(),
                                         arrays.lengths.data(), arrays.formats.data(), 0)
                     : PQsendQueryPrepared(conn_, name.c_str(), arrays.Count(), arrays.values.data(),
                                           arrays.lengths.data(), arrays.formats.data(), 0);
    if (sent == 0) ThrowConnectionError("pipeline send");
  }
  if (PQpipelineSync(conn_) == 0) ThrowConnectionError("pipeline sync");
  g_round_trips.fetch_add(1, std::memory_order_relaxed);
  co_await Flush();

  detail::PgResultPtr first_error;
  const auto drain = [this](detail::PgResultPtr& error) -> asio::awaitable<detail::PgResultPtr> {
    detail::PgResultPtr last;
    while (auto result = co_await NextResult()) {
      switch (PQresultStatus(result.get())) {
        case PGRES_TUPLES_OK:
        case PGRES_COMMAND_OK:
        case PGRES_EMPTY_QUERY:
          last = std::move(result);
          break;
        case PGRES_PIPELINE_ABORTED:
          break;
        case PGRES_COPY_IN:
        case PGRES_COPY_OUT:
        case PGRES_COPY_BOTH:
          broken_ = true;
          throw Error("pipeline: COPY is not supported", "");
        default:
          if (!error) error = std::move(result);
          break;
      }
    }
    if (PQstatus(conn_) == CONNECTION_BAD) ThrowConnectionError("pipeline");
    co_return last;
  };
  for (std::size_t i = 0; i < queries.size(); ++i) {
    if (prepares[i]) {
      detail::PgResultPtr prepare_error;
      auto prepared = co_await drain(prepare_error);
      if (prepare_error) {
        if (!first_error) first_error = std::move(prepare_error);
      } else if (prepared) {
        prepared_.emplace(queries[i].statement.name, HashOf(queries[i].statement));
      }
    }
    detail::PgResultPtr error;
    auto last = co_await drain(error);
    if (error) {
      if (!first_error) first_error = std::move(error);
    } else if (last && !first_error) {
      results[i] = Result(std::make_shared<detail::ResultData>(std::move(last)));
    }
  }
  auto sync = co_await NextResult();
  if (!sync || PQresultStatus(sync.get()) != PGRES_PIPELINE_SYNC) {
    broken_ = true;
    throw Error("pipeline: expected the end of the pipeline", "");
  }
  if (PQexitPipelineMode(conn_) != 1) ThrowConnectionError("exit pipeline mode");
  busy_ = false;
  if (first_error) ThrowResultError(first_error.get());
  co_return results;
}

}  // namespace artel::db
