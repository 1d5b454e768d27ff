#pragma once

#include "artel/platform/module.hpp"

namespace artel::wallet {

/// The wallet: the ledger, top-ups through the gateway (the sandbox by default), balances and the statement.
platform::Module Module();

}  // namespace artel::wallet
