#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <string>

#include "artel/db/embedded.hpp"
#include "artel/db/pool.hpp"

namespace artel::db::testing {

/// One embedded PostgreSQL per test process (in a fresh temporary directory, removed at exit), and a fresh
/// database per TestDatabase: tests never share state and never need a server configured by hand.
class TestDatabase final {
 public:
  /// Creates a new empty database; with `migrate`, applies the repository's db/migrations.
  explicit TestDatabase(bool migrate = true);
  ~TestDatabase();

  boost::asio::io_context& Io() noexcept { return io_; }
  Pool& GetPool() noexcept { return *pool_; }
  std::shared_ptr<Pool> SharedPool() noexcept { return pool_; }
  std::string ConnInfo() const;
  /// The process-wide cluster (for restart tests).
  static EmbeddedPostgres& Cluster();

  /// Runs a coroutine on Io() to completion and returns its value (rethrows its exception).
  template <class T>
  T Run(boost::asio::awaitable<T> awaitable);
  void Run(boost::asio::awaitable<void> awaitable);

 private:
  boost::asio::io_context io_;
  std::string name_;
  std::shared_ptr<Pool> pool_;
};

/// Path of the repository's db/migrations (found from the source tree at build time).
std::string MigrationsDir();

}  // namespace artel::db::testing

#include "artel/db/testing/detail/run.ipp"
