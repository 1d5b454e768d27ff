#pragma once

#include "artel/platform/module.hpp"

namespace artel::favourites {

/// Bookmarks of orders, freelancers, vacancies, resumes and companies: provides favourites::Favourites, its
/// routes, the `favourites` settings and the demo users' bookmarks.
platform::Module Module();

}  // namespace artel::favourites
