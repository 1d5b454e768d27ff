"""Functional-test harness: the real `artel` binary on a throwaway embedded PostgreSQL, an in-process SMTP sink,
and HTTP clients that behave like the SPA (X-Requested-With, Accept-Language, XSRF double submit).

Fixtures (CONTRACT.md, "Functional-test harness"):
  artel         the running server (.url, .wait_for_mail, .extract_link, .restart_database, .sql, .log_text,
                .admin_email, .admin_password): one for the session; a module marked
                `pytestmark = pytest.mark.fast_jobs` gets the session's second server, whose periodic jobs
                (expiry of job offers, the upload sweep) run every second
  new_client    factory: new_client(lang="en") -> ApiClient
  make_user     factory: make_user(lang="en", verified=True) -> (client, info, email, password)
  admin_client  a client signed in as the admin created before the server started

Helpers for marketplace tests: artel.sql(statement) runs SQL in the server's database (psql over the embedded
cluster's Unix socket) and returns the rows; create_users(artel, count) registers, verifies and signs in several
users at once (their verification mails are awaited together: the mail round trip is most of a user's cost);
run_artel(mail_sink, extra_env) starts another server for a test that needs different settings;
login(client, email, password) and api_login(base_url, email, password) sign in as the SPA and as an API client.
Response checks (the error shape, the OpenAPI contract) are in checks.py.

artel.wait_for_mail(to) returns the newest mail to `to` that no earlier call returned (waiting for it), so
"register, read the mail, ask for a reset, read the next mail" needs no bookkeeping; artel.mails_to(to) lists
every mail received for an address.

Each ApiClient connects from its own loopback address (127.1.x.y; the whole 127.0.0.0/8 is local), so the
per-IP rate limits on login/register count per client and tests do not throttle each other. Pass
source_ip="127.0.0.1" (or the same address twice) to share one.
"""

from __future__ import annotations

import email
import email.policy
import html
import itertools
import os
import pathlib
import pwd
import re
import shlex
import shutil
import signal
import socket
import struct
import subprocess
import contextlib
import tempfile
import threading
import time
import urllib.parse
import uuid
import zlib
from email.message import EmailMessage

import pytest
import requests
from aiosmtpd.controller import Controller
from requests.adapters import HTTPAdapter

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_BIN = REPO_ROOT / "build" / "dev" / "apps" / "artel" / "artel"
PG_BIN_DIR = pathlib.Path("/usr/lib/postgresql/15/bin")

ADMIN_EMAIL = "admin@test.local"
ADMIN_PASSWORD = "Admin#12345"
# server.request_timeout for the harness: short, so the slow-client test stays quick.
REQUEST_TIMEOUT_SECONDS = 5
# The sandbox payment gateway's webhook key on every test server (ARTEL_WALLET_SANDBOX_SECRET).
SANDBOX_SECRET = "functional-test-sandbox-secret"
READY_TIMEOUT_SECONDS = 60
SHUTDOWN_TIMEOUT_SECONDS = 20
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def excerpt(text: str, limit: int = 6000) -> str:
    """Head and tail of a long output: a crash report starts with its cause and ends with its summary."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}\n[... {len(text) - limit} characters left out ...]\n{text[-half:]}"


class MailSink:
    """aiosmtpd handler that keeps every message; safe to read from the test thread while the SMTP thread
    appends."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._messages: list[tuple[list[str], EmailMessage]] = []
        self._returned: set[int] = set()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        message = email.message_from_bytes(envelope.original_content or envelope.content,
                                           policy=email.policy.default)
        recipients = [address.lower() for address in envelope.rcpt_tos]
        with self._changed:
            self._messages.append((recipients, message))
            self._changed.notify_all()
        return "250 Message accepted for delivery"

    def _indexes_to(self, to: str) -> list[int]:
        to = to.lower()
        return [i for i, (recipients, _) in enumerate(self._messages) if to in recipients]

    def all_to(self, to: str) -> list[EmailMessage]:
        with self._changed:
            return [self._messages[i][1] for i in self._indexes_to(to)]

    def wait_for(self, to: str, timeout: float, fresh: bool) -> EmailMessage:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                candidates = [i for i in self._indexes_to(to) if not fresh or i not in self._returned]
                if candidates:
                    newest = candidates[-1]
                    self._returned.update(candidates)
                    return self._messages[newest][1]
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    received = [(r, m.get("Subject")) for r, m in self._messages]
                    raise AssertionError(f"no {'new ' if fresh else ''}mail to {to} within {timeout}s; "
                                         f"received so far: {received}")
                self._changed.wait(remaining)


class SourceAddressAdapter(HTTPAdapter):
    """Connects from a chosen local address (a distinct client IP as the server sees it)."""

    def __init__(self, source_ip: str, **kwargs) -> None:
        self._source_ip = source_ip
        super().__init__(**kwargs)

    def init_poolmanager(self, connections, maxsize, block=False, **pool_kwargs):
        pool_kwargs["source_address"] = (self._source_ip, 0)
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)


_source_ips = (f"127.1.{i // 250}.{i % 250 + 1}" for i in itertools.count())
_source_ips_lock = threading.Lock()


def next_source_ip() -> str:
    with _source_ips_lock:
        return next(_source_ips)


class ApiClient:
    """A requests.Session that talks like the SPA: X-Requested-With and Accept-Language on every request,
    and the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN on unsafe methods (fetching GET /api/user/info first when
    there is no cookie yet). Pass xsrf=False to a call to leave the header out. `.raw` is the underlying
    session for hand-crafted bad requests."""

    def __init__(self, base_url: str, lang: str = "en", source_ip: str | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.lang = lang
        self.source_ip = source_ip or next_source_ip()
        self.raw = requests.Session()
        self.raw.trust_env = False  # never send loopback traffic to a proxy from the environment
        self.raw.headers.update({"X-Requested-With": "XMLHttpRequest", "Accept-Language": lang})
        adapter = SourceAddressAdapter(self.source_ip)
        self.raw.mount("http://", adapter)
        self.raw.mount("https://", adapter)

    def url(self, path: str) -> str:
        return path if path.startswith(("http://", "https://")) else self.base_url + path

    def cookie(self, name: str) -> str | None:
        value = None
        for cookie in self.raw.cookies:
            if cookie.name == name:
                value = cookie.value
        return value

    def xsrf_token(self) -> str | None:
        value = self.cookie("XSRF-TOKEN")
        # Like axios: the cookie value is URI-decoded before it is echoed.
        return urllib.parse.unquote(value) if value is not None else None

    def request(self, method: str, path: str, *, xsrf: bool = True, **kwargs) -> requests.Response:
        method = method.upper()
        headers = dict(kwargs.pop("headers", None) or {})
        has_header = any(name.lower() == "x-xsrf-token" for name in headers)
        if xsrf and method in UNSAFE_METHODS and not has_header:
            token = self.xsrf_token()
            if token is None:
                self.raw.get(self.url("/api/user/info"), timeout=30)
                token = self.xsrf_token()
            if token is not None:
                headers["X-XSRF-TOKEN"] = token
        kwargs.setdefault("timeout", 30)
        return self.raw.request(method, self.url(path), headers=headers, **kwargs)

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def put(self, path: str, **kwargs) -> requests.Response:
        return self.request("PUT", path, **kwargs)

    def patch(self, path: str, **kwargs) -> requests.Response:
        return self.request("PATCH", path, **kwargs)

    def delete(self, path: str, **kwargs) -> requests.Response:
        return self.request("DELETE", path, **kwargs)

    def close(self) -> None:
        self.raw.close()


class ArtelServer:
    """The `artel serve` process under test and its surroundings."""

    def __init__(self, binary: pathlib.Path, work_dir: pathlib.Path, mail: MailSink, smtp_port: int,
                 extra_env: dict[str, str] | None = None) -> None:
        self.binary = binary
        self.work_dir = work_dir
        self.data_dir = work_dir / "var"
        self.pgdata = self.data_dir / "pgdata"
        self.log_path = work_dir / "artel.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.admin_email = ADMIN_EMAIL
        self.admin_password = ADMIN_PASSWORD
        self.mail = mail
        self.process: subprocess.Popen | None = None
        self.env = self._environment(smtp_port)
        self.env.update(extra_env or {})

    def _environment(self, smtp_port: int) -> dict[str, str]:
        # A developer's own ARTEL_* settings (e.g. ARTEL_DATABASE_URL) must not leak into the test server.
        env = {k: v for k, v in os.environ.items() if not k.startswith("ARTEL_")}
        env.update({
            "ARTEL_DATA_DIR": str(self.data_dir),
            "ARTEL_DATABASE_EMBEDDED_DIR": str(self.pgdata),
            "ARTEL_SERVER_HOST": "127.0.0.1",
            "ARTEL_SERVER_PORT": str(self.port),
            "ARTEL_SERVER_PUBLIC_URL": self.url,
            "ARTEL_SERVER_THREADS": "2",
            "ARTEL_SERVER_REQUEST_TIMEOUT": str(REQUEST_TIMEOUT_SECONDS),
            "ARTEL_SERVER_STATIC_DIR": str(REPO_ROOT / "frontend" / "dist"),
            "ARTEL_MAIL_SMTP_URL": f"smtp://127.0.0.1:{smtp_port}",
            "ARTEL_MAIL_OUTBOX_DIR": str(self.data_dir / "mail"),
            "ARTEL_STORAGE_DIR": str(self.data_dir / "uploads"),
            "ARTEL_I18N_DIR": str(REPO_ROOT / "i18n"),
            "ARTEL_SECURITY_ARGON2_MEMORY_KIB": "8192",
            "ARTEL_LOG_LEVEL": "info",
            # Every test server gets a free port for its socket listener (GET /api/broadcasting/config says which).
            "ARTEL_REALTIME_PORT": "0",
            # The sandbox gateway's webhook key, so test_wallet.py can sign (and forge) the acquirer's events.
            "ARTEL_WALLET_SANDBOX_SECRET": SANDBOX_SECRET,
            # A module's one customer posts a hundred orders in a minute: the contract's per-user rate limits
            # (x-rate-limit) are lifted here; test_rate_limits.py runs its own server with them on.
            "ARTEL_RATE_LIMITS_ENFORCE": "false",
        })
        return env

    # --- lifecycle -------------------------------------------------------------------------------------

    def create_admin(self) -> None:
        command = [str(self.binary), "create-admin", "--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD,
                   "--name", "Admin"]
        result = subprocess.run(command, cwd=REPO_ROOT, env=self.env, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=180)
        if result.returncode != 0:
            pytest.fail(f"`{shlex.join(command)}` exited {result.returncode}\n"
                        f"stdout:\n{excerpt(result.stdout)}\nstderr:\n{excerpt(result.stderr)}", pytrace=False)

    def start(self) -> None:
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen([str(self.binary), "serve"], cwd=REPO_ROOT, env=self.env,
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        self.wait_ready(READY_TIMEOUT_SECONDS)

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                pytest.fail(f"artel exited with {self.process.returncode} before it was ready\n"
                            f"{self.log_tail()}", pytrace=False)
            try:
                response = requests.get(self.url + "/readyz", timeout=2)
                if response.status_code == 200:
                    return
                last = f"{response.status_code} {response.text[:200]}"
            except requests.RequestException as e:
                last = repr(e)
            time.sleep(0.1)
        pytest.fail(f"GET /readyz not 200 within {timeout}s (last: {last})\n{self.log_tail()}", pytrace=False)

    def stop(self) -> None:
        """SIGTERM and a clean exit (status 0) within the shutdown bound; anything left is killed."""
        process = self.process
        if process is None:
            return
        problems = []
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=SHUTDOWN_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                problems.append(f"artel did not exit within {SHUTDOWN_TIMEOUT_SECONDS}s of SIGTERM")
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        elif process.returncode != 0:
            problems.append(f"artel exited with status {process.returncode} after SIGTERM")
        if self._postmaster_alive():
            # artel owns its cluster, and stops it on exit even after its watchdog started it again.
            problems.append("the embedded PostgreSQL was still running after artel exited")
            self._pg_ctl("stop", "-m", "immediate", "-w")
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process = None
        if problems:
            pytest.fail("; ".join(problems) + "\n" + self.log_tail(), pytrace=False)

    # --- helpers the tests use -------------------------------------------------------------------------

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 60) -> str:
        """The end of the server log, preceded by the start of a sanitizer report when there is one (its
        headline and first frames say what went wrong; the end only lists shadow bytes)."""
        all_lines = self.log_text().splitlines()
        excerpt = ""
        for i, line in enumerate(all_lines):
            if "ERROR: AddressSanitizer" in line or "ERROR: LeakSanitizer" in line or "runtime error:" in line:
                excerpt = f"--- sanitizer report in {self.log_path} ---\n" + "\n".join(all_lines[i:i + 40]) + "\n"
                break
        tail = all_lines[-lines:]
        return excerpt + f"--- last {len(tail)} lines of {self.log_path} ---\n" + "\n".join(tail)

    def wait_for_mail(self, to: str, timeout: float = 10, *, fresh: bool = True) -> EmailMessage:
        """The newest mail to `to`. With fresh (the default) only mails not returned by an earlier call count,
        so a second call waits for the next mail instead of returning the previous one again."""
        return self.mail.wait_for(to, timeout, fresh)

    def mails_to(self, to: str) -> list[EmailMessage]:
        """Every mail received for `to` so far, oldest first (for "no mail was sent" checks)."""
        return self.mail.all_to(to)

    def extract_link(self, message: EmailMessage) -> str:
        """The first link into Artel (starting with server.public_url) in the mail's text, else the first link."""
        texts = []
        for part in message.walk():
            if part.get_content_maintype() == "text":
                texts.append(part.get_content())
        links = [html.unescape(link).rstrip(".,;:!?)'\"")
                 for link in re.findall(r"https?://[^\s<>\"']+", "\n".join(texts))]
        if not links:
            raise AssertionError(f"no link in mail {message.get('Subject')!r}:\n{texts}")
        ours = [link for link in links if link.startswith(self.url + "/")]
        return (ours or links)[0]

    def restart_database(self) -> None:
        """Stops the embedded PostgreSQL (fast shutdown) behind artel's back and waits until /readyz answers 200
        again: artel owns its cluster and its watchdog starts a server that went away (issue 14, finding 5).

        Not `pg_ctl stop -w`: that waits for postmaster.pid to go, and the watchdog may start the new server (a new
        postmaster.pid) before pg_ctl looks again, so it would wait out its 60 s and report "server does not shut
        down" (seen once on a loaded machine). This waits for the old postmaster to exit instead."""
        old = self.postmaster_pid()
        self._pg_ctl("stop", "-m", "fast", "--no-wait")
        deadline = time.monotonic() + READY_TIMEOUT_SECONDS
        while True:
            try:
                # Gone, or a zombie nobody has reaped yet (its parent may be an init that does not reap).
                if pathlib.Path(f"/proc/{old}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                    break
            except (FileNotFoundError, ProcessLookupError, IndexError):
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"the postmaster {old} did not stop within {READY_TIMEOUT_SECONDS} s")
            time.sleep(0.05)
        self.wait_ready(READY_TIMEOUT_SECONDS)

    def postmaster_pid(self) -> int:
        return int((self.pgdata / "postmaster.pid").read_text().splitlines()[0])

    def sql(self, statement: str) -> list[tuple[str, ...]]:
        """Runs SQL in the server's database through the embedded cluster's Unix socket (psql, autocommit) and
        returns the rows as tuples of text (NULL as ""). For test set-up that the API cannot do, such as moving a
        deadline or an expiry into the past."""
        lines = (self.pgdata / "postmaster.pid").read_text().splitlines()
        port, socket_dir = lines[3].strip(), lines[4].strip() or str(self.pgdata)
        command = [str(PG_BIN_DIR / "psql"), "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                   "-h", socket_dir, "-p", port, "-U", "postgres", "-d", "artel", "-c", statement]
        result = subprocess.run(command, cwd="/", stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=60)
        if result.returncode != 0:
            raise AssertionError(f"psql exited {result.returncode} on {statement!r}: {result.stderr}")
        return [tuple(line.split("\t")) for line in result.stdout.splitlines() if line]

    # --- PostgreSQL plumbing -----------------------------------------------------------------------------

    def _postmaster_alive(self) -> bool:
        try:
            pid = int((self.pgdata / "postmaster.pid").read_text().splitlines()[0])
        except (FileNotFoundError, IndexError, ValueError):
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True

    def _pg_ctl(self, *args: str) -> None:
        command = [str(PG_BIN_DIR / "pg_ctl"), "-D", str(self.pgdata), *args]
        owner = self.pgdata.stat().st_uid
        if os.geteuid() == 0 and owner != 0:
            # PostgreSQL refuses to run as root: act as the cluster's owner (the `postgres` user).
            command = ["runuser", "-u", pwd.getpwuid(owner).pw_name, "--", *command]
        # cwd "/": the postgres user may not be allowed into the checkout.
        result = subprocess.run(command, cwd="/", stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=90)
        if result.returncode != 0:
            raise AssertionError(f"`{shlex.join(command)}` exited {result.returncode}: "
                                 f"{result.stdout}{result.stderr}")


@pytest.fixture(scope="session")
def mail_sink():
    sink = MailSink()
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield sink, controller.port
    finally:
        controller.stop()


@contextlib.contextmanager
def run_artel(mail_sink, extra_env: dict[str, str] | None = None, without: tuple[str, ...] = ()):
    """A running `artel serve` on a throwaway data directory; stopped (and its directory removed) on exit.
    `without`: harness settings to leave unset (e.g. ARTEL_DATABASE_EMBEDDED_DIR, to test its default)."""
    binary = pathlib.Path(os.environ.get("ARTEL_BIN", DEFAULT_BIN))
    if not binary.is_absolute():
        binary = REPO_ROOT / binary
    if not os.access(binary, os.X_OK):
        pytest.fail(f"artel binary not found at {binary}: build it (`make build-dev`) or set ARTEL_BIN",
                    pytrace=False)
    # Not under pytest's tmp dir: that one is mode 0700 below root's home, and PostgreSQL runs as `postgres`,
    # which must be able to reach its data directory.
    work_dir = pathlib.Path(tempfile.mkdtemp(prefix="artel-functional-"))
    work_dir.chmod(0o755)
    sink, smtp_port = mail_sink
    server = ArtelServer(binary, work_dir, sink, smtp_port, extra_env)
    for name in without:
        server.env.pop(name, None)
    try:
        server.create_admin()
        server.start()
        yield server
    finally:
        try:
            server.stop()
        finally:
            if os.environ.get("ARTEL_KEEP_TEST_DATA"):
                print(f"\nfunctional test data kept in {work_dir}")
            else:
                shutil.rmtree(work_dir, ignore_errors=True)


# Server settings of the `fast_jobs` marker: the periodic jobs (jobs.interval) every second instead of every minute,
# so a test that moves a time into the past (SQL) sees the job act within a poll; the same for the digests and
# the real-time heartbeat (and its sweep of dead instances' presence); and the home page's front read on every
# request instead of kept for half a minute.
FAST_JOBS_ENV = {"ARTEL_JOBS_INTERVAL": "1", "ARTEL_NOTIFICATIONS_DIGEST_INTERVAL": "1",
                 "ARTEL_REALTIME_HEARTBEAT_INTERVAL": "1", "ARTEL_HOME_TTL": "0"}


@pytest.fixture(scope="session")
def default_server(mail_sink):
    with run_artel(mail_sink) as server:
        yield server


@pytest.fixture(scope="session")
def fast_jobs_server(mail_sink):
    with run_artel(mail_sink, FAST_JOBS_ENV) as server:
        yield server


@pytest.fixture(scope="module")
def artel(request):
    """The module's server: the shared one, or the shared fast-jobs one for a module marked `fast_jobs`."""
    fast = request.node.get_closest_marker("fast_jobs") is not None
    return request.getfixturevalue("fast_jobs_server" if fast else "default_server")


@pytest.fixture
def new_client(artel):
    clients: list[ApiClient] = []

    def make(lang: str = "en", source_ip: str | None = None) -> ApiClient:
        client = ApiClient(artel.url, lang, source_ip)
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close()


def png_bytes(width: int = 1, height: int = 1, rgb: bytes = b"\xff\x00\x00") -> bytes:
    """A valid RGB PNG of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + rgb * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def strong_password() -> str:
    return f"Pw#{uuid.uuid4().hex[:10]}Aa1"


def login(client: ApiClient, email: str, password: str, **extra) -> requests.Response:
    """POST /api/user/login as the SPA does (cookies); `extra` adds body fields (remember, client)."""
    return client.post("/api/user/login", json={"email": email, "password": password, **extra})


def api_login(base_url: str, email: str, password: str) -> requests.Response:
    """Signs in as an API client would: a plain session (no SPA cookies kept afterwards) that fetches the XSRF
    cookie once and asks for a bearer token (`client: api`)."""
    with requests.Session() as session:
        session.trust_env = False
        headers = {"X-Requested-With": "XMLHttpRequest"}
        guest = session.get(base_url + "/api/user/info", headers=headers, timeout=30)
        xsrf = urllib.parse.unquote(guest.cookies["XSRF-TOKEN"])
        return session.post(base_url + "/api/user/login", headers={**headers, "X-XSRF-TOKEN": xsrf},
                            json={"email": email, "password": password, "client": "api"}, timeout=30)


def create_users(artel, count: int, lang: str = "en", verified: bool = True, clients: list | None = None):
    """Registers `count` users, verifies them (all mails awaited together) and signs each in on its own client.
    Returns [(client, info, email, password)]; the clients are appended to `clients` for closing."""
    pending = []
    for _ in range(count):
        user_email = f"user-{uuid.uuid4().hex[:12]}@test.local"
        password = strong_password()
        client = ApiClient(artel.url, lang)
        if clients is not None:
            clients.append(client)
        response = client.post("/api/user/register", json={
            "name": "Test", "lastname": "User", "email": user_email, "password": password, "lang": lang,
            "accept_terms": True})
        assert response.status_code == 202, f"register: {response.status_code} {response.text}"
        pending.append((client, user_email, password))
    users = []
    for client, user_email, password in pending:
        if verified:
            link = artel.extract_link(artel.wait_for_mail(user_email))
            token = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["token"][0]
            response = client.post("/api/user/email/verify", json={"token": token})
            assert response.status_code == 200, f"verify: {response.status_code} {response.text}"
        response = login(client, user_email, password)
        assert response.status_code == 200, f"login: {response.status_code} {response.text}"
        info = client.get("/api/user/info").json()
        assert "id" in info, f"not signed in after login: {info}"
        users.append((client, info, user_email, password))
    return users


@pytest.fixture
def make_user(artel):
    clients: list[ApiClient] = []

    def make(lang: str = "en", verified: bool = True):
        return create_users(artel, 1, lang, verified, clients)[0]

    yield make
    for client in clients:
        client.close()


@pytest.fixture
def admin_client(artel, new_client):
    client = new_client()
    response = login(client, artel.admin_email, artel.admin_password)
    assert response.status_code == 200, f"admin login: {response.status_code} {response.text}"
    return client
