"""The platform as a client sees it: health probes, the /api/ conventions (marker header, XSRF, one error shape,
localized messages), request limits, security headers, the SPA fallback, a database restart and slow clients."""

import json
import re
import socket
import threading
import time

import pytest
import requests

from checks import assert_error, assert_matches, field_errors
from conftest import REQUEST_TIMEOUT_SECONDS

CYRILLIC = re.compile("[А-Яа-яЁё]")


def assert_security_headers(response: requests.Response) -> None:
    csp = response.headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in csp, response.headers
    assert response.headers.get("X-Content-Type-Options", "").lower() == "nosniff", response.headers
    assert response.headers.get("Referrer-Policy"), response.headers


def test_healthz(artel):
    response = requests.get(artel.url + "/healthz", timeout=10)
    assert_matches(response, "GET", "/healthz")


def test_readyz(artel):
    response = requests.get(artel.url + "/readyz", timeout=10)
    assert_matches(response, "GET", "/readyz")


def test_ping(new_client):
    response = new_client().get("/api/ping")
    assert assert_matches(response, "GET", "/api/ping") == {"pong": True}


def test_api_requires_requested_with_marker(artel, new_client):
    client = new_client()
    response = client.raw.get(artel.url + "/api/ping", headers={"X-Requested-With": None})
    assert_error(response, 400, "BadRequest")


def test_api_response_sets_xsrf_cookie(new_client):
    client = new_client()
    assert client.xsrf_token() is None
    response = client.get("/api/ping")
    assert response.status_code == 200
    assert client.xsrf_token(), response.headers.get("Set-Cookie")


def test_unknown_api_path_is_localized_404(new_client):
    english = assert_error(new_client("en").get("/api/no-such-endpoint"), 404, "NotFound")
    russian = assert_error(new_client("ru").get("/api/no-such-endpoint"), 404, "NotFound")
    assert english["message"] != russian["message"]
    assert CYRILLIC.search(russian["message"]), russian
    assert not CYRILLIC.search(english["message"]), english


def test_wrong_method_is_405(new_client):
    assert_error(new_client().post("/api/ping", json={}), 405, "MethodNotAllowed")


def test_malformed_json_is_400(new_client):
    response = new_client().post("/api/user/login", data='{"email": "a@b.c", "password": ',
                                 headers={"Content-Type": "application/json"})
    assert_error(response, 400, "BadRequest")


def test_wrong_json_types_are_422_per_field(new_client):
    response = new_client().post("/api/user/login", json={"email": 5, "password": "Whatever#1"})
    field_errors(response, "email")


def test_invalid_utf8_is_400(new_client):
    body = b'{"email": "\xff\xfe@example.com", "password": "Whatever#1"}'
    response = new_client().post("/api/user/login", data=body, headers={"Content-Type": "application/json"})
    assert_error(response, 400, "BadRequest")


def test_oversized_body_is_413(new_client):
    padding = "x" * (65 * 1024)
    body = json.dumps({"email": "a@example.com", "password": "Whatever#1", "padding": padding})
    response = new_client().post("/api/user/login", data=body, headers={"Content-Type": "application/json"})
    assert_error(response, 413, "PayloadTooLarge")


def test_oversized_headers_are_431(new_client):
    response = new_client().get("/api/ping", headers={"X-Padding": "x" * (20 * 1024)})
    assert_error(response, 431, "BadRequest")


def test_missing_xsrf_header_is_419(new_client):
    client = new_client()
    client.get("/api/user/info")
    assert client.xsrf_token()
    response = client.post("/api/user/login", json={"email": "a@example.com", "password": "Whatever#1"},
                           xsrf=False)
    assert_error(response, 419, "XsrfTokenMismatch")


def test_wrong_xsrf_header_is_419(new_client):
    client = new_client()
    client.get("/api/user/info")
    response = client.post("/api/user/login", json={"email": "a@example.com", "password": "Whatever#1"},
                           headers={"X-XSRF-TOKEN": "not-a-valid-token"})
    assert_error(response, 419, "XsrfTokenMismatch")


def test_security_headers_on_api_responses(new_client):
    client = new_client()
    assert_security_headers(client.get("/api/ping"))
    assert_security_headers(client.get("/api/no-such-endpoint"))


def test_request_id_is_echoed(new_client):
    client = new_client()
    generated = client.get("/api/ping").headers.get("X-Request-Id")
    assert generated, "every response carries X-Request-Id"
    response = client.get("/api/ping", headers={"X-Request-Id": "functional-test-1234"})
    assert response.headers.get("X-Request-Id") == "functional-test-1234"
    assert client.get("/api/ping").headers.get("X-Request-Id") != generated


def test_spa_fallback_serves_html(artel):
    # Either the built index.html (200) or the "front end not built" page (503): both are HTML for the browser.
    response = requests.get(artel.url + "/ru/orders", headers={"Accept": "text/html"}, timeout=10)
    assert response.status_code in (200, 503), response.status_code
    assert response.headers.get("Content-Type", "").startswith("text/html"), response.headers
    assert "<html" in response.text.lower()
    assert_security_headers(response)


@pytest.mark.slow
def test_database_restart_mid_run(artel, make_user):
    client, info, _, _ = make_user()
    outcomes: list[tuple[int, str]] = []
    transport_errors: list[str] = []
    stop = threading.Event()

    def hammer():
        while not stop.is_set():
            try:
                response = client.get("/api/user/info", timeout=20)
            except requests.RequestException as e:
                transport_errors.append(repr(e))
            else:
                try:
                    if response.status_code == 200:
                        assert_matches(response, "GET", "/api/user/info")
                        outcomes.append((200, ""))
                    else:
                        body = assert_error(response, 503, "ServiceUnavailable")
                        outcomes.append((503, body["code"]))
                except AssertionError as e:
                    outcomes.append((response.status_code, str(e)[:300]))
            time.sleep(0.05)

    worker = threading.Thread(target=hammer)
    worker.start()
    try:
        time.sleep(0.5)
        artel.restart_database()
    finally:
        stop.set()
        worker.join(timeout=30)

    assert not transport_errors, f"every request during the outage still gets an HTTP answer: {transport_errors}"
    assert outcomes, "requests were sent during the restart"
    unexpected = [o for o in outcomes if o != (200, "") and o != (503, "ServiceUnavailable")]
    assert not unexpected, f"during the outage only 200 or 503 ServiceUnavailable: {unexpected}"

    for _ in range(10):
        response = client.get("/api/user/info")
        assert response.status_code == 200, response.text
        assert response.json().get("id") == info["id"]
    assert requests.get(artel.url + "/readyz", timeout=10).status_code == 200


def _read_until_closed(sock: socket.socket, limit: float) -> bytes:
    """Reads until the server closes the connection (or resets it); fails after `limit` seconds."""
    sock.settimeout(limit)
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except ConnectionResetError:
        pass
    except socket.timeout:
        pytest.fail(f"the server kept the connection open for {limit}s; received {received[:200]!r}")
    return received


def _assert_closed_without_answer_or_408(received: bytes) -> None:
    assert received == b"" or received.startswith(b"HTTP/1.1 408"), received[:200]


@pytest.mark.slow
def test_slow_client_is_cut_off(artel, new_client):
    port = int(artel.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        started = time.monotonic()
        sock.sendall(b"GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        # Another client is served meanwhile: a slow connection holds no thread.
        assert new_client().get("/api/ping", timeout=5).status_code == 200
        received = _read_until_closed(sock, REQUEST_TIMEOUT_SECONDS + 10)
        elapsed = time.monotonic() - started
    _assert_closed_without_answer_or_408(received)
    assert REQUEST_TIMEOUT_SECONDS - 1 <= elapsed <= REQUEST_TIMEOUT_SECONDS + 5, elapsed


@pytest.mark.slow
def test_dripping_client_hits_the_whole_request_deadline(artel):
    # One byte every 0.5 s never idles long, but the request as a whole must still end at the deadline.
    port = int(artel.url.rsplit(":", 1)[1])
    request = b"GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        started = time.monotonic()
        closed = False
        for byte in request:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.5)
            if time.monotonic() - started > REQUEST_TIMEOUT_SECONDS + 5:
                break
        if not closed:
            _assert_closed_without_answer_or_408(_read_until_closed(sock, 5))
        elapsed = time.monotonic() - started
    assert elapsed <= REQUEST_TIMEOUT_SECONDS + 6, elapsed


# The documented header limit (libs/server ServerOptions::header_limit): the request line, the fields and the
# blank line together, whatever the segmentation (issue 14, finding 1).
HEADER_LIMIT = 16 * 1024


def _request_with_header_size(total: int, field_size: int) -> bytes:
    """A GET /api/ping whose header (up to and including the blank line) is exactly `total` bytes, made of fields
    of about `field_size` bytes each (one field when field_size >= total)."""
    head = b"GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: XMLHttpRequest\r\nConnection: close\r\n"
    fields = []
    room = total - len(head) - 2  # the final CRLF
    index = 0
    while room > 0:
        prefix = f"X-Pad-{index}: ".encode()
        size = min(field_size, room)
        if room - size < 16 and room != size:  # never leave a remainder too short for a field of its own
            size = room
        value = b"a" * (size - len(prefix) - 2)
        assert value, (total, field_size)
        fields.append(prefix + value + b"\r\n")
        room -= size
        index += 1
    request = head + b"".join(fields) + b"\r\n"
    assert len(request) == total
    return request


def _status_of(artel, request: bytes, pieces: int) -> int:
    """Sends `request` in one write (pieces=1) or in `pieces` writes with a pause between them, returns the status."""
    port = int(artel.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        step = -(-len(request) // pieces)
        for offset in range(0, len(request), step):
            sock.sendall(request[offset : offset + step])
            if pieces > 1:
                time.sleep(0.002)
        received = _read_until_closed(sock, 10)
    assert received.startswith(b"HTTP/1.1 "), received[:200]
    return int(received[9:12])


@pytest.mark.parametrize("field_size", [100, HEADER_LIMIT * 2], ids=["many-small-fields", "one-big-field"])
@pytest.mark.parametrize("pieces", [1, 400], ids=["one-write", "many-writes"])
def test_header_limit_holds_whatever_the_segmentation(artel, field_size, pieces):
    assert _status_of(artel, _request_with_header_size(HEADER_LIMIT, field_size), pieces) == 200
    assert _status_of(artel, _request_with_header_size(HEADER_LIMIT + 1, field_size), pieces) == 431
    # Far over it too: 280 fields of about 100 bytes, the finding's request.
    assert _status_of(artel, _request_with_header_size(2 * HEADER_LIMIT, field_size), pieces) == 431


def test_header_sent_byte_by_byte_is_limited(artel):
    request = _request_with_header_size(HEADER_LIMIT + 1, 100)
    port = int(artel.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            for index in range(len(request)):
                sock.sendall(request[index : index + 1])
        except (BrokenPipeError, ConnectionResetError):
            pass
        received = _read_until_closed(sock, 10)
    assert received.startswith(b"HTTP/1.1 431"), received[:200]
