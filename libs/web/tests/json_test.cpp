#include "artel/web/json.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace artel::web {
namespace {

boost::json::object Parse(std::string_view text) {
  return boost::json::parse(text).as_object();
}

/// The field errors of the ValidationFailed that Finish() throws; empty when it throws nothing.
FieldErrors Errors(const JsonReader& reader) {
  try {
    reader.Finish();
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed);
    return error.Fields();
  }
  return {};
}

TEST(JsonReaderTest, StringRequiredTypeAndTrim) {
  auto object = Parse(R"({"name":"  Anna  ","null":null,"number":5,"blank":"   "})");
  JsonReader reader(object);
  EXPECT_EQ(reader.String("name"), "Anna");
  EXPECT_FALSE(reader.String("missing"));
  EXPECT_FALSE(reader.String("null"));
  EXPECT_FALSE(reader.String("number"));
  EXPECT_FALSE(reader.String("blank"));
  EXPECT_EQ(reader.String("optional", StringRule{.required = false}), std::nullopt);
  EXPECT_EQ(reader.String("blank", StringRule{.required = false}), "");
  EXPECT_EQ(reader.String("name", StringRule{.trim = false}), "  Anna  ");
  auto errors = Errors(reader);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors.at("missing")[0].key, "validation:required");
  EXPECT_EQ(errors.at("null")[0].key, "validation:required");
  EXPECT_EQ(errors.at("number")[0].key, "validation:type.string");
  EXPECT_EQ(errors.at("blank")[0].key, "validation:required");
  EXPECT_FALSE(errors.contains("optional"));
}

TEST(JsonReaderTest, StringLengthCountsCodePoints) {
  // Six Cyrillic letters are twelve bytes but six characters.
  auto object = Parse(R"({"name":"Андрей","short":"Ян"})");
  JsonReader reader(object);
  EXPECT_EQ(reader.String("name", StringRule{.min_length = 6, .max_length = 6}), "Андрей");
  EXPECT_FALSE(reader.String("short", StringRule{.min_length = 3}));
  EXPECT_FALSE(reader.HasError("name"));
  EXPECT_TRUE(reader.HasError("short"));
  JsonReader too_long(object);
  EXPECT_FALSE(too_long.String("name", StringRule{.max_length = 5}));
  auto errors = Errors(too_long);
  ASSERT_EQ(errors.at("name").size(), 1u);
  EXPECT_EQ(errors.at("name")[0].key, "validation:length.max");
  EXPECT_EQ(errors.at("name")[0].params, (std::vector<std::pair<std::string, std::string>>{{"count", "5"}}));
  auto short_errors = Errors(reader);
  EXPECT_EQ(short_errors.at("short")[0].key, "validation:length.min");
  EXPECT_EQ(short_errors.at("short")[0].params[0].second, "3");
}

TEST(JsonReaderTest, RejectsInvalidUtf8InObjectsBuiltInCode) {
  boost::json::object object;
  object["bad"] = std::string("\xC3\x28");
  JsonReader reader(object);
  EXPECT_FALSE(reader.String("bad"));
  EXPECT_EQ(Errors(reader).at("bad")[0].key, "validation:type.string");
}

TEST(JsonReaderTest, IntRejectsFloatsStringsAndOverflow) {
  auto object = Parse(
      R"({"n":42,"neg":-7,"float":2.0,"string":"3","bool":true,"big":18446744073709551615,"null":null})");
  JsonReader reader(object);
  EXPECT_EQ(reader.Int("n"), 42);
  EXPECT_EQ(reader.Int("neg"), -7);
  EXPECT_FALSE(reader.Int("float"));
  EXPECT_FALSE(reader.Int("string"));
  EXPECT_FALSE(reader.Int("bool"));
  EXPECT_FALSE(reader.Int("big"));
  EXPECT_FALSE(reader.Int("null", false));
  EXPECT_FALSE(reader.Int("missing"));
  auto errors = Errors(reader);
  for (const char* field : {"float", "string", "bool", "big"}) {
    EXPECT_EQ(errors.at(field)[0].key, "validation:type.integer") << field;
  }
  EXPECT_EQ(errors.at("missing")[0].key, "validation:required");
  EXPECT_FALSE(errors.contains("null"));
}

TEST(JsonReaderTest, Bool) {
  auto object = Parse(R"({"yes":true,"no":false,"one":1,"text":"true"})");
  JsonReader reader(object);
  EXPECT_EQ(reader.Bool("yes"), true);
  EXPECT_EQ(reader.Bool("no"), false);
  EXPECT_FALSE(reader.Bool("one"));
  EXPECT_FALSE(reader.Bool("text"));
  EXPECT_FALSE(reader.Bool("missing", false));
  auto errors = Errors(reader);
  EXPECT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors.at("one")[0].key, "validation:type.boolean");
}

TEST(JsonReaderTest, EmailIsCheckedAndLowerCased) {
  const std::string long_local(65, 'a');
  const std::string long_domain = "a@" + std::string(250, 'b') + ".com";
  boost::json::object object{{"ok", " Anna.Smith+tag@Example.COM "},
                             {"cyrillic", "иван@пример.рф"},
                             {"no_at", "anna.example.com"},
                             {"two_at", "a@b@example.com"},
                             {"no_local", "@example.com"},
                             {"no_dot", "anna@localhost"},
                             {"space", "an na@example.com"},
                             {"control", "anna\x01@example.com"},
                             {"dot_end", "anna@example."},
                             {"double_dot", "anna@example..com"},
                             {"long_local", long_local + "@example.com"},
                             {"too_long", long_domain},
                             {"number", 5}};
  JsonReader reader(object);
  EXPECT_EQ(reader.Email("ok"), "anna.smith+tag@example.com");
  // No SMTPUTF8: an address Artel could not mail is refused here (artel::IsMailAddress).
  for (const char* field : {"cyrillic", "no_at", "two_at", "no_local", "no_dot", "space", "control",
                            "dot_end", "double_dot", "long_local", "too_long", "number", "missing"}) {
    EXPECT_FALSE(reader.Email(field)) << field;
  }
  auto errors = Errors(reader);
  EXPECT_EQ(errors.size(), 13u);
  for (const char* field : {"cyrillic", "no_at", "two_at", "no_local", "no_dot", "space", "control",
                            "dot_end", "double_dot", "long_local"}) {
    EXPECT_EQ(errors.at(field)[0].key, "validation:email") << field;
  }
  EXPECT_EQ(errors.at("too_long")[0].key, "validation:length.max");
  EXPECT_EQ(errors.at("number")[0].key, "validation:type.string");
  EXPECT_EQ(errors.at("missing")[0].key, "validation:required");
}

TEST(JsonReaderTest, FinishThrowsAllFieldsAtOnce) {
  auto object = Parse(R"({"a":1})");
  JsonReader reader(object);
  reader.String("a");
  reader.String("b");
  reader.AddError("c", {"validation:email", {}});
  EXPECT_EQ(Errors(reader).size(), 3u);
  JsonReader clean(object);
  EXPECT_EQ(clean.Int("a"), 1);
  EXPECT_NO_THROW(clean.Finish());
}

TEST(Utf8Test, LengthInCodePoints) {
  EXPECT_EQ(Utf8Length(""), 0u);
  EXPECT_EQ(Utf8Length("abc"), 3u);
  EXPECT_EQ(Utf8Length("Привет"), 6u);
  EXPECT_EQ(Utf8Length("€"), 1u);
  EXPECT_EQ(Utf8Length("\xF0\x9F\x98\x80"), 1u);  // U+1F600
}

TEST(Utf8Test, ValidSequences) {
  EXPECT_TRUE(IsValidUtf8(""));
  EXPECT_TRUE(IsValidUtf8("plain ascii"));
  EXPECT_TRUE(IsValidUtf8(std::string_view("nul\0inside", 10)));
  EXPECT_TRUE(IsValidUtf8("Привет, мир"));
  EXPECT_TRUE(IsValidUtf8("\xC2\x80"));          // U+0080, smallest two-byte
  EXPECT_TRUE(IsValidUtf8("\xDF\xBF"));          // U+07FF
  EXPECT_TRUE(IsValidUtf8("\xE0\xA0\x80"));      // U+0800, smallest three-byte
  EXPECT_TRUE(IsValidUtf8("\xED\x9F\xBF"));      // U+D7FF, just below the surrogates
  EXPECT_TRUE(IsValidUtf8("\xEE\x80\x80"));      // U+E000, just above them
  EXPECT_TRUE(IsValidUtf8("\xEF\xBF\xBF"));      // U+FFFF
  EXPECT_TRUE(IsValidUtf8("\xF0\x90\x80\x80"));  // U+10000
  EXPECT_TRUE(IsValidUtf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF, the last code point
}

TEST(Utf8Test, InvalidSequences) {
  EXPECT_FALSE(IsValidUtf8("\x80"));              // lone continuation byte
  EXPECT_FALSE(IsValidUtf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xC1\xBF"));          // overlong
  EXPECT_FALSE(IsValidUtf8("\xE0\x9F\xBF"));      // overlong three-byte
  EXPECT_FALSE(IsValidUtf8("\xF0\x8F\xBF\xBF"));  // overlong four-byte
  EXPECT_FALSE(IsValidUtf8("\xED\xA0\x80"));      // U+D800, a surrogate
  EXPECT_FALSE(IsValidUtf8("\xED\xBF\xBF"));      // U+DFFF, a surrogate
  EXPECT_FALSE(IsValidUtf8("\xF4\x90\x80\x80"));  // U+110000, past the end
  EXPECT_FALSE(IsValidUtf8("\xF5\x80\x80\x80"));
  EXPECT_FALSE(IsValidUtf8("\xFE"));
  EXPECT_FALSE(IsValidUtf8("\xFF"));
  EXPECT_FALSE(IsValidUtf8("\xC3"));              // truncated
  EXPECT_FALSE(IsValidUtf8("abc\xE2\x82"));       // truncated at the end
  EXPECT_FALSE(IsValidUtf8("\xE2\x28\xA1"));      // bad continuation
  EXPECT_FALSE(IsValidUtf8("\xF0\x9F\x98\x28"));  // bad last continuation
}

}  // namespace
}  // namespace artel::web

namespace artel::web {
namespace {

TEST(JsonReaderArraysTest, ReadsIntegerArraysWithoutDuplicates) {
  auto body =
      boost::json::parse(R"({"ids": [3, 1, 3], "bad": [1, "x"], "nope": 5, "none": null})").as_object();
  JsonReader reader(body);
  EXPECT_EQ(reader.IntArray("ids"), (std::vector<std::int64_t>{3, 1}));
  EXPECT_TRUE(reader.IntArray("none").empty());
  EXPECT_TRUE(reader.IntArray("missing").empty());
  EXPECT_FALSE(reader.HasError("ids"));
  EXPECT_TRUE(reader.IntArray("bad").empty());
  EXPECT_TRUE(reader.HasError("bad"));
  reader.IntArray("nope");
  EXPECT_TRUE(reader.HasError("nope"));
}

TEST(JsonReaderArraysTest, ReadsNestedObjects) {
  auto body = boost::json::parse(R"({"money": {"amount": 5}, "text": "x", "none": null})").as_object();
  JsonReader reader(body);
  ASSERT_NE(reader.Object("money"), nullptr);
  EXPECT_EQ(reader.Object("none"), nullptr);
  EXPECT_FALSE(reader.Has("none"));
  EXPECT_TRUE(reader.Has("text"));
  EXPECT_EQ(reader.Object("text"), nullptr);
  EXPECT_TRUE(reader.HasError("text"));
}

TEST(Utf8PrefixTest, CutsAtCodePointBoundaries) {
  EXPECT_EQ(Utf8Prefix("Привет", 3), "При");
  EXPECT_EQ(Utf8Prefix("abc", 5), "abc");
  EXPECT_EQ(Utf8Prefix("abc", 0), "");
}

}  // namespace
}  // namespace artel::web
