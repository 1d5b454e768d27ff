"""Two `artel` instances on one database behind Debian's nginx (issue 10, "Two instances").

Instance A runs the embedded PostgreSQL; instance B is started with `database.url` pointing at A's cluster, as
a second machine would be with an external database. Both share `security.secret` and `realtime.secret` (the
deployment rule: XSRF tokens and channel signatures made by one instance must check on the other) and the upload
directory. nginx (a child process of the test, its own prefix and config in a temp dir) has one upstream for HTTP
and one for WebSocket (the realtime port, with Upgrade/Connection and a read timeout above the activity timeout),
passes X-Forwarded-For, and both instances run with server.trust_forwarded_for. Three server blocks: `both`
balances over the two instances (the production shape), `a` and `b` pin a client to one instance, so a test can
send through A and listen through B: the message crosses instances only by PostgreSQL LISTEN/NOTIFY.
"""

from __future__ import annotations

import contextlib
import json
import pathlib
import secrets
import shutil
import subprocess
import tempfile
import time
import uuid

import pytest
import requests

from conftest import ApiClient, ArtelServer, create_users, free_port, next_source_ip, run_artel
from pusher_ws import PusherSocket, open_socket, ws_url

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# Above realtime's activity timeout (Pusher's 120 s): nginx must not cut an idle socket the server keeps.
PROXY_READ_TIMEOUT_SECONDS = 150
AUTH_ATTEMPTS_PER_IP = 6
SOCKETS_PER_IP = 2


def nginx_config(prefix: pathlib.Path, blocks: dict[int, tuple[list[int], list[int]]]) -> str:
    """nginx.conf for `blocks`: listen port -> (HTTP upstream ports, WebSocket upstream ports)."""
    upstreams, servers = [], []
    for port, (http_ports, ws_ports) in blocks.items():
        upstreams.append(f"upstream http_{port} {{\n" + "".join(f"  server 127.0.0.1:{p};\n" for p in http_ports)
                         + "  keepalive 16;\n}\n")
        upstreams.append(f"upstream ws_{port} {{\n" + "".join(f"  server 127.0.0.1:{p};\n" for p in ws_ports)
                         + "}\n")
        servers.append(f"""
server {{
  listen 127.0.0.1:{port};
  location /app/ {{
    proxy_pass http://ws_{port};
    proxy_http_version 1.1;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_read_timeout {PROXY_READ_TIMEOUT_SECONDS}s;
    proxy_send_timeout {PROXY_READ_TIMEOUT_SECONDS}s;
  }}
  location / {{
    proxy_pass http://http_{port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    client_max_body_size 20m;
  }}
}}
""")
    temp = "".join(f"  {kind}_temp_path {prefix}/{kind};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log {prefix}/access.log;
{temp}
  map $http_upgrade $connection_upgrade {{
    default upgrade;
    ''      close;
  }}
{''.join(upstreams)}{''.join(servers)}
}}
"""


@contextlib.contextmanager
def run_nginx(blocks: dict[int, tuple[list[int], list[int]]]):
    prefix = pathlib.Path(tempfile.mkdtemp(prefix="artel-nginx-"))
    prefix.chmod(0o755)
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_config(prefix, blocks))
    command = [NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(conf)]
    check = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
    if check.returncode != 0:
        pytest.fail(f"nginx -t: {check.stderr}", pytrace=False)
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        for port in blocks:
            while True:
                try:
                    requests.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
                    break
                except requests.RequestException:
                    if process.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"nginx did not listen on {port}: "
                                    f"{(prefix / 'error.log').read_text(errors='replace')}", pytrace=False)
                    time.sleep(0.05)
        yield prefix
    finally:
        process.terminate()  # SIGTERM: nginx's fast shutdown
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        shutil.rmtree(prefix, ignore_errors=True)


@contextlib.contextmanager
def run_second_instance(first: ArtelServer, extra_env: dict[str, str]):
    """Another `artel serve` on `first`'s database (database.url to its embedded cluster's Unix socket)."""
    lines = (first.pgdata / "postmaster.pid").read_text().splitlines()
    port, socket_dir = lines[3].strip(), lines[4].strip() or str(first.pgdata)
    work_dir = pathlib.Path(tempfile.mkdtemp(prefix="artel-functional-b-"))
    work_dir.chmod(0o755)
    env = {**extra_env,
           "ARTEL_DATABASE_URL": f"host={socket_dir} port={port} user=postgres dbname=artel",
           "ARTEL_STORAGE_DIR": first.env["ARTEL_STORAGE_DIR"]}
    server = ArtelServer(first.binary, work_dir, first.mail, 0, env)
    server.env["ARTEL_MAIL_SMTP_URL"] = first.env["ARTEL_MAIL_SMTP_URL"]
    try:
        server.start()
        yield server
    finally:
        try:
            server.stop()
        finally:
            shutil.rmtree(work_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster(mail_sink):
    both, pinned_a, pinned_b = free_port(), free_port(), free_port()
    ws_a, ws_b = free_port(), free_port()
    public_url = f"http://127.0.0.1:{both}"
    shared = {
        "ARTEL_SECURITY_SECRET": secrets.token_hex(32),
        "ARTEL_REALTIME_SECRET": secrets.token_hex(32),
        "ARTEL_SERVER_PUBLIC_URL": public_url,
        "ARTEL_SERVER_TRUST_FORWARDED_FOR": "true",
        "ARTEL_SECURITY_AUTH_ATTEMPTS_PER_IP": str(AUTH_ATTEMPTS_PER_IP),
        "ARTEL_REALTIME_LIMITS_MAX_SOCKETS_PER_IP": str(SOCKETS_PER_IP),
    }
    with run_artel(mail_sink, {**shared, "ARTEL_REALTIME_PORT": str(ws_a)}) as a, \
            run_second_instance(a, {**shared, "ARTEL_REALTIME_PORT": str(ws_b)}) as b, \
            run_nginx({both: ([a.port, b.port], [ws_a, ws_b]),
                       pinned_a: ([a.port], [ws_a]),
                       pinned_b: ([b.port], [ws_b])}):
        yield {"a": a, "b": b, "public_url": public_url,
               "via_both": public_url, "via_a": f"http://127.0.0.1:{pinned_a}",
               "via_b": f"http://127.0.0.1:{pinned_b}"}


class _Via:
    """create_users wants an `artel`-like object: the mail and SQL of instance A, the URL of an nginx block."""

    def __init__(self, server: ArtelServer, url: str) -> None:
        self._server = server
        self.url = url

    def __getattr__(self, name):
        return getattr(self._server, name)


def test_a_message_sent_through_one_instance_reaches_a_socket_held_by_the_other(cluster):
    clients: list[ApiClient] = []
    try:
        (sender, sender_info, _, _), = create_users(_Via(cluster["a"], cluster["via_a"]), 1, clients=clients)
        (recipient, recipient_info, _, _), = create_users(_Via(cluster["a"], cluster["via_b"]), 1, "ru",
                                                          clients=clients)
        channel = f"private-user.{recipient_info['id']}"
        socket = PusherSocket.connect(ws_url(cluster["via_b"]), origin=cluster["public_url"])
        try:
            socket.subscribe_private(recipient, channel)

            chat = sender.post("/api/chats", json={"user_id": recipient_info["id"]})
            assert chat.status_code == 201, f"POST /api/chats: {chat.status_code} {chat.text}"
            chat_id = chat.json()["id"]
            text = f"across instances {uuid.uuid4().hex[:8]}"
            sent = sender.post(f"/api/chats/{chat_id}/messages",
                               json={"client_id": str(uuid.uuid4()), "text": text, "attachment_ids": []})
            assert sent.status_code == 201, f"send: {sent.status_code} {sent.text}"
            message_id = sent.json()["id"]

            frame = socket.wait_for("chat.newMsg", timeout=10, channel=channel)
            message = frame["data"]["message"]
            assert message["id"] == message_id
            assert message["chat_id"] == chat_id
            assert message["user"]["id"] == sender_info["id"]
            assert message["details"]["text"] == text
        finally:
            socket.close()
        # The pinning held: the send went through A and the socket through B (each log names its requests).
        assert f"/api/chats/{chat_id}/messages" in cluster["a"].log_text()
        assert f"/api/chats/{chat_id}/messages" not in cluster["b"].log_text()
    finally:
        for client in clients:
            client.close()


def test_a_logout_on_one_instance_closes_the_sessions_socket_on_the_other(cluster):
    """Issue 22 across instances: the socket is held by B, the session ends through A (logout). B's own session
    check (every realtime.limits.session_check_interval) finds it ended in the shared database and closes the
    socket with 4009; a socket of another session of the same user, also on B, stays."""
    clients: list[ApiClient] = []
    sockets: list[PusherSocket] = []
    try:
        (user, info, email, password), = create_users(_Via(cluster["a"], cluster["via_a"]), 1, clients=clients)
        other = ApiClient(cluster["via_a"])
        clients.append(other)
        assert other.post("/api/user/login", json={"email": email, "password": password}).status_code == 200
        channel = f"private-user.{info['id']}"
        url = ws_url(cluster["via_b"])
        ending = PusherSocket.connect(url, origin=cluster["public_url"])
        staying = PusherSocket.connect(url, origin=cluster["public_url"])
        sockets += [ending, staying]
        ending.subscribe_private(user, channel)
        staying.subscribe_private(other, channel)

        logout = user.post("/api/user/logout")
        assert logout.status_code == 200, f"logout: {logout.status_code} {logout.text}"
        code, frames = ending.wait_closed(timeout=10)
        assert code == 4009, f"closed with {code}; frames {frames}"
        assert frames[-1]["event"] == "pusher:error" and frames[-1]["data"]["code"] == 4009, frames
        assert "/api/user/logout" in cluster["a"].log_text()
        assert "sessions ended; closed 1 sockets" in cluster["b"].log_text()

        # The other session's socket still gets the user's events (published as realtime::Publisher does).
        envelope = json.dumps({"c": channel, "e": "test.still_here", "d": json.dumps({"ok": True})})
        cluster["a"].sql(f"SELECT pg_notify('artel_realtime', '{envelope}')")
        assert staying.wait_for("test.still_here", timeout=10, channel=channel)["data"] == {"ok": True}
    finally:
        for socket in sockets:
            socket.close()
        for client in clients:
            client.close()


def test_the_balanced_block_serves_one_session_from_either_instance(cluster):
    """A session and its XSRF token made by one instance are good on the other (shared database and secret):
    through the balancing block, consecutive requests of one client land on both and all succeed."""
    (client, info, _, _), = create_users(_Via(cluster["a"], cluster["via_both"]), 1)
    try:
        for _ in range(6):
            me = client.get("/api/user/info")
            assert me.status_code == 200 and me.json().get("id") == info["id"], me.text
            changed = client.post("/api/user/set-lang", json={"lang": "en"})
            assert changed.status_code in (200, 204), f"{changed.status_code} {changed.text}"
        logs = [cluster[name].log_text() for name in ("a", "b")]
        assert all("/api/user/info" in log for log in logs), "nginx did not spread requests over both instances"
    finally:
        client.close()


def test_forwarded_for_limits_each_client_not_the_proxy(cluster):
    """Behind nginx every request comes from 127.0.0.1; with trust_forwarded_for the per-IP sign-in limit counts
    the address nginx appends to X-Forwarded-For, so one client's failures do not lock out another, and a client
    cannot choose its address by sending its own X-Forwarded-For (the last entry, nginx's, is the one used)."""
    greedy = ApiClient(cluster["via_a"])
    other = ApiClient(cluster["via_a"])
    try:
        statuses = []
        for attempt in range(AUTH_ATTEMPTS_PER_IP + 2):
            # A forged X-Forwarded-For of the client's own: nginx appends the real address after it.
            response = greedy.post("/api/user/login",
                                   json={"email": f"nobody-{attempt}-{uuid.uuid4().hex[:6]}@test.local",
                                         "password": "Wrong#Password1"},
                                   headers={"X-Forwarded-For": f"10.9.{attempt}.1"})
            statuses.append(response.status_code)
        assert statuses[-1] == 429, f"the greedy client was never limited: {statuses}"
        fresh = other.post("/api/user/login", json={"email": f"nobody-{uuid.uuid4().hex[:6]}@test.local",
                                                    "password": "Wrong#Password1"})
        assert fresh.status_code != 429, "another client behind the same proxy was limited with the greedy one"
    finally:
        greedy.close()
        other.close()


def test_both_instances_share_one_failed_sign_in_count(cluster):
    """The sign-in limits live in PostgreSQL (platform.rate_limits), not in each instance's memory: failures of one
    client address through instance A and through instance B add up, so a balancer does not multiply the limit by
    the number of instances (issue 14, finding 4)."""
    address = next_source_ip()
    via_a = ApiClient(cluster["via_a"], source_ip=address)
    via_b = ApiClient(cluster["via_b"], source_ip=address)
    try:
        statuses = []
        for attempt in range(AUTH_ATTEMPTS_PER_IP):
            client = via_a if attempt % 2 == 0 else via_b
            response = client.post("/api/user/login", json={"email": f"shared-{attempt}-{uuid.uuid4().hex[:6]}@test.local",
                                                             "password": "Wrong#Password1"})
            statuses.append(response.status_code)
        assert statuses == [422] * AUTH_ATTEMPTS_PER_IP, statuses
        for client in (via_a, via_b):
            response = client.post("/api/user/login", json={"email": f"shared-{uuid.uuid4().hex[:6]}@test.local",
                                                             "password": "Wrong#Password1"})
            assert response.status_code == 429, f"{response.status_code} {response.text}"
        assert "login" in cluster["a"].log_text() and "login" in cluster["b"].log_text()
    finally:
        via_a.close()
        via_b.close()


def test_sockets_through_the_proxy_count_per_client_address(cluster):
    """Every socket reaches the instance from nginx's address; with trust_forwarded_for the per-IP socket limit
    counts the client's (X-Forwarded-For), so clients behind the proxy do not share one allowance, and one client
    still gets only its own."""
    url = ws_url(cluster["via_b"])
    held = []
    try:
        for _ in range(SOCKETS_PER_IP + 1):
            held.append(PusherSocket.connect(url, origin=cluster["public_url"], source_ip=next_source_ip()))
        crowded = next_source_ip()
        for _ in range(SOCKETS_PER_IP):
            held.append(PusherSocket.connect(url, origin=cluster["public_url"], source_ip=crowded))
        ws, frame = open_socket(url, cluster["public_url"], source_ip=crowded)
        ws.close()
        assert frame.get("event") == "pusher:error", frame
        assert frame["data"]["code"] == 4100, frame
    finally:
        for pusher in held:
            pusher.close()
