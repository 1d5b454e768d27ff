#pragma once

#include "artel/platform/module.hpp"

namespace artel::mail {

/// The outbox: provides mail::Worker, which delivers queued mails in the background (SMTP or .eml files).
platform::Module Module();

}  // namespace artel::mail
