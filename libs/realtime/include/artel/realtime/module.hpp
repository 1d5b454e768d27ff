#pragma once

#include "artel/platform/module.hpp"

namespace artel::realtime {

/// Real time: provides realtime::Publisher (see publisher.hpp) to every later module, and serves the
/// Pusher-protocol socket endpoint and POST /api/broadcasting/auth.
platform::Module Module();

}  // namespace artel::realtime
