#include <fmt/format.h>

#include "artel/platform/module.hpp"

namespace artel::platform {

Services::~Services() {
  // Reverse order of creation: a service may refer to those made before it.
  while (!entries_.empty()) entries_.pop_back();
}

void Services::Put(std::type_index type, std::shared_ptr<void> object, const char* name) {
  if (Contains(type)) throw std::logic_error(fmt::format("services: a second {} was provided", name));
  entries_.push_back({type, std::move(object)});
}

void* Services::Find(std::type_index type, const char* name) const {
  for (const auto& entry : entries_) {
    if (entry.type == type) return entry.object.get();
  }
  throw std::logic_error(
      fmt::format("services: no installed module provides {} (install the module that does first)", name));
}

bool Services::Contains(std::type_index type) const {
  for (const auto& entry : entries_) {
    if (entry.type == type) return true;
  }
  return false;
}

}  // namespace artel::platform
