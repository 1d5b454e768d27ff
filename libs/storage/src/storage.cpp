#include "artel/storage/storage.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <system_error>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"

namespace artel::storage {
namespace {

constexpr FileType kPng{"png", "image/png"};
constexpr FileType kJpeg{"jpg", "image/jpeg"};
constexpr FileType kWebp{"webp", "image/webp"};
constexpr FileType kGif{"gif", "image/gif"};
constexpr std::array kTypes{kPng, kJpeg, kWebp, kGif};

bool StartsWith(std::string_view bytes, std::string_view prefix) noexcept {
  return bytes.substr(0, prefix.size()) == prefix;
}

[[noreturn]] void ThrowErrno(const std::string& what, const std::filesystem::path& path) {
  throw std::filesystem::filesystem_error(what, path, std::error_code(errno, std::generic_category()));
}

/// Writes all of `bytes` to a new file at `path` and flushes it to disk.
void WriteNewFile(const std::filesystem::path& path, std::string_view bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) ThrowErrno("open", path);
  std::size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      ::close(fd);
      errno = saved;
      ThrowErrno("write", path);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    int saved = errno;
    ::close(fd);
    errno = saved;
    ThrowErrno("fsync", path);
  }
  if (::close(fd) != 0) ThrowErrno("close", path);
}

}  // namespace

std::optional<FileType> SniffType(std::string_view bytes) noexcept {
  using namespace std::string_view_literals;
  if (StartsWith(bytes, "\x89PNG\r\n\x1a\n"sv)) return kPng;
  if (StartsWith(bytes, "\xff\xd8\xff"sv)) return kJpeg;
  if (StartsWith(bytes, "GIF87a"sv) || StartsWith(bytes, "GIF89a"sv)) return kGif;
  // RIFF <4-byte size> WEBP
  if (bytes.size() >= 12 && StartsWith(bytes, "RIFF"sv) && bytes.substr(8, 4) == "WEBP"sv) return kWebp;
  return std::nullopt;
}

bool IsValidName(std::string_view name) noexcept {
  auto dot = name.find('.');
  if (dot != 64) return false;
  for (char c : name.substr(0, 64)) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  auto extension = name.substr(65);
  for (const auto& type : kTypes) {
    if (extension == type.extension) return true;
  }
  return false;
}

std::string FileUrl(std::string_view name) {
  return "/api/files/" + std::string(name);
}

FileStore::FileStore(std::filesystem::path dir) : dir_(std::move(dir)) {
  std::filesystem::create_directories(dir_);
}

StoredFile FileStore::Put(std::string_view bytes) const {
  if (bytes.empty()) throw ValidationFailed("file", {"storage:empty"});
  auto type = SniffType(bytes);
  if (!type) throw UnsupportedMediaType({"errors:codes.UnsupportedMediaType"});

  StoredFile stored{ToHex(Sha256(bytes)) + "." + std::string(type->extension),
                    std::string(type->content_type), bytes.size()};
  auto target = dir_ / stored.name;
  std::error_code ec;
  if (std::filesystem::is_regular_file(target, ec)) return stored;  // same name, same bytes

  // A unique temporary name, so concurrent uploads of the same bytes never write into one file; rename is
  // atomic, and the loser of a race simply replaces identical content.
  auto temporary = dir_ / ("." + stored.name + "." + ToHex(RandomBytes(8)) + ".tmp");
  try {
    WriteNewFile(temporary, bytes);
    std::filesystem::rename(temporary, target);
  } catch (...) {
    std::filesystem::remove(temporary, ec);
    throw;
  }
  return stored;
}

std::optional<FileStore::Content> FileStore::Read(std::string_view name) const {
  if (!IsValidName(name)) return std::nullopt;
  auto path = dir_ / std::string(name);
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
  auto type = SniffType(content.bytes);
  if (!type) return std::nullopt;  // only Put writes here, so this is a file someone else dropped in
  content.content_type = std::string(type->content_type);
  return content;
}

}  // namespace artel::storage
