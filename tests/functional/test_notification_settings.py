"""Notification settings (issue 25) over HTTP against docs/api/openapi.yaml: the registry's groups and defaults,
saving intervals, time zone and quiet hours, validation, the confirmed-e-mail rule, owner-only access, the site
channel's `never` suppressing the in-app row, and an immediate e-mail with RFC 8058 one-click unsubscribe."""

import json
import urllib.parse

import pytest
import requests

from checks import assert_error, assert_matches, error_fields, field_errors
from conftest import REPO_ROOT, create_users
from marketplace import People, create_order, notification_kinds, place_bid

TEMPLATE = "/api/users/{id}/notification-settings"
INTERVALS = ["never", "immediately", "hourly", "daily", "weekly", "monthly"]
_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "notifications.json").read_text()) for lang in ("en", "ru")}


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=8, ru=2)
    yield made
    made.close()


def settings_of(person) -> dict:
    return assert_matches(person.get(f"/api/users/{person.id}/notification-settings"), "GET", TEMPLATE)


def put(person, body: dict, user_id: int | None = None) -> requests.Response:
    return person.client.put(f"/api/users/{user_id or person.id}/notification-settings", json=body)


def kind_of(settings: dict, kind: str) -> dict:
    for group in settings["groups"]:
        for item in group["kinds"]:
            if item["kind"] == kind:
                return item
    raise AssertionError(f"no kind {kind} in {settings}")


def body(**overrides) -> dict:
    base = {"time_zone": "UTC", "quiet_hours": None, "preferences": []}
    base.update(overrides)
    return base


def test_defaults_come_from_the_registry(people):
    person = people.one()
    settings = settings_of(person)
    assert settings["email_verified"] is True
    assert settings["time_zone"] == "UTC" and settings["quiet_hours"] is None
    groups = [g["group"] for g in settings["groups"]]
    assert groups == [g for g in ["orders", "deals", "messages", "jobs", "articles", "account"] if g in groups]
    assert {"orders", "deals", "jobs", "articles"} <= set(groups)
    kinds = [k for g in settings["groups"] for k in g["kinds"]]
    assert len(kinds) == len({k["kind"] for k in kinds}) >= 19, "every registered kind, once"
    for item in kinds:
        # Each kind's label and description exist in both languages: the page renders them by key.
        for lang in ("en", "ru"):
            texts = _I18N[lang]["kinds"][item["kind"]]
            assert texts["label"] and texts["description"]
        assert item["label_key"] == f"notifications:kinds.{item['kind']}.label"
        assert item["site"] == item["defaults"]["site"] and item["email"] == item["defaults"]["email"]
    bid = kind_of(settings, "bid_received")
    assert bid["defaults"] == {"site": "immediately", "email": "immediately"} and bid["locked"] is False
    assert kind_of(settings, "article_comment")["defaults"]["email"] == "daily"


def test_save_and_read_back(people):
    person = people.one()
    saved = assert_matches(put(person, body(
        time_zone="Europe/Moscow", quiet_hours={"from": "22:30", "to": "07:00"},
        preferences=[{"kind": "bid_received", "site": "never", "email": "weekly"},
                     {"kind": "vacancy_archived", "email": "monthly"},
                     {"kind": "article_comment", "site": "hourly"}])), "PUT", TEMPLATE)
    again = settings_of(person)
    assert saved == again
    assert again["time_zone"] == "Europe/Moscow" and again["quiet_hours"] == {"from": "22:30", "to": "07:00"}
    assert (kind_of(again, "bid_received")["site"], kind_of(again, "bid_received")["email"]) == ("never", "weekly")
    assert kind_of(again, "vacancy_archived")["email"] == "monthly"
    assert kind_of(again, "vacancy_archived")["site"] == "immediately", "an absent channel stays as it was"
    assert kind_of(again, "article_comment")["site"] == "hourly"

    # Back to a default: the choice is forgotten; quiet hours cleared.
    assert_matches(put(person, body(time_zone="Asia/Almaty",
                                    preferences=[{"kind": "bid_received", "site": "immediately"}])), "PUT", TEMPLATE)
    after = settings_of(person)
    assert kind_of(after, "bid_received")["site"] == "immediately"
    assert kind_of(after, "bid_received")["email"] == "weekly"
    assert after["quiet_hours"] is None and after["time_zone"] == "Asia/Almaty"
    stored = people.artel.sql(f"SELECT kind, channel FROM notifications.preferences WHERE user_id = {person.id} "
                              "ORDER BY kind, channel")
    assert ("bid_received", "site") not in stored and ("bid_received", "email") in stored


@pytest.fixture(scope="module")
def chooser(people):
    return people.one()


@pytest.mark.parametrize("interval", INTERVALS)
def test_every_interval_of_spec_section_9_is_stored(chooser, interval):
    person = chooser
    assert_matches(put(person, body(preferences=[{"kind": "bid_selected", "site": interval, "email": interval}])),
                   "PUT", TEMPLATE)
    item = kind_of(settings_of(person), "bid_selected")
    assert item["site"] == interval and item["email"] == interval


def test_validation_refuses_everything_at_once_and_stores_nothing(people):
    person = people.one("ru")
    before = settings_of(person)
    response = put(person, body(time_zone="Mars/Olympus", quiet_hours={"from": "25:00", "to": "7:00"},
                                preferences=[{"kind": "no_such_kind", "site": "never"},
                                             {"kind": "bid_received", "site": "sometimes"}]))
    # The contract's checks answer first (an object item's field is named with its index, as the page shows it)...
    assert error_fields(response) == {"quiet_hours.from", "quiet_hours.to", "preferences.1.site"}
    assert field_errors(response, "quiet_hours.from") == [_I18N["ru"]["time_invalid"]]
    # ...then, with a valid shape, the service's own rules, each at its entry.
    response = put(person, body(time_zone="Mars/Olympus", quiet_hours={"from": "22:00", "to": "22:00"},
                                preferences=[{"kind": "no_such_kind", "site": "never"}]))
    assert error_fields(response) == {"time_zone", "quiet_hours.to", "preferences.0.kind"}
    assert field_errors(response, "time_zone") == [_I18N["ru"]["time_zone_unknown"]]
    assert field_errors(response, "preferences.0.kind") == [_I18N["ru"]["kind_unknown"]]
    assert field_errors(response, "quiet_hours.to") == [_I18N["ru"]["quiet_hours_empty"]]
    assert settings_of(person) == before, "nothing stored"
    # A zone PostgreSQL knows, spelt exactly.
    assert "time_zone" in error_fields(put(person, body(time_zone="europe/moscow")))
    assert_matches(put(person, body(time_zone="America/Argentina/Buenos_Aires")), "PUT", TEMPLATE)


def test_email_intervals_need_a_confirmed_email(artel, people):
    clients = []
    [(client, info, _, _)] = create_users(artel, 1, "ru", verified=False, clients=clients)
    try:
        url = f"/api/users/{info['id']}/notification-settings"
        settings = assert_matches(client.get(url), "GET", TEMPLATE)
        assert settings["email_verified"] is False
        response = client.put(url, json=body(preferences=[{"kind": "bid_received", "email": "daily"}]))
        assert field_errors(response, "preferences.0.email") == [_I18N["ru"]["email_unconfirmed"]]
        # The site channel and "never" by e-mail are fine without one.
        response = client.put(url, json=body(preferences=[{"kind": "bid_received", "site": "daily", "email": "never"}]))
        item = kind_of(assert_matches(response, "PUT", TEMPLATE), "bid_received")
        assert (item["site"], item["email"]) == ("daily", "never")
    finally:
        for c in clients:
            c.close()


def test_only_the_owner_reads_and_saves(people):
    owner, other = people(2)
    guest = people.guest()
    assert_error(guest.get(f"/api/users/{owner.id}/notification-settings"), 401)
    assert_error(guest.put(f"/api/users/{owner.id}/notification-settings", json=body()), (401, 419))
    response = other.get(f"/api/users/{owner.id}/notification-settings")
    assert assert_error(response, 403)["message"] == _I18N["en"]["settings_not_yours"]
    assert_error(put(other, body(time_zone="Europe/Paris"), user_id=owner.id), 403)
    assert settings_of(owner)["time_zone"] == "UTC"


def test_site_never_suppresses_the_in_app_notification(people):
    quiet, loud, performer = people(3)
    assert_matches(put(quiet, body(preferences=[{"kind": "bid_received", "site": "never"}])), "PUT", TEMPLATE)
    quiet_order = create_order(quiet)
    loud_order = create_order(loud)
    place_bid(performer, quiet_order["id"])
    place_bid(performer, loud_order["id"])
    assert "bid_received" not in notification_kinds(quiet, quiet_order["id"])
    assert "bid_received" in notification_kinds(loud, loud_order["id"])


def unsubscribe_url(mail) -> str:
    header = str(mail["List-Unsubscribe"])
    assert header.startswith("<") and header.endswith(">"), header
    return header[1:-1]


def one_click(url: str) -> requests.Response:
    # As a mail client posts it (RFC 8058): no session, no X-Requested-With, no XSRF token.
    with requests.Session() as session:
        session.trust_env = False
        return session.post(url, data={"List-Unsubscribe": "One-Click"}, timeout=30)


def outbox_count(artel, email: str) -> int:
    return int(artel.sql(f"SELECT count(*) FROM mail.outbox WHERE recipient = '{email}' "
                         "AND template = 'notifications:mail.notification'")[0][0])


def test_an_immediate_email_carries_one_click_unsubscribe(artel, people):
    customer = people.one("ru")
    performer = people.one()
    order = create_order(customer, name="Логотип для кофейни на Арбате")
    place_bid(performer, order["id"])
    mail = artel.wait_for_mail(customer.email)
    assert _I18N["ru"]["kinds"]["bid_received"]["label"] in str(mail["Subject"])
    assert "Логотип для кофейни" in str(mail["Subject"])
    assert str(mail["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
    url = unsubscribe_url(mail)
    parts = urllib.parse.urlsplit(url)
    assert parts.path == "/api/notifications/unsubscribe"
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    assert token.startswith(f"{customer.id}.bid_received.email.")
    text = mail.get_body(("plain",)).get_content()
    assert f"/ru/order/{order['id']}" in text, "the button links to the order"
    assert f"/ru/unsubscribe?token={token}" in text, "and the footer to the confirmation page"

    # Forged: another user's id under this signature, another kind, a changed signature.
    victim = people.one()
    signature = token.rsplit(".", 1)[1]
    base = f"{parts.scheme}://{parts.netloc}{parts.path}?token="
    for forged in (f"{victim.id}.bid_received.email.{signature}", f"{customer.id}.bid_selected.email.{signature}",
                   token[:-2] + ("AA" if not token.endswith("AA") else "BB")):
        body_ = assert_error(one_click(base + urllib.parse.quote(forged)), 400)
        assert body_["message"] == _I18N["en"]["unsubscribe_invalid"]
    assert kind_of(settings_of(victim), "bid_received")["email"] == "immediately"
    assert kind_of(settings_of(customer), "bid_received")["email"] == "immediately"

    answer = assert_matches(one_click(url), "POST", "/api/notifications/unsubscribe")
    assert answer == {"kinds": [{"kind": "bid_received", "label_key": "notifications:kinds.bid_received.label"}],
                      "channel": "email"}
    assert kind_of(settings_of(customer), "bid_received")["email"] == "never"
    assert_matches(one_click(url), "POST", "/api/notifications/unsubscribe")  # again: nothing more changes

    before = outbox_count(artel, customer.email)
    place_bid(people.one(), order["id"])
    assert outbox_count(artel, customer.email) == before, "no mail after unsubscribing"
    assert notification_kinds(customer, order["id"]).count("bid_received") == 2, "still on the site"
