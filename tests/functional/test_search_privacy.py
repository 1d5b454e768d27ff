"""Suggestions never reveal words of items the reader cannot see (issue 22; docs/architecture.md, "Suggestions").

For every list with the typo fallback (orders, the freelancer catalogue, vacancies, resumes) and every state in
which an item is not in that list (a personal and a closed order; a draft, hidden and responded-only resume; a
draft and an archived vacancy; a performer profile that is not listed): a made-up word and an e-mail address
written only in that item are never the `corrected` answer to a near miss (one letter changed), neither for a
guest nor for another signed-in user, and the list's lexicon never holds them. The word becomes a suggestion once
the item is public and stops being one when the item is hidden again. No e-mail address is ever suggested, a
public item's neither.

The order list answers no `corrected`; there a hidden word must not change what a search finds: a search for the
hidden word itself finds the public order with its closest spelling, as if the hidden one did not exist.

Users are shared by the module; every item and word is a test's own."""

from __future__ import annotations

import dataclasses
import uuid
from typing import Callable

import pytest

from checks import assert_matches
from marketplace import DEVELOPMENT, SKILL_PYTHON, WEB_DEVELOPMENT, People, create_order, job_offer, rub, token


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=5)
    yield made
    made.close()


@pytest.fixture(scope="module")
def cast(people):
    """(author of orders, resumes and vacancies; a performer; two performers with a profile each; a viewer)."""
    author, performer, freelancer, other_freelancer, viewer = people(5)
    return author, performer, freelancer, other_freelancer, viewer


def secret() -> str:
    """A made-up word no other item has. It ends in a letter no English suffix ends in, so the `russian`
    configuration (English stemmer for Latin words) keeps it whole."""
    return token() + "q"


def changed(word: str, position: int) -> str:
    """`word` with the letter at `position` replaced (a near miss: trigram similarity well above 0.4)."""
    letter = "a" if word[position] != "a" else "b"
    return word[:position] + letter + word[position + 1:]


def near_miss(word: str) -> str:
    return changed(word, len(word) // 2)


def address() -> str:
    return f"{secret()}.hr@example.com"


def address_near_miss(email: str) -> str:
    local, domain = email.split("@")
    return f"{changed(local, 4)}@{domain}"


# --- the four lists -----------------------------------------------------------------------------------------------


@dataclasses.dataclass
class ListApi:
    name: str
    path: str
    schema: str
    ids: Callable[[dict], list[int]]
    has_corrected: bool = True


LISTS = {
    "orders": ListApi("orders", "/api/orders", "orders", lambda page: [i["id"] for i in page["items"]], False),
    "catalogue": ListApi("catalogue", "/api/freelancers", "profiles",
                         lambda page: [i["user"]["id"] for i in page["items"]]),
    "vacancies": ListApi("vacancies", "/api/vacancies", "vacancies", lambda page: [i["id"] for i in page["items"]]),
    "resumes": ListApi("resumes", "/api/resumes", "resumes", lambda page: [i["id"] for i in page["items"]]),
}


def search(client, api: ListApi, text: str) -> tuple[dict, str]:
    response = client.get(api.path, params={"q": text, "limit": 50})
    return assert_matches(response, "GET", api.path), response.text


def learned(artel, api: ListApi, lexeme: str) -> bool:
    rows = artel.sql(f"SELECT count(*) FROM {api.schema}.search_lexemes WHERE lexeme = '{lexeme}'")
    return rows[0][0] != "0"


def assert_not_suggested(artel, api: ListApi, viewers, word: str, email: str) -> None:
    """Neither `word` nor `email` (in an item no viewer may find) is suggested, shown or learned."""
    for viewer in viewers:
        for text, hidden in ((near_miss(word), word), (address_near_miss(email), email)):
            page, body = search(viewer, api, text)
            assert page.get("corrected") is None, (api.name, text, page.get("corrected"))
            assert hidden not in body, (api.name, text, body)
            assert page["items"] == [], (api.name, text, page)
    assert not learned(artel, api, word), f"{api.schema}.search_lexemes holds {word}"
    assert not learned(artel, api, email), f"{api.schema}.search_lexemes holds {email}"


def assert_suggested(api: ListApi, viewers, word: str, item_id: int) -> None:
    for viewer in viewers:
        page, _ = search(viewer, api, near_miss(word))
        assert item_id in api.ids(page), (api.name, word, page)
        if api.has_corrected:
            assert page["corrected"] == word, (api.name, word, page["corrected"])


# --- items ----------------------------------------------------------------------------------------------------------


def order_text(word: str, email: str) -> dict:
    return {"name": f"Landing page {word}",
            "description": f"A one-page site with a contact form. Write to {email} or call +7 999 123-45-67."}


def resume(person, word: str, email: str, **overrides) -> dict:
    body = {"position": "Backend developer", "category_id": DEVELOPMENT, "specialization_ids": [WEB_DEVELOPMENT],
            "skill_ids": [SKILL_PYTHON], "about": f"I build reliable services, {word}. Mail {email}.",
            "visibility": "public", "publish": True, **overrides}
    return assert_matches(person.post("/api/resumes", json=body), "POST", "/api/resumes", 201)


def company_of(artel, person) -> int:
    rows = artel.sql("INSERT INTO companies.companies (owner_id, name, industry, size, created_at, updated_at) "
                     f"VALUES ({person.id}, 'Company {uuid.uuid4().hex[:8]}', 'it', '11_50', now(), now()) "
                     "RETURNING id")
    return int(rows[0][0])


def vacancy(person, company_id: int, word: str, email: str, publish: bool) -> dict:
    body = {"company_id": company_id, "title": "Backend developer (Go)", "category_id": DEVELOPMENT,
            "specialization_id": WEB_DEVELOPMENT,
            "description": f"Payments for small businesses, {word}. Send your CV to {email}.",
            "employment": "full", "schedule": "remote", "experience": "3_6", "education": "higher",
            "publish": publish}
    return assert_matches(person.post("/api/vacancies", json=body), "POST", "/api/vacancies", 201)


def save_profile(person, word: str, email: str, listed: bool) -> None:
    body = {"headline": "Web developer", "about": f"I build fast websites, {word}. Write to {email}.",
            "specializations": [{"id": WEB_DEVELOPMENT, "main": True}] if listed else [],
            "skill_ids": [], "experience_years": None, "country_id": None, "city_id": None, "languages": [],
            "rate": rub(2_000), "available": True}
    assert_matches(person.client.put("/api/profile/freelancer", json=body), "PUT", "/api/profile/freelancer")


def ok(response) -> None:
    assert response.status_code == 200, response.text


# --- every non-public state: never suggested; public: suggested; hidden again: forgotten --------------------------


@dataclasses.dataclass
class Case:
    """An item in a state its list does not show, how to make it public and how to hide it again."""
    list: str
    item_id: int
    publish: Callable[[], None]
    hide: Callable[[], None]


def make_case(state: str, artel, cast, word: str, email: str) -> Case:
    author, performer, freelancer, other_freelancer, _ = cast
    if state == "personal order":
        order, invitation = job_offer(author, performer, **order_text(word, email))
        return Case("orders", order["id"],
                    lambda: ok(performer.post(f"/api/invitations/{invitation['id']}/decline", json={})),
                    lambda: ok(author.post(f"/api/orders/{order['id']}/close", json={})))
    if state == "closed order":
        order = create_order(author, **order_text(word, email))
        ok(author.post(f"/api/orders/{order['id']}/close", json={}))
        return Case("orders", order["id"], lambda: ok(author.post(f"/api/orders/{order['id']}/reopen", json={})),
                    lambda: ok(author.post(f"/api/orders/{order['id']}/close", json={})))
    if state in ("draft resume", "hidden resume"):
        made = resume(author, word, email, publish=state == "hidden resume")
        if state == "hidden resume":
            ok(author.post(f"/api/resumes/{made['id']}/hide"))
        return Case("resumes", made["id"], lambda: ok(author.post(f"/api/resumes/{made['id']}/publish")),
                    lambda: ok(author.post(f"/api/resumes/{made['id']}/hide")))
    if state == "responded-only resume":
        made = resume(author, word, email, visibility="responded")
        return Case("resumes", made["id"],
                    lambda: ok(author.patch(f"/api/resumes/{made['id']}", json={"visibility": "public"})),
                    lambda: ok(author.patch(f"/api/resumes/{made['id']}", json={"visibility": "responded"})))
    if state in ("draft vacancy", "archived vacancy"):
        made = vacancy(author, company_of(artel, author), word, email, publish=state == "archived vacancy")
        if state == "archived vacancy":
            ok(author.post(f"/api/vacancies/{made['id']}/archive"))
        return Case("vacancies", made["id"], lambda: ok(author.post(f"/api/vacancies/{made['id']}/publish")),
                    lambda: ok(author.post(f"/api/vacancies/{made['id']}/archive")))
    if state == "unlisted profile":
        owner = freelancer
        save_profile(owner, word, email, listed=False)
        return Case("catalogue", owner.id, lambda: save_profile(owner, word, email, listed=True),
                    lambda: save_profile(owner, word, email, listed=False))
    raise AssertionError(state)


STATES = ["personal order", "closed order", "draft resume", "hidden resume", "responded-only resume",
          "draft vacancy", "archived vacancy", "unlisted profile"]


@pytest.mark.parametrize("state", STATES)
def test_a_word_is_suggested_only_while_its_item_is_public(artel, people, cast, state):
    viewers = [people.guest(), cast[4].client]
    word, email = secret(), address()
    case = make_case(state, artel, cast, word, email)
    api = LISTS[case.list]

    assert_not_suggested(artel, api, viewers, word, email)
    case.publish()
    assert_suggested(api, viewers, word, case.item_id)
    case.hide()
    assert_not_suggested(artel, api, viewers, word, email)


@pytest.mark.parametrize("state", ["personal order", "closed order"])
def test_a_hidden_order_word_does_not_change_what_a_search_finds(artel, people, cast, state):
    """The order list shows no correction, but a known word is searched as it is, so a lexicon that knew the
    hidden word answered its search with nothing where the fallback finds the public order with the closest
    spelling. The answer must be the same as if the hidden order did not exist."""
    author, viewer = cast[0], cast[4]
    word = secret()
    make_case(state, artel, cast, word, address())
    public = create_order(author, name=f"Landing page {changed(word, 3)}")
    for client in (people.guest(), viewer.client):
        page, _ = search(client, LISTS["orders"], word)
        assert LISTS["orders"].ids(page) == [public["id"]], page


# --- contact data ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("list_name", list(LISTS))
def test_a_public_items_email_address_is_never_suggested(artel, people, cast, list_name):
    author, _, _, other_freelancer, viewer = cast
    word, email = secret(), address()
    if list_name == "orders":
        item_id = create_order(author, **order_text(word, email))["id"]
    elif list_name == "resumes":
        item_id = resume(author, word, email)["id"]
    elif list_name == "vacancies":
        item_id = vacancy(author, company_of(artel, author), word, email, publish=True)["id"]
    else:
        save_profile(other_freelancer, word, email, listed=True)
        item_id = other_freelancer.id
    api = LISTS[list_name]
    for client in (people.guest(), viewer.client):
        # Found by the address as written, never suggested for a near miss of it.
        page, _ = search(client, api, email)
        assert api.ids(page) == [item_id], page
        page, _ = search(client, api, address_near_miss(email))
        assert page.get("corrected") is None, page.get("corrected")
        assert item_id not in api.ids(page), page
    assert not learned(artel, api, email)
    # No lexicon holds an address, a host, a URL, a bare number or a long run of digits, whoever wrote them.
    for schema in ("orders", "profiles", "vacancies", "resumes"):
        rows = artel.sql(f"SELECT lexeme FROM {schema}.search_lexemes "
                         "WHERE lexeme ~ '[@./:]' OR lexeme !~ '[[:alpha:]]' OR lexeme ~ '[0-9]{5}' LIMIT 5")
        assert rows == [], (schema, rows)
