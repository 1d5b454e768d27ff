#include "artel/identity/password.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <thread>

#include "artel/core/crypto.hpp"
#include "artel/identity/identity.hpp"

namespace artel::identity {
namespace {

std::vector<std::string> Keys(std::string_view password) {
  std::vector<std::string> keys;
  for (const auto& message : CheckPassword(password)) keys.push_back(message.key);
  return keys;
}

bool Has(const std::vector<std::string>& keys, std::string_view key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

/// Fast parameters: the tests check behaviour, not cost.
Argon2Config FastConfig() {
  return Argon2Config{.memory_kib = 1024, .iterations = 1, .parallelism = 1, .max_concurrent = 2};
}

template <class T>
T RunSync(boost::asio::awaitable<T> awaitable) {
  boost::asio::io_context io;
  std::optional<T> value;
  std::exception_ptr failure;
  boost::asio::co_spawn(io, std::move(awaitable), [&](std::exception_ptr error, T result) {
    failure = error;
    if (!error) value = std::move(result);
  });
  io.run();
  if (failure) std::rethrow_exception(failure);
  return std::move(*value);
}

TEST(CheckPasswordTest, AcceptsAStrongPassword) {
  EXPECT_TRUE(CheckPassword("Tr0ub4dor&3x").empty());
  EXPECT_TRUE(CheckPassword("correct Horse 7 battery").empty()) << "a space counts as a special character";
}

TEST(CheckPasswordTest, ReportsEachBrokenRuleSeparately) {
  EXPECT_EQ(Keys("aB1!"), std::vector<std::string>{"auth:password.too_short"});
  EXPECT_EQ(Keys("abcdefg1!"), std::vector<std::string>{"auth:password.needs_upper"});
  EXPECT_EQ(Keys("ABCDEFG1!"), std::vector<std::string>{"auth:password.needs_lower"});
  EXPECT_EQ(Keys("Abcdefgh!"), std::vector<std::string>{"auth:password.needs_digit"});
  EXPECT_EQ(Keys("Abcdefgh1"), std::vector<std::string>{"auth:password.needs_special"});
  auto all = Keys("");
  for (auto key : {"auth:password.too_short", "auth:password.needs_upper", "auth:password.needs_lower",
                   "auth:password.needs_digit", "auth:password.needs_special"}) {
    EXPECT_TRUE(Has(all, key)) << key;
  }
  EXPECT_FALSE(Has(all, "auth:password.too_long"));
}

TEST(CheckPasswordTest, TooShortCarriesTheMinimum) {
  auto problems = CheckPassword("aB1!");
  ASSERT_EQ(problems.size(), 1u);
  ASSERT_EQ(problems[0].params.size(), 1u);
  EXPECT_EQ(problems[0].params[0].first, "count");
  EXPECT_EQ(problems[0].params[0].second, "8");
}

TEST(CheckPasswordTest, LengthBoundariesAreEightAndOneHundredTwentyEight) {
  EXPECT_TRUE(Has(Keys("Ab1!xyz"), "auth:password.too_short"));  // 7
  EXPECT_TRUE(CheckPassword("Ab1!xyzw").empty());                // 8
  std::string base = "Ab1!";
  EXPECT_TRUE(CheckPassword(base + std::string(124, 'q')).empty());                                   // 128
  EXPECT_EQ(Keys(base + std::string(125, 'q')), std::vector<std::string>{"auth:password.too_long"});  // 129
}

TEST(CheckPasswordTest, CountsCodePointsAndUnicodeCase) {
  // Cyrillic letters count as upper and lower case; each is two bytes but one character.
  EXPECT_TRUE(CheckPassword("Пароль#2026").empty());
  EXPECT_EQ(Keys("пароль#2026"), std::vector<std::string>{"auth:password.needs_upper"});
  EXPECT_EQ(Keys("ПАРОЛЬ#2026"), std::vector<std::string>{"auth:password.needs_lower"});
  // 7 code points in 13 bytes: too short, even though the byte count is above 8.
  EXPECT_TRUE(Has(Keys("Жжжжж1!"), "auth:password.too_short"));
  // 128 Cyrillic code points (256 bytes) are still acceptable.
  std::string long_password = "Ж1!";
  for (int i = 0; i < 125; ++i) long_password += "ж";
  EXPECT_TRUE(CheckPassword(long_password).empty());
  EXPECT_TRUE(CheckPassword("Straße#2026").empty());
  EXPECT_TRUE(CheckPassword("Ab1😀xyzw").empty()) << "an emoji is a special character";
}

TEST(CheckPasswordTest, RejectsCommonPasswordsCaseInsensitively) {
  for (auto password : {"Password1!", "P@ssw0rd", "Qwerty123!", "PASSWORD1!", "Welcome@123", "P@ssw0rd1"}) {
    EXPECT_TRUE(Has(Keys(password), "auth:password.common")) << password;
  }
  EXPECT_TRUE(IsCommonPassword("QWERTY"));
  EXPECT_TRUE(IsCommonPassword("пароль"));
  EXPECT_TRUE(IsCommonPassword("ПАРОЛЬ"));
  EXPECT_FALSE(IsCommonPassword("Tr0ub4dor&3x"));
  EXPECT_FALSE(IsCommonPassword(""));
  EXPECT_GE(CommonPasswordCount(), 200u);
  // The accounts the harness and demo data use must pass.
  EXPECT_TRUE(CheckPassword("Admin#12345").empty());
}

TEST(Argon2Test, EncodesWithTheConfiguredParametersAndVerifies) {
  auto config = FastConfig();
  auto encoded = HashPasswordNow("Tr0ub4dor&3x", config);
  EXPECT_TRUE(encoded.starts_with("$argon2id$v=19$m=1024,t=1,p=1$")) << encoded;
  EXPECT_TRUE(VerifyPasswordNow(encoded, "Tr0ub4dor&3x"));
  EXPECT_FALSE(VerifyPasswordNow(encoded, "Tr0ub4dor&3X"));
  EXPECT_FALSE(VerifyPasswordNow(encoded, ""));
  EXPECT_NE(HashPasswordNow("Tr0ub4dor&3x", config), encoded) << "each hash has its own salt";
}

TEST(Argon2Test, MalformedHashesNeverVerify) {
  EXPECT_FALSE(VerifyPasswordNow("", "x"));
  EXPECT_FALSE(VerifyPasswordNow("$2y$10$abcdefghijklmnopqrstuv", "x"));
  EXPECT_FALSE(VerifyPasswordNow("$argon2id$v=19$m=1024,t=1,p=1$!!!$!!!", "x"));
}

TEST(Argon2Test, ParsesParametersAndDetectsRehash) {
  auto config = FastConfig();
  auto encoded = HashPasswordNow("pw", config);
  auto parameters = ParseArgon2(encoded);
  ASSERT_TRUE(parameters);
  EXPECT_EQ(parameters->memory_kib, 1024u);
  EXPECT_EQ(parameters->iterations, 1u);
  EXPECT_EQ(parameters->parallelism, 1u);
  EXPECT_FALSE(NeedsRehash(encoded, config));

  auto stronger = config;
  stronger.memory_kib = 2048;
  EXPECT_TRUE(NeedsRehash(encoded, stronger));
  stronger = config;
  stronger.iterations = 2;
  EXPECT_TRUE(NeedsRehash(encoded, stronger));
  stronger = config;
  stronger.parallelism = 2;
  EXPECT_TRUE(NeedsRehash(encoded, stronger));
  auto fewer_threads = config;
  fewer_threads.max_concurrent = 9;
  EXPECT_FALSE(NeedsRehash(encoded, fewer_threads)) << "pool size is not a hash parameter";

  EXPECT_TRUE(NeedsRehash("$argon2i$v=19$m=1024,t=1,p=1$c2FsdA$aGFzaA", config));
  EXPECT_FALSE(ParseArgon2("$argon2id$v=19$m=1024,t=1$c2FsdA$aGFzaA"));
  EXPECT_FALSE(ParseArgon2("$argon2id$v=19$m=0,t=1,p=1$c2FsdA$aGFzaA"));
  EXPECT_FALSE(ParseArgon2("$argon2id$v=19$m=1024,t=1,p=x$c2FsdA$aGFzaA"));
}

TEST(PasswordHasherTest, HashesAndVerifiesOffTheCallingThread) {
  PasswordHasher hasher(FastConfig());
  auto caller = std::this_thread::get_id();
  auto encoded = RunSync(hasher.Hash("Tr0ub4dor&3x"));
  EXPECT_TRUE(VerifyPasswordNow(encoded, "Tr0ub4dor&3x"));
  EXPECT_TRUE(RunSync(hasher.Verify(encoded, "Tr0ub4dor&3x")));
  EXPECT_FALSE(RunSync(hasher.Verify(encoded, "wrong")));
  EXPECT_FALSE(RunSync(hasher.VerifyDummy("Tr0ub4dor&3x")));
  EXPECT_EQ(std::this_thread::get_id(), caller);
}

TEST(PasswordHasherTest, RefusesWorkThatWaitedTooLongToStart) {
  // One hashing thread, a zero queue timeout and a slow first hash: the second request starts late → 503.
  auto config = FastConfig();
  config.max_concurrent = 1;
  config.memory_kib = 64 * 1024;
  config.iterations = 3;
  PasswordHasher hasher(config, std::chrono::milliseconds(0));
  boost::asio::io_context io;
  std::atomic<int> unavailable = 0;
  std::atomic<int> done = 0;
  for (int i = 0; i < 3; ++i) {
    boost::asio::co_spawn(io, hasher.Hash("Tr0ub4dor&3x"), [&](std::exception_ptr error, std::string) {
      ++done;
      if (!error) return;
      try {
        std::rethrow_exception(error);
      } catch (const Error& e) {
        if (e.Code() == ErrorCode::kServiceUnavailable) ++unavailable;
      }
    });
  }
  io.run();
  EXPECT_EQ(done, 3);
  EXPECT_GE(unavailable, 1);
}

TEST(HashTokenTest, IsTheRawSha256) {
  auto token = RandomToken(32);
  EXPECT_EQ(token.size(), 43u);
  EXPECT_EQ(HashToken(token).size(), 32u);
  EXPECT_EQ(HashToken(token), Sha256(token));
  EXPECT_NE(HashToken(token), HashToken(RandomToken(32)));
  EXPECT_EQ(ToHex(HashToken("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace artel::identity
