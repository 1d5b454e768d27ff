// The bodies of identity's converted operations as the contract (api.yaml, compiled into the library) checks
// them: what reaches Identity is already of the right shape and length.

#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <map>
#include <string>

#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::identity {
/// libs/identity/api.yaml, compiled into libs/identity.
std::string_view ContractPart();

namespace {

class InputTest : public ::testing::Test {
 protected:
  InputTest() {
    contract.AddPart("platform", web::PlatformContract());
    contract.AddPart("identity", ContractPart());
  }

  /// field → the first message key of the body's errors.
  std::map<std::string, std::string> Errors(std::string_view operation, const boost::json::value& sent) {
    boost::json::value body = sent;
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    std::map<std::string, std::string> keys;
    try {
      errors.ThrowIfAny();
    } catch (const Error& error) {
      for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
    }
    return keys;
  }

  web::Contract contract;
};

using Keys = std::map<std::string, std::string>;

TEST_F(InputTest, ALanguageIsAShortNonBlankString) {
  EXPECT_TRUE(Errors("setLanguage", boost::json::parse(R"({"lang": "RU"})")).empty());
  EXPECT_EQ(Errors("setLanguage", boost::json::parse(R"({})")), (Keys{{"lang", "validation:required"}}));
  EXPECT_EQ(Errors("setLanguage", boost::json::parse(R"({"lang": 5})")),
            (Keys{{"lang", "validation:type.string"}}));
  boost::json::object long_code{{"lang", std::string(17, 'x')}};
  EXPECT_EQ(Errors("setLanguage", long_code), (Keys{{"lang", "validation:length.max"}}));
}

TEST_F(InputTest, AProfilePatchMayLeaveEitherOutButNotBlankTheName) {
  EXPECT_TRUE(Errors("updateProfile", boost::json::object()).empty());
  EXPECT_TRUE(Errors("updateProfile", boost::json::parse(R"({"name": "Зоя", "lastname": ""})")).empty());
  // A blank name passes the schema (a blank optional string means "clear it"): Identity::UpdateProfile
  // refuses it, see identity_integration_test.
  EXPECT_TRUE(Errors("updateProfile", boost::json::parse(R"({"name": "  "})")).empty());
  boost::json::object long_name{{"name", std::string(101, 'a')}};
  EXPECT_EQ(Errors("updateProfile", long_name), (Keys{{"name", "validation:length.max"}}));
  boost::json::object max_lastname{{"lastname", std::string(100, 'a')}};
  EXPECT_TRUE(Errors("updateProfile", max_lastname).empty());
  boost::json::object long_lastname{{"lastname", std::string(101, 'a')}};
  EXPECT_EQ(Errors("updateProfile", long_lastname), (Keys{{"lastname", "validation:length.max"}}));
}

TEST_F(InputTest, AWelcomeChoiceIsOneOfTwoIntentsAndACountryId) {
  EXPECT_TRUE(Errors("completeWelcome", boost::json::parse(R"({"intent": "customer"})")).empty());
  EXPECT_TRUE(
      Errors("completeWelcome", boost::json::parse(R"({"intent": "performer", "job_country_id": null})"))
          .empty());
  EXPECT_EQ(Errors("completeWelcome", boost::json::parse(R"({})")),
            (Keys{{"intent", "validation:required"}}));
  // Welcome's own keys, as Identity::CompleteWelcome gives them for what reaches it.
  EXPECT_EQ(Errors("completeWelcome", boost::json::parse(R"({"intent": "admin"})")),
            (Keys{{"intent", "marketplace:welcome.intent_unknown"}}));
  EXPECT_EQ(Errors("completeWelcome", boost::json::parse(R"({"intent": "performer", "job_country_id": 0})")),
            (Keys{{"job_country_id", "marketplace:catalog.country_unknown"}}));
  EXPECT_EQ(Errors("completeWelcome",
                   boost::json::parse(R"({"intent": "performer", "job_country_id": 2147483648})")),
            (Keys{{"job_country_id", "marketplace:catalog.country_unknown"}}));
  EXPECT_EQ(
      Errors("completeWelcome", boost::json::parse(R"({"intent": "performer", "job_country_id": "KZ"})")),
      (Keys{{"job_country_id", "validation:type.integer"}}));
}

}  // namespace
}  // namespace artel::identity
