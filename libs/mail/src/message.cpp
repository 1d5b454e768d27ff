#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "artel/core/crypto.hpp"
#include "artel/mail/mail.hpp"
#include "mime.hpp"

namespace artel::mail {
namespace {

std::string FormatFrom(const Mailbox& from) {
  if (from.display_name.empty()) return "<" + from.address + ">";
  bool plain = true;
  for (unsigned char c : from.display_name) {
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') plain = false;
  }
  if (plain && from.display_name.size() < 60) return "\"" + from.display_name + "\" <" + from.address + ">";
  return EncodeHeaderText(from.display_name, 78) + " <" + from.address + ">";
}

void ValidateMessageId(std::string_view id) {
  bool valid = !id.empty() && id.find('@') != std::string_view::npos && id.size() < 200;
  for (unsigned char c : id) {
    if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>') valid = false;
  }
  if (!valid) throw std::invalid_argument(fmt::format("malformed Message-ID: '{}'", id));
}

// Mostly-Cyrillic text triples in quoted-printable (every byte "=XX"); base64 costs a third more instead.
// Mostly-ASCII text (English, HTML markup) stays readable in quoted-printable.
std::string EncodedPart(std::string_view content_type, std::string_view content) {
  std::size_t high = 0;
  for (unsigned char c : content) high += c >= 0x80 ? 1 : 0;
  const bool base64 = high * 3 > content.size();
  std::string out = "Content-Type: " + std::string(content_type) + "; charset=UTF-8\r\n";
  out += base64 ? "Content-Transfer-Encoding: base64\r\n\r\n"
                : "Content-Transfer-Encoding: quoted-printable\r\n\r\n";
  out += base64 ? Base64Lines(content) : QuotedPrintable(content);
  return out;
}

}  // namespace

void ValidateHeaders(const Headers& headers) {
  for (const auto& [name, value] : headers) {
    if (std::ranges::find(kExtraHeaders, name) == std::end(kExtraHeaders)) {
      throw std::invalid_argument(fmt::format("mail header '{}' is not allowed", name));
    }
    // One line of printable ASCII, short enough for RFC 5322's 998 octets with its name.
    const bool printable = std::ranges::all_of(value, [](char c) { return c >= 0x20 && c < 0x7f; });
    if (!printable || value.empty() || value.size() > 900) {
      throw std::invalid_argument(fmt::format("mail header '{}' has a malformed value", name));
    }
  }
}

std::string BuildMessage(const MailConfig& config, const std::string& to, const RenderedMail& mail,
                         std::string_view message_id) {
  return BuildMessage(config, to, mail, message_id, std::chrono::system_clock::now());
}

std::string BuildMessage(const MailConfig& config, const std::string& to, const RenderedMail& mail,
                         std::string_view message_id, TimePoint date, const Headers& extra) {
  ValidateHeaders(extra);
  Mailbox from = ParseMailbox(config.from);
  ValidateAddress(to);
  ValidateMessageId(message_id);
  // Neither quoted-printable nor base64 output can contain "=_", so the boundary never occurs inside a part.
  const std::string boundary = "=_artel_" + ToHex(RandomBytes(12));

  std::string out;
  out.reserve(mail.text.size() * 2 + mail.html.size() * 2 + 1024);
  out += "Date: " + Rfc5322Date(date) + "\r\n";
  out += "From: " + FormatFrom(from) + "\r\n";
  out += "To: <" + to + ">\r\n";
  out += "Subject: " + EncodeHeaderText(mail.subject, 9) + "\r\n";
  out += fmt::format("Message-ID: <{}>\r\n", message_id);
  for (const auto& [name, value] : extra) out += name + ": " + value + "\r\n";
  out += "MIME-Version: 1.0\r\n";
  // RFC 3834: tells autoresponders not to answer.
  out += "Auto-Submitted: auto-generated\r\n";
  out += "Content-Type: multipart/alternative;\r\n boundary=\"" + boundary + "\"\r\n";
  out += "\r\n";
  out += "--" + boundary + "\r\n";
  out += EncodedPart("text/plain", mail.text) + "\r\n";
  out += "--" + boundary + "\r\n";
  out += EncodedPart("text/html", mail.html) + "\r\n";
  out += "--" + boundary + "--\r\n";
  return out;
}

}  // namespace artel::mail
