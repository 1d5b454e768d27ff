#pragma once

#include "artel/platform/module.hpp"

namespace artel::searches {

/// Saved searches: provides searches::Searches (domains register their scopes with it), its routes, the
/// `searches` settings, the `saved_search_match` notification kind and the demo users' searches.
platform::Module Module();

}  // namespace artel::searches
