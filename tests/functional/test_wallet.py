"""The wallet over HTTP against docs/api/openapi.yaml (tags `wallet` and `webhooks`): top-ups through the embedded
sandbox gateway with each test card (success, decline, 3-D Secure), the acquirer's signed webhook (forged, tampered,
stale and missing signatures refused; a second delivery credits nothing), the Idempotency-Key semantics (a retry
answers the first answer, concurrent retries start one payment, another body is 422, keys are per user), the
amount's validation in both languages, the statement, and access (guests 401, another user's top-up 404)."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
import uuid

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import SANDBOX_SECRET
from marketplace import People
from money import TOPUPS, balances, key

WEBHOOK = "/api/wallet/webhooks/sandbox"


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=14, ru=2)
    yield made
    made.close()


def start(person, amount="1500.00", currency="RUB", idempotency_key: str | None = None):
    return person.post(TOPUPS, json={"amount": amount, "currency": currency},
                       headers={"Idempotency-Key": idempotency_key or key()})


def started(person, amount="1500.00", currency="RUB") -> dict:
    return assert_matches(start(person, amount, currency), "POST", TOPUPS, 201)


def topup(person, payment_id: int) -> dict:
    return assert_matches(person.get(f"{TOPUPS}/{payment_id}"), "GET", TOPUPS + "/{id}")


def settled(person, payment_id: int, timeout: float = 15.0) -> dict:
    """The top-up once the acquirer's webhook has been taken (succeeded or declined)."""
    deadline = time.monotonic() + timeout
    while True:
        current = topup(person, payment_id)
        if current["status"] in ("succeeded", "declined") or time.monotonic() > deadline:
            return current
        time.sleep(0.1)


def statement(person, **params) -> dict:
    return assert_matches(person.get("/api/wallet/statement", params=params), "GET", "/api/wallet/statement")


def pay(person, payment_id: int, card: str):
    return person.post(f"/api/wallet/sandbox/{payment_id}/pay", json={"card_number": card})


def sign(body: bytes, stamp: int | None = None, secret: str = SANDBOX_SECRET) -> str:
    stamp = int(time.time()) if stamp is None else stamp
    mac = hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={stamp},v1={mac}"


def event(payment: dict, kind: str = "payment.succeeded", event_id: str | None = None, **overrides) -> bytes:
    body = {"id": event_id or "evt_" + uuid.uuid4().hex, "type": kind, "payment_id": payment["id"],
            "amount": round(float(payment["amount"]) * 100), "currency": payment["currency"],
            "card_last4": "4242", "decline_reason": None}
    body.update(overrides)
    return json.dumps(body).encode()


def deliver(artel, body: bytes, signature: str | None):
    """The webhook as an acquirer sends it: no session, no XSRF token, no X-Requested-With."""
    import requests

    headers = {"Content-Type": "application/json"}
    if signature is not None:
        headers["Sandbox-Signature"] = signature
    with requests.Session() as session:
        session.trust_env = False
        return session.post(artel.url + WEBHOOK, data=body, headers=headers, timeout=30)


# --- the sandbox's checkout ----------------------------------------------------------------------------------------


def test_a_card_that_succeeds_credits_the_wallet_once(people):
    payer = people.one()
    created = started(payer, "1500.00", "RUB")
    assert created["status"] == "pending" and created["amount"] == "1500.00" and created["gateway"] == "sandbox"
    assert created["confirmation_url"].endswith(f"/en/bill/sandbox/{created['id']}")
    assert balances(payer)["RUB"] == {"currency": "RUB", "available": "0.00", "on_hold": "0.00"}

    now = assert_matches(pay(payer, created["id"], "4242 4242 4242 4242"), "POST", "/api/wallet/sandbox/{id}/pay")
    assert now["status"] == "processing" and now["card_last4"] == "4242"
    done = settled(payer, created["id"])
    assert done["status"] == "succeeded"
    assert balances(payer)["RUB"]["available"] == "1500.00"
    lines = statement(payer)["items"]
    assert len(lines) == 1
    assert lines[0]["kind"] == "topup" and lines[0]["amount"] == "1500.00" and lines[0]["currency"] == "RUB"
    assert lines[0]["counterparty"] == "clearing" and lines[0]["reference"] == f"payment:{created['id']}"
    # The checkout cannot be paid again.
    assert_error(pay(payer, created["id"], "4242424242424242"), 409)


def test_a_declined_card_credits_nothing(people):
    payer = people.one()
    created = started(payer, "700.00", "USD")
    assert_matches(pay(payer, created["id"], "4000000000000002"), "POST", "/api/wallet/sandbox/{id}/pay")
    done = settled(payer, created["id"])
    assert done["status"] == "declined" and done["decline_reason"] == "card_declined"
    assert balances(payer)["USD"]["available"] == "0.00"
    assert statement(payer)["items"] == []


def test_a_card_that_asks_for_3_d_secure_needs_the_code(people):
    payer = people.one("ru")
    created = started(payer, "2500.50", "EUR")
    now = assert_matches(pay(payer, created["id"], "4000 0000 0000 3220"), "POST", "/api/wallet/sandbox/{id}/pay")
    assert now["status"] == "waiting_for_confirmation"
    time.sleep(0.5)
    assert topup(payer, created["id"])["status"] == "waiting_for_confirmation"  # nothing sent without the code
    wrong = payer.post(f"/api/wallet/sandbox/{created['id']}/confirm", json={"code": "0000"})
    assert field_errors(wrong, "code") == ["Неверный код. Тестовый код — 1234."]
    confirmed = payer.post(f"/api/wallet/sandbox/{created['id']}/confirm", json={"code": "1234"})
    assert assert_matches(confirmed, "POST", "/api/wallet/sandbox/{id}/confirm")["status"] == "processing"
    assert settled(payer, created["id"])["status"] == "succeeded"
    assert balances(payer)["EUR"]["available"] == "2500.50"


def test_an_unknown_card_is_a_field_error(people):
    payer = people.one()
    created = started(payer)
    assert field_errors(pay(payer, created["id"], "4111 1111 1111 1111"), "card_number") == [
        "Use one of the test cards listed below."]
    assert topup(payer, created["id"])["status"] == "pending"


# --- the webhook ---------------------------------------------------------------------------------------------------


def test_forged_tampered_stale_and_unsigned_webhooks_are_refused(artel, people):
    payer = people.one()
    created = started(payer, "100.00", "RUB")
    body = event(created)
    for signature in (None, "", sign(body, secret="not the secret"), sign(body, stamp=int(time.time()) - 3600),
                      sign(body, stamp=int(time.time()) + 3600), "t=1,v1=00", "v1=" + "0" * 64):
        response = deliver(artel, body, signature)
        assert_error(response, 400, "BadRequest")
        assert response.json()["message"] == "The webhook's signature is missing, forged or expired."
    # Signed, then the amount changed on the way.
    signature = sign(body)
    tampered = body.replace(b'"amount": 10000', b'"amount": 99900')
    assert tampered != body
    assert_error(deliver(artel, tampered, signature), 400, "BadRequest")
    # Signed by the acquirer but not matching the payment.
    wrong_amount = event(created, amount=99900)
    assert_error(deliver(artel, wrong_amount, sign(wrong_amount)), 400, "BadRequest")
    assert topup(payer, created["id"])["status"] == "pending"
    assert balances(payer)["RUB"]["available"] == "0.00"


def test_a_webhook_delivered_twice_credits_once(artel, people):
    payer = people.one()
    created = started(payer, "300.00", "KZT")
    body = event(created)
    first = deliver(artel, body, sign(body))
    assert assert_matches(first, "POST", WEBHOOK) == {"changed": True}
    again = deliver(artel, body, sign(body))
    assert assert_matches(again, "POST", WEBHOOK) == {"changed": False}
    # Another event for a payment already settled changes nothing either.
    other = event(created)
    assert assert_matches(deliver(artel, other, sign(other)), "POST", WEBHOOK) == {"changed": False}
    # Concurrent deliveries of one event.
    late = started(payer, "50.00", "KZT")
    late_body = event(late)
    answers: list = []
    threads = [threading.Thread(target=lambda: answers.append(deliver(artel, late_body, sign(late_body))))
               for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(response.json()["changed"] for response in answers) == [False] * 5 + [True]
    assert topup(payer, created["id"])["status"] == "succeeded"
    assert balances(payer)["KZT"]["available"] == "350.00"
    assert len(statement(payer, currency="KZT")["items"]) == 2


# --- idempotency ---------------------------------------------------------------------------------------------------


def test_a_retry_with_the_same_key_answers_the_first_answer(people):
    payer = people.one()
    same = key()
    first = assert_matches(start(payer, "10.00", "RUB", same), "POST", TOPUPS, 201)
    second = assert_matches(start(payer, "10.00", "RUB", same), "POST", TOPUPS, 201)
    assert second == first
    # Whitespace or key order in the body do not make it another request.
    raw = payer.post(TOPUPS, data='{ "currency": "RUB",   "amount": "10.00" }',
                     headers={"Idempotency-Key": same, "Content-Type": "application/json"})
    assert assert_matches(raw, "POST", TOPUPS, 201) == first
    # Another body with that key is refused, in the request's language.
    other = start(payer, "11.00", "RUB", same)
    assert field_errors(other, "Idempotency-Key") == [
        "This Idempotency-Key was already used for another request. Use a new key for a new payment."]


def test_concurrent_retries_start_one_payment(people):
    payer = people.one()
    same = key()
    answers: list = []
    threads = [threading.Thread(target=lambda: answers.append(start(payer, "25.00", "USD", same))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    bodies = [assert_matches(response, "POST", TOPUPS, 201) for response in answers]
    assert len({body["id"] for body in bodies}) == 1
    # One payment: paying it credits 25.00 once.
    assert_matches(pay(payer, bodies[0]["id"], "4242424242424242"), "POST", "/api/wallet/sandbox/{id}/pay")
    assert settled(payer, bodies[0]["id"])["status"] == "succeeded"
    assert balances(payer)["USD"]["available"] == "25.00"


def test_keys_are_per_user(people):
    alice, bob = people(2)
    same = key()
    mine = assert_matches(start(alice, "5.00", "RUB", same), "POST", TOPUPS, 201)
    theirs = assert_matches(start(bob, "6.00", "RUB", same), "POST", TOPUPS, 201)
    assert mine["id"] != theirs["id"] and theirs["amount"] == "6.00"


def test_the_key_is_required_and_checked(people):
    payer = people.one()
    missing = payer.post(TOPUPS, json={"amount": "5.00", "currency": "RUB"})
    assert assert_error(missing, 400, "BadRequest")["message"].startswith("The Idempotency-Key header is required")
    for bad in ("short", "has spaces in it", "x" * 256, "ключ-на-русском"):
        response = payer.post(TOPUPS, json={"amount": "5.00", "currency": "RUB"},
                              headers={"Idempotency-Key": bad.encode("utf-8").decode("latin-1")})
        assert_error(response, 400, "BadRequest")
    ru = people.one("ru")
    assert assert_error(ru.post(TOPUPS, json={"amount": "5.00", "currency": "RUB"}), 400)["message"].startswith(
        "Для этого запроса нужен заголовок Idempotency-Key")
    assert balances(payer) == {}


# --- validation and access -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("amount", "message"), [
    ("0", "The amount must be greater than zero."),
    ("0.00", "The amount must be greater than zero."),
    ("-5", "The amount must be greater than zero."),
    ("abc", "Enter an amount like 1500 or 1500.50."),
    ("NaN", "Enter an amount like 1500 or 1500.50."),
    ("1e3", "Enter an amount like 1500 or 1500.50."),
    ("", "This field is required."),
    ("10.001", "Use at most 2 digits after the point."),
    ("1000000.01", "The amount must be at most 1000000.00 RUB."),
])
def test_amounts_that_are_not_amounts_are_refused(people, amount, message):
    payer = people.one()
    assert field_errors(start(payer, amount, "RUB"), "amount") == [message]
    assert balances(payer) == {}


def test_validation_speaks_russian_and_names_each_field(people):
    payer = people.one("ru")
    response = payer.post(TOPUPS, json={"amount": "1,5", "currency": "XXX"}, headers={"Idempotency-Key": key()})
    body = assert_error(response, 422, "ValidationFailed")
    assert set(body["errors"]) == {"currency"}
    assert body["errors"]["currency"] == ["Выберите валюту кошелька: RUB, USD, EUR или KZT."]
    decimals = start(payer, "1.234", "RUB")
    assert field_errors(decimals, "amount") == ["Не больше 2 знаков после запятой."]
    assert_error(payer.post(TOPUPS, json={"amount": 1500, "currency": "RUB"}, headers={"Idempotency-Key": key()}),
                 422)


def test_guests_and_other_users_see_nothing(people):
    owner, other = people(2)
    guest = people.guest()
    created = started(owner)
    assert_error(guest.get("/api/wallet"), 401)
    assert_error(guest.get("/api/wallet/statement"), 401)
    assert_error(guest.get(f"{TOPUPS}/{created['id']}"), 401)
    assert_error(guest.post(TOPUPS, json={"amount": "5.00", "currency": "RUB"}, headers={"Idempotency-Key": key()}),
                 401)
    assert_error(other.get(f"{TOPUPS}/{created['id']}"), 404)
    assert_error(pay(other, created["id"], "4242424242424242"), 404)
    assert_error(other.post(f"/api/wallet/sandbox/{created['id']}/confirm", json={"code": "1234"}), 404)
    assert topup(owner, created["id"])["status"] == "pending"


def test_the_statement_pages_and_filters(artel, people):
    payer = people.one()
    ids = []
    for amount, currency in (("1.00", "RUB"), ("2.00", "RUB"), ("3.00", "USD")):
        created = started(payer, amount, currency)
        body = event(created)
        assert assert_matches(deliver(artel, body, sign(body)), "POST", WEBHOOK) == {"changed": True}
        ids.append(created["id"])
    first = statement(payer, limit=2)
    assert [line["amount"] for line in first["items"]] == ["3.00", "2.00"]
    assert first["next_cursor"] is not None
    rest = statement(payer, limit=2, cursor=first["next_cursor"])
    assert [line["amount"] for line in rest["items"]] == ["1.00"] and rest["next_cursor"] is None
    assert [line["amount"] for line in statement(payer, currency="RUB")["items"]] == ["2.00", "1.00"]
    assert len(statement(payer, direction="in")["items"]) == 3
    assert statement(payer, direction="out")["items"] == []
    assert statement(payer, kind="payout")["items"] == []
    assert statement(payer, to="2000-01-01")["items"] == []
    today = time.strftime("%Y-%m-%d", time.gmtime())
    assert len(statement(payer, **{"from": today})["items"]) == 3
    assert_error(payer.get("/api/wallet/statement", params={"from": "yesterday"}), 422)
    assert_error(payer.get("/api/wallet/statement", params={"cursor": "garbage"}), 422)
    assert_error(payer.get("/api/wallet/statement", params={"currency": "GBP"}), 422)
