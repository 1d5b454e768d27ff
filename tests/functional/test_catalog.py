"""The catalog (GET /api/catalog), the welcome choice (POST /api/user/welcome) and the new UserInfo fields, over
HTTP against docs/api/openapi.yaml."""

import pytest

from checks import assert_error, assert_matches, field_errors
from marketplace import CYRILLIC, KAZAKHSTAN, People


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=3, ru=1)
    yield made
    made.close()


@pytest.fixture(scope="module")
def catalog(artel, people):
    return assert_matches(people.guest().get("/api/catalog"), "GET", "/api/catalog")


def names_ok(names: dict) -> bool:
    """Every language's name is there and not empty (the Names schema asks for strings, not for their length)."""
    return all(isinstance(names[lang], str) and names[lang] for lang in ("en", "ru"))


def test_catalog_is_public_and_complete(catalog):
    # The catalog fixture checked the shape (every key of every entry) against the Catalog schema.
    categories = {c["code"]: c for c in catalog["categories"]}
    assert {"development", "design", "texts", "marketing", "video-audio", "engineering"} <= set(categories)
    development = categories["development"]
    assert development["id"] == 1
    assert development["names"]["en"] == "Development and IT"
    assert development["names"]["ru"] == "Разработка и IT"
    specializations = {s["code"]: s for s in development["specializations"]}
    assert specializations["web-development"]["id"] == 101
    assert specializations["web-development"]["names"] == {"en": "Websites and web services",
                                                           "ru": "Сайты и веб-сервисы"}
    assert "logo-branding" not in specializations, "specializations are listed under their own category"
    for category in catalog["categories"]:
        assert names_ok(category["names"]), category
        for specialization in category["specializations"]:
            assert names_ok(specialization["names"]), specialization

    skills = {s["code"]: s for s in catalog["skills"]}
    assert skills["react"]["id"] == 5 and skills["onec"]["names"]["ru"] == "1С:Предприятие"

    countries = {c["code"]: c for c in catalog["countries"]}
    assert {"RU", "KZ", "BY", "UZ"} <= set(countries)
    assert countries["RU"]["names"] == {"en": "Russia", "ru": "Россия"}
    cities = {c["id"]: c for c in countries["KZ"]["cities"]}
    assert cities[21]["names"] == {"en": "Almaty", "ru": "Алматы"}
    assert 1 not in cities, "Moscow is not a city of Kazakhstan"

    currencies = {c["code"]: c for c in catalog["currencies"]}
    assert {"RUB", "USD", "EUR", "KZT", "BYN", "UZS", "UAH"} <= set(currencies)
    assert currencies["RUB"]["symbol"] == "₽" and currencies["RUB"]["minor_units"] == 2
    assert currencies["USD"]["names"]["ru"] == "Доллар США"


def test_catalog_is_the_same_in_both_languages(people, catalog):
    russian = people.guest("ru").get("/api/catalog")
    assert assert_matches(russian, "GET", "/api/catalog") == catalog, (
        "one copy with every name serves both interface languages")


def test_catalog_etag_gives_304(people):
    client = people.guest()
    first = client.get("/api/catalog")
    etag = first.headers.get("ETag")
    assert etag, first.headers
    again = client.get("/api/catalog", headers={"If-None-Match": etag})
    assert_matches(again, "GET", "/api/catalog", 304)
    assert again.content == b""
    changed = client.get("/api/catalog", headers={"If-None-Match": '"something-else"'})
    assert changed.status_code == 200 and changed.json() == first.json()


def test_catalog_needs_the_marker_header(artel, people):
    response = people.guest().raw.get(artel.url + "/api/catalog", headers={"X-Requested-With": None})
    assert_error(response, 400, "BadRequest")


# --- welcome flow and UserInfo ------------------------------------------------------------------------------------


def test_new_user_has_no_welcome_choice_yet(people):
    person = people.one()
    info = assert_matches(person.get("/api/user/info"), "GET", "/api/user/info")
    assert info["intent"] is None and info["job_country_id"] is None, info


def test_welcome_as_customer(people):
    person = people.one()
    response = person.post("/api/user/welcome", json={"intent": "customer"})
    body = assert_matches(response, "POST", "/api/user/welcome")
    assert body["id"] == person.id and body["intent"] == "customer" and body["job_country_id"] is None, body
    assert person.get("/api/user/info").json()["intent"] == "customer"


def test_welcome_as_performer_with_a_job_country(people):
    person = people.one()
    response = person.post("/api/user/welcome", json={"intent": "performer", "job_country_id": KAZAKHSTAN})
    assert_matches(response, "POST", "/api/user/welcome")
    info = person.get("/api/user/info").json()
    assert info["intent"] == "performer" and info["job_country_id"] == KAZAKHSTAN, info


def test_welcome_validation(people):
    person = people.one("ru")
    field_errors(person.post("/api/user/welcome", json={"intent": "admin"}), "intent")
    field_errors(person.post("/api/user/welcome", json={}), "intent")
    country = field_errors(person.post("/api/user/welcome", json={"intent": "performer"}), "job_country_id")
    assert CYRILLIC.search(country[0]), country
    field_errors(person.post("/api/user/welcome", json={"intent": "performer", "job_country_id": 999999}),
                 "job_country_id")
    field_errors(person.post("/api/user/welcome", json={"intent": "performer", "job_country_id": "KZ"}),
                 "job_country_id")
    info = person.get("/api/user/info").json()
    assert info["intent"] is None and info["job_country_id"] is None, "a rejected choice changes nothing"


def test_welcome_needs_a_session(people):
    assert_error(people.guest().post("/api/user/welcome", json={"intent": "customer"}), 401)


def test_welcome_later_is_remembered_for_a_week(artel, people):
    person = people.one()
    assert person.get("/api/user/info").json()["welcome_due"] is True, "a new user is asked"
    body = assert_matches(person.post("/api/user/welcome/later"), "POST", "/api/user/welcome/later")
    assert body["welcome_due"] is False and body["intent"] is None, body
    assert person.get("/api/user/info").json()["welcome_due"] is False, "not asked again on the next page load"
    # Eight days later the dialog asks again.
    artel.sql(f"UPDATE identity.users SET welcome_postponed_at = now() - interval '8 days' WHERE id = {person.id}")
    assert person.get("/api/user/info").json()["welcome_due"] is True
    person.post("/api/user/welcome", json={"intent": "customer"})
    assert person.get("/api/user/info").json()["welcome_due"] is False, "a choice ends the question"
    person.post("/api/user/welcome/later")
    assert person.get("/api/user/info").json()["intent"] == "customer", "Later after a choice changes nothing"


def test_welcome_later_needs_a_session(people):
    assert_error(people.guest().post("/api/user/welcome/later"), 401)
