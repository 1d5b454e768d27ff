#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace artel {

/// Escapes &, <, >, " and ' so the text is safe in HTML content and quoted attributes.
std::string HtmlEscape(std::string_view text);

/// Well-formed UTF-8 (Unicode 15 table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
bool IsValidUtf8(std::string_view text) noexcept;

/// Characters (code points) of UTF-8 text, not bytes: what the API's minLength and maxLength count.
std::size_t Utf8Length(std::string_view text) noexcept;

/// An address Artel can mail to, the one rule for every check (the API's `format: email`, the mail outbox and
/// the SMTP client): at most 254 bytes, one `@`, a local part of 1–64 bytes, a dotted domain without an empty
/// label or an edge hyphen, and printable ASCII only, without the characters that would need quoting
/// (`<>()[],;:\"`). No SMTPUTF8: an address with Cyrillic letters is refused at the edge with a 422 rather
/// than accepted and then impossible to mail.
bool IsMailAddress(std::string_view address) noexcept;

/// The canonical textual UUID: 8-4-4-4-12 hex digits, either case (the API's `format: uuid`, a message's
/// client id).
bool IsUuid(std::string_view text) noexcept;

/// A–Z made a–z, every other byte kept: how an e-mail address is stored and compared (identity's accounts, a
/// guest's support ticket).
std::string AsciiLower(std::string_view text);
constexpr char AsciiLower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
/// Equal but for the case of ASCII letters (HTTP's field names, tokens and schemes, RFC 9110 §5.1).
bool EqualsAsciiCaseless(std::string_view a, std::string_view b) noexcept;
bool StartsWithAsciiCaseless(std::string_view text, std::string_view prefix) noexcept;

/// ASCII whitespace: what a text field's value loses around it (the contract's default `x-trim`).
inline constexpr std::string_view kAsciiWhitespace = " \t\r\n\f\v";
/// Spaces and tabs only: HTTP's optional whitespace (RFC 9110 §5.6.3) and a query parameter's padding.
inline constexpr std::string_view kSpacesAndTabs = " \t";

/// `text` without the characters of `set` at either end (a view into `text`; empty when nothing else is
/// left).
std::string_view Trim(std::string_view text, std::string_view set = kAsciiWhitespace) noexcept;

}  // namespace artel
