#include "mime.hpp"

#include <fmt/format.h>

#include <ctime>
#include <stdexcept>

#include "artel/core/text.hpp"

namespace artel::mail {
namespace {

// RFC 2045's limit for encoded lines, both quoted-printable and base64.
constexpr std::size_t kEncodedLineLimit = 76;
// "=?UTF-8?B?" + 56 base64 characters + "?=" is 68 octets: under RFC 2047's 75 per encoded word, and
// "Subject: " plus one word stays within the recommended 78.
constexpr std::size_t kEncodedWordBytes = 42;
constexpr std::size_t kPlainHeaderLimit = 78;

bool IsPrintableAscii(std::string_view text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

// Length of the UTF-8 sequence starting with `lead` (1 for stray bytes, so malformed input still advances).
std::size_t Utf8Length(unsigned char lead) {
  if (lead >= 0xf0 && lead < 0xf8) return 4;
  if (lead >= 0xe0) return lead < 0xf0 ? 3 : 1;
  if (lead >= 0xc0) return 2;
  return 1;
}

}  // namespace

std::string Base64(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    std::uint32_t n = static_cast<unsigned char>(bytes[i]) << 16 |
                      static_cast<unsigned char>(bytes[i + 1]) << 8 |
                      static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[n >> 18 & 63];
    out += kAlphabet[n >> 12 & 63];
    out += kAlphabet[n >> 6 & 63];
    out += kAlphabet[n & 63];
  }
  if (std::size_t rest = bytes.size() - i; rest > 0) {
    std::uint32_t n = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kAlphabet[n >> 18 & 63];
    out += kAlphabet[n >> 12 & 63];
    out += rest == 2 ? kAlphabet[n >> 6 & 63] : '=';
    out += '=';
  }
  return out;
}

std::string Base64Lines(std::string_view text) {
  std::string canonical;
  canonical.reserve(text.size() + text.size() / 16);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    if (text[i] == '\n' || text[i] == '\r') {
      canonical += "\r\n";
    } else {
      canonical += text[i];
    }
  }
  std::string encoded = Base64(canonical);
  std::string out;
  out.reserve(encoded.size() + encoded.size() / 38);
  for (std::size_t pos = 0; pos < encoded.size(); pos += kEncodedLineLimit) {
    if (pos > 0) out += "\r\n";
    out += encoded.substr(pos, kEncodedLineLimit);
  }
  return out;
}

std::string QuotedPrintable(std::string_view text) {
  std::string out;
  out.reserve(text.size() * 3 / 2);
  std::size_t line_length = 0;
  auto emit = [&](std::string_view token) {
    // Keep room for the '=' of a soft break.
    if (line_length + token.size() > kEncodedLineLimit - 1) {
      out += "=\r\n";
      line_length = 0;
    }
    out += token;
    line_length += token.size();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    if (c == '\n' || c == '\r') {
      out += "\r\n";
      line_length = 0;
      continue;
    }
    bool at_line_end = i + 1 == text.size() || text[i + 1] == '\n' || text[i + 1] == '\r';
    bool literal = (c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && !at_line_end);
    // A '.' opening a line could end the SMTP DATA phase on a careless relay.
    if (c == '.' && line_length == 0) literal = false;
    if (literal) {
      char token[1] = {static_cast<char>(c)};
      emit(std::string_view(token, 1));
    } else {
      emit(fmt::format("={:02X}", c));
    }
  }
  return out;
}

std::string EncodeHeaderText(std::string_view value, std::size_t name_length) {
  if (IsPrintableAscii(value) && name_length + value.size() <= kPlainHeaderLimit &&
      value.find("=?") == std::string_view::npos) {
    return std::string(value);
  }
  std::string out;
  std::size_t pos = 0;
  while (pos < value.size()) {
    std::size_t end = pos;
    while (end < value.size()) {
      std::size_t next = end + Utf8Length(static_cast<unsigned char>(value[end]));
      if (next > value.size()) next = value.size();
      if (next - pos > kEncodedWordBytes) break;
      end = next;
    }
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + Base64(value.substr(pos, end - pos)) + "?=";
    pos = end;
  }
  return out;
}

void ValidateAddress(std::string_view address) {
  if (!IsMailAddress(address))
    throw std::invalid_argument(fmt::format("not a plain e-mail address: '{}'", address));
}

Mailbox ParseMailbox(std::string_view text) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
  };
  text = trim(text);
  Mailbox mailbox;
  auto open = text.find('<');
  if (open == std::string_view::npos) {
    mailbox.address = std::string(text);
  } else {
    if (text.back() != '>') throw std::invalid_argument(fmt::format("malformed mailbox: '{}'", text));
    mailbox.address = std::string(text.substr(open + 1, text.size() - open - 2));
    std::string_view name = trim(text.substr(0, open));
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
    for (unsigned char c : name) {
      if (c < 0x20 || c == 0x7f) throw std::invalid_argument("control character in a display name");
    }
    mailbox.display_name = std::string(name);
  }
  ValidateAddress(mailbox.address);
  return mailbox;
}

std::string Rfc5322Date(TimePoint time) {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  std::tm utc{};
  if (gmtime_r(&seconds, &utc) == nullptr) throw std::runtime_error("gmtime_r failed");
  return fmt::format("{}, {:02} {} {:04} {:02}:{:02}:{:02} +0000", kDays[utc.tm_wday], utc.tm_mday,
                     kMonths[utc.tm_mon], utc.tm_year + 1900, utc.tm_hour, utc.tm_min, utc.tm_sec);
}

}  // namespace artel::mail
