#include "artel/realtime/channels.hpp"

#include <stdexcept>

#include "artel/realtime/publisher.hpp"

namespace artel::realtime {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kUserPrefix = "private-user.";

}  // namespace

Channels::Channels() {
  // A user's own channel; Actor::user_id is the impersonated user while an admin impersonates.
  Add(std::string(kUserPrefix), [](const Actor& actor, std::string_view channel) -> awaitable<Grant> {
    co_return Grant{.allowed = channel == UserChannel(actor.user_id), .user_info = {}};
  });
}

void Channels::Add(std::string prefix, Authorizer authorizer) {
  for (const auto& [existing, unused] : authorizers_) {
    if (existing == prefix) throw std::logic_error("realtime: channel prefix " + prefix + " added twice");
  }
  authorizers_.emplace_back(std::move(prefix), std::move(authorizer));
}

awaitable<Grant> Channels::Authorize(const Actor& actor, std::string_view channel) const {
  const Authorizer* best = nullptr;
  std::size_t best_length = 0;
  for (const auto& [prefix, authorizer] : authorizers_) {
    if (channel.starts_with(prefix) && prefix.size() >= best_length) {
      best = &authorizer;
      best_length = prefix.size();
    }
  }
  if (best == nullptr) co_return Grant{};
  co_return co_await (*best)(actor, channel);
}

}  // namespace artel::realtime
