#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::favourites {

class Favourites;

/// Binds api.yaml's listFavourites, getFavourite, addFavourite and removeFavourite.
void Register(web::App& app, Favourites& favourites);

}  // namespace artel::favourites
