"""POST /api/utm-data (CONTRACT.md): visits are stored for guests under the `artel_visitor` cookie and for
signed-in users under their id. Attaching a guest's visits to the account at sign-in is checked against the
database in identity_integration_tests (MarketingVisitsAttachAtSignIn); here the observable parts: answers,
the cookie, validation (visited_url required, lengths, types), and that the same visitor keeps working after
signing in."""

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
