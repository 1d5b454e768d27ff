// Uploaded bytes through the storage path (libs/storage/src/storage.cpp, PutImage and PutAttachment): the
// type sniffed from the content (SniffType), the declared dimensions checked before decoding (WithinLimits),
// then the image decoded by libgd and re-encoded with its thumbnail (Reencode, MakeThumbnail); and the names
// a download carries (ContentDisposition, FileUrl) with the input as the uploaded file's name.
// Input: a file's bytes, as an upload sends them.
//
// What must hold: an image is decoded only within the limits, and what Reencode writes sniffs as an image
// within them again.

#include "artel/storage/storage.hpp"

#include <gd.h>

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fuzz.hpp"
#include "image.hpp"

using namespace artel;

namespace {

void CheckImage(const storage::detail::Thumbnail& image, int side) {
  const auto type = storage::SniffType(image.bytes, storage::Accept::kImages);
  ARTEL_FUZZ_CHECK(type.has_value());
  ARTEL_FUZZ_CHECK(storage::detail::WithinLimits(image.bytes, *type));
  ARTEL_FUZZ_CHECK(image.width > 0 && image.height > 0 && image.width <= side && image.height <= side);
}

void Quiet(int, const char*, va_list) {}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // libgd's warnings about broken files go nowhere: the storage path ignores them too.
  gdSetErrorMethod(Quiet);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = fuzz::View(data, size);
  // PutImage: images only, re-encoded at a stored size with a thumbnail.
  if (const auto type = storage::SniffType(bytes, storage::Accept::kImages)) {
    if (storage::detail::WithinLimits(bytes, *type)) {
      try {
        if (const auto reencoded = storage::detail::Reencode(bytes, *type, 640, storage::kThumbnailSide)) {
          CheckImage(reencoded->image, 640);
          ARTEL_FUZZ_CHECK(reencoded->thumbnail.has_value());
          CheckImage(*reencoded->thumbnail, storage::kThumbnailSide);
        }
      } catch (const std::runtime_error&) {
        // libgd could not allocate or encode: the upload is refused.
      }
    }
  }
  // PutAttachment: any accepted type; an image's thumbnail.
  if (const auto type = storage::SniffType(bytes, storage::Accept::kAttachments)) {
    if (type->content_type.starts_with("image/") && storage::detail::WithinLimits(bytes, *type)) {
      try {
        if (const auto thumbnail = storage::detail::MakeThumbnail(bytes, *type, storage::kThumbnailSide)) {
          CheckImage(*thumbnail, storage::kThumbnailSide);
        }
      } catch (const std::runtime_error&) {
      }
    }
  }
  // The upload's name, as a download hands it back.
  storage::IsValidName(bytes);
  const std::string stored(64, 'a');
  storage::ContentDisposition(bytes, stored + ".pdf");
  storage::FileUrl(stored + ".pdf", bytes);
  return 0;
}
