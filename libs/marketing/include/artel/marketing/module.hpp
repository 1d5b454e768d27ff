#pragma once

#include "artel/platform/module.hpp"

namespace artel::marketing {

/// UTM attribution (POST /api/utm-data, visits attached to the user at sign-in) and landing pages (public
/// read, the admin's CRUD and image, the image sweep, two demo pages).
platform::Module Module();

}  // namespace artel::marketing
