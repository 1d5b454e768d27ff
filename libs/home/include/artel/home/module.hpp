#pragma once

#include "artel/platform/module.hpp"

namespace artel::home {

/// The home page's front: provides home::Home, GET /api/home and the `home` settings.
platform::Module Module();

}  // namespace artel::home
