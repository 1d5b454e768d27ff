#pragma once

#include "artel/platform/module.hpp"

namespace artel::reviews {

/// Reviews of completed orders: provides reviews::Reviews and its routes, and completes and reviews demo
/// orders.
platform::Module Module();

}  // namespace artel::reviews
