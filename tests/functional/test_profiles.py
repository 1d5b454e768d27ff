"""Performer and customer profiles, portfolios and prices over HTTP against docs/api/openapi.yaml: every endpoint of
the `profiles` tag (core's part), ownership (another user's group, project or price answers 404 and stays as it
was when its owner reads it again), the portfolio address rules, image type and size limits, the 500-character
rule in both languages, XSRF on unsafe methods, guests 401, and the reputation figures after a real order
lifecycle (post → bid → select → complete → reviews both ways)."""

from __future__ import annotations

import json
import struct
import zlib

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT, png_bytes
from marketplace import (LOGO_BRANDING, MOSCOW, RUSSIA, KAZAKHSTAN, SKILL_FIGMA, SKILL_PYTHON, SKILL_REACT,
                         WEB_DEVELOPMENT, People, completed_order, create_order, get_order, job_offer, place_bid,
                         rub, select, token)
from marketplace import message as server_message

_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "profiles.json").read_text()) for lang in ("en", "ru")}
ALMATY = 21


def text(lang: str, key: str, **params) -> str:
    """A profiles text by its key, or another namespace's by namespace:key ("catalog:city_country")."""
    value = server_message(lang, key) if ":" in key else _I18N[lang][key]
    for name, replacement in params.items():
        value = value.replace("{{" + name + "}}", str(replacement))
    return value


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=14, ru=3)
    yield made
    made.close()


def profile_input(**overrides) -> dict:
    body = {"headline": "Web developer", "about": "I build fast websites. " * 6,
            "specializations": [{"id": WEB_DEVELOPMENT, "main": True}, {"id": LOGO_BRANDING, "main": False}],
            "skill_ids": [SKILL_PYTHON, SKILL_REACT, SKILL_FIGMA], "experience_years": 6, "country_id": RUSSIA,
            "city_id": MOSCOW, "languages": ["ru", "en"], "rate": rub(2_000), "available": True}
    body.update(overrides)
    return body


def save_profile(person, **overrides) -> dict:
    response = person.client.put("/api/profile/freelancer", json=profile_input(**overrides))
    return assert_matches(response, "PUT", "/api/profile/freelancer")


def upload_image(person, width: int = 40, height: int = 30) -> dict:
    response = person.post("/api/portfolio/images", data=png_bytes(width, height, b"\x10\x80\xf0"),
                           headers={"Content-Type": "application/octet-stream"})
    return assert_matches(response, "POST", "/api/portfolio/images", 201)


def create_group(person, name: str = "Websites", description: str = "Sites I made") -> dict:
    response = person.post("/api/portfolio/groups", json={"name": name, "description": description})
    return assert_matches(response, "POST", "/api/portfolio/groups", 201)


def project_input(**overrides) -> dict:
    body = {"group_id": None, "name": f"Shop {token()}", "description": "An online shop for a bakery.",
            "tools": ["Figma", "React"], "link": "https://example.com/shop", "images": []}
    body.update(overrides)
    return body


def create_project(person, **overrides) -> dict:
    response = person.post("/api/portfolio/projects", json=project_input(**overrides))
    return assert_matches(response, "POST", "/api/portfolio/projects", 201)


def price_input(**overrides) -> dict:
    body = {"name": "Landing page", "description": "One page with a form", "kind": "from", "amount": 3_000_000,
            "currency": "RUB", "unit": "project"}
    body.update(overrides)
    return body


def create_price(person, **overrides) -> dict:
    response = person.post("/api/profile/prices", json=price_input(**overrides))
    return assert_matches(response, "POST", "/api/profile/prices", 201)


def portfolio(client, user_id: int) -> dict:
    return assert_matches(client.get(f"/api/freelancers/{user_id}/portfolio"), "GET", "/api/freelancers/{id}/portfolio")


def prices(client, user_id: int) -> list[dict]:
    response = client.get(f"/api/freelancers/{user_id}/prices")
    return assert_matches(response, "GET", "/api/freelancers/{id}/prices")["items"]


def freelancer(client, key) -> dict:
    return assert_matches(client.get(f"/api/freelancers/{key}"), "GET", "/api/freelancers/{key}")


# --- the profile ----------------------------------------------------------------------------------------------------


def test_any_user_has_an_empty_profile_and_the_owner_sees_what_is_missing(people):
    person = people.one()
    guest = people.guest()
    public = freelancer(guest, person.id)
    assert public["user"]["id"] == person.id and public["headline"] == "" and public["specializations"] == []
    assert public["rate"] is None and public["available"] is True and public["is_owner"] is False
    assert public["stats"] == {"rating": None, "review_count": 0, "completed_orders": 0, "repeat_customers": 0}
    assert public["completeness"] == {"score": 0, "missing": []}, "others never see what is missing"
    own = assert_matches(person.get("/api/profile/freelancer"), "GET", "/api/profile/freelancer")
    assert own["is_owner"] is True
    assert own["completeness"]["missing"] == ["avatar", "headline", "about", "specialization", "skills", "rate",
                                              "location", "portfolio", "prices"]
    assert_error(guest.get("/api/freelancers/999999999"), 404, "NotFound")
    assert_error(guest.get("/api/freelancers/no-such-address"), 404, "NotFound")


def test_saving_the_profile_and_completeness(people):
    person = people.one()
    saved = save_profile(person)
    assert saved["headline"] == "Web developer"
    assert saved["specializations"] == [{"id": WEB_DEVELOPMENT, "main": True}, {"id": LOGO_BRANDING, "main": False}]
    assert sorted(saved["category_ids"]) == [1, 2]
    assert saved["skill_ids"] == [SKILL_PYTHON, SKILL_REACT, SKILL_FIGMA]
    assert saved["rate"] == rub(2_000) and saved["languages"] == ["ru", "en"] and saved["city_id"] == MOSCOW
    assert saved["completeness"]["score"] == 65
    assert saved["completeness"]["missing"] == ["avatar", "portfolio", "prices"]
    create_project(person)
    create_price(person)
    person.client.put("/api/user/avatar", data=png_bytes(3, 3), headers={"Content-Type": "image/png"})
    own = assert_matches(person.get("/api/profile/freelancer"), "GET", "/api/profile/freelancer")
    assert own["completeness"] == {"score": 100, "missing": []}
    assert own["project_count"] == 1 and own["price_count"] == 1
    public = freelancer(people.guest(), person.id)
    assert public["headline"] == "Web developer" and public["is_owner"] is False


def test_profile_fields_are_validated_one_by_one(people):
    person = people.one()
    cases = [
        ({"specializations": [{"id": WEB_DEVELOPMENT, "main": False}]}, "specializations", "main_required", {}),
        ({"specializations": [{"id": WEB_DEVELOPMENT, "main": True}, {"id": LOGO_BRANDING, "main": True}]},
         "specializations", "main_required", {}),
        ({"specializations": [{"id": i, "main": i == 101} for i in (101, 102, 103, 104, 105, 106)]},
         "specializations", "specializations_max", {"count": 5}),
        ({"skill_ids": list(range(1, 32))}, "skill_ids", "skills_max", {"count": 30}),
        ({"country_id": KAZAKHSTAN, "city_id": MOSCOW}, "city_id", "catalog:city_country", {}),
        ({"experience_years": 71}, "experience_years", "experience_range", {}),
        ({"languages": ["english"]}, "languages", "language_invalid", {}),
        # The editor's own check, in a 422 after the schema's (libs/profiles/api.yaml).
        ({"rate": {"amount": 100, "currency": "XYZ"}}, "rate", "catalog:currency_unknown", {}),
    ]
    for overrides, field, key, params in cases:
        response = person.client.put("/api/profile/freelancer", json=profile_input(**overrides))
        assert field_errors(response, field) == [text("en", key, **params)], overrides
    response = person.client.put("/api/profile/freelancer", json=profile_input(country_id=KAZAKHSTAN, city_id=ALMATY))
    assert assert_matches(response, "PUT", "/api/profile/freelancer")["city_id"] == ALMATY
    # A blank or left-out headline and about are "" (the schema fills them in).
    body = profile_input(headline="  ")
    del body["about"]
    saved = assert_matches(person.client.put("/api/profile/freelancer", json=body), "PUT", "/api/profile/freelancer")
    assert saved["headline"] == "" and saved["about"] == ""


def test_the_portfolio_address(people):
    first, second = people(2)
    guest = people.guest()
    address = "Ann-" + token()[:10]
    response = first.client.put("/api/profile/freelancer/slug", json={"slug": address})
    assert assert_matches(response, "PUT", "/api/profile/freelancer/slug") == {"slug": address}
    assert freelancer(guest, address)["user"]["id"] == first.id
    assert freelancer(guest, address.lower())["user"]["id"] == first.id, "case-insensitive"
    assert freelancer(guest, first.id)["slug"] == address
    taken = second.client.put("/api/profile/freelancer/slug", json={"slug": address.upper()})
    assert field_errors(taken, "slug") == [text("en", "slug_taken")]
    for slug, key in [("ab", "slug_length"), ("x" * 33, "slug_length"), ("anna lee", "slug_chars"),
                      ("анна", "slug_chars"), ("Admin", "slug_reserved"), ("freelancers", "slug_reserved"),
                      ("12345", "slug_reserved")]:
        response = second.client.put("/api/profile/freelancer/slug", json={"slug": slug})
        assert field_errors(response, "slug") == [text("en", key)], slug
    ru = people.one("ru")
    response = ru.client.put("/api/profile/freelancer/slug", json={"slug": "settings"})
    assert field_errors(response, "slug") == [text("ru", "slug_reserved")]
    cleared = first.client.put("/api/profile/freelancer/slug", json={"slug": None})
    assert assert_matches(cleared, "PUT", "/api/profile/freelancer/slug") == {"slug": None}
    assert_error(guest.get(f"/api/freelancers/{address}"), 404, "NotFound")


def test_customer_profile(people):
    person = people.one()
    guest = people.guest()
    public = assert_matches(guest.get(f"/api/customers/{person.id}"), "GET", "/api/customers/{id}")
    assert public["about"] == "" and public["is_owner"] is False
    assert public["stats"]["orders_posted"] == 0 and public["stats"]["completion_rate"] is None
    response = person.client.put("/api/profile/customer", json={"about": "A bakery in Tula."})
    saved = assert_matches(response, "PUT", "/api/profile/customer")
    assert saved["about"] == "A bakery in Tula." and saved["is_owner"] is True
    assert assert_matches(guest.get(f"/api/customers/{person.id}"), "GET", "/api/customers/{id}")["about"] == (
        "A bakery in Tula.")
    response = person.client.put("/api/profile/customer", json={"about": "x" * 5001})
    assert [message for message in field_errors(response, "about") if "5000" in message], "the length rule"
    cleared = assert_matches(person.client.put("/api/profile/customer", json={"about": "  "}), "PUT",
                             "/api/profile/customer")
    assert cleared["about"] == ""
    assert_error(guest.get("/api/customers/999999999"), 404, "NotFound")


# --- portfolio ------------------------------------------------------------------------------------------------------


def test_groups_projects_images_and_their_order(people):
    person = people.one()
    guest = people.guest()
    sites = create_group(person, "Sites")
    logos = create_group(person, "Logos", "")
    assert (sites["priority"], logos["priority"]) == (1, 2)
    images = [upload_image(person, 40, 30), upload_image(person, 640, 480)]
    assert images[1]["width"] == 640 and images[1]["thumbnail_url"] != images[1]["url"]
    project = create_project(person, group_id=sites["id"], images=[{"id": images[0]["id"], "cover": False},
                                                                  {"id": images[1]["id"], "cover": True}])
    assert [image["is_cover"] for image in project["images"]] == [False, True]
    assert project["cover"]["id"] == project["images"][1]["id"] and project["image_count"] == 2
    assert project["group"] == {"id": sites["id"], "name": "Sites"} and project["user"]["id"] == person.id
    served = guest.get(project["images"][1]["thumbnail_url"])
    assert served.status_code == 200 and served.headers["Content-Type"] in ("image/jpeg", "image/png")

    second = create_project(person, group_id=sites["id"])
    loose = create_project(person)
    shown = portfolio(guest, person.id)
    assert [group["id"] for group in shown["groups"]] == [sites["id"], logos["id"]]
    assert shown["groups"][0]["project_count"] == 2
    assert [item["id"] for item in shown["projects"] if item["group_id"] == sites["id"]] == [project["id"],
                                                                                              second["id"]]

    response = person.client.put("/api/portfolio/groups/order", json={"ids": [logos["id"], sites["id"]]})
    assert [g["id"] for g in assert_matches(response, "PUT", "/api/portfolio/groups/order")["groups"]] == [
        logos["id"], sites["id"]]
    response = person.client.put("/api/portfolio/projects/order",
                                 json={"group_id": sites["id"], "ids": [second["id"], project["id"]]})
    reordered = assert_matches(response, "PUT", "/api/portfolio/projects/order")
    assert [p["id"] for p in reordered["projects"] if p["group_id"] == sites["id"]] == [second["id"], project["id"]]
    bad = person.client.put("/api/portfolio/projects/order", json={"group_id": sites["id"], "ids": [second["id"]]})
    assert field_errors(bad, "ids") == [text("en", "order_ids")]

    # Edit: keep one image, make it the cover; the other is dropped. Then move the project out of its group.
    kept = project["images"][0]["id"]
    response = person.client.put(f"/api/portfolio/projects/{project['id']}",
                                 json=project_input(group_id=None, name="Bakery shop", images=[{"id": kept,
                                                                                                "cover": True}]))
    edited = assert_matches(response, "PUT", "/api/portfolio/projects/{id}")
    assert [image["id"] for image in edited["images"]] == [kept] and edited["cover"]["id"] == kept
    assert edited["group"] is None and edited["name"] == "Bakery shop"

    response = person.delete(f"/api/portfolio/groups/{sites['id']}")
    assert_matches(response, "DELETE", "/api/portfolio/groups/{id}", 204)
    after = portfolio(guest, person.id)
    assert [group["id"] for group in after["groups"]] == [logos["id"]]
    assert all(item["group_id"] is None for item in after["projects"]), "projects stay, without a group"
    assert_matches(person.delete(f"/api/portfolio/projects/{loose['id']}"), "DELETE", "/api/portfolio/projects/{id}",
                   204)
    assert_error(guest.get(f"/api/portfolio/projects/{loose['id']}"), 404, "NotFound")
    assert freelancer(guest, person.id)["project_count"] == 2


def test_project_images_are_limited_and_checked(people):
    person, other = people(2)
    uploads = [upload_image(person, 8, 8) for _ in range(11)]
    response = person.post("/api/portfolio/projects",
                           json=project_input(images=[{"id": u["id"], "cover": False} for u in uploads]))
    assert field_errors(response, "images") == [text("en", "images_max", count=10)]
    response = person.post("/api/portfolio/projects",
                           json=project_input(images=[{"id": u["id"], "cover": True} for u in uploads[:2]]))
    assert field_errors(response, "images") == [text("en", "cover_one")]
    # Nobody may show another user's upload.
    theirs = upload_image(other)
    response = person.post("/api/portfolio/projects", json=project_input(images=[{"id": theirs["id"], "cover": True}]))
    assert field_errors(response, "images") == [text("en", "image_unknown")]
    # No cover marked: the first image is the cover.
    project = create_project(person, images=[{"id": u["id"], "cover": False} for u in uploads[:3]])
    assert [image["is_cover"] for image in project["images"]] == [True, False, False]


@pytest.mark.parametrize("body", [b"GIF89a", b"\x89PNG\r\n\x1a\n" + b"junk" * 64, b"%PDF-1.4\n%%EOF\n",
                                  b"plain text"], ids=["gif89a-only", "png-signature-junk", "pdf", "text"])
def test_portfolio_images_must_be_decodable_images(people, body):
    person = people.one()
    response = person.post("/api/portfolio/images", data=body, headers={"Content-Type": "image/png"})
    assert assert_error(response, 415, "UnsupportedMediaType")["message"] == "Unsupported file format"


def test_portfolio_images_declaring_huge_dimensions_or_too_big_are_refused(people):
    person = people.one()
    ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0)
    header = (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr
              + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr) & 0xFFFFFFFF))
    assert_error(person.post("/api/portfolio/images", data=header), 415, "UnsupportedMediaType")
    big = png_bytes() + b"\0" * (10 * 1024 * 1024 + 1)
    assert_error(person.post("/api/portfolio/images", data=big), 413, "PayloadTooLarge")
    assert portfolio(person.client, person.id)["projects"] == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_descriptions_are_at_most_500_characters_in_both_languages(people, lang):
    person = people.one(lang)
    expected = {"en": "Description must be at most 500 characters", "ru": "Описание — не более 500 символов"}[lang]
    assert text(lang, "description_max") == expected
    long = "я" * 501
    response = person.post("/api/portfolio/projects", json=project_input(description=long))
    assert field_errors(response, "description") == [expected]
    response = person.post("/api/portfolio/groups", json={"name": "Sites", "description": long})
    assert field_errors(response, "description") == [expected]
    response = person.post("/api/profile/prices", json=price_input(description=long))
    assert field_errors(response, "description") == [expected]
    exact = create_project(person, description="я" * 500)
    assert len(exact["description"]) == 500


def test_a_groups_and_a_projects_optional_texts_may_be_left_out(people):
    # libs/profiles/api.yaml: a description (and a project's link) left out is "" (null), as a blank one.
    person = people.one()
    response = person.post("/api/portfolio/groups", json={"name": "Logos"})
    assert assert_matches(response, "POST", "/api/portfolio/groups", 201)["description"] == ""
    assert create_project(person, link="  ")["link"] is None
    body = project_input()
    del body["description"], body["link"]
    response = person.post("/api/portfolio/projects", json=body)
    created = assert_matches(response, "POST", "/api/portfolio/projects", 201)
    assert created["description"] == "" and created["link"] is None
    response = person.post("/api/portfolio/projects", json=project_input(link="ftp://example.com"))
    assert field_errors(response, "link") == [text("en", "link_invalid")]


# --- prices ---------------------------------------------------------------------------------------------------------


def test_prices_crud_and_order(people):
    person = people.one()
    guest = people.guest()
    first = create_price(person)
    second = create_price(person, name="Logo", kind="fixed", amount=1_500_000, unit="item")
    assert [p["id"] for p in prices(guest, person.id)] == [first["id"], second["id"]]
    response = person.client.put(f"/api/profile/prices/{first['id']}", json=price_input(name="Landing, two screens"))
    assert assert_matches(response, "PUT", "/api/profile/prices/{id}")["name"] == "Landing, two screens"
    response = person.client.put("/api/profile/prices/order", json={"ids": [second["id"], first["id"]]})
    assert [p["id"] for p in assert_matches(response, "PUT", "/api/profile/prices/order")["items"]] == [
        second["id"], first["id"]]
    # The schema's keys (libs/profiles/api.yaml), then the editor's own check (a currency the catalog knows).
    for overrides, field, key in [({"kind": "about"}, "kind", "kind_invalid"), ({"unit": "year"}, "unit", "unit_invalid"),
                                  ({"amount": 0}, "amount", "amount_invalid"), ({"currency": "rub"}, "currency",
                                                                                "catalog:currency_unknown"),
                                  ({"currency": "XYZ"}, "currency", "catalog:currency_unknown")]:
        assert field_errors(person.post("/api/profile/prices", json=price_input(**overrides)), field) == [
            text("en", key)]
    no_description = price_input()
    del no_description["description"]
    third = assert_matches(person.post("/api/profile/prices", json=no_description), "POST", "/api/profile/prices", 201)
    assert third["description"] == ""
    assert_matches(person.delete(f"/api/profile/prices/{first['id']}"), "DELETE", "/api/profile/prices/{id}", 204)
    assert [p["id"] for p in prices(guest, person.id)] == [second["id"], third["id"]]
    assert_error(guest.get("/api/freelancers/999999999/prices"), 404, "NotFound")


# --- ownership, XSRF, guests ----------------------------------------------------------------------------------------


def test_nobody_edits_another_users_portfolio_or_prices(people):
    owner, intruder = people(2)
    group = create_group(owner)
    image = upload_image(owner)
    project = create_project(owner, group_id=group["id"], images=[{"id": image["id"], "cover": True}])
    price = create_price(owner)
    before_portfolio = portfolio(owner.client, owner.id)
    before_project = assert_matches(owner.get(f"/api/portfolio/projects/{project['id']}"), "GET",
                                    "/api/portfolio/projects/{id}")
    before_prices = prices(owner.client, owner.id)

    attempts = [
        intruder.client.put(f"/api/portfolio/groups/{group['id']}", json={"name": "Mine", "description": ""}),
        intruder.delete(f"/api/portfolio/groups/{group['id']}"),
        intruder.client.put(f"/api/portfolio/projects/{project['id']}", json=project_input(name="Mine")),
        intruder.delete(f"/api/portfolio/projects/{project['id']}"),
        intruder.client.put(f"/api/profile/prices/{price['id']}", json=price_input(name="Mine")),
        intruder.delete(f"/api/profile/prices/{price['id']}"),
        intruder.client.put("/api/portfolio/projects/order", json={"group_id": group["id"], "ids": [project["id"]]}),
    ]
    for response in attempts:
        assert_error(response, 404, "NotFound")
    # Their own lists cannot take somebody else's ids either, nor their own project the owner's group or image.
    assert field_errors(intruder.client.put("/api/portfolio/groups/order", json={"ids": [group["id"]]}), "ids")
    assert field_errors(intruder.client.put("/api/profile/prices/order", json={"ids": [price["id"]]}), "ids")
    assert field_errors(intruder.post("/api/portfolio/projects", json=project_input(group_id=group["id"])),
                        "group_id") == [text("en", "group_unknown")]
    response = intruder.post("/api/portfolio/projects", json=project_input(images=[{"id": image["id"], "cover": True}]))
    assert field_errors(response, "images") == [text("en", "image_unknown")]

    assert portfolio(owner.client, owner.id) == before_portfolio
    assert owner.get(f"/api/portfolio/projects/{project['id']}").json() == before_project
    assert prices(owner.client, owner.id) == before_prices
    assert freelancer(owner.client, intruder.id)["project_count"] == 0


def test_xsrf_and_guests(people):
    person = people.one()
    guest = people.guest()
    group = create_group(person)
    unsafe = [("put", "/api/profile/freelancer", profile_input()), ("put", "/api/profile/freelancer/slug",
                                                                     {"slug": "x" + token()}),
              ("put", "/api/profile/customer", {"about": "x"}), ("post", "/api/portfolio/groups",
                                                                 {"name": "G", "description": ""}),
              ("put", f"/api/portfolio/groups/{group['id']}", {"name": "G", "description": ""}),
              ("delete", f"/api/portfolio/groups/{group['id']}", None),
              ("post", "/api/portfolio/projects", project_input()), ("post", "/api/profile/prices", price_input()),
              ("put", "/api/profile/prices/order", {"ids": []}), ("put", "/api/portfolio/groups/order", {"ids": []})]
    for method, path, body in unsafe:
        response = person.client.request(method, path, json=body, xsrf=False)
        assert_error(response, 419, "XsrfTokenMismatch")
        assert_error(guest.request(method, path, json=body), 401, "Unauthenticated")
    assert_error(person.client.request("post", "/api/portfolio/images", data=png_bytes(), xsrf=False), 419,
                 "XsrfTokenMismatch")
    assert_error(guest.post("/api/portfolio/images", data=png_bytes()), 401, "Unauthenticated")
    assert_error(guest.get("/api/profile/freelancer"), 401, "Unauthenticated")
    assert [g["id"] for g in portfolio(guest, person.id)["groups"]] == [group["id"]], "nothing was deleted"


def test_limits(people, artel):
    person = people.one()
    artel.sql(f"INSERT INTO profiles.portfolio_groups (user_id, name, priority, created_at, updated_at) "
              f"SELECT {person.id}, 'G' || n, n, now(), now() FROM generate_series(1, 30) n")
    response = person.post("/api/portfolio/groups", json={"name": "One more", "description": ""})
    assert assert_error(response, 409, "Conflict")["message"] == text("en", "groups_max", count=30)
    artel.sql(f"INSERT INTO profiles.prices (user_id, name, kind, amount, currency, unit, priority, created_at, "
              f"updated_at) SELECT {person.id}, 'P' || n, 'fixed', 100, 'RUB', 'hour', n, now(), now() "
              f"FROM generate_series(1, 50) n")
    assert_error(person.post("/api/profile/prices", json=price_input()), 409, "Conflict")


# --- reputation -----------------------------------------------------------------------------------------------------


def test_reputation_after_a_real_order_lifecycle(people, artel):
    customer, performer, other = people(3)
    guest = people.guest()
    # Two orders posted; one performer selected by bid and the order completed; reviews both ways.
    first = create_order(customer)
    create_order(customer)
    bid = place_bid(performer, first["id"])
    select(customer, first["id"], bid["id"])
    artel.sql(f"UPDATE orders.orders SET created_at = selected_at - interval '3600 seconds' WHERE id = {first['id']}")
    # The median is recomputed at each selection: a second selection (a personal offer accepted) brings it in.
    offer, invitation = job_offer(customer, other)
    accepted = other.post(f"/api/invitations/{invitation['id']}/accept", json={})
    assert accepted.status_code == 200, accepted.text
    done = customer.post(f"/api/orders/{first['id']}/complete", json={})
    assert done.status_code == 200, done.text
    for author, rating in ((customer, 4), (performer, 5)):
        response = author.post(f"/api/orders/{first['id']}/reviews", json={"rating": rating, "text": "Good work."})
        assert response.status_code == 201, response.text

    stats = assert_matches(guest.get(f"/api/customers/{customer.id}"), "GET", "/api/customers/{id}")["stats"]
    assert stats["orders_posted"] == 3 and stats["performers_selected"] == 2 and stats["orders_completed"] == 1
    assert stats["completion_rate"] == 0.5
    assert stats["rating"] == 5 and stats["review_count"] == 1
    assert stats["median_select_seconds"] is not None and 1800 <= stats["median_select_seconds"] <= 1900
    performer_stats = freelancer(guest, performer.id)["stats"]
    assert performer_stats == {"rating": 4, "review_count": 1, "completed_orders": 1, "repeat_customers": 0}
    # The order's detail carries the customer's figures.
    assert get_order(guest, first["id"])["customer_stats"] == stats

    # A second completed order with the same customer makes them a repeat customer.
    completed_order(customer, performer)
    assert freelancer(guest, performer.id)["stats"]["completed_orders"] == 2
    assert freelancer(guest, performer.id)["stats"]["repeat_customers"] == 1


def test_a_bid_marks_the_performer_active(people, artel):
    customer, performer = people(2)
    order = create_order(customer)
    place_bid(performer, order["id"])
    rows = artel.sql(f"SELECT active_at > now() - interval '1 minute' FROM profiles.freelancers "
                     f"WHERE user_id = {performer.id}")
    assert rows == [("t",)]


def test_the_search_document_follows_the_name(people, artel):
    person = people.one()
    save_profile(person, headline="Brand designer")
    word = token()
    response = person.patch("/api/user/profile", json={"name": word})
    assert response.status_code == 200, response.text
    rows = artel.sql(f"SELECT search @@ to_tsquery('russian', '{word}') FROM profiles.freelancers "
                     f"WHERE user_id = {person.id}")
    assert rows == [("t",)]
