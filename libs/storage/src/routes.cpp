// HTTP for storage: the public files (libs/storage/api.yaml, getFile), and the answer every private file's
// route sends after its own access check (PrivateFileResponse).

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "artel/core/error.hpp"
#include "artel/storage/storage.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::storage {

/// libs/storage/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

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

namespace {

using boost::asio::awaitable;

/// getFile's query: the name a download is saved under (orders' attachment links carry the uploaded name).
struct FileQuery {
  std::optional<std::string> name;
};
BOOST_DESCRIBE_STRUCT(FileQuery, (), (name))

/// The operation of libs/storage/api.yaml.
class Edge final {
 public:
  explicit Edge(const FileStore& store) : store_(store) {}

  awaitable<web::Response> File(const web::Call& call, FileQuery query) {
    const std::string_view stored_name = call.Param("name");
    auto content = store_.Read(stored_name);
    if (!content) throw NotFound();
    web::Response response;
    response.headers.Set("Content-Type", content->content_type);
    response.headers.Set("X-Content-Type-Options", "nosniff");
    // Only images render inline: a PDF or a text file opened from here would run as a page of the site's
    // origin (a PDF's scripts, text a browser takes for HTML), so everything else downloads. The content, its
    // type and extension come from the store; only the name to save under comes from the link.
    if (!content->is_image) {
      response.headers.Set("Content-Disposition",
                           ContentDisposition(query.name.value_or(std::string(stored_name)), stored_name));
    }
    // The name is the content's hash: the bytes behind it never change.
    response.headers.Set("Cache-Control", "public, max-age=31536000, immutable");
    response.body = std::move(content->bytes);
    co_return response;
  }

 private:
  const FileStore& store_;
};

}  // namespace

void Register(web::App& app, const FileStore& store) {
  if (!app.GetContract().HasPart("storage")) app.GetContract().AddPart("storage", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(store));
  api.Add("getFile", &Edge::File);
}

}  // namespace artel::storage
