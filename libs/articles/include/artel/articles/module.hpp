#pragma once

#include "artel/platform/module.hpp"

namespace artel::articles {

/// Articles: categories, Markdown articles and their states, views, comments and votes, the admin's
/// moderation; provides articles::Articles and its routes, the cover sweep and the demo articles.
platform::Module Module();

}  // namespace artel::articles
