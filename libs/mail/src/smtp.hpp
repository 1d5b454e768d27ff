#pragma once

#include <string>

#include "artel/core/config.hpp"

namespace artel::mail {

/// Sends one built message over SMTP with libcurl. Blocking (bounded by connect and total timeouts):
/// call it off the io threads. Throws std::runtime_error with libcurl's description on failure.
void SendSmtp(const MailConfig& config, const std::string& to, const std::string& message);

}  // namespace artel::mail
