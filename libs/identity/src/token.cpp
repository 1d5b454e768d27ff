#include "artel/core/crypto.hpp"
#include "artel/identity/identity.hpp"

namespace artel::identity {

std::string HashToken(std::string_view token) {
  return Sha256(token);
}

}  // namespace artel::identity
