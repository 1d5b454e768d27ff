#pragma once

#include "artel/platform/module.hpp"

namespace artel::help {

/// Help and support: provides help::Help and /api/help/*, /api/pages/*, /api/admin/{faq,tickets,pages}/*;
/// registers "help" as an owner of stored files, sweeps unattached support uploads and seeds the demo FAQ,
/// legal texts and tickets.
platform::Module Module();

}  // namespace artel::help
