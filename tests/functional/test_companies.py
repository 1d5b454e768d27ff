"""Companies and company reviews over HTTP against docs/api/openapi.yaml (tag `companies`): creation and the
company page, owner-only edits (someone else's company is a 404 with nothing changed), logos (bad images → 415),
the admin's verified mark, and the review rules — the rating required in both languages ('Rate please'), one
review per user (PUT rewrites it), none for one's own company, the company's averages, anonymity kept in every
answer and in the owner's notifications, and the owner's one reply."""

import json

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT
from marketplace import ALMATY, KAZAKHSTAN, MOSCOW, UNKNOWN_BYTES, People, notifications, png_bytes
from marketplace import message as server_message

_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "companies.json").read_text()) for lang in ("en", "ru")}


def message(lang: str, key: str) -> str:
    return _I18N[lang][key]


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=20, ru=3)
    yield made
    made.close()


def company_input(**overrides) -> dict:
    body = {"name": "Dala Pay", "description": "A payment gateway for the shops of Kazakhstan.",
            "website": "https://dala.example.kz", "industry": "finance", "size": "51_200",
            "country_id": KAZAKHSTAN, "city_id": ALMATY, "founded_year": 2019}
    body.update(overrides)
    return body


def create_company(person, **overrides) -> dict:
    return assert_matches(person.post("/api/companies", json=company_input(**overrides)), "POST", "/api/companies", 201)


def get_company(client, company_id: int) -> dict:
    return assert_matches(client.get(f"/api/companies/{company_id}"), "GET", "/api/companies/{id}")


def review_input(**overrides) -> dict:
    body = {"rating": 4, "salary": 3, "management": 4, "team": 5, "growth": None, "conditions": 4,
            "pros": "Strong team", "cons": "Long meetings", "relation": "current", "position": "Engineer",
            "recommend": True, "anonymous": False}
    body.update(overrides)
    return body


def put_review(person, company_id: int, **overrides):
    return person.client.put(f"/api/companies/{company_id}/review", json=review_input(**overrides))


def reviews_of(client, company_id: int, **params) -> dict:
    response = client.get(f"/api/companies/{company_id}/reviews", params=params)
    return assert_matches(response, "GET", "/api/companies/{id}/reviews")


def test_create_read_and_my_companies(people):
    owner, other = people(2)
    guest = people.guest()
    created = create_company(owner)
    assert created["name"] == "Dala Pay" and created["industry"] == "finance" and created["size"] == "51_200"
    assert created["country_id"] == KAZAKHSTAN and created["city_id"] == ALMATY and created["founded_year"] == 2019
    assert created["is_owner"] is True and created["verified"] is False and created["logo"] is None
    assert created["rating"] == {"average": None, "review_count": 0, "recommend_percent": None,
                                 "axes": {"salary": None, "management": None, "team": None, "growth": None,
                                          "conditions": None}}
    assert created["vacancy_count"] == 0

    assert get_company(guest, created["id"])["is_owner"] is False
    assert get_company(other, created["id"])["is_owner"] is False
    assert get_company(owner, created["id"]) == created

    second = create_company(owner, name="Kartli Solar", website=None, country_id=None, city_id=None,
                            founded_year=None, industry="energy", size="11_50")
    mine = assert_matches(owner.get("/api/companies/my"), "GET", "/api/companies/my")["items"]
    assert [c["id"] for c in mine] == [second["id"], created["id"]], "newest first"
    assert assert_matches(other.get("/api/companies/my"), "GET", "/api/companies/my")["items"] == []
    assert_error(guest.get("/api/companies/my"), 401)
    assert_error(guest.post("/api/companies", json=company_input()), 401)
    assert_error(guest.get("/api/companies/999999999"), 404)


def test_an_unverified_user_cannot_create_a_company(artel, make_user):
    client, *_ = make_user(verified=False)
    assert_error(client.post("/api/companies", json=company_input()), 403)


def test_company_input_rules(people):
    owner = people.one()
    response = owner.post("/api/companies", json=company_input(name="A", industry="mining", size="huge",
                                                               website="ftp://x", country_id=1, city_id=ALMATY,
                                                               founded_year=1500))
    # The schema's errors (api.yaml) stop the request before the service sees it.
    body = assert_error(response, 422, errors={"name", "industry", "size", "website"})
    assert body["errors"]["industry"] == [message("en", "industry_invalid")]
    assert body["errors"]["website"] == [message("en", "website_invalid")]
    # What the schema cannot state is the service's, in an answer of its own: the catalog, the year's upper end.
    response = owner.post("/api/companies", json=company_input(country_id=1, city_id=ALMATY, founded_year=1500))
    body = assert_error(response, 422, errors={"city_id", "founded_year"})
    assert body["errors"]["city_id"] == [server_message("en", "catalog:city_country")]
    response = owner.post("/api/companies", json=company_input(country_id=999999, city_id=None, founded_year=2999))
    body = assert_error(response, 422, errors={"country_id", "founded_year"})
    assert body["errors"]["country_id"] == [server_message("en", "catalog:country_unknown")]
    assert_error(owner.post("/api/companies", json={}), 422, errors={"name", "industry", "size"})
    assert assert_matches(owner.get("/api/companies/my"), "GET", "/api/companies/my")["items"] == [], "none created"


def test_only_the_owner_edits_deletes_and_changes_the_logo(people):
    owner, stranger = people(2)
    company = create_company(owner)
    path = f"/api/companies/{company['id']}"
    before = get_company(owner, company["id"])

    assert_error(stranger.patch(path, json={"name": "Taken over"}), 404)
    assert_error(stranger.delete(path), 404)
    assert_error(stranger.client.put(f"{path}/logo", data=png_bytes(8, 8),
                                     headers={"Content-Type": "application/octet-stream"}), 404)
    assert_error(stranger.delete(f"{path}/logo"), 404)
    assert get_company(owner, company["id"]) == before, "nothing changed"

    patched = assert_matches(owner.patch(path, json={"name": "Dala Pay Group", "city_id": None}), "PATCH",
                             "/api/companies/{id}")
    assert patched["name"] == "Dala Pay Group" and patched["city_id"] is None
    assert patched["industry"] == "finance" and patched["country_id"] == KAZAKHSTAN, "the rest kept"
    assert_error(owner.patch(path, json={"city_id": MOSCOW}), 422, errors={"city_id"})
    assert_error(owner.patch(path, json={"name": ""}), 422, errors={"name"})

    assert owner.delete(path).status_code == 204
    assert_error(owner.get(path), 404)
    assert_error(owner.delete(path), 404)


def test_a_company_with_vacancies_is_not_deleted(artel, people):
    owner = people.one()
    company = create_company(owner)
    artel.sql(f"""INSERT INTO vacancies.vacancies (company_id, owner_id, title, category_id, description, employment,
                  schedule, experience, education, created_at, updated_at)
                  VALUES ({company['id']}, {owner.id}, 'Go developer', 1, 'Payments', 'full', 'remote', '1_3',
                          'any', now(), now())""")
    body = assert_error(owner.delete(f"/api/companies/{company['id']}"), 409, "Conflict")
    assert body["message"] == message("en", "has_vacancies")
    assert get_company(owner, company["id"])["id"] == company["id"]
    artel.sql(f"DELETE FROM vacancies.vacancies WHERE company_id = {company['id']}")


def test_logo_upload_replace_and_remove(people):
    owner = people.one()
    company = create_company(owner)
    path = f"/api/companies/{company['id']}/logo"
    headers = {"Content-Type": "application/octet-stream"}
    with_logo = assert_matches(owner.client.put(path, data=png_bytes(900, 600), headers=headers), "PUT",
                               "/api/companies/{id}/logo")
    logo = with_logo["logo"]
    assert logo["url"].startswith("/api/files/") and logo["thumbnail_url"].startswith("/api/files/")
    served = people.guest().get(logo["url"])
    assert served.status_code == 200 and served.headers["Content-Type"].startswith("image/")
    assert get_company(people.guest(), company["id"])["logo"] == logo

    for bad in (UNKNOWN_BYTES, b"GIF89a not really", b"\x89PNG\r\n\x1a\n broken"):
        assert_error(owner.client.put(path, data=bad, headers=headers), 415)
    assert_error(owner.client.put(path, data=b"", headers=headers), 422)
    assert get_company(owner, company["id"])["logo"] == logo, "a refused upload keeps the logo"

    removed = assert_matches(owner.delete(path), "DELETE", "/api/companies/{id}/logo")
    assert removed["logo"] is None


def test_only_admins_set_verified(people, admin_client):
    owner = people.one()
    company = create_company(owner)
    path = f"/api/admin/companies/{company['id']}/verified"
    assert_error(owner.client.put(path, json={"verified": True}), 403)
    assert get_company(owner, company["id"])["verified"] is False
    verified = assert_matches(admin_client.put(path, json={"verified": True}), "PUT",
                              "/api/admin/companies/{id}/verified")
    assert verified["verified"] is True and get_company(owner, company["id"])["verified"] is True
    assert assert_matches(admin_client.put(path, json={"verified": False}), "PUT",
                          "/api/admin/companies/{id}/verified")["verified"] is False
    assert_error(admin_client.put(path, json={}), 422, errors={"verified"})
    assert_error(admin_client.put("/api/admin/companies/999999999/verified", json={"verified": True}), 404)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_review_needs_a_rating(people, lang):
    owner = people.one()
    author = people.one(lang)
    company = create_company(owner)
    body = review_input()
    del body["rating"]
    for sent in (body, {**body, "rating": None}):
        response = author.client.put(f"/api/companies/{company['id']}/review", json=sent)
        assert field_errors(response, "rating") == [message(lang, "rating_required")]
    assert message("en", "rating_required") == "Rate please"
    assert message("ru", "rating_required") == "Поставьте оценку"
    assert field_errors(put_review(author, company["id"], rating=6), "rating") == [message(lang, "rating_range")]
    assert reviews_of(people.guest(), company["id"])["items"] == [], "nothing written"


def test_one_review_per_user_editable_and_the_averages(people):
    owner, first, second = people(3)
    company = create_company(owner)
    cid = company["id"]
    created = assert_matches(put_review(first, cid), "PUT", "/api/companies/{id}/review", 201)
    assert created["rating"] == 4 and created["is_mine"] is True and created["author"]["id"] == first.id
    assert created["axes"] == {"salary": 3, "management": 4, "team": 5, "growth": None, "conditions": 4}
    assert created["reply"] is None

    edited = assert_matches(put_review(first, cid, rating=2, salary=1, recommend=False), "PUT",
                            "/api/companies/{id}/review", 200)
    assert edited["id"] == created["id"] and edited["rating"] == 2
    assert [r["id"] for r in reviews_of(people.guest(), cid)["items"]] == [created["id"]], "one per user"

    assert_matches(put_review(second, cid, rating=5, salary=4, management=None, growth=3, recommend=True), "PUT",
                   "/api/companies/{id}/review", 201)
    rating = get_company(people.guest(), cid)["rating"]
    assert rating["review_count"] == 2 and rating["average"] == 3.5
    assert rating["axes"] == {"salary": 2.5, "management": 4.0, "team": 5.0, "growth": 3.0, "conditions": 4.0}
    assert rating["recommend_percent"] == 50

    mine = assert_matches(first.get(f"/api/companies/{cid}/reviews/mine"), "GET", "/api/companies/{id}/reviews/mine")
    assert mine["review"]["id"] == created["id"] and mine["review"]["rating"] == 2
    assert first.delete(f"/api/companies/{cid}/review").status_code == 204
    # No review (yet, or any more) is an answer, not an error; an unknown company is still 404.
    none = assert_matches(first.get(f"/api/companies/{cid}/reviews/mine"), "GET", "/api/companies/{id}/reviews/mine")
    assert none == {"review": None}
    assert_error(first.get(f"/api/companies/{cid + 100000}/reviews/mine"), 404)
    assert_error(first.delete(f"/api/companies/{cid}/review"), 404)
    rating = get_company(people.guest(), cid)["rating"]
    assert rating["review_count"] == 1 and rating["average"] == 5.0 and rating["recommend_percent"] == 100
    assert rating["axes"]["management"] is None

    assert_error(put_review(first, 999999999), 404)
    assert_error(people.guest().put(f"/api/companies/{cid}/review", json=review_input()), 401)


def test_nobody_reviews_their_own_company(people):
    owner = people.one("ru")
    company = create_company(owner)
    body = assert_error(put_review(owner, company["id"]), 409, "Conflict")
    assert body["message"] == message("ru", "own_company")
    assert get_company(owner, company["id"])["rating"]["review_count"] == 0


def test_anonymity_is_kept_in_every_answer_and_notification(people):
    owner, author, reader = people(3)
    company = create_company(owner)
    cid = company["id"]
    review = assert_matches(put_review(author, cid, anonymous=True, pros="Quiet office"), "PUT",
                            "/api/companies/{id}/review", 201)
    assert review["anonymous"] is True and review["author"]["id"] == author.id, "the author sees themselves"

    def leaks(value) -> bool:
        text = json.dumps(value, ensure_ascii=False)
        return any(part in text for part in (author.email, f'"id": {author.id}', f'"author_id"'))

    for client in (owner, reader, people.guest()):
        items = reviews_of(client, cid)["items"]
        assert len(items) == 1 and items[0]["author"] is None and items[0]["is_mine"] is False
        assert not leaks(items), items
    own_view = reviews_of(author, cid)["items"][0]
    assert own_view["author"]["id"] == author.id and own_view["is_mine"] is True

    notices = [n for n in notifications(owner) if n["kind"] == "company_review"]
    assert len(notices) == 1
    assert notices[0]["payload"] == {"company": {"id": cid, "name": company["name"]}, "review_id": review["id"],
                                     "rating": 4}

    replied = assert_matches(owner.post(f"/api/companies/{cid}/reviews/{review['id']}/reply",
                                        json={"text": "Thank you!"}), "POST",
                             "/api/companies/{id}/reviews/{review_id}/reply")
    assert replied["author"] is None and replied["reply"]["text"] == "Thank you!" and not leaks(replied)
    # An edit keeps it anonymous and notifies nobody again.
    assert_matches(put_review(author, cid, anonymous=True, rating=5), "PUT", "/api/companies/{id}/review", 200)
    assert reviews_of(owner, cid)["items"][0]["author"] is None
    assert len([n for n in notifications(owner) if n["kind"] == "company_review"]) == 1
    assert not leaks(notifications(owner))

    to_author = [n for n in notifications(author) if n["kind"] == "company_review_reply"]
    assert [n["payload"] for n in to_author] == [{"company": {"id": cid, "name": company["name"]},
                                                  "review_id": review["id"]}]


def test_the_owner_replies_once(people):
    owner, author, stranger = people(3)
    company = create_company(owner)
    other_company = create_company(stranger)
    cid = company["id"]
    review = assert_matches(put_review(author, cid), "PUT", "/api/companies/{id}/review", 201)
    path = f"/api/companies/{cid}/reviews/{review['id']}/reply"

    assert_error(stranger.post(path, json={"text": "Not mine"}), 404)
    assert_error(author.post(path, json={"text": "Replying to myself"}), 404)
    assert_error(stranger.post(f"/api/companies/{other_company['id']}/reviews/{review['id']}/reply",
                               json={"text": "Wrong company"}), 404)
    assert_error(owner.post(path, json={"text": ""}), 422, errors={"text"})

    replied = assert_matches(owner.post(path, json={"text": "Thanks for the feedback"}), "POST",
                             "/api/companies/{id}/reviews/{review_id}/reply")
    assert replied["reply"]["text"] == "Thanks for the feedback" and replied["author"]["id"] == author.id
    body = assert_error(owner.post(path, json={"text": "Second thoughts"}), 409, "Conflict")
    assert body["message"] == message("en", "already_replied")
    assert reviews_of(people.guest(), cid)["items"][0]["reply"]["text"] == "Thanks for the feedback"


def test_reviews_are_paged_newest_first(people):
    owner, *authors = people(3)
    company = create_company(owner)
    cid = company["id"]
    ids = [assert_matches(put_review(a, cid), "PUT", "/api/companies/{id}/review", 201)["id"] for a in authors]
    first = reviews_of(people.guest(), cid, limit=1)
    assert [r["id"] for r in first["items"]] == [ids[1]] and first["next_cursor"]
    second = reviews_of(people.guest(), cid, limit=1, cursor=first["next_cursor"])
    assert [r["id"] for r in second["items"]] == [ids[0]] and second["next_cursor"] is None
    assert_error(people.guest().get(f"/api/companies/{cid}/reviews", params={"cursor": "nonsense"}), 422)
    assert_error(people.guest().get("/api/companies/999999999/reviews"), 404)


def test_a_review_that_goes_with_its_authors_account_leaves_the_sums(artel, people):
    owner, staying, leaving = people(3)
    company = create_company(owner)
    cid = company["id"]
    assert_matches(put_review(staying, cid, rating=5), "PUT", "/api/companies/{id}/review", 201)
    assert_matches(put_review(leaving, cid, rating=1), "PUT", "/api/companies/{id}/review", 201)
    assert get_company(owner, cid)["rating"]["average"] == 3.0
    artel.sql(f"DELETE FROM identity.users WHERE id = {leaving.id}")
    rating = get_company(owner, cid)["rating"]
    assert rating["review_count"] == 1 and rating["average"] == 5.0
