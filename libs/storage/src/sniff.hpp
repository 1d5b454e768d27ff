#pragma once

#include <optional>
#include <string_view>

#include "artel/storage/storage.hpp"

namespace artel::storage::detail {

/// The type a stored name's extension stands for; nullopt for an extension FileStore never hands out.
std::optional<FileType> TypeByExtension(std::string_view extension) noexcept;

}  // namespace artel::storage::detail
