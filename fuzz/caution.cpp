// The messenger's anti-fraud hint (libs/messenger: Cautions), run on the text of every chat message a user
// sends: digit runs (phones, cards with the Luhn check), e-mail addresses written or spelled out, messenger
// names and @handles, off-platform payment words, in Russian and English.
// Input: a message's text.
//
// What must hold: each kind is listed at most once, and only the five kinds there are.

#include "artel/messenger/caution.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz.hpp"

using namespace artel::messenger;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto kinds = Cautions(artel::fuzz::View(data, size));
  for (const auto& kind : kinds) {
    ARTEL_FUZZ_CHECK(kind == kCautionPhone || kind == kCautionEmail || kind == kCautionCard ||
                     kind == kCautionMessenger || kind == kCautionOffPlatform);
    ARTEL_FUZZ_CHECK(std::count(kinds.begin(), kinds.end(), kind) == 1);
  }
  return 0;
}
