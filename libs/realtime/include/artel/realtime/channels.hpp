#pragma once

// Who may subscribe to which channel: the realtime module asks this registry when POST
// /api/broadcasting/auth signs a subscription. `private-user.{id}` is built in (only the user themself, or
// the admin impersonating them); a domain with channels of its own (the messenger's `presence-chat.{id}`)
// adds an authorizer for its prefix at install time.

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"

namespace artel::realtime {

struct Grant {
  bool allowed = false;
  /// For a `presence-` channel: the member's `user_info` the other members see (name, avatar …).
  boost::json::object user_info;
};

/// Decides one channel name (the whole name, prefix included) for one signed-in user.
using Authorizer = std::function<boost::asio::awaitable<Grant>(const Actor& actor, std::string_view channel)>;

class Channels final {
 public:
  Channels();
  /// Adds the authorizer of every channel whose name starts with `prefix` ("presence-chat."). Only while
  /// modules are installed; std::logic_error for a prefix added twice.
  void Add(std::string prefix, Authorizer authorizer);
  /// The authorizer of the longest matching prefix decides; a channel no prefix matches is refused.
  boost::asio::awaitable<Grant> Authorize(const Actor& actor, std::string_view channel) const;

 private:
  std::vector<std::pair<std::string, Authorizer>> authorizers_;
};

}  // namespace artel::realtime
