"""Bids, performer selection, invitations and personal job offers over HTTP against docs/api/openapi.yaml:
bidding once, preliminary vs final, withdrawing, selection (also two at once: exactly one wins), notifications,
duplicate invitations, and the 24-hour rule of a job offer.

The module runs on the fast-jobs server (conftest.py, jobs.interval = 1 s), so the expiry job that opens
unanswered personal orders runs every second; the test moves the deadline into the past with SQL and polls."""

import datetime
import threading

import pytest

from checks import assert_error, assert_matches, error_fields, field_errors
from marketplace import (CYRILLIC, People, bid_input, create_order, get_order, job_offer, listed_ids, message, my_ids,
                         not_open_messages, notification_kinds, notifications, order_input, parse_time, place_bid,
                         poll, rub, select, token, unchanged, usd)

pytestmark = pytest.mark.fast_jobs
EXPIRY_TIMEOUT = 20


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=19, ru=5)
    yield made
    made.close()


@pytest.fixture(scope="module")
def cast(people):
    """A customer, two performers and a stranger shared by the module's tests (each test makes its own orders)."""
    return tuple(people(4))


def bids_of(person, order_id: int) -> list[dict]:
    return assert_matches(person.get(f"/api/orders/{order_id}/bids"), "GET", "/api/orders/{id}/bids")["items"]


def invitations_of(person, side: str = "performer") -> list[dict]:
    return assert_matches(person.get("/api/invitations", params={"as": side}), "GET", "/api/invitations")["items"]


# --- bidding --------------------------------------------------------------------------------------------------------


def test_bid_on_an_order(people, cast):
    customer = cast[0]
    performer = people.one()
    order = create_order(customer)
    body = bid_input(comment="Сделаю за неделю, есть похожие работы.", term_days=6, price=rub(40_000))
    response = performer.post(f"/api/orders/{order['id']}/bids", json=body)
    created = assert_matches(response, "POST", "/api/orders/{id}/bids", 201)
    assert created["first_bid"] is True, "the first bid ever: the SPA prompts to complete the profile"
    bid = created["bid"]
    assert bid["order_id"] == order["id"] and bid["performer"]["id"] == performer.id
    assert "email" not in bid["performer"]
    assert bid["kind"] == "final" and bid["comment"] == body["comment"] and bid["term_days"] == 6
    assert bid["price"] == {"amount": 4_000_000, "currency": "RUB"} and bid["status"] == "active"

    seen_by_performer = get_order(performer, order["id"])
    assert seen_by_performer["my_bid"] == bid and seen_by_performer["bid_count"] == 1
    assert seen_by_performer["viewer"]["can_bid"] is False, "one bid per order"
    assert get_order(customer, order["id"])["bid_count"] == 1
    assert bids_of(customer, order["id"]) == [bid]
    assert "bid_received" in notification_kinds(customer, order["id"])

    second = performer.post(f"/api/orders/{create_order(customer)['id']}/bids", json=bid_input(price=usd(300)))
    second = assert_matches(second, "POST", "/api/orders/{id}/bids", 201)
    assert second["first_bid"] is False
    assert second["bid"]["price"] == {"amount": 30_000, "currency": "USD"}


def test_customer_sees_every_bid_oldest_first(cast):
    customer, first, second, stranger = cast
    order = create_order(customer)
    a = place_bid(first, order["id"])
    b = place_bid(second, order["id"])
    assert [bid["id"] for bid in bids_of(customer, order["id"])] == [a["id"], b["id"]]
    assert [bid["id"] for bid in bids_of(first, order["id"])] == [a["id"]]
    assert [bid["id"] for bid in bids_of(second, order["id"])] == [b["id"]]
    customer_view = customer.get(f"/api/orders/{order['id']}/bids")
    assert first.email not in customer_view.text and second.email not in customer_view.text
    received = [n for n in notifications(customer) if n["kind"] == "bid_received"
                and n["payload"].get("order_id") == order["id"]]
    assert len(received) == 2 and all(n["payload"].get("user_name") for n in received), received
    response = stranger.get(f"/api/orders/{order['id']}/bids")
    assert assert_matches(response, "GET", "/api/orders/{id}/bids")["items"] == []
    assert a["comment"] not in response.text and b["comment"] not in response.text
    assert_error(customer.get("/api/orders/999999999/bids"), 404, "NotFound")


def test_second_bid_is_409(cast):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    before = get_order(customer, order["id"])
    body = assert_error(performer.post(f"/api/orders/{order['id']}/bids", json=bid_input()), 409, "Conflict")
    assert body["message"] == message("en", "bids:duplicate"), body
    unchanged(customer, order["id"], before)
    assert [b["id"] for b in bids_of(customer, order["id"])] == [bid["id"]]


def test_no_bid_on_own_order(cast):
    customer = cast[0]
    order = create_order(customer)
    before = get_order(customer, order["id"])
    body = assert_error(customer.post(f"/api/orders/{order['id']}/bids", json=bid_input()), (403, 409))
    assert body["message"] == message("en", "bids:own_order"), body
    unchanged(customer, order["id"], before)
    assert bids_of(customer, order["id"]) == []


def test_no_bid_on_a_missing_order(cast):
    assert_error(cast[1].post("/api/orders/999999999/bids", json=bid_input()), 404, "NotFound")


@pytest.mark.parametrize("overrides, field", [
    ({"kind": "maybe"}, "kind"),
    ({"kind": None}, "kind"),
    ({"comment": ""}, "comment"),
    ({"comment": "x" * 5001}, "comment"),
    ({"comment": 42}, "comment"),
    ({"term_days": 0}, "term_days"),
    ({"term_days": 366}, "term_days"),
    ({"term_days": "week"}, "term_days"),
    ({"term_days": 7.5}, "term_days"),
    ({"price": None}, "price"),
])
def test_bid_validation(cast, overrides, field):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    body = bid_input(**overrides)
    if overrides.get("kind", "") is None:
        body.pop("kind")
    field_errors(performer.post(f"/api/orders/{order['id']}/bids", json=body), field)
    assert get_order(customer, order["id"])["bid_count"] == 0


@pytest.mark.parametrize("price", [{"amount": 0, "currency": "RUB"}, {"amount": 100, "currency": "XYZ"},
                                   {"amount": 100}, {"amount": 100.5, "currency": "RUB"},
                                   {"amount": 100, "currency": "rub"}])
def test_bid_price_validation(cast, price):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    fields = error_fields(performer.post(f"/api/orders/{order['id']}/bids", json=bid_input(price=price)))
    assert any(field.startswith("price") for field in fields), fields


def test_final_bid_needs_a_price_in_both_languages(people, cast):
    order = create_order(cast[0])
    for lang in ("en", "ru"):
        performer = people.one(lang)
        messages = field_errors(performer.post(f"/api/orders/{order['id']}/bids",
                                               json=bid_input(price=None)), "price")
        assert message(lang, "bids:price_required") in messages, messages


def test_preliminary_bid_cannot_be_selected_until_final(cast):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    response = performer.post(f"/api/orders/{order['id']}/bids",
                              json=bid_input(kind="preliminary", price=None, comment="Estimate after a call"))
    assert response.status_code == 201, response.text
    bid = response.json()["bid"]
    assert bid["kind"] == "preliminary" and bid["price"] is None

    before = get_order(customer, order["id"])
    body = assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": bid["id"]}),
                        409, "Conflict")
    assert body["message"] == message("en", "bids:preliminary"), body
    unchanged(customer, order["id"], before)
    assert bids_of(customer, order["id"])[0]["status"] == "active"

    field_errors(performer.patch(f"/api/bids/{bid['id']}", json=bid_input(kind="final", price=None)), "price")
    response = performer.patch(f"/api/bids/{bid['id']}",
                               json=bid_input(kind="final", price=rub(30_000), comment="Final after the call"))
    assert response.status_code == 200, response.text
    final = response.json()
    assert final["id"] == bid["id"] and final["kind"] == "final" and final["price"] == rub(30_000)
    assert final["comment"] == "Final after the call" and final["created_at"] == bid["created_at"]

    selected = select(customer, order["id"], bid["id"])
    assert selected["state"] == "in_progress" and selected["performer"]["id"] == performer.id


def test_edit_and_withdraw_a_bid(cast):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    response = performer.patch(f"/api/bids/{bid['id']}", json=bid_input(term_days=3, price=rub(39_000),
                                                                          comment="Faster and cheaper"))
    edited = assert_matches(response, "PATCH", "/api/bids/{id}")
    assert edited["term_days"] == 3 and edited["comment"] == "Faster and cheaper"
    assert get_order(performer, order["id"])["my_bid"]["term_days"] == 3
    field_errors(performer.patch(f"/api/bids/{bid['id']}", json=bid_input(term_days=0)), "term_days")

    response = performer.delete(f"/api/bids/{bid['id']}")
    assert assert_matches(response, "DELETE", "/api/bids/{id}") == {}
    assert bids_of(customer, order["id"]) == []
    after = get_order(performer, order["id"])
    assert after["bid_count"] == 0 and after["my_bid"] is None
    assert_error(performer.delete(f"/api/bids/{bid['id']}"), 404, "NotFound")
    assert_error(performer.patch(f"/api/bids/{bid['id']}", json=bid_input()), 404, "NotFound")


def test_another_users_bid_cannot_be_changed(cast):
    customer, performer, other, stranger = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    for actor in (other, stranger, customer):
        response = actor.patch(f"/api/bids/{bid['id']}", json=bid_input(comment="Taken over"))
        assert_error(response, (403, 404))
        assert bid["comment"] not in response.text
        assert_error(actor.delete(f"/api/bids/{bid['id']}"), (403, 404))
    assert bids_of(customer, order["id"]) == [bid]


def test_bid_on_an_order_in_progress_is_409(cast):
    customer, performer, late, _ = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    select(customer, order["id"], bid["id"])
    before = get_order(customer, order["id"])
    body = assert_error(late.post(f"/api/orders/{order['id']}/bids", json=bid_input()), 409, "Conflict")
    assert body["message"] in not_open_messages("en", "in_progress"), body
    unchanged(customer, order["id"], before)


def test_no_withdraw_or_edit_after_selection(cast):
    customer, winner, loser, _ = cast
    order = create_order(customer)
    won = place_bid(winner, order["id"])
    lost = place_bid(loser, order["id"])
    select(customer, order["id"], won["id"])
    before = get_order(customer, order["id"])
    bids_before = bids_of(customer, order["id"])
    for person, bid in ((winner, won), (loser, lost)):
        assert_error(person.delete(f"/api/bids/{bid['id']}"), 409, "Conflict")
        assert_error(person.patch(f"/api/bids/{bid['id']}", json=bid_input()), 409, "Conflict")
    assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": lost["id"]}), 409, "Conflict")
    assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": won["id"]}), 409, "Conflict")
    unchanged(customer, order["id"], before)
    assert bids_of(customer, order["id"]) == bids_before


# --- selection ------------------------------------------------------------------------------------------------------


def test_selection_tells_the_other_bidders(people, cast):
    customer = cast[0]
    winner, loser, other_loser = people(3)
    order = create_order(customer)
    won = place_bid(winner, order["id"])
    lost = place_bid(loser, order["id"])
    place_bid(other_loser, order["id"])
    changed = select(customer, order["id"], won["id"])
    assert changed["state"] == "in_progress" and changed["performer"]["id"] == winner.id
    assert changed["viewer"]["can_complete"] is True
    statuses = {bid["id"]: bid["status"] for bid in bids_of(customer, order["id"])}
    assert statuses[won["id"]] == "selected" and statuses[lost["id"]] == "rejected"
    assert sorted(statuses.values()) == ["rejected", "rejected", "selected"]
    assert get_order(winner, order["id"])["viewer"]["is_performer"] is True
    assert get_order(loser, order["id"])["my_bid"]["status"] == "rejected"

    assert "bid_selected" in notification_kinds(winner, order["id"])
    for person in (loser, other_loser):
        kinds = notification_kinds(person, order["id"])
        assert "bid_rejected" in kinds and "bid_selected" not in kinds, kinds
    assert "bid_rejected" not in notification_kinds(winner, order["id"])
    # notifications() checks every item against the Notification schema.
    item = next(n for n in notifications(loser) if n["kind"] == "bid_rejected")
    assert item["read"] is False
    assert item["payload"]["order_name"] == order["name"]


def test_mark_notifications_read(people, cast):
    customer = cast[0]
    performer = people.one()
    order = create_order(customer)
    select(customer, order["id"], place_bid(performer, order["id"])["id"])
    body = assert_matches(performer.get("/api/notifications"), "GET", "/api/notifications")
    assert body["unread"] >= 1 and any(not n["read"] for n in body["items"])
    response = performer.post("/api/notifications/read", json={})
    assert assert_matches(response, "POST", "/api/notifications/read") == {}
    body = performer.get("/api/notifications").json()
    assert body["unread"] == 0 and all(n["read"] for n in body["items"]) and body["items"]


def test_select_validation(cast):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    other_order = create_order(customer)
    elsewhere = place_bid(performer, other_order["id"])
    before = get_order(customer, order["id"])
    field_errors(customer.post(f"/api/orders/{order['id']}/select", json={}), "bid_id")
    field_errors(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": "first"}), "bid_id")
    assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": elsewhere["id"]}),
                 (404, 422))
    assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": 999999999}), (404, 422))
    unchanged(customer, order["id"], before)
    assert bids_of(customer, other_order["id"])[0]["status"] == "active"
    assert_error(customer.post("/api/orders/999999999/select", json={"bid_id": elsewhere["id"]}), 404, "NotFound")


def test_concurrent_selection_picks_exactly_one(people, cast):
    customer, first, second, _ = cast
    sessions = [customer.second_session(people.clients), customer.second_session(people.clients)]
    for _ in range(3):
        order = create_order(customer)
        bids = [place_bid(first, order["id"]), place_bid(second, order["id"])]
        barrier = threading.Barrier(2)
        results: list = [None, None]

        def choose(index: int) -> None:
            barrier.wait(timeout=10)
            results[index] = sessions[index].post(f"/api/orders/{order['id']}/select",
                                                  json={"bid_id": bids[index]["id"]})

        threads = [threading.Thread(target=choose, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        statuses = sorted(r.status_code for r in results)
        assert statuses == [200, 409], [(r.status_code, r.text[:300]) for r in results]
        loser = next(r for r in results if r.status_code == 409)
        assert_error(loser, 409, "Conflict")
        winner_index = next(i for i, r in enumerate(results) if r.status_code == 200)
        final = get_order(customer, order["id"])
        assert final["state"] == "in_progress"
        assert final["performer"]["id"] == bids[winner_index]["performer"]["id"]
        selected = [bid for bid in bids_of(customer, order["id"]) if bid["status"] == "selected"]
        assert [bid["id"] for bid in selected] == [bids[winner_index]["id"]]


def race(*calls):
    """Runs the calls at the same moment on their own threads; returns their responses in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait(timeout=10)
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert all(r is not None for r in results), "a racing request did not finish"
    return results


def test_concurrent_duplicate_bids_make_one_bid(people, cast):
    customer, performer = cast[0], cast[1]
    sessions = [performer.client, performer.second_session(people.clients)]
    order = create_order(customer)
    results = race(*[lambda c=c: c.post(f"/api/orders/{order['id']}/bids", json=bid_input()) for c in sessions])
    assert sorted(r.status_code for r in results) == [201, 409], [(r.status_code, r.text[:300]) for r in results]
    assert_error(next(r for r in results if r.status_code == 409), 409, "Conflict")
    assert len(bids_of(customer, order["id"])) == 1
    assert get_order(customer, order["id"])["bid_count"] == 1


def test_accepting_an_invitation_races_with_selecting_a_bid(people, cast):
    customer, bidder, invited, _ = cast
    # Several rounds: a lock-order problem between the two paths shows up as a deadlock (500) only sometimes.
    for _ in range(8):
        order = create_order(customer)
        bid = place_bid(bidder, order["id"])
        invitation = customer.post(f"/api/orders/{order['id']}/invitations",
                                   json={"performer_id": invited.id}).json()
        results = race(lambda: customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": bid["id"]}),
                       lambda: invited.post(f"/api/invitations/{invitation['id']}/accept", json={}))
        assert sorted(r.status_code for r in results) == [200, 409], [(r.status_code, r.text[:300]) for r in results]
        final = get_order(customer, order["id"])
        assert final["state"] == "in_progress"
        winner = bidder if results[0].status_code == 200 else invited
        assert final["performer"]["id"] == winner.id
        statuses = [b["status"] for b in bids_of(customer, order["id"])]
        assert statuses == (["selected"] if winner is bidder else ["rejected"]) or (
            winner is invited and statuses == ["active"]), statuses


def test_two_invited_performers_accept_at_once(cast):
    customer, first, second, _ = cast
    for _ in range(4):
        order = create_order(customer)
        invitations = [customer.post(f"/api/orders/{order['id']}/invitations", json={"performer_id": p.id}).json()
                       for p in (first, second)]
        results = race(lambda: first.post(f"/api/invitations/{invitations[0]['id']}/accept", json={}),
                       lambda: second.post(f"/api/invitations/{invitations[1]['id']}/accept", json={}))
        assert sorted(r.status_code for r in results) == [200, 409], [(r.status_code, r.text[:300]) for r in results]
        winner = first if results[0].status_code == 200 else second
        final = get_order(customer, order["id"])
        assert final["state"] == "in_progress" and final["performer"]["id"] == winner.id
        statuses = {i["order_id"]: i["status"] for i in invitations_of(winner)}
        assert statuses[order["id"]] == "accepted", statuses


def test_withdrawing_or_editing_races_with_selecting_another_bid(cast):
    customer, chosen, other, _ = cast
    for round_number in range(6):
        order = create_order(customer)
        selected = place_bid(chosen, order["id"])
        moving = place_bid(other, order["id"])
        if round_number % 2:
            change = lambda: other.delete(f"/api/bids/{moving['id']}")  # noqa: E731
        else:
            change = lambda: other.patch(f"/api/bids/{moving['id']}", json=bid_input(term_days=2))  # noqa: E731
        results = race(lambda: customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": selected["id"]}),
                       change)
        codes = [r.status_code for r in results]
        # Either the change lands first (both 200) or the selection does (the change is 409); never a 500.
        assert codes[0] == 200 and codes[1] in (200, 409), [(r.status_code, r.text[:300]) for r in results]
        final = get_order(customer, order["id"])
        assert final["state"] == "in_progress" and final["performer"]["id"] == chosen.id


def test_accepting_after_someone_else_was_selected_is_409(cast):
    customer, bidder, invited, _ = cast
    order = create_order(customer)
    bid = place_bid(bidder, order["id"])
    invitation = customer.post(f"/api/orders/{order['id']}/invitations", json={"performer_id": invited.id}).json()
    select(customer, order["id"], bid["id"])
    before = get_order(customer, order["id"])
    assert_error(invited.post(f"/api/invitations/{invitation['id']}/accept", json={}), 409, "Conflict")
    unchanged(customer, order["id"], before)
    assert get_order(customer, order["id"])["performer"]["id"] == bidder.id

    closed = create_order(customer)
    invitation = customer.post(f"/api/orders/{closed['id']}/invitations", json={"performer_id": invited.id}).json()
    assert customer.post(f"/api/orders/{closed['id']}/close", json={}).status_code == 200
    before = get_order(customer, closed["id"])
    assert_error(invited.post(f"/api/invitations/{invitation['id']}/accept", json={}), 409, "Conflict")
    unchanged(customer, closed["id"], before)


def test_closing_races_with_selecting(people, cast):
    customer, performer = cast[0], cast[1]
    other = customer.second_session(people.clients)
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    results = race(lambda: customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": bid["id"]}),
                   lambda: other.post(f"/api/orders/{order['id']}/close", json={}))
    assert sorted(r.status_code for r in results) == [200, 409], [(r.status_code, r.text[:300]) for r in results]
    final = get_order(customer, order["id"])
    if results[0].status_code == 200:
        assert final["state"] == "in_progress" and final["performer"]["id"] == performer.id
    else:
        assert final["state"] == "closed" and final["performer"] is None
        assert bids_of(customer, order["id"])[0]["status"] == "active"


def test_expired_order_cannot_be_selected_or_offered(artel, cast):
    customer, performer, invited, _ = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    artel.sql(f"UPDATE orders.orders SET deadline_at = now() - interval '1 minute' WHERE id = {order['id']}")
    before = get_order(customer, order["id"])
    assert before["state"] == "expired"
    assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": bid["id"]}), 409, "Conflict")
    assert_error(customer.post(f"/api/orders/{order['id']}/invitations", json={"performer_id": invited.id}),
                 409, "Conflict")
    assert_error(performer.patch(f"/api/bids/{bid['id']}", json=bid_input()), 409, "Conflict")
    unchanged(customer, order["id"], before)


# --- invitations ----------------------------------------------------------------------------------------------------


def test_invite_to_an_open_order(people, cast):
    customer = cast[0]
    performer = people.one()
    order = create_order(customer)
    response = customer.post(f"/api/orders/{order['id']}/invitations", json={"performer_id": performer.id})
    invitation = assert_matches(response, "POST", "/api/orders/{id}/invitations", 201)
    assert invitation["order_id"] == order["id"] and invitation["order_name"] == order["name"]
    assert invitation["customer"]["id"] == customer.id and invitation["performer"]["id"] == performer.id
    assert invitation["status"] == "pending"
    lifetime = parse_time(invitation["expires_at"]) - parse_time(invitation["created_at"])
    assert abs(lifetime - datetime.timedelta(hours=24)) < datetime.timedelta(minutes=1), lifetime

    assert [i["id"] for i in invitations_of(performer)] == [invitation["id"]]
    assert invitation["id"] in [i["id"] for i in invitations_of(customer, "customer")]
    assert invitations_of(performer, "customer") == []
    assert get_order(performer, order["id"])["invitation"]["id"] == invitation["id"]
    assert "invitation_received" in notification_kinds(performer, order["id"])

    response = performer.post(f"/api/invitations/{invitation['id']}/accept", json={})
    accepted = assert_matches(response, "POST", "/api/invitations/{id}/accept")
    assert accepted["state"] == "in_progress" and accepted["performer"]["id"] == performer.id
    assert invitations_of(performer)[0]["status"] == "accepted"
    assert "invitation_accepted" in notification_kinds(customer, order["id"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_duplicate_invitation_is_409_with_the_message(people, lang):
    customer, performer = people(2, lang)
    order = create_order(customer)
    assert customer.post(f"/api/orders/{order['id']}/invitations",
                         json={"performer_id": performer.id}).status_code == 201
    body = assert_error(customer.post(f"/api/orders/{order['id']}/invitations",
                                      json={"performer_id": performer.id}), 409, "Conflict")
    expected = {"en": "You have already sent an invitation for this order",
                "ru": "Вы уже отправили приглашение на этот заказ"}[lang]
    assert body["message"] == expected, body
    assert len(invitations_of(performer)) == 1


def test_invitation_rules(cast):
    customer, performer, other, stranger = cast
    order = create_order(customer)
    before = get_order(customer, order["id"])
    body = assert_error(customer.post(f"/api/orders/{order['id']}/invitations",
                                      json={"performer_id": customer.id}), (409, 422))
    assert message("en", "bids:invitations.self") in str(body), body
    assert_error(customer.post(f"/api/orders/{order['id']}/invitations",
                               json={"performer_id": 999999999}), (404, 422))
    field_errors(customer.post(f"/api/orders/{order['id']}/invitations", json={}), "performer_id")
    assert_error(stranger.post(f"/api/orders/{order['id']}/invitations",
                               json={"performer_id": performer.id}), (403, 404))
    unchanged(customer, order["id"], before)
    assert customer.post(f"/api/orders/{order['id']}/close", json={}).status_code == 200
    assert_error(customer.post(f"/api/orders/{order['id']}/invitations", json={"performer_id": other.id}),
                 409, "Conflict")
    field_errors(performer.get("/api/invitations", params={"as": "admin"}), "as")


def test_answered_invitations_cannot_be_answered_again(people, cast):
    customer = cast[0]
    performer, stranger = people(2)
    declined_order = create_order(customer)
    accepted_order = create_order(customer)
    declined = customer.post(f"/api/orders/{declined_order['id']}/invitations",
                             json={"performer_id": performer.id}).json()
    accepted = customer.post(f"/api/orders/{accepted_order['id']}/invitations",
                             json={"performer_id": performer.id}).json()

    for invitation in (declined, accepted):
        for action in ("accept", "decline"):
            response = stranger.post(f"/api/invitations/{invitation['id']}/{action}", json={})
            assert_error(response, (403, 404))
            assert invitation["order_name"] not in response.text
        # The customer cannot answer their own offer either.
        assert_error(customer.post(f"/api/invitations/{invitation['id']}/accept", json={}), (403, 404))

    response = performer.post(f"/api/invitations/{declined['id']}/decline", json={})
    answered = assert_matches(response, "POST", "/api/invitations/{id}/decline")
    assert answered["status"] == "declined" and answered["id"] == declined["id"]
    assert "invitation_declined" in notification_kinds(customer, declined_order["id"])
    assert performer.post(f"/api/invitations/{accepted['id']}/accept", json={}).status_code == 200

    before = {order_id: get_order(customer, order_id) for order_id in (declined_order["id"], accepted_order["id"])}
    for invitation in (declined, accepted):
        for action in ("accept", "decline"):
            body = assert_error(performer.post(f"/api/invitations/{invitation['id']}/{action}", json={}),
                                409, "Conflict")
            assert body["message"] == message("en", "bids:invitations.answered"), body
    for order_id, snapshot in before.items():
        unchanged(customer, order_id, snapshot)
    assert get_order(customer, declined_order["id"])["state"] == "search"
    assert_error(performer.post("/api/invitations/999999999/accept", json={}), 404, "NotFound")


# --- personal job offers and the 24-hour rule -----------------------------------------------------------------------


def assert_hidden_from(person, order: dict) -> None:
    response = person.get(f"/api/orders/{order['id']}")
    assert_error(response, 404, "NotFound")
    assert order["name"] not in response.text
    assert_error(person.get(f"/api/orders/{order['id']}/bids"), 404, "NotFound")
    response = person.post(f"/api/orders/{order['id']}/bids", json=bid_input())
    assert_error(response, 404, "NotFound")


def test_job_offer_is_personal_until_accepted(people, cast):
    customer = cast[0]
    performer, stranger = people(2)
    word = token()
    order, invitation = job_offer(customer, performer, name=f"Personal offer {word}")
    assert order["personal"] is True and order["state"] == "search"
    assert invitation["order_id"] == order["id"] and invitation["status"] == "pending"
    assert invitation["performer"]["id"] == performer.id

    assert_hidden_from(stranger, order)
    guest = people.guest()
    assert_error(guest.get(f"/api/orders/{order['id']}"), 404, "NotFound")
    assert order["id"] not in listed_ids(guest)
    assert order["id"] not in listed_ids(stranger, q=word)
    counts = guest.get("/api/orders/counts", params={"q": word}).json()
    assert counts["total"] == 0, counts
    assert order["id"] not in my_ids(stranger, **{"as": "performer"})

    seen = get_order(performer, order["id"])
    assert seen["personal"] is True and seen["invitation"]["id"] == invitation["id"]
    assert order["id"] in my_ids(customer) and order["id"] in my_ids(performer, **{"as": "performer"})
    assert invitation["id"] in [i["id"] for i in invitations_of(performer)]

    response = performer.post(f"/api/invitations/{invitation['id']}/accept", json={})
    assert response.status_code == 200, response.text
    assert response.json()["state"] == "in_progress" and response.json()["performer"]["id"] == performer.id
    assert order["id"] not in listed_ids(guest)


def test_declined_job_offer_opens_to_everybody(people, cast):
    customer = cast[0]
    performer, stranger = people(2)
    order, invitation = job_offer(customer, performer)
    response = performer.post(f"/api/invitations/{invitation['id']}/decline", json={})
    assert response.status_code == 200, response.text
    opened = get_order(stranger, order["id"])
    assert opened["personal"] is False and opened["state"] == "search"
    assert opened["viewer"]["can_bid"] is True
    assert order["id"] in listed_ids(people.guest())
    place_bid(stranger, order["id"])


def test_job_offer_validation(cast):
    customer, performer = cast[0], cast[1]
    field_errors(customer.post("/api/job-offers", json=order_input()), "performer_id")
    fields = error_fields(customer.post("/api/job-offers", json={**order_input(name="abc"),
                                                                 "performer_id": performer.id}))
    assert "name" in fields, fields
    assert_error(customer.post("/api/job-offers", json={**order_input(), "performer_id": customer.id}), 422)
    assert_error(customer.post("/api/job-offers", json={**order_input(), "performer_id": 999999999}),
                 (404, 422))


def test_unanswered_job_offer_opens_after_24_hours(artel, people, cast):
    customer = cast[0]
    performer, stranger = people(2, "ru")
    order, invitation = job_offer(customer, performer)
    waiting, _ = job_offer(customer, performer)
    assert_hidden_from(stranger, order)

    # One transaction: the job runs every second and may open the order between two separate statements.
    artel.sql(f"BEGIN; UPDATE orders.orders SET opens_at = now() - interval '1 minute' WHERE id = {order['id']}; "
              f"UPDATE bids.invitations SET expires_at = now() - interval '1 minute' WHERE id = {invitation['id']}; "
              "COMMIT;")

    def opened():
        response = stranger.get(f"/api/orders/{order['id']}")
        return response.json() if response.status_code == 200 else None

    public = poll(opened, EXPIRY_TIMEOUT, what="the unanswered personal order opening to everybody")
    assert public["personal"] is False and public["state"] == "search"
    assert public["viewer"]["can_bid"] is True
    assert order["id"] in listed_ids(people.guest())
    status = {i["id"]: i["status"] for i in invitations_of(performer)}[invitation["id"]]
    assert status == "expired", status
    # docs/architecture.md: the customer gets one order_opened notification.
    assert notification_kinds(customer, order["id"]).count("order_opened") == 1

    before = get_order(customer, order["id"])
    body = assert_error(performer.post(f"/api/invitations/{invitation['id']}/accept", json={}), 409, "Conflict")
    assert CYRILLIC.search(body["message"]), body
    assert body["message"] in (message("ru", "bids:invitations.expired"), message("ru", "bids:invitations.answered")), body
    unchanged(customer, order["id"], before)
    place_bid(stranger, order["id"])
    # The job has run meanwhile; an offer whose 24 hours have not passed stays personal.
    assert_hidden_from(stranger, waiting)
    assert get_order(performer, waiting["id"])["personal"] is True


def test_bid_comment_counts_characters(cast):
    customer, performer = cast[0], cast[1]
    order = create_order(customer)
    assert len(place_bid(performer, order["id"], comment="Ж" * 5000)["comment"]) == 5000
