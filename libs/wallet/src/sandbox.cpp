#include "artel/wallet/sandbox.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"

namespace artel::wallet {
namespace {

[[noreturn]] void Forged() {
  throw BadRequest({"wallet:webhook.signature", {}});
}
[[noreturn]] void Malformed() {
  throw BadRequest({"wallet:webhook.malformed", {}});
}

std::string Digits(std::string_view text) {
  std::string digits;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      digits += c;
    } else if (c != ' ' && c != '-') {
      return {};
    }
  }
  return digits;
}

std::optional<std::string> OptionalString(const boost::json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  if (value == nullptr || value->is_null()) return std::nullopt;
  if (!value->is_string()) Malformed();
  return std::string(value->get_string());
}

}  // namespace

SandboxCard ClassifySandboxCard(std::string_view number) noexcept {
  const std::string digits = Digits(number);
  if (digits == "4242424242424242") return SandboxCard::kSucceeds;
  if (digits == "4000000000000002") return SandboxCard::kDeclined;
  if (digits == "4000000000003220") return SandboxCard::kNeedsConfirmation;
  return SandboxCard::kUnknown;
}

SandboxGateway::SandboxGateway(std::string secret, std::string public_url, std::chrono::seconds tolerance)
    : secret_(std::move(secret)), public_url_(std::move(public_url)), tolerance_(tolerance) {
  while (!public_url_.empty() && public_url_.back() == '/') public_url_.pop_back();
}

std::string SandboxGateway::ConfirmationUrl(const GatewayPayment& payment, std::string_view lang) const {
  return public_url_ + "/" + std::string(lang) + "/bill/sandbox/" + std::to_string(payment.id);
}

boost::asio::awaitable<std::optional<StartedPayment>> SandboxGateway::Start(GatewayPayment) {
  co_return std::nullopt;
}

boost::asio::awaitable<std::optional<GatewayEvent>> SandboxGateway::ReadNotification(WebhookRequest request) {
  GatewayEvent event = ReadWebhook(request.body, request.signature, request.now);
  co_return event;
}

boost::asio::awaitable<StartedPayout> SandboxGateway::StartPayout(GatewayPayout payout) {
  StartedPayout started;
  started.external_id = "sandbox-payout-" + std::to_string(payout.id);
  GatewayEvent event;
  // One event per payout: asking again (the payout job after a crash) delivers the same event, taken once.
  event.event_id = started.external_id;
  event.payout_id = payout.id;
  event.external_id = started.external_id;
  event.succeeded = payout.last4 != "0002";
  event.amount = payout.amount;
  event.currency = payout.currency;
  event.card_last4 = payout.last4;
  if (!event.succeeded) event.decline_reason = "card_declined";
  started.event = std::move(event);
  co_return started;
}

std::string SandboxGateway::CardToken(std::string_view) const {
  return "sandbox_card_" + RandomToken(12);
}

std::string SandboxGateway::Sign(std::string_view body, TimePoint now) const {
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  const std::string stamp = std::to_string(seconds);
  std::string signed_text = stamp;
  signed_text += '.';
  signed_text += body;
  return "t=" + stamp + ",v1=" + ToHex(HmacSha256(secret_, signed_text));
}

std::string SandboxGateway::EventBody(const GatewayEvent& event) {
  boost::json::object object;
  object["id"] = event.event_id;
  if (event.payout_id) {
    object["type"] = event.succeeded ? "payout.succeeded" : "payout.canceled";
    object["payout_id"] = *event.payout_id;
    if (event.external_id) object["external_id"] = *event.external_id;
  } else {
    object["type"] = event.succeeded ? "payment.succeeded" : "payment.declined";
    object["payment_id"] = event.payment_id;
  }
  object["amount"] = event.amount;
  object["currency"] = event.currency;
  object["card_last4"] =
      event.card_last4 ? boost::json::value(*event.card_last4) : boost::json::value(nullptr);
  object["decline_reason"] =
      event.decline_reason ? boost::json::value(*event.decline_reason) : boost::json::value(nullptr);
  return boost::json::serialize(object);
}

GatewayEvent SandboxGateway::ReadWebhook(std::string_view body, std::optional<std::string_view> signature,
                                         TimePoint now) const {
  if (!signature) Forged();
  // t=<seconds>,v1=<hex>
  std::string_view header = *signature;
  const auto comma = header.find(',');
  if (comma == std::string_view::npos) Forged();
  const std::string_view stamp_part = header.substr(0, comma);
  const std::string_view mac_part = header.substr(comma + 1);
  if (!stamp_part.starts_with("t=") || !mac_part.starts_with("v1=")) Forged();
  const std::string_view stamp = stamp_part.substr(2);
  std::int64_t seconds = 0;
  const auto [end, error] = std::from_chars(stamp.data(), stamp.data() + stamp.size(), seconds);
  if (error != std::errc{} || end != stamp.data() + stamp.size()) Forged();
  std::string signed_text(stamp);
  signed_text += '.';
  signed_text += body;
  const std::string expected = ToHex(HmacSha256(secret_, signed_text));
  if (!ConstantTimeEquals(expected, mac_part.substr(3))) Forged();
  // A signature replayed later than the tolerance (or from the future) is refused.
  const TimePoint sent{std::chrono::seconds(seconds)};
  if (sent < now - tolerance_ || sent > now + tolerance_) Forged();

  boost::system::error_code parse_error;
  auto parsed = boost::json::parse(body, parse_error);
  if (parse_error || !parsed.is_object()) Malformed();
  const auto& object = parsed.get_object();
  GatewayEvent event;
  const auto id = OptionalString(object, "id");
  const auto type = OptionalString(object, "type");
  const auto currency = OptionalString(object, "currency");
  const bool about_payout = type && type->starts_with("payout.");
  const auto* payment = object.if_contains(about_payout ? "payout_id" : "payment_id");
  const auto* amount = object.if_contains("amount");
  if (!id || id->empty() || id->size() > 100 || !type || !currency || payment == nullptr ||
      !payment->is_int64() || amount == nullptr || !amount->is_int64()) {
    Malformed();
  }
  if (*type == "payment.succeeded" || *type == "payout.succeeded") {
    event.succeeded = true;
  } else if (*type != "payment.declined" && *type != "payout.canceled") {
    Malformed();
  }
  event.event_id = *id;
  if (about_payout) {
    event.payout_id = payment->get_int64();
    event.external_id = OptionalString(object, "external_id");
  } else {
    event.payment_id = payment->get_int64();
  }
  event.amount = amount->get_int64();
  event.currency = *currency;
  event.card_last4 = OptionalString(object, "card_last4");
  event.decline_reason = OptionalString(object, "decline_reason");
  return event;
}

}  // namespace artel::wallet
