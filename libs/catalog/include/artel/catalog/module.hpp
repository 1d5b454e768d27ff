#pragma once

#include "artel/platform/module.hpp"

namespace artel::catalog {

/// The taxonomy: provides catalog::Catalog and serves GET /api/catalog.
platform::Module Module();

}  // namespace artel::catalog
