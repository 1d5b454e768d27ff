"""The contract test of issue 10: the stock `pusher-js` from npm (frontend/node_modules, unmodified), in Node,
connects to the running artel, authorises `private-user.{id}` through POST /api/broadcasting/auth and receives
`chat.newMsg` after a send. The client is tests/contract/pusher_contract.mjs; this module drives it and sends the
message over the API. It needs `npm install` in frontend/ (scripts/install-deps.sh, which `make test` runs)."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import time
import uuid

import pytest

from conftest import REPO_ROOT, create_users

SCRIPT = REPO_ROOT / "tests" / "contract" / "pusher_contract.mjs"
PUSHER_JS = REPO_ROOT / "frontend" / "node_modules" / "pusher-js" / "package.json"
NODE = shutil.which("node") or "/usr/bin/node"


class PusherJs:
    """tests/contract/pusher_contract.mjs as a child process; its JSON lines arrive on a queue."""

    def __init__(self, client, channel: str, events: str = "chat.newMsg", count: int = 1) -> None:
        if not PUSHER_JS.exists():
            pytest.fail(f"{PUSHER_JS} is missing: run `npm install` in frontend/ (scripts/install-deps.sh)",
                        pytrace=False)
        cookie = "; ".join(f"{c.name}={c.value}" for c in client.raw.cookies)
        env = {**os.environ, "ARTEL_URL": client.base_url, "ARTEL_COOKIE": cookie, "ARTEL_XSRF": client.xsrf_token(),
               "ARTEL_CHANNEL": channel, "ARTEL_EVENTS": events, "ARTEL_COUNT": str(count),
               "ARTEL_TIMEOUT_MS": "30000"}
        self.process = subprocess.Popen([NODE, str(SCRIPT)], env=env, cwd=REPO_ROOT, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[dict] = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                self.lines.put({"unparsed": line})

    def wait_for(self, key: str, timeout: float = 20) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"pusher-js printed no {key!r} within {timeout}s; lines: {self.seen}; "
                                     f"stderr: {self.stderr()}")
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            self.seen.append(line)
            if key in line:
                return line

    def wait_for_state(self, state: str, timeout: float = 20) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            line = self.wait_for("state", max(0.1, deadline - time.monotonic()))
            if line["state"] == state:
                return line

    def lines_within(self, seconds: float) -> list[dict]:
        """Every line printed in the next `seconds`."""
        deadline = time.monotonic() + seconds
        lines = []
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                break
            self.seen.append(line)
            lines.append(line)
        return lines

    def stderr(self) -> str:
        if self.process.poll() is None:
            return "(still running)"
        return self.process.stderr.read()[-3000:]

    def close(self) -> int | None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        return self.process.returncode


def test_stock_pusher_js_authorises_its_channel_and_receives_chat_new_msg(artel):
    clients: list = []
    try:
        (sender, sender_info, _, _), (recipient, recipient_info, _, _) = create_users(artel, 2, clients=clients)
        channel = f"private-user.{recipient_info['id']}"
        pusher = PusherJs(recipient, channel)
        try:
            assert pusher.wait_for("subscribed")["subscribed"] == channel
            assert any(line.get("state") == "connected" for line in pusher.seen)

            chat = sender.post("/api/chats", json={"user_id": recipient_info["id"]})
            assert chat.status_code == 201, f"POST /api/chats: {chat.status_code} {chat.text}"
            chat_id = chat.json()["id"]
            text = f"to pusher-js {uuid.uuid4().hex[:8]}"
            sent = sender.post(f"/api/chats/{chat_id}/messages",
                               json={"client_id": str(uuid.uuid4()), "text": text, "attachment_ids": []})
            assert sent.status_code == 201, f"send: {sent.status_code} {sent.text}"

            event = pusher.wait_for("event")
            assert event["event"] == "chat.newMsg" and event["channel"] == channel
            message = event["data"]["message"]
            assert message["id"] == sent.json()["id"]
            assert message["chat_id"] == chat_id
            assert message["user"]["id"] == sender_info["id"]
            assert message["details"]["text"] == text
            assert pusher.process.wait(timeout=10) == 0, pusher.stderr()
        finally:
            pusher.close()
    finally:
        for client in clients:
            client.close()


def test_stock_pusher_js_is_refused_another_users_channel(artel):
    clients: list = []
    try:
        (intruder, _, _, _), (_, victim_info, _, _) = create_users(artel, 2, clients=clients)
        pusher = PusherJs(intruder, f"private-user.{victim_info['id']}")
        try:
            error = pusher.wait_for("error")
            assert error["error"] == "subscription", error
            assert "403" in error["detail"], error
            assert not any("subscribed" in line for line in pusher.seen)
        finally:
            pusher.close()
    finally:
        for client in clients:
            client.close()


def test_stock_pusher_js_is_refused_for_good_once_its_session_ends(artel):
    """Issue 22: the session that authorised the subscription ends (a logout; the SPA closes its own socket then,
    but not the other devices' and tabs'): the server sends pusher:error 4009 and closes with 4009, and the stock
    pusher-js treats 4000–4099 as "refused": it goes to `disconnected` and does not reconnect with the dead
    session."""
    clients: list = []
    try:
        (client, info, _, _), = create_users(artel, 1, clients=clients)
        channel = f"private-user.{info['id']}"
        pusher = PusherJs(client, channel)
        try:
            assert pusher.wait_for("subscribed")["subscribed"] == channel
            logout = client.post("/api/user/logout")
            assert logout.status_code == 200, f"logout: {logout.status_code} {logout.text}"
            error = pusher.wait_for("error", timeout=15)
            assert error["error"] == "connection" and "4009" in error["detail"], error
            pusher.wait_for_state("disconnected", timeout=10)
            # pusher-js retries within a second for the codes it may retry; it must stay down.
            later = pusher.lines_within(3)
            assert not any(line.get("state") in ("connecting", "connected") for line in later), later
            assert not any("subscribed" in line for line in later), later
        finally:
            pusher.close()
    finally:
        for client in clients:
            client.close()
