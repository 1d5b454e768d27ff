#pragma once

#include <string>
#include <string_view>

namespace artel {

/// Escapes &, <, >, " and ' so the text is safe in HTML content and quoted attributes.
std::string HtmlEscape(std::string_view text);

/// Well-formed UTF-8 (Unicode 15 table 3-7: no overlongs, no surrogates, nothing past U+10FFFF).
bool IsValidUtf8(std::string_view text) noexcept;

}  // namespace artel
