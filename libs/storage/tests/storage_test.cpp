#include "artel/storage/storage.hpp"

#include <gd.h>
#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/web/app.hpp"

namespace artel::storage {
namespace {

using namespace std::string_literals;

const std::string kPngBytes = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s;
const std::string kJpegBytes = "\xff\xd8\xff\xe0\0\x10JFIF"s;
const std::string kGifBytes = "GIF89a\x01\0\x01\0"s;
const std::string kWebpBytes = "RIFF\x24\0\0\0WEBPVP8 "s;

// ---- Test data made here: images drawn with libgd, ZIP archives written by hand. ----

struct ImageDeleter {
  void operator()(gdImagePtr image) const noexcept { gdImageDestroy(image); }
};
using Image = std::unique_ptr<gdImage, ImageDeleter>;

enum class Format { kPng, kJpeg, kWebp, kGif };

/// An encoded `width`×`height` gradient; with `transparent`, its left half is fully transparent.
std::string DrawImage(int width, int height, Format format, bool transparent = false) {
  Image image(gdImageCreateTrueColor(width, height));
  if (!image) throw std::runtime_error("gdImageCreateTrueColor failed");
  gdImageAlphaBlending(image.get(), 0);
  gdImageSaveAlpha(image.get(), 1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      int alpha = transparent && x < width / 2 ? gdAlphaTransparent : gdAlphaOpaque;
      gdImageSetPixel(image.get(), x, y, gdTrueColorAlpha(x * 255 / width, y * 255 / height, 128, alpha));
    }
  }
  int size = 0;
  void* data = nullptr;
  switch (format) {
    case Format::kPng:
      data = gdImagePngPtr(image.get(), &size);
      break;
    case Format::kJpeg:
      data = gdImageJpegPtr(image.get(), &size, 90);
      break;
    case Format::kWebp:
      data = gdImageWebpPtr(image.get(), &size);
      break;
    case Format::kGif:
      data = gdImageGifPtr(image.get(), &size);
      break;
  }
  if (data == nullptr || size <= 0) throw std::runtime_error("libgd could not encode the test image");
  std::string bytes(static_cast<const char*>(data), static_cast<std::size_t>(size));
  gdFree(data);
  return bytes;
}

struct Size {
  int width = 0;
  int height = 0;
  bool operator==(const Size&) const = default;
};

/// Decodes a stored thumbnail (PNG or JPEG) and returns its size; also whether its pixel (0, 0) is
/// transparent.
Size DecodedSize(const std::string& bytes, bool* corner_transparent = nullptr) {
  auto* data = const_cast<char*>(bytes.data());
  auto size = static_cast<int>(bytes.size());
  Image image(bytes.starts_with("\x89PNG") ? gdImageCreateFromPngPtr(size, data)
                                           : gdImageCreateFromJpegPtr(size, data));
  if (!image) throw std::runtime_error("the thumbnail does not decode");
  if (corner_transparent != nullptr) {
    *corner_transparent = gdTrueColorGetAlpha(gdImageTrueColorPixel(image.get(), 0, 0)) == gdAlphaTransparent;
  }
  return {gdImageSX(image.get()), gdImageSY(image.get())};
}

void AppendLe(std::string& out, std::uint64_t value, int width) {
  for (int i = 0; i < width; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

struct ZipEntry {
  std::string name;
  std::string data;
};

/// A ZIP archive of stored (uncompressed) entries, in order; CRCs are left zero (the sniffer reads none).
/// With `zip64`, the end record defers to a ZIP64 end record, as streaming writers produce.
std::string MakeZip(const std::vector<ZipEntry>& entries, bool encrypted = false, bool zip64 = false) {
  std::string archive;
  std::string directory;
  for (const auto& entry : entries) {
    std::uint64_t offset = archive.size();
    std::uint16_t flags = encrypted ? 1 : 0;
    archive += "PK\x03\x04"s;
    AppendLe(archive, 20, 2);  // version needed
    AppendLe(archive, flags, 2);
    AppendLe(archive, 0, 2);  // method: stored
    AppendLe(archive, 0, 4);  // time, date
    AppendLe(archive, 0, 4);  // crc
    AppendLe(archive, entry.data.size(), 4);
    AppendLe(archive, entry.data.size(), 4);
    AppendLe(archive, entry.name.size(), 2);
    AppendLe(archive, 0, 2);
    archive += entry.name + entry.data;

    directory += "PK\x01\x02"s;
    AppendLe(directory, 20, 2);  // version made by
    AppendLe(directory, 20, 2);
    AppendLe(directory, flags, 2);
    AppendLe(directory, 0, 2);
    AppendLe(directory, 0, 4);
    AppendLe(directory, 0, 4);
    AppendLe(directory, entry.data.size(), 4);
    AppendLe(directory, entry.data.size(), 4);
    AppendLe(directory, entry.name.size(), 2);
    AppendLe(directory, 0, 2);  // extra
    AppendLe(directory, 0, 2);  // comment
    AppendLe(directory, 0, 2);  // disk
    AppendLe(directory, 0, 2);  // internal attributes
    AppendLe(directory, 0, 4);  // external attributes
    AppendLe(directory, offset, 4);
    directory += entry.name;
  }
  std::uint64_t directory_offset = archive.size();
  archive += directory;
  if (zip64) {
    std::uint64_t record = archive.size();
    archive += "PK\x06\x06"s;
    AppendLe(archive, 44, 8);  // size of the rest of the record
    AppendLe(archive, 45, 2);  // version made by
    AppendLe(archive, 45, 2);
    AppendLe(archive, 0, 8);  // disk numbers
    AppendLe(archive, entries.size(), 8);
    AppendLe(archive, entries.size(), 8);
    AppendLe(archive, directory.size(), 8);
    AppendLe(archive, directory_offset, 8);
    archive += "PK\x06\x07"s;
    AppendLe(archive, 0, 4);
    AppendLe(archive, record, 8);
    AppendLe(archive, 1, 4);  // total disks
  }
  archive += "PK\x05\x06"s;
  AppendLe(archive, 0, 4);  // disk numbers
  AppendLe(archive, zip64 ? 0xFFFF : entries.size(), 2);
  AppendLe(archive, zip64 ? 0xFFFF : entries.size(), 2);
  AppendLe(archive, zip64 ? 0xFFFFFFFF : directory.size(), 4);
  AppendLe(archive, zip64 ? 0xFFFFFFFF : directory_offset, 4);
  AppendLe(archive, 0, 2);  // comment
  return archive;
}

std::string OfficeXml(std::string main_part) {
  return MakeZip(
      {{"[Content_Types].xml", "<Types/>"}, {"_rels/.rels", "<Relationships/>"}, {main_part, "<x/>"}});
}

std::string OpenDocument(std::string mimetype) {
  return MakeZip({{"mimetype", mimetype}, {"content.xml", "<office:document-content/>"}});
}

/// A PNG signature and an IHDR chunk declaring `width`×`height`, then nothing decodable.
std::string PngHeader(std::uint32_t width, std::uint32_t height) {
  std::string bytes = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR"s;
  for (std::uint32_t value : {width, height}) {
    for (int shift = 24; shift >= 0; shift -= 8) bytes.push_back(static_cast<char>((value >> shift) & 0xFF));
  }
  return bytes + "\x08\x02\0\0\0garbage"s;
}

ErrorCode CodeOf(const std::function<void()>& action, std::string* key = nullptr) {
  try {
    action();
  } catch (const Error& error) {
    if (key != nullptr) *key = error.GetMessage().key;
    return error.Code();
  }
  ADD_FAILURE() << "no artel::Error was thrown";
  return ErrorCode::kInternal;
}

class TempDir {
 public:
  TempDir() : path_(std::filesystem::temp_directory_path() / ("artel-storage-" + ToHex(RandomBytes(6)))) {}
  ~TempDir() { std::filesystem::remove_all(path_); }
  const std::filesystem::path& Path() const { return path_; }

 private:
  std::filesystem::path path_;
};

TEST(ImageOfTest, TheImageAndItsThumbnailAsUrls) {
  const auto with = ImageOf("ab.webp", std::string_view("ab_t.webp"));
  EXPECT_EQ(with.url, FileUrl("ab.webp"));
  EXPECT_EQ(with.thumbnail_url, FileUrl("ab_t.webp"));
  const auto without = ImageOf("cd.png");  // no thumbnail: the image itself
  EXPECT_EQ(without.thumbnail_url, FileUrl("cd.png"));
}

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

TEST(ContentDispositionTest, CarriesTheOriginalNameSafely) {
  const std::string stored = std::string(64, 'a') + ".pdf";
  EXPECT_EQ(ContentDisposition("Brief.pdf", stored),
            "attachment; filename=\"Brief.pdf\"; filename*=UTF-8''Brief.pdf");
  // Cyrillic: an ASCII fallback for old clients, the real name percent-encoded as UTF-8.
  EXPECT_EQ(ContentDisposition("Тз.pdf", stored),
            "attachment; filename=\"____.pdf\"; filename*=UTF-8''%D0%A2%D0%B7.pdf");
  // Header injection and quotes: controls dropped, quotes and separators never reach the quoted string.
  auto header = ContentDisposition("a\r\nSet-Cookie: x=1\"; b/..\\c.pdf", stored);
  EXPECT_EQ(header.find('\r'), std::string::npos);
  EXPECT_EQ(header.find('\n'), std::string::npos);
  EXPECT_EQ(header,
            "attachment; filename=\"aSet-Cookie: x=1_; b_.._c.pdf\"; "
            "filename*=UTF-8''aSet-Cookie%3A%20x%3D1%22%3B%20b_.._c.pdf");
  // The stored type's extension always ends the name; nothing left or invalid UTF-8 → "file.pdf".
  EXPECT_EQ(ContentDisposition("report.exe", stored),
            "attachment; filename=\"report.exe.pdf\"; filename*=UTF-8''report.exe.pdf");
  EXPECT_EQ(ContentDisposition("REPORT.PDF", stored),
            "attachment; filename=\"REPORT.PDF\"; filename*=UTF-8''REPORT.PDF");
  EXPECT_EQ(ContentDisposition("\xff\xfe", stored),
            "attachment; filename=\"file.pdf\"; filename*=UTF-8''file.pdf");
  EXPECT_EQ(ContentDisposition(" .. ", stored),
            "attachment; filename=\"file.pdf\"; filename*=UTF-8''file.pdf");
  EXPECT_EQ(FileUrl("x.pdf", "Тз 1.pdf"), "/api/files/x.pdf?name=%D0%A2%D0%B7%201.pdf");
}

TEST(FileStoreTest, PutImageStoresReencodedContentAddressedAndReadsBack) {
  TempDir dir;
  FileStore store(dir.Path());
  const std::string png = DrawImage(64, 48, Format::kPng);
  auto stored = store.PutImage(png);
  EXPECT_TRUE(stored.name.ends_with(".jpg")) << "an opaque image is re-encoded as JPEG";
  EXPECT_NE(stored.name, ToHex(Sha256(png)) + ".png") << "the uploaded bytes are not what is stored";
  EXPECT_EQ(stored.content_type, "image/jpeg");
  EXPECT_EQ(stored.width, 64);
  EXPECT_EQ(stored.height, 48);
  EXPECT_TRUE(IsValidName(stored.name));
  ASSERT_TRUE(stored.thumbnail_name);

  auto again = store.PutImage(png);
  EXPECT_EQ(again.name, stored.name);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.Path())) ++files;
  EXPECT_EQ(files, 2u) << "idempotent put leaves the image, its thumbnail and no temporary files";

  auto content = store.Read(stored.name);
  ASSERT_TRUE(content);
  EXPECT_EQ(content->bytes.size(), stored.size);
  EXPECT_EQ(content->content_type, "image/jpeg");
  EXPECT_EQ(DecodedSize(content->bytes), (Size{64, 48}));
}

TEST(FileStoreTest, PutImageDropsWhatIsNotPixelsAndScalesDown) {
  TempDir dir;
  FileStore store(dir.Path());
  // A polyglot: a valid GIF with a script appended. Only the decoded pixels are stored.
  const std::string payload = "<script>alert(1)</script>";
  auto stored = store.PutImage(DrawImage(30, 20, Format::kGif) + payload);
  auto content = store.Read(stored.name);
  ASSERT_TRUE(content);
  EXPECT_EQ(content->bytes.find(payload), std::string::npos);
  EXPECT_EQ(DecodedSize(content->bytes), (Size{30, 20}));

  auto big = store.PutImage(DrawImage(1000, 500, Format::kWebp), ImageOptions{.max_side = 400});
  EXPECT_EQ(big.width, 400);
  EXPECT_EQ(big.height, 200);
  EXPECT_EQ(DecodedSize(store.Read(big.name)->bytes), (Size{400, 200}));
  EXPECT_EQ(DecodedSize(store.Read(*big.thumbnail_name)->bytes), (Size{kThumbnailSide, kThumbnailSide / 2}));

  auto transparent = store.PutImage(DrawImage(40, 40, Format::kPng, true), ImageOptions{.thumbnail = false});
  EXPECT_TRUE(transparent.name.ends_with(".png")) << "transparency is kept";
  EXPECT_FALSE(transparent.thumbnail_name);
  bool corner_transparent = false;
  DecodedSize(store.Read(transparent.name)->bytes, &corner_transparent);
  EXPECT_TRUE(corner_transparent);
}

TEST(FileStoreTest, PutImageRefusesForgeriesAndBombs) {
  TempDir dir;
  FileStore store(dir.Path());
  // Issue 14, finding 2: six bytes "GIF89a", a PNG signature with junk, a PNG declaring 100000×100000.
  const std::string png_with_junk = "\x89PNG\r\n\x1a\n"s + std::string(64, '\x5a');
  for (const std::string& bytes : {"GIF89a"s, png_with_junk, PngHeader(100000, 100000), kPngBytes, kGifBytes,
                                   kJpegBytes, kWebpBytes, DrawImage(64, 64, Format::kJpeg).substr(0, 30)}) {
    std::string key;
    EXPECT_EQ(CodeOf([&] { store.PutImage(bytes); }, &key), ErrorCode::kUnsupportedMediaType);
    EXPECT_EQ(key, "errors:codes.UnsupportedMediaType");
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
}

TEST(FileStoreTest, RemovesOnlyFilesStoredBeforeTheCutoff) {
  TempDir dir;
  FileStore store(dir.Path());
  const std::string pdf = "%PDF-1.4\n%%EOF\n";
  auto stored = store.PutAttachment(pdf, Space::kPublic);
  const auto path = dir.Path() / stored.name;
  const auto now = std::filesystem::file_time_type::clock::now();
  std::filesystem::last_write_time(path, now - std::chrono::hours(48));

  EXPECT_FALSE(store.RemoveIfStoredBefore(stored.name, now - std::chrono::hours(72)));
  EXPECT_TRUE(std::filesystem::exists(path)) << "stored after the cutoff";
  // Storing the same bytes again marks the file as stored now: a sweep that found it unused earlier keeps it.
  store.PutAttachment(pdf, Space::kPublic);
  EXPECT_FALSE(store.RemoveIfStoredBefore(stored.name, now - std::chrono::hours(1)));
  EXPECT_TRUE(std::filesystem::exists(path));

  std::filesystem::last_write_time(path, now - std::chrono::hours(48));
  EXPECT_TRUE(store.RemoveIfStoredBefore(stored.name, now - std::chrono::hours(1)));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(store.RemoveIfStoredBefore(stored.name, now)) << "already gone";
  EXPECT_FALSE(store.RemoveIfStoredBefore("../etc/passwd", now)) << "only names the store hands out";
}

TEST(FileStoreTest, RemovesTemporariesAbandonedByInterruptedWritesOnly) {
  TempDir dir;
  FileStore store(dir.Path());
  auto stored = store.PutAttachment("%PDF-1.4\n%%EOF\n", Space::kPublic);
  store.PutAttachment("%PDF-1.4\n%%EOF\n", Space::kPrivate);
  const auto now = std::filesystem::file_time_type::clock::now();
  const auto write = [&](const std::filesystem::path& path, std::chrono::hours age) {
    std::ofstream(path) << "half";
    std::filesystem::last_write_time(path, now - age);
  };
  // A write killed before its rename, in each space; one still in flight; and old stored files.
  const auto old_public = dir.Path() / ("." + stored.name + ".0123456789abcdef.tmp");
  const auto old_private = store.Dir(Space::kPrivate) / ("." + stored.name + ".fedcba9876543210.tmp");
  const auto in_flight = dir.Path() / ("." + stored.name + ".00aa00aa00aa00aa.tmp");
  write(old_public, std::chrono::hours(2));
  write(old_private, std::chrono::hours(30));
  write(in_flight, std::chrono::hours(0));
  std::filesystem::last_write_time(dir.Path() / stored.name, now - std::chrono::hours(48));

  EXPECT_EQ(store.RemoveAbandonedTemporaries(), 2U);
  EXPECT_FALSE(std::filesystem::exists(old_public));
  EXPECT_FALSE(std::filesystem::exists(old_private));
  EXPECT_TRUE(std::filesystem::exists(in_flight)) << "a write in flight keeps its file";
  EXPECT_TRUE(std::filesystem::exists(dir.Path() / stored.name))
      << "stored files are the domains' sweeps' business";
  EXPECT_TRUE(store.Exists(stored.name, Space::kPrivate));
  EXPECT_EQ(store.RemoveAbandonedTemporaries(), 0U);
}

TEST(FileStoreTest, PutImageRejectsEmptyAndUnknownContent) {
  TempDir dir;
  FileStore store(dir.Path());
  try {
    store.PutImage("");
    FAIL() << "empty content was accepted";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed);
    ASSERT_TRUE(error.Fields().contains("file"));
    EXPECT_EQ(error.Fields().at("file").front().key, "storage:empty");
  }
  try {
    store.PutImage("just some text pretending to be image/png");
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

TEST(SniffTypeTest, AttachmentsAcceptImagesPdfAndText) {
  for (const auto* image : {&kPngBytes, &kJpegBytes, &kGifBytes, &kWebpBytes}) {
    EXPECT_EQ(SniffType(*image, Accept::kAttachments), SniffType(*image)) << *image;
  }
  EXPECT_TRUE(SniffType(kPngBytes, Accept::kAttachments)->is_image);

  auto pdf = SniffType("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"s, Accept::kAttachments);
  ASSERT_TRUE(pdf);
  EXPECT_EQ(pdf->extension, "pdf");
  EXPECT_EQ(pdf->content_type, "application/pdf");
  EXPECT_FALSE(pdf->is_image);
  EXPECT_FALSE(SniffType("%PDF-1.7"));  // not an avatar

  for (std::string text : {"hello, I am a text file"s, "name;price\nЛампа;1200\n"s,
                           "\xef\xbb\xbf"
                           "BOM first"s,
                           "<html><script>alert(1)</script>"s, "PK is just two letters"s}) {
    auto type = SniffType(text, Accept::kAttachments);
    ASSERT_TRUE(type) << text;
    EXPECT_EQ(type->extension, "txt");
    EXPECT_EQ(type->content_type, "text/plain; charset=utf-8");
    EXPECT_FALSE(SniffType(text)) << "text is not an avatar";
  }
}

TEST(SniffTypeTest, AttachmentsRejectBinaryAndBrokenText) {
  EXPECT_FALSE(SniffType("", Accept::kAttachments));
  EXPECT_FALSE(SniffType("text\0with a NUL"s, Accept::kAttachments));
  EXPECT_FALSE(SniffType("caf\xe9"s, Accept::kAttachments));             // Latin-1, not UTF-8
  EXPECT_FALSE(SniffType("\xc0\xaf"s, Accept::kAttachments));            // overlong '/'
  EXPECT_FALSE(SniffType("\xed\xa0\x80"s, Accept::kAttachments));        // surrogate
  EXPECT_FALSE(SniffType("MZ\x90\0\x03\0\0\0"s, Accept::kAttachments));  // a Windows executable
  EXPECT_FALSE(SniffType("\xff\xfeh\0i\0"s, Accept::kAttachments));      // UTF-16
  EXPECT_FALSE(
      SniffType("\x7f"
                "ELF\x02\x01\x01\0"s,
                Accept::kAttachments));
}

TEST(SniffTypeTest, TellsZipAndOfficeFormatsApart) {
  auto extension = [](const std::string& bytes) {
    auto type = SniffType(bytes, Accept::kAttachments);
    return type ? std::string(type->extension) : "(none)"s;
  };
  EXPECT_EQ(extension(MakeZip({{"readme.md", "# hi"}, {"src/main.cpp", "int main() {}"}})), "zip");
  EXPECT_EQ(extension(MakeZip({})), "zip");  // an empty archive is only its end record
  EXPECT_EQ(extension(OfficeXml("word/document.xml")), "docx");
  EXPECT_EQ(extension(OfficeXml("xl/workbook.xml")), "xlsx");
  EXPECT_EQ(extension(OfficeXml("ppt/presentation.xml")), "pptx");
  EXPECT_EQ(extension(OpenDocument("application/vnd.oasis.opendocument.text")), "odt");
  EXPECT_EQ(extension(OpenDocument("application/vnd.oasis.opendocument.spreadsheet")), "ods");
  // Types we do not name stay plain archives.
  EXPECT_EQ(extension(OpenDocument("application/vnd.oasis.opendocument.presentation")), "zip");
  EXPECT_EQ(extension(MakeZip({{"word/document.xml", "<x/>"}})), "zip");  // no [Content_Types].xml
  EXPECT_EQ(extension(MakeZip({{"[Content_Types].xml", "<Types/>"},
                               {"word/document.xml", "<x/>"},
                               {"word/vbaProject.bin", "macros"}})),
            "zip");  // a .docm

  EXPECT_EQ(extension(MakeZip({{"[Content_Types].xml", "<Types/>"}, {"xl/workbook.xml", "<x/>"}}, false,
                              /*zip64=*/true)),
            "xlsx");
  std::string zip64 = MakeZip({{"a", "b"}}, false, /*zip64=*/true);
  std::string broken_locator = zip64;
  broken_locator[broken_locator.size() - 22 - 20 + 8] = '\x01';  // the locator points off the ZIP64 record
  EXPECT_EQ(extension(broken_locator), "(none)");

  auto docx = SniffType(OfficeXml("word/document.xml"), Accept::kAttachments);
  EXPECT_EQ(docx->content_type, "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
  EXPECT_FALSE(docx->is_image);
  EXPECT_FALSE(SniffType(OfficeXml("word/document.xml"))) << "not an avatar";
}

TEST(SniffTypeTest, RejectsEncryptedAndMalformedArchives) {
  auto sniff = [](const std::string& bytes) { return SniffType(bytes, Accept::kAttachments); };
  EXPECT_FALSE(sniff(MakeZip({{"secret.txt", "xxxx"}}, /*encrypted=*/true)));
  std::string zip = MakeZip({{"a.txt", "aaaa"}, {"b.txt", "bbbb"}});
  EXPECT_FALSE(sniff(zip.substr(0, zip.size() - 1)));  // the end record cut
  EXPECT_FALSE(sniff(zip.substr(0, 40)));              // only the first local header
  std::string trailing = zip + "junk";                 // the end record no longer ends the file
  EXPECT_FALSE(sniff(trailing));
  std::string bad_offset = zip;
  bad_offset[bad_offset.size() - 6] = '\x7f';  // central directory offset past the end
  EXPECT_FALSE(sniff(bad_offset));
  std::string bad_count = zip;
  bad_count[bad_count.size() - 12] = '\x03';  // three entries claimed, two present
  EXPECT_FALSE(sniff(bad_count));
  EXPECT_FALSE(sniff("PK\x03\x04"s));
}

TEST(IsValidNameTest, AcceptsAttachmentExtensions) {
  std::string hash(64, 'c');
  for (const char* extension : {"pdf", "zip", "docx", "xlsx", "pptx", "odt", "ods", "txt"}) {
    EXPECT_TRUE(IsValidName(hash + "." + extension)) << extension;
  }
  for (const char* extension : {"doc", "html", "svg", "exe", "csv", "TXT", "txt ", "docm"}) {
    EXPECT_FALSE(IsValidName(hash + "." + extension)) << extension;
  }
}

TEST(FileStoreTest, PutImageAcceptsOnlyImages) {
  TempDir dir;
  FileStore store(dir.Path());
  for (const std::string& bytes : {"%PDF-1.4"s, "plain text"s, OfficeXml("word/document.xml")}) {
    std::string key;
    EXPECT_EQ(CodeOf([&] { store.PutImage(bytes); }, &key), ErrorCode::kUnsupportedMediaType);
    EXPECT_EQ(key, "errors:codes.UnsupportedMediaType");
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
}

TEST(FileStoreTest, PutAttachmentStoresDocumentsWithoutThumbnail) {
  TempDir dir;
  FileStore store(dir.Path());
  const std::string pdf = "%PDF-1.4\n%%EOF\n";
  const std::string csv = "id,name\n1,Аня\n";
  const std::string xlsx = OfficeXml("xl/workbook.xml");
  for (const auto& [bytes, extension, content_type] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {pdf, "pdf", "application/pdf"},
           {csv, "txt", "text/plain; charset=utf-8"},
           {xlsx, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}}) {
    auto stored = store.PutAttachment(bytes, Space::kPublic);
    EXPECT_EQ(stored.name, ToHex(Sha256(bytes)) + "." + extension);
    EXPECT_EQ(stored.content_type, content_type);
    EXPECT_EQ(stored.size, bytes.size());
    EXPECT_FALSE(stored.thumbnail_name);
    auto content = store.Read(stored.name);
    ASSERT_TRUE(content) << stored.name;
    EXPECT_EQ(content->bytes, bytes);
    EXPECT_EQ(content->content_type, content_type);
    EXPECT_FALSE(content->is_image);
    EXPECT_EQ(store.PutAttachment(bytes, Space::kPublic).name, stored.name);
  }
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.Path()), {}), 3);
}

TEST(FileStoreTest, PutAttachmentRejectsEmptyAndUnsupportedContent) {
  TempDir dir;
  FileStore store(dir.Path());
  EXPECT_EQ(CodeOf([&] { store.PutAttachment("", Space::kPublic); }), ErrorCode::kValidationFailed);
  for (const std::string& bytes : {"MZ\x90\0"s, "binary\0data"s, MakeZip({{"x", "y"}}, true)}) {
    std::string key;
    EXPECT_EQ(CodeOf([&] { store.PutAttachment(bytes, Space::kPublic); }, &key),
              ErrorCode::kUnsupportedMediaType);
    EXPECT_EQ(key, "orders:file_unsupported");
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
}

TEST(FileStoreTest, ThumbnailsKeepAspectAndNeverUpscale) {
  TempDir dir;
  FileStore store(dir.Path());
  struct Case {
    Format format;
    Size original;
    Size thumbnail;
  };
  for (const auto& [format, original, expected] : std::vector<Case>{
           {Format::kPng, {1000, 500}, {320, 160}},
           {Format::kJpeg, {300, 900}, {107, 320}},
           {Format::kWebp, {640, 640}, {320, 320}},
           {Format::kGif, {400, 100}, {320, 80}},
           {Format::kPng, {100, 50}, {100, 50}},  // smaller than the thumbnail: kept as is
           {Format::kJpeg, {320, 200}, {320, 200}},
       }) {
    std::string bytes = DrawImage(original.width, original.height, format);
    auto stored = store.PutAttachment(bytes, Space::kPublic);
    ASSERT_TRUE(stored.thumbnail_name) << stored.name;
    EXPECT_TRUE(IsValidName(*stored.thumbnail_name));
    EXPECT_TRUE(stored.thumbnail_name->ends_with(".jpg")) << "opaque images get JPEG thumbnails";
    auto thumbnail = store.Read(*stored.thumbnail_name);
    ASSERT_TRUE(thumbnail);
    EXPECT_EQ(thumbnail->content_type, "image/jpeg");
    EXPECT_EQ(*stored.thumbnail_name, ToHex(Sha256(thumbnail->bytes)) + ".jpg");
    EXPECT_EQ(DecodedSize(thumbnail->bytes), expected) << stored.name;
    EXPECT_EQ(store.Read(stored.name)->bytes, bytes);
    EXPECT_EQ(store.PutAttachment(bytes, Space::kPublic).thumbnail_name, stored.thumbnail_name)
        << "deterministic";
  }
}

TEST(FileStoreTest, TransparentImagesGetPngThumbnails) {
  TempDir dir;
  FileStore store(dir.Path());
  auto stored = store.PutAttachment(DrawImage(800, 400, Format::kPng, /*transparent=*/true), Space::kPublic);
  ASSERT_TRUE(stored.thumbnail_name);
  ASSERT_TRUE(stored.thumbnail_name->ends_with(".png"));
  bool corner_transparent = false;
  EXPECT_EQ(DecodedSize(store.Read(*stored.thumbnail_name)->bytes, &corner_transparent), (Size{320, 160}));
  EXPECT_TRUE(corner_transparent);
}

TEST(FileStoreTest, CorruptImagesAreRefusedAndNotStored) {
  TempDir dir;
  FileStore store(dir.Path());
  std::string png = DrawImage(64, 64, Format::kPng);
  std::string jpeg = DrawImage(64, 64, Format::kJpeg);
  std::string corrupt_png = png.substr(0, 40) + std::string(200, '\x5a');
  std::string jpeg_without_frame = "\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xd9"s;
  std::string corrupt_webp = "RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0\0\0\0\x9d\x01\x2a\x10\0\x10\0garbage!"s;
  for (const std::string& bytes :
       {corrupt_png, jpeg_without_frame, corrupt_webp, kPngBytes, kGifBytes, jpeg.substr(0, 20)}) {
    std::string key;
    EXPECT_EQ(CodeOf([&] { store.PutAttachment(bytes, Space::kPublic); }, &key),
              ErrorCode::kUnsupportedMediaType);
    EXPECT_EQ(key, "orders:file_unsupported");
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
}

TEST(FileStoreTest, ImagesDeclaringHugeDimensionsAreRefusedBeforeDecoding) {
  TempDir dir;
  FileStore store(dir.Path());
  std::string sof = "\xff\xd8\xff\xc0\0\x11\x08"s;  // SOF0, length 17, precision 8, then height and width
  std::string huge_jpeg =
      sof + "\x32\xc8\x00\x10"s + "\x03"s + std::string(9, '\x01') + "\xff\xd9"s;  // 13000 high
  // VP8X canvas 16000×16000 (stored as width-1, height-1 in 24 bits each).
  std::string huge_webp = "RIFF\x24\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0\x7f\x3e\0\x7f\x3e\0"s;
  std::string huge_gif = "GIF89a\x40\x9c\x01\0"s + std::string(20, '\0');  // 40000×1
  for (const std::string& bytes :
       {PngHeader(20000, 10), PngHeader(10, 12001), PngHeader(8000, 8000), huge_jpeg, huge_webp, huge_gif}) {
    EXPECT_EQ(CodeOf([&] { store.PutAttachment(bytes, Space::kPublic); }), ErrorCode::kUnsupportedMediaType);
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
}

TEST(FileStoreTest, ValidImagesOverTheSideLimitAreRefused) {
  // These decode fine (one pixel high), so only the limit refuses them; the forged headers above would also
  // fail to decode.
  TempDir dir;
  FileStore store(dir.Path());
  for (Format format : {Format::kPng, Format::kJpeg, Format::kWebp, Format::kGif}) {
    std::string wide = DrawImage(static_cast<int>(kMaxImageSide) + 1, 1, format);
    EXPECT_EQ(CodeOf([&] { store.PutAttachment(wide, Space::kPublic); }), ErrorCode::kUnsupportedMediaType);
    std::string tall = DrawImage(1, static_cast<int>(kMaxImageSide) + 1, format);
    EXPECT_EQ(CodeOf([&] { store.PutAttachment(tall, Space::kPublic); }), ErrorCode::kUnsupportedMediaType);
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir.Path()));
  auto at_limit =
      store.PutAttachment(DrawImage(static_cast<int>(kMaxImageSide), 1, Format::kPng), Space::kPublic);
  ASSERT_TRUE(at_limit.thumbnail_name);
  EXPECT_EQ(DecodedSize(store.Read(*at_limit.thumbnail_name)->bytes), (Size{kThumbnailSide, 1}));
}

TEST(FileStoreTest, ReadRefusesBytesOfAnotherTypeThanTheName) {
  TempDir dir;
  FileStore store(dir.Path());
  std::string hash(64, 'd');
  std::ofstream(dir.Path() / (hash + ".txt")) << "binary\0"s;
  EXPECT_FALSE(store.Read(hash + ".txt"));
  std::ofstream(dir.Path() / (hash + ".docx")) << MakeZip({{"a", "b"}});
  EXPECT_FALSE(store.Read(hash + ".docx"));
  std::ofstream(dir.Path() / (hash + ".pdf")) << "<html>";
  EXPECT_FALSE(store.Read(hash + ".pdf"));
}

class ServeTest : public ::testing::Test {
 protected:
  ServeTest() : store_(dir_.Path()), app_(web::AppOptions{.secret = "test-secret"}, Catalog()) {
    Register(app_, store_);
  }

  static const i18n::Catalog& Catalog() {
    static const i18n::Catalog catalog = i18n::Catalog::Load("i18n", {"en", "ru"});
    return catalog;
  }

  /// GET /api/files/<name> as a browser's `<img>` or download link sends it: no X-Requested-With.
  web::Response Get(const std::string& name) {
    web::Request request;
    request.method = web::Method::kGet;
    request.path = FileUrl(name);
    request.target = request.path;
    boost::asio::io_context io;
    std::optional<web::Response> result;
    std::exception_ptr failure;
    boost::asio::co_spawn(io, app_.Handle(request), [&](std::exception_ptr error, web::Response response) {
      failure = error;
      result = std::move(response);
    });
    io.run();
    if (failure) std::rethrow_exception(failure);
    return std::move(*result);
  }

  TempDir dir_;
  FileStore store_;
  web::App app_;
};

TEST_F(ServeTest, ImagesRenderInline) {
  auto stored = store_.PutAttachment(DrawImage(40, 30, Format::kJpeg), Space::kPublic);
  auto image = store_.PutImage(DrawImage(20, 20, Format::kGif, true));
  for (const std::string& name : {stored.name, *stored.thumbnail_name, image.name}) {
    auto response = Get(name);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.headers.Get("Content-Type"), name.ends_with(".png") ? "image/png" : "image/jpeg");
    EXPECT_EQ(response.headers.Get("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(response.headers.Get("Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_FALSE(response.headers.Get("Content-Disposition"));
  }
}

TEST_F(ServeTest, EverythingElseDownloads) {
  for (const auto& [bytes, content_type] : std::vector<std::pair<std::string, std::string>>{
           {"%PDF-1.4 <script>", "application/pdf"},
           {"<html><body onload=alert(1)>", "text/plain; charset=utf-8"},
           {MakeZip({{"a.txt", "a"}}), "application/zip"},
           {OfficeXml("ppt/presentation.xml"),
            "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
           {OpenDocument("application/vnd.oasis.opendocument.text"),
            "application/vnd.oasis.opendocument.text"},
       }) {
    auto stored = store_.PutAttachment(bytes, Space::kPublic);
    auto response = Get(stored.name);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, bytes);
    EXPECT_EQ(response.headers.Get("Content-Type"), content_type);
    EXPECT_EQ(response.headers.Get("X-Content-Type-Options"), "nosniff");
    // Without `?name=` the stored name is the download name.
    EXPECT_EQ(response.headers.Get("Content-Disposition"),
              "attachment; filename=\"" + stored.name + "\"; filename*=UTF-8''" + stored.name);
  }
}

TEST_F(ServeTest, UnknownNamesAreNotFound) {
  EXPECT_EQ(Get(std::string(64, 'e') + ".pdf").status, 404);
  EXPECT_EQ(Get("passwd").status, 404);
}

TEST_F(ServeTest, PrivateFilesAreNeverServedByTheFilesRoute) {
  const std::string pdf = "%PDF-1.4 private";
  auto chat = store_.PutAttachment(pdf, Space::kPrivate);
  auto photo = store_.PutAttachment(DrawImage(40, 30, Format::kJpeg), Space::kPrivate);
  for (const std::string& name : {chat.name, photo.name, *photo.thumbnail_name}) {
    EXPECT_EQ(Get(name).status, 404) << name;
    EXPECT_FALSE(store_.Exists(name, Space::kPublic)) << name;
    EXPECT_TRUE(store_.Exists(name, Space::kPrivate)) << name;
    EXPECT_TRUE(store_.ReadPrivate(name)) << "the context's route reads it";
  }
  EXPECT_EQ(store_.ReadPrivate(chat.name)->bytes, pdf);
  EXPECT_FALSE(store_.Read(chat.name)) << "the public namespace does not have it";
  // The private directory sits inside the public one, but no name the files route accepts reaches it.
  EXPECT_EQ(Get("private").status, 404);
  EXPECT_EQ(Get("private%2F" + chat.name).status, 404);
  EXPECT_NE(Get("private/" + chat.name).status, 200) << "no route has that shape";
}

TEST_F(ServeTest, TheSameBytesStoredPubliclyStayPublic) {
  const std::string pdf = "%PDF-1.4 shared";
  auto in_chat = store_.PutAttachment(pdf, Space::kPrivate);
  EXPECT_EQ(Get(in_chat.name).status, 404);
  auto in_public = store_.PutAttachment(pdf, Space::kPublic);
  ASSERT_EQ(in_public.name, in_chat.name) << "content-addressed in both spaces";
  EXPECT_EQ(Get(in_public.name).status, 200) << "public by the public upload";
  // Two files: a sweep of one space never takes the other's.
  const auto later = std::filesystem::file_time_type::clock::now() + std::chrono::hours(2);
  EXPECT_TRUE(store_.RemoveIfStoredBefore(in_chat.name, later, Space::kPrivate));
  EXPECT_EQ(Get(in_public.name).status, 200);
  EXPECT_FALSE(store_.Exists(in_chat.name, Space::kPrivate));
  store_.PutAttachment(pdf, Space::kPrivate);
  EXPECT_TRUE(store_.RemoveIfStoredBefore(in_public.name, later, Space::kPublic));
  EXPECT_EQ(Get(in_public.name).status, 404);
  EXPECT_EQ(store_.ReadPrivate(in_chat.name)->bytes, pdf);
}

TEST_F(ServeTest, MakePrivateGivesAPublicFileItsPrivateCopyOnce) {
  const std::string pdf = "%PDF-1.4 stored before private files";
  auto legacy = store_.PutAttachment(pdf, Space::kPublic);
  EXPECT_FALSE(store_.Exists(legacy.name, Space::kPrivate));
  EXPECT_TRUE(store_.MakePrivate(legacy.name));
  EXPECT_TRUE(store_.MakePrivate(legacy.name)) << "idempotent";
  EXPECT_TRUE(store_.Exists(legacy.name, Space::kPrivate));
  EXPECT_EQ(store_.Read(legacy.name, Space::kPrivate)->bytes, pdf);
  // The public copy is the mover's to remove (when no public owner uses it), not MakePrivate's.
  EXPECT_EQ(Get(legacy.name).status, 200);
  const auto later = std::filesystem::file_time_type::clock::now() + std::chrono::hours(2);
  EXPECT_TRUE(store_.RemoveIfStoredBefore(legacy.name, later, Space::kPublic));
  EXPECT_EQ(Get(legacy.name).status, 404);
  EXPECT_EQ(store_.ReadPrivate(legacy.name)->bytes, pdf);
  EXPECT_TRUE(store_.MakePrivate(legacy.name)) << "already private, nothing public left";

  EXPECT_FALSE(store_.MakePrivate(std::string(64, 'a') + ".pdf")) << "stored nowhere";
  EXPECT_FALSE(store_.MakePrivate("../secret")) << "not a stored name";
}

TEST_F(ServeTest, ReadPrivateFallsBackToAFileNotMovedYet) {
  auto legacy = store_.PutAttachment("%PDF-1.4 old chat file", Space::kPublic);
  EXPECT_TRUE(store_.ReadPrivate(legacy.name));
  EXPECT_FALSE(store_.Read(legacy.name, Space::kPrivate));
}

TEST(FileReferencesTest, OthersUseAsksOnlyTheOtherOwnersOfTheSameSpace) {
  FileReferences references;
  references.Add("identity", "a = {name}");
  references.Add("messenger", "m = {name}", Space::kPrivate);
  references.Add("messenger", "m = {name} AND NOT moved", Space::kPublic);
  references.Add("help", "h = {name}", Space::kPrivate);
  EXPECT_THROW(references.Add("help", "again", Space::kPrivate), std::logic_error);

  EXPECT_EQ(references.OthersUse("messenger", "n.name", Space::kPrivate), "(h = n.name)");
  EXPECT_EQ(references.OthersUse("help", "n.name", Space::kPrivate), "(m = n.name)");
  EXPECT_EQ(references.OthersUse("identity", "n.name", Space::kPublic), "(m = n.name AND NOT moved)");
  EXPECT_EQ(references.OthersUse("help", "x", Space::kPublic), "(a = x) OR (m = x AND NOT moved)");
  EXPECT_EQ(references.OthersUse("orders", "x", Space::kPrivate), "(m = x) OR (h = x)");
  FileReferences none;
  EXPECT_EQ(none.OthersUse("orders", "x", Space::kPrivate), "false");
}

TEST(FileReferencesTest, UsesAsksEveryOwnerOfASpaceAndLeavesOutTheRowsADeleteTakes) {
  FileReferences references;
  references.Add("identity", "a = {name}");
  references.AddTable("profiles", {"profiles.images", "id", {"file_name", "thumbnail_name"}, false});
  references.AddPrivateTable("orders", "orders.attachments");

  EXPECT_EQ(
      references.Uses("x", Space::kPublic),
      "(a = x) OR (EXISTS (SELECT 1 FROM profiles.images t WHERE (t.file_name = x OR t.thumbnail_name = x)))"
      " OR (EXISTS (SELECT 1 FROM orders.attachments t WHERE (t.file_name = x OR t.thumbnail_name = x) "
      "AND NOT t.stored_private))");
  EXPECT_EQ(references.Uses("n.name", Space::kPrivate,
                            FileReferences::Deleting{"orders.attachments", "SELECT id FROM gone"}),
            "(EXISTS (SELECT 1 FROM orders.attachments t WHERE (t.file_name = n.name OR t.thumbnail_name = "
            "n.name) AND t.id NOT IN (SELECT id FROM gone)))");
  EXPECT_EQ(references.OthersUse("orders", "x", Space::kPrivate), "false");
  EXPECT_EQ(FileReferences().Uses("x", Space::kPublic), "false");

  EXPECT_THROW(references.AddTable("evil", {"t.x; DROP TABLE y", "id", {"f"}, false}), std::invalid_argument);
  EXPECT_THROW(references.AddTable("evil", {"t.x", "id", {"f = f OR true"}, false}), std::invalid_argument);
  EXPECT_THROW(references.AddTable("evil", {"t.x", "id", {}, false}), std::invalid_argument);
  EXPECT_THROW(references.AddTable("profiles", {"t.x", "id", {"f"}, false}), std::logic_error);
}

TEST(FileReferencesTest, SqlNamesAreLowerCaseIdentifiers) {
  EXPECT_TRUE(IsSqlName("file_name"));
  EXPECT_TRUE(IsSqlName("_x1"));
  EXPECT_TRUE(IsSqlName("orders.attachments", true));
  EXPECT_FALSE(IsSqlName("orders.attachments"));
  EXPECT_FALSE(IsSqlName("attachments", true));
  EXPECT_FALSE(IsSqlName("a.b.c", true));
  EXPECT_FALSE(IsSqlName(""));
  EXPECT_FALSE(IsSqlName("1x"));
  EXPECT_FALSE(IsSqlName("Id"));
  EXPECT_FALSE(IsSqlName("id;"));
  EXPECT_FALSE(IsSqlName("order id"));
  EXPECT_FALSE(IsSqlName(std::string(64, 'a')));
  EXPECT_TRUE(IsSqlName(std::string(63, 'a')));
}

TEST(FileUrlTest, PointsAtTheFilesRoute) {
  EXPECT_EQ(FileUrl("x.png"), "/api/files/x.png");
}

}  // namespace
}  // namespace artel::storage
