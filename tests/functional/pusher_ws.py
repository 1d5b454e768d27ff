"""A minimal Pusher-protocol (version 7) client over Debian's python3-websocket, for functional tests that hold
a socket: connect, read `pusher:connection_established`, authorise a private channel through
POST /api/broadcasting/auth, subscribe, and wait for an event (answering `pusher:ping` while waiting).

    socket = PusherSocket.connect(ws_url(base, key), origin=public_url)
    socket.subscribe_private(client, "private-user.7")     # client: conftest.ApiClient of the channel's user
    event = socket.wait_for("chat.newMsg", timeout=10)      # {"event", "channel", "data": <decoded JSON>}
    code, frames = socket.wait_closed(timeout=10)           # the server's close code and what came before it
"""

from __future__ import annotations

import json
import socket
import time
import urllib.parse

import websocket  # Debian: python3-websocket

PROTOCOL_QUERY = "protocol=7&client=python&version=1.0"


def ws_url(http_base: str, key: str = "artel", path: str = "/app") -> str:
    """ws://HOST:PORT/app/{key}?protocol=7… for an http://HOST:PORT base (the socket on the main port)."""
    return http_base.replace("http://", "ws://", 1).rstrip("/") + f"{path}/{key}?{PROTOCOL_QUERY}"


class PusherSocket:
    def __init__(self, ws: websocket.WebSocket, socket_id: str, activity_timeout: int) -> None:
        self.ws = ws
        self.socket_id = socket_id
        self.activity_timeout = activity_timeout
        self.received: list[dict] = []

    @classmethod
    def connect(cls, url: str, origin: str | None = None, timeout: float = 10,
                source_ip: str | None = None) -> "PusherSocket":
        ws, frame = open_socket(url, origin, timeout, source_ip)
        if frame.get("event") != "pusher:connection_established":
            ws.close()
            raise AssertionError(f"first frame is not pusher:connection_established: {frame}")
        data = frame["data"]
        return cls(ws, data["socket_id"], int(data.get("activity_timeout", 0)))

    def send(self, event: str, data: dict, channel: str | None = None) -> None:
        frame = {"event": event, "data": data}
        if channel is not None:
            frame["channel"] = channel
        self.ws.send(json.dumps(frame))

    def authorise(self, client, channel: str) -> dict:
        """POST /api/broadcasting/auth as pusher-js sends it (form-encoded), through `client`'s base URL."""
        response = client.post("/api/broadcasting/auth",
                               data={"socket_id": self.socket_id, "channel_name": channel})
        assert response.status_code == 200, f"broadcasting/auth {channel}: {response.status_code} {response.text}"
        return response.json()

    def subscribe_private(self, client, channel: str, timeout: float = 10) -> None:
        auth = self.authorise(client, channel)
        self.send("pusher:subscribe", {"channel": channel, **auth})
        self.wait_for("pusher_internal:subscription_succeeded", timeout, channel=channel)

    def wait_for(self, event: str, timeout: float = 10, channel: str | None = None,
                 predicate=None) -> dict:
        """The next frame of `event` (on `channel`, matching `predicate(frame)`) within `timeout` seconds;
        frames read on the way are kept in .received. A pusher:error fails at once."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = [(f.get("event"), f.get("channel")) for f in self.received[-20:]]
                raise AssertionError(f"no {event} on {channel} within {timeout}s; frames so far: {seen}")
            self.ws.settimeout(remaining)
            try:
                frame = _decode(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            self.received.append(frame)
            name = frame.get("event")
            if name == "pusher:ping":
                self.send("pusher:pong", {})
                continue
            if name == "pusher:error" and event != "pusher:error":
                raise AssertionError(f"pusher:error while waiting for {event}: {frame}")
            if name == event and (channel is None or frame.get("channel") == channel) and (
                    predicate is None or predicate(frame)):
                return frame

    def wait_closed(self, timeout: float = 10) -> tuple[int | None, list[dict]]:
        """Reads until the server closes the socket (answering pusher:ping on the way): the close frame's code
        (None when the TCP connection just ended) and the frames that came before it. The close is answered and
        the TCP connection closed, as a browser does: the server finishes a socket (its presence included) once
        the client has gone, or after its handshake timeout."""
        deadline = time.monotonic() + timeout
        frames: list[dict] = []
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seen = [(f.get("event"), f.get("channel")) for f in frames[-20:]]
                raise AssertionError(f"the server did not close the socket within {timeout}s; frames: {seen}")
            self.ws.settimeout(remaining)
            try:
                opcode, frame = self.ws.recv_data_frame(True)
            except websocket.WebSocketTimeoutException:
                continue
            except (websocket.WebSocketConnectionClosedException, ConnectionError, OSError):
                return None, frames
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                # (websocket-client answered the close already; its close() would then leave the TCP connection
                # open, and Beast's server side waits for the client's end of it.)
                self.ws.shutdown()
                return (int.from_bytes(frame.data[:2], "big") if len(frame.data) >= 2 else None), frames
            if opcode != websocket.ABNF.OPCODE_TEXT:
                continue
            decoded = _decode(frame.data)
            self.received.append(decoded)
            frames.append(decoded)
            if decoded.get("event") == "pusher:ping":
                self.send("pusher:pong", {})

    def close(self) -> None:
        try:
            self.ws.close()
        except (OSError, websocket.WebSocketException):
            pass
        self.ws.shutdown()  # also when a close frame was answered already (close() then does nothing)


def open_socket(url: str, origin: str | None = None, timeout: float = 10,
                source_ip: str | None = None) -> tuple[websocket.WebSocket, dict]:
    """A WebSocket to `url` (from `source_ip` when given: a distinct client address) and its first frame."""
    sock = None
    if source_ip is not None:
        parts = urllib.parse.urlsplit(url)
        sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout, source_address=(source_ip, 0))
    ws = websocket.create_connection(url, timeout=timeout, origin=origin, socket=sock, enable_multithread=True)
    return ws, _decode(ws.recv())


def _decode(text: str | bytes) -> dict:
    frame = json.loads(text)
    # Pusher sends `data` as a JSON-encoded string; decode it once so tests read objects.
    if isinstance(frame.get("data"), str):
        try:
            frame["data"] = json.loads(frame["data"])
        except ValueError:
            pass
    return frame
