#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::companies {

/// `artel seed-demo`: companies of the demo customers with logos drawn by libs/drawing, and reviews of them
/// by other demo people (some anonymous, some with the company's reply). Idempotent: nothing when the demo
/// companies exist.
boost::asio::awaitable<void> SeedDemoCompanies(platform::DemoContext& demo);

}  // namespace artel::companies
