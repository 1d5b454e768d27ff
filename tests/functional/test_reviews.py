"""Reviews after completed orders and public user cards over HTTP against docs/api/openapi.yaml: each side
reviews the other once, only participants of a completed order, ratings 1-5 ('Rate please'), one reply by the
reviewed user, the per-user review lists with their rating summaries."""

import pytest

from checks import assert_error, assert_matches, field_errors
from marketplace import (People, completed_order, create_order, get_order, job_offer, message, notification_kinds,
                         order_in_progress, place_bid, select)


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=24, ru=6)
    yield made
    made.close()


def review(person, order_id: int, rating=5, text="Everything on time, thank you!"):
    return person.post(f"/api/orders/{order_id}/reviews", json={"rating": rating, "text": text})


def created_review(person, order_id: int, **kwargs) -> dict:
    return assert_matches(review(person, order_id, **kwargs), "POST", "/api/orders/{id}/reviews", 201)


def reviews_of(client, user_id: int, **params) -> dict:
    return assert_matches(client.get(f"/api/users/{user_id}/reviews", params=params), "GET", "/api/users/{id}/reviews")


def test_both_sides_review_once(people):
    customer, performer = people(2)
    order = completed_order(customer, performer)
    assert get_order(customer, order["id"])["viewer"]["can_review"] is True
    assert get_order(performer, order["id"])["viewer"]["can_review"] is True

    about_performer = created_review(customer, order["id"], rating=5, text="Отличная работа, рекомендую!")
    assert about_performer["order_id"] == order["id"] and about_performer["order_name"] == order["name"]
    assert about_performer["author"]["id"] == customer.id and about_performer["target"]["id"] == performer.id
    assert about_performer["author_role"] == "customer" and about_performer["rating"] == 5
    assert about_performer["text"] == "Отличная работа, рекомендую!"
    assert about_performer["reply"] is None and about_performer["replied_at"] is None
    assert "email" not in about_performer["author"] and "email" not in about_performer["target"]

    about_customer = created_review(performer, order["id"], rating=4, text="Clear brief, quick payment.")
    assert about_customer["author_role"] == "performer" and about_customer["target"]["id"] == customer.id

    for author in (customer, performer):
        body = assert_error(review(author, order["id"], rating=1, text="Changed my mind"), 409, "Conflict")
        assert body["message"] == message("en", "reviews:duplicate"), body
        assert get_order(author, order["id"])["viewer"]["can_review"] is False

    detail = get_order(people.guest(), order["id"])
    assert sorted(r["id"] for r in detail["reviews"]) == sorted([about_performer["id"], about_customer["id"]])
    assert {r["id"]: r["rating"] for r in detail["reviews"]}[about_performer["id"]] == 5, "the first one stays"
    assert "review_received" in notification_kinds(performer, order["id"])
    assert "review_received" in notification_kinds(customer, order["id"])
    assert "order_completed" in notification_kinds(performer, order["id"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_only_participants_of_a_completed_order_review(people, lang):
    customer, performer, rejected, stranger = people(4, lang)
    order = create_order(customer)
    won = place_bid(performer, order["id"])
    place_bid(rejected, order["id"])
    select(customer, order["id"], won["id"])
    # Not completed yet: even the participants may not review.
    for person in (customer, performer):
        body = assert_error(review(person, order["id"]), 403, "Forbidden")
        assert body["message"] == message(lang, "reviews:not_participant"), body
    assert customer.post(f"/api/orders/{order['id']}/complete", json={}).status_code == 200
    for person in (rejected, stranger):
        body = assert_error(review(person, order["id"]), 403, "Forbidden")
        assert body["message"] == message(lang, "reviews:not_participant"), body
    expected = {"en": "Only customers who have worked with a freelancer can leave a review",
                "ru": "Оставить отзыв могут только заказчики, которые работали с фрилансером"}[lang]
    assert message(lang, "reviews:not_participant") == expected
    assert get_order(customer, order["id"])["reviews"] == []
    assert reviews_of(people.guest(), performer.id)["summary"]["count"] == 0
    # An order still in search has no participants to review.
    open_order = create_order(customer)
    assert_error(review(customer, open_order["id"]), 403, "Forbidden")
    assert_error(review(customer, 999999999), 404, "NotFound")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_review_needs_a_rating(people, lang):
    customer, performer = people(2, lang)
    order = completed_order(customer, performer)
    messages = field_errors(customer.post(f"/api/orders/{order['id']}/reviews", json={"text": "Nice"}), "rating")
    assert {"en": "Rate please", "ru": "Поставьте оценку"}[lang] in messages, messages
    messages = field_errors(customer.post(f"/api/orders/{order['id']}/reviews",
                                          json={"rating": None, "text": "Nice"}), "rating")
    assert message(lang, "reviews:rating_required") in messages, messages


def test_review_validation(people):
    customer, performer = people(2)
    order = completed_order(customer, performer)
    for body, field in [({"rating": 0, "text": "Bad"}, "rating"), ({"rating": 6, "text": "Great"}, "rating"),
                        ({"rating": "five", "text": "Great"}, "rating"), ({"rating": 4.5, "text": "Hm"}, "rating"),
                        ({"rating": 5, "text": ""}, "text"), ({"rating": 5}, "text"),
                        ({"rating": 5, "text": "x" * 2001}, "text")]:
        field_errors(customer.post(f"/api/orders/{order['id']}/reviews", json=body), field)
    assert get_order(customer, order["id"])["reviews"] == [], "a rejected review is not stored"
    created_review(customer, order["id"], rating=1, text="x" * 2000)


def test_reply_once_by_the_reviewed_user(people):
    customer, performer, stranger = people(3)
    order = completed_order(customer, performer)
    about_performer = created_review(customer, order["id"], rating=3, text="Late by two days.")

    for person in (customer, stranger):
        body = assert_error(person.post(f"/api/reviews/{about_performer['id']}/reply", json={"text": "Me too"}),
                            403, "Forbidden")
        assert body["message"] == message("en", "reviews:not_target"), body
    field_errors(performer.post(f"/api/reviews/{about_performer['id']}/reply", json={"text": ""}), "text")
    field_errors(performer.post(f"/api/reviews/{about_performer['id']}/reply", json={}), "text")
    field_errors(performer.post(f"/api/reviews/{about_performer['id']}/reply", json={"text": "x" * 2001}), "text")

    response = performer.post(f"/api/reviews/{about_performer['id']}/reply",
                              json={"text": "The brief changed twice."})
    replied = assert_matches(response, "POST", "/api/reviews/{id}/reply")
    assert replied["id"] == about_performer["id"] and replied["reply"] == "The brief changed twice."
    assert replied["replied_at"] and replied["rating"] == 3

    body = assert_error(performer.post(f"/api/reviews/{about_performer['id']}/reply", json={"text": "Again"}),
                        409, "Conflict")
    assert body["message"] == message("en", "reviews:reply_duplicate"), body
    listed = reviews_of(people.guest(), performer.id)["items"]
    assert [r["reply"] for r in listed if r["id"] == about_performer["id"]] == ["The brief changed twice."]
    assert_error(performer.post("/api/reviews/999999999/reply", json={"text": "x"}), 404, "NotFound")


def test_user_reviews_and_rating_summary(people):
    customer, performer = people(2)
    first = completed_order(customer, performer)
    second = completed_order(customer, performer)
    older = created_review(customer, first["id"], rating=5, text="Great")
    newer = created_review(customer, second["id"], rating=3, text="Okay")
    about_customer = created_review(performer, first["id"], rating=4, text="Good customer")
    guest = people.guest()

    as_performer = reviews_of(guest, performer.id, **{"as": "performer"})
    assert [r["id"] for r in as_performer["items"]] == [newer["id"], older["id"]], "newest first"
    assert as_performer["summary"] == {"count": 2, "average": 4} or as_performer["summary"] == {
        "count": 2, "average": 4.0}, as_performer["summary"]
    assert reviews_of(guest, performer.id) == as_performer, "as=performer is the default"
    as_customer = reviews_of(guest, customer.id, **{"as": "customer"})
    assert [r["id"] for r in as_customer["items"]] == [about_customer["id"]]
    assert as_customer["summary"]["count"] == 1 and as_customer["summary"]["average"] == 4
    empty = reviews_of(guest, performer.id, **{"as": "customer"})
    assert empty["items"] == [] and empty["summary"] == {"count": 0, "average": None}

    page = reviews_of(guest, performer.id, limit=1)
    assert [r["id"] for r in page["items"]] == [newer["id"]] and page["next_cursor"]
    rest = reviews_of(guest, performer.id, limit=1, cursor=page["next_cursor"])
    assert [r["id"] for r in rest["items"]] == [older["id"]] and rest["next_cursor"] is None

    field_errors(guest.get(f"/api/users/{performer.id}/reviews", params={"as": "admin"}), "as")
    field_errors(guest.get(f"/api/users/{performer.id}/reviews", params={"cursor": "garbage"}), "cursor")
    field_errors(guest.get(f"/api/users/{performer.id}/reviews", params={"limit": 0}), "limit")
    assert_error(guest.get("/api/users/999999999/reviews"), 404, "NotFound")

    card = guest.get(f"/api/users/{performer.id}")
    body = assert_matches(card, "GET", "/api/users/{id}")
    assert body["id"] == performer.id and body["as_performer"]["count"] == 2
    assert body["as_performer"]["average"] == 4 and body["as_customer"] == {"count": 0, "average": None}
    assert "email" not in body and performer.email not in card.text


def test_public_user_card(people):
    person = people.one()
    response = people.guest("ru").get(f"/api/users/{person.id}")
    card = assert_matches(response, "GET", "/api/users/{id}")
    assert card["id"] == person.id and card["name"] == "Test" and card["lastname"] == "User"
    assert card["as_performer"] == {"count": 0, "average": None}
    assert card["as_customer"] == {"count": 0, "average": None}
    assert person.email not in response.text and "password" not in response.text
    body = assert_error(people.guest("ru").get("/api/users/999999999"), 404, "NotFound")
    assert body["message"], body


def test_reviews_need_a_session(people):
    customer, performer = people(2)
    order, _ = order_in_progress(customer, performer)
    assert_error(people.guest().post(f"/api/orders/{order['id']}/reviews",
                                     json={"rating": 5, "text": "x"}), 401)


def test_concurrent_reviews_by_one_side_make_one(people):
    customer, performer = people(2)
    order = completed_order(customer, performer)
    import threading
    second = customer.second_session(people.clients)
    barrier = threading.Barrier(2)
    results = [None, None]

    def post(index, client):
        barrier.wait(timeout=10)
        results[index] = client.post(f"/api/orders/{order['id']}/reviews", json={"rating": 4, "text": f"Take {index}"})

    threads = [threading.Thread(target=post, args=(0, customer.client)), threading.Thread(target=post, args=(1, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(r.status_code for r in results) == [201, 409], [(r.status_code, r.text[:300]) for r in results]
    assert_error(next(r for r in results if r.status_code == 409), 409, "Conflict")
    assert len(get_order(customer, order["id"])["reviews"]) == 1


def test_job_offer_participants_review_each_other(people):
    customer, performer = people(2)
    order, invitation = job_offer(customer, performer)
    accepted = performer.post(f"/api/invitations/{invitation['id']}/accept", json={})
    assert_matches(accepted, "POST", "/api/invitations/{id}/accept")
    order_id = order["id"]
    assert customer.post(f"/api/orders/{order_id}/complete", json={}).status_code == 200
    assert created_review(customer, order_id, rating=5)["target"]["id"] == performer.id
    assert created_review(performer, order_id, rating=5)["target"]["id"] == customer.id
    assert reviews_of(people.guest(), performer.id)["summary"]["count"] == 1


def test_texts_count_characters_not_bytes(people):
    customer, performer = people(2)
    order = completed_order(customer, performer)
    assert len(created_review(customer, order["id"], rating=4, text="Ж" * 2000)["text"]) == 2000
    mine = reviews_of(people.guest(), performer.id)["items"][0]
    response = performer.post(f"/api/reviews/{mine['id']}/reply", json={"text": "Я" * 2000})
    assert response.status_code == 200, response.text


def test_a_personal_order_is_withheld_from_others_in_reviews(people):
    # Issue 14, finding 3: the reviews of a personal order stay public (a reputation cannot be hidden), but its name
    # and id are the two parties' only, as the order itself is (everybody else gets 404 for it).
    customer, performer, third = people(3)
    order, invitation = job_offer(customer, performer, name=f"Secret rebranding {third.id}")
    assert_matches(performer.post(f"/api/invitations/{invitation['id']}/accept", json={}), "POST",
                   "/api/invitations/{id}/accept")
    assert customer.post(f"/api/orders/{order['id']}/complete", json={}).status_code == 200
    about_performer = created_review(customer, order["id"], rating=5)
    about_customer = created_review(performer, order["id"], rating=4)
    assert about_performer["order_name"] == order["name"] and about_performer["order_personal"] is True
    guest = people.guest()
    assert_error(third.get(f"/api/orders/{order['id']}"), 404, "NotFound")
    assert_error(guest.get(f"/api/orders/{order['id']}"), 404, "NotFound")

    for viewer, party in [(customer, True), (performer, True), (third, False), (guest, False)]:
        for target, side, review_id in [(performer, "performer", about_performer["id"]),
                                        (customer, "customer", about_customer["id"])]:
            items = reviews_of(viewer, target.id, **{"as": side})["items"]
            seen = next(item for item in items if item["id"] == review_id)
            assert seen["order_personal"] is True, seen
            assert seen["rating"] in (4, 5) and seen["author"]["id"] in (customer.id, performer.id), seen
            if party:
                assert seen["order_id"] == order["id"] and seen["order_name"] == order["name"], seen
            else:
                assert seen["order_id"] is None and seen["order_name"] is None, seen
                assert order["name"] not in str(seen)
    # The order detail (the parties' only) keeps the name; a public order's review shows it to everybody.
    assert {r["order_name"] for r in get_order(customer, order["id"])["reviews"]} == {order["name"]}
    public = completed_order(customer, performer)
    created_review(customer, public["id"])
    seen = next(item for item in reviews_of(guest, performer.id)["items"] if item["order_id"] == public["id"])
    assert seen["order_name"] == public["name"] and seen["order_personal"] is False
