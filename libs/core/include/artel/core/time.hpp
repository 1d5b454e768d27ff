#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artel/core/clock.hpp"

namespace artel {

/// UTC as the API writes it: "2026-11-22T18:05:00Z" (whole seconds).
std::string IsoTime(TimePoint time);

/// An RFC 3339 date-time as the API accepts it: "YYYY-MM-DDTHH:MM[:SS[.fraction]]" followed by "Z" or a
/// "+HH:MM"/"-HH:MM" offset (a space may stand for "T"). nullopt for anything else, including impossible
/// dates such as February 30.
std::optional<TimePoint> ParseIsoTime(std::string_view text);

}  // namespace artel
