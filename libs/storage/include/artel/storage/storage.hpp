#pragma once

#include <boost/describe/class.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/core/error.hpp"

namespace artel::web {
class App;
struct Response;
}  // namespace artel::web

namespace artel::storage {

/// A file type recognised by its content.
struct FileType {
  std::string_view extension;     // "png", "jpg", "pdf", "docx", "txt", ...
  std::string_view content_type;  // "image/png", "application/pdf", "text/plain; charset=utf-8", ...
  /// PNG, JPEG, WebP or GIF: safe to render inline on the site's origin. Every other type is served as a
  /// download (`Content-Disposition: attachment`).
  bool is_image = false;

  bool operator==(const FileType&) const = default;
};

/// Where a stored file lives. Public files are served to anyone by GET /api/files/{name}; private files
/// (`<storage.dir>/private/`, a directory that route never reads) only by the routes of the context that
/// stored them (a chat, a support ticket, an order), after that context's access check. The same bytes
/// stored in both are two files: a public upload makes its bytes public, a private one never does.
enum class Space : std::uint8_t { kPublic, kPrivate };

/// Which content an upload may have.
enum class Accept : std::uint8_t {
  /// PNG, JPEG, WebP, GIF (avatars).
  kImages,
  /// The images plus PDF, ZIP, the ZIP-based office formats (DOCX, XLSX, PPTX, ODT, ODS) and plain text
  /// (order files).
  kAttachments,
};

/// The type of `bytes` from the bytes alone; a declared Content-Type or file name is never consulted.
/// kImages: PNG, JPEG, WebP, GIF by their magic bytes. kAttachments adds PDF (`%PDF-`); ZIP archives, told
/// apart from DOCX/XLSX/PPTX by their entries and from ODT/ODS by the `mimetype` entry (an archive with a
/// damaged central directory, or with encrypted entries, is refused; macro-enabled office files stay plain
/// `zip`); and text ("txt": valid UTF-8 without NUL bytes). nullopt for anything else.
std::optional<FileType> SniffType(std::string_view bytes, Accept accept = Accept::kImages) noexcept;

/// True for names FileStore hands out: ^[0-9a-f]{64}\.(png|jpg|webp|gif|pdf|zip|docx|xlsx|pptx|odt|ods|txt)$.
bool IsValidName(std::string_view name) noexcept;

struct StoredFile {
  /// `<sha256 hex>.<ext>`: the same bytes always get the same name.
  std::string name;
  std::string content_type;
  std::uint64_t size = 0;
  /// PutAttachment of an image, PutImage: the stored thumbnail (JPEG, or PNG when it has transparency).
  std::optional<std::string> thumbnail_name;
  /// PutImage: the stored (re-encoded) image's size in pixels.
  int width = 0;
  int height = 0;
};

/// Longest side of an attachment's thumbnail; smaller images keep their size (never upscaled).
inline constexpr int kThumbnailSide = 320;
/// Images declaring more than this per side or in total are refused before decoding: libgd holds a decoded
/// image at 4 bytes per pixel, so a few KiB of a "decompression bomb" could otherwise claim gigabytes (at the
/// limit, one upload takes 200 MB while it is thumbnailed).
inline constexpr std::uint32_t kMaxImageSide = 12000;
inline constexpr std::uint64_t kMaxImagePixels = 50'000'000;
/// Longest side of an image PutImage stores by default (larger ones are scaled down).
inline constexpr int kMaxStoredImageSide = 2560;

/// How PutImage stores an image.
struct ImageOptions {
  /// Longest side of the stored image; larger images are scaled down, aspect kept (never upscaled).
  int max_side = kMaxStoredImageSide;
  /// Also store a thumbnail (longest side at most kThumbnailSide).
  bool thumbnail = true;
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

  /// Stores an image (avatars, portfolio images): PNG, JPEG, WebP or GIF by its bytes, bounded like
  /// PutAttachment's images (kMaxImageSide, kMaxImagePixels, before decoding), decoded with libgd and
  /// RE-ENCODED (JPEG, or PNG when it has transparency; scaled to options.max_side): the uploaded bytes
  /// themselves are never stored, so nothing but decodable pixels is ever served. With options.thumbnail a
  /// thumbnail is stored too. Throws ValidationFailed("file", storage:empty) for no bytes and
  /// UnsupportedMediaType (errors:codes.UnsupportedMediaType, "Unsupported file format") for anything else,
  /// nothing stored then. Tens of milliseconds of CPU for a large photo: call it off the io threads
  /// (storage::PutImageOn).
  StoredFile PutImage(std::string_view bytes, ImageOptions options = {}) const;

  /// Stores an attachment (any type of Accept::kAttachments) and returns its name. Throws
  /// ValidationFailed("file", storage:empty) for no bytes and UnsupportedMediaType
  /// (orders:file_unsupported) for any other content, for an image whose declared dimensions
  /// exceed kMaxImageSide or kMaxImagePixels, and for an image libgd cannot decode; nothing is stored then.
  /// An image also gets a thumbnail (longest side at most kThumbnailSide, aspect kept), stored alongside.
  ///
  /// Decoding and resizing an image takes tens of milliseconds of CPU for a large photo: call this from a
  /// worker thread rather than an io thread when uploads are frequent.
  StoredFile PutAttachment(std::string_view bytes, Space space) const;

  /// The file's bytes and type; nullopt for an invalid name, a missing file, or bytes whose type is not
  /// the one the name's extension says.
  struct Content {
    std::string bytes;
    std::string content_type;
    bool is_image = false;
  };
  std::optional<Content> Read(std::string_view name, Space space = Space::kPublic) const;
  /// What a private context's route serves after its access check: the private file, or, for a file stored
  /// before private files existed whose owner's MovePrivateFiles has not reached it yet, the public one.
  std::optional<Content> ReadPrivate(std::string_view name) const;

  /// Gives the private namespace a copy of the public file `name` (a hard link, or a copy where links are
  /// refused) unless it has one; idempotent and safe when several processes do it at once. True when a
  /// private file of that name exists afterwards (false: neither exists, or an invalid name).
  bool MakePrivate(std::string_view name) const;
  /// True when `name` is stored in `space`.
  bool Exists(std::string_view name, Space space) const;

  /// Removes a stored file that nothing references any more (the caller checked), unless it was stored or
  /// stored again after `stored_before`: PutImage and PutAttachment refresh the modification time of a file
  /// they find already there, so an identical upload racing the caller's check keeps its file. True when
  /// removed.
  bool RemoveIfStoredBefore(std::string_view name, std::filesystem::file_time_type stored_before,
                            Space space = Space::kPublic) const;

  /// A domain's sweep found these files unused: each is removed unless it was stored (again) within the last
  /// kSweepGrace, so an identical upload racing the sweep keeps its file. How many were removed.
  std::size_t RemoveUnused(const std::vector<std::string>& names, Space space = Space::kPublic) const;
  static constexpr std::chrono::hours kSweepGrace{1};

  /// Removes what a write killed between its write and its rename left behind (`.<name>.<random>.tmp`, never
  /// a stored name, so never served) in both spaces, when older than kSweepGrace (a write in flight, on any
  /// instance sharing the directory, takes seconds). How many were removed. The job
  /// storage.sweep_temporaries.
  std::size_t RemoveAbandonedTemporaries() const;

  const std::filesystem::path& Dir(Space space = Space::kPublic) const noexcept {
    return space == Space::kPublic ? dir_ : private_dir_;
  }

 private:
  /// Writes `bytes` as `name` in `space` unless a file of that name exists there already (then refreshes its
  /// modification time: see RemoveIfStoredBefore).
  void Store(const std::string& name, std::string_view bytes, Space space) const;
  std::filesystem::path PathOf(std::string_view name, Space space) const;

  std::filesystem::path dir_;
  std::filesystem::path private_dir_;
};

/// Who still uses a stored file. Names are content hashes shared by identical uploads, thumbnails and
/// avatars across domains, so a file may leave the disk only when no owner uses it. Each owner registers, at
/// install time and per Space, when it uses the file of that space whose name is `{name}` (public: avatars,
/// portfolio images, logos, covers; private: order, chat and ticket attachments): a condition of its own
/// (Add), or a table whose rows name their files in columns (AddTable; storage::PendingUploads registers
/// every pending-upload table this way). One question answers for both spaces: Uses, where the sweep of a
/// table leaves out the rows it is deleting in the same statement. A private owner also registers a public
/// condition for its rows whose file was stored before private files existed and is not moved yet
/// (MovePrivateFiles), so no public sweep takes the only copy. A service of the storage module.
class FileReferences final {
 public:
  /// `uses_sql` e.g. "EXISTS (SELECT 1 FROM identity.users u WHERE u.avatar = {name})". std::logic_error
  /// for an owner added twice in one space.
  void Add(std::string owner, std::string uses_sql, Space space = Space::kPublic);

  /// A table whose rows use the files named in `files` (columns, NULL for none), as "schema.table" with its
  /// key column. The identifiers are checked here, once (std::invalid_argument for anything but lower-case
  /// SQL names), and the condition is built from them. std::logic_error as Add.
  struct Table {
    std::string table;
    std::string key = "id";
    std::vector<std::string> files;
    /// Only the rows whose file may still be public (`NOT stored_private`): a private owner's public use.
    bool unmoved_only = false;
  };
  void AddTable(std::string owner, Table table, Space space = Space::kPublic);
  /// A private context's files: `table` (columns id, file_name, thumbnail_name, stored_private) in the
  /// private space, and its rows not moved yet (MovePrivateFiles) in the public one.
  void AddPrivateTable(std::string owner, std::string_view table);

  /// The rows of `table` a statement is deleting, whose uses no longer count: their keys are `keys_sql`
  /// ("SELECT id FROM gone", a data-modifying CTE the statement's main query still sees the rows of).
  struct Deleting {
    std::string_view table;
    std::string_view keys_sql;
  };
  /// Whether any owner uses the file `name_sql` in `space`: every owner's condition, OR-ed and
  /// parenthesized, with `{name}` replaced by `name_sql` (the rows `deleting` names left out); "false" when
  /// there is none.
  std::string Uses(std::string_view name_sql, Space space, std::optional<Deleting> deleting = {}) const;
  /// The same without `owner`'s own conditions (MovePrivateFiles asks the other owners of a public copy).
  std::string OthersUse(std::string_view owner, std::string_view name_sql,
                        Space space = Space::kPublic) const;

 private:
  struct Owner {
    std::string name;
    /// With `{name}`, and `{except}` where a table's deleted rows are left out.
    std::string uses_sql;
    Space space;
    /// AddTable's: the table and its key; empty for Add's.
    std::string table;
    std::string key;
  };
  std::string Render(std::string_view skip_owner, std::string_view name_sql, Space space,
                     std::optional<Deleting> deleting) const;
  std::vector<Owner> owners_;
};

/// True for a lower-case SQL name ([a-z_][a-z0-9_]*, at most 63 bytes), or with `qualified` a
/// "schema.table" of two: what storage puts into SQL it builds from a domain's registration.
bool IsSqlName(std::string_view name, bool qualified = false) noexcept;

/// The public URL of a public file: "/api/files/<name>". Never for a private file: its context builds the
/// address of its own route.
std::string FileUrl(std::string_view name);
/// The same with the name the file downloads under: `/api/files/<name>?name=<percent-encoded>`.
std::string FileUrl(std::string_view name, std::string_view download_name);

/// The platform's Image schema (libs/web/api.yaml: a public image and its thumbnail) as a described struct
/// for the answers of the contract-first edge (kernel::ToJson writes it; web::Api checks it).
struct ImageView {
  std::string url;
  std::string thumbnail_url;
};
BOOST_DESCRIBE_STRUCT(ImageView, (), (url, thumbnail_url))
/// The stored image `name` and its thumbnail (the image itself when it has none) as their URLs.
ImageView ImageOf(std::string_view name, std::optional<std::string_view> thumbnail = std::nullopt);
/// The Content-Disposition of a download: `attachment; filename="<ASCII fallback>";
/// filename*=UTF-8''<percent-encoded>` (RFC 6266, RFC 5987). Control characters, path separators and
/// quotes never reach the header; a name that is empty, invalid UTF-8 or lacks the stored file's extension
/// falls back to (or gains) that extension, so a PDF always downloads as ".pdf".
std::string ContentDisposition(std::string_view download_name, std::string_view stored_name);

/// The answer of a private context's file route, once its access check has passed: the file (its thumbnail
/// when `thumbnail` and it has one) with its type and `X-Content-Type-Options: nosniff`, downloaded under
/// `original_name` unless it is an image, and `Cache-Control: private` (who may see it depends on the
/// context, so no shared cache keeps it). NotFound(`missing`) when the private store lacks it.
web::Response PrivateFileResponse(const FileStore& store, const std::string& file_name,
                                  const std::optional<std::string>& thumbnail_name, bool thumbnail,
                                  std::string_view original_name, Message missing = {});

/// Adds GET /api/files/{name}: the public file (never a private one) with its type, `X-Content-Type-Options:
/// nosniff` and an immutable cache lifetime (names are content hashes); every type but the images with
/// `Content-Disposition: attachment`, so a PDF or a text file never renders as a page of the site's origin;
/// 404 for any other name.
void Register(web::App& app, const FileStore& store);

}  // namespace artel::storage
