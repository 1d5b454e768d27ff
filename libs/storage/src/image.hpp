#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/storage/storage.hpp"

namespace artel::storage::detail {

struct Dimensions {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
};

/// The width and height an image's header declares, read without decoding it; nullopt when the header is
/// truncated or malformed. `type` is the image's sniffed type.
std::optional<Dimensions> DeclaredDimensions(std::string_view bytes, const FileType& type) noexcept;

struct Thumbnail {
  std::string bytes;
  FileType type;
  int width = 0;
  int height = 0;
};

/// True when the image's header declares dimensions within kMaxImageSide and kMaxImagePixels: checked
/// before any decoding (a "decompression bomb" is refused by its header). False for a malformed header.
bool WithinLimits(std::string_view bytes, const FileType& type) noexcept;

/// Decodes the image with libgd and scales it so its longest side is at most `side` (aspect kept, never
/// upscaled): a JPEG, or a PNG when any pixel is not opaque. nullopt when libgd cannot decode the image.
/// Throws std::runtime_error when libgd cannot allocate or encode the thumbnail.
std::optional<Thumbnail> MakeThumbnail(std::string_view bytes, const FileType& type, int side);

/// Decodes the image once and re-encodes it twice from the decoded pixels (nothing of the uploaded bytes but
/// the pixels survives: no metadata, no trailing data, no second payload): the image scaled to at most
/// `side`, and, when `thumbnail_side` is positive, a thumbnail scaled to at most that. nullopt when libgd
/// cannot decode the image. Throws std::runtime_error when libgd cannot allocate or encode.
struct Reencoded {
  Thumbnail image;
  std::optional<Thumbnail> thumbnail;
};
std::optional<Reencoded> Reencode(std::string_view bytes, const FileType& type, int side, int thumbnail_side);

}  // namespace artel::storage::detail
