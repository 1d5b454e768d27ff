#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "artel/db/errors.hpp"
#include "artel/db/params.hpp"
#include "artel/db/result.hpp"

namespace artel::db {

/// 64-bit FNV-1a of a statement's text.
constexpr std::uint64_t StatementHash(std::string_view sql) noexcept {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : sql) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

/// A named prepared statement. Define as a constant beside its repository:
///   inline constexpr db::Statement kFindUser{"identity.find_user", "SELECT id, name FROM identity.users
///   WHERE id = $1"};
/// Each connection prepares it on first use and reuses the plan afterwards. One name stands for one text
/// in the whole process: a statement whose name was seen with another text throws db::Error when it is
/// about to run (the text's hash, computed at compile time for constants, makes that an integer compare).
struct Statement {
  constexpr Statement() noexcept = default;
  constexpr Statement(std::string_view statement_name, std::string_view statement_sql) noexcept
      : name(statement_name),
        sql(statement_sql),
        sql_hash(statement_name.empty() ? 0 : StatementHash(statement_sql)) {}

  std::string_view name;
  std::string_view sql;
  /// StatementHash(sql) for a named statement; set by the constructor.
  std::uint64_t sql_hash = 0;
};

/// One query of a pipeline: either a Statement or ad-hoc SQL.
struct PipelineQuery {
  Statement statement;  // name empty: `statement.sql` is sent unnamed
  Params params;
};

enum class Isolation { kReadCommitted, kRepeatableRead, kSerializable };

struct PoolOptions {
  /// libpq connection string or URL.
  std::string conninfo;
  std::size_t max_size = 16;
  /// How long Query/Begin wait for a free connection before PoolTimeout.
  std::chrono::milliseconds acquire_timeout{5000};
  /// Sent as `SET statement_timeout` on each new connection; 0 leaves the server default.
  std::chrono::milliseconds statement_timeout{15000};
  /// Connect attempt bound.
  std::chrono::milliseconds connect_timeout{5000};
  /// TCP keepalive of every connection, the real-time listener's included (it otherwise waits forever for
  /// notifications on a network path that died silently): probes after this much silence, every
  /// keepalive_interval, and the connection is dead after keepalive_count unanswered ones (and once sent
  /// data stays unacknowledged as long: tcp_user_timeout). The conninfo's own keepalives_* win. A Unix-socket
  /// connection (the embedded cluster) has no TCP to keep alive.
  std::chrono::seconds keepalive_idle{30};
  std::chrono::seconds keepalive_interval{10};
  int keepalive_count = 3;
};

class Pool;
class Connection;  // private to libs/db
namespace detail {
struct TransactionAccess;  // private to libs/db (migrations drive BEGIN/COMMIT themselves)
}  // namespace detail

/// A transaction on one pooled connection. Rolls back unless Commit() succeeded: the destructor hands
/// the connection back marked for rollback, and the pool issues ROLLBACK before anyone reuses it.
class Transaction final {
 public:
  Transaction(Transaction&&) noexcept;
  Transaction& operator=(Transaction&&) noexcept;
  ~Transaction();

  template <class... Args>
  boost::asio::awaitable<Result> Query(const Statement& statement, const Args&... args) {
    return Execute(statement, MakeParams(args...));
  }
  template <class... Args>
  boost::asio::awaitable<Result> Query(std::string_view sql, const Args&... args) {
    return Execute(Statement{{}, sql}, MakeParams(args...));
  }
  boost::asio::awaitable<Result> Execute(const Statement& statement, Params params);

  boost::asio::awaitable<void> Commit();
  boost::asio::awaitable<void> Rollback();

 private:
  friend class Pool;
  friend struct detail::TransactionAccess;
  struct Lease;
  explicit Transaction(std::unique_ptr<Lease> lease);
  std::unique_ptr<Lease> lease_;
};

/// A bounded pool of non-blocking libpq connections driven by Asio: every wait (connect, send, receive)
/// is an asynchronous wait on the socket, never a blocking libpq call on an io thread. Thread-safe.
/// Broken connections are dropped and replaced on demand, so queries succeed again once the server is back.
class Pool final : public std::enable_shared_from_this<Pool> {
 public:
  static std::shared_ptr<Pool> Create(boost::asio::any_io_executor executor, PoolOptions options);
  ~Pool();
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  template <class... Args>
  boost::asio::awaitable<Result> Query(const Statement& statement, const Args&... args) {
    return Execute(statement, MakeParams(args...));
  }
  template <class... Args>
  boost::asio::awaitable<Result> Query(std::string_view sql, const Args&... args) {
    return Execute(Statement{{}, sql}, MakeParams(args...));
  }
  boost::asio::awaitable<Result> Execute(const Statement& statement, Params params);

  /// Sends independent queries in one round trip (libpq pipeline mode); results in order.
  /// They run in one implicit transaction (one sync at the end): if one fails, none of their writes commit
  /// and the first error is thrown. Each statement still sees what committed before it started (READ
  /// COMMITTED), as separate queries would.
  boost::asio::awaitable<std::vector<Result>> Pipeline(std::vector<PipelineQuery> queries);

  boost::asio::awaitable<Transaction> Begin(Isolation isolation = Isolation::kReadCommitted);

  /// Closes idle connections and fails waiters; later calls throw ConnectionError.
  void Close();

  struct Stats {
    std::size_t size = 0;
    std::size_t idle = 0;
    std::size_t waiting = 0;
  };
  Stats GetStats() const;

  const PoolOptions& Options() const noexcept;
  boost::asio::any_io_executor GetExecutor() const;

 private:
  friend class Transaction;
  struct Impl;
  Pool(boost::asio::any_io_executor executor, PoolOptions options);
  std::unique_ptr<Impl> impl_;
};

/// Runs `body` in a transaction, retrying on SerializationFailure/DeadlockDetected (up to `attempts`,
/// with jittered back-off). `body` must not commit; WithRetry commits after it returns.
template <class T>
boost::asio::awaitable<T> WithRetry(Pool& pool, Isolation isolation,
                                    std::function<boost::asio::awaitable<T>(Transaction&)> body,
                                    int attempts = 5);

}  // namespace artel::db

#include "artel/db/detail/retry.ipp"
