"""Help and support (issue 13, libs/help): the FAQ in both languages and its search, the support form (guests
and users, e-mail required for guests, attachments, the rate limit with the shared-NAT rule, the mail through the
outbox), the admin's answers mailed to the sender, legal/info pages with every version kept (a stale edit → 409),
the admin endpoints closed to ordinary users, an audit row with before/after for every admin action, and
Markdown XSS vectors rendered inert."""

from __future__ import annotations

import html.parser
import json
import time
import uuid

import pytest

from checks import assert_error, assert_matches
from conftest import login, png_bytes

SUPPORT = "support@artel.local"


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def ticket(**fields) -> dict:
    body = {"topic": "payments", "subject": "Refund question", "message": "Where is my refund for the closed order?"}
    body.update(fields)
    return body


def mail_with(artel, to: str, needle: str, timeout: float = 10):
    """The mail to `to` whose subject contains `needle` (waiting for it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for message in artel.mails_to(to):
            if needle in str(message["subject"]):
                return message
        time.sleep(0.1)
    subjects = [str(m["subject"]) for m in artel.mails_to(to)]
    raise AssertionError(f"no mail to {to} with {needle!r} in the subject; got {subjects}")


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def audit_rows(artel, object_type: str, object_id: int) -> list[tuple[str, dict | None, dict | None]]:
    rows = artel.sql(f"SELECT action, coalesce(before::text, 'null'), coalesce(after::text, 'null') FROM platform.audit "
                     f"WHERE object_type = '{object_type}' AND object_id = {int(object_id)} ORDER BY id")
    return [(action, json.loads(before), json.loads(after)) for action, before, after in rows]


def create_category(admin, **fields) -> dict:
    body = {"code": unique("cat"), "name_en": "Payments test", "name_ru": "Оплата тест", "position": 5}
    body.update(fields)
    return assert_matches(admin.post("/api/admin/faq/categories", json=body), "POST", "/api/admin/faq/categories",
                          201)


def create_question(admin, category_id: int, **fields) -> dict:
    body = {"code": unique("q"), "category_id": category_id, "question_en": "How do refunds work?",
            "question_ru": "Как работает возврат денег?",
            "answer_en": "The deposit returns **at once** to the customer's wallet.",
            "answer_ru": "Депозит **сразу** возвращается в кошелёк заказчика после отмены заказа.", "position": 1}
    body.update(fields)
    return assert_matches(admin.post("/api/admin/faq/questions", json=body), "POST", "/api/admin/faq/questions", 201)


# ------------------------------------------------------------------------------------------------------ FAQ


def test_faq_reads_in_both_languages_and_searches_cyrillic_and_latin(admin_client, new_client):
    category = create_category(admin_client)
    first = create_question(admin_client, category["id"])
    second = create_question(admin_client, category["id"], question_en="Can I pay with a card?",
                             question_ru="Можно ли заплатить картой?", answer_en="Yes, bank cards and SBP.",
                             answer_ru="Да, банковскими картами и через СБП.", position=2)

    en, ru = new_client("en"), new_client("ru")
    index = assert_matches(en.get("/api/help/faq"), "GET", "/api/help/faq")
    (mine,) = [c for c in index["categories"] if c["id"] == category["id"]]
    assert mine["name"] == "Payments test"
    assert [q["question"] for q in mine["questions"]] == ["How do refunds work?", "Can I pay with a card?"]
    index = assert_matches(ru.get("/api/help/faq"), "GET", "/api/help/faq")
    (mine,) = [c for c in index["categories"] if c["id"] == category["id"]]
    assert mine["name"] == "Оплата тест" and mine["questions"][0]["question"] == "Как работает возврат денег?"

    page = assert_matches(ru.get(f"/api/help/faq/{first['code']}"), "GET", "/api/help/faq/{code}")
    assert page["question"] == "Как работает возврат денег?"
    assert "<strong>сразу</strong>" in page["answer_html"], "the Markdown answer is rendered"
    assert page["category"] == {"id": category["id"], "code": category["code"], "name": "Оплата тест"}
    assert page["related"] == [{"code": second["code"], "question": "Можно ли заплатить картой?"}]
    page = assert_matches(en.get(f"/api/help/faq/{first['code']}"), "GET", "/api/help/faq/{code}")
    assert "<strong>at once</strong>" in page["answer_html"]
    assert_error(en.get("/api/help/faq/no-such-question"), 404)

    # Cyrillic, stemmed (возврат ← «возвращается», «возврат»), and Latin; both languages are searched, the
    # answer is in the request's language.
    for client, query, question in ((ru, "возврат", "Как работает возврат денег?"),
                                    (en, "возврат", "How do refunds work?"),
                                    (ru, "refunds", "Как работает возврат денег?"),
                                    (en, "cards", "Can I pay with a card?")):
        found = assert_matches(client.get("/api/help/faq/search", params={"q": query}), "GET", "/api/help/faq/search")
        assert question in [item["question"] for item in found["items"]], (query, found)
    found = assert_matches(en.get("/api/help/faq/search", params={"q": "wallet"}), "GET", "/api/help/faq/search")
    (item,) = [i for i in found["items"] if i["code"] == first["code"]]
    assert "**" not in item["excerpt"] and "wallet" in item["excerpt"], "the excerpt is plain text"
    assert_error(en.get("/api/help/faq/search", params={"q": "  "}), 422, errors=["q"])


def test_faq_admin_crud_is_audited_and_a_used_category_cannot_go(admin_client, artel):
    category = create_category(admin_client)
    assert audit_rows(artel, "faq_category", category["id"]) == [
        ("faq.category_create", None, {k: category[k] for k in ("id", "code", "name_en", "name_ru", "position")})]
    question = create_question(admin_client, category["id"])
    assert_error(admin_client.post("/api/admin/faq/categories", json={
        "code": category["code"], "name_en": "Twin", "name_ru": "Двойник"}), 422, errors=["code"])
    assert_error(admin_client.post("/api/admin/faq/questions", json={
        "code": question["code"], "category_id": category["id"], "question_en": "Twin?", "question_ru": "Двойник?",
        "answer_en": "a", "answer_ru": "б"}), 422, errors=["code"])
    assert_error(admin_client.post("/api/admin/faq/questions", json={
        "code": unique("q"), "category_id": 999999999, "question_en": "Where?", "question_ru": "Где?",
        "answer_en": "a", "answer_ru": "б"}), 422, errors=["category_id"])

    renamed = assert_matches(admin_client.put(f"/api/admin/faq/categories/{category['id']}", json={
        "code": category["code"], "name_en": "Payments", "name_ru": "Оплата", "position": 1}),
        "PUT", "/api/admin/faq/categories/{id}")
    assert renamed["name_ru"] == "Оплата" and [q["id"] for q in renamed["questions"]] == [question["id"]]
    action, before, after = audit_rows(artel, "faq_category", category["id"])[-1]
    assert (action, before["name_en"], after["name_en"]) == ("faq.category_update", "Payments test", "Payments")

    body = assert_error(admin_client.delete(f"/api/admin/faq/categories/{category['id']}"), 409)
    assert body["message"] != "Conflict" and "question" in body["message"].lower(), body

    edited = assert_matches(admin_client.put(f"/api/admin/faq/questions/{question['id']}", json={
        **{k: question[k] for k in ("code", "category_id", "question_en", "question_ru", "answer_en")},
        "answer_ru": "Новый ответ", "position": 3}), "PUT", "/api/admin/faq/questions/{id}")
    assert edited["answer_ru"] == "Новый ответ"
    got = assert_matches(admin_client.get(f"/api/admin/faq/questions/{question['id']}"), "GET",
                         "/api/admin/faq/questions/{id}")
    assert got == edited
    assert_matches(admin_client.get("/api/admin/faq"), "GET", "/api/admin/faq")

    assert admin_client.delete(f"/api/admin/faq/questions/{question['id']}").status_code == 204
    assert admin_client.delete(f"/api/admin/faq/categories/{category['id']}").status_code == 204
    assert_error(admin_client.get(f"/api/admin/faq/questions/{question['id']}"), 404)
    actions = [(a, b is None, c is None) for a, b, c in audit_rows(artel, "faq_question", question["id"])]
    assert actions == [("faq.question_create", True, False), ("faq.question_update", False, False),
                       ("faq.question_delete", False, True)]
    assert audit_rows(artel, "faq_category", category["id"])[-1][0] == "faq.category_delete"


# ------------------------------------------------------------------------------------------------------ Support


def test_guest_ticket_needs_an_email_and_is_mailed_to_support(artel, new_client):
    guest = new_client("ru")
    body = assert_error(guest.post("/api/help/tickets", json=ticket()), 422, errors=["email"])
    assert "обязательно" in json.dumps(body, ensure_ascii=False).lower(), body
    assert_error(guest.post("/api/help/tickets", json=ticket(topic="weather", subject="a", message="short",
                                                             email="guest@example.com")),
                 422, errors=["topic", "subject", "message"])

    subject = unique("Возврат")
    created = assert_matches(guest.post("/api/help/tickets", json=ticket(subject=subject, email="Guest@Example.com")),
                             "POST", "/api/help/tickets", 201)
    mail = mail_with(artel, SUPPORT, subject)
    assert f"№{created['id']}" in str(mail["subject"]), "the support mail is in the ticket's language"
    text = text_of(mail)
    assert "Where is my refund for the closed order?" in text and "guest@example.com" in text
    ((user_id, email, lang, status),) = artel.sql(
        f"SELECT coalesce(user_id::text, ''), email, lang, status FROM help.tickets WHERE id = {created['id']}")
    assert (user_id, email, lang, status) == ("", "guest@example.com", "ru", "open")
    # The outbox row was written with the ticket (one transaction).
    ((queued,),) = artel.sql(f"SELECT count(*) FROM mail.outbox WHERE template = 'help:mail.support_ticket' "
                             f"AND params::text LIKE '%{subject}%'")
    assert queued == "1"


def test_a_users_ticket_goes_from_the_account_and_is_listed_as_mine(artel, make_user, new_client):
    client, info, email, _ = make_user()
    subject = unique("Account")
    created = assert_matches(client.post("/api/help/tickets", json=ticket(topic="account", subject=subject,
                                                                          email="someone-else@example.com")),
                             "POST", "/api/help/tickets", 201)
    mail_with(artel, SUPPORT, subject)
    mine = assert_matches(client.get("/api/help/tickets/my"), "GET", "/api/help/tickets/my")
    (listed,) = mine["items"]
    assert (listed["id"], listed["email"], listed["user"]["id"], listed["status"]) == (
        created["id"], email, info["id"], "open")
    assert_error(new_client().get("/api/help/tickets/my"), 401)


def test_attachments_belong_to_their_uploader(artel, new_client, admin_client):
    guest, stranger = new_client(), new_client()
    upload = assert_matches(guest.post("/api/help/attachments", params={"name": "screen.png"}, data=png_bytes(),
                                       headers={"Content-Type": "application/octet-stream"}),
                            "POST", "/api/help/attachments", 201)
    assert upload["name"] == "screen.png" and upload["size"] > 0 and upload["upload_token"]
    assert_error(stranger.post("/api/help/tickets", json=ticket(email="stranger@example.com",
                                                                attachment_ids=[upload["id"]])),
                 422, errors=["attachment_ids"])
    # The uploader's own ticket, without the token its upload answered with: not bound to the address.
    assert_error(guest.post("/api/help/tickets", json=ticket(email="guest2@example.com",
                                                             attachment_ids=[upload["id"]])),
                 422, errors=["attachment_ids"])
    created = assert_matches(guest.post("/api/help/tickets", json=ticket(email="guest2@example.com",
                                                                         attachment_ids=[upload["id"]],
                                                                         upload_tokens=[upload["upload_token"]])),
                             "POST", "/api/help/tickets", 201)
    detail = assert_matches(admin_client.get(f"/api/admin/tickets/{created['id']}"), "GET", "/api/admin/tickets/{id}")
    (attachment,) = detail["attachments"]
    assert attachment["name"] == "screen.png"
    assert attachment["url"].startswith(f"/api/admin/tickets/{created['id']}/files/{attachment['id']}?name=")
    # A private file: the admin gets it through the ticket, its sender and anybody else do not.
    assert admin_client.raw.get(admin_client.url(attachment["url"]), timeout=10).content == png_bytes()
    assert_error(guest.raw.get(guest.url(attachment["url"]), timeout=10), 401)
    # Used once: a second ticket cannot take it again.
    assert_error(guest.post("/api/help/tickets", json=ticket(email="guest2@example.com",
                                                             attachment_ids=[upload["id"]],
                                                             upload_tokens=[upload["upload_token"]])),
                 422, errors=["attachment_ids"])


def test_the_rate_limit_counts_people_not_their_shared_address(artel, make_user, new_client):
    shared_ip = f"127.77.{uuid.uuid4().int % 200 + 1}.{uuid.uuid4().int % 200 + 1}"
    people = []
    for _ in range(2):
        _, _, email, password = make_user()
        client = new_client(source_ip=shared_ip)
        assert login(client, email, password).status_code == 200
        people.append(client)
    first, second = people
    for n in range(5):
        assert_matches(first.post("/api/help/tickets", json=ticket(subject=f"Limit {n}")), "POST", "/api/help/tickets",
                       201)
    limited = first.post("/api/help/tickets", json=ticket(subject="Limit 6"))
    assert_error(limited, 429)
    assert int(limited.headers["Retry-After"]) > 0
    # A colleague behind the same NAT is not blocked.
    assert_matches(second.post("/api/help/tickets", json=ticket()), "POST", "/api/help/tickets", 201)

    # Guests are counted by the e-mail they give (and only by a generous cap per address).
    guest = new_client()
    for n in range(5):
        assert guest.post("/api/help/tickets", json=ticket(email="same@example.com")).status_code == 201
    assert_error(guest.post("/api/help/tickets", json=ticket(email="same@example.com")), 429)
    assert guest.post("/api/help/tickets", json=ticket(email="other@example.com")).status_code == 201


def test_an_admin_answer_is_mailed_to_the_sender_in_the_tickets_language(artel, admin_client, new_client):
    guest = new_client("ru")
    subject = unique("Вопрос")
    created = guest.post("/api/help/tickets", json=ticket(subject=subject, email="asker@example.com")).json()
    ticket_id = created["id"]
    listed = assert_matches(admin_client.get("/api/admin/tickets", params={"status": "open", "limit": 50}), "GET",
                            "/api/admin/tickets")
    assert ticket_id in [t["id"] for t in listed["items"]]
    assert_error(admin_client.post(f"/api/admin/tickets/{ticket_id}/answer", json={"text": ""}), 422, errors=["text"])

    answered = assert_matches(admin_client.post(f"/api/admin/tickets/{ticket_id}/answer",
                                                json={"text": "Деньги вернутся в течение 5 дней."}),
                              "POST", "/api/admin/tickets/{id}/answer")
    assert answered["status"] == "answered" and answered["answered_at"]
    assert [m["author"] for m in answered["messages"]] == ["user", "admin"]
    assert answered["messages"][1]["admin"]["id"] > 0
    mail = mail_with(artel, "asker@example.com", subject)
    assert f"№{ticket_id}" in str(mail["subject"]) and "Деньги вернутся в течение 5 дней." in text_of(mail)
    ((action, before, after),) = audit_rows(artel, "ticket", ticket_id)
    assert action == "tickets.answer" and before["status"] == "open" and after["status"] == "answered"
    assert after["answer"] == "Деньги вернутся в течение 5 дней."

    closed = assert_matches(admin_client.post(f"/api/admin/tickets/{ticket_id}/close"), "POST",
                            "/api/admin/tickets/{id}/close")
    assert closed["status"] == "closed"
    assert audit_rows(artel, "ticket", ticket_id)[-1][0:3] == ("tickets.close", {
        "id": ticket_id, "status": "answered", "answered_at": answered["answered_at"]}, {
        "id": ticket_id, "status": "closed", "answered_at": answered["answered_at"]})
    rows_before = artel.sql("SELECT count(*) FROM platform.audit")
    assert_error(admin_client.post(f"/api/admin/tickets/{ticket_id}/close"), 409)
    assert_error(admin_client.post(f"/api/admin/tickets/{ticket_id}/answer", json={"text": "Again"}), 409)
    assert artel.sql("SELECT count(*) FROM platform.audit") == rows_before, "a refused action leaves no audit row"
    closed_list = assert_matches(admin_client.get("/api/admin/tickets", params={"status": "closed"}), "GET",
                                 "/api/admin/tickets")
    assert ticket_id in [t["id"] for t in closed_list["items"]]
    assert_error(admin_client.get("/api/admin/tickets/999999999"), 404)
    assert_error(admin_client.get("/api/admin/tickets", params={"status": "lost"}), 422, errors=["status"])


def test_admin_tickets_page_by_cursor(admin_client, new_client):
    guest = new_client()
    for n in range(3):
        guest.post("/api/help/tickets", json=ticket(email=f"pager{n}@example.com"))
    first = assert_matches(admin_client.get("/api/admin/tickets", params={"limit": 2}), "GET", "/api/admin/tickets")
    assert len(first["items"]) == 2 and first["next_cursor"]
    second = assert_matches(admin_client.get("/api/admin/tickets", params={"limit": 2, "cursor": first["next_cursor"]}),
                            "GET", "/api/admin/tickets")
    assert second["items"][0]["id"] < first["items"][-1]["id"]
    assert_error(admin_client.get("/api/admin/tickets", params={"cursor": "x"}), 422, errors=["cursor"])


# ------------------------------------------------------------------------------------------------------ Pages


def test_page_edits_keep_every_version_and_a_stale_edit_is_refused(artel, admin_client, new_client):
    path = "/api/admin/pages/cookie-policy/en"
    current = admin_client.get(path)
    version = current.json()["version"] if current.status_code == 200 else 0
    first = assert_matches(admin_client.put(path, json={"title": "Cookies", "body": "We use *two* cookies.",
                                                        "version": version}),
                           "PUT", "/api/admin/pages/{code}/{lang}")
    assert first["version"] == version + 1 and "<em>two</em>" in first["body_html"]
    second = assert_matches(admin_client.put(path, json={"title": "Cookie policy", "body": "We use **three** cookies.",
                                                         "version": first["version"]}),
                            "PUT", "/api/admin/pages/{code}/{lang}")
    assert second["version"] == version + 2
    assert [v["version"] for v in second["versions"]][:2] == [version + 2, version + 1]
    assert second["versions"][0]["author"]["id"] > 0

    # Another admin's edit landed since version `first`: nothing is saved.
    body = assert_error(admin_client.put(path, json={"title": "Stale", "body": "Stale text",
                                                     "version": first["version"]}), 409)
    assert "saved this page" in body["message"], body
    page = assert_matches(admin_client.get(path), "GET", "/api/admin/pages/{code}/{lang}")
    assert (page["version"], page["title"], page["body"]) == (version + 2, "Cookie policy", "We use **three** cookies.")

    old = assert_matches(admin_client.get(f"{path}/versions/{version + 1}"), "GET",
                         "/api/admin/pages/{code}/{lang}/versions/{version}")
    assert (old["title"], old["body"]) == ("Cookies", "We use *two* cookies.") and "<em>two</em>" in old["body_html"]
    assert_error(admin_client.get(f"{path}/versions/{version + 9}"), 404)

    public = assert_matches(new_client("en").get("/api/pages/cookie-policy"), "GET", "/api/pages/{code}")
    assert (public["title"], public["version"]) == ("Cookie policy", version + 2)
    assert "<strong>three</strong>" in public["body_html"]
    assert_error(new_client().get("/api/pages/secret-page"), 404)
    assert_error(admin_client.put("/api/admin/pages/secret-page/en", json={"title": "x", "body": "y", "version": 0}),
                 404)
    listed = assert_matches(admin_client.get("/api/admin/pages"), "GET", "/api/admin/pages")
    assert ("cookie-policy", "en") in [(p["code"], p["lang"]) for p in listed["items"]]

    ((page_id,),) = artel.sql("SELECT id FROM help.pages WHERE code = 'cookie-policy' AND lang = 'en'")
    rows = audit_rows(artel, "page", int(page_id))[-2:]
    assert [(a, (b or {}).get("version"), c["version"]) for a, b, c in rows] == [
        ("pages.edit", version or None, version + 1), ("pages.edit", version + 1, version + 2)]
    assert rows[1][1]["body"] == "We use *two* cookies." and rows[1][2]["body"] == "We use **three** cookies."


# ------------------------------------------------------------------------------------------------------ Access

ADMIN_OPERATIONS = [
    ("get", "/api/admin/faq"), ("post", "/api/admin/faq/categories"), ("put", "/api/admin/faq/categories/1"),
    ("delete", "/api/admin/faq/categories/1"), ("post", "/api/admin/faq/questions"),
    ("get", "/api/admin/faq/questions/1"), ("put", "/api/admin/faq/questions/1"),
    ("delete", "/api/admin/faq/questions/1"), ("get", "/api/admin/tickets"), ("get", "/api/admin/tickets/1"),
    ("post", "/api/admin/tickets/1/answer"), ("post", "/api/admin/tickets/1/close"), ("get", "/api/admin/pages"),
    ("get", "/api/admin/pages/about/en"), ("put", "/api/admin/pages/about/en"),
    ("get", "/api/admin/pages/about/en/versions/1"),
]


def test_admin_endpoints_refuse_ordinary_users_and_guests(artel, make_user, new_client):
    user, _, _, _ = make_user()
    guest = new_client()
    before = artel.sql("SELECT (SELECT count(*) FROM platform.audit), (SELECT count(*) FROM help.faq_categories), "
                       "(SELECT count(*) FROM help.page_versions), (SELECT count(*) FROM help.ticket_messages)")
    for method, path in ADMIN_OPERATIONS:
        body = {"text": "x", "title": "x", "body": "x", "version": 0, "code": "xx", "name_en": "x", "name_ru": "x"}
        assert_error(user.request(method.upper(), path, json=body), 403)
        assert_error(guest.request(method.upper(), path, json=body), 401)
    after = artel.sql("SELECT (SELECT count(*) FROM platform.audit), (SELECT count(*) FROM help.faq_categories), "
                      "(SELECT count(*) FROM help.page_versions), (SELECT count(*) FROM help.ticket_messages)")
    assert before == after


# ------------------------------------------------------------------------------------------------------ XSS

# OWASP XSS filter evasion vectors, as Markdown an admin might paste.
XSS_VECTORS = "\n\n".join([
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg/onload=alert(1)>",
    "<iframe src=\"javascript:alert(1)\"></iframe>",
    "<a href=\"javascript:alert(1)\">raw link</a>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![img](javascript:alert(1))",
    "[vb](vbscript:msgbox(1))",
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    "<div style=\"background:url(javascript:alert(1))\">styled</div>",
    "[x](\"onmouseover=\"alert(1))",
    "<body onload=alert(1)>",
    "`<script>in code</script>`",
])


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))


def assert_inert(rendered: str) -> None:
    parser = _Tags()
    parser.feed(rendered)
    for tag, attributes in parser.tags:
        assert tag in {"p", "a", "img", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "h1", "h2",
                       "h3", "h4", "h5", "h6", "hr", "br", "table", "thead", "tbody", "tr", "th", "td", "del"}, (
            tag, rendered)
        for name, value in attributes:
            assert not name.startswith("on") and name != "style", (tag, name, rendered)
            if name in ("href", "src"):
                scheme = (value or "").strip().lower().replace("\t", "")
                assert not scheme.startswith(("javascript:", "data:", "vbscript:")), (tag, name, value, rendered)


def test_markdown_xss_vectors_are_rendered_inert(admin_client, new_client):
    category = create_category(admin_client)
    question = create_question(admin_client, category["id"], answer_en=XSS_VECTORS, answer_ru=XSS_VECTORS)
    for lang in ("en", "ru"):
        page = new_client(lang).get(f"/api/help/faq/{question['code']}").json()
        assert_inert(page["answer_html"])
        assert "&lt;script&gt;in code&lt;/script&gt;" in page["answer_html"], "code spans are escaped, not dropped"

    path = "/api/admin/pages/rules/ru"
    current = admin_client.get(path)
    version = current.json()["version"] if current.status_code == 200 else 0
    saved = assert_matches(admin_client.put(path, json={"title": "<script>alert(1)</script>", "body": XSS_VECTORS,
                                                        "version": version}),
                           "PUT", "/api/admin/pages/{code}/{lang}")
    assert_inert(saved["body_html"])
    public = new_client("ru").get("/api/pages/rules").json()
    assert_inert(public["body_html"])
    assert public["title"] == "<script>alert(1)</script>", "titles are plain text, escaped by whoever shows them"
    old = admin_client.get(f"{path}/versions/{saved['version']}").json()
    assert_inert(old["body_html"])
