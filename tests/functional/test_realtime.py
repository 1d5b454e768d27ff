"""The Pusher-protocol socket server (libs/realtime) through a real WebSocket client (Debian's
python3-websocket): connect, authorise through POST /api/broadcasting/auth, subscribe, receive what is published
over NOTIFY, each limit, and the end of a socket's private subscriptions with the session that authorised them."""

from __future__ import annotations

import hashlib
import signal
import hmac
import json
import socket
import time
import urllib.parse
import uuid

import pytest
import requests
import websocket

from checks import error_fields
from conftest import ApiClient, create_users, login, run_artel, strong_password
from pusher_ws import PusherSocket

# A socket of a session that ended is closed within realtime.limits.session_check_interval (2 s by default) plus
# the round itself; the rest is slack for a loaded machine.
SESSION_END_SECONDS = 8


def config(artel) -> dict:
    response = requests.get(artel.url + "/api/broadcasting/config",
                            headers={"X-Requested-With": "XMLHttpRequest"}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def ws_url(artel, key: str | None = None, main_port: bool = False) -> str:
    settings = config(artel)
    port = artel.port if main_port else settings["ws_port"]
    return f"ws://127.0.0.1:{port}/app/{key or settings['key']}?protocol=7&client=py&version=1.0"


def secret(artel) -> str:
    return (artel.data_dir / "realtime.secret").read_text().strip()


def current_session(client) -> int:
    """The id of the session `client` is signed in with (GET /api/user/sessions marks it current)."""
    response = client.get("/api/user/sessions")
    assert response.status_code == 200, response.text
    return next(s["id"] for s in response.json()["sessions"] if s["current"])


def sign(artel, socket_id: str, channel: str, channel_data: str = "") -> str:
    """The auth route's signature, made with the app secret: "key:HMAC(socket_id:channel[:channel_data])"."""
    text = f"{socket_id}:{channel}" + (f":{channel_data}" if channel_data else "")
    return "artel:" + hmac.new(secret(artel).encode(), text.encode(), hashlib.sha256).hexdigest()


def publish(artel, channel: str, event: str, data: dict, except_socket: str | None = None) -> None:
    """What realtime::Publisher sends (the envelope of publisher.hpp), straight from the database."""
    envelope = {"c": channel, "e": event, "d": json.dumps(data)}
    if except_socket:
        envelope["x"] = except_socket
    text = json.dumps(envelope).replace("'", "''")
    artel.sql(f"SELECT pg_notify('artel_realtime', '{text}')")


class Socket:
    """One pusher-js-like connection."""

    def __init__(self, artel, *, origin: str | None = None, url: str | None = None, rcvbuf: int | None = None,
                 source_ip: str | None = None):
        options = {}
        if source_ip is not None:
            port = int((url or ws_url(artel)).split(":")[2].split("/")[0])
            options["socket"] = socket.create_connection(("127.0.0.1", port), timeout=10,
                                                         source_address=(source_ip, 0))
        if rcvbuf is not None:
            options["sockopt"] = ((socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf),)
        self.ws = websocket.create_connection(url or ws_url(artel), timeout=10, origin=origin or artel.url,
                                              **options)
        established = self.next_event()
        assert established["event"] == "pusher:connection_established", established
        self.socket_id = established["data"]["socket_id"]
        self.activity_timeout = established["data"]["activity_timeout"]

    def send(self, event: str, data, channel: str | None = None) -> None:
        message = {"event": event, "data": data}
        if channel is not None:
            message["channel"] = channel
        self.ws.send(json.dumps(message))

    def next_event(self, timeout: float = 10) -> dict:
        self.ws.settimeout(timeout)
        frame = json.loads(self.ws.recv())
        if isinstance(frame.get("data"), str):
            try:
                frame["data"] = json.loads(frame["data"])
            except ValueError:
                pass
        return frame

    def wait_for(self, event: str, channel: str | None = None, timeout: float = 10) -> dict:
        deadline = time.monotonic() + timeout
        seen = []
        while time.monotonic() < deadline:
            try:
                frame = self.next_event(max(0.1, deadline - time.monotonic()))
            except websocket.WebSocketTimeoutException:
                break
            if frame["event"] == event and (channel is None or frame.get("channel") == channel):
                return frame
            seen.append(frame)
        raise AssertionError(f"no {event} on {channel} within {timeout}s; got {seen}")

    def quiet(self, seconds: float = 1.0) -> list[dict]:
        """Every frame arriving within `seconds` (for "nothing was delivered" checks)."""
        frames = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                frames.append(self.next_event(max(0.05, deadline - time.monotonic())))
            except websocket.WebSocketTimeoutException:
                break
        return frames

    def authorise(self, client, channel: str) -> dict:
        response = client.post("/api/broadcasting/auth",
                               data={"socket_id": self.socket_id, "channel_name": channel})
        assert response.status_code == 200, response.text
        return response.json()

    def subscribe(self, client, channel: str) -> dict:
        auth = self.authorise(client, channel)
        self.send("pusher:subscribe", {"channel": channel, **auth})
        return self.wait_for("pusher_internal:subscription_succeeded", channel)

    def close_code(self, timeout: float = 10) -> int | None:
        """Reads until the server closes; the close frame's code (None when the TCP connection just ended)."""
        self.ws.settimeout(timeout)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                opcode, frame = self.ws.recv_data_frame(True)
            except (websocket.WebSocketConnectionClosedException, ConnectionError, OSError):
                return None
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                data = frame.data
                return int.from_bytes(data[:2], "big") if len(data) >= 2 else None
        raise AssertionError("the server did not close the socket")

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001 (already gone)
            pass


@pytest.fixture
def sockets():
    opened: list[Socket] = []

    def make(artel, **kwargs) -> Socket:
        opened.append(Socket(artel, **kwargs))
        return opened[-1]

    yield make
    for s in opened:
        s.close()


@pytest.fixture
def two_users(artel):
    clients: list = []
    users = create_users(artel, 2, clients=clients)
    yield users
    for client in clients:
        client.close()


def test_config_names_the_key_and_the_socket_port(artel):
    settings = config(artel)
    assert settings["key"] == "artel"
    assert settings["ws_port"] > 0 and settings["ws_port"] != artel.port
    assert settings["ws_path_on_main_port"] == "/app"
    assert f"realtime: listening on ws://127.0.0.1:{settings['ws_port']}" in artel.log_text()


def test_subscribe_to_own_channel_and_receive_what_is_published(artel, two_users, sockets):
    (client, info, _, _), _ = two_users
    channel = f"private-user.{info['id']}"
    s = sockets(artel)
    assert s.activity_timeout == 120
    assert s.subscribe(client, channel)["channel"] == channel
    publish(artel, channel, "test.hello", {"text": "hi"})
    event = s.wait_for("test.hello", channel)
    assert event["data"] == {"text": "hi"}
    # Another channel's events do not arrive.
    publish(artel, "private-user.999999", "test.other", {})
    assert [f for f in s.quiet(0.7) if f["event"] == "test.other"] == []


def test_the_main_port_serves_the_same_endpoint(artel, two_users, sockets):
    (client, info, _, _), _ = two_users
    s = sockets(artel, url=ws_url(artel, main_port=True))
    s.subscribe(client, f"private-user.{info['id']}")
    publish(artel, f"private-user.{info['id']}", "test.main", {"n": 1})
    assert s.wait_for("test.main")["data"] == {"n": 1}
    # Plain HTTP there is told to upgrade; on the socket port plain HTTP finds nothing.
    assert requests.get(artel.url + "/app/artel", timeout=10).status_code == 426
    port = config(artel)["ws_port"]
    assert requests.get(f"http://127.0.0.1:{port}/api/user/info", timeout=10).status_code == 404


def test_another_users_channel_is_refused_and_nothing_is_delivered(artel, two_users, sockets):
    (client, info, _, _), (_, other, _, _) = two_users
    s = sockets(artel)
    foreign = f"private-user.{other['id']}"
    response = client.post("/api/broadcasting/auth", data={"socket_id": s.socket_id, "channel_name": foreign})
    assert response.status_code == 403
    assert response.json()["code"] == "Forbidden"
    # A signature for the own channel does not open another one; a made-up one neither.
    own = s.authorise(client, f"private-user.{info['id']}")
    s.send("pusher:subscribe", {"channel": foreign, "auth": own["auth"]})
    error = s.wait_for("pusher:error")
    assert error["data"]["code"] == 4009
    s.send("pusher:subscribe", {"channel": foreign, "auth": "artel:" + "0" * 64})
    assert s.wait_for("pusher:error")["data"]["code"] == 4009
    publish(artel, foreign, "test.secret", {"x": 1})
    assert [f for f in s.quiet(0.7) if f["event"] == "test.secret"] == []


def test_auth_needs_a_signed_in_user_and_takes_json_too(artel, two_users, new_client, sockets):
    (client, info, _, _), _ = two_users
    s = sockets(artel)
    guest = new_client()
    response = guest.post("/api/broadcasting/auth",
                          data={"socket_id": s.socket_id, "channel_name": f"private-user.{info['id']}"})
    assert response.status_code == 401
    response = client.post("/api/broadcasting/auth",
                           json={"socket_id": s.socket_id, "channel_name": f"private-user.{info['id']}"})
    assert response.status_code == 200
    # The answer names the session that authorised it, and the signature covers that too.
    channel_data = response.json()["channel_data"]
    assert json.loads(channel_data) == {"session_id": str(current_session(client))}
    assert response.json()["auth"] == sign(artel, s.socket_id, f"private-user.{info['id']}", channel_data)
    # The socket id's and the channel name's shapes are the protocol's, checked on the form as sent.
    response = client.post("/api/broadcasting/auth", data={"socket_id": "12.x", "channel_name": "private-user.1 x"})
    assert error_fields(response) == {"socket_id", "channel_name"}
    # Without the XSRF header the browser's double submit fails.
    response = client.post("/api/broadcasting/auth", xsrf=False,
                           data={"socket_id": s.socket_id, "channel_name": f"private-user.{info['id']}"})
    assert response.status_code == 419


def test_a_subscription_without_the_session_that_authorised_it_is_refused(artel, two_users, sockets):
    """Every private and presence subscription is bound to a session through its signed channel_data: one signed the
    way it was before (socket_id:channel), or naming no session, is refused with 4009."""
    (client, info, _, _), _ = two_users
    channel = f"private-user.{info['id']}"
    s = sockets(artel)
    s.send("pusher:subscribe", {"channel": channel, "auth": sign(artel, s.socket_id, channel)})
    assert s.wait_for("pusher:error")["data"]["code"] == 4009
    for channel_data in (json.dumps({"user_id": str(info["id"])}), json.dumps({"session_id": "0"}), "nope"):
        s.send("pusher:subscribe", {"channel": channel, "auth": sign(artel, s.socket_id, channel, channel_data),
                                    "channel_data": channel_data})
        assert s.wait_for("pusher:error")["data"]["code"] == 4009, channel_data
    # A session swapped into a signed answer breaks its signature.
    auth = s.authorise(client, channel)
    forged = json.dumps({"session_id": str(current_session(client) + 1)})
    s.send("pusher:subscribe", {"channel": channel, "auth": auth["auth"], "channel_data": forged})
    assert s.wait_for("pusher:error")["data"]["code"] == 4009
    # The auth route's answer as pusher-js sends it on.
    s.send("pusher:subscribe", {"channel": channel, **auth})
    s.wait_for("pusher_internal:subscription_succeeded", channel)
    publish(artel, channel, "test.bound", {"ok": True})
    assert s.wait_for("test.bound", channel)["data"] == {"ok": True}


def test_reconnect_subscribes_again_and_receives(artel, two_users, sockets):
    (client, info, _, _), _ = two_users
    channel = f"private-user.{info['id']}"
    first = sockets(artel)
    first.subscribe(client, channel)
    first.close()
    second = sockets(artel)
    assert second.socket_id != first.socket_id
    second.subscribe(client, channel)
    publish(artel, channel, "test.again", {"ok": True})
    assert second.wait_for("test.again")["data"] == {"ok": True}


def test_ping_pong(artel, sockets):
    s = sockets(artel)
    s.send("pusher:ping", {})
    assert s.wait_for("pusher:pong")["event"] == "pusher:pong"


def test_a_wrong_app_key_is_refused_with_4001(artel, sockets):
    ws = websocket.create_connection(ws_url(artel, key="nope"), timeout=10, origin=artel.url)
    frame = json.loads(ws.recv())
    assert frame["event"] == "pusher:error" and frame["data"]["code"] == 4001
    opcode, close = ws.recv_data_frame(True)
    assert opcode == websocket.ABNF.OPCODE_CLOSE and int.from_bytes(close.data[:2], "big") == 4001
    ws.close()


def test_a_foreign_origin_is_refused(artel):
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(ws_url(artel), timeout=10, origin="http://evil.example")
    assert refused.value.status_code == 403


def test_an_oversized_frame_closes_the_socket(artel, sockets):
    s = sockets(artel)
    s.send("pusher:ping", {"padding": "x" * 11 * 1024})
    # 1009 (too big) when the close frame arrives before the reset that unread input causes; closed either way.
    assert s.close_code() in (1009, None)
    # The server is fine.
    other = sockets(artel)
    other.send("pusher:ping", {})
    assert other.wait_for("pusher:pong")


def test_too_many_subscriptions(artel, sockets):
    s = sockets(artel)
    for i in range(100):
        s.send("pusher:subscribe", {"channel": f"public-{i}"})
    for i in range(100):
        s.wait_for("pusher_internal:subscription_succeeded", f"public-{i}")
    s.send("pusher:subscribe", {"channel": "public-100"})
    error = s.wait_for("pusher:error")
    assert error["data"]["code"] == 4100


def test_client_events_only_on_private_channels_by_subscribers_and_rate_limited(artel, two_users, sockets):
    (client, info, _, _), _ = two_users
    channel = f"private-user.{info['id']}"
    sender, receiver = sockets(artel), sockets(artel)
    sender.subscribe(client, channel)
    receiver.subscribe(client, channel)
    sender.send("client-typing", {"user_id": info["id"]}, channel=channel)
    assert receiver.wait_for("client-typing", channel)["data"] == {"user_id": info["id"]}
    assert [f for f in sender.quiet(0.5) if f["event"] == "client-typing"] == []  # not echoed
    # Not on public channels, not without a subscription.
    sender.send("pusher:subscribe", {"channel": "public-news"})
    sender.wait_for("pusher_internal:subscription_succeeded", "public-news")
    sender.send("client-x", {}, channel="public-news")
    assert sender.wait_for("pusher:error")["data"]["code"] is None
    sender.send("client-x", {}, channel="private-user.999999")
    assert sender.wait_for("pusher:error")["data"]["code"] is None
    # 10 per second.
    time.sleep(1.1)
    for i in range(15):
        sender.send("client-burst", {"i": i}, channel=channel)
    assert sender.wait_for("pusher:error")["data"]["code"] == 4301
    received = [f for f in receiver.quiet(1.5) if f["event"] == "client-burst"]
    assert 1 <= len(received) <= 10


def test_presence_members_are_added_and_removed(artel, two_users, sockets):
    """No domain authorises a presence channel here (the messenger does), so the test signs channel_data with
    the generated secret, as the auth route would: the member and the live session it speaks for."""
    (ann_client, ann, _, _), (bob_client, bob, _, _) = two_users
    channel = "presence-test.1"
    sessions = {ann["id"]: current_session(ann_client), bob["id"]: current_session(bob_client)}

    def join(s: Socket, user: dict) -> dict:
        channel_data = json.dumps({"user_id": str(user["id"]), "user_info": {"name": user.get("name", "")},
                                   "session_id": str(sessions[user["id"]])})
        s.send("pusher:subscribe", {"channel": channel, "auth": sign(artel, s.socket_id, channel, channel_data),
                                    "channel_data": channel_data})
        return s.wait_for("pusher_internal:subscription_succeeded", channel)

    a = sockets(artel)
    assert join(a, ann)["data"]["presence"]["ids"] == [str(ann["id"])]
    b = sockets(artel)
    presence = join(b, bob)["data"]["presence"]
    assert sorted(presence["ids"]) == sorted([str(ann["id"]), str(bob["id"])]) and presence["count"] == 2
    # The other members see the user and the card, never the session.
    assert presence["hash"][str(ann["id"])] == {"name": ann.get("name", "")}
    added = a.wait_for("pusher_internal:member_added", channel)
    assert added["data"] == {"user_id": str(bob["id"]), "user_info": {"name": bob.get("name", "")}}
    # A second socket of Bob's is not a second member.
    b2 = sockets(artel)
    assert join(b2, bob)["data"]["presence"]["count"] == 2
    assert [f for f in a.quiet(0.7) if f["event"] == "pusher_internal:member_added"] == []
    b2.close()
    assert [f for f in a.quiet(0.7) if f["event"] == "pusher_internal:member_removed"] == []
    b.send("pusher:unsubscribe", {"channel": channel})
    removed = a.wait_for("pusher_internal:member_removed", channel)
    assert removed["data"]["user_id"] == str(bob["id"])
    # A forged member (channel_data not the one signed) is refused.
    c = sockets(artel)
    channel_data = json.dumps({"user_id": str(ann["id"]), "user_info": {}})
    c.send("pusher:subscribe", {"channel": channel, "auth": "artel:" + "1" * 64, "channel_data": channel_data})
    assert c.wait_for("pusher:error")["data"]["code"] == 4009


def test_the_members_of_an_instance_that_died_leave_presence(fast_jobs_server, sockets):
    """Issue 29: an instance killed without leaving its channels (kill -9, a lost host, scaled in for good) leaves
    presence rows behind; once its heartbeat (realtime.instances) is three intervals old the sweep deletes them
    and the members still there get member_removed, so a dead instance never shows its users online. Presence
    rows of no known instance go once they are as old. The fast-jobs server beats every second."""
    artel = fast_jobs_server
    clients: list = []
    (ann_client, ann, _, _), (bob_client, bob, _, _) = create_users(artel, 2, clients=clients)
    channel = f"presence-test.{uuid.uuid4().hex[:8]}"
    # Ann is present through another instance, alive for now.
    artel.sql("INSERT INTO realtime.instances VALUES ('ghost:1', now() + interval '1 hour')")
    artel.sql(f"INSERT INTO realtime.presence VALUES ('{channel}', '1.1', 'ghost:1', '{ann['id']}', "
              f"'{{\"name\": \"Ann\"}}', now() - interval '1 hour')")
    channel_data = json.dumps({"user_id": str(bob["id"]), "user_info": {"name": "Bob"},
                               "session_id": str(current_session(bob_client))})
    b = sockets(artel)
    b.send("pusher:subscribe", {"channel": channel, "auth": sign(artel, b.socket_id, channel, channel_data),
                                "channel_data": channel_data})
    joined = b.wait_for("pusher_internal:subscription_succeeded", channel)
    assert sorted(joined["data"]["presence"]["ids"]) == sorted([str(ann["id"]), str(bob["id"])])

    # The other instance dies: its heartbeat stops. A row of an instance nobody knows is left too.
    artel.sql("UPDATE realtime.instances SET seen_at = now() - interval '1 minute' WHERE instance = 'ghost:1'")
    artel.sql(f"INSERT INTO realtime.presence VALUES ('{channel}-2', '2.2', 'nobody:2', '{ann['id']}', "
              f"'{{}}', now() - interval '1 hour')")
    removed = b.wait_for("pusher_internal:member_removed", channel, timeout=15)
    assert removed["data"] == {"user_id": str(ann["id"])}
    assert artel.sql("SELECT count(*) FROM realtime.presence WHERE instance IN ('ghost:1', 'nobody:2')") == [("0",)]
    assert artel.sql("SELECT count(*) FROM realtime.instances WHERE instance = 'ghost:1'") == [("0",)]
    # The living instance beats and keeps its own member.
    assert artel.sql("SELECT count(*) FROM realtime.instances WHERE seen_at > now() - interval '10 seconds'") == [("1",)]
    assert artel.sql(f"SELECT user_id FROM realtime.presence WHERE channel = '{channel}'") == [(str(bob["id"]),)]
    for client in clients:
        client.close()


def test_a_slow_consumer_is_dropped_and_the_server_stays_healthy(artel, two_users, sockets):
    (client, info, _, _), (other_client, other, _, _) = two_users
    channel = f"private-user.{info['id']}"
    slow = sockets(artel, rcvbuf=4096)
    slow.subscribe(client, channel)
    # ~20 MB of distinct events (NOTIFY folds identical payloads within a transaction); the slow socket reads none.
    artel.sql(
        "SELECT pg_notify('artel_realtime', json_build_object('c', '" + channel + "', 'e', 'test.bulk', 'd', "
        "json_build_object('i', i, 'pad', repeat('x', 7000))::text)::text) FROM generate_series(1, 3000) AS i")
    deadline = time.monotonic() + 30
    while "reads too slowly" not in artel.log_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "reads too slowly" in artel.log_text()
    # Its connection is gone: reading what was buffered ends in a closed connection, not 3000 events.
    count = 0
    with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError, OSError,
                        websocket.WebSocketTimeoutException)):
        while True:
            slow.next_event(5)
            count += 1
    assert count < 3000
    # The server is healthy and serves a new socket.
    assert requests.get(artel.url + "/readyz", timeout=10).status_code == 200
    # (Another user's channel: the rest of the burst is still on its way to this one.)
    fresh = sockets(artel)
    fresh.subscribe(other_client, f"private-user.{other['id']}")
    publish(artel, f"private-user.{other['id']}", "test.after", {"ok": 1})
    assert fresh.wait_for("test.after", timeout=30)["data"] == {"ok": 1}


def test_events_arrive_after_the_database_restarts(artel, two_users, sockets):
    (client, info, _, _), _ = two_users
    channel = f"private-user.{info['id']}"
    # A socket held across the outage: a session check that fails meanwhile keeps it (nothing is known to have
    # ended), it is not closed with 4009.
    held = sockets(artel)
    held.subscribe(client, channel)
    artel.restart_database()
    s = sockets(artel)
    s.subscribe(client, channel)
    # The listener re-LISTENs with back-off; events published once it is back arrive.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        publish(artel, channel, "test.back", {"ok": True})
        frames = [f for f in s.quiet(0.5) if f["event"] == "test.back"]
        if frames:
            break
    else:
        raise AssertionError("no event after the database restarted")
    assert "db listener: connected again" in artel.log_text()
    # Past a check round that can reach the database again, the held socket is still there.
    time.sleep(2.5)
    publish(artel, channel, "test.held", {"ok": True})
    frames = held.quiet(1.5)
    assert [f["event"] for f in frames if f["event"] in ("test.held", "pusher:error")] == ["test.held"], frames


@pytest.fixture(scope="module")
def strict_artel(mail_sink):
    """A server of its own with small limits: 2 sockets per IP and user, a 1-second activity timeout."""
    env = {"ARTEL_REALTIME_LIMITS_MAX_SOCKETS_PER_IP": "2", "ARTEL_REALTIME_LIMITS_MAX_SOCKETS_PER_USER": "2",
           "ARTEL_REALTIME_LIMITS_ACTIVITY_TIMEOUT": "1", "ARTEL_REALTIME_LIMITS_PONG_TIMEOUT": "1",
           "ARTEL_REALTIME_ALLOWED_ORIGINS": "http://app.example:3000"}
    with run_artel(mail_sink, env) as server:
        yield server


def test_limits_per_ip_per_user_activity_and_configured_origins(strict_artel):
    artel = strict_artel
    users = create_users(artel, 1)
    client, info = users[0][0], users[0][1]
    try:
        a = Socket(artel)
        b = Socket(artel, origin="http://app.example:3000")  # a configured origin
        # A third socket from the same address is refused (4100), and goes away.
        ws = websocket.create_connection(ws_url(artel), timeout=10, origin=artel.url)
        frame = json.loads(ws.recv())
        assert frame["event"] == "pusher:error" and frame["data"]["code"] == 4100
        ws.close()
        # Both sockets belong to the user; a third socket of the user (from elsewhere) may not subscribe as it.
        channel = f"private-user.{info['id']}"
        a.subscribe(client, channel)
        b.subscribe(client, channel)
        # Answering the server's pings keeps a socket open…
        deadline = time.monotonic() + 3.5
        pings = 0
        while time.monotonic() < deadline:
            try:
                frame = a.next_event(0.3)
            except websocket.WebSocketTimeoutException:
                continue
            if frame["event"] == "pusher:ping":
                pings += 1
                a.send("pusher:pong", {})
        assert pings >= 1
        a.send("pusher:ping", {})
        assert a.wait_for("pusher:pong")["event"] == "pusher:pong"
        # …while the silent one was pinged and then closed with 4201.
        frames = []
        b.ws.settimeout(5)
        code = None
        while True:
            opcode, data = b.ws.recv_data_frame(True)
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                code = int.from_bytes(data.data[:2], "big")
                break
            frames.append(json.loads(data.data))
        assert code == 4201
        assert [f["event"] for f in frames][-2:] == ["pusher:ping", "pusher:error"]
        a.close()
    finally:
        client.close()


def test_shutdown_closes_sockets_with_4200(mail_sink):
    with run_artel(mail_sink) as artel:
        s = Socket(artel)
        artel.process.send_signal(signal.SIGTERM)
        assert s.close_code() == 4200
        artel.process.wait(timeout=20)
        assert artel.process.returncode == 0


def test_sockets_per_user(strict_artel):
    """At most 2 sockets of one user (strict_artel), counted once a signed subscription names the user; the
    sockets come from two addresses (2 per address is the other limit)."""
    artel = strict_artel
    users = create_users(artel, 1)
    client, info = users[0][0], users[0][1]
    channel = f"private-user.{info['id']}"
    try:
        first, second = Socket(artel, source_ip="127.3.0.1"), Socket(artel, source_ip="127.3.0.1")
        third = Socket(artel, source_ip="127.3.0.2")
        first.subscribe(client, channel)
        second.subscribe(client, channel)
        auth = third.authorise(client, channel)
        third.send("pusher:subscribe", {"channel": channel, **auth})
        assert third.wait_for("pusher:error")["data"]["code"] == 4100
        for s in (first, second, third):
            s.close()
    finally:
        client.close()


def test_every_way_a_session_ends_closes_the_sockets_it_authorised(artel, admin_client):
    """Issue 22: a socket keeps no private or presence subscription past the session that authorised it. For each
    way a session ends (logout, expiry, "sign out of other sessions", a password change, a password reset, an
    admin's block, the start and the end of an impersonation), a socket subscribed through that session gets
    pusher:error 4009 and is closed with 4009 (pusher-js does not reconnect on 4000–4099) within a few seconds,
    and a presence member that leaves so is gone for the others (member_removed). Sockets of sessions that did not
    end (the device that signed the others out, the one that changed the password, the other chat member) keep
    receiving. The sessions end one after another and the closes are awaited together."""
    clients: list[ApiClient] = []
    held: list[PusherSocket] = []
    url = ws_url(artel)

    def client_of(email: str, password: str) -> ApiClient:
        client = ApiClient(artel.url)
        clients.append(client)
        response = login(client, email, password)
        assert response.status_code == 200, f"login: {response.status_code} {response.text}"
        return client

    def subscribed(client: ApiClient, *channels: str) -> PusherSocket:
        s = PusherSocket.connect(url, origin=artel.url)
        held.append(s)
        for channel in channels:
            s.subscribe_private(client, channel)
        return s

    def user(info: dict) -> str:
        return f"private-user.{info['id']}"

    try:
        (ann, ann_info, ann_email, ann_password), (bob, bob_info, _, _), (cat, cat_info, cat_email, cat_password), \
            (dan, dan_info, dan_email, dan_password), (eve, eve_info, eve_email, _), (fay, fay_info, _, _) = \
            create_users(artel, 6, clients=clients)
        chat = bob.post("/api/chats", json={"user_id": ann_info["id"]})
        assert chat.status_code == 201, f"POST /api/chats: {chat.status_code} {chat.text}"
        chat_id = chat.json()["id"]
        presence = f"presence-chat.{chat_id}"
        ann_expiring = client_of(ann_email, ann_password)
        expiring_session = current_session(ann_expiring)
        cat_other, dan_other = client_of(cat_email, cat_password), client_of(dan_email, dan_password)
        impersonator = client_of(artel.admin_email, artel.admin_password)
        admin_id = impersonator.get("/api/user/info").json()["id"]
        guest = ApiClient(artel.url)
        clients.append(guest)
        assert guest.post("/api/user/password/forgot", json={"email": eve_email}).status_code == 202
        reset_link = artel.extract_link(artel.wait_for_mail(eve_email))
        reset_token = urllib.parse.parse_qs(urllib.parse.urlsplit(reset_link).query)["token"][0]

        ending = {
            "logout": subscribed(ann, user(ann_info), presence),
            "expiry": subscribed(ann_expiring, user(ann_info)),
            "sign out of other sessions": subscribed(cat_other, user(cat_info)),
            "password change": subscribed(dan_other, user(dan_info)),
            "password reset": subscribed(eve, user(eve_info)),
            "admin block": subscribed(fay, user(fay_info)),
            "start of impersonation": subscribed(impersonator, f"private-user.{admin_id}"),
        }
        kept = {
            "the other chat member": subscribed(bob, user(bob_info), presence),
            "the device that signed the others out": subscribed(cat, user(cat_info)),
            "the device that changed the password": subscribed(dan, user(dan_info)),
        }
        joined = next(f for f in reversed(kept["the other chat member"].received)
                      if f["event"] == "pusher_internal:subscription_succeeded" and f.get("channel") == presence)
        assert sorted(joined["data"]["presence"]["ids"]) == sorted([str(ann_info["id"]), str(bob_info["id"])])
        ann_token = ann.cookie("artel_session")

        ended_at: dict[str, float] = {}
        # An admin's cookie session is replaced by the impersonation session: the admin's socket goes with it.
        response = impersonator.post(f"/api/admin/users/{bob_info['id']}/impersonate", json={})
        assert response.status_code == 200, response.text
        ended_at["start of impersonation"] = time.monotonic()
        ending["end of impersonation"] = subscribed(impersonator, user(bob_info))

        def end(name: str, response: requests.Response | None = None) -> None:
            if response is not None:
                assert response.status_code == 200, f"{name}: {response.status_code} {response.text}"
            ended_at[name] = time.monotonic()

        end("logout", ann.post("/api/user/logout"))
        artel.sql(f"UPDATE identity.sessions SET expires_at = now() - interval '1 second' "
                  f"WHERE id = {expiring_session}")
        end("expiry")
        end("sign out of other sessions", cat.post("/api/user/sessions/revoke-others"))
        end("password change", dan.post("/api/user/password/change",
                                        json={"current_password": dan_password, "password": strong_password()}))
        end("password reset", guest.post("/api/user/password/reset",
                                         json={"token": reset_token, "password": strong_password()}))
        end("admin block", admin_client.post(f"/api/admin/users/{fay_info['id']}/block",
                                             json={"reason": "Spam in chats"}))
        end("end of impersonation", impersonator.post("/api/user/logout-impersonate", json={}))

        took = {}
        for name, s in ending.items():
            remaining = ended_at[name] + SESSION_END_SECONDS - time.monotonic()
            code, frames = s.wait_closed(max(0.1, remaining))
            took[name] = round(time.monotonic() - ended_at[name], 1)
            assert code == 4009, f"{name}: closed with {code}; frames {frames}"
            assert frames and frames[-1]["event"] == "pusher:error" and frames[-1]["data"]["code"] == 4009, \
                f"{name}: {frames}"
        print(f"\nseconds from the end of a session to its socket's close: {took}")

        # Ann left the chat's presence with her socket.
        removed = kept["the other chat member"].wait_for(
            "pusher_internal:member_removed", timeout=SESSION_END_SECONDS, channel=presence)
        assert removed["data"] == {"user_id": str(ann_info["id"])}

        # Bob writes to Ann: no socket of hers is left to get it, and Bob's own socket, of a session that did not
        # end, gets the message (chat.message goes to both participants).
        text = f"after the logout {time.monotonic()}"
        sent = bob.post(f"/api/chats/{chat_id}/messages",
                        json={"client_id": str(uuid.uuid4()), "text": text, "attachment_ids": []})
        assert sent.status_code == 201, f"send: {sent.status_code} {sent.text}"
        mine = kept["the other chat member"].wait_for("chat.message", channel=user(bob_info))
        assert mine["data"]["message"]["id"] == sent.json()["id"]
        for name in ("the device that signed the others out", "the device that changed the password"):
            channel = user(cat_info) if "signed" in name else user(dan_info)
            publish(artel, channel, "test.still_here", {"to": name})
            assert kept[name].wait_for("test.still_here", channel=channel)["data"] == {"to": name}
        # The ended session cannot authorise a subscription again (its token, as a bearer: no XSRF in the way).
        probe = PusherSocket.connect(url, origin=artel.url)
        held.append(probe)
        refused = requests.post(artel.url + "/api/broadcasting/auth",
                                headers={"Authorization": f"Bearer {ann_token}", "X-Requested-With": "XMLHttpRequest"},
                                data={"socket_id": probe.socket_id, "channel_name": user(ann_info)}, timeout=10)
        assert refused.status_code == 401, refused.text
        assert "sessions ended; closed" in artel.log_text()
    finally:
        for s in held:
            s.close()
        for client in clients:
            client.close()
