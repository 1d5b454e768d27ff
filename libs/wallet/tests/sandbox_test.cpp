// The sandbox gateway without a database: its test cards, its checkout URL, and the webhook's signature (a
// good one is read, a forged, stale, future or missing one is refused).

#include "artel/wallet/sandbox.hpp"

#include <gtest/gtest.h>

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"

namespace artel::wallet {
namespace {

using namespace std::chrono_literals;

const TimePoint kNow = *ParseIsoTime("2026-11-27T12:00:00Z");

GatewayEvent Event() {
  GatewayEvent event;
  event.event_id = "evt_1";
  event.payment_id = 17;
  event.succeeded = true;
  event.amount = 150000;
  event.currency = "RUB";
  event.card_last4 = "4242";
  return event;
}

std::string ErrorKey(const std::function<void()>& work) {
  try {
    work();
  } catch (const Error& error) {
    return error.GetMessage().key;
  }
  return "<no error>";
}

TEST(SandboxTest, KnowsItsTestCards) {
  EXPECT_EQ(ClassifySandboxCard("4242424242424242"), SandboxCard::kSucceeds);
  EXPECT_EQ(ClassifySandboxCard("4242 4242 4242 4242"), SandboxCard::kSucceeds);
  EXPECT_EQ(ClassifySandboxCard("4000-0000-0000-0002"), SandboxCard::kDeclined);
  EXPECT_EQ(ClassifySandboxCard("4000 0000 0000 3220"), SandboxCard::kNeedsConfirmation);
  EXPECT_EQ(ClassifySandboxCard("4111 1111 1111 1111"), SandboxCard::kUnknown);
  EXPECT_EQ(ClassifySandboxCard("4242x4242424242424"), SandboxCard::kUnknown);
  EXPECT_EQ(ClassifySandboxCard(""), SandboxCard::kUnknown);
}

TEST(SandboxTest, SendsThePayerToItsOwnCheckoutPage) {
  SandboxGateway gateway("secret", "https://artel.example/", 300s);
  EXPECT_EQ(gateway.ConfirmationUrl({17, 150000, "RUB"}, "ru"), "https://artel.example/ru/bill/sandbox/17");
}

TEST(SandboxTest, ReadsAnEventItSigned) {
  SandboxGateway gateway("secret", "http://localhost", 300s);
  const std::string body = SandboxGateway::EventBody(Event());
  const auto event = gateway.ReadWebhook(body, gateway.Sign(body, kNow - 60s), kNow);
  EXPECT_EQ(event.event_id, "evt_1");
  EXPECT_EQ(event.payment_id, 17);
  EXPECT_TRUE(event.succeeded);
  EXPECT_EQ(event.amount, 150000);
  EXPECT_EQ(event.currency, "RUB");
  EXPECT_EQ(event.card_last4, "4242");
  EXPECT_FALSE(event.decline_reason);
}

TEST(SandboxTest, ReadsAPayoutEventItSigned) {
  SandboxGateway gateway("secret", "http://localhost", 300s);
  GatewayEvent sent;
  sent.event_id = "sandbox-payout-9";
  sent.payout_id = 9;
  sent.external_id = "sandbox-payout-9";
  sent.amount = 30000;
  sent.currency = "RUB";
  sent.decline_reason = "card_declined";
  const std::string body = SandboxGateway::EventBody(sent);
  EXPECT_NE(body.find("\"payout.canceled\""), std::string::npos);
  const auto event = gateway.ReadWebhook(body, gateway.Sign(body, kNow), kNow);
  EXPECT_EQ(event.payout_id, 9);
  EXPECT_EQ(event.payment_id, 0);
  EXPECT_EQ(event.external_id, "sandbox-payout-9");
  EXPECT_FALSE(event.succeeded);
  EXPECT_EQ(event.decline_reason, "card_declined");
}

TEST(SandboxTest, RefusesForgedStaleAndMissingSignatures) {
  SandboxGateway gateway("secret", "http://localhost", 300s);
  SandboxGateway impostor("another secret", "http://localhost", 300s);
  const std::string body = SandboxGateway::EventBody(Event());
  const std::string signature = gateway.Sign(body, kNow);
  auto read = [&](std::string_view text, std::optional<std::string_view> header) {
    return ErrorKey([&] { gateway.ReadWebhook(text, header, kNow); });
  };
  EXPECT_EQ(read(body, std::nullopt), "wallet:webhook.signature");
  EXPECT_EQ(read(body, ""), "wallet:webhook.signature");
  EXPECT_EQ(read(body, impostor.Sign(body, kNow)), "wallet:webhook.signature");
  // The body changed after signing (another amount).
  std::string tampered = body;
  tampered.replace(tampered.find("150000"), 6, "950000");
  EXPECT_EQ(read(tampered, signature), "wallet:webhook.signature");
  // Replayed after the tolerance, or stamped in the future.
  EXPECT_EQ(read(body, gateway.Sign(body, kNow - 301s)), "wallet:webhook.signature");
  EXPECT_EQ(read(body, gateway.Sign(body, kNow + 301s)), "wallet:webhook.signature");
  // The stamp is part of what is signed.
  std::string restamped = signature;
  restamped.replace(
      2, 10,
      std::to_string(
          std::chrono::duration_cast<std::chrono::seconds>((kNow - 10s).time_since_epoch()).count()));
  EXPECT_EQ(read(body, restamped), "wallet:webhook.signature");
  EXPECT_EQ(read(body, "t=abc,v1=00"), "wallet:webhook.signature");
  // Signed, but not an event.
  EXPECT_EQ(read("[1]", gateway.Sign("[1]", kNow)), "wallet:webhook.malformed");
  const std::string unknown =
      R"({"id":"e","type":"payment.refunded","payment_id":1,"amount":1,"currency":"RUB"})";
  EXPECT_EQ(read(unknown, gateway.Sign(unknown, kNow)), "wallet:webhook.malformed");
}

}  // namespace
}  // namespace artel::wallet
