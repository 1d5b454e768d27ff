#include "landing.hpp"

#if __has_include("artel/markdown/markdown.hpp")
#include "artel/markdown/markdown.hpp"
#define ARTEL_HAS_MARKDOWN 1
#else
#include <string>
#endif

namespace artel::marketing {

std::string RenderText(std::string_view source) {
#ifdef ARTEL_HAS_MARKDOWN
  return markdown::ToHtml(source);
#else
  // Until libs/markdown lands on main: the text escaped into paragraphs (safe, not Markdown).
  std::string html = "<p>";
  for (std::size_t i = 0; i < source.size(); ++i) {
    char c = source[i];
    if (c == '\n' && i + 1 < source.size() && source[i + 1] == '\n') {
      html += "</p>\n<p>";
      while (i + 1 < source.size() && source[i + 1] == '\n') ++i;
      continue;
    }
    switch (c) {
      case '<':
        html += "&lt;";
        break;
      case '>':
        html += "&gt;";
        break;
      case '&':
        html += "&amp;";
        break;
      case '"':
        html += "&quot;";
        break;
      case '\'':
        html += "&#39;";
        break;
      default:
        html += c;
    }
  }
  html += "</p>\n";
  return html;
#endif
}

}  // namespace artel::marketing
