// The contract at run time: operations read from a part, request bodies and query parameters checked against
// their schemas with the 422 messages of the hand-written readers, and the binding's check of C++ types
// against schemas (api.hpp).

#include "artel/web/contract.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <boost/describe/class.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "artel/web/api.hpp"

namespace artel::web {
namespace {

constexpr std::string_view kShared = R"yaml(
components:
  parameters:
    Limit:
      name: limit
      in: query
      x-trim: false
      x-message: validation:range
      schema: {type: integer, minimum: 1, maximum: 50, default: 20}
  schemas:
    Card:
      type: object
      required: [id, name]
      properties:
        id: {type: integer}
        name: {type: string}
)yaml";

constexpr std::string_view kPart = R"yaml(
paths:
  /api/things:
    get:
      operationId: listThings
      x-access: guest
      x-query-message: things:filter_invalid
      parameters:
        - {name: q, in: query, schema: {type: string, maxLength: 5}}
        - {name: sort, in: query, schema: {type: string, enum: [date, name], default: date}}
        - {name: page, in: query, schema: {type: integer, minimum: 1}}
        - $ref: "#/components/parameters/Limit"
      responses:
        "200":
          description: A page.
          content:
            application/json:
              schema:
                type: object
                required: [items, next]
                properties:
                  items: {type: array, items: {$ref: "#/components/schemas/Thing"}}
                  next: {type: [string, "null"]}
    post:
      operationId: createThing
      x-access: verified_user
      x-body-limit: 1024
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/ThingInput"}
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Thing"}
  /api/things/{id}/rating:
    post:
      operationId: rateThing
      x-access: user
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [rating]
              properties:
                rating:
                  type: integer
                  minimum: 1
                  maximum: 5
                  x-messages: {required: things:rate_please, range: things:rating_range}
      responses:
        "204": {description: Rated.}
  /api/things/{id}/tag:
    post:
      operationId: tagThing
      x-access: user
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema: {$ref: "#/components/schemas/TagInput"}
          application/json:
            schema: {$ref: "#/components/schemas/TagInput"}
      responses:
        "204": {description: Tagged.}
  /api/things/search:
    get:
      operationId: searchThings
      x-access: guest
      x-query-message: things:filter_invalid
      parameters:
        - name: kind
          in: query
          style: form
          explode: true
          schema: {type: array, maxItems: 2, uniqueItems: true, items: {type: string, enum: [a, b, c]}}
        - name: tag
          in: query
          style: form
          explode: true
          schema: {type: array, maxItems: 3, items: {type: integer, minimum: 1}}
      responses:
        "204": {description: Nothing.}
  /api/things/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: integer}}
    get:
      operationId: downloadThing
      x-access: admin
      x-browser-resource: true
      responses:
        "200":
          description: The file.
          content:
            application/octet-stream:
              schema: {type: string}
    patch:
      operationId: patchThing
      x-access: user
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                title: {type: string, minLength: 3}
                note: {type: [string, "null"]}
                tags: {type: array, items: {type: string}}
      responses:
        "204": {description: Edited.}
    delete:
      operationId: deleteThing
      x-access: user
      responses:
        "204": {description: Deleted.}
components:
  schemas:
    TagInput:
      type: object
      required: [tag]
      properties:
        tag: {type: string, pattern: "^[a-z ]+$"}
        note: {type: string}
    ThingInput:
      type: object
      required: [title, lang, client_id]
      properties:
        title: {type: string, minLength: 3, maxLength: 10}
        note: {type: [string, "null"], maxLength: 4, x-trim: false}
        lang: {type: string, enum: [en, ru], x-message: things:lang_invalid}
        code: {type: string, pattern: "^(?=.*[a-z])[a-z0-9-]{3,8}$", x-message: things:code_invalid}
        count: {type: integer, minimum: 0, maximum: 9, default: 1}
        tags:
          type: array
          maxItems: 2
          x-message: things:too_many
          items: {type: string, minLength: 2, x-message: things:tag_invalid}
        client_id: {type: string, format: uuid}
    Thing:
      allOf:
        - {$ref: "#/components/schemas/Card"}
        - type: object
          required: [tags, note]
          properties:
            tags: {type: array, items: {type: string}}
            note:
              oneOf:
                - {type: string}
                - {type: "null"}
            extra: {type: integer}
)yaml";

class ContractTest : public ::testing::Test {
 protected:
  ContractTest() {
    contract.AddPart("things", kPart);  // its $refs point into a part added after it
    contract.AddPart("shared", kShared);
  }

  /// field → the first message key, after CheckBody of createThing.
  std::map<std::string, std::string> BodyErrors(std::string_view text, boost::json::value* out = nullptr) {
    boost::json::value body = boost::json::parse(text);
    ValidationErrors errors;
    contract.CheckBody(contract.Find("createThing"), body, errors);
    if (out != nullptr) *out = body;
    return Keys(errors);
  }

  static std::map<std::string, std::string> Keys(const ValidationErrors& errors) {
    std::map<std::string, std::string> keys;
    try {
      errors.ThrowIfAny();
    } catch (const Error& error) {
      for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
    }
    return keys;
  }

  Contract contract;
};

constexpr std::string_view kValid =
    R"({"title": " Thing ", "lang": "en", "client_id": "123e4567-e89b-42d3-a456-426614174000"})";

TEST_F(ContractTest, OperationsComeFromTheDocument) {
  const auto& list = contract.Find("listThings");
  EXPECT_EQ(list.method, Method::kGet);
  EXPECT_EQ(list.access, Access::kGuest);
  EXPECT_EQ(list.query.size(), 4U);
  EXPECT_EQ(list.status, 200);
  const auto& create = contract.Find("createThing");
  EXPECT_EQ(create.access, Access::kVerifiedUser);
  EXPECT_EQ(create.body_limit, 1024U);
  EXPECT_EQ(create.status, 201);
  ASSERT_NE(create.body, nullptr);
  const auto& remove = contract.Find("deleteThing");
  EXPECT_EQ(remove.pattern, "/api/things/{id:int}");  // an integer path parameter matches digits only
  EXPECT_EQ(remove.status, 204);
  EXPECT_EQ(remove.response, nullptr);
  EXPECT_FALSE(remove.browser_resource);
  const auto& download = contract.Find("downloadThing");
  EXPECT_TRUE(download.browser_resource) << "a link the browser opens: no X-Requested-With";
  EXPECT_EQ(download.access, Access::kAdmin) << "the session and the access level still apply";
  EXPECT_EQ(download.response, nullptr);
  EXPECT_THROW((void)contract.Find("noSuchThing"), std::logic_error);
  EXPECT_THROW(contract.AddPart("again", kPart), std::invalid_argument);
}

TEST(ContractRulesTest, ABrowserResourceIsAGet) {
  Contract contract;
  contract.AddPart("bad", R"(
paths:
  /api/things:
    post:
      operationId: postThing
      x-access: user
      x-browser-resource: true
      responses:
        "204": {description: Done.}
)");
  EXPECT_THROW((void)contract.Find("postThing"), std::logic_error);
}

/// An operation `op` with `extra` lines under it (x-access and the rest), for the x-rate-limit rules.
std::string RateLimitedPart(std::string_view extra, bool documents_429 = true) {
  return fmt::format(R"(
paths:
  /api/things:
    post:
      operationId: op
{}
      responses:
        "204": {{description: Done.}}
{})",
                     extra, documents_429 ? R"(        "429": {description: Too many.})" : "");
}

TEST(ContractRulesTest, XRateLimitIsReadAndCheckedWhenTheOperationIsBuilt) {
  {
    Contract contract;
    contract.AddPart("ok",
                     RateLimitedPart("      x-access: user\n      x-rate-limit: {per_user: 30, window: 1h}"));
    const auto& rule = contract.Find("op").rate_limit;
    ASSERT_TRUE(rule.has_value());
    EXPECT_EQ(rule->name, "op");
    EXPECT_EQ(rule->per_user, 30U);
    EXPECT_EQ(rule->per_address, 0U);
    EXPECT_EQ(rule->window, std::chrono::hours(1));
  }
  {
    Contract contract;
    contract.AddPart("guest",
                     RateLimitedPart("      x-access: guest\n"
                                     "      x-rate-limit: {per_user: 5, per_address: 50, window: 600}"));
    const auto& rule = contract.Find("op").rate_limit;
    ASSERT_TRUE(rule.has_value());
    EXPECT_EQ(rule->per_address, 50U);
    EXPECT_EQ(rule->window, std::chrono::minutes(10));
  }
  const auto refused = [](std::string_view extra, bool documents_429 = true) {
    Contract contract;
    contract.AddPart("bad", RateLimitedPart(extra, documents_429));
    try {
      (void)contract.Find("op");
    } catch (const std::logic_error& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(
      refused("      x-access: guest\n      x-rate-limit: {per_user: 5, window: 1h}").find("per_address"),
      std::string::npos)
      << "a guest operation names its address's ceiling: a shared NAT must not share one person's limit";
  EXPECT_NE(refused("      x-access: user\n      x-rate-limit: {per_user: 5, per_address: 9, window: 1h}")
                .find("per_address"),
            std::string::npos);
  EXPECT_NE(refused("      x-access: user\n      x-rate-limit: {window: 1h}").find("per_user"),
            std::string::npos);
  EXPECT_NE(refused("      x-access: user\n      x-rate-limit: {per_user: 0, window: 1h}").find("per_user"),
            std::string::npos);
  EXPECT_NE(refused("      x-access: user\n      x-rate-limit: {per_user: 5, window: 1w}").find("window"),
            std::string::npos);
  EXPECT_NE(refused("      x-access: user\n      x-rate-limit: {per_user: 5}").find("window"),
            std::string::npos);
  EXPECT_NE(
      refused("      x-access: user\n      x-rate-limit: {per_user: 5, window: 1h, burst: 2}").find("burst"),
      std::string::npos);
  EXPECT_NE(refused("      x-access: user\n      x-rate-limit: {per_user: 5, window: 1h}", false).find("429"),
            std::string::npos);
}

TEST_F(ContractTest, ValidBodyIsNormalized) {
  boost::json::value body;
  EXPECT_TRUE(BodyErrors(kValid, &body).empty());
  EXPECT_EQ(body.at("title"), "Thing");  // trimmed
  EXPECT_EQ(body.at("count"), 1);        // the default filled in
  EXPECT_FALSE(body.as_object().contains("note"));
}

TEST_F(ContractTest, EveryFieldErrorAtOnceWithTheReadersMessages) {
  auto errors = BodyErrors(R"({"title": "ab", "note": "  toolong ", "lang": "de", "code": "1234",
                               "count": 10, "tags": ["ok", "x"], "client_id": "nope"})");
  EXPECT_EQ(errors["title"], "validation:length.min");
  EXPECT_EQ(errors["note"], "validation:length.max");  // x-trim: false keeps the spaces
  EXPECT_EQ(errors["lang"], "things:lang_invalid");
  EXPECT_EQ(errors["code"], "things:code_invalid");  // digits only fail the lookahead
  EXPECT_EQ(errors["count"], "validation:range");
  EXPECT_EQ(errors["tags"], "things:tag_invalid");  // the item's message, not the array's
  EXPECT_EQ(errors["client_id"], "validation:format");
  EXPECT_EQ(BodyErrors(R"({"title": "abc", "lang": "en", "tags": ["ab", "cd", "ef"],
                           "client_id": "123e4567-e89b-42d3-a456-426614174000"})")["tags"],
            "things:too_many");
}

TEST_F(ContractTest, APatternFailsLongTextInsteadOfOverflowingTheStack) {
  // std::regex recursed once per character: 20 000 of them overflowed the stack (fuzz/corpus/contract/).
  const std::string body =
      R"({"title": "abc", "lang": "en", "client_id": "123e4567-e89b-42d3-a456-426614174000",
                               "code": ")" +
      std::string(20'000, 'a') + R"("})";
  EXPECT_EQ(BodyErrors(body)["code"], "things:code_invalid");
  // Within the bound the pattern still decides.
  EXPECT_EQ(BodyErrors(R"({"title": "abc", "lang": "en", "client_id": "123e4567-e89b-42d3-a456-426614174000",
                           "code": "ab-12"})")
                .count("code"),
            0u);
}

TEST_F(ContractTest, MissingBlankNullAndWrongTypes) {
  auto missing = BodyErrors("{}");
  EXPECT_EQ(missing["title"], "validation:required");
  EXPECT_EQ(missing["lang"], "validation:required");
  EXPECT_EQ(missing.size(), 3U);
  auto blank = BodyErrors(R"({"title": "   ", "lang": null, "note": null, "code": "",
                             "client_id": "123e4567-e89b-42d3-a456-426614174000"})");
  EXPECT_EQ(blank["title"], "validation:required");
  EXPECT_EQ(blank["lang"], "validation:required");
  EXPECT_FALSE(blank.contains("note"));  // null for an optional field: absent
  EXPECT_FALSE(blank.contains("code"));  // blank optional text: cleared, no rule applies
  auto types = BodyErrors(R"({"title": 5, "lang": "en", "count": 2.0, "tags": "a",
                             "client_id": "123e4567-e89b-42d3-a456-426614174000"})");
  EXPECT_EQ(types["title"], "validation:type.string");
  EXPECT_EQ(types["count"], "validation:type.integer");
  EXPECT_EQ(types["tags"], "things:too_many");  // the array's own message covers its type too
}

TEST_F(ContractTest, QueryParametersAreTypedAndChecked) {
  const auto& list = contract.Find("listThings");
  Request request;
  request.query = "q=%20abc%20&page=2";
  ValidationErrors errors;
  auto values = contract.ReadQuery(list, request, errors);
  EXPECT_TRUE(Keys(errors).empty());
  EXPECT_EQ(values.at("q"), "abc");
  EXPECT_EQ(values.at("page"), 2);
  EXPECT_EQ(values.at("sort"), "date");  // the default
  EXPECT_EQ(values.at("limit"), 20);

  request.query = "q=toolong&sort=random&page=x&limit=%201";
  ValidationErrors bad;
  (void)contract.ReadQuery(list, request, bad);
  auto keys = Keys(bad);
  EXPECT_EQ(keys["q"], "things:filter_invalid");
  EXPECT_EQ(keys["sort"], "things:filter_invalid");
  EXPECT_EQ(keys["page"], "things:filter_invalid");
  EXPECT_EQ(keys["limit"], "validation:range");  // its own message; not trimmed, as every list reads it

  request.query = "limit=";  // as every list reads ?limit=: present, so checked
  ValidationErrors empty_limit;
  (void)contract.ReadQuery(list, request, empty_limit);
  EXPECT_EQ(Keys(empty_limit)["limit"], "validation:range");

  request.query = "q=&page=%20";  // blank reads as absent
  ValidationErrors blank;
  auto absent = contract.ReadQuery(list, request, blank);
  EXPECT_TRUE(Keys(blank).empty());
  EXPECT_FALSE(absent.contains("q"));
  EXPECT_FALSE(absent.contains("page"));
}

TEST_F(ContractTest, RepeatedQueryParametersAreArrays) {
  const auto& search = contract.Find("searchThings");
  Request request;
  request.query = "kind=a&kind=%20b%20&kind=&kind=a&tag=3&tag=1";
  ValidationErrors errors;
  auto values = contract.ReadQuery(search, request, errors);
  EXPECT_TRUE(Keys(errors).empty());
  // Blank values dropped, spaces trimmed, a repeated value once (uniqueItems), integers typed.
  EXPECT_EQ(values.at("kind"), boost::json::parse(R"(["a", "b"])"));
  EXPECT_EQ(values.at("tag"), boost::json::parse("[3, 1]"));

  request.query = "kind=&tag=";  // nothing but blanks: absent
  ValidationErrors blank;
  auto absent = contract.ReadQuery(search, request, blank);
  EXPECT_TRUE(Keys(blank).empty());
  EXPECT_FALSE(absent.contains("kind"));
  EXPECT_FALSE(absent.contains("tag"));

  for (const auto* query :
       {"kind=weekly", "kind=a&kind=b&kind=c", "tag=x", "tag=0", "tag=1&tag=2&tag=3&tag=4"}) {
    request.query = query;
    ValidationErrors bad;
    (void)contract.ReadQuery(search, request, bad);
    const auto keys = Keys(bad);
    ASSERT_EQ(keys.size(), 1U) << query;
    // An item's error and the count's are the parameter's (the operation's query message).
    EXPECT_EQ(keys.begin()->second, "things:filter_invalid") << query;
  }

  request.query = "kind=c&tag=2&tag=2";  // without uniqueItems a repeated value stays
  ValidationErrors none;
  boost::json::value read = contract.ReadQuery(search, request, none);
  EXPECT_TRUE(Keys(none).empty());
  EXPECT_EQ(read.at("tag"), boost::json::parse("[2, 2]"));
}

struct SearchQuery {
  std::vector<std::string> kind;
  std::vector<std::int32_t> tag;
};
BOOST_DESCRIBE_STRUCT(SearchQuery, (), (kind, tag))

struct ThingPatch {
  Patch<std::string> title;
  Patch<std::optional<std::string>> note;
  Patch<std::vector<std::string>> tags;
};
BOOST_DESCRIBE_STRUCT(ThingPatch, (), (title, note, tags))

struct WrongPatch {
  Patch<std::optional<std::string>> title;  // the schema does not admit null
  Patch<std::string> note;                  // the schema admits null, which this would ignore
  Patch<std::vector<std::string>> tags;
};
BOOST_DESCRIBE_STRUCT(WrongPatch, (), (title, note, tags))

TEST_F(ContractTest, ArraysAndPatchesBindToTypes) {
  using api_detail::CheckBinding;
  EXPECT_NO_THROW((CheckBinding<NoContent, SearchQuery>(contract, contract.Find("searchThings"))));
  EXPECT_NO_THROW((CheckBinding<NoContent, ThingPatch>(contract, contract.Find("patchThing"))));
  try {
    CheckBinding<NoContent, WrongPatch>(contract, contract.Find("patchThing"));
    ADD_FAILURE() << "WrongPatch passed";
  } catch (const std::logic_error& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("body.title: Patch<std::optional> clears on null"), std::string::npos) << text;
    EXPECT_NE(text.find("body.note: the schema admits null"), std::string::npos) << text;
  }
  Request request;
  request.query = "kind=b&tag=7";
  ValidationErrors errors;
  SearchQuery query;
  kernel::FromJson(contract.ReadQuery(contract.Find("searchThings"), request, errors), query);
  EXPECT_EQ(query.kind, std::vector<std::string>{"b"});
  EXPECT_EQ(query.tag, std::vector<std::int32_t>{7});
}

TEST_F(ContractTest, APatchMergesOntoTheStoredForm) {
  auto read = [&](std::string_view text) {
    boost::json::value body = boost::json::parse(text);
    ValidationErrors errors;
    contract.CheckBody(contract.Find("patchThing"), body, errors);
    EXPECT_TRUE(Keys(errors).empty()) << text;
    ThingPatch patch;
    kernel::FromJson(body, patch);
    return patch;
  };
  struct Form {
    std::string title = "Stored";
    std::optional<std::string> note = "kept";
    std::vector<std::string> tags = {"x"};
  };
  auto apply = [](const ThingPatch& patch) {
    Form form;
    patch.title.ApplyTo(form.title);
    patch.note.ApplyTo(form.note);
    patch.tags.ApplyTo(form.tags);
    return form;
  };
  // Absent: unchanged.
  auto untouched = apply(read("{}"));
  EXPECT_EQ(untouched.title, "Stored");
  EXPECT_EQ(untouched.note, "kept");
  EXPECT_EQ(untouched.tags, std::vector<std::string>{"x"});
  // Null clears what may be null; absent is not null.
  auto cleared = apply(read(R"({"note": null, "title": " New "})"));
  EXPECT_EQ(cleared.title, "New");  // trimmed by the schema's check
  EXPECT_FALSE(cleared.note.has_value());
  EXPECT_EQ(cleared.tags, std::vector<std::string>{"x"});
  // A null where null means nothing (a non-optional) counts as absent; an empty array is a value.
  auto emptied = apply(read(R"({"title": null, "tags": []})"));
  EXPECT_EQ(emptied.title, "Stored");
  EXPECT_TRUE(emptied.tags.empty());
  EXPECT_FALSE(read(R"({"title": null})").title);
  EXPECT_TRUE(read(R"({"tags": []})").tags);
  // The sent fields are still checked against the schema.
  boost::json::value short_title = boost::json::parse(R"({"title": "ab"})");
  ValidationErrors errors;
  contract.CheckBody(contract.Find("patchThing"), short_title, errors);
  EXPECT_EQ(Keys(errors)["title"], "validation:length.min");
}

struct ThingInput {
  std::string title;
  std::optional<std::string> note;
  std::string lang;
  std::string code;
  std::int32_t count = 0;
  std::vector<std::string> tags;
  std::string client_id;
  bool internal = false;  // not in the schema: an input may carry what only the domain sets
};
BOOST_DESCRIBE_STRUCT(ThingInput, (), (title, note, lang, code, count, tags, client_id, internal))

struct CardView {
  std::int64_t id = 0;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(CardView, (), (id, name))

struct ThingView : CardView {
  std::vector<std::string> tags;
  std::optional<std::string> note;
  Omit<std::int64_t> extra;
};
BOOST_DESCRIBE_STRUCT(ThingView, (CardView), (tags, note, extra))

struct BadView {
  std::int64_t id = 0;
  std::optional<std::string> name;  // required and not nullable
  std::string secret;               // not in the schema
};
BOOST_DESCRIBE_STRUCT(BadView, (), (id, name, secret))

struct ListQuery {
  std::optional<std::string> q;
  std::string sort;
  std::optional<std::int64_t> page;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ListQuery, (), (q, sort, page, limit))

struct ThingPage {
  std::vector<ThingView> items;
  std::optional<std::string> next;
};
BOOST_DESCRIBE_STRUCT(ThingPage, (), (items, next))

TEST_F(ContractTest, TypesAreCheckedAgainstTheSchemas) {
  using api_detail::CheckBinding;
  EXPECT_NO_THROW((CheckBinding<ThingView, ThingInput>(contract, contract.Find("createThing"))));
  EXPECT_NO_THROW((CheckBinding<NoContent>(contract, contract.Find("deleteThing"))));
  EXPECT_NO_THROW((CheckBinding<ThingPage, ListQuery>(contract, contract.Find("listThings"))));
  try {
    CheckBinding<BadView, ThingInput>(contract, contract.Find("createThing"));
    ADD_FAILURE() << "BadView passed";
  } catch (const std::logic_error& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("answer.name: std::optional writes null"), std::string::npos) << text;
    EXPECT_NE(text.find("answer.secret: a member the schema has no property for"), std::string::npos) << text;
    EXPECT_NE(text.find("answer.tags: a property of the schema without a member"), std::string::npos) << text;
  }
  // A body written ahead (cached, with an ETag) is checked as the type it was written from.
  EXPECT_NO_THROW((CheckBinding<Written<ThingView>, ThingInput>(contract, contract.Find("createThing"))));
  EXPECT_THROW((CheckBinding<Written<BadView>, ThingInput>(contract, contract.Find("createThing"))),
               std::logic_error);
  EXPECT_THROW((CheckBinding<ThingView>(contract, contract.Find("createThing"))),
               std::logic_error);  // no input
  EXPECT_THROW((CheckBinding<ThingView, ThingInput>(contract, contract.Find("deleteThing"))),
               std::logic_error);
}

TEST_F(ContractTest, ConversionBothWays) {
  boost::json::value body;
  ASSERT_TRUE(BodyErrors(R"({"title": "Thing", "lang": "ru", "tags": ["ab"], "note": null,
                             "client_id": "123e4567-e89b-42d3-a456-426614174000"})",
                         &body)
                  .empty());
  ThingInput input;
  kernel::FromJson(body, input);
  EXPECT_EQ(input.title, "Thing");
  EXPECT_EQ(input.count, 1);
  EXPECT_EQ(input.tags, std::vector<std::string>{"ab"});
  EXPECT_FALSE(input.note.has_value());

  ThingView view;
  view.id = 7;
  view.name = "x";
  view.tags = {"a"};
  const auto without_extra = kernel::ToJson(view).as_object();
  EXPECT_EQ(without_extra.at("note"), nullptr);   // std::optional: null
  EXPECT_FALSE(without_extra.contains("extra"));  // web::Omit: left out
  EXPECT_EQ(without_extra.at("id"), 7);           // the base's members too
  view.extra = 3;
  EXPECT_EQ(kernel::ToJson(view).as_object().at("extra"), 3);
}

TEST_F(ContractTest, AllOfIsMergedOnceWhenTheOperationIsBuilt) {
  const Operation& operation = contract.Find("createThing");
  // The answer's allOf was merged when the operation was built; a request reads the same object.
  const auto& merged = contract.Resolve(*operation.response);
  EXPECT_EQ(&merged, &contract.Resolve(*operation.response));
  ASSERT_TRUE(merged.contains("properties"));
  EXPECT_TRUE(merged.at("properties").as_object().contains("id"));    // from Card
  EXPECT_TRUE(merged.at("properties").as_object().contains("tags"));  // its own
  EXPECT_EQ(merged.at("required").as_array().size(), 4U);
  // The pattern the body's schema uses was compiled then too, and still checks.
  EXPECT_EQ(BodyErrors(R"({"title": "Thing", "lang": "en", "code": "ABC",
                           "client_id": "123e4567-e89b-42d3-a456-426614174000"})")
                .at("code"),
            "things:code_invalid");
}

struct TagInput {
  std::string tag;
  std::optional<std::string> note;
};
BOOST_DESCRIBE_STRUCT(TagInput, (), (tag, note))

TEST_F(ContractTest, AFormBodyIsCheckedLikeJsonWhereTheOperationTakesOne) {
  const Operation& tag = contract.Find("tagThing");
  EXPECT_TRUE(tag.form_body);
  EXPECT_FALSE(contract.Find("createThing").form_body);
  Request request;
  request.headers.Set("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8");
  request.body = "note=&tag=%20red+wine%20&tag=second";
  ASSERT_TRUE(request.HasFormBody());
  const auto input = api_detail::ReadInput<TagInput>(contract, tag, request);
  EXPECT_EQ(input.tag, "red wine") << "decoded, '+' a space, trimmed; the first of a repeated field";
  EXPECT_EQ(input.note.value_or("?"), "") << "blank, as a blank JSON string: cleared";

  request.body = "tag=RED";
  try {
    api_detail::ReadInput<TagInput>(contract, tag, request);
    ADD_FAILURE() << "the pattern holds for a form too";
  } catch (const Error& error) {
    EXPECT_EQ(error.Fields().at("tag").front().key, "validation:format");
  }
  auto bad_request = [&](const Operation& operation) {
    try {
      api_detail::ReadInput<TagInput>(contract, operation, request);
    } catch (const Error& error) {
      return error.Code() == ErrorCode::kBadRequest;
    }
    return false;
  };
  request.body = "tag=%FF";
  EXPECT_TRUE(bad_request(tag)) << "not UTF-8";

  request.headers.Set("Content-Type", "application/json");
  request.body = R"({"tag": "blue"})";
  EXPECT_EQ(api_detail::ReadInput<TagInput>(contract, tag, request).tag, "blue") << "JSON still";
  // An operation that takes JSON only reads a form as JSON, which it is not.
  request.headers.Set("Content-Type", "application/x-www-form-urlencoded");
  request.body = "title=abc";
  EXPECT_TRUE(bad_request(contract.Find("rateThing")));
}

TEST_F(ContractTest, XMessagesNameTheKeyOfOneRule) {
  auto errors = [&](std::string_view text) {
    boost::json::value body = boost::json::parse(text);
    ValidationErrors found;
    contract.CheckBody(contract.Find("rateThing"), body, found);
    const auto keys = Keys(found);
    return keys.contains("rating") ? keys.at("rating") : std::string();
  };
  EXPECT_EQ(errors(R"({})"), "things:rate_please");                // missing
  EXPECT_EQ(errors(R"({"rating": null})"), "things:rate_please");  // null
  EXPECT_EQ(errors(R"({"rating": 6})"), "things:rating_range");
  EXPECT_EQ(errors(R"({"rating": "five"})"), "validation:type.integer");  // a rule x-messages leaves generic
  EXPECT_EQ(errors(R"({"rating": 4.5})"), "validation:type.integer");
  EXPECT_EQ(errors(R"({"rating": 3})"), "");
}

// An answer that is one of several objects (the schema's oneOf, GET /api/user/info's UserInfo | GuestInfo) is
// a std::variant of described types, each checked against its alternative, and written as the one it holds.
constexpr std::string_view kOneOf = R"yaml(
paths:
  /api/who:
    get:
      operationId: who
      x-access: guest
      x-session-in-handler: true
      responses:
        "200":
          description: The user or a guest.
          content:
            application/json:
              schema:
                oneOf:
                  - {$ref: "#/components/schemas/Who"}
                  - {$ref: "#/components/schemas/Nobody"}
components:
  schemas:
    Who:
      type: object
      required: [id, name]
      properties:
        id: {type: integer}
        name: {type: string}
    Nobody:
      type: object
      required: [guest]
      properties:
        guest: {type: boolean, const: true}
)yaml";

struct WhoView {
  std::int64_t id = 0;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(WhoView, (), (id, name))

struct NobodyView {
  bool guest = true;
};
BOOST_DESCRIBE_STRUCT(NobodyView, (), (guest))

TEST(ContractOneOfTest, AVariantAnswerMatchesTheOneOfInOrder) {
  Contract contract;
  contract.AddPart("who", kOneOf);
  const auto& operation = contract.Find("who");
  EXPECT_TRUE(operation.session_in_handler);
  using api_detail::CheckBinding;
  EXPECT_NO_THROW((CheckBinding<std::variant<WhoView, NobodyView>>(contract, operation)));
  // The alternatives in another order, or too few: each names what is wrong.
  EXPECT_THROW((CheckBinding<std::variant<NobodyView, WhoView>>(contract, operation)), std::logic_error);
  EXPECT_THROW((CheckBinding<std::variant<WhoView>>(contract, operation)), std::logic_error);
  // A plain struct cannot stand for the oneOf.
  EXPECT_THROW((CheckBinding<WhoView>(contract, operation)), std::logic_error);
  const std::variant<WhoView, NobodyView> who = WhoView{.id = 7, .name = "Ann"};
  EXPECT_EQ(boost::json::serialize(kernel::ToJson(who)), R"({"id":7,"name":"Ann"})");
  const std::variant<WhoView, NobodyView> nobody = NobodyView{};
  EXPECT_EQ(boost::json::serialize(kernel::ToJson(nobody)), R"({"guest":true})");
}

TEST(ContractRulesTest, TheHandlerLooksItsSessionUpOnGuestOperationsOnly) {
  Contract contract;
  contract.AddPart("bad", R"(
paths:
  /api/mine:
    get:
      operationId: mine
      x-access: user
      x-session-in-handler: true
      responses:
        "204": {description: Done.}
)");
  EXPECT_THROW((void)contract.Find("mine"), std::logic_error);
}

}  // namespace
}  // namespace artel::web
