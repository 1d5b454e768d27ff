#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::help {

class Help;

struct SeededHelp {
  std::size_t questions = 0;
  std::size_t pages = 0;
  std::size_t tickets = 0;
};

/// The demo FAQ (content/faq.json), the legal/info pages (content/pages/<code>.<lang>.md, version 1 by the
/// first administrator) and a few support tickets in every state. Each part is added only when its table is
/// empty, so a second run adds nothing.
boost::asio::awaitable<SeededHelp> SeedDemoHelp(db::Pool& pool, Help& help);

}  // namespace artel::help
