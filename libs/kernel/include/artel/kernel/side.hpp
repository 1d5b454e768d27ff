#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/kernel/enum_names.hpp"

namespace artel::kernel {

/// The two sides of a deal: who orders the work and who carries it out.
enum class Side : std::uint8_t { kCustomer, kPerformer };

inline constexpr EnumNames<Side, 2> kSideNames{
    {{Side::kCustomer, "customer"}, {Side::kPerformer, "performer"}}};

constexpr std::string_view SideName(Side side) noexcept {
  return kSideNames.Name(side);
}
constexpr std::optional<Side> ParseSide(std::string_view name) noexcept {
  return kSideNames.Parse(name);
}
/// The other side of the deal.
constexpr Side Opposite(Side side) noexcept {
  return side == Side::kCustomer ? Side::kPerformer : Side::kCustomer;
}

}  // namespace artel::kernel
