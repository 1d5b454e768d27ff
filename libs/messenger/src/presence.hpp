#pragma once

#include <string_view>

#include "artel/realtime/channels.hpp"

namespace artel::messenger {

class Messenger;

inline constexpr std::string_view kPresencePrefix = "presence-chat.";

/// "presence-chat.{id}": the two participants only; the members see each other's {name, lastname, avatar}.
realtime::Authorizer PresenceAuthorizer(Messenger& messenger);

}  // namespace artel::messenger
