#pragma once

#include "artel/platform/module.hpp"

namespace artel::hiring {

/// Responses and invitations: provides hiring::Hiring, its routes, the notification kinds response_received,
/// response_invited and response_status, the messenger's "response" chat context, and the demo responses.
platform::Module Module();

}  // namespace artel::hiring
