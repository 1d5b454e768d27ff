// The bodies of identity's converted operations as the contract (api.yaml, compiled into the library) checks
// them: what reaches Identity is already of the right shape and length.

#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <map>
#include <string>

#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::identity {
/// libs/identity/api.yaml, compiled into libs/identity.
std::string_view ContractPart();

namespace {

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class InputTest : public web::testing::ContractBodyTest {
 protected:
  InputTest() : ContractBodyTest({{"identity", ContractPart()}}) {}
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
            (Keys{{"intent", "auth:welcome.intent_unknown"}}));
  EXPECT_EQ(Errors("completeWelcome", boost::json::parse(R"({"intent": "performer", "job_country_id": 0})")),
            (Keys{{"job_country_id", "catalog:country_unknown"}}));
  EXPECT_EQ(Errors("completeWelcome",
                   boost::json::parse(R"({"intent": "performer", "job_country_id": 2147483648})")),
            (Keys{{"job_country_id", "catalog:country_unknown"}}));
  EXPECT_EQ(
      Errors("completeWelcome", boost::json::parse(R"({"intent": "performer", "job_country_id": "KZ"})")),
      (Keys{{"job_country_id", "validation:type.integer"}}));
}

TEST_F(InputTest, PasswordsAreNotTrimmedAndOnlyBoundedByTheSchema) {
  EXPECT_TRUE(Errors("changePassword",
                     boost::json::parse(R"({"current_password": " old ", "password": " Secret-pass-1 "})"))
                  .empty());
  // A new password's rules are CheckPassword's, run by Identity, which lists every one it breaks at once: the
  // schema passes a short or weak one.
  EXPECT_EQ(Errors("changePassword", boost::json::parse(R"({"password": "abc"})")),
            (Keys{{"current_password", "validation:required"}}));
  EXPECT_TRUE(
      Errors("resetPassword", boost::json::parse(R"({"token": "t", "password": "aaaaaaaa"})")).empty());
  boost::json::object huge{{"current_password", "x"}, {"password", std::string(4097, 'a')}};
  EXPECT_EQ(Errors("changePassword", huge), (Keys{{"password", "validation:length.max"}}));
  EXPECT_EQ(Errors("resetPassword", boost::json::parse(R"({"token": " ", "password": "aaaaaaaa"})")),
            (Keys{{"token", "validation:required"}}));
}

TEST_F(InputTest, AddressesAreMailableAndTokensBounded) {
  EXPECT_EQ(Errors("forgotPassword", boost::json::parse(R"({"email": "not-an-address"})")),
            (Keys{{"email", "validation:email"}}));
  EXPECT_EQ(Errors("forgotPassword", boost::json::parse(R"({})")), (Keys{{"email", "validation:required"}}));
  EXPECT_EQ(Errors("changeEmail", boost::json::parse(R"({"email": "a@example.com"})")),
            (Keys{{"password", "validation:required"}}));
  // A guest's missing address is Identity::ResendVerificationTo's (a signed-in caller sends none).
  EXPECT_TRUE(Errors("resendVerification", boost::json::object()).empty());
  EXPECT_EQ(Errors("resendVerification", boost::json::parse(R"({"email": "x"})")),
            (Keys{{"email", "validation:email"}}));
  boost::json::object long_token{{"token", std::string(257, 'a')}};
  EXPECT_EQ(Errors("verifyEmail", long_token), (Keys{{"token", "validation:length.max"}}));
}

TEST_F(InputTest, RegisteringNeedsTheTermsAccepted) {
  const auto valid = boost::json::parse(
      R"({"name": "Зоя", "email": "zoya@example.com", "password": "Secret-pass-1", "accept_terms": true})");
  EXPECT_TRUE(Errors("register", valid).empty());
  auto refused = valid;
  refused.as_object()["accept_terms"] = false;
  EXPECT_EQ(Errors("register", refused), (Keys{{"accept_terms", "auth:terms_required"}}));
  refused.as_object().erase("accept_terms");
  EXPECT_EQ(Errors("register", refused), (Keys{{"accept_terms", "auth:terms_required"}}));
  EXPECT_EQ(Errors("register", boost::json::parse(R"({"accept_terms": true})")),
            (Keys{{"email", "validation:required"},
                  {"name", "validation:required"},
                  {"password", "validation:required"}}));
}

TEST_F(InputTest, ALoginRemembersByDefaultAndKeepsThePasswordAsSent) {
  boost::json::value body = boost::json::parse(R"({"email": "a@example.com", "password": " pass "})");
  ValidationErrors errors;
  contract.CheckBody(contract.Find("login"), body, errors);
  EXPECT_NO_THROW(errors.ThrowIfAny());
  EXPECT_EQ(body.at("remember"), boost::json::value(true)) << "a persistent cookie unless asked otherwise";
  EXPECT_EQ(body.at("password"), boost::json::value(" pass "));
  EXPECT_EQ(
      Errors("login", boost::json::parse(R"({"email": "a@example.com", "password": "x", "client": "app"})")),
      (Keys{{"client", "validation:one_of"}}));
}

}  // namespace
}  // namespace artel::identity
