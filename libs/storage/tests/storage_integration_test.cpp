// Storage against a real PostgreSQL and a real directory: files put and read back in their two spaces, a
// disguised file refused and an image decoded and bounded, and MovePrivateFiles moving a private owner's old
// public files under the FileReferences other owners registered (their SQL evaluated by the database).
// Each test on a fresh migrated database and a fresh directory.

#include <gd.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/storage/private_move.hpp"
#include "artel/storage/storage.hpp"
#include "artel/testing/testing.hpp"

namespace artel::storage {
namespace {

using db::testing::TestDatabase;
using namespace std::chrono_literals;

/// A PNG of `width` x `height` pixels drawn with libgd.
std::string Png(int width, int height) {
  std::unique_ptr<gdImage, decltype(&gdImageDestroy)> image(gdImageCreateTrueColor(width, height),
                                                            &gdImageDestroy);
  for (int x = 0; x < width; x += 7) gdImageLine(image.get(), x, 0, width - x, height - 1, 0x3366cc);
  int size = 0;
  void* data = gdImagePngPtr(image.get(), &size);
  std::string bytes(static_cast<const char*>(data), static_cast<std::size_t>(size));
  gdFree(data);
  return bytes;
}

class StorageTest : public ::testing::Test {
 protected:
  StorageTest()
      : dir_(std::filesystem::temp_directory_path() / ("artel-storage-it-" + ToHex(RandomBytes(6)))),
        files_(dir_) {
    // A private owner's table as MovePrivateFiles expects it, and a public owner's (the avatars').
    db_.Run(
        db_.GetPool().Query("CREATE TABLE public.attachments (id bigint PRIMARY KEY, file_name text NOT "
                            "NULL, thumbnail_name text, "
                            "stored_private boolean NOT NULL DEFAULT false)"));
    db_.Run(db_.GetPool().Query("CREATE TABLE public.avatars (name text PRIMARY KEY)"));
    references_.AddPrivateTable("attachments", "public.attachments");
    references_.Add("avatars", "EXISTS (SELECT 1 FROM public.avatars a WHERE a.name = {name})");
  }
  ~StorageTest() override { std::filesystem::remove_all(dir_); }

  /// Stores `bytes` publicly, as an owner did before private files existed, `age` ago.
  StoredFile OldPublic(std::string_view bytes, std::chrono::hours age = 2h) {
    auto stored = files_.PutAttachment(bytes, Space::kPublic);
    const auto then = std::filesystem::file_time_type::clock::now() - age;
    std::filesystem::last_write_time(files_.Dir() / stored.name, then);
    if (stored.thumbnail_name) std::filesystem::last_write_time(files_.Dir() / *stored.thumbnail_name, then);
    return stored;
  }

  void Row(std::int64_t id, const StoredFile& file) {
    db_.Run(db_.GetPool().Query(
        "INSERT INTO public.attachments (id, file_name, thumbnail_name) VALUES ($1, $2, $3)", id, file.name,
        file.thumbnail_name));
  }

  bool Moved(std::int64_t id) {
    return db_.Run(db_.GetPool().Query("SELECT stored_private FROM public.attachments WHERE id = $1", id))
        .One()
        .Get<bool>(0);
  }

  std::size_t Move() {
    return db_.Run(
        MovePrivateFiles(db_.GetPool(), files_, references_, {"attachments", "public.attachments"}));
  }

  TestDatabase db_;
  std::filesystem::path dir_;
  FileStore files_;
  FileReferences references_;
};

TEST_F(StorageTest, FilesAreReadBackFromTheSpaceTheyWereStoredIn) {
  auto pdf = files_.PutAttachment("%PDF-1.4 a contract", Space::kPrivate);
  EXPECT_TRUE(pdf.name.ends_with(".pdf"));
  EXPECT_TRUE(IsValidName(pdf.name));
  auto read = files_.Read(pdf.name, Space::kPrivate);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->bytes, "%PDF-1.4 a contract");
  EXPECT_EQ(read->content_type, "application/pdf");
  EXPECT_FALSE(files_.Read(pdf.name, Space::kPublic));
  // The same bytes again are the same name; stored publicly they are a second, public file.
  EXPECT_EQ(files_.PutAttachment("%PDF-1.4 a contract", Space::kPrivate).name, pdf.name);
  EXPECT_EQ(files_.PutAttachment("%PDF-1.4 a contract", Space::kPublic).name, pdf.name);
  EXPECT_TRUE(files_.Exists(pdf.name, Space::kPublic));
}

TEST_F(StorageTest, ADisguisedFileIsRefusedAndAnImageIsDecodedAndBounded) {
  // HTML whose first bytes claim PNG is neither an image nor text: nothing is stored.
  const std::string disguised = "\x89PNG\r\n\x1a\n<script>alert(1)</script>";
  EXPECT_THROW(files_.PutImage(disguised), Error);
  EXPECT_THROW(files_.PutAttachment(disguised, Space::kPublic), Error);
  std::size_t stored = 0;
  for (const auto& entry : std::filesystem::directory_iterator(files_.Dir()))
    stored += entry.is_regular_file();
  EXPECT_EQ(stored, 0u);

  auto image = files_.PutImage(Png(900, 300), {.max_side = 600, .thumbnail = true});
  EXPECT_EQ(image.width, 600);
  EXPECT_EQ(image.height, 200);
  ASSERT_TRUE(image.thumbnail_name);
  auto thumbnail = files_.Read(*image.thumbnail_name);
  ASSERT_TRUE(thumbnail);
  EXPECT_TRUE(thumbnail->is_image);
  auto read = files_.Read(image.name);
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->is_image);
  EXPECT_NE(read->bytes, Png(900, 300));  // Re-encoded, never the uploaded bytes.
}

TEST_F(StorageTest, AnOldPublicFileMovesIntoThePrivateSpace) {
  auto file = OldPublic("%PDF-1.4 an invoice");
  auto image = OldPublic(Png(640, 480));
  ASSERT_TRUE(image.thumbnail_name);
  Row(1, file);
  Row(2, image);
  EXPECT_EQ(Move(), 2u);
  EXPECT_TRUE(Moved(1));
  EXPECT_TRUE(Moved(2));
  for (const auto& name : {file.name, image.name, *image.thumbnail_name}) {
    EXPECT_FALSE(files_.Exists(name, Space::kPublic)) << name;
    EXPECT_TRUE(files_.Exists(name, Space::kPrivate)) << name;
  }
  EXPECT_EQ(files_.ReadPrivate(file.name)->bytes, "%PDF-1.4 an invoice");
  // Idempotent: nothing is left to move.
  EXPECT_EQ(Move(), 0u);
}

TEST_F(StorageTest, AFileAPublicOwnerUsesStaysPublic) {
  auto shared = OldPublic(Png(64, 64));
  db_.Run(db_.GetPool().Query("INSERT INTO public.avatars (name) VALUES ($1)", shared.name));
  Row(1, shared);
  EXPECT_EQ(Move(), 1u);
  EXPECT_TRUE(Moved(1));
  // The avatar keeps its public copy; the attachment has its private one.
  EXPECT_TRUE(files_.Exists(shared.name, Space::kPublic));
  EXPECT_TRUE(files_.Exists(shared.name, Space::kPrivate));
  // The thumbnail nobody else uses left the public space.
  EXPECT_FALSE(files_.Exists(*shared.thumbnail_name, Space::kPublic));
}

TEST_F(StorageTest, ARecentPublicCopyWaitsForALaterRound) {
  auto recent = OldPublic("%PDF-1.4 just uploaded", 0h);
  Row(1, recent);
  EXPECT_EQ(Move(), 0u);
  EXPECT_FALSE(Moved(1));
  // It got its private copy already; the public one stays until it is older than the grace.
  EXPECT_TRUE(files_.Exists(recent.name, Space::kPrivate));
  EXPECT_TRUE(files_.Exists(recent.name, Space::kPublic));
  std::filesystem::last_write_time(files_.Dir() / recent.name,
                                   std::filesystem::file_time_type::clock::now() - 2h);
  EXPECT_EQ(Move(), 1u);
  EXPECT_TRUE(Moved(1));
  EXPECT_FALSE(files_.Exists(recent.name, Space::kPublic));
}

}  // namespace
}  // namespace artel::storage
