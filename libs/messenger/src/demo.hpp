#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::messenger {

class Messenger;

struct DemoChats {
  std::size_t chats = 0;
  std::size_t messages = 0;
};

/// Chats with history between the demo accounts and people: Russian people in Russian, English ones in
/// English, some about an order, some with unread messages, one with an anti-fraud caution. Idempotent:
/// nothing when the demo customer has chats already.
boost::asio::awaitable<DemoChats> SeedDemoChats(db::Pool& pool, Messenger& messenger);

}  // namespace artel::messenger
