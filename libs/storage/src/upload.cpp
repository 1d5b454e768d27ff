#include "artel/storage/upload.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "artel/core/error.hpp"
#include "artel/web/json.hpp"

namespace artel::storage {
namespace {

constexpr std::size_t kMaxNameLength = 255;

boost::asio::awaitable<StoredFile> Put(const FileStore* files, std::string_view bytes, Space space) {
  co_return files->PutAttachment(bytes, space);
}

boost::asio::awaitable<StoredFile> PutImageTask(const FileStore* files, std::string_view bytes,
                                                ImageOptions options) {
  co_return files->PutImage(bytes, options);
}

}  // namespace

std::string UploadName(std::string_view raw) {
  if (auto slash = raw.find_last_of("/\\"); slash != std::string_view::npos) raw.remove_prefix(slash + 1);
  const auto first = raw.find_first_not_of(" \t\r\n");
  const std::string name(first == std::string_view::npos ? std::string_view() : raw.substr(first));
  if (name.empty()) throw ValidationFailed("name", {"orders:file_name_empty", {}});
  if (!web::IsValidUtf8(name) || web::Utf8Length(name) > kMaxNameLength) {
    throw ValidationFailed("name", {"validation:length.max", {{"count", std::to_string(kMaxNameLength)}}});
  }
  return name;
}

boost::asio::awaitable<StoredFile> PutAttachmentOn(boost::asio::thread_pool& blocking, const FileStore& files,
                                                   std::string_view bytes, Space space) {
  auto work = Put(&files, bytes, space);
  co_return co_await boost::asio::co_spawn(blocking, std::move(work), boost::asio::use_awaitable);
}

boost::asio::awaitable<StoredFile> PutImageOn(boost::asio::thread_pool& blocking, const FileStore& files,
                                              std::string_view bytes, ImageOptions options) {
  auto work = PutImageTask(&files, bytes, options);
  co_return co_await boost::asio::co_spawn(blocking, std::move(work), boost::asio::use_awaitable);
}

}  // namespace artel::storage
