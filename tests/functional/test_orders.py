"""Orders over HTTP against docs/api/openapi.yaml: create/read/edit/delete, the state machine (every illegal
transition is 409 and changes nothing), authorization, the public list with its filters, full-text search,
keyset pagination and counts, "my orders" for both sides, and file attachments."""

import decimal
import json
import urllib.parse

import pytest
import requests

from checks import assert_error, assert_matches, error_fields, field_errors
from conftest import api_login
from marketplace import (ALMATY, CYRILLIC, DESIGN, DEVELOPMENT, KAZAKHSTAN, LOGO_BRANDING, MOBILE_APPS, MOSCOW,
                         RUSSIA, SKILL_FIGMA, SKILL_PYTHON, SKILL_REACT, TEXTS, UNKNOWN_BYTES, WEB_DEVELOPMENT,
                         People, create_order, get_order, illegal_transition, in_days, job_offer, list_orders,
                         listed_ids, message, my_ids, not_open_messages, order_in_progress, order_input, parse_time,
                         pdf_bytes, place_bid, png_bytes, rub, token, unchanged, upload, usd, user_order_ids)

# The viewer's flags, each false for a guest.
VIEWER_KEYS = {"is_customer", "is_performer", "can_edit", "can_delete", "can_close", "can_reopen", "can_complete",
               "can_bid", "can_review", "can_invite"}


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=8, ru=4)
    yield made
    made.close()


@pytest.fixture(scope="module")
def cast(people):
    """A customer, a performer and a stranger shared by the module's tests (each test makes its own orders)."""
    customer, performer, stranger = people(3)
    return customer, performer, stranger


# --- create and read ------------------------------------------------------------------------------------------------


def test_create_and_read_an_order(cast, people):
    customer, performer, _ = cast
    body = order_input(name="Интернет-магазин на React", budget=rub(120_000), payment_option="safe_deal",
                       skill_ids=[SKILL_REACT, SKILL_PYTHON], country_id=RUSSIA, city_id=MOSCOW,
                       description=" ".join(["Нужен интернет-магазин: каталог, корзина, оплата картой."] * 12))
    order = assert_matches(customer.post("/api/orders", json=body), "POST", "/api/orders", 201)
    assert isinstance(order["id"], int)
    assert order["name"] == body["name"] and order["description"] == body["description"]
    assert len(order["excerpt"]) <= 300 and body["description"].startswith(order["excerpt"].rstrip("…. "))
    assert order["category_id"] == DEVELOPMENT and order["specialization_id"] == WEB_DEVELOPMENT
    assert sorted(order["skill_ids"]) == [SKILL_PYTHON, SKILL_REACT]
    assert order["budget"] == {"amount": 12_000_000, "currency": "RUB"}
    assert order["payment_option"] == "safe_deal"
    assert order["country_id"] == RUSSIA and order["city_id"] == MOSCOW
    assert order["state"] == "search" and order["personal"] is False
    assert order["customer"]["id"] == customer.id
    assert "email" not in order["customer"]
    assert order["performer"] is None and order["bid_count"] == 0
    assert order["attachments"] == [] and order["my_bid"] is None and order["invitation"] is None
    assert order["reviews"] == []
    viewer = order["viewer"]
    assert viewer["is_customer"] is True and viewer["can_edit"] and viewer["can_delete"] and viewer["can_close"]
    assert not viewer["can_bid"] and not viewer["can_complete"] and not viewer["can_reopen"]

    assert get_order(customer, order["id"]) == order

    as_performer = get_order(performer, order["id"])
    assert as_performer["viewer"]["is_customer"] is False and as_performer["viewer"]["can_bid"] is True
    assert not as_performer["viewer"]["can_edit"] and not as_performer["viewer"]["can_close"]
    guest = get_order(people.guest(), order["id"])
    assert guest["name"] == body["name"] and guest["viewer"]["can_bid"] is False
    assert not any(guest["viewer"][flag] for flag in VIEWER_KEYS), guest["viewer"]


def test_order_by_agreement(cast):
    customer, _, _ = cast
    order = create_order(customer, budget=None, deadline_at=None, specialization_id=None, skill_ids=[])
    assert order["budget"] is None and order["deadline_at"] is None and order["specialization_id"] is None
    assert order["skill_ids"] == []
    # Absent is the same as null.
    body = order_input()
    for key in ("budget", "deadline_at", "specialization_id", "skill_ids", "country_id", "city_id"):
        body.pop(key)
    created = assert_matches(customer.post("/api/orders", json=body), "POST", "/api/orders", 201)
    assert created["budget"] is None and created["deadline_at"] is None


def test_missing_order_is_404(cast, people):
    customer, _, _ = cast
    assert_error(customer.get("/api/orders/999999999"), 404, "NotFound")
    assert_error(people.guest().get("/api/orders/999999999"), 404, "NotFound")
    assert_error(customer.get("/api/orders/abc"), 404, "NotFound")


# --- validation -----------------------------------------------------------------------------------------------------


def test_create_reports_every_bad_field_at_once(cast):
    customer, _, _ = cast
    response = customer.post("/api/orders", json={
        "name": "abc", "description": "too short", "category_id": 999, "payment_option": "cash",
        "budget": {"amount": 0, "currency": "RUB"}, "deadline_at": "2020-01-01T00:00:00Z"})
    # The schema's errors come first, every one at once; the service's (the catalog, a past deadline) in the
    # next 422, once the shapes are right.
    fields = error_fields(response)
    assert {"name", "description", "payment_option"} <= fields, fields
    assert any(field.startswith("budget") for field in fields), fields
    response = customer.post("/api/orders", json=order_input(category_id=999, deadline_at="2020-01-01T00:00:00Z",
                                                             budget={"amount": 10 ** 16, "currency": "RUB"}))
    fields = error_fields(response)
    assert {"category_id", "deadline_at", "budget"} <= fields, fields


@pytest.mark.parametrize("overrides, field", [
    ({"name": None}, "name"),
    ({"name": 12345}, "name"),
    ({"name": "abcd"}, "name"),
    ({"name": "x" * 201}, "name"),
    ({"description": "short"}, "description"),
    ({"description": "x" * 20001}, "description"),
    ({"category_id": 999}, "category_id"),
    ({"category_id": "development"}, "category_id"),
    ({"specialization_id": LOGO_BRANDING}, "specialization_id"),
    ({"specialization_id": 999999}, "specialization_id"),
    ({"skill_ids": [999999]}, "skill_ids"),
    ({"skill_ids": list(range(1, 12))}, "skill_ids"),
    ({"payment_option": "cash"}, "payment_option"),
    ({"payment_option": None}, "payment_option"),
    ({"deadline_at": "2020-01-01T00:00:00Z"}, "deadline_at"),
    ({"deadline_at": "next friday"}, "deadline_at"),
    ({"country_id": 999999}, "country_id"),
    ({"country_id": RUSSIA, "city_id": ALMATY}, "city_id"),
    ({"attachment_ids": [999999999]}, "attachment_ids"),
])
def test_create_validation(cast, overrides, field):
    customer, _, _ = cast
    body = order_input(**overrides)
    if overrides.get("name", "") is None:
        body.pop("name")
    field_errors(customer.post("/api/orders", json=body), field)


@pytest.mark.parametrize("budget", [{"amount": 0, "currency": "RUB"}, {"amount": -100, "currency": "RUB"},
                                    {"amount": 100, "currency": "XYZ"}, {"amount": 100}, {"amount": "100",
                                                                                           "currency": "RUB"}])
def test_create_validates_the_budget(cast, budget):
    customer, _, _ = cast
    fields = error_fields(customer.post("/api/orders", json=order_input(budget=budget)))
    assert any(field.startswith("budget") for field in fields), fields


def test_validation_messages_are_localized(people):
    russian = people.one("ru")
    messages = field_errors(russian.post("/api/orders", json=order_input(category_id=999)), "category_id")
    assert message("ru", "catalog:category_unknown") in messages, messages
    english = people.one("en")
    messages = field_errors(english.post("/api/orders", json=order_input(category_id=999)), "category_id")
    assert message("en", "catalog:category_unknown") in messages, messages


def test_malformed_order_body_is_400(cast):
    customer, _, _ = cast
    response = customer.post("/api/orders", data='{"name": ', headers={"Content-Type": "application/json"})
    assert_error(response, 400, "BadRequest")


def test_rejected_create_makes_no_order(cast):
    customer, _, _ = cast
    word = token()
    field_errors(customer.post("/api/orders", json=order_input(name=f"Bad order {word}", payment_option="x")),
                 "payment_option")
    assert not [item for item in list_orders(customer, q=word)["items"]]
    assert all(item["name"] != f"Bad order {word}" for item in
               customer.get("/api/orders/my", params={"limit": 50}).json()["items"])


# --- edit and delete ------------------------------------------------------------------------------------------------


def test_edit_order(cast):
    customer, _, _ = cast
    order = create_order(customer)
    body = order_input(name="Лендинг для кофейни — обновлено", category_id=DESIGN, specialization_id=None,
                       skill_ids=[SKILL_FIGMA], budget=usd(700), payment_option="contract", deadline_at=None)
    edited = assert_matches(customer.patch(f"/api/orders/{order['id']}", json=body), "PATCH", "/api/orders/{id}")
    assert edited["id"] == order["id"] and edited["name"] == body["name"]
    assert edited["category_id"] == DESIGN and edited["skill_ids"] == [SKILL_FIGMA]
    assert edited["budget"] == {"amount": 70_000, "currency": "USD"} and edited["deadline_at"] is None
    assert edited["payment_option"] == "contract" and edited["state"] == "search"
    assert edited["created_at"] == order["created_at"]
    assert parse_time(edited["updated_at"]) >= parse_time(order["updated_at"])
    assert get_order(customer, order["id"]) == edited

    before = get_order(customer, order["id"])
    field_errors(customer.patch(f"/api/orders/{order['id']}", json=order_input(name="abc")), "name")
    unchanged(customer, order["id"], before)


def test_delete_order(cast, people):
    customer, performer, _ = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    assert assert_matches(customer.delete(f"/api/orders/{order['id']}"), "DELETE", "/api/orders/{id}") == {}
    assert_error(customer.get(f"/api/orders/{order['id']}"), 404, "NotFound")
    assert_error(people.guest().get(f"/api/orders/{order['id']}"), 404, "NotFound")
    assert order["id"] not in listed_ids(customer)
    assert order["id"] not in my_ids(customer)
    assert order["id"] not in my_ids(performer, **{"as": "performer"})
    assert_error(performer.patch(f"/api/bids/{bid['id']}", json={"kind": "final", "comment": "x",
                                                                "term_days": 3, "price": rub(1)}), 404)
    assert_error(customer.delete(f"/api/orders/{order['id']}"), 404, "NotFound")


def test_no_edit_or_delete_after_selection(cast):
    customer, performer, _ = cast
    order, _ = order_in_progress(customer, performer)
    before = get_order(customer, order["id"])
    assert before["viewer"]["can_edit"] is False and before["viewer"]["can_delete"] is False
    body = assert_error(customer.patch(f"/api/orders/{order['id']}", json=order_input(name="Renamed after all")),
                        409, "Conflict")
    assert body["message"] == message("en", "orders:locked"), body
    assert_error(customer.delete(f"/api/orders/{order['id']}"), 409, "Conflict")
    unchanged(customer, order["id"], before)


# --- state machine --------------------------------------------------------------------------------------------------


def test_close_and_reopen(cast, people):
    customer, performer, _ = cast
    order = create_order(customer)
    closed = assert_matches(customer.post(f"/api/orders/{order['id']}/close", json={}), "POST",
                            "/api/orders/{id}/close")
    assert closed["state"] == "closed" and closed["viewer"]["can_reopen"] and not closed["viewer"]["can_close"]
    assert order["id"] not in listed_ids(people.guest())
    assert get_order(performer, order["id"])["viewer"]["can_bid"] is False
    # A closed order is still readable by its link.
    assert get_order(people.guest(), order["id"])["state"] == "closed"

    response = customer.post(f"/api/orders/{order['id']}/reopen", json={})
    assert assert_matches(response, "POST", "/api/orders/{id}/reopen")["state"] == "search"
    assert order["id"] in listed_ids(people.guest())


def test_illegal_transitions_from_search(cast):
    customer, _, _ = cast
    order = create_order(customer)
    before = get_order(customer, order["id"])
    for action in ("reopen", "complete"):
        body = assert_error(customer.post(f"/api/orders/{order['id']}/{action}", json={}), 409, "Conflict")
        assert body["message"] == illegal_transition("en", "search"), body
    unchanged(customer, order["id"], before)


def test_illegal_transitions_from_closed(cast):
    customer, performer, _ = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    assert customer.post(f"/api/orders/{order['id']}/close", json={}).status_code == 200
    before = get_order(customer, order["id"])
    assert_error(customer.post(f"/api/orders/{order['id']}/close", json={}), 409, "Conflict")
    assert_error(customer.post(f"/api/orders/{order['id']}/complete", json={}), 409, "Conflict")
    assert_error(customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": bid["id"]}), 409, "Conflict")
    assert_error(performer.post(f"/api/orders/{order['id']}/bids", json={"kind": "final", "comment": "again",
                                                                        "term_days": 2, "price": rub(10)}),
                 409, "Conflict")
    # Bids are edited or withdrawn only while the order is in search.
    assert_error(performer.patch(f"/api/bids/{bid['id']}", json={"kind": "final", "comment": "changed",
                                                                "term_days": 2, "price": rub(10)}), 409, "Conflict")
    assert_error(performer.delete(f"/api/bids/{bid['id']}"), 409, "Conflict")
    unchanged(customer, order["id"], before)
    assert get_order(performer, order["id"])["my_bid"] == bid


def test_illegal_transitions_from_in_progress(cast):
    customer, performer, _ = cast
    order, _ = order_in_progress(customer, performer)
    assert order["state"] == "in_progress" and order["performer"]["id"] == performer.id
    before = get_order(customer, order["id"])
    for action in ("close", "reopen"):
        body = assert_error(customer.post(f"/api/orders/{order['id']}/{action}", json={}), 409, "Conflict")
        assert body["message"] == illegal_transition("en", "in_progress"), body
    unchanged(customer, order["id"], before)


def test_complete_and_what_follows(cast, people):
    customer, performer, _ = cast
    order, _ = order_in_progress(customer, performer)
    assert get_order(customer, order["id"])["viewer"]["can_complete"] is True
    assert get_order(performer, order["id"])["viewer"]["can_complete"] is False
    before = get_order(customer, order["id"])
    assert_error(performer.post(f"/api/orders/{order['id']}/complete", json={}), (403, 404))
    unchanged(customer, order["id"], before)

    response = customer.post(f"/api/orders/{order['id']}/complete", json={})
    completed = assert_matches(response, "POST", "/api/orders/{id}/complete")
    assert completed["state"] == "completed" and completed["performer"]["id"] == performer.id
    assert completed["viewer"]["can_review"] is True
    before = get_order(customer, order["id"])
    for action in ("complete", "close", "reopen"):
        assert_error(customer.post(f"/api/orders/{order['id']}/{action}", json={}), 409, "Conflict")
    assert_error(customer.patch(f"/api/orders/{order['id']}", json=order_input()), 409, "Conflict")
    assert_error(customer.delete(f"/api/orders/{order['id']}"), 409, "Conflict")
    unchanged(customer, order["id"], before)
    assert order["id"] not in listed_ids(people.guest())


def test_russian_conflict_message(people):
    customer, performer = people(2, "ru")
    order = create_order(customer)
    assert customer.post(f"/api/orders/{order['id']}/close", json={}).status_code == 200
    body = assert_error(customer.post(f"/api/orders/{order['id']}/close", json={}), 409, "Conflict")
    assert body["message"] == illegal_transition("ru", "closed"), body


def test_expired_order(artel, cast, people):
    customer, performer, _ = cast
    order = create_order(customer, deadline_at=in_days(2))
    artel.sql(f"UPDATE orders.orders SET deadline_at = now() - interval '1 hour' WHERE id = {order['id']}")
    expired = get_order(customer, order["id"])
    assert expired["state"] == "expired", expired["state"]
    assert get_order(performer, order["id"])["viewer"]["can_bid"] is False
    assert order["id"] not in listed_ids(people.guest())
    assert order["id"] not in listed_ids(people.guest(), deadline="urgent")
    before = get_order(customer, order["id"])
    body = assert_error(performer.post(f"/api/orders/{order['id']}/bids",
                                       json={"kind": "final", "comment": "late", "term_days": 1, "price": rub(5)}),
                        409, "Conflict")
    assert body["message"] in not_open_messages("en", "expired"), body
    assert_error(customer.post(f"/api/orders/{order['id']}/complete", json={}), 409, "Conflict")
    body = assert_error(customer.post(f"/api/orders/{order['id']}/reopen", json={}), 409, "Conflict")
    assert body["message"] == illegal_transition("en", "expired"), body
    unchanged(customer, order["id"], before)
    assert order["id"] in my_ids(customer, state="expired")
    assert order["id"] not in my_ids(customer, state="search")

    # "An expired order is reopened by editing its deadline."
    response = customer.patch(f"/api/orders/{order['id']}", json=order_input(name=order["name"],
                                                                          deadline_at=in_days(5)))
    assert response.status_code == 200, response.text
    assert response.json()["state"] == "search"
    assert order["id"] in listed_ids(people.guest())


# --- authorization --------------------------------------------------------------------------------------------------


def test_another_users_order_cannot_be_changed(cast):
    customer, performer, stranger = cast
    order = create_order(customer, description="Secret-ish details: the staging password is in the brief. " * 2)
    bid = place_bid(performer, order["id"])
    before = get_order(customer, order["id"])
    attempts = [
        ("patch", f"/api/orders/{order['id']}", order_input(name="Hijacked order name")),
        ("delete", f"/api/orders/{order['id']}", None),
        ("post", f"/api/orders/{order['id']}/close", {}),
        ("post", f"/api/orders/{order['id']}/select", {"bid_id": bid["id"]}),
        ("post", f"/api/orders/{order['id']}/invitations", {"performer_id": stranger.id}),
    ]
    for actor in (stranger, performer):
        for method, path, body in attempts:
            kwargs = {} if body is None else {"json": body}
            response = getattr(actor, method)(path, **kwargs)
            error = assert_error(response, (403, 404))
            assert order["name"] not in response.text and bid["comment"] not in response.text, error
    unchanged(customer, order["id"], before)
    # Closed, then reopen by someone else.
    assert customer.post(f"/api/orders/{order['id']}/close", json={}).status_code == 200
    before = get_order(customer, order["id"])
    assert_error(stranger.post(f"/api/orders/{order['id']}/reopen", json={}), (403, 404))
    unchanged(customer, order["id"], before)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_editing_somebody_elses_open_order_says_who_may_edit(cast, lang):
    customer, _, stranger = cast
    order = create_order(customer)
    before = get_order(customer, order["id"])
    assert get_order(stranger, order["id"])["viewer"]["can_edit"] is False
    headers = {"Accept-Language": lang}
    # Not "locked after a performer is selected" (the order is open), and not the body's validation errors first.
    for body in (order_input(name="Hijacked order name"), {}):
        response = stranger.patch(f"/api/orders/{order['id']}", json=body, headers=headers)
        error = assert_error(response, 403, "Forbidden")
        assert error["message"] == message(lang, "orders:edit_not_customer"), error
    unchanged(customer, order["id"], before)


def test_guests_cannot_write(cast, people):
    customer, performer, _ = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"])
    guest = people.guest()
    writes = [
        ("post", "/api/orders", order_input()),
        ("patch", f"/api/orders/{order['id']}", order_input()),
        ("delete", f"/api/orders/{order['id']}", None),
        ("post", f"/api/orders/{order['id']}/close", {}),
        ("post", f"/api/orders/{order['id']}/reopen", {}),
        ("post", f"/api/orders/{order['id']}/complete", {}),
        ("post", f"/api/orders/{order['id']}/bids", {"kind": "final", "comment": "x", "term_days": 1,
                                                     "price": rub(1)}),
        ("post", f"/api/orders/{order['id']}/select", {"bid_id": bid["id"]}),
        ("post", f"/api/orders/{order['id']}/invitations", {"performer_id": performer.id}),
        ("post", f"/api/orders/{order['id']}/reviews", {"rating": 5, "text": "x"}),
        ("patch", f"/api/bids/{bid['id']}", {"kind": "final", "comment": "x", "term_days": 1, "price": rub(1)}),
        ("delete", f"/api/bids/{bid['id']}", None),
        ("post", "/api/job-offers", {**order_input(), "performer_id": performer.id}),
        ("post", "/api/invitations/1/accept", {}),
        ("post", "/api/invitations/1/decline", {}),
        ("post", "/api/reviews/1/reply", {"text": "x"}),
        ("post", "/api/notifications/read", {}),
        ("post", "/api/user/welcome", {"intent": "customer"}),
    ]
    for method, path, body in writes:
        kwargs = {} if body is None else {"json": body}
        assert_error(getattr(guest, method)(path, **kwargs), 401, "Unauthenticated")
    reads = ["/api/orders/my", f"/api/orders/{order['id']}/bids", "/api/invitations", "/api/notifications"]
    for path in reads:
        response = guest.get(path)
        assert_error(response, 401, "Unauthenticated")
        assert bid["comment"] not in response.text
    upload_response = guest.post("/api/orders/attachments", params={"name": "a.png"}, data=png_bytes(),
                                 headers={"Content-Type": "application/octet-stream"})
    assert_error(upload_response, 401, "Unauthenticated")
    assert get_order(customer, order["id"])["state"] == "search"


def test_writes_need_the_xsrf_token(cast):
    customer, _, _ = cast
    assert_error(customer.client.post("/api/orders", json=order_input(), xsrf=False), 419, "XsrfTokenMismatch")


def test_bid_comments_are_not_shown_to_others(cast, people):
    customer, performer, stranger = cast
    order = create_order(customer)
    bid = place_bid(performer, order["id"], comment=f"My private approach {token()}")
    secret = bid["comment"]
    for viewer in (stranger.client, people.guest()):
        response = viewer.get(f"/api/orders/{order['id']}")
        assert response.status_code == 200
        assert secret not in response.text
        assert response.json()["bid_count"] == 1 and response.json()["my_bid"] is None
        listing = viewer.get("/api/orders", params={"limit": 50})
        assert secret not in listing.text
    response = stranger.get(f"/api/orders/{order['id']}/bids")
    assert assert_matches(response, "GET", "/api/orders/{id}/bids")["items"] == [] and secret not in response.text
    # The performer sees their own bid, the customer every bid.
    assert get_order(performer, order["id"])["my_bid"]["comment"] == secret
    assert [b["comment"] for b in performer.get(f"/api/orders/{order['id']}/bids").json()["items"]] == [secret]
    assert [b["id"] for b in customer.get(f"/api/orders/{order['id']}/bids").json()["items"]] == [bid["id"]]


# --- the public list: filters, search, sort, pagination -------------------------------------------------------------


def test_list_shows_only_open_public_orders(cast, people):
    customer, performer, _ = cast
    open_order = create_order(customer)
    closed = create_order(customer)
    customer.post(f"/api/orders/{closed['id']}/close", json={})
    in_progress, _ = order_in_progress(customer, performer)
    page = list_orders(people.guest())
    ids = [item["id"] for item in page["items"]]
    assert open_order["id"] in ids
    assert closed["id"] not in ids and in_progress["id"] not in ids
    # list_orders() checks every item against the OrderSummary schema.
    item = next(item for item in page["items"] if item["id"] == open_order["id"])
    assert item["state"] == "search" and item["personal"] is False and item["customer"]["id"] == customer.id
    assert "description" not in item and "email" not in item["customer"]
    assert all(item["state"] == "search" and item["personal"] is False for item in page["items"])


def test_list_newest_first_by_default(cast, people):
    customer, _, _ = cast
    first, second = create_order(customer), create_order(customer)
    ids = listed_ids(people.guest())
    assert ids.index(second["id"]) < ids.index(first["id"])
    created = [parse_time(item["created_at"]) for item in list_orders(people.guest())["items"]]
    assert created == sorted(created, reverse=True)


def test_filter_by_category_specialization_skill_payment_and_place(cast, people):
    customer, _, _ = cast
    dev = create_order(customer, category_id=DEVELOPMENT, specialization_id=MOBILE_APPS, skill_ids=[SKILL_PYTHON],
                       payment_option="safe_deal", country_id=KAZAKHSTAN, city_id=ALMATY)
    design = create_order(customer, category_id=DESIGN, specialization_id=LOGO_BRANDING, skill_ids=[SKILL_FIGMA],
                          payment_option="prepayment", country_id=RUSSIA, city_id=MOSCOW)
    plain = create_order(customer, category_id=TEXTS, specialization_id=None, skill_ids=[],
                         payment_option="contract", country_id=None, city_id=None)
    mine = {dev["id"], design["id"], plain["id"]}
    guest = people.guest()

    def found(**params):
        return {i for i in listed_ids(guest, **params) if i in mine}

    assert found() == mine
    assert found(category="design") == {design["id"]}
    assert found(category="development") == {dev["id"]}
    assert found(specialization=MOBILE_APPS) == {dev["id"]}
    assert found(skill=SKILL_FIGMA) == {design["id"]}
    assert found(skill=SKILL_PYTHON) == {dev["id"]}
    assert found(payment="safe_deal") == {dev["id"]}
    assert found(payment="contract") == {plain["id"]}
    assert found(country=KAZAKHSTAN) == {dev["id"]}
    assert found(country=KAZAKHSTAN, city=ALMATY) == {dev["id"]}
    assert found(country=RUSSIA, city=MOSCOW) == {design["id"]}
    assert found(city=ALMATY) == {dev["id"]}
    assert found(category="design", payment="safe_deal") == set()


def test_filter_by_deadline_bucket(cast, people):
    customer, _, _ = cast
    orders = {
        "urgent": create_order(customer, deadline_at=in_days(1)),
        "week": create_order(customer, deadline_at=in_days(5)),
        "month": create_order(customer, deadline_at=in_days(20)),
        "non_urgent": create_order(customer, deadline_at=in_days(60)),
        "by_agreement": create_order(customer, deadline_at=None),
    }
    ids = {bucket: order["id"] for bucket, order in orders.items()}
    mine = set(ids.values())
    guest = people.guest()

    def found(bucket):
        return {i for i in listed_ids(guest, deadline=bucket) if i in mine}

    urgent, week, month = found("urgent"), found("week"), found("month")
    assert urgent == {ids["urgent"]}, urgent
    # Buckets up to a bound: whether "week" also holds the urgent ones is not fixed by the contract.
    assert ids["week"] in week and not week & {ids["month"], ids["non_urgent"], ids["by_agreement"]}, week
    assert ids["month"] in month and not month & {ids["non_urgent"], ids["by_agreement"]}, month
    assert found("non_urgent") == {ids["non_urgent"]}
    assert found("by_agreement") == {ids["by_agreement"]}


def test_filter_by_budget_converts_currencies(artel, cast, people):
    customer, _, _ = cast
    usd_rate = decimal.Decimal(artel.sql("SELECT rate_to_rub FROM catalog.currencies WHERE code = 'USD'")[0][0])
    word = token()
    in_dollars = create_order(customer, name=f"Budget in dollars {word}", budget=usd(1000))       # = 1000 × rate ₽
    eur_rate = decimal.Decimal(artel.sql("SELECT rate_to_rub FROM catalog.currencies WHERE code = 'EUR'")[0][0])
    # Fewer euros than dollars, yet more roubles (EUR is dearer): the sort must convert.
    euros = int(usd_rate * 1000 / eur_rate) + 20
    in_euros = create_order(customer, name=f"Budget in euros {word}", budget={"amount": euros * 100,
                                                                             "currency": "EUR"})
    below = create_order(customer, name=f"Budget below {word}", budget=rub(int(usd_rate * 1000) - 1000))
    above = create_order(customer, name=f"Budget above {word}", budget=rub(int(usd_rate * 1000) + 1000))
    agreement = create_order(customer, name=f"Budget by agreement {word}", budget=None)
    mine = {in_dollars["id"], below["id"], above["id"], agreement["id"], in_euros["id"]}
    guest = people.guest()

    def found(**params):
        # Whether a budget range also lists "by agreement" orders is not fixed by the contract.
        return {i for i in listed_ids(guest, **params) if i in mine} - {agreement["id"]}

    # 1000 USD in cents, compared through roubles.
    assert found(currency="USD", budget_min=100_000) == {in_dollars["id"], above["id"], in_euros["id"]}
    assert found(currency="USD", budget_max=100_000) == {in_dollars["id"], below["id"]}
    assert found(currency="EUR", budget_min=euros * 100) == {in_euros["id"]}
    assert found(currency="EUR", budget_max=euros * 100 - 1) == {in_dollars["id"], below["id"], above["id"]}
    rouble_equivalent = int(usd_rate * 1000 * 100)
    assert found(budget_min=rouble_equivalent - 50_000, budget_max=rouble_equivalent + 50_000) == {in_dollars["id"]}
    euro_roubles = int(eur_rate * euros * 100)
    assert found(currency="RUB", budget_min=rouble_equivalent + 1) == {above["id"], in_euros["id"]}
    # Sorted by budget: largest rouble equivalent first, by agreement last.
    by_budget = [i for i in listed_ids(guest, q=word, sort="budget") if i in mine]
    expected = sorted([(euro_roubles, in_euros["id"]), (rouble_equivalent + 100_000, above["id"]),
                       (rouble_equivalent, in_dollars["id"]), (rouble_equivalent - 100_000, below["id"])],
                      reverse=True)
    assert by_budget == [i for _, i in expected] + [agreement["id"]], by_budget


def test_full_text_search_in_russian_and_english(cast, people):
    customer, _, _ = cast
    russian = create_order(customer, name="Разработка мобильного приложения для доставки цветов",
                           description="Нужно приложение под iOS и Android с каталогом букетов и оплатой.")
    english = create_order(customer, name="Landing page for a family bakery",
                           description="We bake sourdough breads and need a simple site with an order form.")
    typo = create_order(customer, name="Настройка почтового сервера Postfix",
                        description="Перенести почту компании на собственный сервер, настроить SPF и DKIM.")
    typo_en = create_order(customer, name="Refactoring of a WordPress plugin",
                           description="The plugin is slow, please clean it up and add tests for the checkout.")
    control = create_order(customer, name="Перевод технической документации",
                           description="Перевод руководства пользователя с английского на немецкий язык.")
    mine = {russian["id"], english["id"], typo["id"], typo_en["id"], control["id"]}
    guest = people.guest()

    def found(query):
        return {i for i in listed_ids(guest, q=query) if i in mine}

    # Stemming: other word forms than in the text.
    assert found("мобильное приложение") == {russian["id"]}
    assert found("доставкой цветов") == {russian["id"]}
    assert found("bakeries") == {english["id"]}
    assert found("sourdough bread") == {english["id"]}
    # Typos: each word is replaced by its closest known spellings (a word of the name or the description).
    assert russian["id"] not in found("почтовый сревер Postfix")
    assert typo["id"] in found("почтового сервре Postfix"), "close spellings of the words"
    assert typo_en["id"] in found("Refactoring of a WordPres plugn"), "close spellings of the words"
    assert typo["id"] in found("собственый сервре"), "words of the description"
    assert control["id"] not in found("почтового сервре Postfix")
    assert found("zzzqqqxxx") == set()
    # A word with nothing close is not dropped: no unrelated orders instead of none.
    assert found("почтового сервре zzzqqqxxx") == set()
    page = guest.get("/api/orders", params={"q": "почтового сервре zzzqqqxxx"}).json()
    assert page["items"] == [] and page["next_cursor"] is None
    # The counts describe what the fallback shows.
    word = token()
    marked = create_order(customer, name=f"Настройка почтового сервера {word}")
    counts = guest.get("/api/orders/counts", params={"q": f"почтвого {word}"}).json()
    assert counts["total"] >= 1, counts
    assert marked["id"] in listed_ids(guest, q=f"почтвого {word}")
    # The interface language does not change what is found.
    assert {i for i in listed_ids(people.guest("ru"), q="bakeries") if i in mine} == {english["id"]}


def test_bad_filters_are_422_per_field(people):
    guest = people.guest("ru")
    for params, field in [
        ({"deadline": "tomorrow"}, "deadline"),
        ({"payment": "cash"}, "payment"),
        ({"sort": "price"}, "sort"),
        ({"limit": 0}, "limit"),
        ({"limit": 51}, "limit"),
        ({"limit": "ten"}, "limit"),
        ({"budget_min": -1}, "budget_min"),
        ({"budget_min": "a lot"}, "budget_min"),
        ({"budget_max": -5}, "budget_max"),
        ({"currency": "usd"}, "currency"),
        ({"currency": "XYZ"}, "currency"),
        ({"country": "Russia"}, "country"),
        ({"city": "x"}, "city"),
        ({"skill": "react"}, "skill"),
        ({"specialization": "web"}, "specialization"),
        ({"category": "no-such-category"}, "category"),
        ({"q": "x" * 201}, "q"),
    ]:
        messages = field_errors(guest.get("/api/orders", params=params), field)
        assert CYRILLIC.search(messages[0]), (params, messages)
    fields = error_fields(guest.get("/api/orders", params={"budget_min": 500, "budget_max": 100}))
    assert fields & {"budget_min", "budget_max"}, fields


@pytest.mark.parametrize("cursor", ["garbage", "eyJpZCI6IDF9", "x" * 201, "%%%"])
def test_bad_cursor_is_422(people, cursor):
    response = people.guest().get("/api/orders", params={"cursor": cursor})
    messages = field_errors(response, "cursor")
    assert message("en", "orders:cursor_invalid") in messages, messages


def collect_pages(client, **params) -> list[int]:
    seen, cursor, pages = [], None, 0
    while True:
        query = dict(params)
        if cursor:
            query["cursor"] = cursor
        page = list_orders(client, **query)
        pages += 1
        assert len(page["items"]) <= query["limit"]
        seen += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            return seen
        assert page["items"], "a page with a next cursor is not empty"
        assert pages < 200, "pagination does not end"


def test_keyset_pagination_has_no_duplicates_or_gaps(cast, people):
    customer, _, _ = cast
    word = token()
    created = [create_order(customer, name=f"Paginated order {i} {word}",
                            budget=rub(1000 + 100 * (i % 3)) if i % 4 else None)
               for i in range(7)]
    expected_by_date = [order["id"] for order in reversed(created)]
    guest = people.guest()
    assert collect_pages(guest, q=word, limit=3) == expected_by_date
    assert collect_pages(guest, q=word, limit=1) == expected_by_date
    by_budget = collect_pages(guest, q=word, sort="budget", limit=2)
    assert sorted(by_budget) == sorted(expected_by_date) and len(set(by_budget)) == 7
    budgets = {order["id"]: order["budget"]["amount"] if order["budget"] else -1 for order in created}
    assert [budgets[i] for i in by_budget] == sorted(budgets[i] for i in by_budget)[::-1], "by agreement last"
    assert collect_pages(guest, q=word, sort="budget", limit=1) == by_budget
    assert collect_pages(guest, q=word, sort="budget", limit=50) == by_budget
    # Equal budgets are ordered by a tiebreaker, so no row is lost or repeated at a page boundary.
    first = list_orders(guest, q=word, limit=3)
    newcomer = create_order(customer, name=f"Paginated newcomer {word}")
    rest = collect_pages(guest, q=word, limit=3, cursor=first["next_cursor"])
    assert [i["id"] for i in first["items"]] + rest == expected_by_date, "an insert does not shift later pages"
    assert newcomer["id"] not in rest


def test_whole_list_pages_without_duplicates(people):
    guest = people.guest()
    ids = collect_pages(guest, limit=50)
    assert len(ids) == len(set(ids)), "an order appears on two pages"
    whole = list_orders(guest, limit=50)
    assert [item["id"] for item in whole["items"]] == ids[:50]


def test_counts_per_category(cast, people):
    customer, _, _ = cast
    word = token()
    for category_id in (DEVELOPMENT, DEVELOPMENT, DESIGN):
        create_order(customer, name=f"Counted order {word}", category_id=category_id, specialization_id=None)
    closed = create_order(customer, name=f"Counted closed {word}", category_id=TEXTS, specialization_id=None)
    customer.post(f"/api/orders/{closed['id']}/close", json={})
    response = people.guest().get("/api/orders/counts", params={"q": word})
    body = assert_matches(response, "GET", "/api/orders/counts")
    assert body["total"] == 3, body
    counts = {entry["category_id"]: entry["count"] for entry in body["categories"]}
    assert counts.get(DEVELOPMENT) == 2 and counts.get(DESIGN) == 1, body
    assert counts.get(TEXTS, 0) == 0, "closed orders are not counted"
    # The category filter is ignored by counts; the others apply.
    filtered = people.guest().get("/api/orders/counts", params={"q": word, "payment": "safe_deal"}).json()
    assert filtered["total"] == 0, filtered

    everything = people.guest().get("/api/orders/counts").json()
    assert everything["total"] >= 3
    assert everything["total"] == sum(entry["count"] for entry in everything["categories"])
    field_errors(people.guest().get("/api/orders/counts", params={"deadline": "soon"}), "deadline")


# --- my orders ------------------------------------------------------------------------------------------------------


def orders_between(customer, performer) -> tuple[dict, dict, dict, dict]:
    """A customer's orders in search, closed, in progress with the performer, and one the performer bid on."""
    posted = create_order(customer)
    closed = create_order(customer)
    customer.post(f"/api/orders/{closed['id']}/close", json={})
    working, _ = order_in_progress(customer, performer)
    bid_on = create_order(customer)
    place_bid(performer, bid_on["id"])
    return posted, closed, working, bid_on


def test_my_orders_for_both_sides(people):
    customer, performer, other = people(3)
    posted, closed, working, bid_on = orders_between(customer, performer)
    invited = create_order(customer)
    assert customer.post(f"/api/orders/{invited['id']}/invitations",
                         json={"performer_id": performer.id}).status_code == 201
    foreign = create_order(other)

    as_customer = my_ids(customer)
    assert set(as_customer) == {posted["id"], closed["id"], working["id"], bid_on["id"], invited["id"]}
    assert as_customer == sorted(as_customer, reverse=True), "newest first"
    assert my_ids(customer, **{"as": "customer"}) == as_customer
    assert my_ids(customer, state="closed") == [closed["id"]]
    assert my_ids(customer, state="in_progress") == [working["id"]]

    as_performer = set(my_ids(performer, **{"as": "performer"}))
    assert as_performer == {working["id"], bid_on["id"], invited["id"]}, as_performer
    assert my_ids(performer, **{"as": "performer"}, state="in_progress") == [working["id"]]
    assert my_ids(performer) == [], "the performer posted nothing"
    assert foreign["id"] not in as_customer and my_ids(other) == [foreign["id"]]

    paged = []
    cursor = None
    while True:
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = customer.get("/api/orders/my", params=params).json()
        paged += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert paged == as_customer
    field_errors(customer.get("/api/orders/my", params={"as": "admin"}), "as")
    field_errors(customer.get("/api/orders/my", params={"state": "lost"}), "state")
    field_errors(customer.get("/api/orders/my", params={"cursor": "garbage"}), "cursor")


def test_a_users_public_orders(people):
    """customer/{id}/orders and freelancer/{id}/orders for everybody else: public orders only, no bids, no
    invitations, no personal offers."""
    customer, performer, other = people(3)
    posted, closed, working, bid_on = orders_between(customer, performer)
    personal, _ = job_offer(customer, performer)

    guest = people.guest()
    seen = user_order_ids(guest, customer.id)
    assert set(seen) == {posted["id"], closed["id"], working["id"], bid_on["id"]}, seen
    assert seen == sorted(seen, reverse=True), "newest first"
    assert personal["id"] in my_ids(customer) and personal["id"] not in seen
    assert user_order_ids(other, customer.id) == seen == user_order_ids(customer, customer.id)
    assert user_order_ids(guest, customer.id, state="closed") == [closed["id"]]
    assert user_order_ids(guest, customer.id, state="in_progress") == [working["id"]]

    # As a performer: only the public orders they were selected for, never what they bid on or were offered.
    assert user_order_ids(guest, performer.id, **{"as": "performer"}) == [working["id"]]
    assert set(my_ids(performer, **{"as": "performer"})) >= {working["id"], bid_on["id"], personal["id"]}
    assert user_order_ids(guest, performer.id) == []
    body = guest.get(f"/api/users/{performer.id}/orders", params={"as": "performer"}).text
    assert personal["name"] not in body

    assert_error(guest.get("/api/users/999999999/orders"), 404, "NotFound")
    field_errors(guest.get(f"/api/users/{customer.id}/orders", params={"as": "admin"}), "as")
    field_errors(guest.get(f"/api/users/{customer.id}/orders", params={"state": "lost"}), "state")
    field_errors(guest.get(f"/api/users/{customer.id}/orders", params={"cursor": "garbage"}), "cursor")
    paged, cursor = [], None
    while True:
        page = guest.get(f"/api/users/{customer.id}/orders",
                         params={"limit": 1, **({"cursor": cursor} if cursor else {})}).json()
        paged += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert paged == seen


# --- attachments ----------------------------------------------------------------------------------------------------


def test_upload_png_and_attach(cast, people):
    customer, _, stranger = cast
    image = png_bytes(64, 48)
    response = upload(customer, image, "макет главной.png")
    attachment = assert_matches(response, "POST", "/api/orders/attachments", 201)
    assert attachment["name"] == "макет главной.png" and attachment["content_type"] == "image/png"
    assert attachment["size"] == len(image) and attachment["thumbnail_url"], attachment
    # A private file: until an order uses it, its uploader's alone.
    served = customer.client.raw.get(customer.client.url(attachment["url"]), timeout=10)
    assert served.status_code == 200 and served.content == image
    assert "Content-Disposition" not in served.headers, "images render inline"
    thumbnail = customer.client.raw.get(customer.client.url(attachment["thumbnail_url"]), timeout=10)
    assert thumbnail.status_code == 200 and thumbnail.headers["Content-Type"].startswith("image/")
    assert people.guest().raw.get(customer.client.url(attachment["url"]), timeout=10).status_code == 404
    assert stranger.client.raw.get(stranger.client.url(attachment["url"]), timeout=10).status_code == 404

    order = create_order(customer, attachment_ids=[attachment["id"]])
    assert [a["id"] for a in order["attachments"]] == [attachment["id"]]
    assert order["attachments"][0]["name"] == "макет главной.png"
    assert get_order(people.guest(), order["id"])["attachments"] == order["attachments"]
    # A public order's files: everybody's, through the order.
    served = people.guest().raw.get(customer.client.url(attachment["url"]), timeout=10)
    assert served.status_code == 200 and served.content == image

    # Someone else's upload cannot be attached.
    before = get_order(customer, order["id"])
    field_errors(stranger.post("/api/orders", json=order_input(attachment_ids=[attachment["id"]])), "attachment_ids")
    unchanged(customer, order["id"], before)

    # Editing with an empty list removes it.
    edited = customer.patch(f"/api/orders/{order['id']}", json=order_input(name=order["name"], attachment_ids=[]))
    assert assert_matches(edited, "PATCH", "/api/orders/{id}")["attachments"] == []


def test_a_pdf_downloads_under_its_uploaded_name(cast, people):
    customer, _, _ = cast
    name = "Техзадание «Лендинг» v2.pdf"
    attachment = assert_matches(upload(customer, pdf_bytes(), name), "POST", "/api/orders/attachments", 201)
    order = create_order(customer, attachment_ids=[attachment["id"]])
    url = get_order(people.guest(), order["id"])["attachments"][0]["url"]
    served = requests.get(customer.client.url(url), timeout=10)
    assert served.status_code == 200 and served.headers["Content-Type"].startswith("application/pdf")
    disposition = served.headers["Content-Disposition"]
    # RFC 6266 / 5987: an ASCII fallback, then the real name as percent-encoded UTF-8.
    fallback, encoded = disposition.split("; filename*=UTF-8''")
    assert fallback.startswith('attachment; filename="') and fallback.endswith(' v2.pdf"'), disposition
    assert all(ord(c) < 128 for c in disposition), disposition
    assert urllib.parse.unquote(encoded) == name, disposition
    # The download name is the uploaded one; a name put in the link changes nothing and injects no header.
    served = requests.get(customer.client.url(url + "?name=evil%0d%0aSet-Cookie:%20x=1%0d%0a.exe"), timeout=10)
    assert served.status_code == 200 and "x" not in served.cookies, served.headers
    assert not any("x=1" in cookie for cookie in served.raw.headers.getlist("Set-Cookie")), served.headers
    assert served.headers["Content-Disposition"] == disposition


def test_upload_pdf_has_no_thumbnail(cast):
    customer, _, _ = cast
    document = pdf_bytes()
    attachment = assert_matches(upload(customer, document, "brief.pdf"), "POST", "/api/orders/attachments", 201)
    assert attachment["content_type"] == "application/pdf" and attachment["thumbnail_url"] is None
    assert attachment["size"] == len(document) and attachment["name"] == "brief.pdf"
    served = customer.client.raw.get(customer.client.url(attachment["url"]), timeout=10)
    assert served.status_code == 200 and served.content == document
    assert served.headers["Content-Type"].startswith("application/pdf")
    assert served.headers.get("Content-Disposition", "").startswith("attachment"), served.headers
    image = upload(customer, png_bytes(), "scheme.png").json()
    order = create_order(customer, attachment_ids=[attachment["id"], image["id"]])
    assert [a["id"] for a in order["attachments"]] == [attachment["id"], image["id"]]


def test_upload_type_is_decided_by_content(cast):
    customer, _, _ = cast
    # A PNG named .pdf is still a PNG.
    response = upload(customer, png_bytes(), "not really.pdf")
    assert response.status_code == 201, response.text
    assert response.json()["content_type"] == "image/png"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_upload_rejections_are_localized(people, lang):
    person = people.one(lang)
    messages = field_errors(upload(person, png_bytes(), "   "), "name")
    assert message(lang, "orders:file_name_empty") in messages, messages
    messages = field_errors(upload(person, png_bytes(), ""), "name")
    assert message(lang, "orders:file_name_empty") in messages, messages
    body = assert_error(upload(person, UNKNOWN_BYTES, "program.png"), 415, "UnsupportedMediaType")
    assert body["message"] == message(lang, "orders:file_unsupported"), body


def test_upload_limits(cast):
    customer, _, _ = cast
    too_big = png_bytes() + b"\0" * (10 * 1024 * 1024)
    assert_error(upload(customer, too_big, "huge.png"), 413, "PayloadTooLarge")
    assert_error(upload(customer, b"", "empty.png"), (415, 422))
    field_errors(upload(customer, png_bytes(), "x" * 256 + ".png"), "name")


def test_attachment_ids_must_be_own_uploads(cast):
    customer, _, stranger = cast
    theirs = upload(stranger, png_bytes(), "theirs.png").json()
    field_errors(customer.post("/api/orders", json=order_input(attachment_ids=[theirs["id"]])), "attachment_ids")
    order = create_order(customer)
    before = get_order(customer, order["id"])
    field_errors(customer.patch(f"/api/orders/{order['id']}", json=order_input(attachment_ids=[theirs["id"]])),
                 "attachment_ids")
    unchanged(customer, order["id"], before)
    # An upload already attached to one order cannot be moved to another by naming it.
    mine = upload(customer, png_bytes(), "mine.png").json()
    create_order(customer, attachment_ids=[mine["id"]])
    field_errors(customer.post("/api/orders", json=order_input(attachment_ids=[mine["id"]])), "attachment_ids")
    field_errors(customer.post("/api/orders", json=order_input(attachment_ids=list(range(1, 12)))),
                 "attachment_ids")


# --- robustness: hostile input gets a 4xx, never a 500 ----------------------------------------------------------------


def test_huge_numbers_are_client_errors(cast, people):
    customer, _, _ = cast
    guest = people.guest()
    for path in ("/api/orders/99999999999999999999999", "/api/orders/9223372036854775808",
                 "/api/users/99999999999999999999999", "/api/orders/99999999999999999999999/bids"):
        response = customer.get(path)
        assert_error(response, (400, 404))
    for params in ({"limit": "99999999999999999999"}, {"budget_min": "99999999999999999999999"},
                   {"country": "99999999999999999999"}, {"skill": "-1"}, {"specialization": "0"}):
        response = guest.get("/api/orders", params=params)
        assert response.status_code in (200, 422), (params, response.status_code, response.text[:300])
        if response.status_code == 422:
            assert_error(response, 422, "ValidationFailed")
    response = customer.post("/api/orders", json=order_input(budget={"amount": 10 ** 30, "currency": "RUB"}))
    assert any(field.startswith("budget") for field in error_fields(response))
    response = customer.post("/api/orders", json=order_input(budget={"amount": 2 ** 62, "currency": "USD"}))
    assert any(field.startswith("budget") for field in error_fields(response))
    response = customer.post("/api/orders", json=order_input(category_id=2 ** 40))
    field_errors(response, "category_id")
    order = create_order(customer)
    response = customer.post(f"/api/orders/{order['id']}/select", json={"bid_id": 10 ** 30})
    assert_error(response, (404, 422))


@pytest.mark.parametrize("query", ["'&|!:*()", "C++ & (Qt)", "%_%", "\\", "the and of", "ёлка!", "a" * 200,
                                   "<script>alert(1)</script>", "' OR 1=1 --"])
def test_any_search_text_is_safe(people, query):
    response = people.guest().get("/api/orders", params={"q": query})
    assert response.status_code == 200, (query, response.status_code, response.text[:300])
    response = people.guest().get("/api/orders/counts", params={"q": query})
    assert response.status_code == 200, (query, response.status_code, response.text[:300])


def test_cursor_of_another_sort_is_not_misread(cast, people):
    customer, _, _ = cast
    word = token()
    for i in range(3):
        create_order(customer, name=f"Cursor order {i} {word}", budget=rub(1000 * (i + 1)))
    guest = people.guest()
    date_cursor = list_orders(guest, q=word, limit=1)["next_cursor"]
    response = guest.get("/api/orders", params={"q": word, "limit": 1, "sort": "budget", "cursor": date_cursor})
    if response.status_code == 422:
        field_errors(response, "cursor")
    else:
        assert response.status_code == 200, response.text
        # Read as a budget cursor it must still give a page that continues some ordering without repeats.
        ids = [item["id"] for item in response.json()["items"]]
        assert len(ids) <= 1


def test_upload_name_cannot_inject_headers(cast):
    customer, _, _ = cast
    response = upload(customer, pdf_bytes(), 'a"\r\nX-Injected: yes\r\n.pdf')
    if response.status_code == 201:
        served = customer.client.raw.get(customer.client.url(response.json()["url"]), timeout=10)
        assert served.status_code == 200
        assert "X-Injected" not in served.headers, served.headers
    else:
        field_errors(response, "name")


def test_lengths_count_characters_not_bytes(cast):
    customer, _, _ = cast
    # Cyrillic letters take two bytes in UTF-8; the limits are in characters (JSON Schema maxLength). Sent as
    # a browser does, UTF-8 rather than \u escapes (those would make 120 KB, over the 64 KiB body limit).
    body = json.dumps(order_input(name="Я" * 200, description="Ж" * 20000), ensure_ascii=False).encode()
    response = customer.post("/api/orders", data=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 201, response.text[:500]
    order = response.json()
    assert len(order["name"]) == 200 and len(order["description"]) == 20000
    assert len(order["excerpt"]) <= 300
    field_errors(customer.post("/api/orders", json=order_input(name="Я" * 201)), "name")
    field_errors(customer.post("/api/orders", json=order_input(name="Ёжик")), "name")
    created = create_order(customer, name="Ёжики", description="Ж" * 20)
    assert created["name"] == "Ёжики"


def test_blank_text_is_not_a_name(cast):
    customer, _, _ = cast
    field_errors(customer.post("/api/orders", json=order_input(name="          ")), "name")
    field_errors(customer.post("/api/orders", json=order_input(description=" " * 40)), "description")


def test_api_clients_use_a_bearer_token(artel, cast):
    customer, _, _ = cast
    signed_in = assert_matches(api_login(artel.url, customer.email, customer.password), "POST", "/api/user/login")
    bearer = {"X-Requested-With": "XMLHttpRequest", "Authorization": f"Bearer {signed_in['api_token']}"}
    response = requests.post(artel.url + "/api/orders", headers=bearer, json=order_input(), timeout=10)
    created = assert_matches(response, "POST", "/api/orders", 201)
    assert created["customer"]["id"] == customer.id
    response = requests.get(artel.url + "/api/orders/my", headers=bearer, timeout=10)
    mine = assert_matches(response, "GET", "/api/orders/my")
    assert created["id"] in [item["id"] for item in mine["items"]]


def test_deadline_buckets_at_their_bounds(cast, people):
    customer, _, _ = cast
    hours = {"urgent_in": 71, "urgent_out": 73, "week_in": 7 * 24 - 1, "week_out": 7 * 24 + 1,
             "month_in": 30 * 24 - 1, "month_out": 30 * 24 + 1}
    ids = {key: create_order(customer, deadline_at=in_days(h / 24))["id"] for key, h in hours.items()}
    mine = set(ids.values())
    guest = people.guest()

    def found(bucket):
        return {i for i in listed_ids(guest, deadline=bucket) if i in mine}

    urgent, week, month, later = found("urgent"), found("week"), found("month"), found("non_urgent")
    assert ids["urgent_in"] in urgent and ids["urgent_out"] not in urgent, (ids, urgent)
    assert ids["week_in"] in week and ids["week_out"] not in week, (ids, week)
    assert ids["month_in"] in month and ids["month_out"] not in month, (ids, month)
    assert later == {ids["month_out"]}, (ids, later)


def test_upload_size_limit_is_exactly_10_mib(cast):
    customer, _, _ = cast
    limit = 10 * 1024 * 1024
    document = pdf_bytes()
    exact = document + b"%" * (limit - len(document))
    response = upload(customer, exact, "exactly-10-MiB.pdf")
    assert response.status_code == 201, response.text[:300]
    assert response.json()["size"] == limit
    assert_error(upload(customer, exact + b"%", "one-byte-more.pdf"), 413, "PayloadTooLarge")


def test_default_page_size_is_20(people):
    assert len(list_orders(people.guest(), limit=20)["items"]) <= 20
    response = people.guest().get("/api/orders")
    assert response.status_code == 200
    assert len(response.json()["items"]) <= 20
