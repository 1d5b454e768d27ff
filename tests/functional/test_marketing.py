"""POST /api/utm-data (CONTRACT.md): visits are stored for guests under the `artel_visitor` cookie and for
signed-in users under their id. Attaching a guest's visits to the account at sign-in is checked against the
database in identity_integration_tests (MarketingVisitsAttachAtSignIn); here the observable parts: answers,
the cookie, validation (visited_url required, lengths, types), and that the same visitor keeps working after
signing in."""

import uuid

import requests

from checks import assert_matches, field_errors
from conftest import login

VISITOR_COOKIE = "artel_visitor"

UTM = {"utm_source": "newsletter", "utm_medium": "email", "utm_campaign": "spring", "utm_term": "design",
       "utm_content": "banner", "visited_url": "http://127.0.0.1/en/orders?utm_source=newsletter"}


def visitor_set_cookie(response: requests.Response) -> str | None:
    cookies = [c for c in response.raw.headers.getlist("Set-Cookie") if c.startswith(VISITOR_COOKIE + "=")]
    return cookies[-1] if cookies else None


def test_guest_visit_sets_a_visitor_cookie(new_client):
    client = new_client()
    response = client.post("/api/utm-data", json=UTM)
    assert_matches(response, "POST", "/api/utm-data", 204)
    assert response.content == b""
    cookie = visitor_set_cookie(response)
    assert cookie, response.headers
    lowered = cookie.lower()
    assert "httponly" in lowered and "max-age=2592000" in lowered, cookie
    visitor = client.cookie(VISITOR_COOKIE)
    assert visitor

    # A second visit keeps the same visitor id (no new cookie).
    response = client.post("/api/utm-data", json={"utm_source": "ads", "visited_url": "http://127.0.0.1/en"})
    assert response.status_code == 204, response.text
    assert visitor_set_cookie(response) is None
    assert client.cookie(VISITOR_COOKIE) == visitor


def test_visitor_signs_in_and_keeps_reporting(make_user, new_client):
    _, _, email, password = make_user()
    client = new_client()
    assert client.post("/api/utm-data", json=UTM).status_code == 204
    assert client.cookie(VISITOR_COOKIE)
    response = login(client, email, password)
    assert response.status_code == 200, response.text
    response = client.post("/api/utm-data", json={"visited_url": "http://127.0.0.1/en/freelancers"})
    assert response.status_code == 204, response.text


def test_signed_in_user_without_visitor_cookie(make_user):
    client, _, _, _ = make_user()
    response = client.post("/api/utm-data", json={"utm_campaign": "winter", "visited_url": "http://127.0.0.1/ru"})
    assert response.status_code == 204, response.text
    assert visitor_set_cookie(response) is None, "signed-in visits are stored under the user"


def test_utm_data_needs_the_visited_url(new_client):
    field_errors(new_client().post("/api/utm-data", json={}), "visited_url")
    field_errors(new_client().post("/api/utm-data", json={"utm_source": "newsletter"}), "visited_url")
    field_errors(new_client().post("/api/utm-data", json={"utm_source": "", "visited_url": ""}), "visited_url")


def test_utm_data_validates_lengths_and_types(new_client):
    field_errors(new_client().post("/api/utm-data", json={"utm_source": "x" * 256}), "utm_source")
    field_errors(new_client().post("/api/utm-data", json={"visited_url": "http://a/" + "x" * 2048}),
                      "visited_url")
    field_errors(new_client().post("/api/utm-data", json={"utm_medium": 5}), "utm_medium")
    assert new_client().post("/api/utm-data", json={"utm_source": "x" * 255, "visited_url": "/"}).status_code == 204


# --- landing pages (issue 13) ---------------------------------------------------------------------------------------

def landing_input(**overrides) -> dict:
    body = {"kind": "create_order", "code": f"lp-{uuid.uuid4().hex[:10]}", "lang": "ru",
            "title": "Разработка сайтов", "text": "**Быстро** и <script>alert(1)</script> надёжно.",
            "category_id": 1, "cta": "Разместить заказ", "published": False}
    body.update(overrides)
    return body


def test_landing_pages_crud_public_read_and_audit(artel, admin_client, new_client):
    from checks import assert_error, assert_matches
    from conftest import png_bytes
    created = admin_client.post("/api/admin/landing-pages", json=landing_input())
    page = assert_matches(created, "POST", "/api/admin/landing-pages", 201)
    assert page["published"] is False and page["visit_count"] == 0 and page["category_id"] == 1
    assert "<script" not in page["text_html"]
    path = f"/api/landing-pages/create_order/{page['code']}"
    guest = new_client()
    assert_error(guest.get(path), 404, "NotFound")  # unpublished

    # The same code of the same kind is taken; of another kind it is free.
    taken = admin_client.post("/api/admin/landing-pages", json=landing_input(code=page["code"]))
    assert "code" in assert_error(taken, 422, "ValidationFailed")["errors"]
    other = admin_client.post("/api/admin/landing-pages", json=landing_input(code=page["code"], kind="find_job"))
    assert other.status_code == 201, other.text
    bad = admin_client.post("/api/admin/landing-pages", json=landing_input(code="Bad Code", category_id=999999,
                                                                            title="x", cta=""))
    assert set(assert_error(bad, 422, "ValidationFailed")["errors"]) >= {"code", "title", "cta"}

    body = landing_input(code=page["code"], published=True, title="Сайты под ключ")
    updated = assert_matches(admin_client.put(f"/api/admin/landing-pages/{page['id']}", json=body),
                             "PUT", "/api/admin/landing-pages/{id}")
    assert updated["published"] is True and updated["title"] == "Сайты под ключ"

    public = assert_matches(guest.get(path), "GET", "/api/landing-pages/{kind}/{code}")
    assert public["title"] == "Сайты под ключ" and "visit_count" not in public
    guest.get(path)  # the same visitor the same day: one visit
    new_client().get(path, headers={"User-Agent": "another browser"})
    got = assert_matches(admin_client.get(f"/api/admin/landing-pages/{page['id']}"), "GET",
                         "/api/admin/landing-pages/{id}")
    assert got["visit_count"] == 2, got

    with_image = admin_client.put(f"/api/admin/landing-pages/{page['id']}/image", data=png_bytes(4, 3),
                                  headers={"Content-Type": "application/octet-stream"})
    image = assert_matches(with_image, "PUT", "/api/admin/landing-pages/{id}/image")["image"]
    assert image["url"].startswith("/api/files/")
    assert guest.get(image["url"]).status_code == 200
    assert admin_client.delete(f"/api/admin/landing-pages/{page['id']}/image").json()["image"] is None

    listed = assert_matches(admin_client.get("/api/admin/landing-pages"), "GET", "/api/admin/landing-pages")
    assert page["id"] in [item["id"] for item in listed["items"]]
    assert admin_client.delete(f"/api/admin/landing-pages/{page['id']}").status_code == 204
    assert_error(guest.get(path), 404, "NotFound")
    assert_error(admin_client.get(f"/api/admin/landing-pages/{page['id']}"), 404, "NotFound")

    audit = admin_client.get(f"/api/admin/audit?object_type=landing_page&object_id={page['id']}").json()["items"]
    assert [entry["action"] for entry in audit] == ["landing_pages.delete", "landing_pages.image",
                                                   "landing_pages.image", "landing_pages.edit",
                                                   "landing_pages.create"]
    assert audit[-1]["before"] is None and audit[-1]["after"]["code"] == page["code"]
    assert audit[0]["after"] is None and audit[0]["before"]["title"] == "Сайты под ключ"
    assert audit[3]["before"]["published"] is False and audit[3]["after"]["published"] is True
