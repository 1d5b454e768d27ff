#include "http_util.hpp"

#include <gtest/gtest.h>

namespace artel::server {
namespace {

TEST(ParseTargetTest, SplitsPathAndQueryAndDecodesThePath) {
  auto target = ParseTarget("/api/users/J%C3%B6rg%20K?x=1%202&y");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->path, "/api/users/J\xC3\xB6rg K");
  EXPECT_EQ(target->query, "x=1%202&y");

  target = ParseTarget("/");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->path, "/");
  EXPECT_EQ(target->query, "");
}

TEST(ParseTargetTest, RejectsMalformedPercentEncoding) {
  EXPECT_FALSE(ParseTarget("/a%zz"));
  EXPECT_FALSE(ParseTarget("/a%4"));
  EXPECT_FALSE(ParseTarget("/a%"));
  EXPECT_FALSE(ParseTarget("/a%g0/b"));
}

TEST(ParseTargetTest, RejectsNulAndDotSegments) {
  EXPECT_FALSE(ParseTarget("/a%00b"));
  EXPECT_FALSE(ParseTarget("/../etc/passwd"));
  EXPECT_FALSE(ParseTarget("/%2e%2e/etc/passwd"));
  EXPECT_FALSE(ParseTarget("/%2E%2E"));
  EXPECT_FALSE(ParseTarget("/a/./b"));
  EXPECT_FALSE(ParseTarget("/a/.."));
  EXPECT_FALSE(ParseTarget("/a/%2e%2e%2fetc"));
  // Dots inside a segment are ordinary names.
  EXPECT_TRUE(ParseTarget("/a/..b/c.d"));
  EXPECT_TRUE(ParseTarget("/a/...?q=.."));
}

TEST(ParseTargetTest, RejectsNonOriginForms) {
  EXPECT_FALSE(ParseTarget(""));
  EXPECT_FALSE(ParseTarget("*"));
  EXPECT_FALSE(ParseTarget("http://example.com/"));
}

TEST(IsAppPathTest, ApiAndProbesGoToTheApp) {
  EXPECT_TRUE(IsAppPath("/api/ping"));
  EXPECT_TRUE(IsAppPath("/api"));
  EXPECT_TRUE(IsAppPath("/healthz"));
  EXPECT_TRUE(IsAppPath("/readyz"));
  EXPECT_FALSE(IsAppPath("/apix"));
  EXPECT_FALSE(IsAppPath("/healthz/x"));
  EXPECT_FALSE(IsAppPath("/en/api/ping"));
  EXPECT_FALSE(IsAppPath("/"));
}

TEST(AcceptsEncodingTest, HonoursListsQValuesAndWildcards) {
  EXPECT_TRUE(AcceptsEncoding("gzip, deflate, br", "br"));
  EXPECT_TRUE(AcceptsEncoding("gzip, deflate, br", "gzip"));
  EXPECT_TRUE(AcceptsEncoding("GZIP", "gzip"));
  EXPECT_TRUE(AcceptsEncoding("x-gzip", "gzip"));
  EXPECT_FALSE(AcceptsEncoding("gzip", "br"));
  EXPECT_FALSE(AcceptsEncoding("", "gzip"));
  EXPECT_FALSE(AcceptsEncoding("br;q=0, gzip", "br"));
  EXPECT_FALSE(AcceptsEncoding("br;q=0.000", "br"));
  EXPECT_TRUE(AcceptsEncoding("br;q=0.001", "br"));
  EXPECT_TRUE(AcceptsEncoding("br ; q=0.5", "br"));
  EXPECT_TRUE(AcceptsEncoding("*", "br"));
  EXPECT_FALSE(AcceptsEncoding("*;q=0", "br"));
  EXPECT_FALSE(AcceptsEncoding("*, br;q=0", "br"));
  EXPECT_TRUE(AcceptsEncoding("*;q=0, br", "br"));
  EXPECT_FALSE(AcceptsEncoding("brotli", "br"));
}

TEST(ETagMatchesTest, UsesWeakComparison) {
  EXPECT_TRUE(ETagMatches("\"abc\"", "\"abc\""));
  EXPECT_TRUE(ETagMatches("W/\"abc\"", "\"abc\""));
  EXPECT_TRUE(ETagMatches("\"x\", \"abc\"", "\"abc\""));
  EXPECT_TRUE(ETagMatches("*", "\"abc\""));
  EXPECT_FALSE(ETagMatches("\"abcd\"", "\"abc\""));
  EXPECT_FALSE(ETagMatches("abc", "\"abc\""));
  EXPECT_FALSE(ETagMatches("", "\"abc\""));
}

TEST(ContentTypeForTest, KnowsTheFrontEndsTypes) {
  EXPECT_EQ(ContentTypeFor("html"), "text/html; charset=utf-8");
  EXPECT_EQ(ContentTypeFor("js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(ContentTypeFor("mjs"), "text/javascript; charset=utf-8");
  EXPECT_EQ(ContentTypeFor("CSS"), "text/css; charset=utf-8");
  EXPECT_EQ(ContentTypeFor("svg"), "image/svg+xml");
  EXPECT_EQ(ContentTypeFor("woff2"), "font/woff2");
  EXPECT_EQ(ContentTypeFor("jpeg"), "image/jpeg");
  EXPECT_EQ(ContentTypeFor("webmanifest"), "application/manifest+json");
  EXPECT_EQ(ContentTypeFor("exe"), "application/octet-stream");
  EXPECT_EQ(ContentTypeFor(""), "application/octet-stream");
}

TEST(IsHashedAssetNameTest, FindsContentHashes) {
  EXPECT_TRUE(IsHashedAssetName("main.3f9a1c2b.js"));
  EXPECT_TRUE(IsHashedAssetName("123.0123abcdef.chunk.js"));
  EXPECT_TRUE(IsHashedAssetName("chunk-0123ABCD.css"));
  EXPECT_TRUE(IsHashedAssetName("0123abcd.woff2"));
  EXPECT_FALSE(IsHashedAssetName("main.js"));
  EXPECT_FALSE(IsHashedAssetName("main.3f9a1c2.js"));  // seven digits
  EXPECT_FALSE(IsHashedAssetName("main.3f9a1c2g.js"));
  EXPECT_FALSE(IsHashedAssetName("index.html"));
  EXPECT_FALSE(IsHashedAssetName("0123abcd"));  // no extension: the hash would be the whole name
}

TEST(SecurityHeadersTest, CarriesThePolicies) {
  bool csp = false;
  for (const auto& [name, value] : SecurityHeaders()) {
    if (name == "Content-Security-Policy") {
      csp = value.find("frame-ancestors 'none'") != std::string_view::npos &&
            value.find("script-src 'self'") != std::string_view::npos;
    }
  }
  EXPECT_TRUE(csp);
}

TEST(LastForwardedForTest, TakesTheProxysEntry) {
  EXPECT_EQ(LastForwardedFor("1.2.3.4"), "1.2.3.4");
  EXPECT_EQ(LastForwardedFor("9.9.9.9, 1.2.3.4 "), "1.2.3.4");
  EXPECT_EQ(LastForwardedFor(""), "");
}

TEST(ParseByteRangeTest, ReadsSingleRanges) {
  using Kind = ByteRange::Kind;
  auto range = ParseByteRange("bytes=0-1", 100);
  EXPECT_EQ(range.kind, Kind::kSatisfiable);
  EXPECT_EQ(range.first, 0u);
  EXPECT_EQ(range.last, 1u);
  range = ParseByteRange("bytes=90-", 100);
  EXPECT_EQ(range.kind, Kind::kSatisfiable);
  EXPECT_EQ(range.first, 90u);
  EXPECT_EQ(range.last, 99u);
  range = ParseByteRange("bytes=50-1000", 100);
  EXPECT_EQ(range.last, 99u);
  range = ParseByteRange("bytes=-10", 100);
  EXPECT_EQ(range.first, 90u);
  EXPECT_EQ(range.last, 99u);
  range = ParseByteRange("Bytes=-1000", 100);
  EXPECT_EQ(range.kind, Kind::kSatisfiable);
  EXPECT_EQ(range.first, 0u);
}

TEST(ParseByteRangeTest, RefusesRangesPastTheEndAndIgnoresTheRest) {
  using Kind = ByteRange::Kind;
  EXPECT_EQ(ParseByteRange("bytes=100-", 100).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(ParseByteRange("bytes=-0", 100).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(ParseByteRange("bytes=0-", 0).kind, Kind::kUnsatisfiable);
  EXPECT_EQ(ParseByteRange("bytes=0-1,5-6", 100).kind, Kind::kIgnore);
  EXPECT_EQ(ParseByteRange("bytes=5-1", 100).kind, Kind::kIgnore);
  EXPECT_EQ(ParseByteRange("items=0-1", 100).kind, Kind::kIgnore);
  EXPECT_EQ(ParseByteRange("bytes=a-b", 100).kind, Kind::kIgnore);
  EXPECT_EQ(ParseByteRange("bytes=-", 100).kind, Kind::kIgnore);
  EXPECT_EQ(ParseByteRange("bytes=99999999999999999999-", 100).kind, Kind::kIgnore);
}

TEST(HttpDateTest, FormatsImfFixdate) {
  EXPECT_EQ(FormatHttpDate(0), "Thu, 01 Jan 1970 00:00:00 GMT");
  EXPECT_EQ(FormatHttpDate(1794976200), "Wed, 18 Nov 2026 04:30:00 GMT");
  EXPECT_EQ(HttpDate().size(), std::string_view("Thu, 01 Jan 1970 00:00:00 GMT").size());
}

}  // namespace
}  // namespace artel::server
