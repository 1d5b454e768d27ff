#pragma once

#include <string>
#include <string_view>

namespace artel {

/// Escapes &, <, >, " and ' so the text is safe in HTML content and quoted attributes.
std::string HtmlEscape(std::string_view text);

}  // namespace artel
