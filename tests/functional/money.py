"""Shared helpers of the money tests (test_wallet, test_wallet_deals): an Idempotency-Key, a wallet's balances
and money in the wallet through the sandbox's checkout, each call checked against docs/api/openapi.yaml."""

from __future__ import annotations

import time
import uuid

from checks import assert_matches

TOPUPS = "/api/wallet/topups"


def key() -> str:
    """A fresh Idempotency-Key: every money-moving request takes one."""
    return str(uuid.uuid4())


def balances(person) -> dict[str, dict]:
    """The wallet's balances by currency."""
    body = assert_matches(person.get("/api/wallet"), "GET", "/api/wallet")
    return {item["currency"]: item for item in body["balances"]}


def top_up(person, amount: str = "10000.00", timeout: float = 15.0) -> None:
    """Money in the wallet through the sandbox's checkout (card 4242…), credited by its webhook."""
    created = assert_matches(person.post(TOPUPS, json={"amount": amount, "currency": "RUB"},
                                         headers={"Idempotency-Key": key()}), "POST", TOPUPS, 201)
    assert_matches(person.post(f"/api/wallet/sandbox/{created['id']}/pay", json={"card_number": "4242424242424242"}),
                   "POST", "/api/wallet/sandbox/{id}/pay")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if person.get(f"{TOPUPS}/{created['id']}").json()["status"] == "succeeded":
            return
        time.sleep(0.1)
    raise AssertionError("the top-up was not credited")
