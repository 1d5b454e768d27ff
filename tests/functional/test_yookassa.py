"""The YooKassa gateway against a local stub of YooKassa's API v3 (yookassa_stub.py, over HTTPS with a throwaway
certificate): a top-up is created at YooKassa (HTTP Basic, an Idempotence-Key derived from our payment) and sends
the payer to its confirmation URL; YooKassa's unsigned notification is believed only from an allowed address and
only as far as GET /v3/payments/{id} confirms it; a replay credits nothing; YooKassa failing on creation is a
localized 503 and a retry with the same Idempotency-Key resumes the same payment (one payment at YooKassa).
Payouts go to YooKassa as POST /v3/payouts (a YooMoney wallet in payout_destination_data, the Idempotence-Key
derived from our payout) and end by the payout.succeeded / payout.canceled notification, confirmed by
GET /v3/payouts/{id}: a canceled one returns the money, a replay changes nothing."""

from __future__ import annotations

import pathlib
import re
import shutil
import tempfile
import time

import pytest

from checks import assert_error, assert_matches
from conftest import run_artel
from marketplace import People
from money import TOPUPS, balances, key
from yookassa_stub import Stub

WEBHOOK = "/api/wallet/webhooks/yookassa"
SHOP_ID = "506751"
SECRET_KEY = "test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0"
NOTIFY_IP = "127.0.0.9"  # the stub's notifier: the one address allowed besides none


@pytest.fixture(scope="module")
def stub():
    directory = pathlib.Path(tempfile.mkdtemp(prefix="yookassa-stub-"))
    made = Stub(directory, SHOP_ID, SECRET_KEY, NOTIFY_IP)
    yield made
    made.close()
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture(scope="module")
def server(mail_sink, stub):
    env = {
        "ARTEL_WALLET_GATEWAY": "yookassa",
        "ARTEL_WALLET_YOOKASSA_API_URL": stub.url,
        "ARTEL_WALLET_YOOKASSA_SHOP_ID": SHOP_ID,
        "ARTEL_WALLET_YOOKASSA_SECRET_KEY": SECRET_KEY,
        "ARTEL_WALLET_YOOKASSA_CA_FILE": str(stub.cert),
        "ARTEL_WALLET_YOOKASSA_WEBHOOK_IPS": f"{NOTIFY_IP}/32",
        "ARTEL_WALLET_YOOKASSA_TIMEOUT": "5000",
    }
    with run_artel(mail_sink, env) as started:
        stub.webhook_url = started.url + WEBHOOK
        yield started


@pytest.fixture(scope="module")
def people(server):
    made = People(server, en=6, ru=2)
    yield made
    made.close()


def start(person, amount: str = "1500.00", idempotency_key: str | None = None):
    return person.post(TOPUPS, json={"amount": amount, "currency": "RUB"},
                       headers={"Idempotency-Key": idempotency_key or key()})


def started(person, amount: str = "1500.00") -> dict:
    return assert_matches(start(person, amount), "POST", TOPUPS, 201)


def topup(person, payment_id: int) -> dict:
    return assert_matches(person.get(f"{TOPUPS}/{payment_id}"), "GET", TOPUPS + "/{id}")


def external_id(created: dict) -> str:
    """YooKassa's payment id, from the confirmation URL the stub made."""
    match = re.search(r"/checkout/([0-9a-f-]+)$", created["confirmation_url"])
    assert match, created
    return match.group(1)


def test_a_top_up_is_created_at_yookassa_and_credited_once_by_its_notification(people, stub, server):
    payer = people.one()
    created = started(payer, "1500.50")
    assert created["gateway"] == "yookassa" and created["status"] == "pending"
    assert created["confirmation_url"].startswith(stub.url + "/checkout/")
    paid_at_yookassa = external_id(created)
    # What YooKassa was asked: the documented body, under our payment's Idempotence-Key.
    request = [r for r in stub.create_requests if r["body"]["metadata"]["payment_id"] == str(created["id"])]
    assert len(request) == 1
    assert request[0]["key"] == f"artel-payment-{created['id']}"
    body = request[0]["body"]
    assert body["amount"] == {"value": "1500.50", "currency": "RUB"}
    assert body["capture"] is True
    assert body["confirmation"] == {"type": "redirect",
                                    "return_url": f"{server.url}/en/bill?topup={created['id']}"}
    # A read does not call out: the same URL again.
    assert topup(payer, created["id"])["confirmation_url"] == created["confirmation_url"]

    answer = stub.pay_via_control(paid_at_yookassa)
    assert answer == {"status": 200, "body": {"changed": True}}, answer
    done = topup(payer, created["id"])
    assert done["status"] == "succeeded" and done["card_last4"] == "4444"
    assert balances(payer)["RUB"]["available"] == "1500.50"

    # YooKassa delivers again (it does until it gets a 200): nothing changes.
    replay = stub.notify("payment.succeeded", stub.payment(paid_at_yookassa))
    assert replay.status_code == 200 and replay.json() == {"changed": False}
    assert balances(payer)["RUB"]["available"] == "1500.50"


def test_a_canceled_payment_credits_nothing(people, stub):
    payer = people.one()
    created = started(payer, "300.00")
    answer = stub.settle(external_id(created), paid=False)
    assert answer == {"status": 200, "body": {"changed": True}}, answer
    done = topup(payer, created["id"])
    assert done["status"] == "declined" and done["decline_reason"] == "expired_on_confirmation"
    assert balances(payer)["RUB"]["available"] == "0.00"


def test_a_forged_notification_credits_nothing(people, stub, server):
    payer = people.one()
    created = started(payer, "900.00")
    paid_at_yookassa = external_id(created)
    claimed = stub.payment(paid_at_yookassa)
    claimed.update({"status": "succeeded", "paid": True})
    # From an address YooKassa does not send from: refused before anything is asked.
    assert_error(stub.notify("payment.succeeded", claimed, source_ip="127.0.0.10"), 403)
    # From an allowed address, but YooKassa's API says the payment is still pending.
    assert_error(stub.notify("payment.succeeded", claimed), 400)
    # A payment YooKassa does not know.
    claimed["id"] = "2d9e3f5a-000f-5000-9000-000000000000"
    assert_error(stub.notify("payment.succeeded", claimed), 400)
    # Not a notification at all.
    import yookassa_stub
    assert_error(yookassa_stub.post_from(NOTIFY_IP, server.url + WEBHOOK, b'{"event": "payment.succeeded"}'), 400)
    assert topup(payer, created["id"])["status"] == "pending"
    assert balances(payer)["RUB"]["available"] == "0.00"


def test_an_amount_that_is_not_ours_is_refused(people, stub):
    payer = people.one()
    created = started(payer, "100.00")
    paid_at_yookassa = external_id(created)
    stub.set_amount(paid_at_yookassa, "100000.00")
    answer = stub.settle(paid_at_yookassa, paid=True)
    assert answer["status"] == 400, answer
    assert topup(payer, created["id"])["status"] == "pending"
    assert balances(payer)["RUB"]["available"] == "0.00"


@pytest.mark.parametrize("lang, text", [("en", "not answering"), ("ru", "не отвечает")])
def test_yookassa_failing_on_creation_is_a_localized_error_and_a_retry_resumes_the_same_payment(
        people, stub, lang, text):
    payer = people.one(lang)
    idempotency_key = key()
    stub.fail_creates(1)
    failed = assert_error(start(payer, "250.00", idempotency_key), 503)
    assert text in failed["message"], failed

    # The retry with the same Idempotency-Key: the same payment of ours, now created at YooKassa once.
    retried = assert_matches(start(payer, "250.00", idempotency_key), "POST", TOPUPS, 201)
    assert retried["status"] == "pending" and retried["confirmation_url"].startswith(stub.url + "/checkout/")
    ours = f"artel-payment-{retried['id']}"
    assert [r["status"] for r in stub.create_requests if r["key"] == ours] == [500, 200]
    again = assert_matches(start(payer, "250.00", idempotency_key), "POST", TOPUPS, 201)
    assert again["id"] == retried["id"] and again["confirmation_url"] == retried["confirmation_url"]
    assert [r["status"] for r in stub.create_requests if r["key"] == ours] == [500, 200]
    assert len([p for p in stub.payments.values() if p["metadata"]["payment_id"] == str(retried["id"])]) == 1

    assert stub.settle(external_id(retried), paid=True)["status"] == 200
    assert balances(payer)["RUB"]["available"] == "250.00"


def test_yookassa_refusing_the_creation_is_a_localized_error_too(people, stub):
    payer = people.one("ru")
    idempotency_key = key()
    stub.fail_creates(1, status=400)
    refused = assert_error(start(payer, "75.00", idempotency_key), 503)
    assert "не принял" in refused["message"], refused
    retried = assert_matches(start(payer, "75.00", idempotency_key), "POST", TOPUPS, 201)
    assert [r["status"] for r in stub.create_requests if r["key"] == f"artel-payment-{retried['id']}"] == [400, 200]


def test_the_secret_key_is_never_logged(server):
    assert SECRET_KEY not in server.log_text()
    assert f"shop {SHOP_ID}" in server.log_text()


def test_the_sandbox_checkout_is_not_for_yookassa_payments(people):
    payer = people.one()
    created = started(payer, "50.00")
    assert_error(payer.post(f"/api/wallet/sandbox/{created['id']}/pay", json={"card_number": "4242424242424242"}),
                 404)
    assert topup(payer, created["id"])["status"] == "pending"


# --- payouts ---------------------------------------------------------------------------------------------------------

PAYOUTS = "/api/wallet/payouts"


def sent_payout(stub, ours: int, timeout: float = 30.0) -> dict:
    """The payout the payout job created at YooKassa for our payout `ours`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = stub.payouts_of(ours)
        if found:
            return found[0]
        time.sleep(0.25)
    raise AssertionError(f"payout {ours} was not sent to YooKassa")


def payout_status(person, ours: int) -> dict:
    body = assert_matches(person.get(PAYOUTS), "GET", PAYOUTS)
    return next(item for item in body["payouts"] if item["id"] == ours)


@pytest.mark.parametrize("succeeded", [True, False])
def test_a_payout_goes_to_yookassa_and_ends_by_its_confirmed_notification(people, stub, succeeded):
    person = people.one()
    created = started(person, "800.00")
    assert stub.pay_via_control(external_id(created))["status"] == 200
    # YooKassa tokenizes cards only in its own widget: a card number is not taken here.
    card = person.post("/api/wallet/payout-methods", json={"kind": "bank_card", "number": "4242424242424242"})
    assert "kind" in assert_error(card, 422)["errors"]
    purse = assert_matches(person.post("/api/wallet/payout-methods",
                                       json={"kind": "yoo_money", "number": "410011234567890"}),
                           "POST", "/api/wallet/payout-methods", 201)
    ours = assert_matches(person.post(PAYOUTS, json={"method_id": purse["id"], "amount": "300.00", "currency": "RUB"},
                                      headers={"Idempotency-Key": key()}), "POST", PAYOUTS, 201)
    at_yookassa = sent_payout(stub, ours["id"])
    request = [r for r in stub.payout_requests if r["body"]["metadata"]["payout_id"] == str(ours["id"])]
    assert {r["key"] for r in request} == {f"artel-payout-{ours['id']}"}
    assert request[0]["body"]["amount"] == {"value": "300.00", "currency": "RUB"}
    assert request[0]["body"]["payout_destination_data"] == {"type": "yoo_money", "account_number": "410011234567890"}
    assert payout_status(person, ours["id"])["status"] == "processing"
    # A notification YooKassa's API does not confirm yet changes nothing.
    claimed = dict(at_yookassa, status="succeeded")
    assert_error(stub.notify("payout.succeeded", claimed), 400)
    answer = stub.settle_payout(at_yookassa["id"], succeeded)
    assert answer == {"status": 200, "body": {"changed": True}}, answer
    now = payout_status(person, ours["id"])
    assert now["status"] == ("succeeded" if succeeded else "failed")
    assert balances(person)["RUB"]["available"] == ("500.00" if succeeded else "800.00")
    replay = stub.notify("payout.succeeded" if succeeded else "payout.canceled", stub.payouts_of(ours["id"])[0])
    assert replay.status_code == 200 and replay.json() == {"changed": False}
    assert balances(person)["RUB"]["available"] == ("500.00" if succeeded else "800.00")
