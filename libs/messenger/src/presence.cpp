#include "presence.hpp"

#include <charconv>

#include "artel/messenger/messenger.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::messenger {

using boost::asio::awaitable;

/// "presence-chat.{id}": the two participants only; the members see each other's card.
realtime::Authorizer PresenceAuthorizer(Messenger& messenger) {
  return [&messenger](const Actor& actor, std::string_view channel) -> awaitable<realtime::Grant> {
    const std::string_view id_text = channel.substr(kPresencePrefix.size());
    std::int64_t chat_id = 0;
    auto [end, error] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), chat_id);
    if (error != std::errc() || end != id_text.data() + id_text.size() || chat_id < 1) {
      co_return realtime::Grant{};
    }
    auto member = co_await messenger.Member(actor.user_id, chat_id);
    if (!member) co_return realtime::Grant{};
    auto card = profiles::UserCardJson(*member);
    co_return realtime::Grant{
        .allowed = true,
        .user_info = {{"name", card["name"]}, {"lastname", card["lastname"]}, {"avatar", card["avatar"]}}};
  };
}

}  // namespace artel::messenger
