#pragma once

#include "artel/platform/module.hpp"

namespace artel::storage {

/// Uploaded files: provides storage::FileStore (under storage.dir), storage::FileReferences and
/// storage::PendingUploads (whose job storage.sweep_uploads sweeps every registered table of pending
/// uploads), and serves GET /api/files/{name}.
platform::Module Module();

}  // namespace artel::storage
