"""The messenger over HTTP against docs/api/openapi.yaml: chats one per pair (with an order context), messages
with keyset history, idempotent sends (concurrent retries make one row), edit until read, tombstones, read
positions, `unread_msg` in user/info, attachments only the two participants can fetch (everyone else 404), the
anti-fraud caution, and the events each change publishes (NOTIFY envelopes on `artel_realtime`, read from the
test's own psql session: {"c": channel, "e": event, "d": data as a JSON string})."""

from __future__ import annotations

import hashlib

import json
import pathlib
import re
import subprocess
import threading
import time
import uuid

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import PG_BIN_DIR, REPO_ROOT
from marketplace import People, create_order, place_bid, png_bytes, token

_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "messenger.json").read_text()) for lang in ("en", "ru")}
_STORAGE = {lang: {"orders": json.loads((REPO_ROOT / "i18n" / lang / "orders.json").read_text())} for lang in ("en", "ru")}
NOTIFICATION = re.compile(r'^Asynchronous notification "artel_realtime" with payload "(.*)" received from server '
                          r'process with PID \d+\.$')


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=24, ru=4)
    yield made
    made.close()


class Listener:
    """A psql session LISTENing on artel_realtime; events() returns the envelopes received so far, decoded
    (an envelope stored by reference, "#id", is read back from realtime.payloads)."""

    def __init__(self, artel) -> None:
        self.artel = artel
        lines = (artel.pgdata / "postmaster.pid").read_text().splitlines()
        port, socket_dir = lines[3].strip(), lines[4].strip() or str(artel.pgdata)
        self.process = subprocess.Popen(
            [str(PG_BIN_DIR / "psql"), "-X", "-q", "-A", "-t", "-h", socket_dir, "-p", port, "-U", "postgres",
             "-d", "artel"], cwd="/", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1)
        self.received: list[dict] = []
        self.sync = 0
        self._command("LISTEN artel_realtime;")

    def _command(self, sql: str) -> None:
        self.sync += 1
        marker = f"sync-{self.sync}"
        self.process.stdin.write(f"{sql}\nSELECT '{marker}';\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            assert line, "psql ended"
            line = line.rstrip("\n")
            if line == marker:
                return
            match = NOTIFICATION.match(line)
            if match:
                self.received.append(self._decode(match.group(1)))

    def _decode(self, payload: str) -> dict:
        if payload.startswith("#"):
            payload = self.artel.sql(f"SELECT envelope FROM realtime.payloads WHERE id = {int(payload[1:])}")[0][0]
        envelope = json.loads(payload)
        return {"channel": envelope["c"], "event": envelope["e"], "data": json.loads(envelope["d"])}

    def events(self, event: str | None = None, channel: str | None = None, *, wait: float = 5.0) -> list[dict]:
        """The envelopes so far (filtered); waits up to `wait` seconds for at least one to match."""
        deadline = time.monotonic() + wait
        while True:
            self._command("SELECT 1;")
            found = [e for e in self.received
                     if (event is None or e["event"] == event) and (channel is None or e["channel"] == channel)]
            if found or time.monotonic() > deadline:
                return found
            time.sleep(0.1)

    def clear(self) -> None:
        self._command("SELECT 1;")
        self.received.clear()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture
def listener(artel):
    made = Listener(artel)
    yield made
    made.close()


def text(lang: str, key: str) -> str:
    return _I18N[lang][key]


def channel(person) -> str:
    return f"private-user.{person.id}"


def start(person, other, **extra):
    return person.post("/api/chats", json={"user_id": other.id, **extra})


def chat_between(person, other) -> dict:
    response = start(person, other)
    return assert_matches(response, "POST", "/api/chats", response.status_code)


def send(person, chat_id: int, body: str = "Hello!", client_id: str | None = None, **extra):
    return person.post(f"/api/chats/{chat_id}/messages",
                       json={"client_id": client_id or str(uuid.uuid4()), "text": body, **extra})


def sent(person, chat_id: int, body: str = "Hello!", **extra) -> dict:
    return assert_matches(send(person, chat_id, body, **extra), "POST", "/api/chats/{chat_id}/messages", 201)


def history(person, chat_id: int, **params) -> dict:
    return assert_matches(person.get(f"/api/chats/{chat_id}/messages", params=params), "GET",
                          "/api/chats/{chat_id}/messages")


def read(person, chat_id: int, message_id: int) -> dict:
    return assert_matches(person.post(f"/api/chats/{chat_id}/read", json={"message_id": message_id}), "POST",
                          "/api/chats/{chat_id}/read")


def user_info(person) -> dict:
    return assert_matches(person.get("/api/user/info"), "GET", "/api/user/info")


def fetch(person, url: str):
    """As the browser fetches a link or an <img>: without the SPA's X-Requested-With."""
    return person.client.raw.get(person.client.url(url), headers={"X-Requested-With": None}, timeout=30)


def upload(person, content: bytes, name: str):
    return person.post("/api/chats/attachments", params={"name": name}, data=content,
                       headers={"Content-Type": "application/octet-stream"})


# --- chats ----------------------------------------------------------------------------------------------------------


def test_one_chat_per_pair_with_the_order_as_context(people):
    customer, performer = people(2)
    order = create_order(customer)
    # From the order page: the performer writes to the customer about the order.
    response = start(performer, customer, context={"type": "order", "id": order["id"]})
    chat = assert_matches(response, "POST", "/api/chats", 201)
    assert chat["user"]["id"] == customer.id and "email" not in chat["user"]
    assert chat["context"] == {"type": "order", "id": order["id"], "title": order["name"]}
    assert chat["last_message"] is None and chat["unread"] == 0
    # The other side starting it gets the same chat (one per unordered pair).
    again = assert_matches(start(customer, performer), "POST", "/api/chats", 200)
    assert again["id"] == chat["id"] and again["user"]["id"] == performer.id
    assert again["context"]["id"] == order["id"], "no context given keeps the one there"
    fetched = assert_matches(customer.get(f"/api/chats/{chat['id']}"), "GET", "/api/chats/{chat_id}")
    assert fetched["id"] == chat["id"]


def test_nobody_chats_with_themselves_or_with_nobody(people):
    person = people.one()
    assert text("en", "self") in field_errors(start(person, person), "user_id")
    (ru,) = people(1, "ru")
    assert text("ru", "self") in field_errors(start(ru, ru), "user_id")
    assert_error(person.post("/api/chats", json={"user_id": 99_999_999}), 404, "NotFound")
    assert_error(person.post("/api/chats", json={"user_id": person.id + 0, "context": {"type": "vacancy", "id": 1}}),
                 422, "ValidationFailed")
    assert_error(people.guest().post("/api/chats", json={"user_id": person.id}), 401, "Unauthenticated")


def test_chats_are_listed_by_last_activity(people):
    me, first, second, third = people(4)
    chats = {other.id: chat_between(me, other)["id"] for other in (first, second, third)}
    sent(second, chats[second.id], "from the second")
    sent(first, chats[first.id], "from the first")
    page = assert_matches(me.get("/api/chats", params={"limit": 2}), "GET", "/api/chats")
    assert [c["user"]["id"] for c in page["items"]] == [first.id, second.id]
    assert page["items"][0]["last_message"]["text"] == "from the first"
    assert page["items"][0]["unread"] == 1
    rest = assert_matches(me.get("/api/chats", params={"limit": 2, "cursor": page["next_cursor"]}), "GET",
                          "/api/chats")
    assert [c["user"]["id"] for c in rest["items"]] == [third.id] and rest["next_cursor"] is None


# --- messages -------------------------------------------------------------------------------------------------------


def test_send_history_keyset_edit_delete_read(people):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    messages = [sent(me if i % 2 == 0 else other, chat_id, f"  message {i}  ") for i in range(7)]
    assert messages[0]["text"] == "message 0", "trimmed"
    assert messages[0]["short_text"] == "message 0" and messages[0]["caution"] == []
    assert messages[0]["user"]["id"] == me.id and messages[0]["deleted"] is False

    newest = history(me, chat_id, limit=3)
    assert [m["id"] for m in newest["items"]] == [m["id"] for m in messages[4:]] and newest["has_more"]
    older = history(me, chat_id, limit=3, before=newest["items"][0]["id"])
    assert [m["id"] for m in older["items"]] == [m["id"] for m in messages[1:4]] and older["has_more"]
    oldest = history(me, chat_id, limit=3, before=older["items"][0]["id"])
    assert [m["id"] for m in oldest["items"]] == [messages[0]["id"]] and not oldest["has_more"]

    # Edit while unread; after the other side read it: 409 messenger:already_read.
    mine = sent(me, chat_id, "Typo hre")
    edited = assert_matches(me.patch(f"/api/chats/{chat_id}/messages/{mine['id']}", json={"text": "Typo here"}),
                            "PATCH", "/api/chats/{chat_id}/messages/{message_id}")
    assert edited["text"] == "Typo here" and edited["edited_at"] is not None
    assert_error(other.patch(f"/api/chats/{chat_id}/messages/{mine['id']}", json={"text": "not yours"}), 403)
    assert read(other, chat_id, mine["id"]) == {"my_last_read_id": mine["id"]}
    body = assert_error(me.patch(f"/api/chats/{chat_id}/messages/{mine['id']}", json={"text": "too late"}), 409)
    assert body["message"] == text("en", "already_read")
    # Never backwards.
    assert read(other, chat_id, messages[0]["id"]) == {"my_last_read_id": mine["id"]}
    assert assert_matches(me.get(f"/api/chats/{chat_id}"), "GET", "/api/chats/{chat_id}")["peer_last_read_id"] == \
        mine["id"]

    # Delete: a tombstone stays in the history.
    assert_error(other.delete(f"/api/chats/{chat_id}/messages/{mine['id']}"), 403)
    gone = assert_matches(me.delete(f"/api/chats/{chat_id}/messages/{mine['id']}"), "DELETE",
                          "/api/chats/{chat_id}/messages/{message_id}")
    assert gone["deleted"] is True and gone["text"] is None and gone["short_text"] is None
    assert history(other, chat_id, limit=1)["items"][0] == gone


def test_text_rules(people):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    field_errors(send(me, chat_id, "   "), "text")
    field_errors(send(me, chat_id, "x" * 4001), "text")
    assert sent(me, chat_id, "ж" * 4000)["text"] == "ж" * 4000
    assert len(sent(me, chat_id, "ю" * 150)["short_text"]) == 100
    assert text("en", "client_id_invalid") in field_errors(send(me, chat_id, "hi", client_id="not-a-uuid"),
                                                            "client_id")
    field_errors(send(me, chat_id, "hi", attachment_ids=list(range(1, 12))), "attachment_ids")
    field_errors(send(me, chat_id, "hi", attachment_ids=[123456789]), "attachment_ids")


def test_a_retried_send_returns_the_same_message(people):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    client_id = str(uuid.uuid4())
    first = assert_matches(send(me, chat_id, "once", client_id), "POST", "/api/chats/{chat_id}/messages", 201)
    again = assert_matches(send(me, chat_id, "once", client_id), "POST", "/api/chats/{chat_id}/messages", 200)
    assert again == first
    assert len(history(other, chat_id)["items"]) == 1


def test_concurrent_retries_make_one_row(artel, people):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    client_id = str(uuid.uuid4())
    sessions = [me.second_session(people.clients) for _ in range(6)]
    results: list = [None] * len(sessions)
    barrier = threading.Barrier(len(sessions))

    def post(index: int) -> None:
        barrier.wait()
        results[index] = sessions[index].post(f"/api/chats/{chat_id}/messages",
                                              json={"client_id": client_id, "text": "at once"})

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(sessions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(r.status_code for r in results)
    assert statuses == [200] * (len(sessions) - 1) + [201], [r.text for r in results]
    assert len({r.json()["id"] for r in results}) == 1
    rows = artel.sql(f"SELECT count(*) FROM messenger.messages WHERE client_id = '{client_id}'")
    assert rows == [("1",)]


def test_unread_msg_in_user_info(people):
    me, other, third = people(3)
    chat_id = chat_between(other, me)["id"]
    second_chat = chat_between(third, me)["id"]
    assert user_info(me)["unread_msg"] == []
    sent(other, chat_id, "one")
    last = sent(other, chat_id, "two")
    mine = sent(me, chat_id, "my own does not count")
    third_message = sent(third, second_chat, "hi")
    entries = user_info(me)["unread_msg"]
    assert entries == [{"chat_id": second_chat, "count": 1, "last_message_id": third_message["id"]},
                       {"chat_id": chat_id, "count": 2, "last_message_id": last["id"]}]
    assert user_info(other)["unread_msg"] == [{"chat_id": chat_id, "count": 1, "last_message_id": mine["id"]}]
    read(me, chat_id, last["id"])
    assert user_info(me)["unread_msg"] == [{"chat_id": second_chat, "count": 1,
                                            "last_message_id": third_message["id"]}]


def test_a_caution_is_stored_and_the_text_is_kept(people):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    body = "Давайте напрямую, без комиссии сайта: +7 (912) 345-67-89 или ivan собака mail точка ru"
    message = sent(me, chat_id, body)
    assert message["text"] == body
    assert message["caution"] == ["phone", "email", "off_platform"]
    assert sent(me, chat_id, "See you tomorrow")["caution"] == []


# --- strangers and files --------------------------------------------------------------------------------------------


def test_a_third_user_gets_404_for_everything(people):
    me, other, stranger = people(3)
    chat_id = chat_between(me, other)["id"]
    attachment = assert_matches(upload(me, png_bytes(), "photo.png"), "POST", "/api/chats/attachments", 201)
    assert attachment["is_image"] is True and attachment["content_type"] == "image/png"
    message = sent(me, chat_id, "the photo", attachment_ids=[attachment["id"]])
    (file,) = message["attachments"]
    assert file["id"] == attachment["id"] and file["name"] == "photo.png" and file["thumbnail_url"]
    for participant in (me, other):
        response = fetch(participant, file["url"])
        assert response.status_code == 200 and response.content == png_bytes()
        assert response.headers["Content-Type"] == "image/png"
    for path in (f"/api/chats/{chat_id}", f"/api/chats/{chat_id}/messages"):
        assert_error(stranger.get(path), 404, "NotFound")
    assert_error(send(stranger, chat_id, "let me in"), 404, "NotFound")
    assert_error(stranger.post(f"/api/chats/{chat_id}/read", json={"message_id": message["id"]}), 404)
    assert_error(stranger.patch(f"/api/chats/{chat_id}/messages/{message['id']}", json={"text": "x"}), 404)
    assert_error(stranger.delete(f"/api/chats/{chat_id}/messages/{message['id']}"), 404)
    response = fetch(stranger, file["url"])
    assert response.status_code == 404 and response.content != png_bytes()
    assert fetch(stranger, file["thumbnail_url"]).status_code == 404
    # Never through the public path either, whoever asks: a chat file is a private file.
    public = f"/api/files/{hashlib.sha256(png_bytes()).hexdigest()}.png"
    for person in (me, other, stranger):
        assert_error(person.get(public), 404, "NotFound")
    # The stranger cannot attach somebody else's upload either.
    stranger_chat = chat_between(stranger, me)["id"]
    field_errors(send(stranger, stranger_chat, "mine now?", attachment_ids=[attachment["id"]]), "attachment_ids")


def test_upload_errors_are_the_storage_ones(people):
    (person,) = people(1)
    (ru,) = people(1, "ru")
    for who, lang in ((person, "en"), (ru, "ru")):
        messages = field_errors(upload(who, b"hello", "   "), "name")
        assert _STORAGE[lang]["orders"]["file_name_empty"] in messages
        body = assert_error(upload(who, b"\x7fELF\x02\x01\x01\x00" + bytes(range(0x80, 0x100)), "a.bin"), 415)
        assert body["message"] == _STORAGE[lang]["orders"]["file_unsupported"]


def test_a_message_of_files_only_and_a_deleted_ones_files_are_gone(people):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    attachment = assert_matches(upload(me, f"notes {token()}\n".encode(), "notes.txt"), "POST",
                                "/api/chats/attachments", 201)
    message = sent(me, chat_id, "", attachment_ids=[attachment["id"]])
    assert message["text"] == "" and message["attachments"][0]["is_image"] is False
    url = message["attachments"][0]["url"]
    response = fetch(other, url)
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    me.delete(f"/api/chats/{chat_id}/messages/{message['id']}")
    assert fetch(other, url).status_code == 404


# --- events ---------------------------------------------------------------------------------------------------------


def test_events_of_a_send_a_read_an_edit_and_a_delete(people, listener):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    listener.clear()
    message = sent(me, chat_id, "Привет! Как дела?")

    (new,) = listener.events("chat.newMsg")
    assert new["channel"] == channel(other)
    assert new["data"] == {"message": {"id": message["id"], "chat_id": chat_id, "user": message["user"],
                                       "details": {"short_text": "Привет! Как дела?", "text": "Привет! Как дела?"},
                                       "created_at": message["created_at"]}}
    (unread,) = listener.events("chat.unreadMsg")
    assert unread["channel"] == channel(other)
    assert unread["data"] == {"unread_msg": [{"chat_id": chat_id, "count": 1, "last_message_id": message["id"]}]}
    both = listener.events("chat.message")
    assert sorted(e["channel"] for e in both) == sorted([channel(me), channel(other)])
    assert all(e["data"] == {"message": message} for e in both)
    assert not listener.events("chat.newMsg", channel(me), wait=0), "no new-message event to the sender"

    listener.clear()
    read(other, chat_id, message["id"])
    (receipt,) = listener.events("chat.read")
    assert receipt["channel"] == channel(me)
    assert receipt["data"] == {"chat_id": chat_id, "user_id": other.id, "last_read_id": message["id"]}
    (cleared,) = listener.events("chat.unreadMsg")
    assert cleared["channel"] == channel(other) and cleared["data"] == {"unread_msg": []}

    listener.clear()
    second = sent(me, chat_id, "Second")
    listener.clear()
    edited = assert_matches(me.patch(f"/api/chats/{chat_id}/messages/{second['id']}", json={"text": "Second!"}),
                            "PATCH", "/api/chats/{chat_id}/messages/{message_id}")
    events = listener.events("chat.message")
    assert len(events) == 2 and all(e["data"] == {"message": edited} for e in events)
    listener.clear()
    gone = assert_matches(me.delete(f"/api/chats/{chat_id}/messages/{second['id']}"), "DELETE",
                          "/api/chats/{chat_id}/messages/{message_id}")
    events = listener.events("chat.message")
    assert len(events) == 2 and all(e["data"] == {"message": gone} for e in events)


def test_a_long_message_travels_by_reference(people, listener):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    listener.clear()
    message = sent(me, chat_id, "Ю" * 4000)
    both = listener.events("chat.message")
    assert len(both) == 2 and all(e["data"]["message"]["text"] == "Ю" * 4000 for e in both)
    assert listener.events("chat.newMsg")[0]["data"]["message"]["details"]["text"] == message["text"]


def test_a_new_notification_is_pushed(people, listener):
    customer, performer = people(2)
    order = create_order(customer)
    listener.clear()
    place_bid(performer, order["id"])
    (pushed,) = listener.events("notification.new")
    assert pushed["channel"] == channel(customer)
    listed = assert_matches(customer.get("/api/notifications"), "GET", "/api/notifications")
    assert pushed["data"] == {"notification": listed["items"][0], "unread": listed["unread"]}
    assert pushed["data"]["notification"]["kind"] == "bid_received"


def test_a_failed_send_publishes_nothing(people, listener):
    me, other = people(2)
    chat_id = chat_between(me, other)["id"]
    listener.clear()
    field_errors(send(me, chat_id, "with a file I do not have", attachment_ids=[987654321]), "attachment_ids")
    assert listener.events(wait=0.5) == [], "the rolled-back send announced nothing"
