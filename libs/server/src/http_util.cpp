#include "http_util.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

#include "artel/core/text.hpp"

namespace artel::server {
namespace {

int HexValue(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool IsHexDigit(char c) noexcept {
  return HexValue(c) >= 0;
}

/// HTTP's optional whitespace around a value (RFC 9110 §5.6.3).
std::string_view Trim(std::string_view text) noexcept {
  return artel::Trim(text, kSpacesAndTabs);
}

/// The q value of one Accept-Encoding element's parameters ("q=0.5"); 1 when absent, 0 when malformed.
double QValue(std::string_view params) {
  while (!params.empty()) {
    auto semicolon = params.find(';');
    auto param = Trim(params.substr(0, semicolon));
    params = semicolon == std::string_view::npos ? std::string_view() : params.substr(semicolon + 1);
    if (param.size() < 2 || (param[0] != 'q' && param[0] != 'Q') || param[1] != '=') continue;
    auto number = param.substr(2);
    // RFC 9110 qvalue: "0" ["." 0*3DIGIT] / "1" ["." 0*3("0")].
    if (number.empty() || (number[0] != '0' && number[0] != '1')) return 0;
    double value = number[0] - '0';
    double scale = 0.1;
    for (std::size_t i = 2; i < number.size() && i < 5; ++i) {
      if (number[1] != '.' || !std::isdigit(static_cast<unsigned char>(number[i]))) return 0;
      value += (number[i] - '0') * scale;
      scale /= 10;
    }
    return std::min(value, 1.0);
  }
  return 1;
}

}  // namespace

std::optional<SplitTarget> ParseTarget(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  SplitTarget result;
  auto question = target.find('?');
  std::string_view raw_path = target.substr(0, question);
  if (question != std::string_view::npos) result.query = std::string(target.substr(question + 1));

  result.path.reserve(raw_path.size());
  for (std::size_t i = 0; i < raw_path.size(); ++i) {
    char c = raw_path[i];
    if (c == '%') {
      if (i + 2 >= raw_path.size()) return std::nullopt;
      if (!IsHexDigit(raw_path[i + 1]) || !IsHexDigit(raw_path[i + 2])) return std::nullopt;
      c = static_cast<char>(HexValue(raw_path[i + 1]) * 16 + HexValue(raw_path[i + 2]));
      i += 2;
    }
    if (c == '\0') return std::nullopt;
    result.path.push_back(c);
  }

  std::string_view rest(result.path);
  while (!rest.empty()) {
    rest.remove_prefix(1);  // the '/' starting this segment
    auto slash = rest.find('/');
    auto segment = rest.substr(0, slash);
    if (segment == "." || segment == "..") return std::nullopt;
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
  }
  return result;
}

bool IsAppPath(std::string_view path) noexcept {
  return path.starts_with("/api/") || path == "/api" || path == "/healthz" || path == "/readyz";
}

bool AcceptsEncoding(std::string_view accept_encoding, std::string_view coding) {
  std::optional<double> listed;
  std::optional<double> wildcard;
  while (!accept_encoding.empty()) {
    auto comma = accept_encoding.find(',');
    auto element = accept_encoding.substr(0, comma);
    accept_encoding =
        comma == std::string_view::npos ? std::string_view() : accept_encoding.substr(comma + 1);
    auto semicolon = element.find(';');
    auto name = Trim(element.substr(0, semicolon));
    auto params = semicolon == std::string_view::npos ? std::string_view() : element.substr(semicolon + 1);
    bool is_coding =
        EqualsAsciiCaseless(name, coding) || (coding == "gzip" && EqualsAsciiCaseless(name, "x-gzip"));
    if (is_coding) {
      listed = QValue(params);
    } else if (name == "*") {
      wildcard = QValue(params);
    }
  }
  if (listed) return *listed > 0;
  return wildcard && *wildcard > 0;
}

bool ETagMatches(std::string_view if_none_match, std::string_view etag) {
  auto opaque = [](std::string_view tag) {
    tag = Trim(tag);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    return tag;
  };
  if (Trim(if_none_match) == "*") return true;
  auto wanted = opaque(etag);
  while (!if_none_match.empty()) {
    auto comma = if_none_match.find(',');
    if (opaque(if_none_match.substr(0, comma)) == wanted) return true;
    if_none_match = comma == std::string_view::npos ? std::string_view() : if_none_match.substr(comma + 1);
  }
  return false;
}

std::string_view ContentTypeFor(std::string_view extension) noexcept {
  static constexpr std::pair<std::string_view, std::string_view> kTypes[] = {
      {"html", "text/html; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"mjs", "text/javascript; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"json", "application/json"},
      {"map", "application/json"},
      {"webmanifest", "application/manifest+json"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"webp", "image/webp"},
      {"gif", "image/gif"},
      {"ico", "image/x-icon"},
      {"woff2", "font/woff2"},
      {"woff", "font/woff"},
      {"ttf", "font/ttf"},
      {"txt", "text/plain; charset=utf-8"},
      {"mp3", "audio/mpeg"},
  };
  for (const auto& [known, type] : kTypes) {
    if (EqualsAsciiCaseless(extension, known)) return type;
  }
  return "application/octet-stream";
}

bool IsHashedAssetName(std::string_view file_name) noexcept {
  auto dot = file_name.rfind('.');
  if (dot == std::string_view::npos) return false;
  std::string_view stem = file_name.substr(0, dot);
  while (!stem.empty()) {
    auto separator = stem.find_first_of(".-");
    auto part = stem.substr(0, separator);
    if (part.size() >= 8 && std::all_of(part.begin(), part.end(), IsHexDigit)) return true;
    stem = separator == std::string_view::npos ? std::string_view() : stem.substr(separator + 1);
  }
  return false;
}

const std::array<std::pair<std::string_view, std::string_view>, 5>& SecurityHeaders() noexcept {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kHeaders = {{
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
       "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "strict-origin-when-cross-origin"},
      {"X-Frame-Options", "DENY"},
      {"Server", "artel"},
  }};
  return kHeaders;
}

ByteRange ParseByteRange(std::string_view header, std::uint64_t size) {
  auto parse = [](std::string_view digits, std::uint64_t& out) {
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return !digits.empty() && ec == std::errc() && end == digits.data() + digits.size();
  };
  header = Trim(header);
  if (!StartsWithAsciiCaseless(header, "bytes=")) return {};
  std::string_view spec = Trim(header.substr(6));
  auto dash = spec.find('-');
  if (spec.find(',') != std::string_view::npos || dash == std::string_view::npos) return {};
  auto first_text = Trim(spec.substr(0, dash));
  auto last_text = Trim(spec.substr(dash + 1));
  ByteRange range;
  if (first_text.empty()) {
    std::uint64_t suffix = 0;
    if (!parse(last_text, suffix)) return {};
    if (suffix == 0 || size == 0) return {ByteRange::Kind::kUnsatisfiable};
    range.first = size - std::min(suffix, size);
    range.last = size - 1;
  } else {
    if (!parse(first_text, range.first)) return {};
    range.last = std::numeric_limits<std::uint64_t>::max();
    if (!last_text.empty() && !parse(last_text, range.last)) return {};
    if (range.last < range.first) return {};
    if (range.first >= size) return {ByteRange::Kind::kUnsatisfiable};
    range.last = std::min(range.last, size - 1);
  }
  range.kind = ByteRange::Kind::kSatisfiable;
  return range;
}

std::string FormatHttpDate(std::time_t time) {
  std::tm parts{};
  if (gmtime_r(&time, &parts) == nullptr) return {};
  std::array<char, 64> text{};
  // strftime's %a and %b follow the C locale, which is what HTTP wants; the program never changes it.
  std::size_t size = std::strftime(text.data(), text.size(), "%a, %d %b %Y %H:%M:%S GMT", &parts);
  return std::string(text.data(), size);
}

std::string_view HttpDate() {
  thread_local std::time_t formatted_at = -1;
  thread_local std::string date;
  std::time_t now = std::time(nullptr);
  if (now != formatted_at) {
    date = FormatHttpDate(now);
    formatted_at = now;
  }
  return date;
}

std::string_view LastForwardedFor(std::string_view value) noexcept {
  auto comma = value.rfind(',');
  return Trim(comma == std::string_view::npos ? value : value.substr(comma + 1));
}

}  // namespace artel::server
