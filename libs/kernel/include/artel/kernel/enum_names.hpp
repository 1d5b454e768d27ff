#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace artel::kernel {

/// One enum value and its name in SQL columns and the API.
template <class T>
struct EnumName {
  T value;
  std::string_view name;
};

/// The names of an enum's values, in one table instead of a Name switch and a Parse loop per enum:
///   inline constexpr kernel::EnumNames<Side, 2> kSideNames{{{Side::kCustomer, "customer"},
///                                                            {Side::kPerformer, "performer"}}};
///   kSideNames.Name(Side::kCustomer) == "customer"; kSideNames.Parse("performer") == Side::kPerformer.
/// Tables are short, so lookups scan them.
template <class T, std::size_t N>
class EnumNames final {
 public:
  using Entry = EnumName<T>;

  constexpr EnumNames(const Entry (&entries)[N]) {  // NOLINT(google-explicit-constructor)
    for (std::size_t i = 0; i < N; ++i) entries_[i] = entries[i];
  }

  /// The name of `value`; empty for a value the table lacks (a table must list every value: test it).
  constexpr std::string_view Name(T value) const noexcept {
    for (const auto& entry : entries_) {
      if (entry.value == value) return entry.name;
    }
    return {};
  }

  /// The value named `name` exactly; nullopt for any other text.
  constexpr std::optional<T> Parse(std::string_view name) const noexcept {
    for (const auto& entry : entries_) {
      if (entry.name == name) return entry.value;
    }
    return std::nullopt;
  }

  static constexpr std::size_t size() noexcept { return N; }
  constexpr const Entry* begin() const noexcept { return entries_; }
  constexpr const Entry* end() const noexcept { return entries_ + N; }

 private:
  Entry entries_[N]{};
};

}  // namespace artel::kernel
