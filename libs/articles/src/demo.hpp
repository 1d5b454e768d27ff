#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::articles {

/// `artel seed-demo`'s articles: categories, articles in both languages in every state, comments with replies
/// and votes. Does nothing when the demo articles exist.
boost::asio::awaitable<void> SeedDemoArticles(platform::DemoContext& demo);

}  // namespace artel::articles
