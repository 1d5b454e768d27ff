#pragma once

#include <libpq-fe.h>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/db/pool.hpp"
#include "result_data.hpp"

namespace artel::db {

/// The keywords and values a connection is opened with (PQconnectStartParams, expand_dbname): the keepalive
/// settings of `options` first, then the conninfo as `dbname`, expanded, so its own parameters win.
std::vector<std::pair<std::string, std::string>> ConnectParameters(const PoolOptions& options);
/// Starts a non-blocking connection attempt with ConnectParameters(options) (PQconnectStartParams); nullptr
/// when libpq cannot allocate one. The caller owns the result (PQfinish).
PGconn* StartConnect(const PoolOptions& options);

/// One libpq connection in non-blocking mode. Every wait is an Asio wait on (a duplicate of) its socket.
/// Used by one coroutine at a time (the pool hands it out exclusively). Any failure that leaves the protocol
/// state unknown marks it broken, and the pool then discards it.
class Connection final {
 public:
  static boost::asio::awaitable<std::unique_ptr<Connection>> Connect(boost::asio::any_io_executor executor,
                                                                     const PoolOptions& options);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  boost::asio::awaitable<Result> Execute(const Statement& statement, const Params& params);
  boost::asio::awaitable<std::vector<Result>> Pipeline(const std::vector<PipelineQuery>& queries);
  /// The simple-query protocol: `sql` may hold several statements; returns the last statement's result.
  boost::asio::awaitable<Result> SimpleQuery(std::string_view sql);

  /// Broken, or interrupted in the middle of a query: not reusable.
  bool Reusable() const noexcept { return !broken_ && !busy_ && PQstatus(conn_) == CONNECTION_OK; }
  void MarkBroken() noexcept { broken_ = true; }
  PGTransactionStatusType TransactionStatus() const noexcept { return PQtransactionStatus(conn_); }
  /// For an idle connection: reads whatever the server sent meanwhile (a shutdown notice, EOF) without
  /// waiting, and reports whether the connection is still usable.
  bool CheckIdle();

  /// For a connection that ran LISTEN: waits until the server sends something and returns the
  /// notifications received as (channel, payload) pairs (possibly none: a notice). Throws ConnectionError
  /// when the connection is lost.
  boost::asio::awaitable<std::vector<std::pair<std::string, std::string>>> ReceiveNotifications();

 private:
  class Socket;
  Connection(boost::asio::any_io_executor executor, PGconn* conn);

  enum class WaitFor { kRead, kWrite };
  /// Waits until the socket is ready (or the deadline passes: ConnectionError).
  boost::asio::awaitable<void> Wait(WaitFor what,
                                    std::optional<std::chrono::steady_clock::time_point> deadline);
  boost::asio::awaitable<void> Flush();
  /// Reads until libpq has the next result; returns it (nullptr: end of this query's results).
  boost::asio::awaitable<detail::PgResultPtr> NextResult();
  /// Collects results until the terminating null; throws the first error after draining.
  boost::asio::awaitable<Result> CollectOne(std::string_view what);
  boost::asio::awaitable<void> Prepare(const Statement& statement);
  /// Whether `statement` still has to be prepared here; throws db::Error when its name stands for another
  /// text on this connection or anywhere in the process.
  bool NeedsPrepare(const Statement& statement) const;
  [[noreturn]] void ThrowConnectionError(std::string_view what);
  [[noreturn]] void ThrowResultError(const PGresult* result);

  boost::asio::any_io_executor executor_;
  PGconn* conn_;
  std::unique_ptr<Socket> socket_;
  /// Prepared statement names and the StatementHash of the text each was prepared with.
  std::map<std::string, std::uint64_t, std::less<>> prepared_;
  bool broken_ = false;
  bool busy_ = false;
};

}  // namespace artel::db
