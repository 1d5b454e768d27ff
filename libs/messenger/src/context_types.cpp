#include "artel/messenger/context_types.hpp"

#include <stdexcept>

namespace artel::messenger {

void ContextTypes::Add(ContextType type) {
  if (Find(type.type) != nullptr)
    throw std::logic_error("messenger: context type registered twice: " + type.type);
  types_.push_back(std::move(type));
}

const ContextType* ContextTypes::Find(std::string_view type) const noexcept {
  for (const auto& entry : types_) {
    if (entry.type == type) return &entry;
  }
  return nullptr;
}

}  // namespace artel::messenger
