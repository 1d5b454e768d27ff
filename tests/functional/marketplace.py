"""Shared helpers of the marketplace tests (test_catalog, test_orders, test_bids, test_reviews): people, order and
bid bodies written from docs/api/openapi.yaml, the common calls (each checking its answer against the document),
localized server messages, small files. The error and contract checks are in checks.py.

The public order list is shared by every test of the session, so list assertions look only at the orders a test
made itself: with the default sort (newest first) and tests running one at a time, a test's own orders are the
newest, so one page of 50 holds every one of them that matches a filter.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import re
import time
import uuid

import pytest
import requests

import conftest
from checks import assert_matches
from conftest import REPO_ROOT, ApiClient, create_users, login

CYRILLIC = re.compile("[А-Яа-яЁё]")
_I18N = {lang: {ns: json.loads((REPO_ROOT / "i18n" / lang / f"{ns}.json").read_text())
                 for ns in ("catalog", "orders", "bids", "reviews", "auth", "profiles")}
         for lang in ("en", "ru")}

# Catalog ids fixed by db/migrations/catalog/0005_catalog.sql.
DEVELOPMENT, DESIGN, TEXTS = 1, 2, 3
WEB_DEVELOPMENT, MOBILE_APPS, LOGO_BRANDING = 101, 102, 203
SKILL_PYTHON, SKILL_REACT, SKILL_FIGMA = 2, 5, 21
RUSSIA, KAZAKHSTAN = 1, 2
MOSCOW, ALMATY = 1, 21


def message(lang: str, key: str) -> str:
    """A server message from i18n/<lang>/<namespace>.json by its key ("bids:invitations.duplicate")."""
    namespace, _, path = key.partition(":")
    value = _I18N[lang][namespace]
    for part in path.split("."):
        value = value[part]
    return value


def illegal_transition(lang: str, state: str) -> str:
    """The 409 message of a transition the order's display state does not allow."""
    template = _I18N[lang]["orders"]["illegal_transition"]
    if isinstance(template, dict):  # one sentence per state
        return template[state]
    return template.replace("{{state}}", message(lang, f"orders:state.{state}"))


def not_open_messages(lang: str, state: str) -> set[str]:
    """What a refused bid on an order that no longer takes bids may say."""
    return {message(lang, "orders:not_open"), illegal_transition(lang, state)}


# --- people ---------------------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Person:
    client: ApiClient
    id: int
    email: str
    password: str
    lang: str

    def get(self, path, **kwargs):
        return self.client.get(path, **kwargs)

    def post(self, path, **kwargs):
        return self.client.post(path, **kwargs)

    def patch(self, path, **kwargs):
        return self.client.patch(path, **kwargs)

    def delete(self, path, **kwargs):
        return self.client.delete(path, **kwargs)

    def second_session(self, clients: list) -> ApiClient:
        """Another signed-in client of the same account (its own connection and session)."""
        client = ApiClient(self.client.base_url, self.lang)
        clients.append(client)
        assert_matches(login(client, self.email, self.password), "POST", "/api/user/login")
        return client


class People:
    """Signed-in users, each fresh (no orders, bids or reviews yet), and their clients closed at the end.

    A user costs one mail round trip (the verification link), so a module registers the users it will need up
    front in one batch (`prefetch`) and the tests take fresh ones from that stock."""

    def __init__(self, artel, **stock: int) -> None:
        self.artel = artel
        self.clients: list[ApiClient] = []
        self._stock: dict[str, list[Person]] = {"en": [], "ru": []}
        for lang, count in stock.items():
            self._stock[lang] += self._create(count, lang)

    def _create(self, count: int, lang: str) -> list[Person]:
        users = create_users(self.artel, count, lang, True, self.clients)
        return [Person(client, info["id"], email, password, lang) for client, info, email, password in users]

    def __call__(self, count: int = 1, lang: str = "en") -> list[Person]:
        stock = self._stock[lang]
        taken, self._stock[lang] = stock[:count], stock[count:]
        return taken + (self._create(count - len(taken), lang) if len(taken) < count else [])

    def one(self, lang: str = "en") -> Person:
        return self(1, lang)[0]

    def guest(self, lang: str = "en") -> ApiClient:
        client = ApiClient(self.artel.url, lang)
        self.clients.append(client)
        return client

    def close(self) -> None:
        for client in self.clients:
            client.close()


# --- bodies ---------------------------------------------------------------------------------------------------------


def token() -> str:
    """A word no other order contains (Latin letters only, so every text-search configuration keeps it whole)."""
    return "zq" + "".join(chr(ord("a") + int(c, 16) % 26) for c in uuid.uuid4().hex[:10])


def iso(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def in_days(days: float) -> str:
    return iso(datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=days))


def parse_time(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def rub(roubles: int) -> dict:
    return {"amount": roubles * 100, "currency": "RUB"}


def usd(dollars: int) -> dict:
    return {"amount": dollars * 100, "currency": "USD"}


def order_input(**overrides) -> dict:
    body = {
        "name": f"Landing page for a small shop {token()}",
        "description": "A one-page site with a contact form, a price list and a map. Adaptive layout please.",
        "category_id": DEVELOPMENT,
        "specialization_id": WEB_DEVELOPMENT,
        "skill_ids": [SKILL_REACT],
        "budget": rub(50_000),
        "deadline_at": in_days(10),
        "payment_option": "no_prepayment",
        "country_id": None,
        "city_id": None,
    }
    body.update(overrides)
    return body


def create_order(person: Person, **overrides) -> dict:
    return assert_matches(person.post("/api/orders", json=order_input(**overrides)), "POST", "/api/orders", 201)


def bid_input(**overrides) -> dict:
    body = {"kind": "final", "comment": f"I can do it well, see my portfolio {token()}", "term_days": 7,
            "price": rub(45_000)}
    body.update(overrides)
    return body


def place_bid(person: Person, order_id: int, **overrides) -> dict:
    response = person.post(f"/api/orders/{order_id}/bids", json=bid_input(**overrides))
    return assert_matches(response, "POST", "/api/orders/{id}/bids", 201)["bid"]


def get_order(client, order_id: int) -> dict:
    return assert_matches(client.get(f"/api/orders/{order_id}"), "GET", "/api/orders/{id}")


def select(customer: Person, order_id: int, bid_id: int) -> dict:
    response = customer.post(f"/api/orders/{order_id}/select", json={"bid_id": bid_id})
    return assert_matches(response, "POST", "/api/orders/{id}/select")


def order_in_progress(customer: Person, performer: Person, **overrides) -> tuple[dict, dict]:
    """An order of `customer` with `performer` selected: (order after selection, selected bid)."""
    order = create_order(customer, **overrides)
    bid = place_bid(performer, order["id"])
    return select(customer, order["id"], bid["id"]), bid


def completed_order(customer: Person, performer: Person, **overrides) -> dict:
    order, _ = order_in_progress(customer, performer, **overrides)
    response = customer.post(f"/api/orders/{order['id']}/complete", json={})
    return assert_matches(response, "POST", "/api/orders/{id}/complete")


def list_orders(client, **params) -> dict:
    params.setdefault("limit", 50)
    return assert_matches(client.get("/api/orders", params=params), "GET", "/api/orders")


def listed_ids(client, **params) -> list[int]:
    return [item["id"] for item in list_orders(client, **params)["items"]]


def my_ids(client, **params) -> list[int]:
    params.setdefault("limit", 50)
    response = client.get("/api/orders/my", params=params)
    return [item["id"] for item in assert_matches(response, "GET", "/api/orders/my")["items"]]


def user_order_ids(client, user_id: int, **params) -> list[int]:
    """GET /api/users/{id}/orders: anybody's view of a user's orders."""
    params.setdefault("limit", 50)
    response = client.get(f"/api/users/{user_id}/orders", params=params)
    return [item["id"] for item in assert_matches(response, "GET", "/api/users/{id}/orders")["items"]]


def notifications(person: Person) -> list[dict]:
    return assert_matches(person.get("/api/notifications"), "GET", "/api/notifications")["items"]


def notification_kinds(person: Person, order_id: int) -> list[str]:
    return [n["kind"] for n in notifications(person) if n.get("payload", {}).get("order_id") == order_id]


def unchanged(client, order_id: int, before: dict) -> None:
    """A refused request left the order exactly as it was."""
    after = get_order(client, order_id)
    assert after == before, f"a refused request changed the order:\nbefore {before}\nafter  {after}"


def job_offer(customer: Person, performer: Person, **overrides) -> tuple[dict, dict]:
    """A personal order offered to `performer`: (order, invitation)."""
    body = {**order_input(**overrides), "performer_id": performer.id}
    created = assert_matches(customer.post("/api/job-offers", json=body), "POST", "/api/job-offers", 201)
    return created["order"], created["invitation"]


def poll(check, timeout: float, interval: float = 0.2, what: str = "condition"):
    """Calls check() until it returns something truthy; fails after `timeout` seconds with the last value."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(interval)
    pytest.fail(f"{what} not reached within {timeout}s (last: {last!r})")


# --- files ----------------------------------------------------------------------------------------------------------


def png_bytes(width: int = 4, height: int = 3) -> bytes:
    """An order's image: a blue 4×3 PNG unless told otherwise (conftest.png_bytes)."""
    return conftest.png_bytes(width, height, b"\x10\x80\xf0")


def pdf_bytes() -> bytes:
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"]
    out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
    offsets = []
    for number, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


# An ELF header followed by bytes that are not UTF-8: no accepted format (image, PDF, ZIP/Office, UTF-8 text).
UNKNOWN_BYTES = b"\x7fELF\x02\x01\x01\x00" + bytes(range(0x80, 0x100)) * 4


def upload(person: Person, content: bytes, name: str) -> requests.Response:
    return person.post("/api/orders/attachments", params={"name": name}, data=content,
                       headers={"Content-Type": "application/octet-stream"})
