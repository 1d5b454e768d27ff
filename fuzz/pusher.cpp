// The Pusher protocol as the socket server reads it (libs/realtime/src/protocol.cpp): a client's frame
// (ParseClientMessage, DataObject), the channel it names (ValidChannelName, KindOf, UserOfChannel), a
// subscription's auth and signed channel_data (VerifyAuth, ParseChannelData), and the upgrade request's
// target and Origin (AppKeyOf, ProtocolOf, OriginOf, OriginAllowed).
// Input: a frame as a client sends it over the WebSocket.
//
// What must hold: channel_data the server signs reads back as it was written; a channel name the check
// accepts is 1–164 characters.

#include <boost/json/serialize.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz.hpp"
#include "protocol.hpp"

using namespace artel::realtime;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = artel::fuzz::View(data, size);
  constexpr std::string_view kKey = "app-key";
  constexpr std::string_view kSecret = "app-secret";

  if (auto message = protocol::ParseClientMessage(bytes)) {
    const boost::json::object object = protocol::DataObject(message->data);
    std::string channel = message->channel;
    if (const auto* named = object.if_contains("channel"); named != nullptr && named->is_string()) {
      channel = std::string(named->as_string());
    }
    if (protocol::ValidChannelName(channel)) {
      ARTEL_FUZZ_CHECK(!channel.empty() && channel.size() <= 164);
      const auto kind = protocol::KindOf(channel);
      protocol::UserOfChannel(channel);
      std::string channel_data;
      if (const auto* field = object.if_contains("channel_data"); field != nullptr && field->is_string()) {
        channel_data = std::string(field->as_string());
      }
      std::string auth;
      if (const auto* field = object.if_contains("auth"); field != nullptr && field->is_string()) {
        auth = std::string(field->as_string());
      }
      protocol::VerifyAuth(kKey, kSecret, "123.456", channel, channel_data, auth);
      if (auto signed_data = protocol::ParseChannelData(kind, channel_data)) {
        ARTEL_FUZZ_CHECK(signed_data->session_id > 0);
        // What the auth route writes from what was read, reads back the same.
        const std::string again =
            signed_data->member ? protocol::ChannelData(signed_data->session_id, signed_data->member->user_id,
                                                        signed_data->member->user_info)
                                : protocol::ChannelData(signed_data->session_id);
        const auto reread = protocol::ParseChannelData(kind, again);
        ARTEL_FUZZ_CHECK(reread && reread->session_id == signed_data->session_id);
        ARTEL_FUZZ_CHECK(reread->member.has_value() == signed_data->member.has_value());
        if (reread->member) {
          ARTEL_FUZZ_CHECK(reread->member->user_id == signed_data->member->user_id);
          ARTEL_FUZZ_CHECK(reread->member->user_info == signed_data->member->user_info);
          protocol::PresenceData({*reread->member});
        }
      }
    }
    protocol::EventFrame(message->event, channel, boost::json::serialize(message->data));
  }
  protocol::ValidSocketId(bytes);
  protocol::AppKeyOf(bytes, "/app/");
  protocol::ProtocolOf(bytes);
  const std::string origin = protocol::OriginOf(bytes);
  protocol::OriginAllowed(origin, {"https://artel.example", "http://localhost:8080"});
  return 0;
}
