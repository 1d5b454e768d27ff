"""Faults (issue 29). Writes survive a crash ( "kill -9 of Artel during writes of every kind: after restart every acknowledged
write is there, no unacknowledged half-write is visible, retried requests with their keys are not doubled").

Customers and performers write at once — chat messages (each with its client_id, the send's idempotency key),
messages with an uploaded image, orders, bids — and artel and its PostgreSQL are killed with SIGKILL in the
middle of it (a power cut). artel starts again on the same data. Then:
- every write that was answered 201 is there, readable through the API;
- every message whose answer was lost, sent again with its client_id, is answered with one message (the first
  send's when it had committed), and no client_id has two messages;
- a bid whose answer was lost, sent again, is placed or answered 409 (already placed), never twice;
- every stored file is whole: its name is the SHA-256 of its bytes (a half-written upload never got a name),
  and every attachment's file is on disk;
- an order that exists is whole (its skills as sent) and readable by its customer.

A full disk: uploads onto a storage directory with no room left are refused with 503 storage:disk_full in the
reader's language, leave no file behind, and work again once there is room.

Private servers, because the tests kill one and give the other a small disk."""

from __future__ import annotations

import hashlib
import json
import pathlib
import subprocess
import tempfile
import random
import re
import threading
import time
import uuid

import pytest
import requests

from checks import assert_error
from conftest import REPO_ROOT, png_bytes, run_artel
from marketplace import SKILL_REACT, People, bid_input, order_input
from test_money_crash import power_cut, until_answered

PAIRS = 3
STORED_NAME = re.compile(r"^([0-9a-f]{64})\.[a-z]+$")


@pytest.fixture(scope="module")
def server(mail_sink):
    with run_artel(mail_sink) as started:
        yield started


class Ledger:
    """What each writer was told: answered writes by kind, and the ones whose answer was lost."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acknowledged: dict[str, list] = {"message": [], "order": [], "bid": [], "upload": []}
        self.lost: dict[str, list] = {"message": [], "order": [], "bid": [], "upload": []}

    def note(self, kind: str, answered: bool, item) -> None:
        with self.lock:
            (self.acknowledged if answered else self.lost)[kind].append(item)


def writer(customer, performer, chat_id: int, others_orders: list[int], ledger: Ledger, stop: threading.Event):
    """One pair's writes, one after another, until the cut: a message, an order, a bid, an image message."""
    step = 0
    while not stop.is_set():
        kind = ("message", "order", "bid", "upload")[step % 4]
        step += 1
        pending = None  # what to retry when the answer is lost: ("message", item) or ("bid", item)
        try:
            if kind == "message":
                item = (customer, chat_id, {"text": f"Сообщение {step}", "client_id": str(uuid.uuid4())})
                pending = ("message", (item, None))
                response = customer.post(f"/api/chats/{chat_id}/messages", json=item[2], timeout=10)
                ledger.note("message", response.status_code == 201, (item, response.json().get("id")))
            elif kind == "order":
                response = customer.post("/api/orders", json=order_input(skill_ids=[SKILL_REACT]), timeout=10)
                if response.status_code == 201:
                    ledger.note("order", True, (customer, response.json()["id"]))
            elif kind == "bid" and others_orders:
                order_id = others_orders.pop()
                pending = ("bid", (performer, order_id))
                response = performer.post(f"/api/orders/{order_id}/bids", json=bid_input(), timeout=10)
                ledger.note("bid", response.status_code == 201, (performer, order_id))
            elif kind == "upload":
                image = png_bytes(16, 16, bytes(random.randrange(256) for _ in range(3)))
                uploaded = performer.post("/api/chats/attachments", params={"name": "draft.png"}, data=image,
                                          headers={"Content-Type": "application/octet-stream"}, timeout=10)
                if uploaded.status_code != 201:
                    continue
                item = (performer, chat_id, {"attachment_ids": [uploaded.json()["id"]],
                                             "client_id": str(uuid.uuid4())})
                pending = ("message", (item, None))
                response = performer.post(f"/api/chats/{chat_id}/messages", json=item[2], timeout=10)
                ledger.note("message", response.status_code == 201, (item, response.json().get("id")))
                if response.status_code == 201:
                    ledger.note("upload", True, (performer, uploaded.json()["id"]))
        except (requests.RequestException, ValueError):
            # Cut off mid-request: the client does not know what happened, and the server is gone.
            if pending is not None:
                ledger.note(pending[0], False, pending[1])
            return


def test_a_power_cut_in_the_middle_of_writes_loses_nothing_acknowledged(server):
    people = People(server, en=PAIRS * 2)
    try:
        pairs = []
        for _ in range(PAIRS):
            customer, performer = people.one(), people.one()
            chat = customer.post("/api/chats", json={"user_id": performer.id})
            assert chat.status_code == 201, chat.text
            pairs.append((customer, performer, chat.json()["id"]))
        # Orders open for bids from every other pair's performer.
        orders = {customer.id: [customer.post("/api/orders", json=order_input()).json()["id"] for _ in range(8)]
                  for customer, _, _ in pairs}
        ledger = Ledger()
        stop = threading.Event()
        threads = []
        for customer, performer, chat_id in pairs:
            others = [o for c, ids in orders.items() if c != customer.id for o in ids]
            random.shuffle(others)
            threads.append(threading.Thread(target=writer,
                                            args=(customer, performer, chat_id, others, ledger, stop)))
        for thread in threads:
            thread.start()
        time.sleep(random.uniform(0.8, 1.6))
        power_cut(server)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        server.start()
        acknowledged = {kind: len(items) for kind, items in ledger.acknowledged.items()}
        assert acknowledged["message"] > 0 and acknowledged["order"] > 0, f"too little written: {acknowledged}"

        # Every answered message is there; every lost one, sent again with its client_id, is there once.
        for (sender, chat_id, body), message_id in ledger.acknowledged["message"]:
            again = until_answered(lambda: sender.post(f"/api/chats/{chat_id}/messages", json=body, timeout=10))
            assert again.status_code == 200 and again.json()["id"] == message_id, \
                f"a retry of an answered send is answered with its message: {again.status_code} {again.text}"
        for (sender, chat_id, body), _ in ledger.lost["message"]:
            again = until_answered(lambda: sender.post(f"/api/chats/{chat_id}/messages", json=body, timeout=10))
            assert again.status_code in (200, 201), f"a lost send sent again: {again.status_code} {again.text}"
        doubled = server.sql("SELECT user_id, client_id FROM messenger.messages GROUP BY user_id, client_id "
                             "HAVING count(*) > 1")
        assert doubled == [], f"messages doubled: {doubled}"

        for customer, order_id in ledger.acknowledged["order"]:
            order = customer.get(f"/api/orders/{order_id}")
            assert order.status_code == 200, f"an answered order is gone: {order_id} {order.status_code}"
            assert order.json()["skill_ids"] == [SKILL_REACT], "the order is whole"
        for performer, order_id in ledger.acknowledged["bid"]:
            mine = server.sql(f"SELECT count(*) FROM bids.bids WHERE order_id = {order_id} "
                              f"AND performer_id = {performer.id}")
            assert mine == [("1",)], f"an answered bid is gone: order {order_id}"
        for performer, order_id in ledger.lost["bid"]:
            again = until_answered(lambda: performer.post(f"/api/orders/{order_id}/bids", json=bid_input(),
                                                          timeout=10))
            assert again.status_code in (201, 409), f"a lost bid sent again: {again.status_code} {again.text}"
        bids_doubled = server.sql("SELECT order_id, performer_id FROM bids.bids GROUP BY 1, 2 HAVING count(*) > 1")
        assert bids_doubled == []

        # Files: every stored one whole, every attachment's file there.
        storage = pathlib.Path(server.env["ARTEL_STORAGE_DIR"])
        stored = {}
        for path in storage.rglob("*"):
            match = STORED_NAME.match(path.name)
            if path.is_file() and match:
                assert hashlib.sha256(path.read_bytes()).hexdigest() == match.group(1), f"{path} is not whole"
                stored[path.name] = path
        for _, attachment_id in ledger.acknowledged["upload"]:
            (name,) = server.sql(f"SELECT file_name FROM messenger.attachments WHERE id = {attachment_id}")[0]
            assert name in stored, f"attachment {attachment_id}'s file {name} is not on disk"
        print(f"\nanswered before the cut: {acknowledged}; "
              f"lost: { {kind: len(items) for kind, items in ledger.lost.items()} }")
    finally:
        people.close()


@pytest.fixture
def small_disk(mail_sink):
    """A server whose storage directory is a 192 KiB tmpfs (mounted as root, as CI runs)."""
    mount_point = pathlib.Path(tempfile.mkdtemp(prefix="artel-small-disk-"))
    mount_point.chmod(0o755)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=192k,mode=0755", "tmpfs", str(mount_point)], check=True)
    try:
        with run_artel(mail_sink, {"ARTEL_STORAGE_DIR": str(mount_point)}) as started:
            yield started, mount_point
    finally:
        subprocess.run(["umount", str(mount_point)], check=False)
        mount_point.rmdir()


def pdf_of(size: int, seed: str) -> bytes:
    """A PDF of about `size` bytes whose content is its own (a comment of `seed` repeated)."""
    head = b"%PDF-1.4\n%" + (seed.encode() * (size // len(seed) + 1))[:size] + b"\n"
    return head + b"trailer\n<< >>\n%%EOF\n"


def test_a_full_disk_refuses_uploads_clearly_and_recovers(small_disk):
    server, disk = small_disk
    people = People(server, ru=1)
    try:
        person = people.one("ru")

        def upload(content: bytes):
            return person.post("/api/chats/attachments", params={"name": "smeta.pdf"}, data=content,
                               headers={"Content-Type": "application/octet-stream"})

        first = upload(pdf_of(120_000, "first"))
        assert first.status_code == 201, first.text
        before = sorted(p.name for p in disk.rglob("*"))
        # No room for the second: a clear answer in the reader's language, nothing saved, nothing half-written.
        refused = assert_error(upload(pdf_of(120_000, "second")), 503, "ServiceUnavailable")
        ru = json.loads((REPO_ROOT / "i18n" / "ru" / "storage.json").read_text())["disk_full"]
        assert refused["message"] == ru
        assert sorted(p.name for p in disk.rglob("*")) == before, "the refused upload left a file behind"
        assert person.get("/api/user/info").status_code == 200, "the server goes on"

        # Room again (the operator grew the volume): the same upload is stored.
        subprocess.run(["mount", "-o", "remount,size=1m", str(disk)], check=True)
        again = upload(pdf_of(120_000, "second"))
        assert again.status_code == 201, again.text
    finally:
        people.close()
