#include "help_impl.hpp"

namespace artel::help {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

bool IsPageCode(std::string_view code) noexcept {
  return std::ranges::find(kPageCodes, code) != std::end(kPageCodes);
}

bool IsPageLanguage(std::string_view lang) noexcept {
  return std::ranges::find(kPageLanguages, lang) != std::end(kPageLanguages);
}

bool IsTopic(std::string_view topic) noexcept {
  return std::ranges::find(kTopics, topic) != std::end(kTopics);
}

bool IsCode(std::string_view code, std::size_t min, std::size_t max) noexcept {
  if (code.size() < min || code.size() > max) return false;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && (i == 0 || c != '-')) return false;
  }
  return true;
}

std::string Visitor::UploaderKey() const {
  return user ? fmt::format("user:{}", user->user_id) : fmt::format("ip:{}", ip);
}

std::string GuestUploader(std::string_view upload_token) {
  return "guest:" + ToHex(Sha256(upload_token));
}

Help::Help(db::Pool& pool, HelpSettings settings, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, std::move(settings), clock)) {}
Help::~Help() = default;

const HelpSettings& Help::Settings() const noexcept {
  return impl_->settings;
}

}  // namespace artel::help
