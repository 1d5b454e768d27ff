#include "demo.hpp"

#include "artel/platform/module.hpp"

namespace artel::profiles {

boost::asio::awaitable<void> SeedDemoProfiles(platform::DemoContext&) {
  co_return;
}

}  // namespace artel::profiles
