#pragma once

// The anti-fraud hint: what in a message's text suggests taking the deal off the platform. A pure function,
// unit-tested in both languages; the messenger stores the kinds with the message and the recipient's client
// shows a localized caution under it. The message itself is never blocked or altered.

#include <string>
#include <string_view>
#include <vector>

namespace artel::messenger {

/// The kinds, in the order Cautions() lists them.
inline constexpr std::string_view kCautionPhone = "phone";
inline constexpr std::string_view kCautionEmail = "email";
inline constexpr std::string_view kCautionCard = "card";
inline constexpr std::string_view kCautionMessenger = "messenger";
inline constexpr std::string_view kCautionOffPlatform = "off_platform";

/// The kinds `text` (UTF-8) carries, each once, in the order above:
/// - phone: 10–15 digits, optionally after '+', with spaces, dashes, dots and parentheses between them
///   (+7 (912) 345-67-89, 8 912 345 67 89), unless they are a card number;
/// - email: name@domain.tld, and spelled out ("name at gmail dot com", "name (at) mail (dot) ru",
///   "name собака mail точка ru");
/// - card: 13–19 digits (spaces or dashes between groups) passing the Luhn check;
/// - messenger: Telegram (telegram, tg, t.me/…, телеграм/телега), WhatsApp (whatsapp, ватсап, вацап,
///   вотсап), Viber (вайбер), Skype (скайп), Discord (дискорд), and a bare @handle;
/// - off_platform: words proposing payment outside the platform, Russian and English ("оплата напрямую",
///   "переведу на карту", "без комиссии сайта", "pay directly", "outside the platform", "via PayPal", …).
std::vector<std::string> Cautions(std::string_view text);

}  // namespace artel::messenger
