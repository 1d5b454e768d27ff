#pragma once

// The seam through which later modules add their keys to the signed-in user's info (GET /api/user/info, and
// the user object of login and welcome): the messenger fills `unread_msg`. Identity knows none of them.

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <vector>

namespace artel::identity {

class UserInfoExtensions final {
 public:
  /// Sets its keys of `info` for `user_id` (the impersonated user while an admin impersonates).
  using Contributor =
      std::function<boost::asio::awaitable<void>(std::int64_t user_id, boost::json::object& info)>;

  /// Only while modules are installed.
  void Add(Contributor contributor) { contributors_.push_back(std::move(contributor)); }

  /// Every contributor in the order they were added.
  boost::asio::awaitable<void> Apply(std::int64_t user_id, boost::json::object& info) const {
    for (const auto& contributor : contributors_) co_await contributor(user_id, info);
  }

 private:
  std::vector<Contributor> contributors_;
};

}  // namespace artel::identity
