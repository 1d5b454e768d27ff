#pragma once

// What a chat can be about: an open registry of context types (like notifications::Notifier's kinds). The
// messenger knows no domain: a module registers its type with the check that lets a user start a chat about
// one of its objects and the statement that reads the objects' titles. Orders register "order" (the
// messenger module's glue), hiring registers "response".

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/db/pool.hpp"

namespace artel::messenger {

struct ContextType {
  /// The `context.type` clients send and receive ("order", "response").
  std::string type;
  /// May `user_id` talk to `peer_id` about the object `id`? Throws NotFound (in the domain's own words)
  /// when not: an object one may not see does not exist for them.
  std::function<boost::asio::awaitable<void>(std::int64_t user_id, std::int64_t peer_id, std::int64_t id)>
      check;
  /// Reads `id, title` of the objects whose ids are $1 (bigint[]); an id without a row gets an empty title.
  db::Statement titles;
};

class ContextTypes final {
 public:
  /// Register while modules are installed (before serving); std::logic_error for a type registered twice.
  void Add(ContextType type);
  /// nullptr for a type nobody registered.
  const ContextType* Find(std::string_view type) const noexcept;
  const std::vector<ContextType>& All() const noexcept { return types_; }

 private:
  std::vector<ContextType> types_;
};

}  // namespace artel::messenger
