// Markdown rendering (libs/markdown: cmark with raw HTML off, unsafe link schemes dropped, links marked
// nofollow ugc), as articles, the FAQ and the legal pages render what their authors write.
// Input: Markdown source.
//
// What must hold: no raw HTML from the source reaches the page (no <script>, no element the source wrote),
// no link or image keeps a javascript: address, and the plain text is cut within its bound.

#include "artel/markdown/markdown.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view source = artel::fuzz::View(data, size);
  const std::string html = artel::markdown::ToHtml(source);
  ARTEL_FUZZ_CHECK(html.find("<script") == std::string::npos);
  ARTEL_FUZZ_CHECK(html.find("<iframe") == std::string::npos);
  ARTEL_FUZZ_CHECK(html.find("href=\"javascript:") == std::string::npos);
  ARTEL_FUZZ_CHECK(html.find("src=\"javascript:") == std::string::npos);
  for (const std::size_t max_chars : {std::size_t{0}, std::size_t{1}, std::size_t{160}}) {
    ARTEL_FUZZ_CHECK(artel::markdown::ToText(source, max_chars).size() <= max_chars);
  }
  return 0;
}
