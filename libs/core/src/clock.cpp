#include "artel/core/clock.hpp"

namespace artel {

Clock& DefaultClock() {
  static SystemClock clock;
  return clock;
}

}  // namespace artel
