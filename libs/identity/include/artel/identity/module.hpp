#pragma once

#include "artel/platform/module.hpp"

namespace artel::identity {

/// Accounts and sessions: provides identity::Identity, its routes and the authenticator; seeds the demo
/// accounts and the demo marketplace people.
platform::Module Module();

}  // namespace artel::identity
