#pragma once

#include "artel/platform/module.hpp"

namespace artel::profiles {

/// Users as others see them: provides profiles::Profiles (the public card other modules add parts to) and
/// serves GET /api/users/{id}.
platform::Module Module();

}  // namespace artel::profiles
