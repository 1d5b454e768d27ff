#include "artel/kernel/cursor.hpp"

#include <gtest/gtest.h>

#include "artel/core/crypto.hpp"
#include "artel/core/time.hpp"

namespace artel::kernel {
namespace {

TEST(CursorTest, RoundTripsKeyIdAndFlags) {
  auto text = EncodeCursor("d", 1700000000123456, 42);
  auto cursor = DecodeCursor("d", text);
  ASSERT_TRUE(cursor);
  EXPECT_EQ(cursor->key, 1700000000123456);
  EXPECT_EQ(cursor->id, 42);
  EXPECT_EQ(cursor->flags, "");

  auto flagged = DecodeCursor("b", EncodeCursor("b", -1, 7, "f"));
  ASSERT_TRUE(flagged);
  EXPECT_EQ(flagged->key, -1);
  EXPECT_EQ(flagged->flags, "f");
}

TEST(CursorTest, KeepsTheFormatClientsAlreadyHold) {
  // Cursors handed out before the codec moved to the kernel must still decode.
  EXPECT_EQ(EncodeCursor("d", 5, 9, "f"), Base64UrlEncode("df:5:9"));
  EXPECT_EQ(DecodeCursor("b", Base64UrlEncode("b:100:3"))->key, 100);
}

TEST(CursorTest, RefusesForeignOrDamagedCursors) {
  auto text = EncodeCursor("d", 1700000000123456, 42);
  EXPECT_FALSE(DecodeCursor("b", text));
  EXPECT_FALSE(DecodeCursor("", text));
  EXPECT_FALSE(DecodeCursor("d", "not a cursor"));
  EXPECT_FALSE(DecodeCursor("d", text.substr(0, text.size() - 2)));
  EXPECT_FALSE(DecodeCursor("d", Base64UrlEncode("d:1:-2")));
  EXPECT_FALSE(DecodeCursor("d", Base64UrlEncode("d:1:2x")));
  EXPECT_FALSE(DecodeCursor("d", Base64UrlEncode("d::2")));
  EXPECT_FALSE(DecodeCursor("d", Base64UrlEncode("d:1")));
  EXPECT_FALSE(DecodeCursor("d", Base64UrlEncode("d:1:")));
  EXPECT_FALSE(DecodeCursor("d", Base64UrlEncode("dF:1:2")));
  EXPECT_FALSE(DecodeCursor("d", std::string(200, 'A')));
}

TEST(CursorTest, TimesSurviveAsMicroseconds) {
  auto time = *ParseIsoTime("2026-11-22T12:00:00.123456Z");
  EXPECT_EQ(CursorTime(CursorKey(time)), time);
}

}  // namespace
}  // namespace artel::kernel
