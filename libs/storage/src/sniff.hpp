#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/storage/storage.hpp"

namespace artel::storage::detail {

/// An unsigned little-endian integer of `width` bytes at `pos`, as ZIP, GIF and WebP store them; the caller
/// has checked the bounds.
template <class T = std::uint64_t>
T LittleEndian(std::string_view bytes, std::size_t pos, std::size_t width) noexcept {
  T value = 0;
  for (std::size_t i = width; i > 0; --i)
    value = (value << 8) | static_cast<unsigned char>(bytes[pos + i - 1]);
  return value;
}

/// The type a stored name's extension stands for; nullopt for an extension FileStore never hands out.
std::optional<FileType> TypeByExtension(std::string_view extension) noexcept;

}  // namespace artel::storage::detail
