#include "artel/core/time.hpp"

#include <gtest/gtest.h>

namespace artel {
namespace {

using namespace std::chrono_literals;

TEST(TimeTest, FormatsUtcWithWholeSeconds) {
  TimePoint epoch{};
  EXPECT_EQ(IsoTime(epoch + 1500ms), "1970-01-01T00:00:01Z");
}

TEST(TimeTest, ParsesWhatItFormats) {
  auto parsed = ParseIsoTime("2026-12-31T18:00:00Z");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(IsoTime(*parsed), "2026-12-31T18:00:00Z");
}

TEST(TimeTest, AppliesOffsetsAndAcceptsFractionsAndMissingSeconds) {
  EXPECT_EQ(IsoTime(*ParseIsoTime("2026-12-31T21:00:00+03:00")), "2026-12-31T18:00:00Z");
  EXPECT_EQ(IsoTime(*ParseIsoTime("2026-12-31T13:30-04:30")), "2026-12-31T18:00:00Z");
  EXPECT_EQ(IsoTime(*ParseIsoTime("2026-12-31 18:00:00.123456Z")), "2026-12-31T18:00:00Z");
}

TEST(TimeTest, RejectsMalformedAndImpossibleDates) {
  for (std::string_view text : {"", "2026-12-31", "2026-12-31T18:00:00", "2026-02-30T10:00:00Z",
                                "2026-13-01T10:00Z", "2026-12-31T24:00Z", "2026-12-31T18:00:00+3:00",
                                "2026-12-31T18:00:00Zjunk", "tomorrow", "2026-12-31T18:00:00.Z"}) {
    EXPECT_FALSE(ParseIsoTime(text)) << text;
  }
}

}  // namespace
}  // namespace artel
