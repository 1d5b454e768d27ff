#include "artel/web/http.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "artel/core/error.hpp"
#include "artel/web/query.hpp"

namespace artel::web {
namespace {

/// Runs `action` and returns the artel::Error it throws (fails the test when it throws nothing).
template <class Action>
Error CaptureError(Action&& action) {
  try {
    action();
  } catch (const Error& error) {
    return error;
  }
  ADD_FAILURE() << "no artel::Error thrown";
  return Error(ErrorCode::kInternal);
}

TEST(MethodTest, NamesRoundTripAndUnsafeSet) {
  for (Method method : {Method::kGet, Method::kHead, Method::kPost, Method::kPut, Method::kPatch,
                        Method::kDelete, Method::kOptions}) {
    EXPECT_EQ(ParseMethod(MethodName(method)), method);
  }
  EXPECT_EQ(ParseMethod("get"), Method::kOther);
  EXPECT_EQ(ParseMethod("TRACE"), Method::kOther);
  EXPECT_TRUE(IsUnsafe(Method::kPost));
  EXPECT_TRUE(IsUnsafe(Method::kPut));
  EXPECT_TRUE(IsUnsafe(Method::kPatch));
  EXPECT_TRUE(IsUnsafe(Method::kDelete));
  EXPECT_FALSE(IsUnsafe(Method::kGet));
  EXPECT_FALSE(IsUnsafe(Method::kHead));
  EXPECT_FALSE(IsUnsafe(Method::kOptions));
}

TEST(HeadersTest, NamesAreCaseInsensitiveAndSetReplacesAll) {
  Headers headers;
  headers.Add("Content-Type", "text/plain");
  headers.Add("X-Thing", "1");
  headers.Add("x-thing", "2");
  EXPECT_EQ(headers.Get("content-type"), "text/plain");
  EXPECT_EQ(headers.Get("X-THING"), "1");
  EXPECT_FALSE(headers.Get("Missing"));
  headers.Set("X-THING", "3");
  EXPECT_EQ(headers.Get("x-thing"), "3");
  EXPECT_EQ(headers.All().size(), 2u);
}

TEST(RequestTest, ReadsCookies) {
  Request request;
  request.headers.Add("Cookie", "a=1; artel_session=abc.def;XSRF-TOKEN=x.y ; quoted=\"v\"; flag");
  request.headers.Add("cookie", "late=2");
  EXPECT_EQ(request.Cookie("a"), "1");
  EXPECT_EQ(request.Cookie("artel_session"), "abc.def");
  EXPECT_EQ(request.Cookie("XSRF-TOKEN"), "x.y");
  EXPECT_EQ(request.Cookie("quoted"), "v");
  EXPECT_EQ(request.Cookie("late"), "2");
  EXPECT_FALSE(request.Cookie("flag"));
  EXPECT_FALSE(request.Cookie("artel"));
  EXPECT_FALSE(request.Cookie("xsrf-token"));
}

TEST(RequestTest, DecodesQueryParameters) {
  Request request;
  request.query = "q=hello+world&name=%D0%98%D0%B2%D0%B0%D0%BD&empty=&bare&bad=%zz%4&q=second&a%20b=c";
  EXPECT_EQ(request.QueryParam("q"), "hello world");
  EXPECT_EQ(request.QueryParam("name"), "Иван");
  EXPECT_EQ(request.QueryParam("empty"), "");
  EXPECT_EQ(request.QueryParam("bare"), "");
  EXPECT_EQ(request.QueryParam("bad"), "%zz%4");
  EXPECT_EQ(request.QueryParam("a b"), "c");
  EXPECT_FALSE(request.QueryParam("missing"));
}

TEST(RequestTest, ReadsEveryValueOfARepeatedParameter) {
  Request request;
  request.query = "skill=1&q=x&skill=%32&skill=&skill";
  EXPECT_EQ(request.QueryParams("skill"), (std::vector<std::string>{"1", "2", "", ""}));
  EXPECT_EQ(request.QueryParams("q"), (std::vector<std::string>{"x"}));
  EXPECT_TRUE(request.QueryParams("missing").empty());
}

TEST(RequestTest, IntParamAcceptsInt64Only) {
  Request request;
  request.path_params = {{"id", "42"},
                         {"big", "9223372036854775807"},
                         {"huge", "9223372036854775808"},
                         {"word", "abc"},
                         {"neg", "-1"}};
  EXPECT_EQ(request.IntParam("id"), 42);
  EXPECT_EQ(request.IntParam("big"), 9223372036854775807LL);
  EXPECT_EQ(request.Param("word"), "abc");
  EXPECT_EQ(CaptureError([&] { request.IntParam("huge"); }).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(CaptureError([&] { request.IntParam("word"); }).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(CaptureError([&] { request.IntParam("neg"); }).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(CaptureError([&] { request.IntParam("missing"); }).Code(), ErrorCode::kNotFound);
}

TEST(RequestTest, RequireUserAndAdmin) {
  Request request;
  EXPECT_EQ(CaptureError([&] { request.RequireUser(); }).Code(), ErrorCode::kUnauthenticated);
  EXPECT_EQ(CaptureError([&] { request.RequireAdmin(); }).Code(), ErrorCode::kUnauthenticated);
  request.principal = Principal{.user_id = 7, .role = 0};
  EXPECT_EQ(request.RequireUser().user_id, 7);
  EXPECT_EQ(CaptureError([&] { request.RequireAdmin(); }).Code(), ErrorCode::kForbidden);
  request.principal->role = 1;
  EXPECT_EQ(request.RequireAdmin().user_id, 7);
}

TEST(RequestTest, JsonBody) {
  Request request;
  EXPECT_TRUE(request.JsonBody().empty());
  request.body = " \r\n";
  EXPECT_TRUE(request.JsonBody().empty());
  request.body = R"({"name":"Иван","n":1})";
  auto object = request.JsonBody();
  EXPECT_EQ(object.at("name").as_string(), "Иван");

  for (std::string body : {"{", "[1,2]", "\"text\"", "42", "{\"a\":1} trailing", "{'a':1}"}) {
    request.body = body;
    Error error = CaptureError([&] { request.JsonBody(); });
    EXPECT_EQ(error.Code(), ErrorCode::kBadRequest) << body;
    EXPECT_EQ(error.GetMessage().key, "errors:malformed_json") << body;
  }
  for (std::string body : {std::string("{\"a\":\"\xC0\xAF\"}"), std::string("{\"a\":\"\xED\xA0\x80\"}"),
                           std::string("\xFF{}")}) {
    request.body = body;
    Error error = CaptureError([&] { request.JsonBody(); });
    EXPECT_EQ(error.Code(), ErrorCode::kBadRequest);
    EXPECT_EQ(error.GetMessage().key, "errors:invalid_utf8");
  }
}

TEST(CookieTest, Serializes) {
  Cookie session{.name = "artel_session", .value = "tok", .max_age_seconds = 3600, .secure = true};
  EXPECT_EQ(session.Serialize(), "artel_session=tok; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax");
  Cookie xsrf{.name = "XSRF-TOKEN", .value = "a.b", .http_only = false};
  EXPECT_EQ(xsrf.Serialize(), "XSRF-TOKEN=a.b; Path=/; SameSite=Lax");
  Cookie removal{.name = "artel_session", .max_age_seconds = 0};
  EXPECT_EQ(
      removal.Serialize(),
      "artel_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax");
}

TEST(ResponseTest, Builders) {
  auto json = Response::Json(boost::json::object{{"a", 1}}, 201);
  EXPECT_EQ(json.status, 201);
  EXPECT_EQ(json.headers.Get("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(boost::json::parse(json.body), (boost::json::value{{"a", 1}}));
  auto ok = Response::Ok();
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(ok.body, "{}");
  auto none = Response::NoContent();
  EXPECT_EQ(none.status, 204);
  EXPECT_TRUE(none.body.empty());
}

}  // namespace
TEST(PageLimitTest, DefaultsWhenAbsentAndRefusesOutOfRange) {
  Request request;
  EXPECT_EQ(PageLimit(request, 20, 50), 20);
  request.query = "limit=50";
  EXPECT_EQ(PageLimit(request, 20, 50), 50);
  for (const char* bad : {"limit=0", "limit=51", "limit=-1", "limit=5x", "limit=", "limit=%201", "limit=1%20",
                          "limit=+1", "limit=%091"}) {
    request.query = bad;
    try {
      PageLimit(request, 20, 50);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& error) {
      EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed) << bad;
    }
  }
}

TEST(PageLimitTest, CollectsTheErrorForARouteThatAnswersAllFieldsAtOnce) {
  Request request;
  request.query = "limit=%201";
  ValidationErrors errors;
  EXPECT_EQ(PageLimit(request, 20, 50, errors), 20);
  EXPECT_FALSE(errors.Empty());
  request.query = "limit=7";
  ValidationErrors none;
  EXPECT_EQ(PageLimit(request, 20, 50, none), 7);
  EXPECT_TRUE(none.Empty());
}

TEST(QueryReaderTest, CollectsEveryBadParameterUnderItsName) {
  Request request;
  request.query = "n=%207%09&id=0&ids=3&ids=1&ids=3&flag=true&off=false&bad_flag=yes&blank=%20&word=x";
  QueryReader reader(request, "test:invalid");
  EXPECT_EQ(reader.Text("n"), "7");
  EXPECT_FALSE(reader.Text("blank"));
  EXPECT_EQ(reader.Int("n", 0, 10), 7);
  EXPECT_FALSE(reader.Int("word", 0, 10));
  EXPECT_FALSE(reader.Id("id"));
  EXPECT_EQ(reader.Ids("ids", 5), (std::vector<std::int32_t>{3, 1}));
  EXPECT_TRUE(reader.Flag("flag"));
  EXPECT_FALSE(reader.Flag("off"));
  EXPECT_FALSE(reader.Flag("missing"));
  EXPECT_FALSE(reader.Flag("bad_flag"));
  EXPECT_TRUE(reader.Ids("ids", 1).empty());
  try {
    reader.Finish();
    ADD_FAILURE() << "no ValidationFailed";
  } catch (const Error& error) {
    std::vector<std::string> fields;
    for (const auto& [field, messages] : error.Fields()) {
      fields.push_back(field);
      EXPECT_EQ(messages.front().key, "test:invalid");
    }
    EXPECT_EQ(fields, (std::vector<std::string>{"bad_flag", "id", "ids", "word"}));
  }
}

}  // namespace artel::web
