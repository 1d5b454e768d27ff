#include "sniff.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "artel/web/json.hpp"

namespace artel::storage {
namespace {

using namespace std::string_view_literals;

constexpr FileType kPng{"png", "image/png", true};
constexpr FileType kJpeg{"jpg", "image/jpeg", true};
constexpr FileType kWebp{"webp", "image/webp", true};
constexpr FileType kGif{"gif", "image/gif", true};
constexpr FileType kPdf{"pdf", "application/pdf"};
constexpr FileType kZip{"zip", "application/zip"};
constexpr FileType kDocx{"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"};
constexpr FileType kXlsx{"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"};
constexpr FileType kPptx{"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"};
constexpr FileType kOdt{"odt", "application/vnd.oasis.opendocument.text"};
constexpr FileType kOds{"ods", "application/vnd.oasis.opendocument.spreadsheet"};
constexpr FileType kText{"txt", "text/plain; charset=utf-8"};
constexpr std::array kAllTypes{kPng, kJpeg, kWebp, kGif, kPdf, kZip, kDocx, kXlsx, kPptx, kOdt, kOds, kText};

bool StartsWith(std::string_view bytes, std::string_view prefix) noexcept {
  return bytes.substr(0, prefix.size()) == prefix;
}

std::optional<FileType> SniffImage(std::string_view bytes) noexcept {
  if (StartsWith(bytes, "\x89PNG\r\n\x1a\n"sv)) return kPng;
  if (StartsWith(bytes, "\xff\xd8\xff"sv)) return kJpeg;
  if (StartsWith(bytes, "GIF87a"sv) || StartsWith(bytes, "GIF89a"sv)) return kGif;
  // RIFF <4-byte size> WEBP
  if (bytes.size() >= 12 && StartsWith(bytes, "RIFF"sv) && bytes.substr(8, 4) == "WEBP"sv) return kWebp;
  return std::nullopt;
}

/// ODF puts an uncompressed `mimetype` entry first in the archive, so its local header at offset 0 names
/// the document type without reading the central directory.
std::optional<FileType> SniffOpenDocument(std::string_view bytes) noexcept {
  constexpr std::size_t kLocalHeader = 30;
  if (bytes.size() < kLocalHeader) return std::nullopt;
  auto method = detail::LittleEndian(bytes, 8, 2);
  auto compressed_size = detail::LittleEndian(bytes, 18, 4);
  auto name_length = detail::LittleEndian(bytes, 26, 2);
  auto extra_length = detail::LittleEndian(bytes, 28, 2);
  if (method != 0 || bytes.substr(kLocalHeader, name_length) != "mimetype"sv) return std::nullopt;
  auto data = kLocalHeader + name_length + extra_length;
  if (data > bytes.size()) return std::nullopt;
  auto mimetype = bytes.substr(data, compressed_size);
  if (mimetype == kOdt.content_type) return kOdt;
  if (mimetype == kOds.content_type) return kOds;
  return std::nullopt;
}

/// A ZIP archive (the file starts with a local header or, empty, with the end record) whose central
/// directory is intact and has no encrypted entry; an office document when its entries say so.
std::optional<FileType> SniffZip(std::string_view bytes) noexcept {
  constexpr std::size_t kEndRecord = 22;
  constexpr std::size_t kMaxComment = 0xFFFF;
  if (bytes.size() < kEndRecord) return std::nullopt;

  // The end-of-central-directory record: the last one whose comment reaches exactly the end of the file.
  std::size_t end_record = std::string_view::npos;
  std::size_t lowest = bytes.size() > kEndRecord + kMaxComment ? bytes.size() - kEndRecord - kMaxComment : 0;
  for (std::size_t pos = bytes.size() - kEndRecord;; --pos) {
    if (bytes.substr(pos, 4) == "PK\x05\x06"sv &&
        pos + kEndRecord + detail::LittleEndian(bytes, pos + 20, 2) == bytes.size()) {
      end_record = pos;
      break;
    }
    if (pos == lowest) break;
  }
  if (end_record == std::string_view::npos) return std::nullopt;
  std::uint64_t count = detail::LittleEndian(bytes, end_record + 10, 2);
  std::uint64_t directory_size = detail::LittleEndian(bytes, end_record + 12, 4);
  std::uint64_t directory_offset = detail::LittleEndian(bytes, end_record + 16, 4);
  if (count == 0xFFFF || directory_size == 0xFFFFFFFF || directory_offset == 0xFFFFFFFF) {
    // ZIP64: a 20-byte locator right before the end record points at the 56-byte ZIP64 end record.
    if (end_record < 20 || bytes.substr(end_record - 20, 4) != "PK\x06\x07"sv) return std::nullopt;
    auto record = detail::LittleEndian(bytes, end_record - 20 + 8, 8);
    if (record > bytes.size() || bytes.size() - record < 56 || bytes.substr(record, 4) != "PK\x06\x06"sv) {
      return std::nullopt;
    }
    count = detail::LittleEndian(bytes, record + 32, 8);
    directory_size = detail::LittleEndian(bytes, record + 40, 8);
    directory_offset = detail::LittleEndian(bytes, record + 48, 8);
  }
  if (directory_offset > bytes.size() || directory_size > bytes.size() - directory_offset)
    return std::nullopt;
  if (count == 0) return StartsWith(bytes, "PK\x05\x06"sv) ? std::optional(kZip) : std::nullopt;
  if (!StartsWith(bytes, "PK\x03\x04"sv)) return std::nullopt;

  constexpr std::size_t kDirectoryHeader = 46;
  bool content_types = false;
  bool word = false;
  bool excel = false;
  bool powerpoint = false;
  bool macros = false;
  std::size_t pos = directory_offset;
  std::size_t end = directory_offset + directory_size;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (end - pos < kDirectoryHeader || bytes.substr(pos, 4) != "PK\x01\x02"sv) return std::nullopt;
    if ((detail::LittleEndian(bytes, pos + 8, 2) & 1) != 0)
      return std::nullopt;  // general purpose bit 0: encrypted
    auto name_length = detail::LittleEndian(bytes, pos + 28, 2);
    auto entry_size = kDirectoryHeader + name_length + detail::LittleEndian(bytes, pos + 30, 2) +
                      detail::LittleEndian(bytes, pos + 32, 2);
    if (end - pos < entry_size) return std::nullopt;
    auto name = bytes.substr(pos + kDirectoryHeader, name_length);
    content_types = content_types || name == "[Content_Types].xml"sv;
    word = word || name == "word/document.xml"sv;
    excel = excel || name == "xl/workbook.xml"sv;
    powerpoint = powerpoint || name == "ppt/presentation.xml"sv;
    macros = macros || name.ends_with("/vbaProject.bin"sv);
    pos += entry_size;
  }

  if (auto open_document = SniffOpenDocument(bytes)) return open_document;
  // Macro-enabled documents (.docm, ...) have the same parts; Office refuses them under a .docx name.
  if (content_types && !macros) {
    if (word) return kDocx;
    if (excel) return kXlsx;
    if (powerpoint) return kPptx;
  }
  return kZip;
}

}  // namespace

std::optional<FileType> SniffType(std::string_view bytes, Accept accept) noexcept {
  if (auto image = SniffImage(bytes)) return image;
  if (accept == Accept::kImages || bytes.empty()) return std::nullopt;
  if (StartsWith(bytes, "%PDF-"sv)) return kPdf;
  if (StartsWith(bytes, "PK\x03\x04"sv) || StartsWith(bytes, "PK\x05\x06"sv)) return SniffZip(bytes);
  if (bytes.find('\0') == std::string_view::npos && web::IsValidUtf8(bytes)) return kText;
  return std::nullopt;
}

bool IsValidName(std::string_view name) noexcept {
  auto dot = name.find('.');
  if (dot != 64) return false;
  for (char c : name.substr(0, 64)) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return detail::TypeByExtension(name.substr(65)).has_value();
}

namespace detail {

std::optional<FileType> TypeByExtension(std::string_view extension) noexcept {
  for (const auto& type : kAllTypes) {
    if (extension == type.extension) return type;
  }
  return std::nullopt;
}

}  // namespace detail
}  // namespace artel::storage
