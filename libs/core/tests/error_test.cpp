#include "artel/core/error.hpp"

#include <gtest/gtest.h>

namespace artel {
namespace {

TEST(ErrorTest, DefaultMessageKeyNamesTheCode) {
  Error error = NotFound();
  EXPECT_EQ(error.Code(), ErrorCode::kNotFound);
  EXPECT_EQ(error.GetMessage().key, "errors:codes.NotFound");
  EXPECT_EQ(HttpStatus(error.Code()), 404);
}

TEST(ErrorTest, EveryCodeHasAStatusAndName) {
  for (auto code :
       {ErrorCode::kBadRequest, ErrorCode::kUnauthenticated, ErrorCode::kForbidden, ErrorCode::kNotFound,
        ErrorCode::kMethodNotAllowed, ErrorCode::kConflict, ErrorCode::kPayloadTooLarge,
        ErrorCode::kUnsupportedMediaType, ErrorCode::kValidationFailed, ErrorCode::kXsrfTokenMismatch,
        ErrorCode::kRateLimited, ErrorCode::kInternal, ErrorCode::kServiceUnavailable}) {
    EXPECT_GE(HttpStatus(code), 400);
    EXPECT_FALSE(CodeName(code).empty());
  }
  EXPECT_EQ(HttpStatus(ErrorCode::kUnauthenticated), 401);
  EXPECT_EQ(CodeName(ErrorCode::kUnauthenticated), "Unauthenticated");
  EXPECT_EQ(HttpStatus(ErrorCode::kValidationFailed), 422);
}

TEST(ErrorTest, ValidationErrorsCollectEveryField) {
  ValidationErrors errors;
  EXPECT_NO_THROW(errors.ThrowIfAny());
  errors.Add("email", {"validation:email"});
  errors.Add("password", {"validation:length.min", {{"count", "8"}}});
  errors.Add("password", {"validation:password.digit"});
  try {
    errors.ThrowIfAny();
    FAIL() << "expected ValidationFailed";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed);
    ASSERT_EQ(error.Fields().size(), 2u);
    EXPECT_EQ(error.Fields().at("password").size(), 2u);
    EXPECT_EQ(error.Fields().at("password")[0].params[0].second, "8");
  }
}

TEST(ErrorTest, RateLimitedCarriesRetryAfter) {
  Error error = RateLimited(std::chrono::seconds(42));
  EXPECT_EQ(error.RetryAfter(), std::chrono::seconds(42));
  EXPECT_EQ(HttpStatus(error.Code()), 429);
}

}  // namespace
}  // namespace artel
