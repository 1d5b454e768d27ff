#include "artel/storage/storage.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <stdexcept>
#include <system_error>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "image.hpp"

namespace artel::storage {
namespace {

[[noreturn]] void ThrowErrno(const std::string& what, const std::filesystem::path& path) {
  throw std::filesystem::filesystem_error(what, path, std::error_code(errno, std::generic_category()));
}

/// A full disk (or quota) is the operator's to fix and the user's to retry: 503 storage:disk_full, not a 500.
[[noreturn]] void ThrowWriteError(const char* what, const std::filesystem::path& path) {
  if (errno == ENOSPC || errno == EDQUOT) throw ServiceUnavailable({"storage:disk_full"});
  ThrowErrno(what, path);
}

/// Writes all of `bytes` to a new file at `path` and flushes it to disk; on failure nothing is left at `path`
/// (the caller removes its temporary file too).
void WriteNewFile(const std::filesystem::path& path, std::string_view bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) ThrowWriteError("open", path);
  const auto fail = [&](const char* what) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    ThrowWriteError(what, path);
  };
  std::size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) fail("fsync");
  if (::close(fd) != 0) ThrowWriteError("close", path);
}

/// The content address: `<sha256 hex>.<ext>`.
std::string NameOf(std::string_view bytes, const FileType& type) {
  return ToHex(Sha256(bytes)) + "." + std::string(type.extension);
}

Error UnsupportedAttachment() {
  return UnsupportedMediaType({"orders:file_unsupported"});
}

}  // namespace

std::string FileUrl(std::string_view name) {
  return "/api/files/" + std::string(name);
}

ImageView ImageOf(std::string_view name, std::optional<std::string_view> thumbnail) {
  return ImageView{FileUrl(name), FileUrl(thumbnail.value_or(name))};
}

namespace {

bool IsAttrChar(unsigned char c) {
  // RFC 5987 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$&+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
}

std::string PercentEncode(std::string_view text) {
  constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (IsAttrChar(c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  return out;
}

}  // namespace

std::string FileUrl(std::string_view name, std::string_view download_name) {
  return FileUrl(name) + "?name=" + PercentEncode(download_name);
}

std::string ContentDisposition(std::string_view download_name, std::string_view stored_name) {
  constexpr std::size_t kMaxNameBytes = 200;
  std::string name;
  if (IsValidUtf8(download_name)) {
    for (unsigned char c : download_name) {
      if (c < 0x20 || c == 0x7F) continue;  // CR, LF and the other controls: never into a header
      name += (c == '/' || c == '\\') ? '_' : static_cast<char>(c);
    }
  }
  // Trim surrounding blanks and dots ("..", " .pdf" are no names), then cap without cutting a character.
  auto first = name.find_first_not_of(" .");
  name = first == std::string::npos ? std::string() : name.substr(first);
  while (!name.empty() && name.back() == ' ') name.pop_back();
  if (name.size() > kMaxNameBytes) {
    std::size_t end = kMaxNameBytes;
    while (end > 0 && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;
    name.resize(end);
  }
  const auto dot = stored_name.rfind('.');
  const std::string extension =
      dot == std::string_view::npos ? std::string() : AsciiLower(stored_name.substr(dot));
  if (name.empty()) name = "file";
  if (!extension.empty() && !AsciiLower(name).ends_with(extension)) name += extension;

  std::string fallback;
  for (unsigned char c : name) {
    fallback += (c < 0x80 && c != '"' && c != '%' && c != '\\') ? static_cast<char>(c) : '_';
  }
  return "attachment; filename=\"" + fallback + "\"; filename*=UTF-8''" + PercentEncode(name);
}

FileStore::FileStore(std::filesystem::path dir) : dir_(std::move(dir)), private_dir_(dir_ / "private") {
  std::filesystem::create_directories(dir_);
}

std::filesystem::path FileStore::PathOf(std::string_view name, Space space) const {
  return Dir(space) / std::string(name);
}

StoredFile FileStore::PutImage(std::string_view bytes, ImageOptions options) const {
  if (bytes.empty()) throw ValidationFailed("file", {"storage:empty"});
  const auto unsupported = [] { return UnsupportedMediaType({"errors:codes.UnsupportedMediaType"}); };
  auto type = SniffType(bytes, Accept::kImages);
  if (!type || !detail::WithinLimits(bytes, *type)) throw unsupported();
  auto reencoded = detail::Reencode(bytes, *type, options.max_side, options.thumbnail ? kThumbnailSide : 0);
  if (!reencoded) throw unsupported();  // sniffed as an image, but libgd cannot decode it
  const auto& image = reencoded->image;
  StoredFile stored{NameOf(image.bytes, image.type),
                    std::string(image.type.content_type),
                    image.bytes.size(),
                    std::nullopt,
                    image.width,
                    image.height};
  if (reencoded->thumbnail) {
    stored.thumbnail_name = NameOf(reencoded->thumbnail->bytes, reencoded->thumbnail->type);
    // The thumbnail first, so a stored image always has one.
    Store(*stored.thumbnail_name, reencoded->thumbnail->bytes, Space::kPublic);
  }
  Store(stored.name, image.bytes, Space::kPublic);
  return stored;
}

StoredFile FileStore::PutAttachment(std::string_view bytes, Space space) const {
  if (bytes.empty()) throw ValidationFailed("file", {"storage:empty"});
  auto type = SniffType(bytes, Accept::kAttachments);
  if (!type) throw UnsupportedAttachment();
  StoredFile stored{NameOf(bytes, *type), std::string(type->content_type), bytes.size(), std::nullopt};
  if (type->is_image) {
    if (!detail::WithinLimits(bytes, *type)) throw UnsupportedAttachment();
    auto thumbnail = detail::MakeThumbnail(bytes, *type, kThumbnailSide);
    if (!thumbnail) throw UnsupportedAttachment();  // sniffed as an image, but libgd cannot decode it
    stored.thumbnail_name = NameOf(thumbnail->bytes, thumbnail->type);
    // The thumbnail first, so a stored image always has one.
    Store(*stored.thumbnail_name, thumbnail->bytes, space);
  }
  Store(stored.name, bytes, space);
  return stored;
}

void FileStore::Store(const std::string& name, std::string_view bytes, Space space) const {
  auto target = PathOf(name, space);
  std::error_code ec;
  if (std::filesystem::is_regular_file(target, ec)) {
    // Same name, same bytes. Marked as stored now, so a sweep that found the file unused before this upload
    // is recorded leaves it alone.
    std::filesystem::last_write_time(target, std::filesystem::file_time_type::clock::now(), ec);
    return;
  }

  // The private directory is made by the first private file (a store that has none stays as it was).
  if (space == Space::kPrivate) std::filesystem::create_directories(private_dir_);
  // A unique temporary name, so concurrent uploads of the same bytes never write into one file; rename is
  // atomic, and the loser of a race simply replaces identical content.
  auto temporary = Dir(space) / ("." + name + "." + ToHex(RandomBytes(8)) + ".tmp");
  try {
    WriteNewFile(temporary, bytes);
    std::filesystem::rename(temporary, target);
  } catch (...) {
    std::filesystem::remove(temporary, ec);
    throw;
  }
}

bool FileStore::RemoveIfStoredBefore(std::string_view name, std::filesystem::file_time_type stored_before,
                                     Space space) const {
  if (!IsValidName(name)) return false;
  const auto path = PathOf(name, space);
  std::error_code ec;
  const auto stored_at = std::filesystem::last_write_time(path, ec);
  if (ec || stored_at >= stored_before) return false;
  return std::filesystem::remove(path, ec) && !ec;
}

std::size_t FileStore::RemoveAbandonedTemporaries() const {
  const auto stored_before = std::filesystem::file_time_type::clock::now() - kSweepGrace;
  std::size_t removed = 0;
  for (const auto& dir : {dir_, private_dir_}) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (!name.starts_with('.') || !name.ends_with(".tmp")) continue;
      std::error_code entry_ec;
      const auto written_at = std::filesystem::last_write_time(it->path(), entry_ec);
      if (entry_ec || written_at >= stored_before || !it->is_regular_file(entry_ec)) continue;
      if (std::filesystem::remove(it->path(), entry_ec) && !entry_ec) ++removed;
    }
  }
  return removed;
}

std::size_t FileStore::RemoveUnused(const std::vector<std::string>& names, Space space) const {
  const auto stored_before = std::filesystem::file_time_type::clock::now() - kSweepGrace;
  std::size_t removed = 0;
  for (const auto& name : names) {
    if (RemoveIfStoredBefore(name, stored_before, space)) ++removed;
  }
  return removed;
}

bool FileStore::Exists(std::string_view name, Space space) const {
  if (!IsValidName(name)) return false;
  std::error_code ec;
  return std::filesystem::is_regular_file(PathOf(name, space), ec);
}

bool FileStore::MakePrivate(std::string_view name) const {
  if (!IsValidName(name)) return false;
  const auto target = PathOf(name, Space::kPrivate);
  const auto source = PathOf(name, Space::kPublic);
  if (Exists(name, Space::kPrivate)) return true;
  if (!Exists(name, Space::kPublic)) return false;
  std::filesystem::create_directories(private_dir_);
  // A hard link is atomic and costs no space; EEXIST means another process linked it first.
  if (::link(source.c_str(), target.c_str()) == 0 || errno == EEXIST) return true;
  if (errno == ENOENT) return false;
  // A file system without hard links (or another device): copy through a temporary name, atomically.
  auto content = Read(name, Space::kPublic);
  if (!content) return false;
  Store(std::string(name), content->bytes, Space::kPrivate);
  return true;
}

std::optional<FileStore::Content> FileStore::ReadPrivate(std::string_view name) const {
  if (auto content = Read(name, Space::kPrivate)) return content;
  return Read(name, Space::kPublic);
}

std::optional<FileStore::Content> FileStore::Read(std::string_view name, Space space) const {
  if (!IsValidName(name)) return std::nullopt;
  auto path = PathOf(name, space);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    ThrowErrno("open", path);
  }
  Content content;
  std::array<char, 64 * 1024> buffer;
  for (;;) {
    ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      errno = saved;
      ThrowErrno("read", path);
    }
    if (n == 0) break;
    content.bytes.append(buffer.data(), static_cast<std::size_t>(n));
  }
  if (::close(fd) != 0) ThrowErrno("close", path);
  // Names come from SniffType, so bytes that sniff as another type were dropped in by someone else.
  auto type = SniffType(content.bytes, Accept::kAttachments);
  if (!type || type->extension != name.substr(65)) return std::nullopt;
  content.content_type = std::string(type->content_type);
  content.is_image = type->is_image;
  return content;
}

void FileReferences::Add(std::string owner, std::string uses_sql, Space space) {
  for (const auto& existing : owners_) {
    if (existing.name == owner && existing.space == space) {
      throw std::logic_error("storage: file references of " + owner + " added twice");
    }
  }
  owners_.push_back({std::move(owner), std::move(uses_sql), space, {}, {}});
}

bool IsSqlName(std::string_view name, bool qualified) noexcept {
  if (qualified) {
    const auto dot = name.find('.');
    return dot != std::string_view::npos && IsSqlName(name.substr(0, dot)) && IsSqlName(name.substr(dot + 1));
  }
  if (name.empty() || name.size() > 63 || (name[0] >= '0' && name[0] <= '9')) return false;
  return std::ranges::all_of(
      name, [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

void FileReferences::AddTable(std::string owner, Table table, Space space) {
  if (!IsSqlName(table.table, true) || !IsSqlName(table.key) || table.files.empty() ||
      !std::ranges::all_of(table.files, [](const auto& column) { return IsSqlName(column); })) {
    throw std::invalid_argument("storage: file references of " + owner + ": " + table.table +
                                " needs SQL names for its table, key and file columns");
  }
  std::string uses = "EXISTS (SELECT 1 FROM " + table.table + " t WHERE (";
  for (std::size_t i = 0; i < table.files.size(); ++i) {
    if (i > 0) uses += " OR ";
    uses += "t." + table.files[i] + " = {name}";
  }
  uses += ")";
  if (table.unmoved_only) uses += " AND NOT t.stored_private";
  uses += "{except})";
  Add(owner, std::move(uses), space);
  owners_.back().table = std::move(table.table);
  owners_.back().key = std::move(table.key);
}

void FileReferences::AddPrivateTable(std::string owner, std::string_view table) {
  Table rows{std::string(table), "id", {"file_name", "thumbnail_name"}, false};
  AddTable(owner, rows, Space::kPrivate);
  rows.unmoved_only = true;
  AddTable(std::move(owner), std::move(rows), Space::kPublic);
}

std::string FileReferences::Render(std::string_view skip_owner, std::string_view name_sql, Space space,
                                   std::optional<Deleting> deleting) const {
  auto replace_all = [](std::string& text, std::string_view what, std::string_view with) {
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at)) {
      text.replace(at, what.size(), with);
      at += with.size();
    }
  };
  std::string sql;
  for (const auto& owner : owners_) {
    if (owner.name == skip_owner || owner.space != space) continue;
    std::string condition = owner.uses_sql;
    const bool deleted_here = deleting && !owner.table.empty() && owner.table == deleting->table;
    replace_all(condition, "{except}",
                deleted_here ? " AND t." + owner.key + " NOT IN (" + std::string(deleting->keys_sql) + ")"
                             : std::string());
    replace_all(condition, "{name}", name_sql);
    sql += sql.empty() ? "(" : " OR (";
    sql += condition;
    sql += ")";
  }
  return sql.empty() ? std::string("false") : sql;
}

std::string FileReferences::Uses(std::string_view name_sql, Space space,
                                 std::optional<Deleting> deleting) const {
  return Render({}, name_sql, space, deleting);
}

std::string FileReferences::OthersUse(std::string_view owner, std::string_view name_sql, Space space) const {
  return Render(owner, name_sql, space, std::nullopt);
}

}  // namespace artel::storage
