"""Saved searches (issue 25) over HTTP against docs/api/openapi.yaml: sign-in required; save, list with new-match
counts, rename, change the interval, delete and mark seen are the owner's own (somebody else's search is 404); a
published order matching a search is counted once and notified as `saved_search_match`, a personal order is not;
the filter is checked by the orders list's own rules; 422s in the one error shape, localized in both languages,
with the cap as a setting."""

import json

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT, run_artel
from marketplace import (DESIGN, WEB_DEVELOPMENT, People, create_order, job_offer, notifications, rub,
                         token)

LIST = "/api/saved-searches"
ITEM = "/api/saved-searches/{id}"
SEEN = "/api/saved-searches/{id}/seen"
_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "searches.json").read_text()) for lang in ("en", "ru")}


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=8, ru=3)
    yield made
    made.close()


def save(person, name: str, filter_: dict, interval: str = "immediately", scope: str = "orders"):
    return person.post(LIST, json={"name": name, "scope": scope, "filter": filter_, "interval": interval})


def saved(person, name: str, filter_: dict, interval: str = "immediately") -> dict:
    return assert_matches(save(person, name, filter_, interval), "POST", LIST, 201)


def mine(person) -> dict:
    return assert_matches(person.get(LIST), "GET", LIST)


def search_of(person, search_id: int) -> dict:
    [found] = [s for s in mine(person)["items"] if s["id"] == search_id]
    return found


def test_guests_get_401(people):
    guest = people.guest()
    assert_error(guest.get(LIST), 401)
    assert_error(guest.post(LIST, json={"name": "x", "scope": "orders", "filter": {}, "interval": "daily"}), 401)
    assert_error(guest.patch("/api/saved-searches/1", json={"name": "x"}), 401)
    assert_error(guest.delete("/api/saved-searches/1"), 401)
    assert_error(guest.post("/api/saved-searches/1/seen"), 401)


def test_a_published_order_is_counted_once_notified_and_reset_when_seen(people):
    reader, customer = people(2)
    word = token()
    search = saved(reader, "Sites", {"specialization": str(WEB_DEVELOPMENT), "q": word, "sort": "date"})
    assert search["new_matches"] == 0 and search["interval"] == "immediately"
    assert search["filter"] == {"specialization": str(WEB_DEVELOPMENT), "q": word, "sort": "date"}
    other_search = saved(reader, "Design", {"category": "design", "q": word})

    order = create_order(customer, name=f"Landing page {word}")
    assert search_of(reader, search["id"])["new_matches"] == 1
    assert search_of(reader, other_search["id"])["new_matches"] == 0
    [notice] = [n for n in notifications(reader) if n["kind"] == "saved_search_match"]
    assert notice["payload"]["search_id"] == search["id"] and notice["payload"]["item_id"] == order["id"]
    assert notice["payload"]["path"] == f"/order/{order['id']}"

    # Closed and reopened: the same order never counts twice.
    assert customer.post(f"/api/orders/{order['id']}/close", json={}).status_code == 200
    assert customer.post(f"/api/orders/{order['id']}/reopen", json={}).status_code == 200
    assert search_of(reader, search["id"])["new_matches"] == 1

    seen = assert_matches(reader.post(f"/api/saved-searches/{search['id']}/seen"), "POST", SEEN)
    assert seen["new_matches"] == 0
    create_order(customer, name=f"Another site {word}", category_id=DESIGN, specialization_id=None, skill_ids=[])
    assert search_of(reader, search["id"])["new_matches"] == 0
    assert search_of(reader, other_search["id"])["new_matches"] == 1


def test_a_personal_order_never_matches(people):
    reader, customer, performer = people(3)
    word = token()
    search = saved(reader, "Everything with the word", {"q": word})
    order, _ = job_offer(customer, performer, name=f"Quiet offer {word}")
    assert search_of(reader, search["id"])["new_matches"] == 0
    assert not [n for n in notifications(reader) if n["kind"] == "saved_search_match"]
    assert word not in json.dumps(mine(reader)["items"][0]["filter"]).replace(word, "", 1)
    assert order["personal"] is True


def test_competition_and_customer_quality_filter_orders(people):
    reader, customer = people(2)
    word = token()
    few_bids = saved(reader, "Few bids", {"q": word, "max_bids": "3"})
    rated = saved(reader, "Rated customers", {"q": word, "min_rating": "4.5"})
    budget = saved(reader, "Big budget", {"q": word, "budget_min": "100000"})
    create_order(customer, name=f"Small site {word}", budget=rub(50_000))
    # A new customer has no rating: "at least 4.5" does not match; no bids yet: "fewer than 3" does.
    assert search_of(reader, few_bids["id"])["new_matches"] == 1
    assert search_of(reader, rated["id"])["new_matches"] == 0
    assert search_of(reader, budget["id"])["new_matches"] == 0
    create_order(customer, name=f"Big site {word}", budget=rub(150_000))
    assert search_of(reader, budget["id"])["new_matches"] == 1


def test_the_owner_alone_edits_deletes_and_sees(people):
    owner, other = people(2)
    search = saved(owner, "Mine", {"category": "development"}, "daily")
    url = f"/api/saved-searches/{search['id']}"
    changed = assert_matches(owner.patch(url, json={"name": "  Renamed ", "interval": "weekly"}), "PATCH", ITEM)
    assert changed["name"] == "Renamed" and changed["interval"] == "weekly"
    assert changed["filter"] == {"category": "development"}
    for response in (other.patch(url, json={"name": "Theirs"}), other.delete(url),
                     other.post(f"{url}/seen")):
        body = assert_error(response, 404)
        assert body["message"] == _I18N["en"]["not_found"]
        assert "Renamed" not in json.dumps(body)
    assert mine(other)["items"] == []
    assert search_of(owner, search["id"])["name"] == "Renamed"
    assert_matches(owner.delete(url), "DELETE", ITEM)
    assert_error(owner.delete(url), 404)
    assert all(s["id"] != search["id"] for s in mine(owner)["items"])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_422s_are_the_one_shape_and_localized(people, lang):
    person = people.one(lang)
    texts = _I18N[lang]
    assert field_errors(save(person, "x", {}, scope="planets"), "scope") == [texts["scope_unknown"]]
    assert field_errors(save(person, "x", {"colour": "red"}), "filter.colour") == [texts["filter_invalid"]]
    assert field_errors(save(person, "x", {"max_bids": "many"}), "filter.max_bids") == [texts["filter_invalid"]]
    assert field_errors(save(person, "x", {"min_rating": "9"}), "filter.min_rating") == [texts["filter_invalid"]]
    # The list's own rules and texts: an unknown category.
    assert field_errors(save(person, "x", {"category": "astrology"}), "filter.category")
    assert field_errors(save(person, " ", {}), "name")
    assert field_errors(save(person, "y" * 101, {}), "name")
    assert field_errors(save(person, "x", {}, interval="sometimes"), "interval")
    assert mine(person)["items"] == []


def test_the_cap_is_a_setting_and_its_422_is_localized_with_plurals(mail_sink):
    with run_artel(mail_sink, {"ARTEL_SEARCHES_MAX_PER_USER": "2"}) as server:
        people = People(server, ru=1)
        try:
            [person] = people(1, "ru")
            saved(person, "Первый", {})
            saved(person, "Второй", {"category": "design"})
            [message] = field_errors(save(person, "Третий", {}), "name")
            assert message == _I18N["ru"]["limit_reached_one"].replace("{{count}}", "2") or \
                message == _I18N["ru"]["limit_reached_few"].replace("{{count}}", "2")
            assert mine(person)["max"] == 2 and len(mine(person)["items"]) == 2
        finally:
            people.close()


def test_vacancies_are_matched_when_published_and_a_draft_never(artel, people):
    from test_vacancies import company_of, create  # the vacancies' own helpers

    reader, employer = people(2)
    company = company_of(artel, employer)
    word = token()
    assert field_errors(save(reader, "x", {"employment": "sometimes"}, scope="vacancies"), "filter.employment")
    # The orders' parameters are not the vacancies' (and the other way round).
    assert field_errors(save(reader, "x", {"employment": "full"}), "filter.employment")
    remote = assert_matches(save(reader, "Remote Go", {"q": word, "employment": "full,part", "remote": "true",
                                                       "salary": "250000"}, scope="vacancies"), "POST", LIST, 201)
    office = assert_matches(save(reader, "Office", {"q": word, "schedule": "full_day"}, scope="vacancies"),
                            "POST", LIST, 201)
    draft = create(employer, company, title=f"Go developer {word}", publish=False)
    assert search_of(reader, remote["id"])["new_matches"] == 0
    assert employer.post(f"/api/vacancies/{draft['id']}/publish").status_code == 200
    assert search_of(reader, remote["id"])["new_matches"] == 1
    assert search_of(reader, office["id"])["new_matches"] == 0
    # Archived and republished: never twice.
    assert employer.post(f"/api/vacancies/{draft['id']}/archive").status_code == 200
    assert employer.post(f"/api/vacancies/{draft['id']}/publish").status_code == 200
    assert search_of(reader, remote["id"])["new_matches"] == 1
    # A salary below the search's minimum does not match.
    create(employer, company, title=f"Junior Go {word}",
           salary={"from": 10_000_000, "to": 15_000_000, "currency": "RUB", "gross": False})
    assert search_of(reader, remote["id"])["new_matches"] == 1
    [notice] = [n for n in notifications(reader) if n["kind"] == "saved_search_match"
                and n["payload"]["scope"] == "vacancies"]
    assert notice["payload"]["path"] == f"/vacancy/{draft['id']}"
