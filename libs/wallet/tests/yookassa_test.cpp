// YooKassa's JSON as the gateway writes and reads it, without the network: the creation body, the created
// payment, the notification, the confirmed payment as an event, and the sender's address against the ranges.

#include "artel/wallet/yookassa.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <functional>

#include "artel/core/error.hpp"

namespace artel::wallet {
namespace {

std::string ErrorKey(const std::function<void()>& work) {
  try {
    work();
  } catch (const Error& error) {
    return error.GetMessage().key;
  }
  return "<no error>";
}

constexpr std::string_view kSucceeded = R"({
  "id": "2d9e3f5a-000f-5000-9000-1b2c3d4e5f60", "status": "succeeded", "paid": true,
  "amount": {"value": "1500.50", "currency": "RUB"},
  "income_amount": {"value": "1448.00", "currency": "RUB"},
  "payment_method": {"type": "bank_card", "id": "2d9e3f5a-000f-5000-9000-1b2c3d4e5f60", "saved": false,
                     "card": {"first6": "555555", "last4": "4444", "expiry_month": "07", "expiry_year": "2030",
                              "card_type": "MasterCard"}},
  "metadata": {"payment_id": "17"}, "test": true
})";

TEST(YooKassaTest, WritesTheCreationBody) {
  GatewayPayment payment;
  payment.id = 17;
  payment.amount = 150050;
  payment.currency = "RUB";
  payment.return_url = "https://artel.example/ru/bill?topup=17";
  payment.description = "Artel: top-up #17";
  const auto body = boost::json::parse(YooKassaCreateBody(payment)).as_object();
  EXPECT_EQ(body.at("amount").at("value").as_string(), "1500.50");
  EXPECT_EQ(body.at("amount").at("currency").as_string(), "RUB");
  EXPECT_TRUE(body.at("capture").as_bool());
  EXPECT_EQ(body.at("confirmation").at("type").as_string(), "redirect");
  EXPECT_EQ(body.at("confirmation").at("return_url").as_string(), "https://artel.example/ru/bill?topup=17");
  EXPECT_EQ(body.at("description").as_string(), "Artel: top-up #17");
  EXPECT_EQ(body.at("metadata").at("payment_id").as_string(), "17");
  EXPECT_EQ(YooKassaGateway::IdempotenceKey(17), "artel-payment-17");
}

TEST(YooKassaTest, ReadsTheCreatedPayment) {
  const auto started = ReadYooKassaCreated(R"({"id": "2d9e-1", "status": "pending", "paid": false,
    "amount": {"value": "1500.50", "currency": "RUB"},
    "confirmation": {"type": "redirect", "confirmation_url": "https://yoomoney.ru/checkout/payments/v2/contract?orderId=2d9e-1"}})");
  EXPECT_EQ(started.external_id, "2d9e-1");
  EXPECT_EQ(started.confirmation_url, "https://yoomoney.ru/checkout/payments/v2/contract?orderId=2d9e-1");
  EXPECT_EQ(ErrorKey([] { ReadYooKassaCreated(R"({"id": "2d9e-1", "status": "pending"})"); }),
            "wallet:gateway.unavailable");
  EXPECT_EQ(ErrorKey([] {
              ReadYooKassaCreated(
                  R"({"id": "../x", "confirmation": {"confirmation_url": "https://yoomoney.ru/c"}})");
            }),
            "wallet:gateway.unavailable");
  EXPECT_EQ(ErrorKey([] { ReadYooKassaCreated("<html>"); }), "wallet:gateway.unavailable");
}

TEST(YooKassaTest, ReadsTheNotification) {
  const auto notice = ReadYooKassaNotification(
      R"({"type": "notification", "event": "payment.succeeded", "object": {"id": "2d9e-1", "status": "succeeded"}})");
  EXPECT_EQ(notice.event, "payment.succeeded");
  EXPECT_EQ(notice.payment_id, "2d9e-1");
  EXPECT_EQ(
      ErrorKey([] { ReadYooKassaNotification(R"({"event": "payment.succeeded", "object": {"id": "1"}})"); }),
      "wallet:webhook.malformed");
  EXPECT_EQ(
      ErrorKey([] {
        ReadYooKassaNotification(R"({"type": "notification", "event": "payment.succeeded", "object": {}})");
      }),
      "wallet:webhook.malformed");
  EXPECT_EQ(ErrorKey([] { ReadYooKassaNotification("not json"); }), "wallet:webhook.malformed");
}

TEST(YooKassaTest, ReadsAConfirmedPaymentAsAnEvent) {
  const auto event = ReadYooKassaPayment(kSucceeded);
  EXPECT_EQ(event.payment_id, 17);
  EXPECT_EQ(event.external_id, "2d9e3f5a-000f-5000-9000-1b2c3d4e5f60");
  EXPECT_EQ(event.event_id, "2d9e3f5a-000f-5000-9000-1b2c3d4e5f60:succeeded");
  EXPECT_TRUE(event.succeeded);
  EXPECT_EQ(event.amount, 150050);
  EXPECT_EQ(event.currency, "RUB");
  EXPECT_EQ(event.card_last4, "4444");

  const auto canceled = ReadYooKassaPayment(R"({"id": "2d9e-2", "status": "canceled",
    "amount": {"value": "10.00", "currency": "RUB"}, "metadata": {"payment_id": "18"},
    "cancellation_details": {"party": "payment_network", "reason": "insufficient_funds"}})");
  EXPECT_FALSE(canceled.succeeded);
  EXPECT_EQ(canceled.payment_id, 18);
  EXPECT_EQ(canceled.decline_reason, "insufficient_funds");
  EXPECT_EQ(canceled.event_id, "2d9e-2:canceled");
}

TEST(YooKassaTest, RefusesAPaymentThatIsNotFinalOrNotOurs) {
  EXPECT_EQ(ErrorKey([] {
              ReadYooKassaPayment(R"({"id": "2d9e-1", "status": "pending",
                "amount": {"value": "10.00", "currency": "RUB"}, "metadata": {"payment_id": "17"}})");
            }),
            "wallet:webhook.unconfirmed");
  EXPECT_EQ(ErrorKey([] {
              ReadYooKassaPayment(R"({"id": "2d9e-1", "status": "waiting_for_capture",
                "amount": {"value": "10.00", "currency": "RUB"}, "metadata": {"payment_id": "17"}})");
            }),
            "wallet:webhook.unconfirmed");
  // No metadata.payment_id: not a payment Artel made.
  EXPECT_EQ(
      ErrorKey([] {
        ReadYooKassaPayment(
            R"({"id": "2d9e-1", "status": "succeeded", "amount": {"value": "10.00", "currency": "RUB"}})");
      }),
      "wallet:webhook.malformed");
  EXPECT_EQ(ErrorKey([] {
              ReadYooKassaPayment(R"({"id": "2d9e-1", "status": "succeeded",
                "amount": {"value": "10.001", "currency": "RUB"}, "metadata": {"payment_id": "17"}})");
            }),
            "wallet:webhook.malformed");
  EXPECT_EQ(ErrorKey([] {
              ReadYooKassaPayment(R"({"id": "2d9e-1", "status": "succeeded",
                "amount": {"value": "10.00", "currency": "XXX"}, "metadata": {"payment_id": "17"}})");
            }),
            "wallet:webhook.malformed");
}

TEST(YooKassaTest, WritesThePayoutBodyForAWalletAndACardToken) {
  GatewayPayout payout;
  payout.id = 9;
  payout.amount = 30000;
  payout.currency = "RUB";
  payout.destination_kind = "yoo_money";
  payout.destination = "410011234567890";
  payout.description = "Artel: payout #9";
  const auto wallet = boost::json::parse(YooKassaPayoutBody(payout));
  EXPECT_EQ(wallet, boost::json::parse(R"({"amount": {"value": "300.00", "currency": "RUB"},
      "payout_destination_data": {"type": "yoo_money", "account_number": "410011234567890"},
      "description": "Artel: payout #9", "metadata": {"payout_id": "9"}})"));
  payout.destination_kind = "bank_card";
  payout.destination = "pt-2e3f-token";
  const auto card = boost::json::parse(YooKassaPayoutBody(payout));
  EXPECT_EQ(card.at("payout_token"), "pt-2e3f-token");
  EXPECT_FALSE(card.as_object().contains("payout_destination_data"));
  EXPECT_EQ(YooKassaGateway::PayoutIdempotenceKey(9), "artel-payout-9");
}

TEST(YooKassaTest, ReadsAPayoutOnlyOnceItIsFinal) {
  constexpr std::string_view kPending =
      R"({"id": "po-285c0ab7-0003-5000-9000-0e1166498fda", "status": "pending",
      "amount": {"value": "300.00", "currency": "RUB"}, "metadata": {"payout_id": "9"}})";
  EXPECT_FALSE(ReadYooKassaPayout(kPending));
  constexpr std::string_view kCanceled =
      R"({"id": "po-285c0ab7-0003-5000-9000-0e1166498fda", "status": "canceled",
      "amount": {"value": "300.00", "currency": "RUB"}, "metadata": {"payout_id": "9"},
      "cancellation_details": {"party": "yoo_money", "reason": "one_time_limit_exceeded"}})";
  const auto event = ReadYooKassaPayout(kCanceled);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->payout_id, 9);
  EXPECT_EQ(event->external_id, "po-285c0ab7-0003-5000-9000-0e1166498fda");
  EXPECT_EQ(event->event_id, "po-285c0ab7-0003-5000-9000-0e1166498fda:canceled");
  EXPECT_EQ(event->amount, 30000);
  EXPECT_FALSE(event->succeeded);
  EXPECT_EQ(event->decline_reason, "one_time_limit_exceeded");
  EXPECT_EQ(ErrorKey([] {
              ReadYooKassaPayout(R"({"id": "po-1", "status": "succeeded",
      "amount": {"value": "300.00", "currency": "RUB"}})");
            }),
            "wallet:webhook.malformed");
}

TEST(YooKassaTest, ChecksTheSenderAgainstTheRanges) {
  const auto ranges = YooKassaSettings::DefaultWebhookIps();
  EXPECT_TRUE(AddressInRanges("185.71.76.1", ranges));
  EXPECT_TRUE(AddressInRanges("185.71.76.31", ranges));
  EXPECT_FALSE(AddressInRanges("185.71.76.32", ranges));
  EXPECT_TRUE(AddressInRanges("77.75.156.11", ranges));
  EXPECT_FALSE(AddressInRanges("77.75.156.12", ranges));
  EXPECT_TRUE(AddressInRanges("77.75.154.200", ranges));
  EXPECT_TRUE(AddressInRanges("2a02:5180::1", ranges));
  EXPECT_TRUE(AddressInRanges("::ffff:185.71.77.5", ranges));
  EXPECT_FALSE(AddressInRanges("127.0.0.1", ranges));
  EXPECT_FALSE(AddressInRanges("", ranges));
  EXPECT_FALSE(AddressInRanges("not an address", ranges));
  EXPECT_TRUE(AddressInRanges("127.0.0.1", SplitList(" 127.0.0.1 , ::1")));
  EXPECT_EQ(SplitList("a, b ,,c"), (std::vector<std::string>{"a", "b", "c"}));
}

}  // namespace
}  // namespace artel::wallet
