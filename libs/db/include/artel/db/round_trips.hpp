#pragma once

#include <cstdint>

namespace artel::db {

/// Exchanges with PostgreSQL that ran statements in this process so far, over every connection: a query, a
/// pipeline, BEGIN and COMMIT count one each; a statement's one-time PREPARE on a connection does not. For
/// tests that pin how many round trips a path costs (take the difference around the call, with nothing else
/// running).
std::uint64_t RoundTrips() noexcept;

}  // namespace artel::db
