"""Paging parameters read the same way by every list (issue 14, finding 6): every GET path of
docs/api/openapi.yaml that takes `limit` answers `?limit=%201` (and other near-integers) with the same 422 on the
field `limit`, and a plain `?limit=1` with one page of at most one item. The list of routes comes from the document,
so a list added later is covered without touching this test."""

from __future__ import annotations

import pytest

from checks import assert_matches, field_errors, openapi, resolve
from conftest import ApiClient, login
from marketplace import People, create_order

BAD_LIMITS = ["%201", "1%20", "+1", "%2B1", "01x", "0", "-1", "1.0", "", "%091"]


@pytest.fixture(scope="module")
def setup(artel):
    """A user with an order, a chat, a company with a vacancy and a resume: (the user, the values of the path parameters, and the `id` of
    the paths under a prefix where it means something else than the user)."""
    people = People(artel, en=2)
    me, other = people(2)
    create_order(me)
    chat = assert_matches(me.post("/api/chats", json={"user_id": other.id}), "POST", "/api/chats", 201)
    company = assert_matches(me.post("/api/companies", json={"name": "Paging Ltd", "industry": "it", "size": "1_10"}),
                             "POST", "/api/companies", 201)
    vacancy = assert_matches(me.post("/api/vacancies", json={
        "company_id": company["id"], "title": "Paging engineer", "category_id": 1, "description": "Pages.",
        "employment": "full", "schedule": "remote", "experience": "none", "education": "any", "publish": True}),
        "POST", "/api/vacancies", 201)
    resume = assert_matches(me.post("/api/resumes", json={"position": "Paging engineer", "category_id": 1,
                                                         "publish": True}), "POST", "/api/resumes", 201)
    ids = {"/api/companies/{id}": company["id"], "/api/vacancies/{id}": vacancy["id"],
           "/api/resumes/{id}": resume["id"]}
    # The lists under /api/admin/ are read by the admin (an ordinary user gets 403 before any parameter is read).
    admin = ApiClient(artel.url)
    assert login(admin, artel.admin_email, artel.admin_password).status_code == 200
    yield me, {"id": me.id, "user_id": me.id, "chat_id": chat["id"]}, ids, admin
    admin.close()
    people.close()


def list_paths() -> list[str]:
    paths = []
    for template, item in openapi()["paths"].items():
        operation = item.get("get")
        if not operation:
            continue
        names = {resolve(parameter).get("name") for parameter in item.get("parameters", []) +
                 operation.get("parameters", [])}
        if "limit" in names:
            paths.append(template)
    return sorted(paths)


def test_the_document_has_the_known_lists():
    assert {"/api/orders", "/api/orders/my", "/api/users/{id}/orders", "/api/users/{id}/reviews", "/api/chats",
            "/api/chats/{chat_id}/messages"} <= set(list_paths())


@pytest.mark.parametrize("template", list_paths())
def test_limit_is_read_the_same_by_every_list(setup, template):
    me, values, ids, admin = setup
    if template.startswith("/api/admin/"):
        me = admin
    path = template
    for prefix, value in ids.items():
        if template.startswith(prefix):
            path = path.replace("{id}", str(value))
    for name, value in values.items():
        path = path.replace("{" + name + "}", str(value))
    assert "{" not in path, f"no value for a parameter of {template}: add it to `values`"

    page = assert_matches(me.get(f"{path}?limit=1"), "GET", template)
    assert len(page["items"]) <= 1, page
    for bad in BAD_LIMITS:
        response = me.get(f"{path}?limit={bad}")
        assert response.status_code == 422, (template, bad, response.status_code, response.text)
        assert field_errors(response, "limit"), (template, bad, response.text)
    # The same message everywhere: the range of the route.
    messages = {tuple(field_errors(me.get(f"{path}?limit={bad}"), "limit")) for bad in BAD_LIMITS}
    assert len(messages) == 1, (template, messages)
