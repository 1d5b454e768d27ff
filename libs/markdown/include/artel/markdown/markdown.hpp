#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace artel::markdown {

/// CommonMark to HTML that is safe to insert into a page as it is: raw HTML in the source is dropped
/// (cmark's safe mode), links and images with a javascript:, vbscript:, file: or data: address lose the
/// address, and every link carries rel="nofollow ugc" (the text is the users', the links are not ours to
/// vouch for). Text is escaped by cmark.
std::string ToHtml(std::string_view source);

/// The words of `source` without its markup (for excerpts and search documents): block ends and line
/// breaks become one space, whitespace is collapsed, and the result is cut to at most `max_chars` bytes
/// on a UTF-8 character boundary.
std::string ToText(std::string_view source, std::size_t max_chars);

}  // namespace artel::markdown
