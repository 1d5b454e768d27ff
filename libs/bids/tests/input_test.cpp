// The bids' bodies as the contract (api.yaml, compiled into the library, over orders' part) checks them, and
// the bid's rules the service runs on every Create and Update (CheckRules) against a small catalog.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <string>

#include "artel/bids/bids.hpp"
#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::orders {
/// libs/orders/api.yaml, compiled into libs/orders.
std::string_view ContractPart();
}  // namespace artel::orders

namespace artel::bids {
/// libs/bids/api.yaml, compiled into libs/bids.
std::string_view ContractPart();

namespace {

using Keys = std::map<std::string, std::string>;

Keys KeysOf(ValidationErrors& errors) {
  Keys keys;
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  }
  return keys;
}

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class BidBodyTest : public web::testing::ContractBodyTest {
 protected:
  BidBodyTest() : ContractBodyTest({{"orders", orders::ContractPart()}, {"bids", ContractPart()}}) {}
};

TEST_F(BidBodyTest, ABidNeedsItsKindCommentAndTerm) {
  EXPECT_TRUE(Errors("createBid", R"({"kind": "final", "comment": "I can do it", "term_days": 5,
                                     "price": {"amount": 100000, "currency": "RUB"}})")
                  .empty());
  EXPECT_TRUE(
      Errors("updateBid", R"({"kind": "preliminary", "comment": "Roughly", "term_days": 3})").empty());
  EXPECT_EQ(Errors("createBid", R"({})"), (Keys{{"comment", "validation:required"},
                                                {"kind", "validation:required"},
                                                {"term_days", "validation:required"}}));
  const auto keys = Errors("createBid", R"({"kind": "maybe", "comment": "", "term_days": 366})");
  EXPECT_EQ(keys.at("kind"), "bids:kind_unknown");
  EXPECT_TRUE(keys.contains("comment"));
  EXPECT_TRUE(keys.contains("term_days"));
}

TEST_F(BidBodyTest, SelectionInvitationAndJobOfferNameTheirIds) {
  EXPECT_EQ(Errors("selectPerformer", R"({})"), (Keys{{"bid_id", "validation:required"}}));
  EXPECT_EQ(Errors("selectPerformer", R"({"bid_id": "first"})"),
            (Keys{{"bid_id", "validation:type.integer"}}));
  EXPECT_TRUE(Errors("inviteToOrder", R"({"performer_id": 7})").empty());
  EXPECT_EQ(Errors("inviteToOrder", R"({"performer_id": 0})"),
            (Keys{{"performer_id", "validation:type.integer"}}));
  EXPECT_TRUE(Errors("createJobOffer", R"({"name": "Landing page for a bakery", "performer_id": 7,
    "description": "A one-page site with a menu and prices.", "category_id": 1, "payment_option": "contract"})")
                  .empty());
  const auto keys =
      Errors("createJobOffer", R"({"name": "abc", "category_id": 1, "payment_option": "contract"})");
  EXPECT_EQ(keys.at("name"), "validation:length.min");
  EXPECT_EQ(keys.at("description"), "validation:required");
  EXPECT_EQ(keys.at("performer_id"), "validation:required");
}

catalog::Snapshot TestCatalog() {
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0}};
  return catalog::Snapshot({}, {}, {}, currencies);
}

Keys Check(BidInput& input) {
  static const auto catalog = TestCatalog();
  ValidationErrors errors;
  CheckRules(input, catalog, errors);
  return KeysOf(errors);
}

TEST(BidRulesTest, AFinalBidNeedsAPriceTheServiceChecks) {
  BidInput input;
  input.kind = Kind::kFinal;
  input.comment = "  I can do it  ";
  input.term_days = 5;
  input.price = kernel::Money{100000, "RUB"};
  EXPECT_TRUE(Check(input).empty());
  EXPECT_EQ(input.comment, "I can do it");

  input.price.reset();
  EXPECT_EQ(Check(input), (Keys{{"price", "bids:price_required"}}));
  input.kind = Kind::kPreliminary;
  EXPECT_TRUE(Check(input).empty());

  input.price = kernel::Money{100, "XYZ"};
  EXPECT_EQ(Check(input), (Keys{{"price", "catalog:currency_unknown"}}));
  input.price = kernel::Money{0, "RUB"};
  EXPECT_EQ(Check(input), (Keys{{"price", "orders:budget_positive"}}));
  input.price = kernel::Money{orders::kMaxAmount + 1, "RUB"};
  EXPECT_EQ(Check(input), (Keys{{"price", "orders:budget_too_large"}}));
}

TEST(BidRulesTest, TheCommentAndTermAreCheckedForEveryCaller) {
  BidInput input;
  input.kind = Kind::kPreliminary;
  input.comment = "   ";
  input.term_days = 0;
  const auto keys = Check(input);
  EXPECT_EQ(keys.at("comment"), "validation:required");
  EXPECT_EQ(keys.at("term_days"), "validation:range");
  input.comment = std::string(5001, 'x');
  input.term_days = 365;
  EXPECT_EQ(Check(input), (Keys{{"comment", "validation:length.max"}}));
}

}  // namespace
}  // namespace artel::bids
