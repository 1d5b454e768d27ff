#include "static_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "artel/i18n/catalog.hpp"

namespace artel::server {
namespace {

namespace fs = std::filesystem;

void WriteFile(const fs::path& path, std::string_view content) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << content;
  ASSERT_TRUE(out.good()) << path;
}

std::string HeaderOf(const StaticReply& reply, std::string_view name) {
  for (const auto& [key, value] : reply.headers) {
    if (key == name) return value;
  }
  return {};
}

class StaticFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("artel-static-" + std::to_string(std::random_device{}()));
    root_ = base_ / "dist";
    WriteFile(root_ / "index.html", "<!doctype html><title>app</title>");
    WriteFile(root_ / "assets" / "main.0123abcd.js", "console.info('plain');");
    WriteFile(root_ / "assets" / "main.0123abcd.js.gz", "gzip-bytes");
    WriteFile(root_ / "assets" / "main.0123abcd.js.br", "brotli-bytes");
    WriteFile(root_ / "robots.txt", "User-agent: *\n");
    WriteFile(root_ / ".env", "SECRET=1\n");
    WriteFile(base_ / "secret.txt", "outside");
    fs::create_symlink(base_ / "secret.txt", root_ / "leak.txt");
  }
  void TearDown() override { fs::remove_all(base_); }

  StaticReply Get(std::string_view path, std::string_view accept_encoding = "",
                  std::string_view if_none_match = "", std::string_view range = "",
                  std::string_view if_range = "") {
    return ServeStatic(root_,
                       {.path = path,
                        .accept_encoding = accept_encoding,
                        .if_none_match = if_none_match,
                        .range = range,
                        .if_range = if_range,
                        .lang = "en"},
                       catalog_);
  }

  fs::path base_;
  fs::path root_;
  i18n::Catalog catalog_ = i18n::Catalog::Load("i18n", {"en", "ru"});
};

TEST_F(StaticFilesTest, ServesHashedAssetsImmutableWithTheBestEncoding) {
  auto reply = Get("/assets/main.0123abcd.js", "gzip, deflate, br");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.file.filename(), "main.0123abcd.js.br");
  EXPECT_EQ(reply.content_length, std::string_view("brotli-bytes").size());
  EXPECT_EQ(HeaderOf(reply, "Content-Encoding"), "br");
  EXPECT_EQ(HeaderOf(reply, "Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(HeaderOf(reply, "Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(HeaderOf(reply, "Vary"), "Accept-Encoding");

  reply = Get("/assets/main.0123abcd.js", "gzip");
  EXPECT_EQ(reply.file.filename(), "main.0123abcd.js.gz");
  EXPECT_EQ(HeaderOf(reply, "Content-Encoding"), "gzip");

  reply = Get("/assets/main.0123abcd.js", "identity");
  EXPECT_EQ(reply.file.filename(), "main.0123abcd.js");
  EXPECT_EQ(HeaderOf(reply, "Content-Encoding"), "");
  EXPECT_EQ(HeaderOf(reply, "Vary"), "Accept-Encoding");
}

TEST_F(StaticFilesTest, ETagsDifferPerEncodingAndAnswer304) {
  auto plain = Get("/assets/main.0123abcd.js");
  auto brotli = Get("/assets/main.0123abcd.js", "br");
  auto etag = HeaderOf(plain, "ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_NE(etag, HeaderOf(brotli, "ETag"));

  auto cached = Get("/assets/main.0123abcd.js", "", etag);
  EXPECT_EQ(cached.status, 304);
  EXPECT_TRUE(cached.file.empty());
  EXPECT_EQ(HeaderOf(cached, "ETag"), etag);
  EXPECT_EQ(Get("/assets/main.0123abcd.js", "br", etag).status, 200);
}

TEST_F(StaticFilesTest, HistoryFallbackServesIndexForRoutes) {
  for (std::string_view path :
       {"/", "/ru", "/ru/orders", "/en/orders/12", "/en/user/john.doe", "/settings"}) {
    auto reply = Get(path);
    EXPECT_EQ(reply.status, 200) << path;
    EXPECT_EQ(reply.file.filename(), "index.html") << path;
    EXPECT_EQ(HeaderOf(reply, "Cache-Control"), "no-cache") << path;
    EXPECT_EQ(HeaderOf(reply, "Content-Type"), "text/html; charset=utf-8") << path;
  }
  EXPECT_EQ(Get("/index.html").file.filename(), "index.html");
  EXPECT_EQ(HeaderOf(Get("/index.html"), "Cache-Control"), "no-cache");
}

TEST_F(StaticFilesTest, MissingFilesWithAnExtensionAre404) {
  auto reply = Get("/missing.js");
  EXPECT_EQ(reply.status, 404);
  EXPECT_TRUE(reply.file.empty());
  EXPECT_EQ(HeaderOf(reply, "Content-Type"), "text/plain; charset=utf-8");
  EXPECT_EQ(Get("/assets/main.ffffffff.js").status, 404);
}

TEST_F(StaticFilesTest, NeverLeavesTheRootOrShowsHiddenFiles) {
  auto leak = Get("/leak.txt");
  EXPECT_EQ(leak.status, 404);
  EXPECT_TRUE(leak.file.empty());
  auto hidden = Get("/.env");
  EXPECT_EQ(hidden.status, 404);
  EXPECT_TRUE(hidden.file.empty());
  EXPECT_EQ(Get("/robots.txt").file.filename(), "robots.txt");
  EXPECT_EQ(HeaderOf(Get("/robots.txt"), "Cache-Control"), "no-cache");
}

TEST_F(StaticFilesTest, WithoutIndexRoutesGetTheNotBuiltPage) {
  fs::remove(root_ / "index.html");
  auto reply = Get("/ru/orders");
  EXPECT_EQ(reply.status, 503);
  EXPECT_TRUE(reply.file.empty());
  EXPECT_NE(reply.body.find("not built"), std::string::npos);
  EXPECT_EQ(HeaderOf(reply, "Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(Get("/missing.js").status, 404);

  auto missing_root = ServeStatic(base_ / "nowhere", {.path = "/", .lang = "ru"}, catalog_);
  EXPECT_EQ(missing_root.status, 503);
  EXPECT_NE(missing_root.body.find("lang=\"ru\""), std::string::npos);
}

TEST_F(StaticFilesTest, ServesByteRangesFromTheUncompressedFile) {
  auto reply = Get("/assets/main.0123abcd.js", "br", "", "bytes=0-6");
  EXPECT_EQ(reply.status, 206);
  EXPECT_TRUE(reply.file.empty());
  EXPECT_EQ(reply.body, "console");
  EXPECT_EQ(HeaderOf(reply, "Content-Range"), "bytes 0-6/22");
  EXPECT_EQ(HeaderOf(reply, "Content-Encoding"), "");

  auto tail = Get("/assets/main.0123abcd.js", "", "", "bytes=-3");
  EXPECT_EQ(tail.body, "');");

  auto past = Get("/assets/main.0123abcd.js", "", "", "bytes=22-");
  EXPECT_EQ(past.status, 416);
  EXPECT_EQ(HeaderOf(past, "Content-Range"), "bytes */22");

  auto etag = HeaderOf(Get("/assets/main.0123abcd.js"), "ETag");
  EXPECT_EQ(Get("/assets/main.0123abcd.js", "", "", "bytes=0-6", etag).status, 206);
  auto changed = Get("/assets/main.0123abcd.js", "", "", "bytes=0-6", "\"other\"");
  EXPECT_EQ(changed.status, 200);
  EXPECT_EQ(changed.content_length, 22u);
}

TEST(LooksLikeRouteTest, LanguagePrefixesAndExtensionlessPaths) {
  EXPECT_TRUE(LooksLikeRoute("/"));
  EXPECT_TRUE(LooksLikeRoute("/en"));
  EXPECT_TRUE(LooksLikeRoute("/ru/orders"));
  EXPECT_TRUE(LooksLikeRoute("/ru/files/report.pdf"));
  EXPECT_TRUE(LooksLikeRoute("/orders"));
  EXPECT_FALSE(LooksLikeRoute("/favicon.ico"));
  EXPECT_FALSE(LooksLikeRoute("/assets/main.js"));
  EXPECT_FALSE(LooksLikeRoute("/eng.js"));
}

}  // namespace
}  // namespace artel::server
