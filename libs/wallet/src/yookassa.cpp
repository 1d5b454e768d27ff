#include "artel/wallet/yookassa.hpp"

#include <boost/asio/ip/address.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>

#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/kernel/money.hpp"
#include "artel/net/http_client.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

[[noreturn]] void Malformed() {
  throw BadRequest({"wallet:webhook.malformed", {}});
}
[[noreturn]] void Unavailable() {
  throw ServiceUnavailable({"wallet:gateway.unavailable", {}});
}

const boost::json::object* Object(const boost::json::value* value) {
  return value != nullptr && value->is_object() ? &value->get_object() : nullptr;
}

std::optional<std::string> String(const boost::json::object* object, std::string_view key) {
  if (object == nullptr) return std::nullopt;
  const auto* value = object->if_contains(key);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string(value->get_string());
}

/// YooKassa's ids: letters, digits and '-' (a UUID), so they are safe in a path.
bool ValidId(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  for (const char c : id) {
    const bool ok =
        (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
    if (!ok) return false;
  }
  return true;
}

/// The part of an address a prefix compares: 4 or 16 bytes.
std::optional<std::vector<unsigned char>> Bytes(std::string_view text) {
  boost::system::error_code error;
  auto address = boost::asio::ip::make_address(std::string(text), error);
  if (error) return std::nullopt;
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  }
  if (address.is_v4()) {
    const auto bytes = address.to_v4().to_bytes();
    return std::vector<unsigned char>(bytes.begin(), bytes.end());
  }
  const auto bytes = address.to_v6().to_bytes();
  return std::vector<unsigned char>(bytes.begin(), bytes.end());
}

bool InRange(const std::vector<unsigned char>& address, std::string_view range) {
  const auto slash = range.find('/');
  const auto network = Bytes(range.substr(0, slash));
  if (!network || network->size() != address.size()) return false;
  std::size_t bits = address.size() * 8;
  if (slash != std::string_view::npos) {
    const auto digits = range.substr(slash + 1);
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
    if (error != std::errc{} || end != digits.data() + digits.size() || bits > address.size() * 8)
      return false;
  }
  for (std::size_t i = 0; i < address.size() && bits > 0; ++i) {
    const std::size_t take = bits >= 8 ? 8 : bits;
    const auto mask = static_cast<unsigned char>(0xFF << (8 - take));
    if ((address[i] & mask) != ((*network)[i] & mask)) return false;
    bits -= take;
  }
  return true;
}

}  // namespace

std::vector<std::string> YooKassaSettings::DefaultWebhookIps() {
  // https://yookassa.ru/developers/using-api/webhooks: the addresses YooKassa sends notifications from.
  return {"185.71.76.0/27", "185.71.77.0/27",   "77.75.153.0/25", "77.75.156.11",
          "77.75.156.35",   "77.75.154.128/25", "2a02:5180::/32"};
}

bool AddressInRanges(std::string_view ip, const std::vector<std::string>& ranges) {
  const auto address = Bytes(ip);
  if (!address) return false;
  for (const auto& range : ranges) {
    if (InRange(*address, range)) return true;
  }
  return false;
}

std::vector<std::string> SplitList(std::string_view text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find(',', start);
    if (end == std::string_view::npos) end = text.size();
    auto item = text.substr(start, end - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) items.emplace_back(item);
    start = end + 1;
  }
  return items;
}

std::string YooKassaCreateBody(const GatewayPayment& payment) {
  const int digits = kernel::CurrencyDigits(payment.currency).value_or(2);
  boost::json::object body;
  body["amount"] = {{"value", kernel::FormatAmount(payment.amount, digits)}, {"currency", payment.currency}};
  body["capture"] = true;
  body["confirmation"] = {{"type", "redirect"}, {"return_url", payment.return_url}};
  // YooKassa takes at most 128 characters of description.
  std::string description = payment.description.substr(0, 128);
  body["description"] = description;
  // Metadata values are strings.
  body["metadata"] = {{"payment_id", std::to_string(payment.id)}};
  return boost::json::serialize(body);
}

StartedPayment ReadYooKassaCreated(std::string_view body) {
  boost::system::error_code error;
  const auto parsed = boost::json::parse(body, error);
  if (error || !parsed.is_object()) Unavailable();
  const auto& object = parsed.get_object();
  const auto id = String(&object, "id");
  const auto url = String(Object(object.if_contains("confirmation")), "confirmation_url");
  if (!id || !ValidId(*id) || !url || !(url->starts_with("https://") || url->starts_with("http://"))) {
    Unavailable();
  }
  return {*id, *url};
}

YooKassaNotification ReadYooKassaNotification(std::string_view body) {
  boost::system::error_code error;
  const auto parsed = boost::json::parse(body, error);
  if (error || !parsed.is_object()) Malformed();
  const auto& object = parsed.get_object();
  const auto type = String(&object, "type");
  const auto event = String(&object, "event");
  const auto id = String(Object(object.if_contains("object")), "id");
  if (type != "notification" || !event || !id || !ValidId(*id)) Malformed();
  return {*event, *id};
}

GatewayEvent ReadYooKassaPayment(std::string_view body) {
  boost::system::error_code error;
  const auto parsed = boost::json::parse(body, error);
  if (error || !parsed.is_object()) Malformed();
  const auto& object = parsed.get_object();
  const auto id = String(&object, "id");
  const auto status = String(&object, "status");
  const auto* amount = Object(object.if_contains("amount"));
  const auto value = String(amount, "value");
  const auto currency = String(amount, "currency");
  const auto ours = String(Object(object.if_contains("metadata")), "payment_id");
  if (!id || !ValidId(*id) || !status || !value || !currency || !ours) Malformed();
  if (*status != "succeeded" && *status != "canceled") throw BadRequest({"wallet:webhook.unconfirmed", {}});
  GatewayEvent event;
  const auto [end, problem] = std::from_chars(ours->data(), ours->data() + ours->size(), event.payment_id);
  if (problem != std::errc{} || end != ours->data() + ours->size() || event.payment_id <= 0) Malformed();
  const auto digits = kernel::CurrencyDigits(*currency);
  if (!digits) Malformed();
  const auto minor = kernel::ParseAmount(*value, *digits, std::numeric_limits<std::int64_t>::max());
  if (minor.problem != kernel::AmountProblem::kNone) Malformed();
  event.event_id = *id + ":" + *status;
  event.external_id = *id;
  event.succeeded = *status == "succeeded";
  event.amount = minor.minor;
  event.currency = *currency;
  const auto* method = Object(object.if_contains("payment_method"));
  event.card_last4 = String(Object(method != nullptr ? method->if_contains("card") : nullptr), "last4");
  if (!event.succeeded) {
    event.decline_reason = String(Object(object.if_contains("cancellation_details")), "reason");
    if (!event.decline_reason) event.decline_reason = "canceled";
  }
  return event;
}

std::string YooKassaPayoutBody(const GatewayPayout& payout) {
  const int digits = kernel::CurrencyDigits(payout.currency).value_or(2);
  boost::json::object body;
  body["amount"] = {{"value", kernel::FormatAmount(payout.amount, digits)}, {"currency", payout.currency}};
  if (payout.destination_kind == "yoo_money") {
    body["payout_destination_data"] = {{"type", "yoo_money"}, {"account_number", payout.destination}};
  } else {
    body["payout_token"] = payout.destination;
  }
  std::string description = payout.description.substr(0, 128);
  body["description"] = description;
  body["metadata"] = {{"payout_id", std::to_string(payout.id)}};
  return boost::json::serialize(body);
}

std::optional<GatewayEvent> ReadYooKassaPayout(std::string_view body) {
  boost::system::error_code error;
  const auto parsed = boost::json::parse(body, error);
  if (error || !parsed.is_object()) Malformed();
  const auto& object = parsed.get_object();
  const auto id = String(&object, "id");
  const auto status = String(&object, "status");
  const auto* amount = Object(object.if_contains("amount"));
  const auto value = String(amount, "value");
  const auto currency = String(amount, "currency");
  const auto ours = String(Object(object.if_contains("metadata")), "payout_id");
  if (!id || !ValidId(*id) || !status || !value || !currency || !ours) Malformed();
  if (*status != "succeeded" && *status != "canceled") return std::nullopt;
  GatewayEvent event;
  std::int64_t payout_id = 0;
  const auto [end, problem] = std::from_chars(ours->data(), ours->data() + ours->size(), payout_id);
  if (problem != std::errc{} || end != ours->data() + ours->size() || payout_id <= 0) Malformed();
  const auto digits = kernel::CurrencyDigits(*currency);
  if (!digits) Malformed();
  const auto minor = kernel::ParseAmount(*value, *digits, std::numeric_limits<std::int64_t>::max());
  if (minor.problem != kernel::AmountProblem::kNone) Malformed();
  event.event_id = *id + ":" + *status;
  event.payout_id = payout_id;
  event.external_id = *id;
  event.succeeded = *status == "succeeded";
  event.amount = minor.minor;
  event.currency = *currency;
  const auto* destination = Object(object.if_contains("payout_destination"));
  event.card_last4 =
      String(Object(destination != nullptr ? destination->if_contains("card") : nullptr), "last4");
  if (!event.succeeded) {
    event.decline_reason = String(Object(object.if_contains("cancellation_details")), "reason");
    if (!event.decline_reason) event.decline_reason = "canceled";
  }
  return event;
}

YooKassaGateway::YooKassaGateway(YooKassaSettings settings, std::shared_ptr<net::HttpClient> client)
    : settings_(std::move(settings)), client_(std::move(client)) {
  while (!settings_.api_url.empty() && settings_.api_url.back() == '/') settings_.api_url.pop_back();
  authorization_ = net::BasicAuthorization(settings_.shop_id, settings_.secret_key);
}

YooKassaGateway::~YooKassaGateway() = default;

std::string YooKassaGateway::IdempotenceKey(std::int64_t id) {
  return "artel-payment-" + std::to_string(id);
}

std::string YooKassaGateway::PayoutIdempotenceKey(std::int64_t id) {
  return "artel-payout-" + std::to_string(id);
}

std::string YooKassaGateway::CardToken(std::string_view) const {
  return {};
}

awaitable<StartedPayout> YooKassaGateway::StartPayout(GatewayPayout payout) {
  net::HttpRequest request;
  request.method = "POST";
  request.url = settings_.api_url + "/v3/payouts";
  request.headers = {{"Authorization", authorization_},
                     {"Idempotence-Key", PayoutIdempotenceKey(payout.id)},
                     {"Content-Type", "application/json"}};
  request.body = YooKassaPayoutBody(payout);
  net::HttpReply reply;
  try {
    reply = co_await client_->Send(std::move(request));
  } catch (const net::HttpError& error) {
    log::Warning("wallet: YooKassa did not answer the creation of payout {}: {}", payout.id, error.what());
    Unavailable();
  }
  if (reply.status != 200) {
    log::Warning("wallet: YooKassa answered {} to the creation of payout {}", reply.status, payout.id);
    if (reply.status == 202 || reply.status == 429 || reply.status >= 500) Unavailable();
    throw ServiceUnavailable({"wallet:gateway.refused", {}});
  }
  boost::system::error_code parse_error;
  const auto parsed = boost::json::parse(reply.body, parse_error);
  const auto id = parse_error || !parsed.is_object() ? std::nullopt : String(&parsed.get_object(), "id");
  if (!id || !ValidId(*id)) Unavailable();
  StartedPayout started;
  started.external_id = *id;
  // The outcome comes by the payout.succeeded / payout.canceled notification (read back from the API).
  co_return started;
}

std::string YooKassaGateway::ConfirmationUrl(const GatewayPayment&, std::string_view) const {
  return {};
}

awaitable<std::optional<StartedPayment>> YooKassaGateway::Start(GatewayPayment payment) {
  net::HttpRequest request;
  request.method = "POST";
  request.url = settings_.api_url + "/v3/payments";
  request.headers = {{"Authorization", authorization_},
                     {"Idempotence-Key", IdempotenceKey(payment.id)},
                     {"Content-Type", "application/json"}};
  request.body = YooKassaCreateBody(payment);
  net::HttpReply reply;
  try {
    reply = co_await client_->Send(std::move(request));
  } catch (const net::HttpError& error) {
    log::Warning("wallet: YooKassa did not answer the creation of payment {}: {}", payment.id, error.what());
    Unavailable();
  }
  if (reply.status == 200) {
    StartedPayment started = ReadYooKassaCreated(reply.body);
    co_return started;
  }
  // {type: error, id, code, description, parameter}: logged for the operator; the payer gets our text.
  std::string code = "?";
  std::string description;
  boost::system::error_code parse_error;
  const auto parsed = boost::json::parse(reply.body, parse_error);
  if (!parse_error && parsed.is_object()) {
    code = String(&parsed.get_object(), "code").value_or("?");
    description = String(&parsed.get_object(), "description").value_or("");
  }
  log::Warning("wallet: YooKassa answered {} ({}: {}) to the creation of payment {}", reply.status, code,
               description, payment.id);
  // 202 (still processing the key), 429 and 5xx pass; other 4xx are a configuration problem of ours.
  if (reply.status == 202 || reply.status == 429 || reply.status >= 500) Unavailable();
  throw ServiceUnavailable({"wallet:gateway.refused", {}});
}

awaitable<std::optional<GatewayEvent>> YooKassaGateway::ReadNotification(WebhookRequest request) {
  if (!AddressInRanges(request.remote_ip, settings_.webhook_ips)) {
    log::Warning("wallet: a YooKassa notification from {}, which is not one of wallet.yookassa.webhook_ips",
                 request.remote_ip);
    throw Forbidden({"wallet:webhook.sender", {}});
  }
  const YooKassaNotification notification = ReadYooKassaNotification(request.body);
  if (notification.event == "payout.succeeded" || notification.event == "payout.canceled") {
    // Not signed either: the payout is read back from the API, whose status decides.
    net::HttpRequest confirm;
    confirm.method = "GET";
    confirm.url = settings_.api_url + "/v3/payouts/" + notification.payment_id;
    confirm.headers = {{"Authorization", authorization_}};
    net::HttpReply reply;
    try {
      reply = co_await client_->Send(std::move(confirm));
    } catch (const net::HttpError& error) {
      log::Warning("wallet: YooKassa did not answer about payout {}: {}", notification.payment_id,
                   error.what());
      Unavailable();
    }
    if (reply.status == 404) throw BadRequest({"wallet:webhook.unconfirmed", {}});
    if (reply.status != 200) Unavailable();
    std::optional<GatewayEvent> payout = ReadYooKassaPayout(reply.body);
    if (!payout) throw BadRequest({"wallet:webhook.unconfirmed", {}});
    if (payout->external_id != notification.payment_id) Malformed();
    co_return payout;
  }
  if (notification.event != "payment.succeeded" && notification.event != "payment.canceled") {
    co_return std::nullopt;  // acknowledged; nothing the wallet tracks
  }
  // The notification is not signed: what happened is what the API says now.
  net::HttpRequest confirm;
  confirm.method = "GET";
  confirm.url = settings_.api_url + "/v3/payments/" + notification.payment_id;
  confirm.headers = {{"Authorization", authorization_}};
  net::HttpReply reply;
  try {
    reply = co_await client_->Send(std::move(confirm));
  } catch (const net::HttpError& error) {
    log::Warning("wallet: YooKassa did not answer about payment {}: {}", notification.payment_id,
                 error.what());
    Unavailable();
  }
  if (reply.status == 404) throw BadRequest({"wallet:webhook.unconfirmed", {}});
  if (reply.status != 200) {
    log::Warning("wallet: YooKassa answered {} about payment {}", reply.status, notification.payment_id);
    Unavailable();
  }
  GatewayEvent event = ReadYooKassaPayment(reply.body);
  if (event.external_id != notification.payment_id) Malformed();
  co_return event;
}

}  // namespace artel::wallet
