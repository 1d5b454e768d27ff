#pragma once

#include <chrono>
#include <cstdint>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace artel {

/// Stable machine words of the one error shape `{"code", "message", "errors"?}` (docs/architecture.md).
enum class ErrorCode : std::uint8_t {
  kBadRequest,
  kUnauthenticated,
  kForbidden,
  kNotFound,
  kMethodNotAllowed,
  kConflict,
  kPayloadTooLarge,
  kUnsupportedMediaType,
  kValidationFailed,
  kXsrfTokenMismatch,
  kRateLimited,
  kInternal,
  kServiceUnavailable,
};

/// "NotFound", "ValidationFailed", ...: the `code` field and the i18n key suffix `errors:codes.<Name>`.
std::string_view CodeName(ErrorCode code) noexcept;
int HttpStatus(ErrorCode code) noexcept;

/// A translatable text: an i18n key ("namespace:dotted.key") with i18next-style `{{name}}` parameters.
struct Message {
  std::string key;
  std::vector<std::pair<std::string, std::string>> params;
};

using FieldErrors = std::map<std::string, std::vector<Message>, std::less<>>;

/// The exception every layer throws for an expected failure; the web layer maps it to HTTP in one place.
/// Unexpected exceptions (anything else) become 500 Internal with a logged request id.
class Error : public std::exception {
 public:
  explicit Error(ErrorCode code, Message message = {});

  ErrorCode Code() const noexcept { return code_; }
  /// The message key; defaults to `errors:codes.<CodeName>`.
  const Message& GetMessage() const noexcept { return message_; }
  const FieldErrors& Fields() const noexcept { return fields_; }
  std::optional<std::chrono::seconds> RetryAfter() const noexcept { return retry_after_; }

  Error& AddField(std::string field, Message message);
  Error& SetRetryAfter(std::chrono::seconds seconds);

  const char* what() const noexcept override { return message_.key.c_str(); }

 private:
  ErrorCode code_;
  Message message_;
  FieldErrors fields_;
  std::optional<std::chrono::seconds> retry_after_;
};

Error BadRequest(Message message = {});
Error Unauthenticated();
Error Forbidden(Message message = {});
Error NotFound(Message message = {});
Error Conflict(Message message = {});
Error PayloadTooLarge();
Error UnsupportedMediaType(Message message = {});
/// 422 with one field error; add more with AddField.
Error ValidationFailed(std::string field, Message message);
Error RateLimited(std::chrono::seconds retry_after);
Error ServiceUnavailable(Message message = {});

/// Collects field errors and throws one ValidationFailed with all of them.
class ValidationErrors final {
 public:
  void Add(std::string field, Message message);
  bool Empty() const noexcept { return fields_.empty(); }
  bool Has(std::string_view field) const;
  /// The length rule of one text field, in characters (not bytes), with the contract's keys: text of
  /// whitespace only → `validation:required` when `least` > 0, then `length.min` / `length.max` with the
  /// count. With `least` 0 an empty text passes (an optional field). The one checker services use for the
  /// rules api.yaml states for the edge, so a caller outside HTTP gets the same 422.
  void CheckLength(std::string_view field, std::string_view text, std::size_t least, std::size_t most);
  /// Throws ValidationFailed when any field error was added.
  void ThrowIfAny() const;

 private:
  FieldErrors fields_;
};

}  // namespace artel
