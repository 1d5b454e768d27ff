#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::storage {

/// An image type recognised by its magic bytes.
struct FileType {
  std::string_view extension;     // "png", "jpg", "webp", "gif"
  std::string_view content_type;  // "image/png", ...
};

/// The type of `bytes` from its leading bytes (PNG, JPEG, WebP, GIF); nullopt for anything else.
/// A declared Content-Type is never consulted.
std::optional<FileType> SniffType(std::string_view bytes) noexcept;

/// True for names FileStore hands out: ^[0-9a-f]{64}\.(png|jpg|webp|gif)$.
bool IsValidName(std::string_view name) noexcept;

struct StoredFile {
  /// `<sha256 hex>.<ext>`: the same bytes always get the same name.
  std::string name;
  std::string content_type;
  std::uint64_t size = 0;
};

/// Uploaded files on local disk, content-addressed. Thread-safe: files are immutable once renamed into place.
///
/// I/O is synchronous on the caller's thread. That is acceptable because every file is small (avatars are
/// capped by the route's body limit, a few MiB) and written to a local disk: one write or read takes well
/// under a millisecond of io-thread time. The S3-compatible store is the scale-out path.
class FileStore final {
 public:
  /// Creates `dir` when missing. Throws std::filesystem::filesystem_error when it cannot.
  explicit FileStore(std::filesystem::path dir);

  /// Stores `bytes` and returns its name. Throws ValidationFailed("file", storage:empty) for no bytes and
  /// UnsupportedMediaType for content that is not a supported image. Idempotent: storing the same bytes
  /// twice yields the same name and one file (written to a temporary file, then renamed into place).
  StoredFile Put(std::string_view bytes) const;

  /// The file's bytes and type; nullopt for an invalid name or a missing file.
  struct Content {
    std::string bytes;
    std::string content_type;
  };
  std::optional<Content> Read(std::string_view name) const;

  const std::filesystem::path& Dir() const noexcept { return dir_; }

 private:
  std::filesystem::path dir_;
};

/// The public URL of a stored file: "/api/files/<name>".
std::string FileUrl(std::string_view name);

/// Adds GET /api/files/{name}: the file with its type, `X-Content-Type-Options: nosniff` and an immutable
/// cache lifetime (names are content hashes); 404 for any other name.
void Register(web::App& app, const FileStore& store);

}  // namespace artel::storage
