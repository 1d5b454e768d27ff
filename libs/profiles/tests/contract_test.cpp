// The profiles part of the API contract (libs/profiles/api.yaml, compiled into the library) as web::Contract
// reads it beside the platform's part: the converted operations' routes, access and answers.

#include "artel/web/contract.hpp"

#include <gtest/gtest.h>

#include <string_view>

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::profiles {
/// libs/profiles/api.yaml, compiled into libs/profiles.
std::string_view ContractPart();

namespace {

class ContractTest : public ::testing::Test {
 protected:
  ContractTest() {
    contract.AddPart("platform", web::PlatformContract());
    contract.AddPart("profiles", ContractPart());
  }

  web::Contract contract;
};

TEST_F(ContractTest, PricesAreAGuestsReadOfAnIntegerId) {
  const auto& operation = contract.Find("listPrices");
  EXPECT_EQ(operation.method, web::Method::kGet);
  EXPECT_EQ(operation.path, "/api/freelancers/{id}/prices");
  EXPECT_EQ(operation.pattern, "/api/freelancers/{id:int}/prices");
  EXPECT_EQ(operation.access, web::Access::kGuest);
  EXPECT_EQ(operation.body, nullptr);
  EXPECT_EQ(operation.status, 200);
  ASSERT_NE(operation.response, nullptr);
}

TEST_F(ContractTest, ThePriceWritesAreTheOwnersWithABody) {
  const auto& create = contract.Find("createPrice");
  EXPECT_EQ(create.method, web::Method::kPost);
  EXPECT_EQ(create.pattern, "/api/profile/prices");
  EXPECT_EQ(create.access, web::Access::kUser);
  EXPECT_NE(create.body, nullptr);
  EXPECT_EQ(create.status, 201);
  const auto& update = contract.Find("updatePrice");
  EXPECT_EQ(update.method, web::Method::kPut);
  EXPECT_EQ(update.pattern, "/api/profile/prices/{id:int}");
  EXPECT_EQ(update.status, 200);
  const auto& remove = contract.Find("deletePrice");
  EXPECT_EQ(remove.method, web::Method::kDelete);
  EXPECT_EQ(remove.access, web::Access::kUser);
  EXPECT_EQ(remove.body, nullptr);
  EXPECT_EQ(remove.status, 204);
  const auto& order = contract.Find("reorderPrices");
  EXPECT_EQ(order.pattern, "/api/profile/prices/order");
  EXPECT_EQ(order.access, web::Access::kUser);
}

TEST_F(ContractTest, APortfolioIsReadByGuestsAndWrittenByItsOwner) {
  for (const auto* id : {"getPortfolio", "getPortfolioProject"}) {
    const auto& read = contract.Find(id);
    EXPECT_EQ(read.method, web::Method::kGet) << id;
    EXPECT_EQ(read.access, web::Access::kGuest) << id;
    EXPECT_EQ(read.body, nullptr) << id;
  }
  EXPECT_EQ(contract.Find("getPortfolio").pattern, "/api/freelancers/{id:int}/portfolio");
  for (const auto* id :
       {"createPortfolioGroup", "updatePortfolioGroup", "reorderPortfolioGroups", "createPortfolioProject",
        "updatePortfolioProject", "reorderPortfolioProjects", "setPortfolioAddress"}) {
    const auto& write = contract.Find(id);
    EXPECT_EQ(write.access, web::Access::kUser) << id;
    EXPECT_NE(write.body, nullptr) << id;
  }
  EXPECT_EQ(contract.Find("createPortfolioGroup").status, 201);
  EXPECT_EQ(contract.Find("createPortfolioProject").status, 201);
  EXPECT_EQ(contract.Find("updatePortfolioProject").pattern, "/api/portfolio/projects/{id:int}");
  EXPECT_EQ(contract.Find("deletePortfolioGroup").status, 204);
  EXPECT_EQ(contract.Find("deletePortfolioProject").status, 204);
  EXPECT_EQ(contract.Find("setPortfolioAddress").pattern, "/api/profile/freelancer/slug");
}

TEST_F(ContractTest, TheProfilesAndTheCatalogueAreGuestsReads) {
  const auto& freelancer = contract.Find("getFreelancer");
  EXPECT_EQ(freelancer.pattern, "/api/freelancers/{key}") << "an id or a portfolio address";
  EXPECT_EQ(freelancer.access, web::Access::kGuest);
  EXPECT_EQ(contract.Find("getCustomer").pattern, "/api/customers/{id:int}");
  EXPECT_EQ(contract.Find("getPublicUser").pattern, "/api/users/{id:int}");
  const auto& list = contract.Find("listFreelancers");
  EXPECT_EQ(list.access, web::Access::kGuest);
  EXPECT_EQ(list.query.size(), 16U);
  EXPECT_EQ(contract.Find("countFreelancers").query.size(), 12U) << "no category, sort, cursor or limit";
  for (const auto& parameter : list.query) {
    EXPECT_EQ(parameter.message, parameter.name == "limit" ? "validation:range" : "orders:filter_invalid")
        << parameter.name;
  }
}

TEST_F(ContractTest, APortfolioImageIsARawUploadOfTheSignedIn) {
  const auto& upload = contract.Find("uploadPortfolioImage");
  EXPECT_EQ(upload.method, web::Method::kPost);
  EXPECT_EQ(upload.pattern, "/api/portfolio/images");
  EXPECT_EQ(upload.access, web::Access::kUser);
  EXPECT_TRUE(upload.upload_limit) << "the configured largest image";
  EXPECT_EQ(upload.body, nullptr);
  EXPECT_EQ(upload.status, 201);
}

}  // namespace
}  // namespace artel::profiles
