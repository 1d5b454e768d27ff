"""The safe deal over HTTP against docs/api/openapi.yaml: an order whose payment option is the safe deal and that
has its performer gets a deal; the customer adds and funds milestones (a hold on the wallet), the performer
delivers, the customer accepts (released minus the fee) or asks for changes, the performer refunds, either side
disputes and the admin splits. Only the two sides see it (404 for anyone else), money-moving steps are idempotent
(a retry answers the first answer), a short wallet is 409, an illegal step is 409 and bad input 422, in both
languages."""

from __future__ import annotations


import pytest

from checks import assert_error, assert_matches, field_errors
from marketplace import People, notification_kinds, order_in_progress
from money import balances, key, top_up

MILESTONE = "/api/deals/milestones/{id}/"


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=12, ru=2)
    yield made
    made.close()


def balance(person) -> dict:
    return balances(person).get("RUB", {"available": "0.00", "on_hold": "0.00"})


def safe_deal(people, lang: str = "en"):
    customer, performer = people.one(lang), people.one(lang)
    order, _ = order_in_progress(customer, performer, payment_option="safe_deal")
    return customer, performer, order


def get_deal(person, order_id: int) -> dict:
    return assert_matches(person.get(f"/api/orders/{order_id}/deal"), "GET", "/api/orders/{id}/deal")


def add(person, order_id: int, amount: str = "1000.00", title: str = "Design", **extra):
    return person.post(f"/api/orders/{order_id}/deal/milestones",
                       json={"title": title, "amount": amount, "currency": "RUB", **extra})


def added(person, order_id: int, amount: str = "1000.00", title: str = "Design") -> dict:
    deal = assert_matches(add(person, order_id, amount, title), "POST", "/api/orders/{id}/deal/milestones", 201)
    return deal["milestones"][-1]


def money(person, milestone_id: int, step: str, idempotency_key: str | None = None):
    return person.post(MILESTONE.format(id=milestone_id) + step, headers={"Idempotency-Key": idempotency_key or key()})


def moved(person, milestone_id: int, step: str, idempotency_key: str | None = None) -> dict:
    return assert_matches(money(person, milestone_id, step, idempotency_key), "POST",
                          "/api/deals/milestones/{id}/" + step)


def say(person, milestone_id: int, step: str, message: str = "Done, please have a look"):
    return person.post(MILESTONE.format(id=milestone_id) + step, json={"message": message})


def said(person, milestone_id: int, step: str, message: str = "Done, please have a look") -> dict:
    return assert_matches(say(person, milestone_id, step, message), "POST", "/api/deals/milestones/{id}/" + step)


def test_fund_deliver_accept_releases_the_money_minus_the_fee(people):
    customer, performer, order = safe_deal(people)
    top_up(customer, "3000.00")
    empty = get_deal(customer, order["id"])
    assert empty["id"] is None and empty["milestones"] == [] and empty["role"] == "customer"
    assert empty["fee_percent"] == 10 and empty["auto_release_days"] == 14
    milestone = added(customer, order["id"], "1000.00")
    assert milestone["status"] == "draft" and milestone["fee"] == "100.00" and milestone["payout"] == "900.00"
    assert milestone["actions"] == ["fund"]

    deal = moved(customer, milestone["id"], "fund")
    assert deal["milestones"][0]["status"] == "funded" and deal["in_escrow"] == "1000.00"
    assert balance(customer) == {"currency": "RUB", "available": "2000.00", "on_hold": "1000.00"}
    assert "deal_funded" in notification_kinds(performer, order["id"])

    seen = get_deal(performer, order["id"])
    assert seen["role"] == "performer" and seen["milestones"][0]["actions"] == ["deliver", "refund", "dispute"]
    deal = said(performer, milestone["id"], "deliver")
    assert deal["milestones"][0]["status"] == "delivered" and deal["milestones"][0]["auto_release_at"]
    assert "deal_delivered" in notification_kinds(customer, order["id"])

    deal = moved(customer, milestone["id"], "accept")
    assert deal["milestones"][0]["status"] == "released" and deal["milestones"][0]["fee_taken"] == "100.00"
    assert deal["released"] == "1000.00" and deal["in_escrow"] == "0.00"
    assert balance(customer) == {"currency": "RUB", "available": "2000.00", "on_hold": "0.00"}
    assert balance(performer)["available"] == "900.00"
    kinds = {line["kind"] for line in assert_matches(performer.get("/api/wallet/statement"), "GET",
                                                        "/api/wallet/statement")["items"]}
    assert kinds == {"deal_release"}
    listed = assert_matches(customer.get("/api/wallet/deals"), "GET", "/api/wallet/deals")["deals"]
    assert [d["order_id"] for d in listed] == [order["id"]] and listed[0]["role"] == "customer"


def test_changes_refund_and_a_dispute_the_admin_splits(people, admin_client):
    customer, performer, order = safe_deal(people)
    top_up(customer, "2000.00")
    first = added(customer, order["id"], "500.00", "Layout")
    second = added(customer, order["id"], "1000.00", "Development")
    moved(customer, first["id"], "fund")
    moved(customer, second["id"], "fund")
    said(performer, first["id"], "deliver")
    deal = said(customer, first["id"], "request-changes", "The header is too big")
    assert deal["milestones"][0]["status"] == "funded"
    assert deal["milestones"][0]["changes_message"] == "The header is too big"
    deal = moved(performer, first["id"], "refund")
    assert deal["milestones"][0]["status"] == "refunded" and deal["refunded"] == "500.00"

    deal = said(performer, second["id"], "dispute", "The customer stopped answering")
    assert deal["milestones"][1]["status"] == "disputed"
    assert "deal_disputed" in notification_kinds(customer, order["id"])
    # Frozen.
    assert_error(money(customer, second["id"], "accept"), 409, "Conflict")
    assert_error(money(performer, second["id"], "refund"), 409, "Conflict")
    # The admins' queue lists it, longest waiting first, with who opened it and why; nobody else sees the queue.
    assert_error(customer.get("/api/admin/deals/disputes"), 403)
    queue = assert_matches(admin_client.get("/api/admin/deals/disputes"), "GET", "/api/admin/deals/disputes")
    mine = [item for item in queue["disputes"] if item["milestone_id"] == second["id"]]
    assert len(mine) == 1, queue
    assert (mine[0]["order_id"], mine[0]["amount"], mine[0]["currency"], mine[0]["opened_by"], mine[0]["reason"]) == (
        order["id"], "1000.00", "RUB", "performer", "The customer stopped answering")
    assert [item["disputed_at"] for item in queue["disputes"]] == sorted(item["disputed_at"] for item in queue["disputes"])
    # Only an admin resolves.
    assert_error(customer.post(f"/api/admin/deals/milestones/{second['id']}/resolve", json={"release": "1.00"},
                               headers={"Idempotency-Key": key()}), 403)
    admin_view = get_deal(admin_client, order["id"])
    assert admin_view["role"] == "admin" and admin_view["milestones"][1]["actions"] == ["resolve"]
    response = admin_client.post(f"/api/admin/deals/milestones/{second['id']}/resolve", json={"release": "600.00"},
                                 headers={"Idempotency-Key": key()})
    deal = assert_matches(response, "POST", "/api/admin/deals/milestones/{id}/resolve")
    resolved = deal["milestones"][1]
    assert (resolved["status"], resolved["released"], resolved["fee_taken"], resolved["refunded"]) == (
        "resolved", "600.00", "60.00", "400.00")
    assert balance(performer)["available"] == "540.00"
    assert balance(customer) == {"currency": "RUB", "available": "1400.00", "on_hold": "0.00"}
    assert "deal_resolved" in notification_kinds(performer, order["id"])
    queue = assert_matches(admin_client.get("/api/admin/deals/disputes"), "GET", "/api/admin/deals/disputes")
    assert second["id"] not in [item["milestone_id"] for item in queue["disputes"]], "a resolved dispute leaves the queue"


def test_only_the_two_sides_see_the_deal(people):
    customer, performer, order = safe_deal(people)
    stranger = people.one()
    milestone = added(customer, order["id"])
    assert_error(stranger.get(f"/api/orders/{order['id']}/deal"), 404, "NotFound")
    assert_error(add(stranger, order["id"]), 404, "NotFound")
    assert_error(money(stranger, milestone["id"], "fund"), 404, "NotFound")
    assert_error(say(stranger, milestone["id"], "dispute"), 404, "NotFound")
    assert_error(people.guest().get(f"/api/orders/{order['id']}/deal"), 401)
    # The other side's steps are 403.
    assert_error(add(performer, order["id"]), 403)
    assert_error(money(performer, milestone["id"], "fund"), 403)
    # Not a safe deal: no deal at all.
    other, _ = order_in_progress(customer, performer, payment_option="no_prepayment")
    assert_error(customer.get(f"/api/orders/{other['id']}/deal"), 404, "NotFound")


def test_a_retry_answers_the_first_answer_and_moves_nothing_twice(people):
    customer, _, order = safe_deal(people)
    top_up(customer, "1000.00")
    milestone = added(customer, order["id"], "400.00")
    same = key()
    first = moved(customer, milestone["id"], "fund", same)
    again = moved(customer, milestone["id"], "fund", same)
    assert again == first
    assert balance(customer) == {"currency": "RUB", "available": "600.00", "on_hold": "400.00"}
    # Without a key nothing moves.
    response = customer.post(MILESTONE.format(id=milestone["id"]) + "accept")
    assert_error(response, 400)


def test_a_short_wallet_and_illegal_steps_are_409(people):
    customer, performer, order = safe_deal(people)
    milestone = added(customer, order["id"], "100.00")
    body = assert_error(money(customer, milestone["id"], "fund"), 409, "Conflict")
    assert body["message"] == "Not enough money in the wallet."
    assert balance(customer)["on_hold"] == "0.00"
    body = assert_error(say(performer, milestone["id"], "deliver"), 409, "Conflict")
    assert "not possible" in body["message"]
    assert_error(money(customer, milestone["id"], "accept"), 409, "Conflict")


def test_input_is_checked_in_both_languages(people):
    customer, _, order = safe_deal(people, "ru")
    assert field_errors(add(customer, order["id"], "10.001"), "amount") == ["Не больше 2 знаков после запятой."]
    assert field_errors(add(customer, order["id"], "-5"), "amount")
    assert field_errors(add(customer, order["id"], "abc"), "amount")
    assert field_errors(add(customer, order["id"], "10.00", deadline="tomorrow"), "deadline")
    added(customer, order["id"], "10.00")
    usd = customer.post(f"/api/orders/{order['id']}/deal/milestones",
                        json={"title": "More", "amount": "10.00", "currency": "USD"})
    assert field_errors(usd, "currency") == ["Сделка ведётся в RUB: все этапы — в одной валюте."]
    assert_error(add(customer, order["id"], title=""), 422)
    milestone = get_deal(customer, order["id"])["milestones"][0]
    assert_error(customer.post(MILESTONE.format(id=milestone["id"]) + "dispute", json={"message": ""}), 422)
