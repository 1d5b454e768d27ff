#pragma once

// What the response routes need beside the contract, private to the library (unit-tested in
// tests/input_test.cpp).

#include <optional>
#include <string_view>

#include "artel/hiring/hiring.hpp"

namespace artel::hiring {

/// The transitions POST /api/responses/{id}/{action} takes (not apply or invite, which create one).
std::optional<Action> ParseTransition(std::string_view name) noexcept;

}  // namespace artel::hiring
