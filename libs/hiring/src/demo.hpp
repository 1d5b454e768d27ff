#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::messenger {
class Messenger;
}  // namespace artel::messenger

namespace artel::hiring {

class Hiring;

struct DemoResponses {
  int responses = 0;
  int invitations = 0;
  int chats = 0;
};

/// `artel seed-demo`'s responses between the demo vacancies and resumes (their seeders ran before): one in
/// every state, invitations and a reapplication, and chats for some. Idempotent.
boost::asio::awaitable<DemoResponses> SeedDemoResponses(db::Pool& pool, Hiring& hiring,
                                                        messenger::Messenger& messenger);

}  // namespace artel::hiring
