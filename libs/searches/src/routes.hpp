#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::searches {

class Searches;

/// Binds api.yaml's listSavedSearches, createSavedSearch, updateSavedSearch, deleteSavedSearch and
/// markSavedSearchSeen.
void Register(web::App& app, Searches& searches);

}  // namespace artel::searches
