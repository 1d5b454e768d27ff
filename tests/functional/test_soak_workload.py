"""The soak's workload (tests/soak/soak.py, `make soak`) against the session's server: every action it mixes
succeeds as the soak expects, every message reaches the recipient's socket exactly once, and a burst of sockets
opens and closes. So an API change that would make the long soak fail is caught here, in seconds; the soak's
memory and descriptor bounds are measured on the release build by `make soak` only."""

from __future__ import annotations

import sys
import threading

from conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tests" / "soak"))
import soak  # noqa: E402


def test_every_action_of_the_soak_succeeds_and_every_message_arrives_once(artel):
    stats = soak.Stats()
    pairs, guests, ws_url = soak.setup(artel, stats, pairs_count=1)
    stop = threading.Event()
    try:
        soak.start_listeners(pairs, stop, stats)
        workload = soak.Workload(artel, stats, pairs, guests)
        for action, _ in workload.actions:
            for _ in range(3):
                workload.run(action)
        _, actions, failures, _ = stats.take()
        assert not failures, failures
        assert {name: count for name, count in actions.items()} == {a.__name__: 3 for a, _ in workload.actions}
        assert len(workload.sent) == 6, "3 chat messages and 3 with an uploaded image"
        assert workload.bid_on, "the performer bid on one of the orders"
        assert not soak.check_delivery(workload, pairs)

        figures = soak.burst(artel, ws_url, stats, count=20, hold=0, settle=0)
        assert figures["burst_sockets"] == 20 and not stats.all_failures, stats.all_failures
    finally:
        stop.set()
        soak.close(pairs, guests)
