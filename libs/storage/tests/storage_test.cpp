#include "artel/storage/storage.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"

namespace artel::storage {
namespace {

using namespace std::string_literals;

const std::string kPngBytes = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s;
const std::string kJpegBytes = "\xff\xd8\xff\xe0\0\x10JFIF"s;
const std::string kGifBytes = "GIF89a\x01\0\x01\0"s;
const std::string kWebpBytes = "RIFF\x24\0\0\0WEBPVP8 "s;

class TempDir {
 public:
  TempDir() : path_(std::filesystem::temp_directory_path() / ("artel-storage-" + ToHex(RandomBytes(6)))) {}
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& Path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST(SniffTypeTest, RecognisesEachSupportedFormat) {
  EXPECT_EQ(SniffType(kPngBytes)->extension, "png");
  EXPECT_EQ(SniffType(kJpegBytes)->content_type, "image/jpeg");
  EXPECT_EQ(SniffType(kGifBytes)->extension, "gif");
  EXPECT_EQ(SniffType("GIF87a..."s)->extension, "gif");
  EXPECT_EQ(SniffType(kWebpBytes)->content_type, "image/webp");
}

TEST(SniffTypeTest, RejectsEverythingElse) {
  EXPECT_FALSE(SniffType(""));
  EXPECT_FALSE(SniffType("hello, I am a text file"));
  EXPECT_FALSE(SniffType("<svg xmlns='http://www.w3.org/2000/svg'/>"));
  EXPECT_FALSE(SniffType("%PDF-1.7"));
  EXPECT_FALSE(SniffType("\x89PNG\r\n"s));             // truncated signature
  EXPECT_FALSE(SniffType("RIFF\x24\0\0\0WAVEfmt "s));  // RIFF, but audio
  EXPECT_FALSE(SniffType("RIFF\0\0\0\0WEB"s));         // too short for the WEBP tag
}

TEST(IsValidNameTest, AcceptsOnlyHashAndKnownExtension) {
  std::string hash(64, 'a');
  EXPECT_TRUE(IsValidName(hash + ".png"));
  EXPECT_TRUE(IsValidName("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.webp"));
  EXPECT_TRUE(IsValidName(hash + ".jpg"));
  EXPECT_TRUE(IsValidName(hash + ".gif"));
  EXPECT_FALSE(IsValidName(hash + ".jpeg"));
  EXPECT_FALSE(IsValidName(hash + ".svg"));
  EXPECT_FALSE(IsValidName(hash + "."));
  EXPECT_FALSE(IsValidName(hash));
  EXPECT_FALSE(IsValidName(std::string(64, 'A') + ".png"));  // upper-case hex
  EXPECT_FALSE(IsValidName(std::string(63, 'a') + ".png"));
  EXPECT_FALSE(IsValidName(std::string(65, 'a') + ".png"));
  EXPECT_FALSE(IsValidName("../" + std::string(61, 'a') + ".png"));
  EXPECT_FALSE(IsValidName(hash + ".png/.."));
  EXPECT_FALSE(IsValidName(""));
}

TEST(FileStoreTest, PutStoresContentAddressedAndReadsBack) {
  TempDir dir;
  FileStore store(dir.Path());
  auto stored = store.Put(kPngBytes);
  EXPECT_EQ(stored.name, ToHex(Sha256(kPngBytes)) + ".png");
  EXPECT_EQ(stored.content_type, "image/png");
  EXPECT_EQ(stored.size, kPngBytes.size());
  EXPECT_TRUE(IsValidName(stored.name));

  auto again = store.Put(kPngBytes);
  EXPECT_EQ(again.name, stored.name);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.Path())) ++files;
  EXPECT_EQ(files, 1u) << "idempotent put leaves one file and no temporary files";

  auto content = store.Read(stored.name);
  ASSERT_TRUE(content);
  EXPECT_EQ(content->bytes, kPngBytes);
  EXPECT_EQ(content->content_type, "image/png");
}

TEST(FileStoreTest, PutRejectsEmptyAndUnknownContent) {
  TempDir dir;
  FileStore store(dir.Path());
  try {
    store.Put("");
    FAIL() << "empty content was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed);
    ASSERT_TRUE(error.Fields().contains("file"));
    EXPECT_EQ(error.Fields().at("file").front().key, "storage:empty");
  }
  try {
    store.Put("just some text pretending to be image/png");
    FAIL() << "text was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kUnsupportedMediaType);
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
}

TEST(FileStoreTest, ReadRejectsBadNamesAndMissingFiles) {
  TempDir dir;
  FileStore store(dir.Path());
  EXPECT_FALSE(store.Read(std::string(64, 'a') + ".png"));
  EXPECT_FALSE(store.Read("../../etc/passwd"));
  std::ofstream(dir.Path() / "notes.txt") << "x";
  EXPECT_FALSE(store.Read("notes.txt"));
  // A valid name whose bytes are not an image (dropped in by hand) is not served.
  std::ofstream(dir.Path() / (std::string(64, 'b') + ".png")) << "text";
  EXPECT_FALSE(store.Read(std::string(64, 'b') + ".png"));
}

TEST(FileUrlTest, PointsAtTheFilesRoute) {
  EXPECT_EQ(FileUrl("x.png"), "/api/files/x.png");
}

}  // namespace
}  // namespace artel::storage
