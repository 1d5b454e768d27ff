#pragma once

// What every fuzz target shares: the input as text, and a check whose failure is a crash libFuzzer keeps
// (and the replay driver reports) like a sanitizer's.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace artel::fuzz {

inline std::string_view View(const std::uint8_t* data, std::size_t size) noexcept {
  return size == 0 ? std::string_view() : std::string_view(reinterpret_cast<const char*>(data), size);
}

[[noreturn]] inline void Failed(const char* what, const char* file, int line) {
  std::fprintf(stderr, "fuzz: check failed at %s:%d: %s\n", file, line, what);
  std::abort();
}

}  // namespace artel::fuzz

/// A promise of the code under test that must hold for every input. (A macro: clang-14 has no
/// std::source_location.)
#define ARTEL_FUZZ_CHECK(condition) \
  ((condition) ? void() : ::artel::fuzz::Failed(#condition, __FILE__, __LINE__))
