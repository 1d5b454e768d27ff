"""Favourites (issue 25) over HTTP against docs/api/openapi.yaml: sign-in required, idempotent add and remove, the
list of one kind with every kind's count, closed items marked, an item that became hidden from the reader listed
with no title, 404/409/422 in the one error shape with localized messages (the limit as a setting), and nobody
sees another user's bookmarks (there is no path naming another user: every operation is the caller's own)."""

import json

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT, run_artel
from marketplace import People, create_order
from test_resumes import resume_input

LIST = "/api/favourites"
ITEM = "/api/favourites/{kind}/{id}"
_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "favourites.json").read_text()) for lang in ("en", "ru")}


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=6, ru=2)
    yield made
    made.close()


def put(person, kind: str, item_id: int):
    return person.client.put(f"/api/favourites/{kind}/{item_id}")


def listed(person, kind: str, **params) -> dict:
    return assert_matches(person.get(LIST, params={"kind": kind, **params}), "GET", LIST)


def test_guests_get_401(people):
    guest = people.guest()
    assert_error(guest.get(LIST, params={"kind": "order"}), 401)
    assert_error(guest.put("/api/favourites/order/1"), 401)
    assert_error(guest.delete("/api/favourites/order/1"), 401)
    assert_error(guest.get("/api/favourites/order/1"), 401)


def test_bookmarking_an_order_is_idempotent_and_marks_it_closed_when_it_closes(people):
    customer, reader, other = people(3)
    order = create_order(customer, name="Logo for a bakery")
    for _ in range(2):
        state = assert_matches(put(reader, "order", order["id"]), "PUT", ITEM)
        assert state == {"bookmarked": True}
    assert assert_matches(reader.get(f"/api/favourites/order/{order['id']}"), "GET", ITEM)["bookmarked"] is True

    page = listed(reader, "order")
    assert page["total"] == 1 and page["counts"]["order"] == 1 and page["pages"] == 1
    [item] = page["items"]
    assert item["id"] == order["id"] and item["available"] is True and item["closed"] is False
    assert item["title"] == "Logo for a bakery" and item["subtitle"] == "search"

    # Somebody else's bookmarks are never theirs to see: their own list is empty, their state false.
    assert listed(other, "order")["total"] == 0
    assert assert_matches(other.get(f"/api/favourites/order/{order['id']}"), "GET", ITEM)["bookmarked"] is False

    assert customer.post(f"/api/orders/{order['id']}/close", json={}).status_code == 200
    [item] = listed(reader, "order")["items"]
    assert item["closed"] is True and item["subtitle"] == "closed"

    for _ in range(2):
        assert assert_matches(reader.delete(f"/api/favourites/order/{order['id']}"), "DELETE", ITEM) == {
            "bookmarked": False}
    assert listed(reader, "order")["total"] == 0


def test_a_resume_hidden_from_the_reader_is_listed_without_its_title(people):
    owner, reader = people(2)
    resume = assert_matches(owner.post("/api/resumes", json=resume_input(position="Quietly secret position")),
                            "POST", "/api/resumes", 201)
    assert_matches(put(reader, "resume", resume["id"]), "PUT", ITEM)
    [item] = listed(reader, "resume")["items"]
    assert item["available"] is True and item["title"] == "Quietly secret position"

    assert owner.post(f"/api/resumes/{resume['id']}/hide").status_code == 200
    response = reader.get(LIST, params={"kind": "resume"})
    page = assert_matches(response, "GET", LIST)
    [item] = page["items"]
    assert item == {**item, "available": False, "title": None, "subtitle": None, "closed": False}
    assert "Quietly secret" not in response.text
    assert page["counts"]["resume"] == 1, "still the reader's bookmark, to remove"
    # It cannot be bookmarked anew by anybody it is hidden from.
    newcomer = people.one()
    body = assert_error(put(newcomer, "resume", resume["id"]), 404)
    assert body["message"] == _I18N["en"]["not_found"]
    assert "Quietly secret" not in json.dumps(body)
    # Its owner still opens it, so may bookmark it: hidden from others, closed for them as a listing.
    assert_matches(put(owner, "resume", resume["id"]), "PUT", ITEM)
    [mine] = listed(owner, "resume")["items"]
    assert mine["available"] is True and mine["closed"] is True


def test_errors_are_the_one_shape_and_localized(people):
    reader = people.one("ru")
    body = assert_error(reader.client.put("/api/favourites/article/1"), 404)
    assert body["message"] == _I18N["ru"]["kind_unknown"]
    body = assert_error(put(reader, "order", 999_999_999), 404)
    assert body["message"] == _I18N["ru"]["not_found"]
    body = assert_error(put(reader, "freelancer", 999_999_999), 404)
    assert body["message"] == _I18N["ru"]["not_found"]
    assert field_errors(reader.get(LIST, params={"kind": "article"}), "kind")
    assert field_errors(reader.get(LIST, params={"kind": "order", "page": 0}), "page")
    assert field_errors(reader.get(LIST), "kind")


def test_counts_cover_every_kind_and_pages_hold_twenty(people):
    reader = people.one()
    freelancers = people(3)
    for person in freelancers:
        assert_matches(put(reader, "freelancer", person.id), "PUT", ITEM)
    page = listed(reader, "freelancer")
    assert page["counts"] == {"order": 0, "freelancer": 3, "vacancy": 0, "resume": 0, "company": 0}
    # Newest first.
    assert [item["id"] for item in page["items"]] == [p.id for p in reversed(freelancers)]
    assert all(item["title"] for item in page["items"])
    beyond = listed(reader, "freelancer", page=2)
    assert beyond["items"] == [] and beyond["page"] == 2 and beyond["pages"] == 1


def test_the_limit_is_a_setting_and_its_409_is_localized_with_plurals(mail_sink):
    with run_artel(mail_sink, {"ARTEL_FAVOURITES_MAX_PER_USER": "2"}) as server:
        people = People(server, ru=4)
        try:
            reader, *others = people(4, "ru")
            for person in others[:2]:
                assert_matches(put(reader, "freelancer", person.id), "PUT", ITEM)
            # Again at the limit: still fine (idempotent); a new one is refused in the one shape, in Russian.
            assert_matches(put(reader, "freelancer", others[0].id), "PUT", ITEM)
            body = assert_error(put(reader, "freelancer", others[2].id), 409)
            assert body["message"] == _I18N["ru"]["limit_reached_few"].replace("{{count}}", "2")
            assert reader.delete(f"/api/favourites/freelancer/{others[0].id}").status_code == 200
            assert_matches(put(reader, "freelancer", others[2].id), "PUT", ITEM)
        finally:
            people.close()
