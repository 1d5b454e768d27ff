#pragma once

// What every "upload a file, attach it later" route (order attachments, chat attachments) does with the
// request before its own bookkeeping: the name the file is listed under, and the store off the io threads.

#include <boost/asio/awaitable.hpp>
#include <string>
#include <string_view>

#include "artel/storage/storage.hpp"

namespace boost::asio {
class thread_pool;
}  // namespace boost::asio

namespace artel::storage {

/// The name an upload is listed under, from the client's `?name=`: its last path segment, without leading
/// whitespace. Throws ValidationFailed("name", orders:file_name_empty) when nothing is left, and
/// ValidationFailed("name", validation:length.max) for invalid UTF-8 or more than 255 characters.
std::string UploadName(std::string_view raw);

/// FileStore::PutAttachment on `blocking` (an image is decoded and thumbnailed: CPU work that must not hold
/// an io thread); the caller's coroutine resumes on its own executor. Throws what PutAttachment throws.
boost::asio::awaitable<StoredFile> PutAttachmentOn(boost::asio::thread_pool& blocking, const FileStore& files,
                                                   std::string_view bytes, Space space);

/// FileStore::PutImage on `blocking`, the same way (avatars, portfolio images). Throws what PutImage throws.
boost::asio::awaitable<StoredFile> PutImageOn(boost::asio::thread_pool& blocking, const FileStore& files,
                                              std::string_view bytes, ImageOptions options = {});

}  // namespace artel::storage
