#include "artel/core/error.hpp"

#include <gtest/gtest.h>

#include <string>

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

// The key of the first message of `field`, or "" when it has none.
std::string KeyOf(const Error& error, const std::string& field) {
  const auto found = error.Fields().find(field);
  return found == error.Fields().end() ? std::string() : found->second.front().key;
}

TEST(ErrorTest, CheckLengthCountsCharactersAndNamesTheRule) {
  ValidationErrors errors;
  errors.CheckLength("blank", " \t\n", 1, 10);
  errors.CheckLength("short", "ab", 3, 10);
  errors.CheckLength("long", "абвгд", 1, 4);  // five characters, ten bytes
  errors.CheckLength("fits", "абвг", 1, 4);   // four characters: no error although eight bytes
  errors.CheckLength("optional", "", 0, 4);   // an optional field may be empty
  errors.CheckLength("optional_long", "abcde", 0, 4);
  try {
    errors.ThrowIfAny();
    FAIL() << "expected ValidationFailed";
  } catch (const Error& error) {
    EXPECT_EQ(KeyOf(error, "blank"), "validation:required");
    EXPECT_EQ(KeyOf(error, "short"), "validation:length.min");
    EXPECT_EQ(error.Fields().at("short").front().params.front().second, "3");
    EXPECT_EQ(KeyOf(error, "long"), "validation:length.max");
    EXPECT_EQ(error.Fields().at("long").front().params.front().second, "4");
    EXPECT_EQ(KeyOf(error, "fits"), "");
    EXPECT_EQ(KeyOf(error, "optional"), "");
    EXPECT_EQ(KeyOf(error, "optional_long"), "validation:length.max");
  }
}

TEST(ErrorTest, RateLimitedCarriesRetryAfter) {
  Error error = RateLimited(std::chrono::seconds(42));
  EXPECT_EQ(error.RetryAfter(), std::chrono::seconds(42));
  EXPECT_EQ(HttpStatus(error.Code()), 429);
}

}  // namespace
}  // namespace artel
