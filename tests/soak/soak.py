#!/usr/bin/env python3
"""`make soak`: a bounded, loopback-only soak of the release binary on its own embedded PostgreSQL (issue 29).

For SOAK_MINUTES (default 30) a steady mix of what people do — browsing and searching the public lists, posting
orders, bidding, chatting (HTTP sends, received on Pusher sockets), reading chats and notifications, uploading
chat images — runs at SOAK_RATE actions per second from SOAK_PAIRS customer/performer pairs in both languages,
each user with a socket subscribed to their private channel. Once a minute a burst of SOAK_BURST_SOCKETS guest
sockets opens, holds for a few seconds and closes.

Each minute it records the server's RSS, open descriptors, sockets, the database connections (the pool's use:
total and active backends of the server's role), the actions done, failed and behind schedule, and the requests'
p50/p99; and for the burst, the RSS before, while open and after the sockets closed.

It fails (exit 1) when, after the warm-up (SOAK_WARMUP_MINUTES):
- the RSS grows by more than SOAK_RSS_GROWTH_MB (default 16) over its level at the end of the warm-up,
- the descriptors grow by more than SOAK_FD_GROWTH (default 16),
- a burst's memory does not come back: the RSS after the sockets closed stays more than SOAK_BURST_RETAIN_MB
  (default 8) above the RSS before they opened,
- any request failed that should not have (every action's answer is checked), or
- a message sent was not received exactly once on the recipient's socket.
The figures go to stdout and build/soak/results.md (and .json). ARTEL_BIN picks the binary (default: the
release build); ARTEL_KEEP_TEST_DATA=1 keeps the data directory.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import queue
import random
import sys
import threading
import time
import uuid

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "tests" / "functional"))

import requests  # noqa: E402
import websocket  # noqa: E402
from aiosmtpd.controller import Controller  # noqa: E402

import conftest as harness  # noqa: E402  (the functional tests' server and clients, used as a library)
import marketplace as mp  # noqa: E402
from pusher_ws import PusherSocket, open_socket  # noqa: E402


def setting(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


MINUTES = setting("SOAK_MINUTES", 30)
WARMUP_MINUTES = setting("SOAK_WARMUP_MINUTES", min(5.0, max(1.0, MINUTES // 5)))
RATE = setting("SOAK_RATE", 25)
PAIRS = int(setting("SOAK_PAIRS", 10))
WORKERS = int(setting("SOAK_WORKERS", 8))
BURST_SOCKETS = int(setting("SOAK_BURST_SOCKETS", 1000))
RSS_GROWTH_MB = setting("SOAK_RSS_GROWTH_MB", 16)
FD_GROWTH = int(setting("SOAK_FD_GROWTH", 16))
BURST_RETAIN_MB = setting("SOAK_BURST_RETAIN_MB", 8)
# A message's chat.newMsg may take this long on a loaded machine; the check at the end waits this long too.
DELIVERY_SECONDS = 15
RESULTS_DIR = REPO_ROOT / "build" / "soak"
BURST_HOLD_SECONDS = 5
BURST_SETTLE_SECONDS = 10


# --- measurements -------------------------------------------------------------------------------------------------


class Stats:
    """Per-minute counters of the workload; the sampler takes (and resets) them once a minute."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.actions: collections.Counter[str] = collections.Counter()
        self.failures: list[str] = []
        self.all_failures: list[str] = []
        self.behind = 0

    def request(self, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)

    def done(self, action: str) -> None:
        with self.lock:
            self.actions[action] += 1

    def failed(self, what: str) -> None:
        with self.lock:
            self.failures.append(what)
            self.all_failures.append(what)

    def take(self) -> tuple[list[float], collections.Counter, list[str], int]:
        with self.lock:
            taken = (self.latencies, self.actions, self.failures, self.behind)
            self.latencies, self.actions, self.failures, self.behind = [], collections.Counter(), [], 0
            return taken


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def process_figures(pid: int) -> dict:
    status = pathlib.Path(f"/proc/{pid}/status").read_text()
    rss_kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    targets = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            targets.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            pass  # closed meanwhile
    return {"rss_mb": rss_kb / 1024, "fds": len(targets), "sockets": sum(t.startswith("socket:") for t in targets)}


def database_figures(server) -> dict:
    rows = server.sql("SELECT count(*), count(*) FILTER (WHERE state = 'active') FROM pg_stat_activity "
                      "WHERE backend_type = 'client backend' AND datname = current_database() "
                      "AND pid <> pg_backend_pid()")
    total, active = rows[0]
    return {"db_connections": int(total), "db_active": int(active)}


# --- the people and their sockets ---------------------------------------------------------------------------------


class TimedClient:
    """An ApiClient whose every request is timed into the stats and can be used by one worker at a time."""

    def __init__(self, client: harness.ApiClient, stats: Stats) -> None:
        self.client = client
        self.stats = stats
        self.lock = threading.Lock()

    def call(self, method: str, path: str, expect: tuple[int, ...] = (200,), **kwargs) -> requests.Response:
        started = time.perf_counter()
        try:
            response = self.client.request(method, path, **kwargs)
        except requests.RequestException as error:
            self.stats.failed(f"{method} {path}: {error!r}")
            raise
        self.stats.request(time.perf_counter() - started)
        if response.status_code not in expect:
            self.stats.failed(f"{method} {path}: {response.status_code} {response.text[:300]}")
            raise RuntimeError("unexpected status")
        return response


class User:
    def __init__(self, person: mp.Person, stats: Stats) -> None:
        self.person = person
        self.id = person.id
        self.http = TimedClient(person.client, stats)
        self.socket: PusherSocket | None = None
        self.received: collections.Counter[int] = collections.Counter()
        self.received_lock = threading.Lock()


class Pair:
    def __init__(self, customer: User, performer: User, chat_id: int) -> None:
        self.customer = customer
        self.performer = performer
        self.chat_id = chat_id
        self.lock = threading.Lock()
        self.open_orders: collections.deque[int] = collections.deque()


def listen(user: User, stop: threading.Event, stats: Stats) -> None:
    """Reads the user's socket: counts each chat.newMsg by message id, answers pings."""
    ws = user.socket.ws
    ws.settimeout(1)
    while not stop.is_set():
        try:
            text = ws.recv()
        except websocket.WebSocketTimeoutException:
            continue
        except (websocket.WebSocketException, OSError) as error:
            if not stop.is_set():
                stats.failed(f"user {user.id}'s socket ended: {error!r}")
            return
        if not text:  # the connection ended (the soak's end closes the sockets)
            if not stop.is_set():
                stats.failed(f"user {user.id}'s socket was closed by the server")
            return
        frame = json.loads(text)
        event = frame.get("event")
        if event == "pusher:ping":
            user.socket.send("pusher:pong", {})
        elif event == "pusher:error":
            stats.failed(f"pusher:error on user {user.id}'s socket: {frame}")
        elif event == "chat.newMsg":
            data = frame["data"] if isinstance(frame["data"], dict) else json.loads(frame["data"])
            with user.received_lock:
                user.received[data["message"]["id"]] += 1


# --- the workload -------------------------------------------------------------------------------------------------


class Workload:
    def __init__(self, server, stats: Stats, pairs: list[Pair], guests: list[TimedClient]) -> None:
        self.server = server
        self.stats = stats
        self.pairs = pairs
        self.guests = guests
        self.sent: dict[int, int] = {}  # message id -> recipient's user id
        self.sent_lock = threading.Lock()
        self.recent_orders: collections.deque[tuple[int, int]] = collections.deque(maxlen=200)  # (order, customer)
        self.bid_on: set[tuple[int, int]] = set()
        self.words = ["zqsoak", "landing", "логотип", "python", "дизайн", "react", "перевод", "shop"]
        self.actions = [
            (self.browse, 30), (self.search, 12), (self.post_order, 5), (self.bid, 6), (self.chat, 25),
            (self.read_chats, 10), (self.upload, 4), (self.account, 8),
        ]

    def pick(self):
        total = sum(weight for _, weight in self.actions)
        roll = random.uniform(0, total)
        for action, weight in self.actions:
            roll -= weight
            if roll <= 0:
                return action
        return self.actions[-1][0]

    def run_one(self) -> None:
        self.run(self.pick())

    def run(self, action) -> None:
        try:
            action()
            self.stats.done(action.__name__)
        except Exception as error:  # noqa: BLE001 — a failure is counted, the soak goes on
            if not isinstance(error, (RuntimeError, requests.RequestException)):
                self.stats.failed(f"{action.__name__}: {error!r}")

    def guest(self) -> TimedClient:
        while True:
            guest = random.choice(self.guests)
            if guest.lock.acquire(timeout=0.05):
                return guest

    def pair(self) -> Pair:
        while True:
            pair = random.choice(self.pairs)
            if pair.lock.acquire(timeout=0.05):
                return pair

    # Each action holds its client's (or pair's) lock for its requests.

    def browse(self) -> None:
        guest = self.guest()
        try:
            path, params = random.choice([
                ("/api/orders", {}), ("/api/orders", {"category_id": mp.DEVELOPMENT}), ("/api/orders/counts", {}),
                ("/api/freelancers", {}), ("/api/freelancers/counts", {}), ("/api/vacancies", {}),
                ("/api/resumes", {}), ("/api/articles", {}), ("/api/help/faq", {}), ("/api/catalog", {}),
            ])
            guest.call("GET", path, params=params)
            if path == "/api/orders" and self.recent_orders:
                order_id, _ = random.choice(list(self.recent_orders))
                guest.call("GET", f"/api/orders/{order_id}")
        finally:
            guest.lock.release()

    def search(self) -> None:
        guest = self.guest()
        try:
            path = random.choice(["/api/orders", "/api/freelancers", "/api/vacancies", "/api/articles",
                                  "/api/resumes"])
            guest.call("GET", path, params={"q": random.choice(self.words)})
        finally:
            guest.lock.release()

    def post_order(self) -> None:
        pair = self.pair()
        try:
            customer = pair.customer
            if len(pair.open_orders) >= 5:  # keep each customer's open orders bounded, as people close theirs
                customer.http.call("POST", f"/api/orders/{pair.open_orders.popleft()}/close", json={})
            order = customer.http.call("POST", "/api/orders", expect=(201,), json=mp.order_input()).json()
            pair.open_orders.append(order["id"])
            self.recent_orders.append((order["id"], customer.id))
        finally:
            pair.lock.release()

    def bid(self) -> None:
        candidates = list(self.recent_orders)
        if not candidates:
            return
        pair = self.pair()
        try:
            performer = pair.performer
            open_ids = self._open_ids()
            fresh = [o for o, _ in candidates if (o, performer.id) not in self.bid_on and o in open_ids]
            if not fresh:
                return
            order_id = random.choice(fresh)
            self.bid_on.add((order_id, performer.id))
            performer.http.call("POST", f"/api/orders/{order_id}/bids", expect=(201,), json=mp.bid_input())
        finally:
            pair.lock.release()

    def _open_ids(self) -> set[int]:
        return {order for pair in self.pairs for order in list(pair.open_orders)}

    def chat(self) -> None:
        pair = self.pair()
        try:
            sender, recipient = random.choice([(pair.customer, pair.performer), (pair.performer, pair.customer)])
            text = random.choice(["Добрый день! Когда сможете начать?", "Hi! The draft is ready for review.",
                                  "Спасибо, всё получил.", "Could you send the brief again?"])
            message = sender.http.call("POST", f"/api/chats/{pair.chat_id}/messages", expect=(201,),
                                       json={"text": text, "client_id": str(uuid.uuid4())}).json()
            with self.sent_lock:
                self.sent[message["id"]] = recipient.id
        finally:
            pair.lock.release()

    def read_chats(self) -> None:
        pair = self.pair()
        try:
            reader = random.choice([pair.customer, pair.performer])
            reader.http.call("GET", "/api/chats")
            page = reader.http.call("GET", f"/api/chats/{pair.chat_id}/messages", params={"limit": 30}).json()
            if page["items"]:
                newest = max(m["id"] for m in page["items"])
                reader.http.call("POST", f"/api/chats/{pair.chat_id}/read", json={"message_id": newest})
        finally:
            pair.lock.release()

    def upload(self) -> None:
        pair = self.pair()
        try:
            sender, recipient = pair.customer, pair.performer
            image = harness.png_bytes(64, 48, bytes(random.randrange(256) for _ in range(3)))
            uploaded = sender.http.call("POST", "/api/chats/attachments", expect=(201,), params={"name": "draft.png"},
                                        data=image, headers={"Content-Type": "application/octet-stream"}).json()
            message = sender.http.call("POST", f"/api/chats/{pair.chat_id}/messages", expect=(201,),
                                       json={"attachment_ids": [uploaded["id"]], "client_id": str(uuid.uuid4())})
            with self.sent_lock:
                self.sent[message.json()["id"]] = recipient.id
        finally:
            pair.lock.release()

    def account(self) -> None:
        pair = self.pair()
        try:
            user = random.choice([pair.customer, pair.performer])
            user.http.call("GET", "/api/user/info")
            user.http.call("GET", "/api/notifications")
        finally:
            pair.lock.release()


def pace(workload: Workload, stop: threading.Event, stats: Stats) -> None:
    """Offers RATE actions per second to the workers; an action still queued when the next second's are offered
    counts as behind schedule (the server, or this machine, could not keep up)."""
    work: queue.Queue = queue.Queue()

    def worker() -> None:
        while True:
            item = work.get()
            if item is None:
                return
            workload.run_one()

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(WORKERS)]
    for thread in threads:
        thread.start()
    interval = 1.0 / RATE
    next_at = time.monotonic()
    while not stop.is_set():
        backlog = work.qsize()
        if backlog > RATE:
            with stats.lock:
                stats.behind += 1
        else:
            work.put(1)
        next_at += interval
        time.sleep(max(0.0, next_at - time.monotonic()))
    for _ in threads:
        work.put(None)
    for thread in threads:
        thread.join(timeout=30)


def burst(server, ws_url: str, stats: Stats, count: int = BURST_SOCKETS, hold: float = BURST_HOLD_SECONDS,
          settle: float = BURST_SETTLE_SECONDS) -> dict:
    """Opens `count` guest sockets (a few source addresses, under the per-address cap), holds them, closes
    them; the RSS before, while open and after they closed."""
    pid = server.process.pid
    before = process_figures(pid)["rss_mb"]
    sockets = []
    for i in range(count):
        source = f"127.3.{i // 500}.{1 + i % 250}"
        try:
            ws, frame = open_socket(ws_url, server.url, timeout=10, source_ip=source)
        except (OSError, websocket.WebSocketException) as error:
            stats.failed(f"burst socket {i}: {error!r}")
            break
        if frame.get("event") != "pusher:connection_established":
            stats.failed(f"burst socket {i}: {frame}")
        sockets.append(ws)
    time.sleep(hold)
    peak = process_figures(pid)["rss_mb"]
    for ws in sockets:
        try:
            ws.close()
        except (OSError, websocket.WebSocketException):
            pass
    time.sleep(settle)
    after = process_figures(pid)["rss_mb"]
    return {"burst_before_mb": before, "burst_open_mb": peak, "burst_after_mb": after, "burst_sockets": len(sockets)}


# --- the run ------------------------------------------------------------------------------------------------------


def setup(server, stats: Stats, pairs_count: int = PAIRS) -> tuple[list[Pair], list[TimedClient], str]:
    """2 × pairs_count signed-in users (half in each language) in customer/performer pairs with a chat each, every
    user's socket subscribed to their private channel; guests in both languages; the socket URL."""
    clients: list[harness.ApiClient] = []
    people = []
    for lang in ("en", "ru"):
        users = harness.create_users(server, pairs_count, lang, True, clients)
        people += [mp.Person(c, info["id"], email, password, lang) for c, info, email, password in users]
    random.shuffle(people)
    settings = requests.get(server.url + "/api/broadcasting/config", headers={"X-Requested-With": "XMLHttpRequest"},
                            timeout=10).json()
    ws_url = f"ws://127.0.0.1:{settings['ws_port']}/app/{settings['key']}?protocol=7&client=soak&version=1.0"
    pairs = []
    for i in range(0, len(people), 2):
        customer, performer = User(people[i], stats), User(people[i + 1], stats)
        chat = customer.http.call("POST", "/api/chats", expect=(200, 201), json={"user_id": performer.id}).json()
        for user in (customer, performer):
            user.socket = PusherSocket.connect(ws_url, origin=server.url)
            user.socket.subscribe_private(user.person.client, f"private-user.{user.id}")
        pairs.append(Pair(customer, performer, chat["id"]))
    guests = [TimedClient(harness.ApiClient(server.url, lang), stats) for lang in ("en", "ru") * 4]
    return pairs, guests, ws_url


def start_listeners(pairs: list[Pair], stop: threading.Event, stats: Stats) -> None:
    for pair in pairs:
        for user in (pair.customer, pair.performer):
            threading.Thread(target=listen, args=(user, stop, stats), daemon=True).start()


def close(pairs: list[Pair], guests: list[TimedClient]) -> None:
    for pair in pairs:
        for user in (pair.customer, pair.performer):
            user.socket.close()
            user.person.client.close()
    for guest in guests:
        guest.client.close()


def check_delivery(workload: Workload, pairs: list[Pair]) -> list[str]:
    users = {u.id: u for pair in pairs for u in (pair.customer, pair.performer)}
    deadline = time.monotonic() + DELIVERY_SECONDS
    while True:
        problems = []
        for message_id, recipient in workload.sent.items():
            with users[recipient].received_lock:
                count = users[recipient].received[message_id]
            if count != 1:
                problems.append(f"message {message_id} reached user {recipient}'s socket {count} times")
        if not problems or time.monotonic() > deadline:
            return problems
        time.sleep(0.5)


def main() -> int:
    binary = pathlib.Path(os.environ.get("ARTEL_BIN", REPO_ROOT / "build" / "release" / "apps" / "artel" / "artel"))
    os.environ["ARTEL_BIN"] = str(binary)
    sink = harness.MailSink()
    controller = Controller(sink, hostname="127.0.0.1", port=harness.free_port())
    controller.start()
    stats = Stats()
    stop = threading.Event()
    minutes: list[dict] = []
    verdicts: list[str] = []
    try:
        with harness.run_artel((sink, controller.port)) as server:
            print(f"soak: {binary} at {server.url}, {MINUTES:g} min (warm-up {WARMUP_MINUTES:g}), {RATE:g} actions/s, "
                  f"{PAIRS * 2} users, bursts of {BURST_SOCKETS} sockets", flush=True)
            pairs, guests, ws_url = setup(server, stats)
            stats.take()  # the setup's requests are not the soak's
            start_listeners(pairs, stop, stats)
            workload = Workload(server, stats, pairs, guests)
            pacer = threading.Thread(target=pace, args=(workload, stop, stats), daemon=True)
            pacer.start()
            started = time.monotonic()
            header = ("min  actions  failed  behind  p50ms  p99ms  rss_mb  fds  sockets  db(conn/active)  "
                      "burst rss before/open/after")
            print(header, flush=True)
            for minute in range(1, int(MINUTES) + 1):
                figures = burst(server, ws_url, stats) if BURST_SOCKETS else {}
                time.sleep(max(0.0, started + minute * 60 - time.monotonic()))
                latencies, actions, failures, behind = stats.take()
                row = {"minute": minute, "actions": sum(actions.values()), "failed": len(failures),
                       "behind": behind, "p50_ms": percentile(latencies, 0.5) * 1000,
                       "p99_ms": percentile(latencies, 0.99) * 1000, **process_figures(server.process.pid),
                       **database_figures(server), **figures, "failures": failures[:5]}
                minutes.append(row)
                print(f"{minute:3d}  {row['actions']:7d}  {row['failed']:6d}  {behind:6d}  {row['p50_ms']:5.1f}  "
                      f"{row['p99_ms']:5.0f}  {row['rss_mb']:6.1f}  {row['fds']:3d}  {row['sockets']:7d}  "
                      f"{row['db_connections']:7d}/{row['db_active']:<7d}  "
                      + (f"{figures['burst_before_mb']:.1f}/{figures['burst_open_mb']:.1f}/"
                         f"{figures['burst_after_mb']:.1f}" if figures else "-"), flush=True)
                for failure in failures[:5]:
                    print(f"     failed: {failure}", flush=True)
            stop.set()
            pacer.join(timeout=60)
            verdicts += check_delivery(workload, pairs)[:20]
            verdicts += judge(minutes)
            verdicts += [f"failed: {f}" for f in stats.all_failures[:20]]
            close(pairs, guests)
            print(f"soak: {len(workload.sent)} messages sent and received once each"
                  if not any("reached" in v for v in verdicts) else "soak: messages went missing or doubled")
    finally:
        stop.set()
        controller.stop()
    write_results(minutes, verdicts)
    if verdicts:
        print("soak FAILED:\n  " + "\n  ".join(verdicts))
        return 1
    print("soak passed")
    return 0


def judge(minutes: list[dict]) -> list[str]:
    verdicts = []
    warm = [m for m in minutes if m["minute"] >= WARMUP_MINUTES]
    if len(warm) < 2:
        return verdicts
    base, later = warm[0], warm[1:]
    rss_peak = max(m["rss_mb"] for m in later)
    if rss_peak - base["rss_mb"] > RSS_GROWTH_MB:
        verdicts.append(f"RSS grew from {base['rss_mb']:.1f} MB (minute {base['minute']}) to {rss_peak:.1f} MB, "
                        f"more than {RSS_GROWTH_MB:g} MB")
    fd_peak = max(m["fds"] for m in later)
    if fd_peak - base["fds"] > FD_GROWTH:
        verdicts.append(f"descriptors grew from {base['fds']} (minute {base['minute']}) to {fd_peak}, "
                        f"more than {FD_GROWTH}")
    for m in warm:
        if "burst_after_mb" in m and m["burst_after_mb"] - m["burst_before_mb"] > BURST_RETAIN_MB:
            verdicts.append(f"minute {m['minute']}: {m['burst_sockets']} sockets closed and the RSS stayed at "
                            f"{m['burst_after_mb']:.1f} MB, {m['burst_after_mb'] - m['burst_before_mb']:.1f} MB above "
                            f"{m['burst_before_mb']:.1f} MB before they opened (more than {BURST_RETAIN_MB:g} MB)")
    return verdicts


def write_results(minutes: list[dict], verdicts: list[str]) -> None:
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    (RESULTS_DIR / "results.json").write_text(json.dumps({"minutes": minutes, "verdicts": verdicts}, indent=1))
    lines = [f"Soak: {MINUTES:g} min, warm-up {WARMUP_MINUTES:g}, {RATE:g} actions/s, {PAIRS * 2} users, bursts of "
             f"{BURST_SOCKETS} sockets ({time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())})", "",
             "| min | actions | failed | behind | p50 ms | p99 ms | RSS MB | fds | sockets | db conn/active | "
             "burst RSS before/open/after MB |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for m in minutes:
        burst_text = (f"{m['burst_before_mb']:.1f}/{m['burst_open_mb']:.1f}/{m['burst_after_mb']:.1f}"
                      if "burst_after_mb" in m else "-")
        lines.append(f"| {m['minute']} | {m['actions']} | {m['failed']} | {m['behind']} | {m['p50_ms']:.1f} | "
                     f"{m['p99_ms']:.0f} | {m['rss_mb']:.1f} | {m['fds']} | {m['sockets']} | "
                     f"{m['db_connections']}/{m['db_active']} | {burst_text} |")
    lines += ["", "Verdict: " + ("passed" if not verdicts else "FAILED: " + "; ".join(verdicts))]
    (RESULTS_DIR / "results.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
