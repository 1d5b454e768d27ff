// The Pusher protocol's pure parts: frames, names, signatures (Pusher's own worked examples) and limits.
#include "protocol.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace artel::realtime::protocol {
namespace {

namespace json = boost::json;
using namespace std::chrono;

// https://pusher.com/docs/channels/library_auth_reference/auth-signatures/ (worked example).
constexpr std::string_view kKey = "278d425bdf160c739803";
constexpr std::string_view kSecret = "7ad3773142a6692b25b8";

TEST(SignatureTest, MatchesPushersWorkedExampleForAPrivateChannel) {
  EXPECT_EQ(Signature(kSecret, "1234.1234", "private-foobar"),
            "58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4");
  EXPECT_EQ(AuthToken(kKey, kSecret, "1234.1234", "private-foobar"),
            "278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4");
}

TEST(SignatureTest, PresenceSignsTheChannelDataToo) {
  const std::string data = R"({"user_id":10,"user_info":{"name":"Mr. Channels"}})";
  const std::string with = Signature(kSecret, "1234.1234", "presence-foobar", data);
  EXPECT_NE(with, Signature(kSecret, "1234.1234", "presence-foobar"));
  EXPECT_TRUE(
      VerifyAuth(kKey, kSecret, "1234.1234", "presence-foobar", data, std::string(kKey) + ":" + with));
  // Changing the signed member (another user id) breaks the signature.
  EXPECT_FALSE(VerifyAuth(kKey, kSecret, "1234.1234", "presence-foobar",
                          R"({"user_id":11,"user_info":{"name":"Mr. Channels"}})",
                          std::string(kKey) + ":" + with));
}

TEST(SignatureTest, VerifyRefusesAnotherSocketChannelKeyOrSecret) {
  const std::string auth = AuthToken(kKey, kSecret, "1234.1234", "private-user.7");
  EXPECT_TRUE(VerifyAuth(kKey, kSecret, "1234.1234", "private-user.7", "", auth));
  EXPECT_FALSE(VerifyAuth(kKey, kSecret, "1234.1235", "private-user.7", "", auth));
  EXPECT_FALSE(VerifyAuth(kKey, kSecret, "1234.1234", "private-user.8", "", auth));
  EXPECT_FALSE(VerifyAuth("other", kSecret, "1234.1234", "private-user.7", "", auth));
  EXPECT_FALSE(VerifyAuth(kKey, "other", "1234.1234", "private-user.7", "", auth));
  EXPECT_FALSE(VerifyAuth(kKey, kSecret, "1234.1234", "private-user.7", "", ""));
}

TEST(ChannelNameTest, FollowsPushersAlphabetAndLength) {
  EXPECT_TRUE(ValidChannelName("private-user.42"));
  EXPECT_TRUE(ValidChannelName("presence-chat.7"));
  EXPECT_TRUE(ValidChannelName("a-b_c=d@e,f.g;h"));
  EXPECT_TRUE(ValidChannelName(std::string(164, 'a')));
  EXPECT_FALSE(ValidChannelName(std::string(165, 'a')));
  EXPECT_FALSE(ValidChannelName(""));
  EXPECT_FALSE(ValidChannelName("with space"));
  EXPECT_FALSE(ValidChannelName("colon:inside"));  // would make "socket:channel:data" ambiguous
  EXPECT_FALSE(ValidChannelName("ünicode"));
  EXPECT_EQ(KindOf("private-user.1"), ChannelKind::kPrivate);
  EXPECT_EQ(KindOf("presence-chat.1"), ChannelKind::kPresence);
  EXPECT_EQ(KindOf("news"), ChannelKind::kPublic);
  EXPECT_EQ(UserOfChannel("private-user.42"), 42);
  EXPECT_EQ(UserOfChannel("private-user.42x"), 0);
  EXPECT_EQ(UserOfChannel("private-user."), 0);
  EXPECT_EQ(UserOfChannel("presence-user.42"), 0);
}

TEST(SocketIdTest, IsDigitsDotDigits) {
  EXPECT_TRUE(ValidSocketId("1234.1234"));
  EXPECT_FALSE(ValidSocketId("1234"));
  EXPECT_FALSE(ValidSocketId(".1234"));
  EXPECT_FALSE(ValidSocketId("1234."));
  EXPECT_FALSE(ValidSocketId("12a4.1"));
  EXPECT_FALSE(ValidSocketId("1.2.3"));
}

TEST(FrameTest, ParsesClientMessages) {
  auto subscribe =
      ParseClientMessage(R"({"event":"pusher:subscribe","data":{"auth":"k:s","channel":"private-user.1"}})");
  ASSERT_TRUE(subscribe);
  EXPECT_EQ(subscribe->event, "pusher:subscribe");
  EXPECT_EQ(DataObject(subscribe->data).at("channel").as_string(), "private-user.1");
  auto client =
      ParseClientMessage(R"({"event":"client-typing","channel":"presence-chat.1","data":"{\"user_id\":1}"})");
  ASSERT_TRUE(client);
  EXPECT_EQ(client->channel, "presence-chat.1");
  EXPECT_EQ(DataObject(client->data).at("user_id").as_int64(), 1);
  EXPECT_FALSE(ParseClientMessage("not json"));
  EXPECT_FALSE(ParseClientMessage("[]"));
  EXPECT_FALSE(ParseClientMessage(R"({"data":{}})"));
  EXPECT_FALSE(ParseClientMessage(R"({"event":7})"));
}

TEST(FrameTest, SerializesServerFramesAsPusherDoes) {
  // data travels as a JSON string inside the frame.
  const json::value established = json::parse(ConnectionEstablished("1.2", seconds(120)));
  EXPECT_EQ(established.at("event").as_string(), "pusher:connection_established");
  const json::value data = json::parse(established.at("data").as_string());
  EXPECT_EQ(data.at("socket_id").as_string(), "1.2");
  EXPECT_EQ(data.at("activity_timeout").as_int64(), 120);

  const json::value event = json::parse(EventFrame("chat.newMsg", "private-user.1", R"({"a":1})"));
  EXPECT_EQ(event.at("channel").as_string(), "private-user.1");
  EXPECT_EQ(event.at("data").as_string(), R"({"a":1})");

  const json::value error = json::parse(ErrorFrame(4301, "slow down"));
  EXPECT_EQ(error.at("event").as_string(), "pusher:error");
  EXPECT_EQ(error.at("data").at("code").as_int64(), 4301);
  EXPECT_TRUE(json::parse(ErrorFrame(std::nullopt, "x")).at("data").at("code").is_null());
  EXPECT_EQ(json::parse(PongFrame()).at("event").as_string(), "pusher:pong");
  EXPECT_EQ(json::parse(PingFrame()).at("event").as_string(), "pusher:ping");
}

TEST(PresenceTest, MembersAreUsersNotSockets) {
  const std::vector<Member> members{{"1", json::object{{"name", "Ann"}}},
                                    {"2", json::object{{"name", "Bob"}}},
                                    {"1", json::object{{"name", "Ann"}}}};
  const json::value data = json::parse(PresenceData(members));
  const auto& presence = data.at("presence");
  EXPECT_EQ(presence.at("count").as_int64(), 2);
  EXPECT_EQ(presence.at("ids"), json::parse(R"(["1","2"])"));
  EXPECT_EQ(presence.at("hash").at("2").at("name").as_string(), "Bob");
}

TEST(ChannelDataTest, PresenceNamesTheMemberAndTheSession) {
  const std::string channel_data = ChannelData(12, "7", json::object{{"name", "Ann"}});
  EXPECT_EQ(json::parse(channel_data),
            json::parse(R"({"user_id":"7","user_info":{"name":"Ann"},"session_id":"12"})"));
  auto data = ParseChannelData(ChannelKind::kPresence, channel_data);
  ASSERT_TRUE(data);
  EXPECT_EQ(data->session_id, 12);
  ASSERT_TRUE(data->member);
  EXPECT_EQ(data->member->user_id, "7");
  EXPECT_EQ(data->member->user_info, (json::object{{"name", "Ann"}}));
  // Numbers as other Pusher servers write them; user_info may be left out.
  data = ParseChannelData(ChannelKind::kPresence, R"({"user_id":10,"session_id":3})");
  ASSERT_TRUE(data);
  EXPECT_EQ(data->member->user_id, "10");
  EXPECT_EQ(data->session_id, 3);
  EXPECT_TRUE(data->member->user_info.empty());
}

TEST(ChannelDataTest, PrivateNamesTheSessionOnly) {
  const std::string channel_data = ChannelData(12);
  EXPECT_EQ(json::parse(channel_data), json::parse(R"({"session_id":"12"})"));
  auto data = ParseChannelData(ChannelKind::kPrivate, channel_data);
  ASSERT_TRUE(data);
  EXPECT_EQ(data->session_id, 12);
  EXPECT_FALSE(data->member);
  // A private channel's data with a member too is fine; the member is not read.
  data = ParseChannelData(ChannelKind::kPrivate, ChannelData(5, "7", {}));
  ASSERT_TRUE(data);
  EXPECT_EQ(data->session_id, 5);
  EXPECT_FALSE(data->member);
}

TEST(ChannelDataTest, NoSessionNoSubscription) {
  // The shape signed before sessions were bound, and every malformed one.
  for (const std::string_view text :
       {R"({"user_id":"7","user_info":{}})", R"({"user_id":"7","session_id":""})",
        R"({"user_id":"7","session_id":"0"})", R"({"user_id":"7","session_id":"-4"})",
        R"({"user_id":"7","session_id":"12x"})", R"({"user_id":"7","session_id":1.5})",
        R"({"user_id":"7","session_id":null})", R"({"user_id":"7","session_id":"99999999999999999999"})", "",
        "nope", "[]"}) {
    EXPECT_FALSE(ParseChannelData(ChannelKind::kPrivate, text)) << text;
    EXPECT_FALSE(ParseChannelData(ChannelKind::kPresence, text)) << text;
  }
  // Presence needs the member besides the session.
  EXPECT_FALSE(ParseChannelData(ChannelKind::kPresence, R"({"session_id":"12"})"));
  EXPECT_FALSE(ParseChannelData(ChannelKind::kPresence, R"({"user_id":"","session_id":"12"})"));
  EXPECT_FALSE(ParseChannelData(ChannelKind::kPresence, R"({"user_id":true,"session_id":"12"})"));
  // A public channel has no signed data.
  EXPECT_FALSE(ParseChannelData(ChannelKind::kPublic, ChannelData(12)));
}

TEST(ChannelDataTest, TheSignatureCoversTheSession) {
  const std::string mine = ChannelData(12);
  const std::string auth = AuthToken(kKey, kSecret, "1234.1234", "private-user.7", mine);
  EXPECT_TRUE(VerifyAuth(kKey, kSecret, "1234.1234", "private-user.7", mine, auth));
  // Another session (one still alive, say) under the same signature is refused, and so is none at all.
  EXPECT_FALSE(VerifyAuth(kKey, kSecret, "1234.1234", "private-user.7", ChannelData(13), auth));
  EXPECT_FALSE(VerifyAuth(kKey, kSecret, "1234.1234", "private-user.7", "", auth));
}

TEST(LimitTest, ClientEventsAtMostTenPerSecond) {
  EventRate rate(10);
  const auto start = steady_clock::now();
  for (int i = 0; i < 10; ++i) EXPECT_TRUE(rate.Allow(start + milliseconds(i * 10)));
  EXPECT_FALSE(rate.Allow(start + milliseconds(500)));
  EXPECT_FALSE(rate.Allow(start + milliseconds(999)));
  EXPECT_TRUE(rate.Allow(start + milliseconds(1000)));  // a new window
}

TEST(LimitTest, OriginMustBeThePublicUrlOrAConfiguredOne) {
  const std::vector<std::string> allowed{OriginOf("https://artel.example/path"), "http://localhost:3000"};
  EXPECT_EQ(allowed[0], "https://artel.example");
  EXPECT_TRUE(OriginAllowed("https://artel.example", allowed));
  EXPECT_TRUE(OriginAllowed("https://ARTEL.example:443", allowed));
  EXPECT_TRUE(OriginAllowed("http://localhost:3000", allowed));
  EXPECT_TRUE(OriginAllowed("", allowed));  // not a browser
  EXPECT_FALSE(OriginAllowed("https://evil.example", allowed));
  EXPECT_FALSE(OriginAllowed("http://artel.example", allowed));  // another scheme is another origin
  EXPECT_FALSE(OriginAllowed("https://artel.example.evil.example", allowed));
  EXPECT_FALSE(OriginAllowed("null", allowed));
  EXPECT_TRUE(OriginAllowed("https://any.example", {"*"}));
}

TEST(TargetTest, ReadsTheAppKeyAndProtocol) {
  EXPECT_EQ(AppKeyOf("/app/artel?protocol=7&client=js&version=8.4.0", "/app/"), "artel");
  EXPECT_EQ(AppKeyOf("/app/artel", "/app/"), "artel");
  EXPECT_EQ(AppKeyOf("/other/artel", "/app/"), "");
  EXPECT_EQ(ProtocolOf("/app/artel?client=js&protocol=7"), 7);
  EXPECT_EQ(ProtocolOf("/app/artel"), 0);
  EXPECT_EQ(ProtocolOf("/app/artel?protocol=x"), 0);
}

}  // namespace
}  // namespace artel::realtime::protocol
