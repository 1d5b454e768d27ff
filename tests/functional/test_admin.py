"""The admin panel (libs/admin) and blocking (libs/identity): every /api/admin/ operation of every module refuses
guests, ordinary users and impersonating admins without changing anything; blocking ends sessions and sign-in;
the users list and the audit log."""

import json
import pathlib
import re
import urllib.parse

import pytest
import requests

from checks import assert_error, assert_matches, openapi
from conftest import api_login, login, png_bytes, strong_password

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
_I18N = {lang: {ns: json.loads((REPO_ROOT / "i18n" / lang / f"{ns}.json").read_text(encoding="utf-8"))
                for ns in ("auth", "admin")} for lang in ("en", "ru")}
HTTP_METHODS = ("get", "put", "post", "delete", "patch")
# Platform bookkeeping that any request may move (job rounds, rate-limit windows) is not data.
SKIPPED_TABLES = {("platform", "job_rounds"), ("platform", "rate_limits")}
# The authenticator slides a session's last_seen_at/expires_at once a minute: not a change by the caller.
TABLE_EXPRESSIONS = {("identity", "sessions"): "(t.id, t.user_id, t.impersonator_id, t.revoked_at, t.token_hash)"}


def text(lang: str, key: str) -> str:
    namespace, _, path = key.partition(":")
    value = _I18N[lang][namespace]
    for part in path.split("."):
        value = value[part]
    return value


def admin_operations() -> list[tuple[str, str]]:
    """Every documented (method, path template) under /api/admin/ — of every module, whoever added it."""
    operations = []
    for template, item in openapi()["paths"].items():
        if not template.startswith("/api/admin/"):
            continue
        for method in HTTP_METHODS:
            if method in item:
                operations.append((method, template))
    return operations


def concrete(template: str) -> str:
    """A path of the template: numbers for ids and versions, `en` for languages, a word for codes."""
    def value(match: re.Match) -> str:
        name = match.group(1)
        if name == "lang":
            return "en"
        if name in ("code", "kind", "key", "action"):
            return "about"
        return "1"
    return re.sub(r"\{([a-z_]+)\}", value, template)


def call(client, method: str, template: str) -> requests.Response:
    path = concrete(template)
    item = openapi()["paths"][template][method]
    content = item.get("requestBody", {}).get("content", {})
    if "application/octet-stream" in content:
        return client.request(method, path, data=png_bytes(), headers={"Content-Type": "application/octet-stream"})
    if method in ("get", "delete"):
        return client.request(method, path)
    return client.request(method, path, json={})


def snapshot(artel) -> dict[str, str]:
    """Every table's row count and an md5 of its rows, in every schema but PostgreSQL's own."""
    tables = artel.sql("SELECT table_schema, table_name FROM information_schema.tables "
                       "WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') "
                       "ORDER BY 1, 2")
    parts = []
    for schema, table in tables:
        if (schema, table) in SKIPPED_TABLES:
            continue
        expression = TABLE_EXPRESSIONS.get((schema, table), "t")
        parts.append(f"SELECT '{schema}.{table}', count(*)::text || ':' || "
                     f"coalesce(md5(string_agg({expression}::text, '|' ORDER BY {expression}::text)), '') "
                     f"FROM \"{schema}\".\"{table}\" t")
    rows = artel.sql(" UNION ALL ".join(parts))
    assert len(rows) == len(parts) and len(rows) > 20, rows
    return dict(rows)


@pytest.fixture
def impersonating_admin(artel, new_client, make_user):
    """An admin's client acting as an ordinary user."""
    _, info, _, _ = make_user()
    client = new_client()
    assert login(client, artel.admin_email, artel.admin_password).status_code == 200
    response = client.post(f"/api/admin/users/{info['id']}/impersonate", json={})
    assert response.status_code == 200, response.text
    acting = client.get("/api/user/info").json()
    assert acting["impersonated"] is True
    return client


def test_every_admin_endpoint_refuses_guests_users_and_impersonating_admins(artel, new_client, make_user,
                                                                              impersonating_admin):
    operations = admin_operations()
    # Admin's own, impersonation, and other modules' admin endpoints are all in the list.
    assert ("get", "/api/admin/users") in operations and ("post", "/api/admin/users/{id}/block") in operations
    assert ("post", "/api/admin/users/{id}/impersonate") in operations
    guest = new_client()
    guest.get("/api/user/info")  # the XSRF cookie, so unsafe methods reach the access check
    user, _, _, _ = make_user()
    before = snapshot(artel)
    for method, template in operations:
        where = f"{method.upper()} {template}"
        response = call(guest, method, template)
        assert response.status_code == 401, f"guest {where}: {response.status_code} {response.text}"
        assert_error(response, 401, "Unauthenticated")
        for who, client in (("user", user), ("impersonating admin", impersonating_admin)):
            response = call(client, method, template)
            assert response.status_code == 403, f"{who} {where}: {response.status_code} {response.text}"
            assert_error(response, 403, "Forbidden")
    assert snapshot(artel) == before


def blocked_message(lang: str) -> str:
    return text(lang, "auth:account_blocked")


def test_blocking_ends_sessions_and_sign_in_until_unblocked(artel, admin_client, make_user, new_client):
    client, info, email, password = make_user()
    second = new_client("ru")
    assert login(second, email, password).status_code == 200
    token = api_login(artel.url, email, password).json()["api_token"]
    user_id = info["id"]

    response = admin_client.post(f"/api/admin/users/{user_id}/block", json={"reason": "Spam in chats"})
    body = assert_matches(response, "POST", "/api/admin/users/{id}/block")
    admin_id = admin_client.get("/api/user/info").json()["id"]
    assert body["id"] == user_id and body["blocked"]["reason"] == "Spam in chats"
    assert body["blocked"]["by"]["id"] == admin_id

    # Every session ended: cookies and bearer tokens alike.
    assert "id" not in client.get("/api/user/info").json()
    assert "id" not in second.get("/api/user/info").json()
    bearer = requests.get(artel.url + "/api/user/info", timeout=10,
                          headers={"X-Requested-With": "XMLHttpRequest", "Authorization": f"Bearer {token}"})
    assert bearer.status_code == 401 or "id" not in bearer.json(), bearer.text
    assert artel.sql(f"SELECT count(*) FROM identity.sessions WHERE user_id = {user_id} "
                     "AND revoked_at IS NULL")[0][0] == "0"

    # Sign-in is refused in the caller's language (after a correct password only).
    for lang in ("en", "ru"):
        refused = assert_error(login(new_client(lang), email, password), 403, "Forbidden")
        assert refused["message"] == blocked_message(lang)
    wrong = login(new_client(), email, "Wrong#Password1")
    assert wrong.status_code == 422, wrong.text

    # Blocking twice is not a transition.
    assert_error(admin_client.post(f"/api/admin/users/{user_id}/block", json={"reason": "again"}), 409, "Conflict")

    # The password reset does not let them in either.
    guest = new_client()
    assert guest.post("/api/user/password/forgot", json={"email": email}).status_code in (200, 202, 204)
    link = artel.extract_link(artel.wait_for_mail(email))
    reset_token = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["token"][0]
    response = guest.post("/api/user/password/reset", json={"token": reset_token, "password": strong_password()})
    assert_error(response, 403, "Forbidden")

    response = admin_client.post(f"/api/admin/users/{user_id}/unblock", json={})
    assert assert_matches(response, "POST", "/api/admin/users/{id}/unblock")["blocked"] is None
    assert login(new_client(), email, password).status_code == 200
    assert_error(admin_client.post(f"/api/admin/users/{user_id}/unblock", json={}), 409, "Conflict")

    # The audit log has both, with before and after, newest first.
    audit = assert_matches(admin_client.get(f"/api/admin/audit?object_type=user&object_id={user_id}"),
                           "GET", "/api/admin/audit")["items"]
    actions = [entry["action"] for entry in audit]
    assert actions[:2] == ["users.unblock", "users.block"], actions
    unblock, block = audit[0], audit[1]
    assert block["actor"]["id"] == admin_id and block["impersonator"] is None
    assert block["before"] == {"blocked": None}
    assert block["after"]["blocked"]["reason"] == "Spam in chats" and block["after"]["sessions_revoked"] >= 3
    assert unblock["before"]["blocked"]["reason"] == "Spam in chats" and unblock["after"] == {"blocked": None}


def test_a_surviving_session_of_a_blocked_account_is_refused(artel, admin_client, make_user):
    client, info, _, _ = make_user()
    assert admin_client.post(f"/api/admin/users/{info['id']}/block", json={"reason": "Fraud"}).status_code == 200
    # Bring one session back to life in the database: the authenticator must still refuse it.
    artel.sql(f"UPDATE identity.sessions SET revoked_at = NULL WHERE user_id = {info['id']}")
    assert "id" not in client.get("/api/user/info").json()


def test_admins_and_oneself_cannot_be_blocked_and_reasons_are_checked(artel, admin_client, make_user):
    admin_id = admin_client.get("/api/user/info").json()["id"]
    for lang in ("en", "ru"):
        admin_client.raw.headers["Accept-Language"] = lang
        refused = assert_error(admin_client.post(f"/api/admin/users/{admin_id}/block", json={"reason": "Myself"}),
                               403, "Forbidden")
        assert refused["message"] == text(lang, "admin:self")
    admin_client.raw.headers["Accept-Language"] = "en"
    other_admin, info, _, _ = make_user()
    assert admin_client.put(f"/api/admin/users/{info['id']}/role", json={"role": 1}).status_code == 200
    refused = assert_error(admin_client.post(f"/api/admin/users/{info['id']}/block", json={"reason": "Nope"}),
                           403, "Forbidden")
    assert refused["message"] == text("en", "admin:target_admin")
    assert_error(admin_client.post(f"/api/admin/users/{info['id']}/block", json={"reason": "x"}), 422)
    assert_error(admin_client.post("/api/admin/users/999999999/unblock", json={}), 404, "NotFound")
    assert_error(admin_client.put(f"/api/admin/users/{admin_id}/role", json={"role": 0}), 403, "Forbidden")
    assert_error(admin_client.put(f"/api/admin/users/{info['id']}/role", json={"role": 5}), 422)


def test_role_change_is_audited(artel, admin_client, make_user):
    _, info, _, _ = make_user()
    body = assert_matches(admin_client.put(f"/api/admin/users/{info['id']}/role", json={"role": 1}),
                          "PUT", "/api/admin/users/{id}/role")
    assert body["role"] == 1
    assert admin_client.put(f"/api/admin/users/{info['id']}/role", json={"role": 0}).json()["role"] == 0
    audit = admin_client.get(f"/api/admin/audit?action=users.role&object_id={info['id']}").json()["items"]
    assert [(e["before"], e["after"]) for e in audit] == [({"role": 1}, {"role": 0}), ({"role": 0}, {"role": 1})]


def test_impersonation_is_in_the_audit_log(artel, admin_client, make_user):
    _, info, _, _ = make_user()
    assert admin_client.post(f"/api/admin/users/{info['id']}/impersonate", json={}).status_code == 200
    assert admin_client.post("/api/user/logout-impersonate", json={}).status_code == 200
    audit = admin_client.get(f"/api/admin/audit?object_type=user&object_id={info['id']}").json()["items"]
    actions = [entry["action"] for entry in audit]
    assert len([a for a in actions if "imperson" in a]) == 2, actions


def test_users_list_filters_and_pages(artel, admin_client, make_user):
    _, blocked, blocked_email, _ = make_user()
    _, plain, plain_email, _ = make_user()
    _, unverified, _, _ = make_user(verified=False)
    assert admin_client.post(f"/api/admin/users/{blocked['id']}/block", json={"reason": "Testing"}).status_code == 200

    def ids(query: str) -> list[int]:
        body = assert_matches(admin_client.get("/api/admin/users" + query), "GET", "/api/admin/users")
        return [user["id"] for user in body["items"]]

    assert ids(f"?q={plain_email}") == [plain["id"]]
    assert ids(f"?q={plain['id']}") == [plain["id"]]
    assert ids(f"?q={plain_email.upper()[:10]}") == [plain["id"]]
    assert ids("?q=%25%25%25no-such") == []
    assert blocked["id"] in ids("?status=blocked&limit=50") and plain["id"] not in ids("?status=blocked&limit=50")
    assert unverified["id"] in ids("?status=unverified") and plain["id"] not in ids("?status=unverified")
    assert all(u["role"] == 1 for u in admin_client.get("/api/admin/users?role=1").json()["items"])
    assert_error(admin_client.get("/api/admin/users?status=gone"), 422)
    assert_error(admin_client.get("/api/admin/users?cursor=zzz"), 422)

    for sort in ("created", "seen"):
        seen: list[int] = []
        cursor = None
        for _ in range(200):
            query = f"?sort={sort}&limit=2" + (f"&cursor={cursor}" if cursor else "")
            body = admin_client.get("/api/admin/users" + query).json()
            seen += [user["id"] for user in body["items"]]
            cursor = body["next_cursor"]
            if not cursor:
                break
        assert len(seen) == len(set(seen)), sort
        total = int(artel.sql("SELECT count(*) FROM identity.users")[0][0])
        assert len(seen) == total, sort
    newest = ids("?limit=3")
    assert newest == sorted(newest, reverse=True)


def test_user_page_and_dashboard(artel, admin_client, make_user, new_client):
    client, info, email, password = make_user()
    page = assert_matches(admin_client.get(f"/api/admin/users/{info['id']}"), "GET", "/api/admin/users/{id}")
    assert page["email"] == email and len(page["sessions"]) == 1 and page["sessions"][0]["impersonator"] is None
    assert page["counts"] == {"orders": 0, "bids": 0, "vacancies": 0, "resumes": 0, "articles": 0}
    assert_error(admin_client.get("/api/admin/users/999999999"), 404, "NotFound")
    dashboard = assert_matches(admin_client.get("/api/admin/dashboard"), "GET", "/api/admin/dashboard")
    total = int(artel.sql("SELECT count(*) FROM identity.users")[0][0])
    assert dashboard["users"]["total"] == total and dashboard["users"]["new_week"] >= 1
