#pragma once

// Wire-level helpers without Beast, so they are cheap to compile and to unit-test.

#include <array>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace artel::server {

struct SplitTarget {
  std::string path;   // percent-decoded
  std::string query;  // raw, without '?'
};

/// Splits an origin-form target ("/a/b?x=1") and percent-decodes the path. nullopt for anything else:
/// not starting with '/', malformed or truncated %XX, a decoded NUL, or a "." or ".." segment (also when
/// spelt %2e%2e): such paths never reach the router or the file system.
std::optional<SplitTarget> ParseTarget(std::string_view target);

/// /api/..., /healthz and /readyz belong to the App; everything else is the static front end.
bool IsAppPath(std::string_view path) noexcept;

/// Whether an Accept-Encoding value admits `coding` ("br", "gzip"): listed with q > 0, or not listed
/// while "*" has q > 0.
bool AcceptsEncoding(std::string_view accept_encoding, std::string_view coding);

/// Whether an If-None-Match value matches `etag` (weak comparison, RFC 9110 §13.1.2; "*" matches).
bool ETagMatches(std::string_view if_none_match, std::string_view etag);

/// Content-Type for a file extension without the dot ("js"); application/octet-stream when unknown.
std::string_view ContentTypeFor(std::string_view extension) noexcept;

/// True for file names carrying a content hash of 8+ hex digits as a '.' or '-' separated part before
/// the extension ("main.3f9a1c2b.js", "chunk-0123abcd.css"): such files never change under that name.
bool IsHashedAssetName(std::string_view file_name) noexcept;

/// The headers every response carries (CSP, nosniff, Referrer-Policy, X-Frame-Options, Server).
const std::array<std::pair<std::string_view, std::string_view>, 5>& SecurityHeaders() noexcept;

struct ByteRange {
  enum class Kind { kIgnore, kSatisfiable, kUnsatisfiable };
  Kind kind = Kind::kIgnore;
  std::uint64_t first = 0;
  std::uint64_t last = 0;  // inclusive
};

/// A `Range: bytes=a-b` / `bytes=a-` / `bytes=-n` header against a representation of `size` bytes
/// (RFC 9110 §14.2). Several ranges, other units and syntax errors give kIgnore: the whole file is sent.
ByteRange ParseByteRange(std::string_view header, std::uint64_t size);

/// The current time as an IMF-fixdate for the Date header ("Sun, 22 Nov 2026 04:30:00 GMT"); formatted
/// at most once a second per thread.
std::string_view HttpDate();
std::string FormatHttpDate(std::time_t time);

/// The last address of an X-Forwarded-For list, trimmed; empty when there is none.
std::string_view LastForwardedFor(std::string_view value) noexcept;

}  // namespace artel::server
