#pragma once

#include <boost/asio/awaitable.hpp>
#include <functional>
#include <typeindex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::platform {

/// In-process domain events, delivered inside the transaction that made the change. A domain publishes
/// what happened (`orders::OrderTransitioned`, `bids::BidPlaced`) and knows nothing of who listens; other
/// modules subscribe at install time. A listener runs on the publisher's transaction, so what it writes (a
/// notification row, later a ledger entry) commits or rolls back with the change itself; a listener that
/// throws aborts the change. Event types are plain structs in the publishing domain's public `events.hpp`.
///
/// Subscribe only while modules are installed (before serving): Publish reads the listener table without a
/// lock.
class EventBus final {
 public:
  template <class Event>
  using Listener = std::function<boost::asio::awaitable<void>(db::Transaction&, const Event&)>;

  template <class Event>
  void Subscribe(Listener<Event> listener) {
    listeners_[std::type_index(typeid(Event))].push_back(
        [listener = std::move(listener)](db::Transaction& tx, const void* event) {
          return listener(tx, *static_cast<const Event*>(event));
        });
  }

  /// Runs every listener of `Event`, in subscription order, on `tx`.
  template <class Event>
  boost::asio::awaitable<void> Publish(db::Transaction& tx, const Event& event) const {
    auto found = listeners_.find(std::type_index(typeid(Event)));
    if (found == listeners_.end()) co_return;
    for (const auto& listener : found->second) co_await listener(tx, &event);
  }

  template <class Event>
  std::size_t ListenerCount() const {
    auto found = listeners_.find(std::type_index(typeid(Event)));
    return found == listeners_.end() ? 0 : found->second.size();
  }

 private:
  using Erased = std::function<boost::asio::awaitable<void>(db::Transaction&, const void*)>;
  std::unordered_map<std::type_index, std::vector<Erased>> listeners_;
};

}  // namespace artel::platform
