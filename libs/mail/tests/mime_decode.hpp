#pragma once

// Independent decoders for the tests: they read messages the way a mail client would, so the encoders
// in src/ are checked against the RFCs rather than against themselves.

#include <cctype>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace artel::mail::testing {

inline std::string DecodeBase64(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    int v = value(c);
    if (v < 0) continue;
    buffer = buffer << 6 | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>(buffer >> bits & 0xff);
    }
  }
  return out;
}

/// Quoted-printable (RFC 2045 §6.7): soft breaks removed, =XX decoded, CRLF kept as LF.
inline std::string DecodeQuotedPrintable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\r') continue;
    if (c == '=' && i + 1 < text.size() && (text[i + 1] == '\r' || text[i + 1] == '\n')) {
      i += text[i + 1] == '\r' ? 2 : 1;
      continue;
    }
    if (c == '=' && i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
      continue;
    }
    out += c;
  }
  return out;
}

/// Unfolds a header value and decodes =?UTF-8?B?...?= words (whitespace between adjacent words dropped).
inline std::string DecodeHeader(std::string_view value) {
  std::string unfolded;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '\r') continue;
    if (value[i] == '\n') continue;
    unfolded += value[i];
  }
  std::string out;
  std::size_t pos = 0;
  bool previous_was_word = false;
  while (pos < unfolded.size()) {
    auto start = unfolded.find("=?", pos);
    if (start == std::string::npos) {
      out += unfolded.substr(pos);
      break;
    }
    std::string between = unfolded.substr(pos, start - pos);
    bool only_space = between.find_first_not_of(" \t") == std::string::npos;
    if (!(previous_was_word && only_space)) out += between;
    auto charset_end = unfolded.find('?', start + 2);
    auto encoding_end = unfolded.find('?', charset_end + 1);
    auto end = unfolded.find("?=", encoding_end + 1);
    std::string encoding = unfolded.substr(charset_end + 1, encoding_end - charset_end - 1);
    std::string payload = unfolded.substr(encoding_end + 1, end - encoding_end - 1);
    out += encoding == "B" || encoding == "b" ? DecodeBase64(payload) : payload;
    pos = end + 2;
    previous_was_word = true;
  }
  return out;
}

/// Headers of a message (or a MIME part) by lower-case name, with folded lines kept as-is; the body after.
struct ParsedPart {
  std::map<std::string, std::string> headers;
  std::string body;
};

inline ParsedPart ParsePart(std::string_view text) {
  ParsedPart part;
  std::size_t pos = 0;
  std::string last;
  while (pos < text.size()) {
    auto eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = eol + 1;
    if (line.empty()) break;
    if ((line.front() == ' ' || line.front() == '\t') && !last.empty()) {
      part.headers[last] += "\r\n" + std::string(line);
      continue;
    }
    auto colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    last.clear();
    for (char c : line.substr(0, colon))
      last += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    part.headers[last] = std::string(value);
  }
  if (pos < text.size()) part.body = std::string(text.substr(pos));
  return part;
}

/// The decoded text of the part whose Content-Type starts with `type` ("text/plain", "text/html").
inline std::string DecodedPart(const std::string& message, std::string_view type) {
  ParsedPart top = ParsePart(message);
  const std::string& content_type = top.headers["content-type"];
  auto b = content_type.find("boundary=\"");
  if (b == std::string::npos) return {};
  std::string boundary = content_type.substr(b + 10, content_type.find('"', b + 10) - b - 10);
  std::string delimiter = "--" + boundary;
  std::size_t pos = top.body.find(delimiter);
  while (pos != std::string::npos) {
    std::size_t start = top.body.find('\n', pos) + 1;
    std::size_t next = top.body.find(delimiter, start);
    if (next == std::string::npos) break;
    // The line break before a delimiter belongs to the delimiter (RFC 2046 §5.1.1).
    std::string_view slice = std::string_view(top.body).substr(start, next - start);
    if (slice.ends_with("\n")) slice.remove_suffix(1);
    if (slice.ends_with("\r")) slice.remove_suffix(1);
    ParsedPart part = ParsePart(slice);
    if (part.headers["content-type"].starts_with(type)) {
      if (part.headers["content-transfer-encoding"] == "quoted-printable") {
        return DecodeQuotedPrintable(part.body);
      }
      if (part.headers["content-transfer-encoding"] == "base64") {
        std::string decoded = DecodeBase64(part.body), out;
        for (char c : decoded) {
          if (c != '\r') out += c;
        }
        return out;
      }
      return part.body;
    }
    pos = next;
  }
  return {};
}

}  // namespace artel::mail::testing
