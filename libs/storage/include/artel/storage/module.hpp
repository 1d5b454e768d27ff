#pragma once

#include "artel/platform/module.hpp"

namespace artel::storage {

/// Uploaded files: provides storage::FileStore (under storage.dir) and serves GET /api/files/{name}.
platform::Module Module();

}  // namespace artel::storage
