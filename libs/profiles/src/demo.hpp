#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::profiles {

/// `artel seed-demo`'s profiles: every demo performer gets a profile in their language (headline, about,
/// specializations, skills, rate, location, languages), two or three portfolio groups with projects and
/// images drawn with libgd, and prices; every demo customer an about text. Idempotent.
boost::asio::awaitable<void> SeedDemoProfiles(platform::DemoContext& demo);

}  // namespace artel::profiles
