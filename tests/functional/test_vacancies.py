"""Vacancies over HTTP against docs/api/openapi.yaml: create/read/edit/delete by the company's owner only (someone
else's company or vacancy does not exist for them: 404), the state machine (every illegal transition is 409 and
changes nothing), renew, the 30-day archive job and its notification, drafts invisible to others, the public list
with every filter, full-text search with the typo fallback, counts, sorts and keyset pages, the owner's list and a
company's list, and view counting.

Companies are rows of companies.companies made here by SQL (libs/companies' API is another branch's), owned by a
test's user."""

import datetime
import json
import uuid

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT
from marketplace import ALMATY, DEVELOPMENT, KAZAKHSTAN, MOSCOW, RUSSIA, SKILL_PYTHON, SKILL_REACT, People, poll

pytestmark = pytest.mark.fast_jobs

DESIGN_CODE = "design"
WEB_DEVELOPMENT, UI_UX = 101, 202
SKILL_GO, SKILL_FIGMA = 9, 21
_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "vacancies.json").read_text()) for lang in ("en", "ru")}


def text(lang: str, key: str) -> str:
    return _I18N[lang][key]


def word() -> str:
    """A word no other vacancy contains (Latin letters only, so the `russian` configuration keeps it whole)."""
    return "zv" + "".join(chr(ord("a") + int(c, 16) % 26) for c in uuid.uuid4().hex[:10])


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=6, ru=2)
    yield made
    made.close()


def company_of(artel, person, name: str | None = None) -> int:
    name = name or f"Company {uuid.uuid4().hex[:8]}"
    rows = artel.sql("INSERT INTO companies.companies (owner_id, name, industry, size, created_at, updated_at) "
                     f"VALUES ({person.id}, '{name}', 'it', '11_50', now(), now()) RETURNING id")
    return int(rows[0][0])


@pytest.fixture(scope="module")
def cast(artel, people):
    """An employer with a company, a second company of theirs, and a stranger (with a company of their own)."""
    employer, stranger = people(2)
    return employer, company_of(artel, employer), company_of(artel, employer), stranger, company_of(artel, stranger)


def vacancy_input(company_id: int, **overrides) -> dict:
    body = {
        "company_id": company_id,
        "title": "Backend developer (Go)",
        "category_id": DEVELOPMENT,
        "specialization_id": WEB_DEVELOPMENT,
        "description": "Payments for small businesses: Go, PostgreSQL, Kafka. Code review, CI/CD.",
        "skill_ids": [SKILL_GO],
        "salary": {"from": 20_000_000, "to": 30_000_000, "currency": "RUB", "gross": False},
        "employment": "full",
        "schedule": "remote",
        "experience": "3_6",
        "education": "higher",
        "country_id": RUSSIA,
        "city_id": MOSCOW,
        "address": "Moscow, Presnenskaya emb. 12",
        "contact": {"name": "Anna", "email": "hr@example.com", "phone": "+7 900 000-00-00"},
        "publish": True,
    }
    body.update(overrides)
    return body


def create(person, company_id: int, **overrides) -> dict:
    response = person.post("/api/vacancies", json=vacancy_input(company_id, **overrides))
    return assert_matches(response, "POST", "/api/vacancies", 201)


def get(client, vacancy_id: int) -> dict:
    return assert_matches(client.get(f"/api/vacancies/{vacancy_id}"), "GET", "/api/vacancies/{id}")


def action(person, vacancy_id: int, name: str):
    return person.post(f"/api/vacancies/{vacancy_id}/{name}")


def listed(client, **params) -> dict:
    return assert_matches(client.get("/api/vacancies", params={"limit": 50, **params}), "GET", "/api/vacancies")


def listed_ids(client, **params) -> list[int]:
    return [item["id"] for item in listed(client, **params)["items"]]


def parse(text_time: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text_time.replace("Z", "+00:00"))


# --- create and read ------------------------------------------------------------------------------------------------


def test_create_a_draft_and_read_it(cast, people):
    employer, company, _, stranger, _ = cast
    draft = create(employer, company, publish=False)
    assert draft["status"] == "draft" and draft["published_at"] is None and draft["expires_at"] is None
    assert draft["company"]["id"] == company and draft["company"]["logo"] is None
    assert draft["company"]["rating"] is None and draft["company"]["review_count"] == 0
    assert draft["title"] == "Backend developer (Go)" and draft["skill_ids"] == [SKILL_GO]
    assert draft["salary"] == {"from": 20_000_000, "to": 30_000_000, "currency": "RUB", "gross": False}
    assert draft["contact"] == {"name": "Anna", "email": "hr@example.com", "phone": "+7 900 000-00-00"}
    assert draft["is_owner"] is True and draft["response_count"] == 0 and draft["new_response_count"] == 0
    assert get(employer, draft["id"]) == draft
    # A draft does not exist for anybody else.
    assert_error(stranger.get(f"/api/vacancies/{draft['id']}"), 404)
    assert_error(people.guest().get(f"/api/vacancies/{draft['id']}"), 404)
    assert draft["id"] not in listed_ids(people.guest(), company=company)


def test_published_vacancy_as_others_see_it(cast, people):
    employer, company, _, stranger, _ = cast
    vacancy = create(employer, company, salary=None, specialization_id=None, skill_ids=[])
    assert vacancy["status"] == "published" and vacancy["salary"] is None
    published, expires = parse(vacancy["published_at"]), parse(vacancy["expires_at"])
    assert expires - published == datetime.timedelta(days=30)
    seen = get(stranger, vacancy["id"])
    assert seen["is_owner"] is False and seen["response_count"] is None and seen["new_response_count"] is None
    assert seen["contact"] == vacancy["contact"]
    guest = get(people.guest(), vacancy["id"])
    assert guest["contact"] is None and guest["is_owner"] is False
    assert_error(people.guest().get("/api/vacancies/999999999"), 404)


def test_only_the_company_owner_creates(artel, cast, people):
    employer, _, _, stranger, strangers_company = cast
    before = artel.sql("SELECT count(*) FROM vacancies.vacancies")[0][0]
    assert_error(employer.post("/api/vacancies", json=vacancy_input(strangers_company)), 404)
    assert_error(employer.post("/api/vacancies", json=vacancy_input(999_999_999)), 404)
    assert_error(people.guest().post("/api/vacancies", json=vacancy_input(strangers_company)), 401)
    assert artel.sql("SELECT count(*) FROM vacancies.vacancies")[0][0] == before


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_field_is_validated_with_localized_messages(artel, people, lang):
    employer = people.one(lang)
    company = company_of(artel, employer)
    bad = vacancy_input(company, title="ab", category_id=999, employment="weekly", schedule="nights",
                        experience="10_plus", education="phd", skill_ids=[99999],
                        salary={"from": 300, "to": 100, "currency": "RUB", "gross": True},
                        contact={"name": "", "email": "not-an-address", "phone": ""})
    # The schema's errors (api.yaml) stop the request before the service sees it: they come in one 422 ...
    response = employer.post("/api/vacancies", json=bad)
    assert_error(response, 422)
    assert field_errors(response, "employment") == [text(lang, "employment_unknown")]
    assert field_errors(response, "schedule") == [text(lang, "schedule_unknown")]
    assert field_errors(response, "experience") == [text(lang, "experience_unknown")]
    assert field_errors(response, "education") == [text(lang, "education_unknown")]
    assert field_errors(response, "title"), response.text
    # ... and, once those are right, the service's rules and the catalog's references in the next one.
    second = employer.post("/api/vacancies", json={**bad, "title": "Backend developer", "employment": "full",
                                                   "schedule": "remote", "experience": "3_6", "education": "higher"})
    assert_error(second, 422)
    assert field_errors(second, "salary") == [text(lang, "salary_range")]
    for field in ("category_id", "skill_ids", "contact.email"):
        assert field_errors(second, field), (field, second.text)
    empty = employer.post("/api/vacancies", json=vacancy_input(
        company, salary={"from": None, "to": None, "currency": "RUB", "gross": True}))
    assert field_errors(empty, "salary") == [text(lang, "salary_empty")]
    assert artel.sql(f"SELECT count(*) FROM vacancies.vacancies WHERE company_id = {company}")[0][0] == "0"


# --- edit and delete ------------------------------------------------------------------------------------------------


def test_the_owner_edits_part_of_a_vacancy(cast):
    employer, company, other_company, _, _ = cast
    vacancy = create(employer, company)
    response = employer.patch(f"/api/vacancies/{vacancy['id']}",
                              json={"title": "Senior backend developer", "salary": None, "schedule": "flexible"})
    edited = assert_matches(response, "PATCH", "/api/vacancies/{id}")
    assert edited["title"] == "Senior backend developer" and edited["salary"] is None
    assert edited["schedule"] == "flexible"
    assert edited["description"] == vacancy["description"] and edited["skill_ids"] == vacancy["skill_ids"]
    assert edited["status"] == "published" and edited["published_at"] == vacancy["published_at"]
    # The company stays; an invalid edit changes nothing.
    moved = employer.patch(f"/api/vacancies/{edited['id']}", json={"company_id": other_company})
    assert field_errors(moved, "company_id") == [text("en", "company_unchangeable")]
    invalid = employer.patch(f"/api/vacancies/{edited['id']}", json={"employment": "weekly", "title": "Other"})
    assert_error(invalid, 422)
    assert get(employer, edited["id"]) == edited


def test_only_the_owner_edits_deletes_and_moves(cast, people):
    employer, company, _, stranger, _ = cast
    draft = create(employer, company, publish=False)
    published = create(employer, company)
    for vacancy in (draft, published):
        path = f"/api/vacancies/{vacancy['id']}"
        assert_error(stranger.patch(path, json={"title": "Mine now"}), 404)
        assert_error(stranger.delete(path), 404)
        for name in ("publish", "archive", "renew"):
            assert_error(action(stranger, vacancy["id"], name), 404)
        assert_error(people.guest().patch(path, json={"title": "Mine now"}), 401)
        assert get(employer, vacancy["id"]) == vacancy


def test_delete_a_draft(cast):
    employer, company, _, _, _ = cast
    draft = create(employer, company, publish=False)
    response = employer.delete(f"/api/vacancies/{draft['id']}")
    assert response.status_code == 204, response.text
    assert_error(employer.get(f"/api/vacancies/{draft['id']}"), 404)


# --- the state machine ----------------------------------------------------------------------------------------------


def test_publish_archive_republish(cast, people):
    employer, company, _, _, _ = cast
    draft = create(employer, company, publish=False, title=f"Analyst {word()}")
    published = assert_matches(action(employer, draft["id"], "publish"), "POST", "/api/vacancies/{id}/publish")
    assert published["status"] == "published" and published["archived_at"] is None
    assert parse(published["expires_at"]) - parse(published["published_at"]) == datetime.timedelta(days=30)
    assert draft["id"] in listed_ids(people.guest(), company=company)
    archived = assert_matches(action(employer, draft["id"], "archive"), "POST", "/api/vacancies/{id}/archive")
    assert archived["status"] == "archived" and archived["archived_at"] is not None
    # Archived: off the list, still readable by everybody (the page says so).
    assert draft["id"] not in listed_ids(people.guest(), company=company)
    assert get(people.guest(), draft["id"])["status"] == "archived"
    again = assert_matches(action(employer, draft["id"], "publish"), "POST", "/api/vacancies/{id}/publish")
    assert again["status"] == "published" and again["archived_at"] is None
    assert parse(again["published_at"]) >= parse(published["published_at"])


def test_renew(artel, cast):
    employer, company, _, _, _ = cast
    vacancy = create(employer, company)
    early = action(employer, vacancy["id"], "renew")
    assert assert_error(early, 409)["message"] == text("en", "renew_too_early")
    assert get(employer, vacancy["id"]) == vacancy
    artel.sql("UPDATE vacancies.vacancies SET published_at = published_at - interval '25 hours', "
              f"expires_at = expires_at - interval '25 hours' WHERE id = {vacancy['id']}")
    renewed = assert_matches(action(employer, vacancy["id"], "renew"), "POST", "/api/vacancies/{id}/renew")
    assert renewed["status"] == "published"
    assert parse(renewed["expires_at"]) - parse(renewed["published_at"]) == datetime.timedelta(days=30)
    # Republished now (the list's date sort shows it first again), not 25 hours ago.
    assert parse(renewed["published_at"]) >= parse(vacancy["published_at"])
    assert parse(renewed["expires_at"]) >= parse(vacancy["expires_at"])


ILLEGAL = {
    "draft": ["archive", "renew"],
    "published": ["publish", "delete"],
    "archived": ["archive", "renew", "delete"],
}


@pytest.mark.parametrize("status", sorted(ILLEGAL))
def test_every_illegal_transition_is_409_and_changes_nothing(artel, cast, status):
    employer, company, _, _, _ = cast
    vacancy = create(employer, company, publish=status != "draft")
    if status == "archived":
        vacancy = assert_matches(action(employer, vacancy["id"], "archive"), "POST", "/api/vacancies/{id}/archive")
    before_row = artel.sql(f"SELECT * FROM vacancies.vacancies WHERE id = {vacancy['id']}")
    for name in ILLEGAL[status]:
        if name == "delete":
            response = employer.delete(f"/api/vacancies/{vacancy['id']}")
        else:
            response = action(employer, vacancy["id"], name)
        assert assert_error(response, 409)["message"] == text("en", "illegal_transition")
        assert get(employer, vacancy["id"]) == vacancy, name
        assert artel.sql(f"SELECT * FROM vacancies.vacancies WHERE id = {vacancy['id']}") == before_row, name


def test_the_archive_job_archives_expired_vacancies_and_tells_the_owner(artel, people):
    owner = people.one("ru")
    company = company_of(artel, owner)
    expired = create(owner, company, title=f"Курьер {word()}")
    fresh = create(owner, company)
    artel.sql("UPDATE vacancies.vacancies SET expires_at = now() - interval '1 minute' "
              f"WHERE id = {expired['id']}")

    def archived():
        return get(owner, expired["id"])["status"] == "archived"

    poll(archived, timeout=15, what="the archive job")
    assert get(owner, fresh["id"])["status"] == "published"

    def notified():
        items = assert_matches(owner.get("/api/notifications"), "GET", "/api/notifications")["items"]
        return [n for n in items if n["kind"] == "vacancy_archived"]

    notes = poll(notified, timeout=10, what="the vacancy_archived notification")
    assert notes[0]["payload"] == {"vacancy": {"id": expired["id"], "title": expired["title"]}}
    assert len(notes) == 1
    # The owner's own archiving tells nobody.
    assert_matches(action(owner, fresh["id"], "archive"), "POST", "/api/vacancies/{id}/archive")
    assert len(notified()) == 1


# --- lists ----------------------------------------------------------------------------------------------------------


def test_filters(artel, people):
    employer = people.one()
    company = company_of(artel, employer)
    tag = word()
    base = create(employer, company, description=f"Base {tag}")
    part_kz = create(employer, company, description=f"Part-time in Almaty {tag}", employment="part",
                     schedule="shift", experience="none", education="any", country_id=KAZAKHSTAN,
                     city_id=ALMATY, skill_ids=[SKILL_PYTHON, SKILL_REACT],
                     salary={"from": 100_000, "to": None, "currency": "USD", "gross": True})
    design = create(employer, company, description=f"Design {tag}", category_id=2, specialization_id=UI_UX,
                    skill_ids=[SKILL_FIGMA], schedule="flexible", salary=None)
    create(employer, company, description=f"Draft {tag}", publish=False)
    guest = people.guest()

    def ids(**params):
        return set(listed_ids(guest, q=tag, **params))

    assert ids() == {base["id"], part_kz["id"], design["id"]}
    assert ids(company=company) == ids()
    assert ids(category="development") == {base["id"], part_kz["id"]}
    assert ids(category=DESIGN_CODE) == {design["id"]}
    assert ids(specialization=UI_UX) == {design["id"]}
    assert ids(employment="part") == {part_kz["id"]}
    assert ids(employment=["part", "full"]) == {base["id"], part_kz["id"], design["id"]}
    assert ids(schedule=["shift", "flexible"]) == {part_kz["id"], design["id"]}
    assert ids(remote="true") == {base["id"]}
    assert ids(experience="none") == {part_kz["id"]}
    assert ids(education="higher") == {base["id"], design["id"]}
    assert ids(country=KAZAKHSTAN) == {part_kz["id"]}
    assert ids(city=MOSCOW) == {base["id"], design["id"]}
    assert ids(skill=[SKILL_PYTHON, SKILL_REACT]) == {part_kz["id"]}
    assert ids(skill=[SKILL_PYTHON, SKILL_GO]) == set()
    # Salary "at least", across currencies: $1,000 (top of an open range: from) ≈ 92,000 ₽; base pays up to 300,000 ₽.
    assert ids(salary=250_000_00) == {base["id"]}
    assert ids(salary=80_000_00) == {base["id"], part_kz["id"]}
    assert ids(salary=2_000_00, currency="USD") == {base["id"]}
    assert_error(guest.get("/api/vacancies", params={"employment": "weekly"}), 422)
    assert_error(guest.get("/api/vacancies", params={"category": "nope"}), 422)
    assert_error(guest.get("/api/vacancies", params={"currency": "XXX"}), 422)
    # Counts under the same filters, per category (the category itself ignored).
    counts = assert_matches(guest.get("/api/vacancies/counts", params={"q": tag}), "GET", "/api/vacancies/counts")
    assert counts["total"] == 3
    assert {c["category_id"]: c["count"] for c in counts["categories"]} == {DEVELOPMENT: 2, 2: 1}
    remote = guest.get("/api/vacancies/counts", params={"q": tag, "remote": "true", "category": "design"})
    assert assert_matches(remote, "GET", "/api/vacancies/counts")["total"] == 1


def test_search_in_both_languages_and_with_a_typo(artel, people):
    employer = people.one("ru")
    company = company_of(artel, employer, name="Фабрика Окон")
    russian = create(employer, company, title="Инженер-конструктор оконных систем",
                     description="Проектирование металлопластиковых конструкций, чертежи по ЕСКД.", skill_ids=[])
    english = create(employer, company, title="Warehouse logistics coordinator",
                     description="Coordinate shipments between three warehouses.", skill_ids=[])
    guest = people.guest()
    assert russian["id"] in listed_ids(guest, q="конструктора металлопластиковых")
    assert english["id"] in listed_ids(guest, q="warehouses coordinating")
    # Skills and the company's name are in the document too.
    skilled = create(employer, company, title="Analyst", description="Reports.", skill_ids=[SKILL_PYTHON])
    assert skilled["id"] in listed_ids(guest, q="Python Фабрика")
    typo = listed(guest, q="металопластиковых")
    assert russian["id"] in [item["id"] for item in typo["items"]]
    assert typo["corrected"] == "металлопластиков"
    assert listed(guest, q="металлопластиковых")["corrected"] is None


def test_sorts_and_keyset_pages(artel, people):
    employer = people.one()
    company = company_of(artel, employer)
    tag = word()
    made = [create(employer, company, description=f"Vacancy {i} {tag}",
                   salary={"from": None, "to": (i + 1) * 1_000_000, "currency": "RUB", "gross": True})
            for i in range(4)]
    agreed = create(employer, company, description=f"By agreement {tag}", salary=None)
    guest = people.guest()
    by_date = listed_ids(guest, q=tag)
    assert by_date == [agreed["id"]] + [v["id"] for v in reversed(made)]
    by_salary = listed_ids(guest, q=tag, sort="salary")
    assert by_salary == [v["id"] for v in reversed(made)] + [agreed["id"]]
    # Relevance: the word in the title (A) outranks it in the description (C).
    titled = create(employer, company, title=f"Lead {tag}", description="Leading the team.")
    assert listed_ids(guest, q=tag, sort="relevance")[0] == titled["id"]
    for sort in ("date", "salary", "relevance"):
        everything = listed_ids(guest, q=tag, sort=sort)
        seen, cursor = [], None
        while True:
            params = {"q": tag, "sort": sort, "limit": 2}
            if cursor:
                params["cursor"] = cursor
            page = assert_matches(guest.get("/api/vacancies", params=params), "GET", "/api/vacancies")
            seen += [item["id"] for item in page["items"]]
            cursor = page["next_cursor"]
            if not cursor:
                break
        assert seen == everything, sort
    first = assert_matches(guest.get("/api/vacancies", params={"q": tag, "limit": 2}), "GET", "/api/vacancies")
    wrong_sort = guest.get("/api/vacancies", params={"q": tag, "sort": "salary", "cursor": first["next_cursor"]})
    assert field_errors(wrong_sort, "cursor") == [text("en", "cursor_invalid")]


def test_my_vacancies_and_a_companys(artel, people):
    employer, stranger = people(2)
    first, second = company_of(artel, employer), company_of(artel, employer)
    draft = create(employer, first, publish=False)
    published = create(employer, first)
    other = create(employer, second)
    archived = create(employer, second)
    action(employer, archived["id"], "archive")
    create(stranger, company_of(artel, stranger))

    def mine(**params):
        page = assert_matches(employer.get("/api/vacancies/my", params=params), "GET", "/api/vacancies/my")
        return page

    page = mine()
    assert [item["id"] for item in page["items"]] == [archived["id"], other["id"], published["id"], draft["id"]]
    item = page["items"][2]
    assert item["status"] == "published" and item["response_count"] == 0 and item["new_response_count"] == 0
    assert item["expires_at"] == published["expires_at"]
    assert [i["id"] for i in mine(status="draft")["items"]] == [draft["id"]]
    assert [i["id"] for i in mine(company=second)["items"]] == [archived["id"], other["id"]]
    paged = mine(limit=3)
    assert len(paged["items"]) == 3 and paged["next_cursor"]
    rest = mine(limit=3, cursor=paged["next_cursor"])
    assert [i["id"] for i in rest["items"]] == [draft["id"]] and rest["next_cursor"] is None
    assert_error(people.guest().get("/api/vacancies/my"), 401)
    assert_error(employer.get("/api/vacancies/my", params={"status": "hidden"}), 422)

    guest = people.guest()
    company_page = assert_matches(guest.get(f"/api/companies/{first}/vacancies"), "GET",
                                  "/api/companies/{id}/vacancies")
    assert [i["id"] for i in company_page["items"]] == [published["id"]]
    assert "status" not in company_page["items"][0]
    # The company page counts its published vacancies (vacancies' part of the Company answer).
    company = assert_matches(guest.get(f"/api/companies/{second}"), "GET", "/api/companies/{id}")
    assert company["vacancy_count"] == 1
    second_page = guest.get(f"/api/companies/{second}/vacancies")
    assert [i["id"] for i in assert_matches(second_page, "GET", "/api/companies/{id}/vacancies")["items"]] == [
        other["id"]]


def test_views_are_counted_for_everybody_but_the_owner(artel, cast, people):
    employer, company, _, stranger, _ = cast
    vacancy = create(employer, company)

    def views():
        return int(artel.sql(f"SELECT view_count FROM vacancies.vacancies WHERE id = {vacancy['id']}")[0][0])

    get(employer, vacancy["id"])
    assert views() == 0
    get(stranger, vacancy["id"])
    get(people.guest(), vacancy["id"])
    assert views() == 2
