#pragma once

#include <string>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/core/text.hpp"

// Encoders for the message builder (RFC 2045, 2047, 5322); private to libs/mail.
namespace artel::mail {

/// Standard base64 (RFC 4648 §4) with padding, on one line.
std::string Base64(std::string_view bytes);

/// Base64 body of a text part: line ends normalised to CRLF first (canonical text), output in CRLF-ended
/// lines of 76 characters.
std::string Base64Lines(std::string_view text);

/// Quoted-printable body: LF or CRLF line ends become CRLF, lines are soft-broken at 76 octets,
/// trailing whitespace and a leading '.' are encoded.
std::string QuotedPrintable(std::string_view text);

/// `value` as an unstructured header body after a `name_length`-octet "Name: " prefix: unchanged when it is
/// short printable ASCII, otherwise RFC 2047 UTF-8 "B" encoded words (never splitting a UTF-8 sequence)
/// folded with CRLF SP.
std::string EncodeHeaderText(std::string_view value, std::size_t name_length);

struct Mailbox {
  std::string display_name;  // may be empty
  std::string address;
};
/// Parses "Name <addr@host>", "<addr@host>" or "addr@host". Throws std::invalid_argument unless the
/// address is a single ASCII addr-spec without spaces, controls or angle brackets.
Mailbox ParseMailbox(std::string_view text);
/// Throws std::invalid_argument unless `address` is a plain ASCII local@domain.
void ValidateAddress(std::string_view address);

/// "Sun, 22 Nov 2026 04:35:46 +0000".
std::string Rfc5322Date(TimePoint time);

}  // namespace artel::mail
