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
};

/// Decodes the image with libgd and scales it so its longest side is at most `side` (aspect kept, never
/// upscaled): a JPEG, or a PNG when any pixel is not opaque. nullopt when libgd cannot decode the image.
/// Throws std::runtime_error when libgd cannot allocate or encode the thumbnail.
std::optional<Thumbnail> MakeThumbnail(std::string_view bytes, const FileType& type, int side);

}  // namespace artel::storage::detail
