#include <gtest/gtest.h>

#include "artel/admin/module.hpp"

namespace artel::admin {
namespace {

TEST(AdminCursor, RoundTrips) {
  for (Cursor cursor : {Cursor{0, 1}, Cursor{1732470000123456, 42}, Cursor{-5, 9007199254740993}}) {
    auto decoded = DecodeCursor(EncodeCursor(cursor));
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->micros, cursor.micros);
    EXPECT_EQ(decoded->id, cursor.id);
  }
}

TEST(AdminCursor, RejectsWhatItCannotHaveMade) {
  for (std::string_view text : {"", ".", "1.", ".1", "1.0", "1.-2", "a.1", "1.1a", " 1.1", "1.1.1", "-.1",
                                "99999999999999999999.1", "1,1"}) {
    EXPECT_FALSE(DecodeCursor(text)) << text;
  }
}

}  // namespace
}  // namespace artel::admin
