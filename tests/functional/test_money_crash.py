"""Money survives a crash (issue 24; the brief: "money is never lost or duplicated, even when a request is retried
or the process is killed"). Customers move money in the safe deal concurrently (fund two milestones, accept a
delivered one: a hold taken, a hold posted with the fee), the process and its PostgreSQL are killed with SIGKILL
in the middle of it (a power cut), artel starts again on the same data, and every client retries its requests
with the same Idempotency-Key. Then each movement happened exactly once: the balances are what the steps say,
and the ledger holds together (every account's balance and held amount is the sum of its entries and its open
holds, the accounts of a currency sum to zero, one transfer per posted hold).

A private server, because the test kills it."""

from __future__ import annotations

import os
import pathlib
import random
import signal
import threading
import time

import pytest
import requests

from checks import assert_matches
from conftest import run_artel
from marketplace import People, order_in_progress
from money import balances, key, top_up

MILESTONE = "/api/deals/milestones/{id}/"
PAIRS = 4


@pytest.fixture(scope="module")
def server(mail_sink):
    with run_artel(mail_sink) as started:
        yield started


def added(person, order_id: int, amount: str, title: str) -> dict:
    response = person.post(f"/api/orders/{order_id}/deal/milestones",
                           json={"title": title, "amount": amount, "currency": "RUB"})
    return assert_matches(response, "POST", "/api/orders/{id}/deal/milestones", 201)["milestones"][-1]


def power_cut(server) -> None:
    """SIGKILL to artel's process group and to its PostgreSQL: nothing shuts down cleanly."""
    postmaster = server.postmaster_pid()
    os.killpg(server.process.pid, signal.SIGKILL)
    server.process.wait(timeout=10)
    try:
        os.kill(postmaster, signal.SIGKILL)
    except ProcessLookupError:
        pass
    # Gone for good, as after a reboot: this machine's init reaps an orphan's zombie late, and while it is
    # there a new postmaster would take the old one for alive.
    deadline = time.monotonic() + 60
    while pathlib.Path(f"/proc/{postmaster}").exists():
        if time.monotonic() > deadline:
            raise AssertionError(f"the postmaster {postmaster} was not reaped within 60 s of SIGKILL")
        time.sleep(0.05)


def until_answered(send, timeout: float = 90) -> requests.Response:
    """`send()` again until the server (down or starting) answers below 500."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            response = send()
            if response.status_code < 500:
                return response
        except requests.RequestException:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"not answered within {timeout} s")
        time.sleep(0.2)


def until_done(person, path: str, idempotency_key: str, timeout: float = 90) -> requests.Response:
    """The request, sent again with the same key until the server answers it (it may be down or starting)."""
    return until_answered(lambda: person.post(path, headers={"Idempotency-Key": idempotency_key}, timeout=10),
                          timeout)


def test_a_power_cut_in_the_middle_of_deals_loses_and_doubles_nothing(server):
    people = People(server, en=PAIRS * 2)
    try:
        plans = []
        for _ in range(PAIRS):
            customer, performer = people.one(), people.one()
            order, _ = order_in_progress(customer, performer, payment_option="safe_deal")
            top_up(customer, "10000.00")
            first = added(customer, order["id"], "1000.00", "Design")
            second = added(customer, order["id"], "2000.00", "Layout")
            third = added(customer, order["id"], "3000.00", "Development")
            # The first is funded and delivered before the cut; it is accepted during it.
            funded = customer.post(MILESTONE.format(id=first["id"]) + "fund", headers={"Idempotency-Key": key()})
            assert funded.status_code == 200, funded.text
            delivered = performer.post(MILESTONE.format(id=first["id"]) + "deliver", json={"message": "Done"})
            assert delivered.status_code == 200, delivered.text
            steps = [(MILESTONE.format(id=first["id"]) + "accept", key()),
                     (MILESTONE.format(id=second["id"]) + "fund", key()),
                     (MILESTONE.format(id=third["id"]) + "fund", key())]
            plans.append((customer, performer, steps))

        # Every step at once, and the power cut while they are in flight.
        first_answers: dict[str, int | None] = {}

        def send(person, path: str, idempotency_key: str) -> None:
            try:
                first_answers[idempotency_key] = person.post(
                    path, headers={"Idempotency-Key": idempotency_key}, timeout=10).status_code
            except requests.RequestException:
                first_answers[idempotency_key] = None  # cut off: the client does not know what happened

        threads = [threading.Thread(target=send, args=(customer, path, k))
                   for customer, _, steps in plans for path, k in steps]
        for thread in threads:
            thread.start()
        time.sleep(random.uniform(0.02, 0.15))
        power_cut(server)
        for thread in threads:
            thread.join(timeout=30)
        server.start()

        # Every client retries every step with its key, in a new order: each is done exactly once.
        retries = [(customer, path, k) for customer, _, steps in plans for path, k in steps]
        random.shuffle(retries)
        for customer, path, k in retries:
            response = until_done(customer, path, k)
            assert response.status_code == 200, f"{path} after the cut: {response.status_code} {response.text}"
            again = until_done(customer, path, k)
            assert again.status_code == 200 and again.json() == response.json(), "a retry answers the first answer"

        for customer, performer, _ in plans:
            # 10 000 in; 1 000 released, 2 000 and 3 000 on hold; the performer has 1 000 minus the 10 % fee.
            assert balances(customer)["RUB"] == {"currency": "RUB", "available": "4000.00", "on_hold": "5000.00"}
            assert balances(performer)["RUB"]["available"] == "900.00"

        ledger_holds_together(server)
        print(f"\nfirst answers before the cut: {sorted(str(v) for v in first_answers.values())}")
    finally:
        people.close()


def ledger_holds_together(server) -> None:
    drift = server.sql("""
        SELECT a.id, a.kind, a.balance, a.held,
               coalesce((SELECT sum(amount) FROM wallet.transfers WHERE credit_account = a.id), 0)
             - coalesce((SELECT sum(amount) FROM wallet.transfers WHERE debit_account = a.id), 0),
               coalesce((SELECT sum(h.amount) FROM wallet.holds h
                          WHERE h.debit_account = a.id
                            AND NOT EXISTS (SELECT 1 FROM wallet.hold_resolutions r WHERE r.hold_id = h.id)), 0)
          FROM wallet.accounts a""")
    assert drift, "no accounts"
    for account, kind, balance, held, entries, open_holds in drift:
        assert (balance, held) == (entries, open_holds), f"account {account} ({kind}) drifted from its entries"
    totals = server.sql("SELECT currency, sum(balance) FROM wallet.accounts GROUP BY currency")
    assert all(total == "0" for _, total in totals), f"the accounts of a currency do not sum to zero: {totals}"
    doubled = server.sql("""
        SELECT r.hold_id FROM wallet.hold_resolutions r
         WHERE r.outcome = 'posted'
           AND (SELECT count(*) FROM wallet.transfers t WHERE t.hold_id = r.hold_id) <> 1""")
    assert doubled == [], f"holds posted other than once: {doubled}"
    per_milestone = server.sql("""
        SELECT reference, count(*) FROM wallet.holds GROUP BY reference HAVING count(*) > 1""")
    assert per_milestone == [], f"a milestone funded twice: {per_milestone}"
