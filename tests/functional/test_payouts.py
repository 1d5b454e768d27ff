"""Payouts over HTTP against docs/api/openapi.yaml with the embedded sandbox gateway: saved methods (a card is
Luhn-checked and kept only masked; owner-only), a withdrawal the payout job sends and the sandbox's signed webhook
settles (a card ending 0002 fails and the money returns), 30 concurrent withdrawals of the whole balance of which
exactly one succeeds, the Idempotency-Key (a retry answers the first answer, another body is 422), the refusals in
both languages, the owner's cancel, and an admin's approval and rejection of a payout above the threshold."""

from __future__ import annotations

import threading
import time

import pytest

from checks import assert_error, assert_matches, field_errors
from marketplace import People
from money import balances, key, top_up

METHODS = "/api/wallet/payout-methods"
PAYOUTS = "/api/wallet/payouts"
ADMIN = "/api/admin/payouts"


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=10, ru=2)
    yield made
    made.close()


def add_method(person, number: str = "4242 4242 4242 4242", kind: str = "bank_card") -> dict:
    return assert_matches(person.post(METHODS, json={"kind": kind, "number": number}), "POST", METHODS, 201)


def withdraw(person, method_id: int, amount: str, idempotency_key: str | None = None):
    return person.post(PAYOUTS, json={"method_id": method_id, "amount": amount, "currency": "RUB"},
                       headers={"Idempotency-Key": idempotency_key or key()})


def listed(person) -> dict:
    return assert_matches(person.get(PAYOUTS), "GET", PAYOUTS)


def payout(person, payout_id: int) -> dict:
    return next(item for item in listed(person)["payouts"] if item["id"] == payout_id)


def ended(person, payout_id: int, timeout: float = 30.0) -> dict:
    """The payout once the job sent it and the gateway's webhook settled it."""
    deadline = time.monotonic() + timeout
    while True:
        current = payout(person, payout_id)
        if current["status"] in ("succeeded", "failed") or time.monotonic() > deadline:
            return current
        time.sleep(0.25)


def test_methods_are_checked_masked_and_the_owners_own(people):
    owner, other = people(2)
    assert "number" in assert_error(owner.post(METHODS, json={"kind": "bank_card", "number": "4242 4242 4242 4241"}),
                                    422)["errors"]
    assert field_errors(owner.post(METHODS, json={"kind": "yoo_money", "number": "1234567"}), "number")
    card = add_method(owner)
    purse = add_method(owner, "410011234567890", "yoo_money")
    assert card["masked"] == "•••• 4242" and card["last4"] == "4242"
    assert purse["masked"] == "4100 •••• 7890"
    methods = assert_matches(owner.get(METHODS), "GET", METHODS)["methods"]
    assert [m["id"] for m in methods] == [card["id"], purse["id"]]
    assert "4242424242424242" not in owner.get(METHODS).text
    # Another user neither sees, deletes nor withdraws to them.
    assert assert_matches(other.get(METHODS), "GET", METHODS)["methods"] == []
    assert_error(other.delete(f"{METHODS}/{card['id']}"), 404)
    assert field_errors(withdraw(other, card["id"], "10.00"), "method_id")
    assert_matches(owner.delete(f"{METHODS}/{purse['id']}"), "DELETE", METHODS + "/{id}", 204)
    assert [m["id"] for m in assert_matches(owner.get(METHODS), "GET", METHODS)["methods"]] == [card["id"]]
    assert_error(people.guest().get(METHODS), 401)


def test_a_payout_is_sent_and_settled_and_a_declined_one_returns_the_money(people):
    person = people.one()
    top_up(person, "1000.00")
    card = add_method(person)
    declined = add_method(person, "4000 0000 0000 0002")
    paid = assert_matches(withdraw(person, card["id"], "300.00"), "POST", PAYOUTS, 201)
    failing = assert_matches(withdraw(person, declined["id"], "200.00"), "POST", PAYOUTS, 201)
    assert paid["status"] == "approved" and paid["approvals_needed"] == 0
    assert balances(person)["RUB"]["available"] == "500.00"
    assert ended(person, paid["id"])["status"] == "succeeded"
    failed = ended(person, failing["id"])
    assert failed["status"] == "failed" and failed["failure_reason"] == "card_declined"
    assert balances(person)["RUB"]["available"] == "700.00"
    # The statement shows the money out and back; the limits what is left.
    lines = assert_matches(person.get("/api/wallet/statement"), "GET", "/api/wallet/statement")["items"]
    kinds = [(line["kind"], line["amount"]) for line in lines]
    assert ("payout_returned", "200.00") in kinds and ("payout", "-200.00") in kinds and ("payout", "-300.00") in kinds
    limits = listed(person)["limits"][0]
    assert limits["currency"] == "RUB" and limits["available"] == "700.00"
    assert limits["payouts_left_today"] == 19  # the failed one does not count
    assert limits["left_today"] == "499700.00"


def test_thirty_concurrent_withdrawals_of_the_whole_balance_make_one_payout(people):
    person = people.one()
    top_up(person, "1000.00")
    card = add_method(person)
    answers: list = []
    lock = threading.Lock()

    def attempt():
        response = withdraw(person, card["id"], "1000.00")
        with lock:
            answers.append(response)

    threads = [threading.Thread(target=attempt) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(response.status_code for response in answers)
    assert statuses.count(201) == 1, statuses
    for response in answers:
        if response.status_code != 201:
            assert field_errors(response, "amount")
    assert balances(person)["RUB"]["available"] == "0.00"
    assert len(listed(person)["payouts"]) == 1


def test_a_retry_answers_the_first_answer_and_another_body_is_refused(people):
    person = people.one()
    top_up(person, "500.00")
    card = add_method(person)
    same = key()
    first = assert_matches(withdraw(person, card["id"], "100.00", same), "POST", PAYOUTS, 201)
    again = assert_matches(withdraw(person, card["id"], "100.00", same), "POST", PAYOUTS, 201)
    assert again["id"] == first["id"]
    assert_error(withdraw(person, card["id"], "150.00", same), 422)
    assert_error(person.post(PAYOUTS, json={"method_id": card["id"], "amount": "1.00", "currency": "RUB"}), 400)
    assert len(listed(person)["payouts"]) == 1
    assert balances(person)["RUB"]["available"] == "400.00"


def test_refusals_say_what_is_allowed_in_both_languages(people):
    english, russian = people.one(), people.one("ru")
    for person in (english, russian):
        top_up(person, "100.00")
    en_card, ru_card = add_method(english), add_method(russian)
    assert field_errors(withdraw(english, en_card["id"], "4.99"), "amount") == ["The smallest payout is 5.00 RUB."]
    assert field_errors(withdraw(russian, ru_card["id"], "4.99"), "amount") == ["Минимальная выплата — 5.00 RUB."]
    assert field_errors(withdraw(russian, ru_card["id"], "100.01"), "amount") == [
        "Можно вывести не больше 100.00 RUB: деньги в безопасных сделках и выплаты в пути не выводятся."]
    assert field_errors(withdraw(english, en_card["id"], "500000.01"), "amount") == [
        "One payout can be at most 500000.00 RUB."]
    assert field_errors(withdraw(english, en_card["id"], "1.234"), "amount")


def test_an_admin_approves_or_rejects_a_payout_above_the_threshold(people, admin_client):
    person = people.one()
    top_up(person, "50000.00")
    card = add_method(person)
    approved = assert_matches(withdraw(person, card["id"], "16000.00"), "POST", PAYOUTS, 201)
    rejected = assert_matches(withdraw(person, card["id"], "15500.00"), "POST", PAYOUTS, 201)
    canceled = assert_matches(withdraw(person, card["id"], "15100.00"), "POST", PAYOUTS, 201)
    assert approved["status"] == "pending_approval" and approved["approvals_needed"] == 1
    assert balances(person)["RUB"]["available"] == "3400.00"
    # Users see no queue; the admins' lists whose payout it is.
    assert_error(person.get(ADMIN), 403)
    queue = assert_matches(admin_client.get(ADMIN), "GET", ADMIN)["payouts"]
    mine = [item for item in queue if item["user_id"] == person.id]
    assert {item["id"] for item in mine} == {approved["id"], rejected["id"], canceled["id"]}
    # The owner cancels one while it waits: the money comes back.
    assert_matches(person.post(f"{PAYOUTS}/{canceled['id']}/cancel", headers={"Idempotency-Key": key()}),
                   "POST", PAYOUTS + "/{id}/cancel")["status"] == "canceled"
    assert_error(person.post(f"{ADMIN}/{approved['id']}/approve"), 403)
    now = assert_matches(admin_client.post(f"{ADMIN}/{approved['id']}/approve"), "POST", ADMIN + "/{id}/approve")
    assert now["status"] == "approved" and now["approvals"] == 1
    assert_error(admin_client.post(f"{ADMIN}/{rejected['id']}/reject", json={"reason": "Not your card"}), 400)
    answer = assert_matches(admin_client.post(f"{ADMIN}/{rejected['id']}/reject", json={"reason": "Not your card"},
                                              headers={"Idempotency-Key": key()}), "POST", ADMIN + "/{id}/reject")
    assert answer["status"] == "rejected" and answer["reason"] == "Not your card"
    assert_error(admin_client.post(f"{ADMIN}/{rejected['id']}/approve"), 409)
    assert ended(person, approved["id"])["status"] == "succeeded"
    assert balances(person)["RUB"]["available"] == "34000.00"
    assert payout(person, rejected["id"])["reason"] == "Not your card"
