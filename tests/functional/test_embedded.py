"""The embedded PostgreSQL has one owner and keeps it (issue 14, finding 5): `database.embedded_dir` follows
`data_dir` by default, so a second server with its own data_dir gets its own cluster; a second process on the same
cluster (`artel create-admin` while serve runs) attaches without owning it and leaves it running; and the owner
starts its PostgreSQL again when it dies (kill -9), so serve answers again without a restart."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest
import requests

from conftest import REPO_ROOT, run_artel

# The harness pins ARTEL_DATABASE_EMBEDDED_DIR; these servers rely on the default instead.
DEFAULT_CLUSTER = ("ARTEL_DATABASE_EMBEDDED_DIR",)
RECOVERY_SECONDS = 30


def ready(server) -> bool:
    try:
        return requests.get(server.url + "/readyz", timeout=5).status_code == 200
    except requests.RequestException:
        return False


def wait_until_ready(server, seconds: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if ready(server):
            return time.monotonic() - started
        time.sleep(0.2)
    pytest.fail(f"{server.url} not ready within {seconds}s\n{server.log_tail()}", pytrace=False)


@pytest.fixture(scope="module")
def owner(mail_sink):
    with run_artel(mail_sink, without=DEFAULT_CLUSTER) as server:
        yield server


def test_a_second_server_with_its_own_data_dir_gets_its_own_cluster(owner, mail_sink):
    assert (owner.data_dir / "pgdata" / "PG_VERSION").exists(), "the cluster follows data_dir"
    pid = owner.postmaster_pid()
    with run_artel(mail_sink, without=DEFAULT_CLUSTER) as second:
        assert (second.data_dir / "pgdata" / "PG_VERSION").exists()
        assert second.postmaster_pid() != pid
        assert ready(second) and ready(owner)
    # The second server stopped its own cluster on exit, not ours.
    assert owner.postmaster_pid() == pid
    assert ready(owner)
    assert requests.get(owner.url + "/api/ping", headers={"X-Requested-With": "XMLHttpRequest"},
                        timeout=5).status_code == 200


def test_create_admin_while_serve_runs_attaches_and_leaves_it_running(owner):
    pid = owner.postmaster_pid()
    command = [str(owner.binary), "create-admin", "--email", "second-admin@test.local", "--password",
               "Admin#54321", "--name", "Second"]
    result = subprocess.run(command, cwd=REPO_ROOT, env=owner.env, stdin=subprocess.DEVNULL, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "attaching" in result.stdout + result.stderr, result.stdout + result.stderr
    assert owner.postmaster_pid() == pid, "create-admin restarted the cluster"
    for _ in range(10):
        assert ready(owner), owner.log_tail()
        time.sleep(0.1)
    rows = owner.sql("SELECT count(*) FROM identity.users WHERE email = 'second-admin@test.local'")
    assert rows == [("1",)]


def test_the_owner_restarts_a_killed_postgres(owner):
    pid = owner.postmaster_pid()
    os.kill(pid, signal.SIGKILL)
    started = time.monotonic()
    # Until the watchdog acts, postmaster.pid still names the killed process (or is being rewritten).
    while time.monotonic() - started < RECOVERY_SECONDS:
        try:
            if owner.postmaster_pid() != pid:
                break
        except (FileNotFoundError, IndexError, ValueError):
            pass
        time.sleep(0.2)
    else:
        pytest.fail(f"no new postmaster within {RECOVERY_SECONDS}s\n{owner.log_tail()}", pytrace=False)
    waited = wait_until_ready(owner, RECOVERY_SECONDS)
    assert "is gone; starting it again" in owner.log_text()
    # Requests that need the database work again (the pool reconnected), without restarting artel.
    deadline = time.monotonic() + 10
    while True:
        rows = owner.sql("SELECT 1")
        response = requests.get(owner.url + "/api/user/info", headers={"X-Requested-With": "XMLHttpRequest"},
                                timeout=10)
        if response.status_code == 200 or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert rows == [("1",)] and response.status_code == 200, (response.status_code, response.text, waited)
    assert owner.process.poll() is None, "artel itself kept running"
