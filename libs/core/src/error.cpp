#include "artel/core/error.hpp"

#include "artel/core/text.hpp"

namespace artel {

std::string_view CodeName(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kBadRequest:
      return "BadRequest";
    case ErrorCode::kUnauthenticated:
      return "Unauthenticated";
    case ErrorCode::kForbidden:
      return "Forbidden";
    case ErrorCode::kNotFound:
      return "NotFound";
    case ErrorCode::kMethodNotAllowed:
      return "MethodNotAllowed";
    case ErrorCode::kConflict:
      return "Conflict";
    case ErrorCode::kPayloadTooLarge:
      return "PayloadTooLarge";
    case ErrorCode::kUnsupportedMediaType:
      return "UnsupportedMediaType";
    case ErrorCode::kValidationFailed:
      return "ValidationFailed";
    case ErrorCode::kXsrfTokenMismatch:
      return "XsrfTokenMismatch";
    case ErrorCode::kRateLimited:
      return "RateLimited";
    case ErrorCode::kInternal:
      return "Internal";
    case ErrorCode::kServiceUnavailable:
      return "ServiceUnavailable";
  }
  return "Internal";
}

int HttpStatus(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kBadRequest:
      return 400;
    case ErrorCode::kUnauthenticated:
      return 401;
    case ErrorCode::kForbidden:
      return 403;
    case ErrorCode::kNotFound:
      return 404;
    case ErrorCode::kMethodNotAllowed:
      return 405;
    case ErrorCode::kConflict:
      return 409;
    case ErrorCode::kPayloadTooLarge:
      return 413;
    case ErrorCode::kUnsupportedMediaType:
      return 415;
    case ErrorCode::kValidationFailed:
      return 422;
    case ErrorCode::kXsrfTokenMismatch:
      return 419;
    case ErrorCode::kRateLimited:
      return 429;
    case ErrorCode::kInternal:
      return 500;
    case ErrorCode::kServiceUnavailable:
      return 503;
  }
  return 500;
}

Error::Error(ErrorCode code, Message message) : code_(code), message_(std::move(message)) {
  if (message_.key.empty()) message_.key = "errors:codes." + std::string(CodeName(code));
}

Error& Error::AddField(std::string field, Message message) {
  fields_[std::move(field)].push_back(std::move(message));
  return *this;
}

Error& Error::SetRetryAfter(std::chrono::seconds seconds) {
  retry_after_ = seconds;
  return *this;
}

Error BadRequest(Message message) {
  return Error(ErrorCode::kBadRequest, std::move(message));
}
Error Unauthenticated() {
  return Error(ErrorCode::kUnauthenticated);
}
Error Forbidden(Message message) {
  return Error(ErrorCode::kForbidden, std::move(message));
}
Error NotFound(Message message) {
  return Error(ErrorCode::kNotFound, std::move(message));
}
Error Conflict(Message message) {
  return Error(ErrorCode::kConflict, std::move(message));
}
Error PayloadTooLarge() {
  return Error(ErrorCode::kPayloadTooLarge);
}
Error UnsupportedMediaType(Message message) {
  return Error(ErrorCode::kUnsupportedMediaType, std::move(message));
}
Error ValidationFailed(std::string field, Message message) {
  Error error(ErrorCode::kValidationFailed);
  error.AddField(std::move(field), std::move(message));
  return error;
}
Error RateLimited(std::chrono::seconds retry_after) {
  Error error(ErrorCode::kRateLimited);
  error.SetRetryAfter(retry_after);
  return error;
}
Error ServiceUnavailable(Message message) {
  return Error(ErrorCode::kServiceUnavailable, std::move(message));
}

void ValidationErrors::Add(std::string field, Message message) {
  fields_[std::move(field)].push_back(std::move(message));
}

bool ValidationErrors::Has(std::string_view field) const {
  return fields_.find(field) != fields_.end();
}

void ValidationErrors::CheckLength(std::string_view field, std::string_view text, std::size_t least,
                                   std::size_t most) {
  const auto length = Utf8Length(text);
  if (least > 0 && Trim(text).empty()) {
    Add(std::string(field), {"validation:required", {}});
  } else if (length < least) {
    Add(std::string(field), {"validation:length.min", {{"count", std::to_string(least)}}});
  } else if (length > most) {
    Add(std::string(field), {"validation:length.max", {{"count", std::to_string(most)}}});
  }
}

void ValidationErrors::ThrowIfAny() const {
  if (fields_.empty()) return;
  Error error(ErrorCode::kValidationFailed);
  for (const auto& [field, messages] : fields_) {
    for (const auto& message : messages) error.AddField(field, message);
  }
  throw error;
}

}  // namespace artel
