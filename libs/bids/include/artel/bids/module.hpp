#pragma once

#include "artel/platform/module.hpp"

namespace artel::bids {

/// Bids and invitations: provides bids::Bids, its routes and the invitation expiry job, and the demo bids.
platform::Module Module();

}  // namespace artel::bids
