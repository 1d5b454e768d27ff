// The config loader (libs/core/src/config.cpp: yaml-cpp, the platform's sections bound and checked, unknown
// keys refused), as `artel` reads artel.yaml at start-up.
// Input: the YAML text of a config file.
//
// What must hold: a bad file is refused with std::exception (a message naming the key), never a crash, a
// hang or another exception.

#include "artel/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string yaml(artel::fuzz::View(data, size));
  try {
    // Without ARTEL_* overrides: the input alone decides.
    artel::ParseConfig(yaml, false);
  } catch (const std::exception&) {
  }
  return 0;
}
