"""Rate limits the contract declares (`x-rate-limit` on an operation), as a client meets them on the real binary: a
user's calls are counted in the store every instance shares (platform.rate_limits), the one past the limit is 429
with Retry-After and a localized message and changes nothing, other users keep their own counts, and
`rate_limits.<operationId>` in the settings changes the limit. The server runs with `startChat` limited to 2 an hour
per user (its contract says 60)."""

from __future__ import annotations

import pytest

from checks import assert_error, assert_matches
from conftest import ApiClient, run_artel
from marketplace import People


@pytest.fixture(scope="module")
def artel(mail_sink):
    # The shared servers lift the limits (conftest.py); this one keeps them, with startChat's lowered.
    with run_artel(mail_sink, {"ARTEL_RATE_LIMITS_ENFORCE": "true", "ARTEL_RATE_LIMITS_STARTCHAT": "2"}) as server:
        yield server


@pytest.fixture(scope="module")
def people(artel):
    group = People(artel, en=3, ru=2)
    yield group
    for client in group.clients:
        client.close()


def start(person, other):
    return person.post("/api/chats", json={"user_id": other.id})


def test_the_call_past_a_users_limit_is_429_changes_nothing_and_leaves_others_their_own(artel, people):
    [sender] = people(1, "ru")
    first, second, third = people(3, "en")
    for other in (first, second):
        response = start(sender, other)
        assert_matches(response, "POST", "/api/chats", response.status_code)
    refused = start(sender, third)
    assert_error(refused, 429, "RateLimited")
    retry_after = int(refused.headers["Retry-After"])
    assert 0 < retry_after <= 3600, refused.headers
    assert "Слишком много попыток" in refused.json()["message"], refused.json()
    chats = assert_matches(sender.get("/api/chats"), "GET", "/api/chats")
    assert sorted(chat["user"]["id"] for chat in chats["items"]) == sorted([first.id, second.id])

    # Another user behind the same address has a count of their own.
    response = start(third, sender)
    assert_matches(response, "POST", "/api/chats", response.status_code)
    rows = artel.sql("SELECT key, hits FROM platform.rate_limits WHERE key LIKE 'op:startChat:%' ORDER BY key")
    counts = {key: int(hits) for key, hits in rows}
    assert counts[f"op:startChat:u{sender.id}"] == 3, counts
    assert counts[f"op:startChat:u{third.id}"] == 1, counts


def test_a_refused_call_is_refused_before_it_counts(artel, people):
    # A call that fails its access check (no session) is not counted against anybody.
    [person] = people(1, "ru")
    before = artel.sql("SELECT count(*) FROM platform.rate_limits WHERE key LIKE 'op:startChat:%'")
    guest = ApiClient(artel.url, "en")
    try:
        assert_error(guest.post("/api/chats", json={"user_id": person.id}), 401, "Unauthenticated")
    finally:
        guest.close()
    assert artel.sql("SELECT count(*) FROM platform.rate_limits WHERE key LIKE 'op:startChat:%'") == before
