"""Resumes (libs/resumes) against the real binary: every endpoint of the tag `resumes` in docs/api/openapi.yaml,
checked against the document; THE visibility rule of db/migrations/resumes/0025_resumes.sql (a hidden, a draft and
a responded-only resume are invisible to a stranger in every list, count, search and detail; the responded-only one
is visible in detail to a granted employer); owner-only edits; states with 409 and nothing changed; the photo; the
filters, the search with a typo, counts, sorts and pages.

The public list is shared by the session, so list assertions filter by a word only this module's resumes contain
(`token()`), or look only at the ids a test made."""

from __future__ import annotations

import json

import pytest

from checks import assert_error, assert_matches, error_fields, field_errors
from marketplace import (DESIGN, DEVELOPMENT, KAZAKHSTAN, LOGO_BRANDING, MOSCOW, RUSSIA, SKILL_PYTHON, SKILL_REACT,
                         WEB_DEVELOPMENT, People, png_bytes, token)
from marketplace import message as server_message
from conftest import REPO_ROOT

MESSAGES = {lang: json.loads((REPO_ROOT / "i18n" / lang / "resumes.json").read_text()) for lang in ("en", "ru")}


@pytest.fixture(scope="module")
def people(artel):
    stock = People(artel, en=8, ru=2)
    yield stock
    stock.close()


def resume_input(**overrides) -> dict:
    body = {
        "position": "Backend developer",
        "category_id": DEVELOPMENT,
        "specialization_ids": [WEB_DEVELOPMENT],
        "salary": {"amount": 25000000, "currency": "RUB"},
        "employments": ["full"],
        "schedules": ["remote", "flexible"],
        "experience": [
            {"company": "Yandex", "position": "Go developer", "start": "2021-01", "end": None,
             "description": "Payments backend"},
            {"company": "Ozon", "position": "Junior developer", "start": "2018-06", "end": "2020-12",
             "description": ""},
        ],
        "education": [{"level": "higher", "institution": "MSU", "specialty": "Computer science",
                       "graduation_year": 2018}],
        "skill_ids": [SKILL_PYTHON],
        "languages": [{"code": "en", "level": "b2"}, {"code": "ru", "level": "native"}],
        "about": "I build reliable services.",
        "citizenship_id": RUSSIA,
        "country_id": RUSSIA,
        "city_id": MOSCOW,
        "relocate": False,
        "business_trips": True,
        "visibility": "public",
        "publish": True,
    }
    body.update(overrides)
    return body


def create(person, **overrides) -> dict:
    return assert_matches(person.post("/api/resumes", json=resume_input(**overrides)), "POST", "/api/resumes", 201)


def listed(client, **params) -> list[int]:
    page = assert_matches(client.get("/api/resumes", params={"limit": 50, **params}), "GET", "/api/resumes")
    return [item["id"] for item in page["items"]]


def counted(client, **params) -> int:
    return assert_matches(client.get("/api/resumes/counts", params=params), "GET", "/api/resumes/counts")["total"]


def test_create_read_and_derived_fields(people):
    owner = people.one()
    resume = create(owner)
    assert resume["status"] == "published" and resume["is_owner"] is True
    assert resume["published_at"]
    # Experience: 2018-06..2020-12 (31 months) and 2021-01..now, no overlap.
    assert resume["experience_months"] >= 31 + 12
    assert resume["experience_bucket"] in {"3_6", "6_plus"}
    assert resume["education_level"] == "higher"
    assert [entry["company"] for entry in resume["experience"]] == ["Yandex", "Ozon"]  # the owner's order
    assert all(isinstance(entry["id"], int) for entry in resume["experience"])
    assert resume["experience"][0]["end"] is None
    assert resume["salary"] == {"amount": 25000000, "currency": "RUB"}
    assert resume["languages"] == [{"code": "en", "level": "b2"}, {"code": "ru", "level": "native"}]
    # Anybody sees a published public resume; not as its owner.
    guest = people.guest()
    seen = assert_matches(guest.get(f"/api/resumes/{resume['id']}"), "GET", "/api/resumes/{id}")
    assert seen["is_owner"] is False and seen["user"]["id"] == owner.id


def test_currency_defaults_to_the_rouble_and_converts(people, artel):
    owner = people.one()
    resume = create(owner, salary={"amount": 100000})
    assert resume["salary"] == {"amount": 100000, "currency": "RUB"}
    dollars = create(owner, salary={"amount": 100000, "currency": "USD"})
    rate = float(artel.sql("SELECT rate_to_rub FROM catalog.currencies WHERE code = 'USD'")[0][0])
    base = int(artel.sql(f"SELECT salary_base FROM resumes.resumes WHERE id = {dollars['id']}")[0][0])
    assert base == round(100000 * rate)


def test_entries_are_replaced_on_save_in_order(people):
    owner = people.one()
    resume = create(owner)
    entries = [{"company": "C", "position": "P3", "start": "2015-01", "end": "2015-06", "description": ""},
               {"company": "A", "position": "P1", "start": "2016-01", "end": "2016-12", "description": "x"}]
    patched = assert_matches(owner.patch(f"/api/resumes/{resume['id']}", json={"experience": entries,
                                                                             "education": []}),
                             "PATCH", "/api/resumes/{id}")
    assert [entry["company"] for entry in patched["experience"]] == ["C", "A"]
    assert patched["experience_months"] == 6 + 12 and patched["experience_bucket"] == "1_3"
    assert patched["education"] == [] and patched["education_level"] == "none"
    # Untouched fields stay.
    assert patched["position"] == resume["position"] and patched["languages"] == resume["languages"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_validation_messages_are_localized(people, lang):
    owner = people.one(lang)
    # The schema's rules (libs/resumes/api.yaml) stop a request before the service, so a form breaking both
    # gets the schema's errors first and the service's (the months, the catalog) in a second answer.
    response = owner.post("/api/resumes", json=resume_input(
        position="X", salary={"amount": 0}, employments=["weekends"],
        experience=[{"company": "A", "position": "B", "start": "2020-05", "end": "2020-01", "description": ""}],
        languages=[{"code": "english", "level": "b2"}], country_id=KAZAKHSTAN, city_id=MOSCOW))
    assert {"position", "salary.amount", "employments", "languages.0.code"} <= error_fields(response)
    assert field_errors(response, "salary.amount") == [MESSAGES[lang]["salary_positive"]]
    assert field_errors(response, "employments") == [MESSAGES[lang]["employment_unknown"]]
    assert field_errors(response, "languages.0.code") == [MESSAGES[lang]["language_code"]]
    response = owner.post("/api/resumes", json=resume_input(
        experience=[{"company": "A", "position": "B", "start": "2020-05", "end": "2020-01", "description": ""}],
        languages=[{"code": "en", "level": "b2"}, {"code": "en", "level": "c1"}],
        country_id=KAZAKHSTAN, city_id=MOSCOW))
    assert {"experience.0.end", "languages.1.code", "city_id"} <= error_fields(response)
    assert field_errors(response, "experience.0.end") == [MESSAGES[lang]["end_before_start"]]
    assert field_errors(response, "languages.1.code") == [MESSAGES[lang]["language_repeated"]]
    assert field_errors(response, "city_id") == [server_message(lang, "catalog:city_country")]


def test_only_the_owner_edits(people):
    owner, stranger = people(2)
    resume = create(owner)
    rid = resume["id"]
    for response in (stranger.patch(f"/api/resumes/{rid}", json={"position": "Hacked"}),
                     stranger.delete(f"/api/resumes/{rid}"),
                     stranger.post(f"/api/resumes/{rid}/hide"),
                     stranger.post(f"/api/resumes/{rid}/publish"),
                     stranger.client.put(f"/api/resumes/{rid}/photo", data=png_bytes()),
                     stranger.delete(f"/api/resumes/{rid}/photo")):
        assert_error(response, 404)
    after = assert_matches(owner.get(f"/api/resumes/{rid}"), "GET", "/api/resumes/{id}")
    assert after["position"] == resume["position"] and after["status"] == "published"
    assert_error(people.guest().patch(f"/api/resumes/{rid}", json={"position": "Guest"}), 401)


def test_states_and_illegal_transitions(people):
    owner = people.one()
    resume = create(owner, publish=False)
    rid = resume["id"]
    assert resume["status"] == "draft" and resume["published_at"] is None
    assert_error(owner.post(f"/api/resumes/{rid}/hide"), 409)
    assert assert_matches(owner.get(f"/api/resumes/{rid}"), "GET", "/api/resumes/{id}")["status"] == "draft"
    published = assert_matches(owner.post(f"/api/resumes/{rid}/publish"), "POST", "/api/resumes/{id}/publish")
    assert published["status"] == "published" and published["published_at"]
    body = assert_error(owner.post(f"/api/resumes/{rid}/publish"), 409)
    assert body["message"] == MESSAGES["en"]["illegal_transition"]
    hidden = assert_matches(owner.post(f"/api/resumes/{rid}/hide"), "POST", "/api/resumes/{id}/hide")
    assert hidden["status"] == "hidden"
    before = assert_matches(owner.get(f"/api/resumes/{rid}"), "GET", "/api/resumes/{id}")
    assert_error(owner.post(f"/api/resumes/{rid}/hide"), 409)
    assert assert_matches(owner.get(f"/api/resumes/{rid}"), "GET", "/api/resumes/{id}") == before
    assert assert_matches(owner.post(f"/api/resumes/{rid}/publish"), "POST",
                          "/api/resumes/{id}/publish")["status"] == "published"
    assert owner.delete(f"/api/resumes/{rid}").status_code == 204
    assert_error(owner.get(f"/api/resumes/{rid}"), 404)


def test_the_visibility_rule(people, artel):
    owner, stranger, employer = people(3)
    word = token()
    public = create(owner, about=f"public {word}")
    hidden = create(owner, about=f"hidden {word}")
    assert_matches(owner.post(f"/api/resumes/{hidden['id']}/hide"), "POST", "/api/resumes/{id}/hide")
    draft = create(owner, about=f"draft {word}", publish=False)
    responded = create(owner, about=f"responded {word}", visibility="responded")
    invisible = [hidden["id"], draft["id"], responded["id"]]
    guest = people.guest()

    for viewer in (guest, stranger, employer):
        # Lists, searches (as typed and through the typo fallback), every sort, counts.
        for params in ({"q": word}, {"q": word, "sort": "salary"}, {"q": word, "sort": "relevance"},
                       {"q": word[:-1] + "x"}):
            assert listed(viewer, **params) in ([public["id"]], []), params
        assert listed(viewer, q=word) == [public["id"]]
        recent = listed(viewer)
        assert not set(invisible) & set(recent)
        assert not set(invisible) & set(listed(viewer, sort="salary", salary=25000000))
        assert counted(viewer, q=word) == 1
        counts = assert_matches(viewer.get("/api/resumes/counts", params={"q": word}), "GET", "/api/resumes/counts")
        assert counts["categories"] == [{"category_id": DEVELOPMENT, "count": 1}]
        # Detail: 404 as for a missing resume.
        for rid in invisible:
            assert_error(viewer.get(f"/api/resumes/{rid}"), 404)

    # The owner sees every one of them, and all are in the owner's list.
    for rid in invisible:
        assert_matches(owner.get(f"/api/resumes/{rid}"), "GET", "/api/resumes/{id}")
    mine = assert_matches(owner.get("/api/resumes/my"), "GET", "/api/resumes/my")["items"]
    assert {item["id"] for item in mine} == {public["id"], *invisible}
    assert {item["id"]: item["status"] for item in mine}[draft["id"]] == "draft"

    # A granted employer (libs/hiring's grant on a response) sees the responded-only and the hidden resume in
    # detail, never the draft, and still none of them in a list or a count.
    for rid in (responded["id"], hidden["id"], draft["id"]):
        artel.sql(f"INSERT INTO resumes.grants (resume_id, user_id, created_at) VALUES ({rid}, {employer.id}, now())")
    assert assert_matches(employer.get(f"/api/resumes/{responded['id']}"), "GET",
                          "/api/resumes/{id}")["visibility"] == "responded"
    assert_matches(employer.get(f"/api/resumes/{hidden['id']}"), "GET", "/api/resumes/{id}")
    assert_error(employer.get(f"/api/resumes/{draft['id']}"), 404)
    assert listed(employer, q=word) == [public["id"]]
    assert counted(employer, q=word) == 1
    # The grant is the employer's only.
    assert_error(stranger.get(f"/api/resumes/{responded['id']}"), 404)


def test_bad_photo_is_415_and_a_photo_is_stored(people):
    owner = people.one()
    rid = create(owner)["id"]
    assert_error(owner.client.put(f"/api/resumes/{rid}/photo", data=b"%PDF-1.4 not an image"), 415)
    with_photo = assert_matches(owner.client.put(f"/api/resumes/{rid}/photo", data=png_bytes(40, 30)), "PUT",
                                "/api/resumes/{id}/photo")
    photo = with_photo["photo"]
    assert photo["url"].startswith("/api/files/") and photo["thumbnail_url"].startswith("/api/files/")
    assert owner.get(photo["url"]).status_code == 200
    card = next(item for item in listed_cards(people.guest(), limit=50) if item["id"] == rid)
    assert card["photo"] == photo
    removed = assert_matches(owner.delete(f"/api/resumes/{rid}/photo"), "DELETE", "/api/resumes/{id}/photo")
    assert removed["photo"] is None


def listed_cards(client, **params) -> list[dict]:
    return assert_matches(client.get("/api/resumes", params={"limit": 50, **params}), "GET", "/api/resumes")["items"]


def test_filters_sorts_search_and_pages(people):
    owner, other = people(2)
    word = token()
    a = create(owner, position=f"Python developer {word}", salary={"amount": 30000000}, schedules=["remote"],
               skill_ids=[SKILL_PYTHON, SKILL_REACT], relocate=True, employments=["full", "part"])
    b = create(owner, position=f"Designer {word}", category_id=DESIGN, specialization_ids=[LOGO_BRANDING],
               salary=None, schedules=["full_day"], skill_ids=[], experience=[],
               education=[{"level": "vocational", "institution": "College", "specialty": "", "graduation_year": None}],
               country_id=KAZAKHSTAN, city_id=None)
    c = create(other, position=f"Go developer {word}", salary={"amount": 1000000, "currency": "USD"},
               schedules=["shift"], skill_ids=[SKILL_PYTHON], education=[], experience=[
                   {"company": "X", "position": "Y", "start": "2025-01", "end": "2025-06", "description": ""}])
    ids = {a["id"], b["id"], c["id"]}

    assert set(listed(other, q=word)) == ids
    assert listed(other, q=word, category="design") == [b["id"]]
    assert set(listed(other, q=word, specialization=WEB_DEVELOPMENT)) == {a["id"], c["id"]}
    assert listed(other, q=word, remote="true") == [a["id"]]
    assert set(listed(other, q=word, schedule=["remote", "shift"])) == {a["id"], c["id"]}
    assert listed(other, q=word, employment="part") == [a["id"]]
    assert set(listed(other, q=word, skill=SKILL_PYTHON)) == {a["id"], c["id"]}
    assert listed(other, q=word, skill=[SKILL_PYTHON, SKILL_REACT]) == [a["id"]]
    assert listed(other, q=word, relocate="true") == [a["id"]]
    assert listed(other, q=word, country=KAZAKHSTAN) == [b["id"]]
    assert set(listed(other, q=word, city=MOSCOW)) == {a["id"], c["id"]}
    assert listed(other, q=word, experience="none") == [b["id"]] or set(listed(other, q=word, experience="none")) \
        == {b["id"], c["id"]}
    assert listed(other, q=word, education="vocational") == [a["id"]] or \
        set(listed(other, q=word, education="vocational")) == {a["id"], b["id"]}
    assert listed(other, q=word, education="higher") == [a["id"]]
    # The salary filter is "expects at most", compared in roubles; unknown salaries are left out.
    assert listed(other, q=word, salary=30000000) == [a["id"]] or \
        set(listed(other, q=word, salary=30000000)) == {a["id"]}
    assert set(listed(other, q=word, salary=400000, currency="USD")) == {a["id"]}
    # Sorts: date (newest first), salary (cheapest first, not given last), relevance.
    assert listed(other, q=word) == [c["id"], b["id"], a["id"]]
    by_salary = listed(other, q=word, sort="salary")
    assert by_salary[-1] == b["id"] and set(by_salary[:2]) == {a["id"], c["id"]}
    assert listed(other, q=f"python {word}", sort="relevance")[0] == a["id"]
    # A typo finds it through the fallback and says what it searched for.
    typo = assert_matches(other.get("/api/resumes", params={"q": f"{word[:-1]}"}), "GET", "/api/resumes")
    assert typo["corrected"] is not None and {item["id"] for item in typo["items"]} == ids
    # Counts per category under the same filters.
    counts = assert_matches(other.get("/api/resumes/counts", params={"q": word}), "GET", "/api/resumes/counts")
    assert counts["total"] == 3
    assert counts["categories"] == [{"category_id": DEVELOPMENT, "count": 2}, {"category_id": DESIGN, "count": 1}]
    # Keyset pages of one, every sort, no repeats, the same set.
    for sort in ("date", "salary", "relevance"):
        seen, cursor = [], None
        while True:
            params = {"q": word, "sort": sort, "limit": 1, **({"cursor": cursor} if cursor else {})}
            page = assert_matches(other.get("/api/resumes", params=params), "GET", "/api/resumes")
            seen += [item["id"] for item in page["items"]]
            cursor = page["next_cursor"]
            if not cursor:
                break
        assert sorted(seen) == sorted(ids), sort
    # A cursor of another sort is refused.
    first = assert_matches(other.get("/api/resumes", params={"q": word, "limit": 1}), "GET", "/api/resumes")
    assert field_errors(other.get("/api/resumes", params={"q": word, "sort": "salary",
                                                          "cursor": first["next_cursor"]}), "cursor")
    for bad in ({"employment": "weekends"}, {"education": "phd"}, {"sort": "rating"}, {"currency": "XXX"}):
        assert_error(other.get("/api/resumes", params=bad), 422)


def test_at_most_twenty_resumes(people, artel):
    owner = people.one()
    artel.sql(f"""INSERT INTO resumes.resumes (user_id, position, category_id, created_at, updated_at)
                  SELECT {owner.id}, 'Filler ' || g, {DEVELOPMENT}, now(), now() FROM generate_series(1, 19) g""")
    create(owner, publish=False)
    body = assert_error(owner.post("/api/resumes", json=resume_input()), 409)
    assert body["message"] == MESSAGES["en"]["too_many"].replace("{{count}}", "20")
    assert len(assert_matches(owner.get("/api/resumes/my"), "GET", "/api/resumes/my")["items"]) == 20
