#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "artel/i18n/catalog.hpp"
#include "artel/mail/mail.hpp"
#include "mime.hpp"

namespace artel::mail {
namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

std::string Param(const Params& params, std::string_view name) {
  auto it = std::ranges::find_if(params, [&](const auto& p) { return p.first == name; });
  return it == params.end() ? std::string() : it->second;
}

// Subjects go into a header: no control characters, whatever a parameter holds.
std::string OneLine(std::string text) {
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  }
  return text;
}

// Only web links become an href: a parameter can never smuggle in javascript: or data: URLs.
bool IsWebLink(std::string_view link) {
  return link.starts_with("https://") || link.starts_with("http://");
}

}  // namespace

bool IsTemplateName(std::string_view name) {
  const auto colon = name.find(':');
  if (colon == 0 || colon == std::string_view::npos) return false;
  const auto word = [](std::string_view part) {
    return !part.empty() &&
           std::ranges::all_of(part, [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
  };
  const std::string_view key = name.substr(colon + 1);
  return word(name.substr(0, colon)) && key.starts_with("mail.") && word(key.substr(5));
}

std::vector<std::string> Templates(const i18n::Catalog& catalog, std::string_view lang) {
  constexpr std::string_view kSubject = ".subject";
  std::vector<std::string> names;
  for (const auto& key : catalog.Keys(lang)) {
    if (!key.ends_with(kSubject)) continue;
    std::string name = key.substr(0, key.size() - kSubject.size());
    if (IsTemplateName(name)) names.push_back(std::move(name));
  }
  std::ranges::sort(names);
  return names;
}

RenderedMail Render(const i18n::Catalog& catalog, const OutgoingMail& mail) {
  if (!IsTemplateName(mail.template_name)) {
    throw std::invalid_argument(
        fmt::format("mail template '{}' is not <namespace>:mail.<name>", mail.template_name));
  }
  const std::string prefix = mail.template_name + ".";
  std::string lang = mail.lang;
  if (!catalog.Has(lang, prefix + "subject")) lang = "en";
  if (!catalog.Has(lang, prefix + "subject")) {
    throw std::invalid_argument(
        fmt::format("mail template '{}' is not in the catalogue", mail.template_name));
  }
  auto text_of = [&](const std::string& key) { return catalog.Translate(lang, key, mail.params); };

  const std::string name = Param(mail.params, "name");
  const std::string link = Param(mail.params, "link");
  const std::string greeting =
      name.empty() ? text_of("mail:common.greeting_anonymous") : text_of(prefix + "greeting");
  std::vector<std::string> paragraphs;
  for (int n = 1; catalog.Has(lang, fmt::format("{}paragraphs.{}", prefix, n)); ++n) {
    paragraphs.push_back(text_of(fmt::format("{}paragraphs.{}", prefix, n)));
  }
  const std::string button = text_of(prefix + "button");
  const std::string footer = text_of(prefix + "footer");
  const std::string hint = text_of("mail:common.link_hint");
  const std::string signature = text_of("mail:common.signature");

  RenderedMail out;
  out.subject = OneLine(text_of(prefix + "subject"));

  out.text = greeting + "\n\n";
  for (const auto& paragraph : paragraphs) out.text += paragraph + "\n\n";
  if (!link.empty()) out.text += button + ":\n" + link + "\n\n";
  out.text += signature + "\n\n-- \n" + footer + "\n";

  // Every catalogue text and parameter is escaped: the texts are plain text, not HTML.
  const std::string lang_attr = HtmlEscape(lang);
  std::string& html = out.html;
  html += "<!DOCTYPE html>\n<html lang=\"" + lang_attr + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  html += "<title>" + HtmlEscape(out.subject) + "</title>\n</head>\n";
  html += "<body style=\"margin:0;padding:0;background-color:#f4f5f7;\">\n";
  html += "<div role=\"article\" aria-label=\"" + HtmlEscape(out.subject) + "\" lang=\"" + lang_attr +
          "\" style=\"max-width:560px;margin:0 auto;padding:32px 24px;background-color:#ffffff;"
          "font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;\">\n";
  html += "<p style=\"margin:0 0 16px;font-size:18px;font-weight:bold;\">" + HtmlEscape(greeting) + "</p>\n";
  for (const auto& paragraph : paragraphs) {
    html += "<p style=\"margin:0 0 16px;white-space:pre-line;\">" + HtmlEscape(paragraph) + "</p>\n";
  }
  if (IsWebLink(link)) {
    const std::string href = HtmlEscape(link);
    html += "<p style=\"margin:24px 0;\"><a href=\"" + href +
            "\" style=\"display:inline-block;padding:12px 24px;background-color:#1a56db;color:#ffffff;"
            "text-decoration:none;font-weight:bold;border-radius:6px;\">" +
            HtmlEscape(button) + "</a></p>\n";
    html += "<p style=\"margin:0 0 16px;font-size:14px;color:#57606a;\">" + HtmlEscape(hint) +
            "<br>\n<a href=\"" + href + "\" style=\"color:#1a56db;word-break:break-all;\">" + href +
            "</a></p>\n";
  } else if (!link.empty()) {
    html += "<p style=\"margin:0 0 16px;\">" + HtmlEscape(button) + ": " + HtmlEscape(link) + "</p>\n";
  }
  html += "<p style=\"margin:24px 0 0;\">" + HtmlEscape(signature) + "</p>\n";
  html += "<hr style=\"border:none;border-top:1px solid #d0d7de;margin:24px 0;\">\n";
  html += "<p style=\"margin:0;font-size:13px;color:#57606a;\">" + HtmlEscape(footer) + "</p>\n";
  html += "</div>\n</body>\n</html>\n";
  return out;
}

}  // namespace artel::mail
