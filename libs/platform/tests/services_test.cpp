#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artel/platform/module.hpp"

namespace artel::platform {
namespace {

std::vector<std::string> destroyed;

struct First {
  ~First() { destroyed.push_back("first"); }
};
struct Second {
  explicit Second(First& f) : first(f) {}
  ~Second() { destroyed.push_back("second"); }
  First& first;
};

TEST(ServicesTest, ServicesAreFoundByTypeAndDestroyedInReverseOrder) {
  destroyed.clear();
  {
    Services services;
    auto& first = services.Emplace<First>();
    auto& second = services.Emplace<Second>(first);
    EXPECT_EQ(&services.Get<First>(), &first);
    EXPECT_EQ(&services.Get<Second>().first, &first);
    EXPECT_TRUE(services.Has<Second>());
    (void)second;
  }
  EXPECT_EQ(destroyed, (std::vector<std::string>{"second", "first"}));
}

TEST(ServicesTest, AMissingOrSecondServiceIsAProgrammingErrorNamingIt) {
  Services services;
  EXPECT_FALSE(services.Has<First>());
  try {
    services.Get<First>();
    FAIL() << "expected an error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("First"), std::string::npos) << e.what();
  }
  services.Emplace<First>();
  EXPECT_THROW(services.Emplace<First>(), std::logic_error);
}

TEST(ServicesTest, ABorrowedObjectIsNotOwned) {
  destroyed.clear();
  First outside;
  {
    Services services;
    EXPECT_EQ(&services.Borrow(outside), &outside);
    EXPECT_EQ(&services.Get<First>(), &outside);
  }
  EXPECT_TRUE(destroyed.empty());
}

}  // namespace
}  // namespace artel::platform
