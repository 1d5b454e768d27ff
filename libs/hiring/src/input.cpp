#include "input.hpp"

#include <algorithm>

namespace artel::hiring {

std::optional<Action> ParseTransition(std::string_view name) noexcept {
  auto action = ParseAction(name);
  if (!action || std::ranges::find(kTransitions, *action) == std::end(kTransitions)) return std::nullopt;
  return action;
}

}  // namespace artel::hiring
