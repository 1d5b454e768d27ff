// The HTTP request head as Artel's server reads it (libs/server/src/server.cpp, ServeOne): Beast's header
// parser with the server's limit, then the target split and percent-decoded (ParseTarget), the headers the
// server and the static files read (Accept-Encoding, If-None-Match, Range, X-Forwarded-For), and the
// web::Request the App gets: cookies, query parameters, the list filters' QueryReader, cursors.
// Input: the bytes of a request head, as a client sends them.

#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "artel/core/error.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/web/http.hpp"
#include "artel/web/query.hpp"
#include "fuzz.hpp"
#include "http_util.hpp"

namespace http = boost::beast::http;
using namespace artel;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = fuzz::View(data, size);
  http::request_parser<http::empty_body> parser;
  parser.header_limit(16 * 1024);
  parser.body_limit(boost::none);
  boost::system::error_code ec;
  parser.put(boost::asio::buffer(bytes.data(), bytes.size()), ec);
  if (ec || !parser.is_header_done()) return 0;
  const auto& head = parser.get();

  const auto target = server::ParseTarget(head.target());
  if (!target) return 0;
  // What ParseTarget promises: an absolute path without NUL or dot segments.
  ARTEL_FUZZ_CHECK(target->path.starts_with('/'));
  ARTEL_FUZZ_CHECK(target->path.find('\0') == std::string::npos);
  ARTEL_FUZZ_CHECK(target->path.find("/../") == std::string::npos && !target->path.ends_with("/.."));
  ARTEL_FUZZ_CHECK(target->path.find("/./") == std::string::npos && !target->path.ends_with("/."));
  server::IsAppPath(target->path);
  const std::string_view path = target->path;
  const std::string_view file = path.substr(path.rfind('/') + 1);
  if (const auto dot = file.rfind('.'); dot != std::string_view::npos) {
    server::ContentTypeFor(file.substr(dot + 1));
  }
  server::IsHashedAssetName(file);

  server::AcceptsEncoding(head[http::field::accept_encoding], "br");
  server::AcceptsEncoding(head[http::field::accept_encoding], "gzip");
  server::ETagMatches(head[http::field::if_none_match], "\"3f9a1c2b-1a2b\"");
  for (const std::uint64_t file_size : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{1000}}) {
    const auto range = server::ParseByteRange(head[http::field::range], file_size);
    if (range.kind == server::ByteRange::Kind::kSatisfiable) {
      ARTEL_FUZZ_CHECK(range.first <= range.last && range.last < file_size);
    }
  }
  const std::string_view forwarded = server::LastForwardedFor(head["X-Forwarded-For"]);
  ARTEL_FUZZ_CHECK(forwarded.find(',') == std::string_view::npos);

  web::Request request;
  request.method = web::ParseMethod(head.method_string());
  request.target = std::string(head.target());
  request.path = target->path;
  request.query = target->query;
  for (const auto& field : head)
    request.headers.Add(std::string(field.name_string()), std::string(field.value()));
  request.Cookie("artel_session");
  request.Cookie("artel_xsrf");
  request.QueryParam("q");
  request.QueryParams("skill");
  // A list's filters, as the routes read them: every error collected, none thrown past Finish().
  web::QueryReader reader(request, "validation:invalid");
  reader.Text("q");
  reader.Int("budget_min", 0, 1'000'000'000);
  reader.Id("category");
  reader.Ids("skill", 20);
  reader.Flag("remote");
  reader.Limit(20, 100);
  try {
    reader.Finish();
  } catch (const Error&) {
  }
  try {
    web::PageLimit(request, 20, 100);
  } catch (const Error&) {
  }
  if (const auto cursor = request.QueryParam("cursor")) {
    if (const auto decoded = kernel::DecodeCursor("o", *cursor)) {
      // A cursor that decodes is one EncodeCursor makes again.
      ARTEL_FUZZ_CHECK(
          kernel::DecodeCursor("o", kernel::EncodeCursor("o", decoded->key, decoded->id, decoded->flags))
              .has_value());
    }
  }
  return 0;
}
