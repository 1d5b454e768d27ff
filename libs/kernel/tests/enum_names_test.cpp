#include "artel/kernel/enum_names.hpp"

#include <gtest/gtest.h>

#include "artel/kernel/side.hpp"

namespace artel::kernel {
namespace {

enum class Color { kRed, kGreen, kBlue };
constexpr EnumNames<Color, 2> kPartial{{{Color::kRed, "red"}, {Color::kGreen, "green"}}};

TEST(EnumNamesTest, NamesAndParsesEveryEntry) {
  static_assert(kPartial.Name(Color::kGreen) == "green");
  static_assert(kPartial.Parse("red") == Color::kRed);
  for (const auto& entry : kPartial) {
    EXPECT_EQ(kPartial.Name(entry.value), entry.name);
    EXPECT_EQ(kPartial.Parse(entry.name), entry.value);
  }
  EXPECT_EQ(kPartial.size(), 2U);
}

TEST(EnumNamesTest, RefusesUnknownNamesAndNamesNoMissingValue) {
  EXPECT_FALSE(kPartial.Parse("blue"));
  EXPECT_FALSE(kPartial.Parse("Red"));
  EXPECT_FALSE(kPartial.Parse(""));
  EXPECT_EQ(kPartial.Name(Color::kBlue), "");
}

TEST(EnumNamesTest, SidesRoundTrip) {
  EXPECT_EQ(SideName(Side::kCustomer), "customer");
  EXPECT_EQ(SideName(Side::kPerformer), "performer");
  EXPECT_EQ(ParseSide("performer"), Side::kPerformer);
  EXPECT_FALSE(ParseSide("admin"));
  EXPECT_EQ(Opposite(Side::kCustomer), Side::kPerformer);
  EXPECT_EQ(Opposite(Side::kPerformer), Side::kCustomer);
}

}  // namespace
}  // namespace artel::kernel
