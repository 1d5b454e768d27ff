#include "artel/core/crypto.hpp"

#include <gtest/gtest.h>

namespace artel {
namespace {

TEST(CryptoTest, Sha256MatchesKnownVector) {
  EXPECT_EQ(ToHex(Sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(CryptoTest, HmacMatchesRfc4231Case2) {
  EXPECT_EQ(ToHex(HmacSha256("Jefe", "what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(CryptoTest, Base64UrlRoundTripsEveryLength) {
  std::string bytes;
  for (int i = 0; i < 70; ++i) {
    std::string decoded;
    ASSERT_TRUE(Base64UrlDecode(Base64UrlEncode(bytes), decoded));
    EXPECT_EQ(decoded, bytes);
    bytes += static_cast<char>(i * 37);
  }
  EXPECT_EQ(Base64UrlEncode("\xfb\xff"), "-_8");
}

TEST(CryptoTest, Base64UrlRejectsForeignCharacters) {
  std::string out;
  EXPECT_FALSE(Base64UrlDecode("ab+/", out));
  EXPECT_FALSE(Base64UrlDecode("abcde", out));
}

TEST(CryptoTest, RandomTokensAreLongAndDistinct) {
  auto a = RandomToken(32);
  auto b = RandomToken(32);
  EXPECT_EQ(a.size(), 43u);
  EXPECT_NE(a, b);
}

TEST(CryptoTest, ConstantTimeEqualsComparesContentAndLength) {
  EXPECT_TRUE(ConstantTimeEquals("abc", "abc"));
  EXPECT_FALSE(ConstantTimeEquals("abc", "abd"));
  EXPECT_FALSE(ConstantTimeEquals("abc", "abcd"));
}

}  // namespace
}  // namespace artel
