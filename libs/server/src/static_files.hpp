#pragma once

// The SPA's built files: what to answer for a path, decided without Beast (the session writes it).

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace artel::i18n {
class Catalog;
}  // namespace artel::i18n

namespace artel::server {

/// The largest slice one 206 answer carries; a longer range is answered in part (Content-Range says
/// which), so a range request never loads a whole large file into memory.
inline constexpr std::uint64_t kMaxRangeBytes = 4 * 1024 * 1024;

struct StaticRequest {
  std::string_view path;  // percent-decoded and already checked by ParseTarget
  std::string_view accept_encoding;
  std::string_view if_none_match;
  std::string_view range;     // the Range header
  std::string_view if_range;  // the If-Range header
  std::string_view lang;      // for the "front end not built" page
};

struct StaticReply {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  /// When set, the body is this file's content (content_length bytes); otherwise `body`.
  std::filesystem::path file;
  std::uint64_t content_length = 0;
  std::string body;
};

/// Resolves `request.path` under `root`:
/// - an existing regular file inside root (canonical path, so symlinks cannot lead out; no segment may
///   start with '.') is served, preferring a `.br` then a `.gz` sibling the client accepts;
///   hashed names get a year of immutable caching, everything else `no-cache` with an ETag;
///   a matching If-None-Match gives 304; a single byte range gives 206 from the uncompressed file (so
///   Safari can play audio), at most kMaxRangeBytes at a time, or 416 when it lies past the end;
/// - otherwise a path that looks like an SPA route (`/`, `/{lang}`, `/{lang}/...`, or a last segment
///   without an extension) gets index.html with 200 (history fallback), or a 503 page saying the front end
///   is not built when root has no index.html;
/// - anything else (a missing file with an extension) is a plain 404.
StaticReply ServeStatic(const std::filesystem::path& root, const StaticRequest& request,
                        const i18n::Catalog& catalog);

/// True for `/`, `/xx`, `/xx/...` (two-letter language) and paths whose last segment has no extension.
bool LooksLikeRoute(std::string_view path) noexcept;

}  // namespace artel::server
