#pragma once

#include "artel/platform/module.hpp"

namespace artel::marketing {

/// UTM attribution: POST /api/utm-data, and visits attached to the user at sign-in.
platform::Module Module();

}  // namespace artel::marketing
