"""A local stub of YooKassa's API v3 for the functional tests (test_yookassa.py), over HTTPS with a throwaway
self-signed certificate made by `openssl req` when it starts (artel trusts it through wallet.yookassa.ca_file).

It speaks the documented shapes (https://yookassa.ru/developers/api):

  POST /v3/payments            HTTP Basic shop_id:secret_key, `Idempotence-Key` required; the same key answers
                               the same payment (never a second one); the answer is a `pending` payment with a
                               redirect confirmation
  GET  /v3/payments/{id}       the payment as it is now (404 {type: error, code: not_found} otherwise)
  POST /v3/payouts             the same authentication and `Idempotence-Key` rule; the answer is a `pending`
                               payout {id: po-…, amount, status, payout_destination, description, metadata, test}
  GET  /v3/payouts/{id}        the payout as it is now

and what a test needs to play the payer and YooKassa's notifier:

  POST /_stub/payments/{id}/pay      the payer paid: `succeeded`, then the notification is posted to artel
  POST /_stub/payments/{id}/cancel   the payment is canceled, then the notification is posted
  Stub.fail_creates(n, status)       the next n creations answer 500 (or 400) {type: error, ...}, creating nothing
  Stub.settle_payout(id, succeeded)  the payout `succeeded` or `canceled` (cancellation_details), then the
                                     payout.succeeded / payout.canceled notification is posted

Notifications go to artel's webhook from `notify_ip` (a loopback address the test allows in
wallet.yookassa.webhook_ips), as YooKassa posts them: {type: notification, event, object: <the payment>}."""

from __future__ import annotations

import base64
import json
import pathlib
import re
import socket
import ssl
import subprocess
import threading
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests
from requests.adapters import HTTPAdapter


class _SourceAdapter(HTTPAdapter):
    def __init__(self, source_ip: str, **kwargs) -> None:
        self._source_ip = source_ip
        super().__init__(**kwargs)

    def init_poolmanager(self, connections, maxsize, block=False, **pool_kwargs):
        pool_kwargs["source_address"] = (self._source_ip, 0)
        super().init_poolmanager(connections, maxsize, block, **pool_kwargs)


def post_from(source_ip: str, url: str, body: bytes) -> requests.Response:
    """A POST of JSON from a loopback `source_ip`, as a notifier outside artel sends it (no session, no XSRF)."""
    with requests.Session() as session:
        session.trust_env = False
        session.mount("http://", _SourceAdapter(source_ip))
        return session.post(url, data=body, headers={"Content-Type": "application/json"}, timeout=30)


def make_certificate(directory: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """A throwaway self-signed certificate for localhost and 127.0.0.1: (certificate, key)."""
    cert, key = directory / "yookassa-stub.crt", directory / "yookassa-stub.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


class Stub:
    def __init__(self, directory: pathlib.Path, shop_id: str, secret_key: str, notify_ip: str) -> None:
        self.shop_id = shop_id
        self.secret_key = secret_key
        self.notify_ip = notify_ip
        self.webhook_url = ""  # set once artel's address is known
        self.lock = threading.Lock()
        self.payments: dict[str, dict] = {}
        self.by_key: dict[str, str] = {}
        self.create_requests: list[dict] = []  # every POST /v3/payments: {key, body, status}
        self.payouts: dict[str, dict] = {}
        self.payout_keys: dict[str, str] = {}
        self.payout_requests: list[dict] = []  # every POST /v3/payouts: {key, body}
        self.failures_left = 0
        self.failure_status = 500
        self.cert, self.key = make_certificate(directory)
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def _send(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _body(self) -> bytes:
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def _authorized(self) -> bool:
                expected = "Basic " + base64.b64encode(f"{stub.shop_id}:{stub.secret_key}".encode()).decode()
                if self.headers.get("Authorization") == expected:
                    return True
                self._send(401, {"type": "error", "id": str(uuid.uuid4()), "code": "invalid_credentials",
                                 "description": "Authentication by given credentials failed"})
                return False

            def do_GET(self) -> None:
                payout = re.fullmatch(r"/v3/payouts/([A-Za-z0-9-]+)", self.path)
                if payout is not None:
                    if not self._authorized():
                        return
                    with stub.lock:
                        found = stub.payouts.get(payout.group(1))
                    if found is None:
                        return self._send(404, {"type": "error", "id": str(uuid.uuid4()), "code": "not_found",
                                                "description": "Payout doesn't exist or access denied"})
                    return self._send(200, found)
                match = re.fullmatch(r"/v3/payments/([A-Za-z0-9-]+)", self.path)
                if match is None:
                    return self._send(404, {"type": "error", "code": "not_found"})
                if not self._authorized():
                    return
                with stub.lock:
                    payment = stub.payments.get(match.group(1))
                if payment is None:
                    return self._send(404, {"type": "error", "id": str(uuid.uuid4()), "code": "not_found",
                                            "description": "Payment doesn't exist or access denied"})
                self._send(200, payment)

            def do_POST(self) -> None:
                body = self._body()
                if self.path == "/v3/payments":
                    return self._create(body)
                if self.path == "/v3/payouts":
                    return self._create_payout(body)
                match = re.fullmatch(r"/_stub/payments/([A-Za-z0-9-]+)/(pay|cancel)", self.path)
                if match is None:
                    return self._send(404, {"type": "error", "code": "not_found"})
                answer = stub.settle(match.group(1), match.group(2) == "pay")
                self._send(200, answer)

            def _create_payout(self, raw: bytes) -> None:
                if not self._authorized():
                    return
                key = self.headers.get("Idempotence-Key")
                if not key:
                    return self._send(400, {"type": "error", "id": str(uuid.uuid4()), "code": "invalid_request",
                                            "description": "Idempotence key is missing"})
                body = json.loads(raw)
                with stub.lock:
                    stub.payout_requests.append({"key": key, "body": body})
                    payout_id = stub.payout_keys.get(key)
                    if payout_id is None:
                        payout_id = "po-" + str(uuid.uuid4())
                        stub.payout_keys[key] = payout_id
                        destination = body.get("payout_destination_data") or {
                            "type": "bank_card", "card": {"first6": "555555", "last4": "4444",
                                                          "card_type": "MasterCard", "issuer_country": "RU"}}
                        stub.payouts[payout_id] = {
                            "id": payout_id, "amount": body["amount"], "status": "pending",
                            "payout_destination": destination, "description": body.get("description", ""),
                            "created_at": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                            "metadata": body.get("metadata", {}), "test": True,
                        }
                    payout = stub.payouts[payout_id]
                self._send(200, payout)

            def _create(self, raw: bytes) -> None:
                if not self._authorized():
                    return
                key = self.headers.get("Idempotence-Key")
                if not key:
                    return self._send(400, {"type": "error", "id": str(uuid.uuid4()), "code": "invalid_request",
                                            "description": "Idempotence key is missing"})
                body = json.loads(raw)
                with stub.lock:
                    record = {"key": key, "body": body, "status": 200}
                    stub.create_requests.append(record)
                    if stub.failures_left > 0:
                        stub.failures_left -= 1
                        record["status"] = stub.failure_status
                        failure = ({"type": "error", "id": str(uuid.uuid4()), "code": "internal_server_error",
                                    "description": "Internal server error"} if stub.failure_status >= 500 else
                                   {"type": "error", "id": str(uuid.uuid4()), "code": "invalid_request",
                                    "description": "Invalid value of the amount parameter", "parameter": "amount"})
                    else:
                        failure = None
                        payment_id = stub.by_key.get(key)
                        if payment_id is None:
                            payment_id = str(uuid.uuid4())
                            stub.by_key[key] = payment_id
                            stub.payments[payment_id] = {
                                "id": payment_id, "status": "pending", "paid": False,
                                "amount": body["amount"],
                                "confirmation": {"type": "redirect",
                                                 "confirmation_url": f"{stub.url}/checkout/{payment_id}",
                                                 "return_url": body["confirmation"]["return_url"]},
                                "created_at": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                                "description": body.get("description", ""), "metadata": body.get("metadata", {}),
                                "recipient": {"account_id": stub.shop_id, "gateway_id": "100500"},
                                "refundable": False, "test": True,
                            }
                        payment = stub.payments[payment_id]
                if failure is not None:
                    return self._send(record["status"], failure)
                self._send(200, payment)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(str(self.cert), str(self.key))
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.url = f"https://localhost:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # --- what the test does --------------------------------------------------------------------------------

    def fail_creates(self, count: int, status: int = 500) -> None:
        """The next `count` creations answer `status` (500: YooKassa's internal error; 400: invalid_request)."""
        with self.lock:
            self.failures_left = count
            self.failure_status = status

    def payment(self, payment_id: str) -> dict:
        with self.lock:
            return json.loads(json.dumps(self.payments[payment_id]))

    def set_amount(self, payment_id: str, value: str) -> None:
        """What a tampered payment looks like at YooKassa: another amount than ours."""
        with self.lock:
            self.payments[payment_id]["amount"]["value"] = value

    def settle(self, payment_id: str, paid: bool) -> dict:
        """The payer paid (or the payment was canceled), then YooKassa's notification; artel's answer."""
        with self.lock:
            payment = self.payments[payment_id]
            if paid:
                payment.update({"status": "succeeded", "paid": True,
                                "captured_at": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                                "payment_method": {"type": "bank_card", "id": payment_id, "saved": False,
                                                   "card": {"first6": "555555", "last4": "4444",
                                                            "expiry_month": "07", "expiry_year": "2030",
                                                            "card_type": "MasterCard"},
                                                   "title": "Bank card *4444"}})
            else:
                payment.update({"status": "canceled", "cancellation_details": {"party": "yoo_money",
                                                                               "reason": "expired_on_confirmation"}})
            snapshot = json.loads(json.dumps(payment))
        response = self.notify("payment.succeeded" if paid else "payment.canceled", snapshot)
        return {"status": response.status_code, "body": response.json()}

    def payouts_of(self, ours: int) -> list[dict]:
        """The payouts created for our payout `ours` (metadata.payout_id)."""
        with self.lock:
            return [json.loads(json.dumps(p)) for p in self.payouts.values()
                    if p["metadata"].get("payout_id") == str(ours)]

    def settle_payout(self, payout_id: str, succeeded: bool) -> dict:
        """YooKassa paid the payout out (or canceled it), then its notification; artel's answer."""
        with self.lock:
            payout = self.payouts[payout_id]
            if succeeded:
                payout.update({"status": "succeeded",
                               "succeeded_at": datetime.now(timezone.utc).isoformat(timespec="milliseconds")})
            else:
                payout.update({"status": "canceled", "cancellation_details": {"party": "yoo_money",
                                                                              "reason": "one_time_limit_exceeded"}})
            snapshot = json.loads(json.dumps(payout))
        response = self.notify("payout.succeeded" if succeeded else "payout.canceled", snapshot)
        return {"status": response.status_code, "body": response.json()}

    def notify(self, event: str, payment: dict, source_ip: str | None = None) -> requests.Response:
        body = json.dumps({"type": "notification", "event": event, "object": payment}).encode()
        return post_from(source_ip or self.notify_ip, self.webhook_url, body)

    def pay_via_control(self, payment_id: str) -> dict:
        """POST /_stub/payments/{id}/pay, as a browser at the checkout would make YooKassa do."""
        with requests.Session() as session:
            session.trust_env = False
            return session.post(f"{self.url}/_stub/payments/{payment_id}/pay", verify=str(self.cert),
                                timeout=60).json()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
