"""Articles over HTTP against docs/api/openapi.yaml (tag `articles` and the admin's article routes): the states
and who may move them (someone else's draft is a 404 to everybody but its author and the admins), moderation that
needs a reason and a comment (422 in English and in Russian) and is audited, Markdown rendered inert (OWASP XSS
vectors in bodies; titles and comments answered as plain JSON text, never as HTML), votes (guests 401, own 403,
idempotent under concurrent retries), comments (one level of replies, idempotent client_id, the 15-minute edit
window, tombstones, hiding by an admin), views once per visitor per day, and the public list's filters."""

from __future__ import annotations

import html.parser
import json
import re
import threading
import uuid

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT, login
from marketplace import People, notifications, png_bytes

_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "articles.json").read_text()) for lang in ("en", "ru")}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=24, ru=2)
    yield made
    made.close()


@pytest.fixture(scope="module")
def admin(artel, people):
    client = people.guest("en")
    assert login(client, artel.admin_email, artel.admin_password).status_code == 200
    return client


@pytest.fixture(scope="module")
def admin_ru(artel, people):
    client = people.guest("ru")
    assert login(client, artel.admin_email, artel.admin_password).status_code == 200
    return client


@pytest.fixture(scope="module")
def category(admin):
    code = "c" + uuid.uuid4().hex[:10]
    response = admin.post("/api/admin/articles/categories",
                          json={"code": code, "name_en": "Freelancing", "name_ru": "Фриланс", "position": 1})
    return assert_matches(response, "POST", "/api/admin/articles/categories", 201)


def article_input(category: dict, **overrides) -> dict:
    body = {"title": "Hiring in Almaty " + uuid.uuid4().hex[:6], "lead": "What works.",
            "body": "## Start\n\nWrite the **salary** range.\n\n- one\n- two\n\n[Guide](https://example.com/guide)",
            "category_id": category["id"], "tags": ["hiring", "remote"], "lang": "en"}
    body.update(overrides)
    return body


def create(person, category: dict, **overrides) -> dict:
    response = person.post("/api/articles", json=article_input(category, **overrides))
    return assert_matches(response, "POST", "/api/articles", 201)


def get(client, code: str, status: int = 200) -> dict:
    response = client.get(f"/api/articles/{code}")
    if status != 200:
        return assert_error(response, status)
    return assert_matches(response, "GET", "/api/articles/{code}")


def published(person, admin, category: dict, **overrides) -> dict:
    article = create(person, category, **overrides)
    assert_matches(person.post(f"/api/articles/{article['id']}/submit"), "POST", "/api/articles/{id}/submit")
    return assert_matches(admin.post(f"/api/admin/articles/{article['id']}/publish"), "POST",
                          "/api/admin/articles/{id}/publish")


def audit_rows(artel, action: str, object_id: int) -> list[tuple[str, ...]]:
    return artel.sql(f"SELECT before::text, after::text FROM platform.audit WHERE action = '{action}' "
                     f"AND object_id = {object_id} ORDER BY id")


# --- states and access ----------------------------------------------------------------------------------------------

def test_states_and_who_may_move_them(artel, people, admin, category):
    author, other = people(2)
    guest = people.guest()
    article = create(author, category, title="Как написать заказ для фрилансера")
    assert article["status"] == "draft"
    assert article["code"].startswith("kak-napisat-zakaz-dlya-frilansera")
    assert article["is_author"] and not article["can_vote"]
    assert article["body"].startswith("## Start") and "<strong>salary</strong>" in article["body_html"]
    code, article_id = article["code"], article["id"]

    # A draft is nobody's business but its author's and the admins'.
    get(guest, code, 404)
    get(other.client, code, 404)
    assert get(author.client, code)["status"] == "draft"
    assert_matches(admin.get(f"/api/admin/articles/{article_id}"), "GET", "/api/admin/articles/{id}")
    assert_error(other.client.put(f"/api/articles/{article_id}", json=article_input(category)), 404)
    assert_error(other.client.post(f"/api/articles/{article_id}/submit"), 404)
    assert_error(other.client.delete(f"/api/articles/{article_id}"), 404)
    assert_error(guest.put(f"/api/articles/{article_id}/vote", json={"value": 1}), 401)

    submitted = assert_matches(author.post(f"/api/articles/{article_id}/submit"), "POST", "/api/articles/{id}/submit")
    assert submitted["status"] == "moderation"
    assert_error(author.post(f"/api/articles/{article_id}/submit"), 409, "Conflict")
    get(other.client, code, 404)

    done = assert_matches(admin.post(f"/api/admin/articles/{article_id}/publish"), "POST",
                          "/api/admin/articles/{id}/publish")
    assert done["status"] == "published" and done["published_at"]
    assert_error(admin.post(f"/api/admin/articles/{article_id}/publish"), 409)
    seen = get(guest, code)
    assert seen["body"] is None and seen["moderation"] is None and not seen["can_vote"]
    assert "<h2>Start</h2>" in seen["body_html"]
    assert any(n["kind"] == "article_published" for n in notifications(author))

    # An edit of a published article sends it back to moderation.
    edited = assert_matches(author.client.put(f"/api/articles/{article_id}", json=article_input(category, code=code)),
                            "PUT", "/api/articles/{id}")
    assert edited["status"] == "moderation" and edited["code"] == code
    get(guest, code, 404)

    # Return and block need the admin's reason and comment; the author sees both.
    returned = admin.post(f"/api/admin/articles/{article_id}/return",
                          json={"reason": "low_quality", "comment": "Add examples."})
    returned = assert_matches(returned, "POST", "/api/admin/articles/{id}/return")
    assert returned["status"] == "draft"
    mine = assert_matches(author.get("/api/articles/my"), "GET", "/api/articles/my")
    card = next(item for item in mine["items"] if item["id"] == article_id)
    assert card["moderation"]["reason"] == "low_quality" and card["moderation"]["comment"] == "Add examples."
    assert_error(admin.post(f"/api/admin/articles/{article_id}/return",
                            json={"reason": "spam", "comment": "x"}), 409)

    blocked = admin.post(f"/api/admin/articles/{article_id}/block", json={"reason": "spam", "comment": "Ads."})
    assert assert_matches(blocked, "POST", "/api/admin/articles/{id}/block")["status"] == "blocked"
    assert_error(admin.post(f"/api/admin/articles/{article_id}/block", json={"reason": "spam", "comment": "x"}), 409)
    kinds = [n["kind"] for n in notifications(author)]
    assert "article_returned" in kinds and "article_blocked" in kinds
    blocked_note = next(n for n in notifications(author) if n["kind"] == "article_blocked")
    assert blocked_note["payload"]["reason"] == "spam" and blocked_note["payload"]["comment"] == "Ads."
    # Still blocked after an edit; the author resubmits.
    again = author.client.put(f"/api/articles/{article_id}", json=article_input(category, code=code))
    assert assert_matches(again, "PUT", "/api/articles/{id}")["status"] == "blocked"
    assert author.post(f"/api/articles/{article_id}/submit").json()["status"] == "moderation"

    assert author.delete(f"/api/articles/{article_id}").status_code == 204
    get(author.client, code, 404)


def test_codes_are_unique_and_checked(people, category):
    author, other = people(2)
    first = create(author, category, title="Remote work guide")
    second = create(other, category, title="Remote work guide")
    assert first["code"] == "remote-work-guide" or first["code"].startswith("remote-work-guide")
    assert second["code"] != first["code"]
    taken = other.post("/api/articles", json=article_input(category, code=first["code"]))
    assert field_errors(taken, "code") == [_I18N["en"]["code_taken"]]
    bad = other.post("/api/articles", json=article_input(category, code="12345"))
    assert field_errors(bad, "code") == [_I18N["en"]["code_invalid"]]
    # Digits are never a code: an id-shaped path is a plain 404 for reading.
    assert_error(people.guest().get(f"/api/articles/{first['id']}"), 404)
    assert_error(people.guest().get("/api/articles/no-such-article"), 404)
    unknown = other.post("/api/articles", json=article_input(category, category_id=999999999))
    assert field_errors(unknown, "category_id") == [_I18N["en"]["category_unknown"]]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_moderation_needs_reason_and_comment(artel, people, admin, admin_ru, category, lang):
    moderator = admin if lang == "en" else admin_ru
    author = people.one()
    article = create(author, category)
    author.post(f"/api/articles/{article['id']}/submit")
    for action in ("return", "block"):
        for body in ({}, {"reason": "spam"}, {"comment": "Ads."}, {"reason": "spam", "comment": "  "}):
            response = moderator.post(f"/api/admin/articles/{article['id']}/{action}", json=body)
            expected = {"reason", "comment"} - {k for k, v in body.items() if v.strip()}
            errors = assert_error(response, 422, "ValidationFailed", errors=expected)["errors"]
            for messages in errors.values():
                assert all(bool(CYRILLIC.search(m)) == (lang == "ru") for m in messages), messages
        wrong = moderator.post(f"/api/admin/articles/{article['id']}/{action}", json={"reason": "x", "comment": "y"})
        assert field_errors(wrong, "reason") == [_I18N[lang]["reason_invalid"]]
    # Nothing changed, and nothing was audited.
    assert get(author.client, article["code"])["status"] == "moderation"
    assert audit_rows(artel, "articles.block", article["id"]) == []

    moderator.post(f"/api/admin/articles/{article['id']}/block", json={"reason": "rules", "comment": "См. правила."})
    rows = audit_rows(artel, "articles.block", article["id"])
    assert len(rows) == 1
    before, after = (json.loads(text) for text in rows[0])
    assert before["status"] == "moderation" and after["status"] == "blocked"
    assert after["moderation"] == {**after["moderation"], "reason": "rules", "comment": "См. правила."}


def test_non_admins_cannot_moderate(people, category):
    author, other = people(2)
    article = create(author, category)
    for client in (author.client, other.client):
        assert_error(client.post(f"/api/admin/articles/{article['id']}/publish"), 403)
        assert_error(client.get("/api/admin/articles"), 403)
    assert_error(people.guest().post(f"/api/admin/articles/{article['id']}/publish"), 401)


def test_admin_queue_and_categories(artel, people, admin, category):
    author = people.one()
    article = create(author, category)
    author.post(f"/api/articles/{article['id']}/submit")
    queue = assert_matches(admin.get("/api/admin/articles"), "GET", "/api/admin/articles")
    assert article["id"] in [item["id"] for item in queue["items"]]
    drafts = admin.get("/api/admin/articles", params={"status": "draft"}).json()
    assert article["id"] not in [item["id"] for item in drafts["items"]]

    listed = assert_matches(admin.get("/api/admin/articles/categories"), "GET", "/api/admin/articles/categories")
    mine = next(item for item in listed["items"] if item["id"] == category["id"])
    assert mine["name_ru"] == "Фриланс" and mine["article_count"] >= 1
    assert_error(admin.delete(f"/api/admin/articles/categories/{category['id']}"), 409)
    dup = admin.post("/api/admin/articles/categories", json={"code": category["code"], "name_en": "A", "name_ru": "Б"})
    assert field_errors(dup, "code") == [_I18N["en"]["category_code_taken"]]
    spare = admin.post("/api/admin/articles/categories", json={"code": "s" + uuid.uuid4().hex[:8], "name_en": "Spare",
                                                               "name_ru": "Запас"}).json()
    renamed = admin.put(f"/api/admin/articles/categories/{spare['id']}",
                        json={"code": spare["code"], "name_en": "Tools", "name_ru": "Инструменты", "position": 5})
    assert assert_matches(renamed, "PUT", "/api/admin/articles/categories/{id}")["name_ru"] == "Инструменты"
    assert len(audit_rows(artel, "articles.category_update", spare["id"])) == 1
    assert admin.delete(f"/api/admin/articles/categories/{spare['id']}").status_code == 204
    public = people.guest("ru").get("/api/articles/categories").json()["items"]
    assert {"id": category["id"], "code": category["code"], "name": "Фриланс"}.items() <= next(
        item for item in public if item["id"] == category["id"]).items()


# --- XSS ------------------------------------------------------------------------------------------------------------

# From the OWASP XSS Filter Evasion Cheat Sheet, as Markdown bodies would carry them.
XSS_VECTORS = [
    "<script>alert('XSS')</script>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=javascript:alert('XSS')>",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
    "<IMG SRC=# onmouseover=\"alert('xxs')\">",
    "<IMG SRC=/ onerror=\"alert(String.fromCharCode(88,83,83))\"></img>",
    "<img src=x onerror=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112"
    "&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083"
    "&#0000083&#0000039&#0000041\">",
    "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
    "<SCRIPT/XSS SRC=\"http://xss.rocks/xss.js\"></SCRIPT>",
    "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
    "<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>",
    "<svg/onload=alert('XSS')>",
    "<iframe src=\"javascript:alert('XSS');\"></iframe>",
    "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
    "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
    "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
    "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
    "[click](javascript:alert('XSS'))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](java%0ascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![image](javascript:alert(1))",
    "<javascript:alert(1)>",
    "[ref]\n\n[ref]: javascript:alert(1)",
    "<object data=\"javascript:alert(1)\"></object><embed src=\"javascript:alert(1)\">",
]
DANGEROUS_TAGS = {"script", "iframe", "object", "embed", "style", "meta", "link", "svg", "body", "form", "base",
                  "input", "button", "math"}


class _Inspector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in DANGEROUS_TAGS:
            self.problems.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in ("style", "formaction", "srcdoc"):
                self.problems.append(f"{tag} {name}=")
            if name in ("href", "src", "action", "data", "xlink:href") and value is not None:
                squeezed = re.sub(r"[\x00-\x20]", "", value).lower()
                if squeezed.startswith(("javascript:", "vbscript:", "data:")):
                    self.problems.append(f"{tag} {name}={value!r}")

    handle_startendtag = handle_starttag


def inert_problems(markup: str) -> list[str]:
    inspector = _Inspector()
    inspector.feed(markup)
    inspector.close()
    if re.search(r"<\s*script", markup, re.IGNORECASE):
        inspector.problems.append("<script")
    return inspector.problems


def test_markdown_renders_owasp_vectors_inert(people, admin, category):
    author = people.one()
    for index, vector in enumerate(XSS_VECTORS):
        article = create(author, category, body=f"Before {index}\n\n{vector}\n\nAfter")
        assert article["body"] == f"Before {index}\n\n{vector}\n\nAfter"  # the source is kept as written
        problems = inert_problems(article["body_html"])
        assert not problems, f"{vector!r} rendered as {article['body_html']!r}: {problems}"
        assert f"Before {index}" in article["body_html"] and "After" in article["body_html"]
    # Links that stay get rel="nofollow ugc".
    linked = create(author, category, body="[Guide](https://example.com/guide)")
    assert re.search(r'<a [^>]*rel="nofollow ugc"', linked["body_html"]), linked["body_html"]


def test_titles_and_comments_are_plain_text(people, admin, category):
    author, reader = people(2)
    title = "<script>alert('t')</script><img src=x onerror=alert(1)>"
    lead = "<b onmouseover=alert(1)>lead</b>"
    article = published(author, admin, category, title=title, lead=lead)
    seen = get(people.guest(), article["code"])
    assert seen["title"] == title and seen["lead"] == lead  # as written: JSON text, never HTML
    assert "<script" not in seen["body_html"] and "onerror" not in seen["body_html"]
    assert not any(key.endswith("_html") and key != "body_html" for key in seen)
    listed = people.guest().get("/api/articles", params={"category": category["id"], "limit": 50}).json()
    card = next(item for item in listed["items"] if item["id"] == article["id"])
    assert card["title"] == title and not any(key.endswith("_html") for key in card)

    text = "<script>alert('c')</script> [x](javascript:alert(1)) <a href=javascript:alert(1)>y</a>"
    comment = reader.post(f"/api/articles/{article['id']}/comments", json={"text": text, "client_id": str(uuid.uuid4())})
    comment = assert_matches(comment, "POST", "/api/articles/{id}/comments", 201)
    assert comment["text"] == text and not any(key.endswith("_html") for key in comment)
    thread = people.guest().get(f"/api/articles/{article['id']}/comments").json()
    assert thread["items"][0]["text"] == text


# --- votes ----------------------------------------------------------------------------------------------------------

def test_votes(people, admin, category):
    author, voter, second = people(3)
    article = published(author, admin, category)
    path = f"/api/articles/{article['id']}/vote"
    assert_error(people.guest().put(path, json={"value": 1}), 401)
    assert assert_error(author.client.put(path, json={"value": 1}), 403)["message"] == _I18N["en"]["own_vote"]
    assert field_errors(voter.client.put(path, json={"value": 2}), "value")
    result = assert_matches(voter.client.put(path, json={"value": 1}), "PUT", "/api/articles/{id}/vote")
    assert result == {"rating": 1, "my_vote": 1}
    assert voter.client.put(path, json={"value": 1}).json() == {"rating": 1, "my_vote": 1}
    assert second.client.put(path, json={"value": -1}).json() == {"rating": 0, "my_vote": -1}
    assert voter.client.put(path, json={"value": 0}).json() == {"rating": -1, "my_vote": 0}
    assert get(second.client, article["code"])["my_vote"] == -1
    assert get(second.client, article["code"])["can_vote"]
    # A draft cannot be voted on.
    draft = create(author, category)
    assert_error(voter.client.put(f"/api/articles/{draft['id']}/vote", json={"value": 1}), 404)


def test_votes_are_idempotent_under_concurrent_retries(artel, people, admin, category):
    author, voter = people(2)
    others = people(4)
    article = published(author, admin, category)
    path = f"/api/articles/{article['id']}/vote"
    sessions = [voter.second_session(people.clients) for _ in range(5)] + [o.client for o in others]
    results: list = [None] * len(sessions)
    barrier = threading.Barrier(len(sessions))

    def vote(index: int) -> None:
        barrier.wait()
        results[index] = sessions[index].put(path, json={"value": 1})

    threads = [threading.Thread(target=vote, args=(i,)) for i in range(len(sessions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(r.status_code == 200 for r in results), [r.text for r in results]
    assert get(people.guest(), article["code"])["rating"] == 5  # the voter once, and the four others
    rows = artel.sql(f"SELECT count(*), sum(value) FROM articles.article_votes WHERE article_id = {article['id']}")
    assert rows == [("5", "5")]


# --- comments -------------------------------------------------------------------------------------------------------

def comment(person, article_id: int, text: str, parent_id: int | None = None, client_id: str | None = None):
    body = {"text": text, "client_id": client_id or str(uuid.uuid4())}
    if parent_id is not None:
        body["parent_id"] = parent_id
    return person.post(f"/api/articles/{article_id}/comments", json=body)


def test_comments_replies_tombstones_and_hiding(artel, people, admin, category):
    author, first, second = people(3)
    article = published(author, admin, category)
    article_id = article["id"]
    assert_error(people.guest().post(f"/api/articles/{article_id}/comments",
                                     json={"text": "hi", "client_id": str(uuid.uuid4())}), 401)
    client_id = str(uuid.uuid4())
    top = assert_matches(comment(first, article_id, "Useful, thanks.", client_id=client_id), "POST",
                         "/api/articles/{id}/comments", 201)
    assert top["editable_until"] and top["parent_id"] is None
    retry = assert_matches(comment(first, article_id, "Useful, thanks.", client_id=client_id), "POST",
                           "/api/articles/{id}/comments", 200)
    assert retry["id"] == top["id"]
    reply = comment(second, article_id, "Agreed.", parent_id=top["id"]).json()
    deeper = comment(first, article_id, "A reply to the reply.", parent_id=reply["id"]).json()
    assert reply["parent_id"] == top["id"] and deeper["parent_id"] == top["id"]
    assert {n["kind"] for n in notifications(author)} >= {"article_comment"}
    assert any(n["kind"] == "article_comment" for n in notifications(first))  # the reply to their comment

    page = assert_matches(people.guest().get(f"/api/articles/{article_id}/comments"), "GET",
                          "/api/articles/{id}/comments")
    assert page["total"] == 3 and [c["id"] for c in page["items"]] == [top["id"]]
    assert [c["id"] for c in page["items"][0]["replies"]] == [reply["id"], deeper["id"]]
    assert page["items"][0]["editable_until"] is None  # not the guest's
    assert get(people.guest(), article["code"])["comment_count"] == 3

    # Votes on comments: own 403, others fine.
    vote_path = f"/api/articles/{article_id}/comments/{top['id']}/vote"
    assert_error(first.client.put(vote_path, json={"value": 1}), 403)
    assert_matches(second.client.put(vote_path, json={"value": 1}), "PUT",
                   "/api/articles/{id}/comments/{comment_id}/vote")

    # Only the author edits or deletes; a deleted comment is a tombstone with its replies kept.
    path = f"/api/articles/{article_id}/comments/{top['id']}"
    assert_error(second.client.patch(path, json={"text": "mine now"}), 404)
    edited = assert_matches(first.client.patch(path, json={"text": "Very useful."}), "PATCH",
                            "/api/articles/{id}/comments/{comment_id}")
    assert edited["text"] == "Very useful." and edited["edited_at"]
    assert_error(second.client.delete(path), 404)
    assert first.client.delete(path).status_code == 204
    page = people.guest().get(f"/api/articles/{article_id}/comments").json()
    assert page["items"][0]["text"] is None and page["items"][0]["deleted"]
    assert len(page["items"][0]["replies"]) == 2
    # A tombstone takes no votes and keeps the ones it had; deleting it again is 404.
    assert_error(second.client.put(vote_path, json={"value": -1}), 409)
    assert page["items"][0]["rating"] == 1
    assert_error(first.client.delete(path), 404)

    # An admin hides a reply: a tombstone for everyone, audited.
    hide = f"/api/admin/articles/{article_id}/comments/{reply['id']}/hide"
    assert_error(second.client.post(hide, json={"hidden": True}), 403)
    hidden = assert_matches(admin.post(hide, json={"hidden": True}), "POST",
                            "/api/admin/articles/{id}/comments/{comment_id}/hide")
    assert hidden["hidden"] and hidden["text"] is None
    assert people.guest().get(f"/api/articles/{article_id}/comments").json()["items"][0]["replies"][0]["text"] is None
    assert len(audit_rows(artel, "articles.comment_hide", reply["id"])) == 1
    assert_error(first.client.put(f"/api/articles/{article_id}/comments/{reply['id']}/vote", json={"value": 1}), 409)
    shown = admin.post(hide, json={"hidden": False}).json()
    assert shown["text"] == "Agreed." and not shown["hidden"]


def test_comment_edit_window(artel, people, admin, category):
    author, writer = people(2)
    article = published(author, admin, category)
    made = comment(writer, article["id"], "First thought.").json()
    path = f"/api/articles/{article['id']}/comments/{made['id']}"
    assert writer.client.patch(path, json={"text": "Second thought."}).status_code == 200
    # 14 minutes old: still open; 16 minutes old: closed (backdated in the database).
    artel.sql(f"UPDATE articles.comments SET created_at = now() - interval '14 minutes' WHERE id = {made['id']}")
    assert writer.client.patch(path, json={"text": "Third thought."}).status_code == 200
    artel.sql(f"UPDATE articles.comments SET created_at = now() - interval '16 minutes' WHERE id = {made['id']}")
    closed = writer.client.patch(path, json={"text": "Too late."})
    assert assert_error(closed, 409)["message"] == _I18N["en"]["edit_window_closed"]
    listed = writer.get(f"/api/articles/{article['id']}/comments").json()["items"][0]
    assert listed["text"] == "Third thought." and listed["editable_until"] is None
    # Deleting stays possible after the window.
    assert writer.client.delete(path).status_code == 204


# --- views ----------------------------------------------------------------------------------------------------------

def test_views_once_per_visitor_per_day(artel, people, admin, category):
    author, reader = people(2)
    article = published(author, admin, category)
    code = article["code"]
    guest = people.guest()
    first = get(guest, code)["view_count"]
    assert first == 1
    assert get(guest, code)["view_count"] == 1
    assert get(reader.client, code)["view_count"] == 2
    assert get(reader.client, code)["view_count"] == 2
    # The same address with another browser is another visitor.
    other_browser = guest.get(f"/api/articles/{code}", headers={"User-Agent": "Another browser/1.0"}).json()
    assert other_browser["view_count"] == 3
    # The next day counts again.
    artel.sql(f"UPDATE articles.views SET day = day - 1 WHERE article_id = {article['id']}")
    assert get(reader.client, code)["view_count"] == 4
    # Drafts count nothing.
    draft = create(author, category)
    get(author.client, draft["code"])
    assert artel.sql(f"SELECT count(*) FROM articles.views WHERE article_id = {draft['id']}") == [("0",)]


# --- the public list ------------------------------------------------------------------------------------------------

def test_list_filters_sort_and_pages(people, admin):
    author, voter = people(2)
    code = "l" + uuid.uuid4().hex[:8]
    own = admin.post("/api/admin/articles/categories", json={"code": code, "name_en": "List", "name_ru": "Список"}).json()
    tag = "t" + uuid.uuid4().hex[:6]
    made = [published(author, admin, own, title=f"Freelance taxes {i}", tags=[tag],
                      lang="ru" if i % 2 else "en") for i in range(5)]
    create(author, own, tags=[tag])  # a draft: never listed
    guest = people.guest()

    def ids(**params) -> list[int]:
        response = guest.get("/api/articles", params={"category": own["id"], **params})
        return [item["id"] for item in assert_matches(response, "GET", "/api/articles")["items"]]

    assert ids() == [a["id"] for a in reversed(made)]
    assert ids(lang="ru") == [made[3]["id"], made[1]["id"]]
    assert ids(tag=tag) == ids()
    assert ids(tag="nothing-here") == []
    voter.client.put(f"/api/articles/{made[2]['id']}/vote", json={"value": 1})
    assert ids(sort="rating")[0] == made[2]["id"]
    get(guest, made[0]["code"])
    assert ids(sort="popular")[0] == made[0]["id"]
    everything = ids()
    first = guest.get("/api/articles", params={"category": own["id"], "limit": 2}).json()
    second = guest.get("/api/articles", params={"category": own["id"], "limit": 2, "cursor": first["next_cursor"]}).json()
    assert [i["id"] for i in first["items"] + second["items"]] == everything[:4]
    searched = guest.get("/api/articles", params={"q": "taxes", "category": own["id"]}).json()["items"]
    assert len(searched) == 5
    assert_error(guest.get("/api/articles", params={"sort": "random"}), 422)
    counts = guest.get("/api/articles/categories").json()["items"]
    assert next(c for c in counts if c["id"] == own["id"])["article_count"] == 5


def test_search_pages_are_the_same_whether_the_next_articles_hold_them_or_not(artel, people, admin):
    """A text search first looks among the 2 000 articles that come next in the list's order and takes its page from
    them when they hold one; otherwise it takes the matches from the text index (libs/articles, ARTEL_LIST_SEARCH).
    2 100 published articles, with words placed so that every order (date, rating, views) pages through both ways:
    each page must be the next slice of the whole list of matches in that order."""
    author = people.one()
    code = "s" + uuid.uuid4().hex[:8]
    own = admin.post("/api/admin/articles/categories", json={"code": code, "name_en": "Search", "name_ru": "Поиск"})
    own = assert_matches(own, "POST", "/api/admin/articles/categories", 201)
    count = 2100
    # i = 1 … 2100, newer as i grows; rating and views are permutations of i (distinct, so the order is one).
    # quokka: every 50th (in and out of every window); zanzibar: only the 30 oldest (outside the date window);
    # wombat: every 100th and the 25 oldest; koala: the 40 oldest and three of the newest (a few inside the date
    # window, fewer than a page: the page must still come from the text index).
    artel.sql(f"""
        INSERT INTO articles.articles (code, author_id, category_id, title, lead, body, body_html, body_text, tags,
                                       lang, status, published_at, created_at, updated_at, rating, view_count)
        SELECT '{code}-' || i, {author.id}, {own['id']}, 'Search page ' || i, '', 'text', '<p>text</p>',
               concat_ws(' ', 'plain text', CASE WHEN i % 50 = 0 THEN 'quokka' END,
                         CASE WHEN i <= 30 THEN 'zanzibar' END, CASE WHEN i % 100 = 0 OR i <= 25 THEN 'wombat' END,
                         CASE WHEN i <= 40 OR i IN (1000, 1500, 2100) THEN 'koala' END),
               '{{}}', 'en', 'published', timestamptz '2020-01-01' + i * interval '1 minute',
               timestamptz '2020-01-01', timestamptz '2020-01-01', (i * 7919) % {count}, (i * 4099) % {count}
          FROM generate_series(1, {count}) i""")
    guest = people.guest()
    keys = {"date": lambda i: i, "rating": lambda i: (i * 7919) % count, "popular": lambda i: (i * 4099) % count}
    words = {"quokka": lambda i: i % 50 == 0, "zanzibar": lambda i: i <= 30,
             "wombat": lambda i: i % 100 == 0 or i <= 25, "koala": lambda i: i <= 40 or i in (1000, 1500, 2100)}
    for sort, key in keys.items():
        for word, has in words.items():
            expected = sorted((i for i in range(1, count + 1) if has(i)), key=lambda i: (key(i), i), reverse=True)
            seen: list[int] = []
            cursor = None
            for _ in range(20):
                params = {"q": word, "category": own["id"], "sort": sort, "limit": 7}
                if cursor:
                    params["cursor"] = cursor
                page = assert_matches(guest.get("/api/articles", params=params), "GET", "/api/articles")
                seen += [int(item["code"].rsplit("-", 1)[1]) for item in page["items"]]
                cursor = page["next_cursor"]
                if not cursor:
                    break
            assert seen == expected, (sort, word)


def test_cover_upload(people, admin, category):
    author, other = people(2)
    article = create(author, category)
    path = f"/api/articles/{article['id']}/cover"
    assert_error(other.client.put(path, data=png_bytes(), headers={"Content-Type": "application/octet-stream"}), 404)
    covered = author.client.put(path, data=png_bytes(), headers={"Content-Type": "application/octet-stream"})
    covered = assert_matches(covered, "PUT", "/api/articles/{id}/cover")
    assert covered["cover"]["url"] and covered["cover"]["thumbnail_url"]
    removed = assert_matches(author.client.delete(path), "DELETE", "/api/articles/{id}/cover")
    assert removed["cover"] is None
