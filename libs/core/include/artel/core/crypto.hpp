#pragma once

#include <string>
#include <string_view>

namespace artel {

/// Cryptographically secure random bytes (OpenSSL RAND_bytes); throws on failure.
std::string RandomBytes(std::size_t count);
/// A URL-safe random token carrying `bytes` of entropy (base64url, no padding).
std::string RandomToken(std::size_t bytes = 32);

std::string ToHex(std::string_view bytes);
std::string Base64UrlEncode(std::string_view bytes);
/// Returns false on malformed input.
bool Base64UrlDecode(std::string_view text, std::string& out);

/// Raw 32-byte digests.
std::string Sha256(std::string_view data);
std::string HmacSha256(std::string_view key, std::string_view data);

/// Comparison whose time does not depend on where the inputs differ.
bool ConstantTimeEquals(std::string_view a, std::string_view b) noexcept;

}  // namespace artel
