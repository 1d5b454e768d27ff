#include "artel/markdown/markdown.hpp"

#include <cmark.h>

#include <cstdlib>
#include <memory>

namespace artel::markdown {

namespace {

struct FreeChars {
  void operator()(char* text) const noexcept { std::free(text); }
};
struct FreeNode {
  void operator()(cmark_node* node) const noexcept { cmark_node_free(node); }
};

// CMARK_OPT_UNSAFE is off: raw HTML becomes a comment, dangerous addresses become empty.
constexpr int kOptions = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_NOBREAKS;

std::unique_ptr<cmark_node, FreeNode> Parse(std::string_view source) {
  return std::unique_ptr<cmark_node, FreeNode>(cmark_parse_document(source.data(), source.size(), kOptions));
}

void AppendSpace(std::string& out) {
  if (!out.empty() && out.back() != ' ') out.push_back(' ');
}

}  // namespace

std::string ToHtml(std::string_view source) {
  auto document = Parse(source);
  std::unique_ptr<char, FreeChars> rendered(cmark_render_html(document.get(), kOptions));
  const std::string_view html(rendered.get());
  // With raw HTML off, every "<a href=" of the output is a link cmark rendered (a literal one in the text is
  // escaped to "&lt;a"), so adding the attribute here cannot touch user text.
  constexpr std::string_view kLink = "<a href=\"";
  constexpr std::string_view kNofollowLink = "<a rel=\"nofollow ugc\" href=\"";
  std::string out;
  out.reserve(html.size() + html.size() / 16);
  std::size_t at = 0;
  for (auto found = html.find(kLink); found != std::string_view::npos; found = html.find(kLink, at)) {
    out.append(html.substr(at, found - at));
    out.append(kNofollowLink);
    at = found + kLink.size();
  }
  out.append(html.substr(at));
  return out;
}

std::string ToText(std::string_view source, std::size_t max_chars) {
  auto document = Parse(source);
  std::string out;
  std::unique_ptr<cmark_iter, decltype(&cmark_iter_free)> iter(cmark_iter_new(document.get()),
                                                               cmark_iter_free);
  for (cmark_event_type event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
       event = cmark_iter_next(iter.get())) {
    cmark_node* node = cmark_iter_get_node(iter.get());
    const cmark_node_type type = cmark_node_get_type(node);
    if (event == CMARK_EVENT_ENTER &&
        (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK)) {
      for (const char* c = cmark_node_get_literal(node); c != nullptr && *c != '\0'; ++c) {
        if (*c == '\n' || *c == '\t' || *c == '\r' || *c == ' ') {
          AppendSpace(out);
        } else {
          out.push_back(*c);
        }
      }
    } else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK ||
               (event == CMARK_EVENT_EXIT && type >= CMARK_NODE_FIRST_BLOCK &&
                type <= CMARK_NODE_LAST_BLOCK)) {
      AppendSpace(out);
    }
    if (out.size() > max_chars + 4) break;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.size() > max_chars) {
    std::size_t cut = max_chars;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
    while (!out.empty() && out.back() == ' ') out.pop_back();
  }
  return out;
}

}  // namespace artel::markdown
