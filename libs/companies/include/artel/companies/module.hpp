#pragma once

#include "artel/platform/module.hpp"

namespace artel::companies {

/// Companies (employers), their logos, the admin's "verified" mark and company reviews: provides
/// companies::Companies and its routes, the logo sweep and the demo companies.
platform::Module Module();

}  // namespace artel::companies
