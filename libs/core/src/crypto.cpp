#include "artel/core/crypto.hpp"

// SHA256_Init/Update/Final: deprecated in OpenSSL 3 in favour of EVP, which costs a provider lookup and a
// context allocation per digest. They remain part of OpenSSL 3's API; the two hot paths below use them.
#define OPENSSL_SUPPRESS_DEPRECATED

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <algorithm>
#include <stdexcept>

namespace artel {

std::string RandomBytes(std::size_t count) {
  std::string out(count, '\0');
  if (count > 0 && RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(count)) != 1) {
    throw std::runtime_error("RAND_bytes failed");
  }
  return out;
}

std::string RandomToken(std::size_t bytes) {
  return Base64UrlEncode(RandomBytes(bytes));
}

std::string ToHex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 0xF];
  }
  return out;
}

std::string Base64UrlEncode(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) | static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
    out += kAlphabet[v & 63];
  }
  if (i + 1 == bytes.size()) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
  } else if (i + 2 == bytes.size()) {
    unsigned v =
        (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += kAlphabet[(v >> 6) & 63];
  }
  return out;
}

bool Base64UrlDecode(std::string_view text, std::string& out) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
  };
  if (text.size() % 4 == 1) return false;
  out.clear();
  unsigned buffer = 0;
  int bits = 0;
  for (char c : text) {
    int v = value(c);
    if (v < 0) return false;
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFF);
    }
  }
  return true;
}

std::string Sha256(std::string_view data) {
  // SHA256_Init/Update/Final hash in place; the one-shot SHA256() of OpenSSL 3 goes through EVP_Digest and
  // fetches the algorithm on every call (several times the cost for a session token's 43 bytes).
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256_CTX context;
  SHA256_Init(&context);
  SHA256_Update(&context, data.data(), data.size());
  SHA256_Final(digest, &context);
  return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
}

namespace {

/// HMAC-SHA256 with its key schedule kept per thread: the SHA-256 states after the inner and outer padded key
/// blocks. OpenSSL 3's one-shot HMAC() fetches the algorithm from its provider, allocates a MAC context and
/// hashes both key blocks on every call; the XSRF token every API answer checks or mints is an HMAC under the
/// one `security.secret`, so the same key comes back on every request of a thread. With the states kept, a
/// MAC is two struct copies and the compressions of the data, as RFC 2104 has it.
class HmacSha256State {
 public:
  std::string Mac(std::string_view key, std::string_view data) {
    if (!keyed_ || key != key_) SetKey(key);
    unsigned char inner_digest[SHA256_DIGEST_LENGTH];
    unsigned char out[SHA256_DIGEST_LENGTH];
    SHA256_CTX context = inner_;
    SHA256_Update(&context, data.data(), data.size());
    SHA256_Final(inner_digest, &context);
    context = outer_;
    SHA256_Update(&context, inner_digest, sizeof inner_digest);
    SHA256_Final(out, &context);
    OPENSSL_cleanse(&context, sizeof context);
    return std::string(reinterpret_cast<const char*>(out), sizeof out);
  }

 private:
  static constexpr std::size_t kBlock = SHA256_CBLOCK;  // RFC 2104's B: 64 bytes

  void SetKey(std::string_view key) {
    keyed_ = false;
    unsigned char block[kBlock] = {};
    if (key.size() > kBlock) {
      SHA256(reinterpret_cast<const unsigned char*>(key.data()), key.size(), block);
    } else {
      std::copy(key.begin(), key.end(), block);
    }
    unsigned char pad[kBlock];
    for (std::size_t i = 0; i < kBlock; ++i) pad[i] = block[i] ^ 0x36;
    SHA256_Init(&inner_);
    SHA256_Update(&inner_, pad, kBlock);
    for (std::size_t i = 0; i < kBlock; ++i) pad[i] = block[i] ^ 0x5c;
    SHA256_Init(&outer_);
    SHA256_Update(&outer_, pad, kBlock);
    OPENSSL_cleanse(block, sizeof block);
    OPENSSL_cleanse(pad, sizeof pad);
    key_.assign(key);
    keyed_ = true;
  }

  SHA256_CTX inner_{};
  SHA256_CTX outer_{};
  std::string key_;
  bool keyed_ = false;
};

}  // namespace

std::string HmacSha256(std::string_view key, std::string_view data) {
  thread_local HmacSha256State state;
  return state.Mac(key, data);
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace artel
