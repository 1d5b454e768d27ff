#include "artel/db/pool.hpp"

#include <fmt/format.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <deque>
#include <mutex>

#include "artel/core/log.hpp"
#include "connection.hpp"
#include "pool_internal.hpp"

namespace artel::db {

namespace asio = boost::asio;

namespace {

constexpr Statement kRollback{{}, "ROLLBACK"};
constexpr Statement kCommit{{}, "COMMIT"};

std::string_view BeginSql(Isolation isolation) {
  switch (isolation) {
    case Isolation::kReadCommitted:
      return "BEGIN ISOLATION LEVEL READ COMMITTED";
    case Isolation::kRepeatableRead:
      return "BEGIN ISOLATION LEVEL REPEATABLE READ";
    case Isolation::kSerializable:
      return "BEGIN ISOLATION LEVEL SERIALIZABLE";
  }
  throw Error("unknown isolation level", "");
}

}  // namespace

struct Pool::Impl {
  /// A coroutine waiting for a connection. Its timer is both the acquire timeout and the wake-up call:
  /// a release sets the expiry to the past, which completes a pending wait at once and makes a wait
  /// started later complete immediately. The timer is only touched under `mutex`.
  struct Waiter {
    Waiter(const asio::any_io_executor& executor, std::chrono::steady_clock::time_point deadline)
        : timer(executor, deadline) {}
    asio::steady_timer timer;
    std::unique_ptr<Connection> connection;  // handed over by a release
    bool slot = false;                       // allowed to open a new connection instead
    bool done = false;
    bool closed = false;
  };

  Impl(asio::any_io_executor executor_in, PoolOptions options_in)
      : executor(std::move(executor_in)), options(std::move(options_in)) {}

  void WakeLocked(const std::shared_ptr<Waiter>& waiter) {
    waiter->done = true;
    waiter->timer.expires_at(std::chrono::steady_clock::time_point::min());
  }

  /// A connection (or a connect attempt) ceased to exist: its place goes to the first waiter, if any.
  void ReturnSlotLocked() {
    if (!closed && !waiters.empty()) {
      auto waiter = std::move(waiters.front());
      waiters.pop_front();
      waiter->slot = true;
      WakeLocked(waiter);
    } else {
      --size;
    }
  }

  void ReturnSlot() {
    std::lock_guard lock(mutex);
    ReturnSlotLocked();
  }

  /// Back to the idle list or the first waiter; discarded when broken, busy or inside a transaction.
  void Return(std::unique_ptr<Connection> connection) {
    std::unique_ptr<Connection> discard;
    {
      std::lock_guard lock(mutex);
      if (closed || !connection->Reusable() || connection->TransactionStatus() != PQTRANS_IDLE) {
        discard = std::move(connection);
        ReturnSlotLocked();
      } else if (!waiters.empty()) {
        auto waiter = std::move(waiters.front());
        waiters.pop_front();
        waiter->connection = std::move(connection);
        WakeLocked(waiter);
      } else {
        idle.push_back(std::move(connection));
      }
    }
  }

  static asio::awaitable<void> RollbackThenReturn(std::shared_ptr<Pool> pool,
                                                  std::unique_ptr<Connection> connection);

  /// Returns a leased connection; one left inside a transaction is rolled back asynchronously first.
  void Release(const std::shared_ptr<Pool>& pool, std::unique_ptr<Connection> connection) {
    const auto status = connection->TransactionStatus();
    if (connection->Reusable() && (status == PQTRANS_INTRANS || status == PQTRANS_INERROR)) {
      bool is_closed = false;
      {
        std::lock_guard lock(mutex);
        is_closed = closed;
      }
      if (!is_closed) {
        asio::co_spawn(executor, RollbackThenReturn(pool, std::move(connection)), asio::detached);
        return;
      }
    }
    Return(std::move(connection));
  }

  asio::awaitable<std::unique_ptr<Connection>> Acquire();
  class WaiterGuard;
  class SlotGuard;

  asio::any_io_executor executor;
  const PoolOptions options;
  mutable std::mutex mutex;
  std::vector<std::unique_ptr<Connection>> idle;  // most recently used last
  std::deque<std::shared_ptr<Waiter>> waiters;    // FIFO
  std::size_t size = 0;                           // connections open, leased or being opened
  bool closed = false;
};

struct Transaction::Lease {
  Lease(std::shared_ptr<Pool> pool_in, std::unique_ptr<Connection> connection_in)
      : pool(std::move(pool_in)), connection(std::move(connection_in)) {}
  ~Lease() {
    if (connection) pool->impl_->Release(pool, std::move(connection));
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;

  std::shared_ptr<Pool> pool;
  std::unique_ptr<Connection> connection;
};

asio::awaitable<void> Pool::Impl::RollbackThenReturn(std::shared_ptr<Pool> pool,
                                                     std::unique_ptr<Connection> connection) {
  // The lease returns the connection even if this coroutine is destroyed before it finishes.
  Transaction::Lease lease(std::move(pool), std::move(connection));
  try {
    co_await lease.connection->Execute(kRollback, {});
  } catch (const std::exception& e) {
    log::Warning("db: rollback of a released connection failed, closing it: {}", e.what());
    lease.connection->MarkBroken();
  }
  lease.pool->impl_->Return(std::move(lease.connection));
}

// Guards for Acquire, defined outside the coroutine (GCC 12 mis-destroys aggregates local to coroutines).

/// Whatever a waiter was given goes back to the pool if its coroutine dies before taking it.
class Pool::Impl::WaiterGuard final {
 public:
  WaiterGuard(Pool::Impl* impl, std::shared_ptr<Pool::Impl::Waiter> waiter)
      : impl_(impl), waiter_(std::move(waiter)) {}
  ~WaiterGuard();
  WaiterGuard(const WaiterGuard&) = delete;
  WaiterGuard& operator=(const WaiterGuard&) = delete;
  bool active = true;

 private:
  Pool::Impl* impl_;
  std::shared_ptr<Pool::Impl::Waiter> waiter_;
};

/// A reserved place in the pool is given back unless a connection was opened in it.
class Pool::Impl::SlotGuard final {
 public:
  explicit SlotGuard(Pool::Impl* impl) : impl_(impl) {}
  ~SlotGuard();
  SlotGuard(const SlotGuard&) = delete;
  SlotGuard& operator=(const SlotGuard&) = delete;
  bool active = true;

 private:
  Pool::Impl* impl_;
};

Pool::Impl::WaiterGuard::~WaiterGuard() {
  if (!active) return;
  std::unique_ptr<Connection> given;
  bool given_slot = false;
  {
    std::lock_guard lock(impl_->mutex);
    std::erase(impl_->waiters, waiter_);
    given = std::move(waiter_->connection);
    given_slot = waiter_->slot;
  }
  if (given) {
    impl_->Return(std::move(given));
  } else if (given_slot) {
    impl_->ReturnSlot();
  }
}

Pool::Impl::SlotGuard::~SlotGuard() {
  if (active) impl_->ReturnSlot();
}

asio::awaitable<std::unique_ptr<Connection>> Pool::Impl::Acquire() {
  const auto deadline = std::chrono::steady_clock::now() + options.acquire_timeout;
  const auto waiter_executor = co_await asio::this_coro::executor;
  // Ends up holding either an idle connection or nothing, which means a reserved place to connect in.
  std::unique_ptr<Connection> connection;
  std::shared_ptr<Waiter> waiter;
  {
    std::lock_guard lock(mutex);
    if (closed) throw ConnectionError("the database pool is closed", "");
    if (!idle.empty()) {
      connection = std::move(idle.back());
      idle.pop_back();
    } else if (size < options.max_size) {
      ++size;
    } else {
      waiter = std::make_shared<Waiter>(waiter_executor, deadline);
      waiters.push_back(waiter);
    }
  }

  if (waiter) {
    WaiterGuard abandon(this, waiter);
    auto [ec] = co_await asio::async_initiate<const asio::as_tuple_t<asio::use_awaitable_t<>>&,
                                              void(boost::system::error_code)>(
        // Raw pointer capture: GCC 12 destroys a co_await operand's lambda captures twice.
        [this, raw = waiter.get()](auto handler) {
          std::lock_guard lock(mutex);
          raw->timer.async_wait(std::move(handler));
        },
        asio::as_tuple(asio::use_awaitable));
    bool was_closed = false;
    {
      std::lock_guard lock(mutex);
      if (waiter->done) {
        was_closed = waiter->closed;
        connection = std::move(waiter->connection);  // or null: waiter->slot was given
        abandon.active = false;
      }
    }
    if (was_closed) throw ConnectionError("the database pool is closed", "");
    if (abandon.active) {
      if (ec == asio::error::operation_aborted) throw boost::system::system_error(ec);
      throw PoolTimeout(
          fmt::format("no database connection became free within {} ms", options.acquire_timeout.count()),
          "");
    }
  }

  if (connection) {
    if (connection->CheckIdle()) co_return connection;
    log::Info("db: dropping a dead idle connection");
    connection.reset();  // its place is ours: open a fresh connection instead
  }

  SlotGuard slot_guard(this);
  auto fresh = co_await Connection::Connect(executor, options);
  slot_guard.active = false;
  co_return fresh;
}

Pool::Pool(asio::any_io_executor executor, PoolOptions options)
    : impl_(std::make_unique<Impl>(std::move(executor), std::move(options))) {
  if (impl_->options.max_size == 0) throw std::invalid_argument("db pool max_size must be positive");
}

std::shared_ptr<Pool> Pool::Create(asio::any_io_executor executor, PoolOptions options) {
  return std::shared_ptr<Pool>(new Pool(std::move(executor), std::move(options)));
}

Pool::~Pool() {
  Close();
}

void Pool::Close() {
  std::vector<std::unique_ptr<Connection>> drop;
  {
    std::lock_guard lock(impl_->mutex);
    impl_->closed = true;
    drop.swap(impl_->idle);
    impl_->size -= drop.size();
    for (auto& waiter : impl_->waiters) {
      waiter->closed = true;
      impl_->WakeLocked(waiter);
    }
    impl_->waiters.clear();
  }
}

Pool::Stats Pool::GetStats() const {
  std::lock_guard lock(impl_->mutex);
  return Stats{impl_->size, impl_->idle.size(), impl_->waiters.size()};
}

const PoolOptions& Pool::Options() const noexcept {
  return impl_->options;
}

asio::any_io_executor Pool::GetExecutor() const {
  return impl_->executor;
}

asio::awaitable<Result> Pool::Execute(const Statement& statement, Params params) {
  // Copies the statement now: the coroutine body runs later, when a temporary Statement is gone.
  return [](std::shared_ptr<Pool> self, Statement copy, Params values) -> asio::awaitable<Result> {
    Transaction::Lease lease(self, co_await self->impl_->Acquire());
    co_return co_await lease.connection->Execute(copy, values);
  }(shared_from_this(), statement, std::move(params));
}

asio::awaitable<std::vector<Result>> Pool::Pipeline(std::vector<PipelineQuery> queries) {
  return [](std::shared_ptr<Pool> self,
            std::vector<PipelineQuery> list) -> asio::awaitable<std::vector<Result>> {
    Transaction::Lease lease(self, co_await self->impl_->Acquire());
    co_return co_await lease.connection->Pipeline(list);
  }(shared_from_this(), std::move(queries));
}

asio::awaitable<Transaction> Pool::Begin(Isolation isolation) {
  return [](std::shared_ptr<Pool> self, Isolation level) -> asio::awaitable<Transaction> {
    auto lease = std::make_unique<Transaction::Lease>(self, co_await self->impl_->Acquire());
    co_await lease->connection->Execute(Statement{{}, BeginSql(level)}, {});
    co_return Transaction(std::move(lease));
  }(shared_from_this(), isolation);
}

Transaction::Transaction(std::unique_ptr<Lease> lease) : lease_(std::move(lease)) {}
Transaction::Transaction(Transaction&&) noexcept = default;
Transaction& Transaction::operator=(Transaction&&) noexcept = default;
Transaction::~Transaction() = default;

asio::awaitable<Result> Transaction::Execute(const Statement& statement, Params params) {
  return [](Transaction* self, Statement copy, Params values) -> asio::awaitable<Result> {
    if (!self->lease_) throw Error("the transaction is already finished", "");
    co_return co_await self->lease_->connection->Execute(copy, values);
  }(this, statement, std::move(params));
}

asio::awaitable<void> Transaction::Commit() {
  if (!lease_) throw Error("the transaction is already finished", "");
  if (lease_->connection->TransactionStatus() == PQTRANS_INERROR) {
    lease_.reset();  // the pool rolls it back
    throw Error("commit of a transaction in which a statement failed: rolled back instead", "25P02");
  }
  co_await lease_->connection->Execute(kCommit, {});
  lease_.reset();
}

asio::awaitable<void> Transaction::Rollback() {
  if (!lease_) co_return;
  co_await lease_->connection->Execute(kRollback, {});
  lease_.reset();
}

namespace detail {

asio::awaitable<Transaction> TransactionAccess::Session(Pool& pool) {
  auto session = co_await pool.Begin();
  co_await session.lease_->connection->Execute(kCommit, {});
  co_return session;
}

asio::awaitable<Result> TransactionAccess::SimpleQuery(Transaction& session, std::string_view sql) {
  if (!session.lease_) throw Error("the transaction is already finished", "");
  co_return co_await session.lease_->connection->SimpleQuery(sql);
}

void TransactionAccess::Discard(Transaction& session) noexcept {
  if (session.lease_) session.lease_->connection->MarkBroken();
  session.lease_.reset();
}

}  // namespace detail

}  // namespace artel::db
