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

// The key schedule is kept per thread: alternating keys, a key longer than a block (hashed first, RFC 4231
// case 6) and the same key again must each give the vector's MAC.
TEST(CryptoTest, HmacKeepsNoStateBetweenKeys) {
  const std::string long_key(131, '\xaa');
  const std::string short_key(20, '\x0b');
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(ToHex(HmacSha256(short_key, "Hi There")),
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    EXPECT_EQ(ToHex(HmacSha256(long_key, "Test Using Larger Than Block-Size Key - Hash Key First")),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    EXPECT_EQ(ToHex(HmacSha256(long_key, "Test Using Larger Than Block-Size Key - Hash Key First")),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    EXPECT_EQ(ToHex(HmacSha256("Jefe", "what do ya want for nothing?")),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    EXPECT_EQ(ToHex(HmacSha256("", "")), "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad");
  }
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
