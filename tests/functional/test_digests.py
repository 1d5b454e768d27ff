"""E-mail digests (issue 25) through the real binary: a user whose e-mail interval for a kind is daily gets one
digest at their local morning with what waited, in their language, with RFC 8058 headers — and only once."""

import datetime
import email.header
import zoneinfo

import pytest
import requests

from conftest import create_users

pytestmark = pytest.mark.fast_jobs

# The job's clock is the real one: pick a zone where it is now between 10:00 and 20:00, after the morning.
_ZONES = ["UTC", "Europe/Moscow", "Asia/Tokyo", "America/New_York", "Pacific/Auckland", "America/Los_Angeles",
          "Asia/Kolkata", "Europe/Berlin"]


def daytime_zone() -> str:
    now = datetime.datetime.now(datetime.timezone.utc)
    for name in _ZONES:
        if 10 <= now.astimezone(zoneinfo.ZoneInfo(name)).hour < 20:
            return name
    raise AssertionError("no daytime zone in the list")


def text_of(message) -> str:
    return "\n".join(part.get_content() for part in message.walk() if part.get_content_type() == "text/plain")


def subject_of(message) -> str:
    return str(email.header.make_header(email.header.decode_header(message["Subject"])))


@pytest.mark.parametrize("lang,summary,period", [("en", "2 new notifications", "daily"),
                                                 ("ru", "2 новых уведомления", "раз в день")])
def test_a_daily_digest_lands_once_in_the_users_language(artel, lang, summary, period):
    ((client, info, address, _),) = create_users(artel, 1, lang=lang)
    user_id = info["id"]
    response = client.put(f"/api/users/{user_id}/notification-settings", json={
        "time_zone": daytime_zone(), "quiet_hours": None,
        "preferences": [{"kind": "bid_received", "email": "daily"}, {"kind": "deal_funded", "email": "daily"}]})
    assert response.status_code == 200, response.text
    # Two notifications of two kinds written before this morning (as if two days ago), waiting for the digest. One
    # statement: the job runs every second, and a round between two inserts would mail the first one alone.
    rows = ", ".join(
        f"({user_id}, '{kind}', jsonb_build_object('order_id', {order_id}, 'order_name', '{name}'), "
        "now() - interval '2 days', NULL)"
        for order_id, name, kind in ((901, "Logo for a bakery", "bid_received"), (902, "Перевод сайта", "deal_funded")))
    artel.sql(f"INSERT INTO notifications.notifications (user_id, kind, payload, created_at, digested_at) VALUES {rows}")
    message = artel.wait_for_mail(address, timeout=20)
    subject = subject_of(message)
    assert summary in subject and period in subject, subject
    body = text_of(message)
    assert "Logo for a bakery" in body and "Перевод сайта" in body, body
    assert f"{artel.url}/{lang}/order/901" in body, body
    assert message["List-Unsubscribe"].startswith(f"<{artel.url}/api/notifications/unsubscribe?token={user_id}.")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # One click stops the digest: every kind that was in it goes to never by e-mail, nothing else changes.
    with requests.Session() as session:
        session.trust_env = False
        answer = session.post(str(message["List-Unsubscribe"])[1:-1], data={"List-Unsubscribe": "One-Click"},
                              timeout=30)
    assert answer.status_code == 200, answer.text
    assert [item["kind"] for item in answer.json()["kinds"]] == ["bid_received", "deal_funded"]
    groups = client.get(f"/api/users/{user_id}/notification-settings").json()["groups"]
    settings = {item["kind"]: item for group in groups for item in group["kinds"]}
    assert settings["bid_received"]["email"] == "never" and settings["deal_funded"]["email"] == "never"
    assert settings["bid_received"]["site"] != "never", "the site channel is another list"
    rows = artel.sql(f"SELECT count(*) FROM notifications.notifications WHERE user_id = {user_id} "
                     "AND digested_at IS NULL")
    assert rows[0][0] == "0"
    # Rounds keep running every second: the same period is never mailed again.
    with pytest.raises(AssertionError):
        artel.wait_for_mail(address, timeout=3)
