#include "static_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <optional>
#include <system_error>

#include "artel/core/text.hpp"
#include "artel/i18n/catalog.hpp"
#include "http_util.hpp"

namespace artel::server {
namespace {

namespace fs = std::filesystem;

struct FileInfo {
  fs::path path;  // canonical
  std::uint64_t size = 0;
  std::int64_t mtime = 0;  // file clock ticks; only compared for equality through the ETag
};

bool IsWithin(const fs::path& root, const fs::path& path) {
  auto [root_end, path_at] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return root_end == root.end();
}

/// A regular file under `root` named by a URL path; nullopt when missing, a directory, hidden
/// (a segment starting with '.') or, once symlinks are resolved, outside root.
std::optional<FileInfo> FindFile(const fs::path& root, std::string_view url_path) {
  if (url_path.empty() || url_path.front() != '/' || url_path.back() == '/') return std::nullopt;
  std::string_view relative = url_path.substr(1);
  for (std::string_view rest = relative; !rest.empty();) {
    auto slash = rest.find('/');
    auto segment = rest.substr(0, slash);
    if (segment.empty() || segment.front() == '.') return std::nullopt;
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  }
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(root / fs::path(relative), ec);
  if (ec || !IsWithin(root, canonical)) return std::nullopt;
  auto status = fs::status(canonical, ec);
  if (ec || !fs::is_regular_file(status)) return std::nullopt;
  FileInfo info{canonical, 0, 0};
  info.size = fs::file_size(canonical, ec);
  if (ec) return std::nullopt;
  auto mtime = fs::last_write_time(canonical, ec);
  if (ec) return std::nullopt;
  info.mtime = std::chrono::duration_cast<std::chrono::nanoseconds>(mtime.time_since_epoch()).count();
  return info;
}

std::string_view Extension(std::string_view file_name) {
  auto dot = file_name.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : file_name.substr(dot + 1);
}

std::string_view FileName(std::string_view url_path) {
  auto slash = url_path.rfind('/');
  return slash == std::string_view::npos ? url_path : url_path.substr(slash + 1);
}

StaticReply NotFoundReply() {
  StaticReply reply;
  reply.status = 404;
  reply.headers.emplace_back("Content-Type", "text/plain; charset=utf-8");
  reply.headers.emplace_back("Cache-Control", "no-cache");
  reply.body = "Not found\n";
  reply.content_length = reply.body.size();
  return reply;
}

StaticReply FileReply(const fs::path& root, std::string_view url_path, const FileInfo& original,
                      const StaticRequest& request) {
  StaticReply reply;
  const FileInfo* chosen = &original;
  std::string_view encoding;
  auto brotli = FindFile(root, fmt::format("{}.br", url_path));
  auto gzip = FindFile(root, fmt::format("{}.gz", url_path));
  // Byte ranges address the uncompressed file: a range request never gets a precompressed sibling.
  ByteRange range;
  if (!request.range.empty()) range = ParseByteRange(request.range, original.size);
  const bool ranged = range.kind != ByteRange::Kind::kIgnore;
  if (!ranged && brotli && AcceptsEncoding(request.accept_encoding, "br")) {
    chosen = &*brotli;
    encoding = "br";
  } else if (!ranged && gzip && AcceptsEncoding(request.accept_encoding, "gzip")) {
    chosen = &*gzip;
    encoding = "gzip";
  }

  auto name = FileName(url_path);
  std::string etag = encoding.empty()
                         ? fmt::format("\"{:x}-{:x}\"", chosen->size, chosen->mtime)
                         : fmt::format("\"{:x}-{:x}-{}\"", chosen->size, chosen->mtime, encoding);
  reply.headers.emplace_back("ETag", etag);
  reply.headers.emplace_back("Cache-Control",
                             IsHashedAssetName(name) ? "public, max-age=31536000, immutable" : "no-cache");
  if (brotli || gzip) reply.headers.emplace_back("Vary", "Accept-Encoding");

  if (!request.if_none_match.empty() && ETagMatches(request.if_none_match, etag)) {
    reply.status = 304;
    return reply;
  }
  // If-Range asks for the range only while the file is unchanged (strong comparison).
  if (!request.if_range.empty() && request.if_range != etag) range = ByteRange{};
  if (range.kind == ByteRange::Kind::kUnsatisfiable) {
    reply.status = 416;
    reply.headers.emplace_back("Content-Range", fmt::format("bytes */{}", original.size));
    return reply;
  }
  reply.headers.emplace_back("Content-Type", std::string(ContentTypeFor(Extension(name))));
  if (encoding.empty()) {
    reply.headers.emplace_back("Accept-Ranges", "bytes");
  } else {
    reply.headers.emplace_back("Content-Encoding", std::string(encoding));
  }
  if (range.kind == ByteRange::Kind::kSatisfiable) {
    range.last = std::min(range.last, range.first + kMaxRangeBytes - 1);
    std::ifstream in(original.path, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(range.first));
    reply.body.resize(range.last - range.first + 1);
    in.read(reply.body.data(), static_cast<std::streamsize>(reply.body.size()));
    // A short read means the file shrank since it was looked up (a deploy replacing it).
    if (!in || static_cast<std::size_t>(in.gcount()) != reply.body.size()) return NotFoundReply();
    reply.status = 206;
    reply.headers.emplace_back("Content-Range",
                               fmt::format("bytes {}-{}/{}", range.first, range.last, original.size));
    reply.content_length = reply.body.size();
    return reply;
  }
  reply.file = chosen->path;
  reply.content_length = chosen->size;
  return reply;
}

StaticReply NotBuiltReply(const i18n::Catalog& catalog, std::string_view lang) {
  StaticReply reply;
  reply.status = 503;
  reply.headers.emplace_back("Content-Type", "text/html; charset=utf-8");
  reply.headers.emplace_back("Cache-Control", "no-store");
  reply.body = fmt::format(
      "<!doctype html>\n<html lang=\"{}\">\n<head><meta charset=\"utf-8\"><title>{}</title></head>\n"
      "<body>\n<h1>{}</h1>\n<p>{}</p>\n</body>\n</html>\n",
      HtmlEscape(lang), HtmlEscape(catalog.Translate(lang, "server:not_built.title")),
      HtmlEscape(catalog.Translate(lang, "server:not_built.title")),
      HtmlEscape(catalog.Translate(lang, "server:not_built.text")));
  reply.content_length = reply.body.size();
  return reply;
}

}  // namespace

bool LooksLikeRoute(std::string_view path) noexcept {
  if (path == "/") return true;
  if (path.size() >= 3 && path[0] == '/' && std::isalpha(static_cast<unsigned char>(path[1])) &&
      std::isalpha(static_cast<unsigned char>(path[2])) && (path.size() == 3 || path[3] == '/')) {
    return true;
  }
  return FileName(path).find('.') == std::string_view::npos;
}

StaticReply ServeStatic(const fs::path& root, const StaticRequest& request, const i18n::Catalog& catalog) {
  std::error_code ec;
  fs::path canonical_root = fs::canonical(root, ec);
  if (!ec) {
    if (auto file = FindFile(canonical_root, request.path)) {
      return FileReply(canonical_root, request.path, *file, request);
    }
  }
  if (!LooksLikeRoute(request.path)) return NotFoundReply();
  if (!ec) {
    if (auto index = FindFile(canonical_root, "/index.html")) {
      return FileReply(canonical_root, "/index.html", *index, request);
    }
  }
  return NotBuiltReply(catalog, request.lang);
}

}  // namespace artel::server
