#include "artel/core/error.hpp"
#include "artel/storage/storage.hpp"
#include "artel/web/app.hpp"

namespace artel::storage {

web::Response PrivateFileResponse(const FileStore& store, const std::string& file_name,
                                  const std::optional<std::string>& thumbnail_name, bool thumbnail,
                                  std::string_view original_name, Message missing) {
  const std::string& stored_name = thumbnail && thumbnail_name ? *thumbnail_name : file_name;
  auto content = store.ReadPrivate(stored_name);
  if (!content) throw NotFound(std::move(missing));
  web::Response response;
  response.headers.Set("Content-Type", content->content_type);
  response.headers.Set("X-Content-Type-Options", "nosniff");
  // As /api/files: only images render inline; everything else downloads under its uploaded name.
  if (!content->is_image)
    response.headers.Set("Content-Disposition", ContentDisposition(original_name, stored_name));
  response.headers.Set("Cache-Control", "private, max-age=3600");
  response.body = std::move(content->bytes);
  return response;
}

void Register(web::App& app, const FileStore& store) {
  app.GetRouter().Add(
      web::Method::kGet, "/api/files/{name}",
      [&store](web::Request& request) -> boost::asio::awaitable<web::Response> {
        auto content = store.Read(request.Param("name"));
        if (!content) throw NotFound();
        web::Response response;
        response.headers.Set("Content-Type", content->content_type);
        response.headers.Set("X-Content-Type-Options", "nosniff");
        // Only images render inline: a PDF or a text file opened from here would run as a page of the
        // site's origin (a PDF's scripts, text a browser takes for HTML), so everything else downloads.
        if (!content->is_image) {
          // The name to save under comes from the link (orders' attachment URLs carry the uploaded name);
          // the content, its type and extension come from the store.
          auto download_name = request.QueryParam("name");
          const std::string_view stored_name = request.Param("name");
          response.headers.Set(
              "Content-Disposition",
              ContentDisposition(download_name.value_or(std::string(stored_name)), stored_name));
        }
        // The name is the content's hash: the bytes behind it never change.
        response.headers.Set("Cache-Control", "public, max-age=31536000, immutable");
        response.body = std::move(content->bytes);
        co_return response;
      },
      web::RouteOptions{.browser_resource = true});
}

}  // namespace artel::storage
