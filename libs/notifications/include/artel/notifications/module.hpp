#pragma once

#include "artel/platform/module.hpp"

namespace artel::notifications {

/// In-app notifications: provides notifications::Notifier (the open registry of kinds that other modules
/// fill) and serves the notifications API.
platform::Module Module();

}  // namespace artel::notifications
