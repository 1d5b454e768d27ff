"""Uploads that no order uses, over HTTP against the real binary: the per-account allowance of waiting uploads
(409, localized), and the scheduled sweep that deletes old unattached uploads and removes their files from disk
only when nothing else uses them (shared content). Order, chat and ticket files are private files
(<uploads>/private/, never served by /api/files), so the same bytes as an avatar or a portfolio image are two
files that sweep apart; files of those contexts stored before private files existed are moved by the sweep job.
That a recent identical upload keeps a file whose row the sweep could not see yet is FileStore's unit test (its
modification time).

The module runs on the fast-jobs server (conftest.py, jobs.interval = 1 s); tests move an upload's time
into the past with SQL (and its file's modification time with os.utime) and poll."""

import os
import time
import uuid

import pytest

import conftest

from checks import assert_error, assert_matches, field_errors
from marketplace import People, create_order, message, order_input, pdf_bytes, png_bytes, poll, token, upload

pytestmark = pytest.mark.fast_jobs
SWEEP_TIMEOUT = 20
PENDING_LIMIT = 30


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=6, ru=1)
    yield made
    made.close()


def text_file(label: str = "") -> bytes:
    return f"Brief {label} {token()}\nA landing page with a form.\n".encode()


def uploaded(person, content: bytes, name: str = "brief.txt") -> dict:
    return assert_matches(upload(person, content, name), "POST", "/api/orders/attachments", 201)


def file_name(artel, attachment: dict, table: str = "orders.attachments", column: str = "file_name") -> str:
    """The stored name: private files' addresses are their context's routes, which do not carry it."""
    return artel.sql(f"SELECT {column} FROM {table} WHERE id = {attachment['id']}")[0][0]


def private_file(artel, name: str):
    return artel.data_dir / "uploads" / "private" / name


def public_file(artel, name: str):
    return artel.data_dir / "uploads" / name


def age(artel, attachment_id: int, days: int = 2) -> None:
    """Moves an upload and its stored files into the past, as if a day had gone by."""
    # The names first: the sweep (every second here) may take the row as soon as it is aged.
    names = artel.sql(f"SELECT file_name, thumbnail_name FROM orders.attachments WHERE id = {attachment_id}")[0]
    past = time.time() - days * 86400
    for name in filter(None, names):
        os.utime(private_file(artel, name), (past, past))
    artel.sql(f"UPDATE orders.attachments SET created_at = now() - interval '{days} days' WHERE id = {attachment_id}")


def row_exists(artel, attachment_id: int) -> bool:
    return artel.sql(f"SELECT count(*) FROM orders.attachments WHERE id = {attachment_id}")[0][0] == "1"


def fetch(person, url: str) -> int:
    """A private file through its context's route, as the browser asks for it: the status."""
    return person.client.raw.get(person.client.url(url), timeout=10).status_code


def served(person, name: str) -> int:
    """200 when the public file is served; 404 (checked as the NotFound error) when it is gone or private."""
    response = person.get(f"/api/files/{name}")
    if response.status_code != 200:
        assert_error(response, 404, "NotFound")
    return response.status_code


def test_waiting_uploads_are_limited_per_account(people):
    customer, other = people(2)
    waiting = [uploaded(customer, text_file(str(i))) for i in range(PENDING_LIMIT)]
    response = upload(customer, text_file("one too many"), "more.txt")
    assert_error(response, 409, "Conflict")
    assert response.json()["message"] == message("en", "orders:uploads_pending").replace("{{count}}", "30")
    # Another account is not affected, and attaching files to an order gives the allowance back.
    uploaded(other, text_file("other"))
    create_order(customer, attachment_ids=[item["id"] for item in waiting[:10]])
    uploaded(customer, text_file("after publishing"))


def test_the_limit_message_is_localized(people):
    (person,) = people(1, "ru")
    for i in range(PENDING_LIMIT):
        uploaded(person, text_file(f"ru {i}"))
    response = upload(person, text_file("ru more"), "ещё.txt")
    assert_error(response, 409, "Conflict")
    assert response.json()["message"] == message("ru", "orders:uploads_pending").replace("{{count}}", "30")


def test_old_unattached_uploads_are_swept_with_their_files(artel, people):
    (customer,) = people(1)
    old = uploaded(customer, text_file("abandoned"))
    recent = uploaded(customer, text_file("still filling the form"))
    old_name, recent_name = file_name(artel, old), file_name(artel, recent)  # before the sweep may take a row
    age(artel, old["id"])
    poll(lambda: not row_exists(artel, old["id"]), SWEEP_TIMEOUT, what="the old upload swept")
    assert not private_file(artel, old_name).exists(), "its file is gone from disk"
    assert fetch(customer, old["url"]) == 404
    assert row_exists(artel, recent["id"]) and private_file(artel, recent_name).exists()
    assert fetch(customer, recent["url"]) == 200
    # A swept id can no longer be attached.
    field_errors(customer.post("/api/orders", json={**order_input(), "attachment_ids": [old["id"]]}), "attachment_ids")


def test_a_file_another_upload_uses_stays(artel, people):
    first, second = people(2)
    content = pdf_bytes() + f"% {token()}\n".encode()
    kept = uploaded(first, content, "spec.pdf")
    order = create_order(first, attachment_ids=[kept["id"]])
    abandoned = uploaded(second, content, "same-spec.pdf")
    assert file_name(artel, abandoned) == file_name(artel, kept), "identical bytes share one stored file"
    age(artel, abandoned["id"])
    poll(lambda: not row_exists(artel, abandoned["id"]), SWEEP_TIMEOUT, what="the abandoned upload swept")
    assert private_file(artel, file_name(artel, kept)).exists(), "the order still has its file"
    assert fetch(second, kept["url"]) == 200
    detail = assert_matches(first.get(f"/api/orders/{order['id']}"), "GET", "/api/orders/{id}")
    assert [item["id"] for item in detail["attachments"]] == [kept["id"]]


def test_the_same_bytes_as_an_avatar_are_a_public_and_a_private_file(artel, people):
    (person,) = people(1)
    response = person.client.put("/api/user/avatar", data=png_bytes(), headers={"Content-Type": "image/png"})
    avatar_name = assert_matches(response, "PUT", "/api/user/avatar")["avatar"].rsplit("/", 1)[1]
    # The avatar is stored re-encoded; the same bytes uploaded as an order file get the same content address,
    # as a private file of their own.
    image = person.get(f"/api/files/{avatar_name}").content
    attachment = uploaded(person, image, "me.jpg")
    assert file_name(artel, attachment) == avatar_name
    thumbnail = file_name(artel, attachment, column="thumbnail_name")
    assert private_file(artel, avatar_name).exists() and private_file(artel, thumbnail).exists()
    assert served(person, thumbnail) == 404, "the upload's thumbnail is not public"
    age(artel, attachment["id"])
    poll(lambda: not row_exists(artel, attachment["id"]), SWEEP_TIMEOUT, what="the image upload swept")
    assert served(person, avatar_name) == 200, "the avatar still shows: public by its own upload"
    # The private files were the upload's alone: gone.
    assert not private_file(artel, avatar_name).exists() and not private_file(artel, thumbnail).exists()


def test_a_deleted_orders_files_are_swept(artel, people):
    (customer,) = people(1)
    attachment = uploaded(customer, text_file("order file"))
    order = create_order(customer, attachment_ids=[attachment["id"]])
    age(artel, attachment["id"])
    time.sleep(2)
    assert row_exists(artel, attachment["id"]), "attached files are never swept"
    # The stored name before the deletion: the sweep (every second here) may take the row at once after it.
    name = file_name(artel, attachment)
    assert_matches(customer.delete(f"/api/orders/{order['id']}"), "DELETE", "/api/orders/{id}")
    poll(lambda: not row_exists(artel, attachment["id"]), SWEEP_TIMEOUT, what="the deleted order's file swept")
    assert not private_file(artel, name).exists()



def chat_upload(person, content: bytes, name: str) -> dict:
    response = person.post("/api/chats/attachments", params={"name": name}, data=content,
                           headers={"Content-Type": "application/octet-stream"})
    return assert_matches(response, "POST", "/api/chats/attachments", 201)


def stored_name(artel, table: str, attachment_id: int) -> str:
    return artel.sql(f"SELECT file_name FROM {table} WHERE id = {attachment_id}")[0][0]


def test_a_file_a_chat_uses_stays(artel, people):
    """The orders sweep asks storage::FileReferences, where the messenger registered its attachments."""
    me, other = people(2)
    content = pdf_bytes() + f"% chat {token()}\n".encode()
    chat = assert_matches(me.post("/api/chats", json={"user_id": other.id}), "POST", "/api/chats", 201)
    attachment = chat_upload(me, content, "contract.pdf")
    message = assert_matches(
        me.post(f"/api/chats/{chat['id']}/messages",
                json={"client_id": str(uuid.uuid4()), "text": "the contract",
                      "attachment_ids": [attachment["id"]]}),
        "POST", "/api/chats/{chat_id}/messages", 201)
    abandoned = uploaded(me, content, "same-contract.pdf")
    assert file_name(artel, abandoned) == stored_name(artel, "messenger.attachments", attachment["id"])
    age(artel, abandoned["id"])
    poll(lambda: not row_exists(artel, abandoned["id"]), SWEEP_TIMEOUT, what="the abandoned order upload swept")
    response = other.client.raw.get(other.client.url(message["attachments"][0]["url"]), timeout=30)
    assert response.status_code == 200 and response.content == content, "the chat still has its file"


def test_unsent_chat_uploads_are_swept_with_their_files(artel, people):
    (me,) = people(1)
    attachment = chat_upload(me, text_file("never sent"), "draft.txt")
    name = stored_name(artel, "messenger.attachments", attachment["id"])
    artel.sql(f"UPDATE messenger.attachments SET created_at = now() - interval '2 days' WHERE id = {attachment['id']}")
    past = time.time() - 2 * 86400
    os.utime(private_file(artel, name), (past, past))
    poll(lambda: artel.sql(f"SELECT count(*) FROM messenger.attachments WHERE id = {attachment['id']}")[0][0] == "0",
         SWEEP_TIMEOUT, what="the unsent chat upload swept")
    poll(lambda: not private_file(artel, name).exists(), SWEEP_TIMEOUT, what="its file removed")


def make_legacy(artel, table: str, attachment_id: int, days: int = 2) -> list[str]:
    """Puts an attachment back as it was before private files: its files in the public namespace only, stored
    `days` ago, and the row not marked."""
    names = [name for name in artel.sql(f"SELECT file_name, thumbnail_name FROM {table} "
                                        f"WHERE id = {attachment_id}")[0] if name]
    past = time.time() - days * 86400
    for name in names:
        os.replace(private_file(artel, name), public_file(artel, name))
        os.utime(public_file(artel, name), (past, past))
    artel.sql(f"UPDATE {table} SET stored_private = false WHERE id = {attachment_id}")
    return names


def marked_private(artel, table: str, attachment_id: int) -> bool:
    return artel.sql(f"SELECT stored_private FROM {table} WHERE id = {attachment_id}")[0][0] == "t"


def test_files_stored_before_private_files_are_moved_by_the_sweep(artel, people):
    me, other = people(2)
    chat = assert_matches(me.post("/api/chats", json={"user_id": other.id}), "POST", "/api/chats", 201)
    attachment = chat_upload(me, conftest.png_bytes(11, 5, uuid.uuid4().bytes[:3]), "old.png")
    message = assert_matches(
        me.post(f"/api/chats/{chat['id']}/messages",
                json={"client_id": str(uuid.uuid4()), "text": "an old photo", "attachment_ids": [attachment["id"]]}),
        "POST", "/api/chats/{chat_id}/messages", 201)
    names = make_legacy(artel, "messenger.attachments", attachment["id"])
    assert len(names) == 2 and all(served(me, name) == 200 for name in names), "public, as before the upgrade"
    url = message["attachments"][0]["url"]
    assert fetch(other, url) == 200, "the chat serves it while it waits to be moved"
    poll(lambda: marked_private(artel, "messenger.attachments", attachment["id"]), SWEEP_TIMEOUT,
         what="the old chat file moved")
    for name in names:
        assert served(me, name) == 404 and not public_file(artel, name).exists()
        assert private_file(artel, name).exists()
    assert fetch(other, url) == 200

    # An order file whose bytes a public owner (a portfolio) also uses keeps its public copy: public by that upload.
    image = portfolio_upload(me)
    project = me.post("/api/portfolio/projects", json={
        "group_id": None, "name": "Poster", "description": "", "tools": [], "link": None,
        "images": [{"id": image["id"], "cover": True}]})
    assert project.status_code == 201, project.text
    shown = image["url"].rsplit("/", 1)[1]
    order_file = uploaded(me, me.get(image["url"]).content, "poster.jpg")
    create_order(me, attachment_ids=[order_file["id"]])
    assert file_name(artel, order_file) == shown
    os.remove(private_file(artel, shown))
    artel.sql(f"UPDATE orders.attachments SET stored_private = false WHERE id = {order_file['id']}")
    poll(lambda: marked_private(artel, "orders.attachments", order_file["id"]), SWEEP_TIMEOUT,
         what="the old order file moved")
    assert private_file(artel, shown).exists() and served(me, shown) == 200, "the portfolio still shows it"


# --- portfolio images (libs/profiles) -------------------------------------------------------------------------------


def portfolio_upload(person) -> dict:
    """An image of its own colour, so no other upload shares its stored files."""
    rgb = uuid.uuid4().bytes[:3]
    response = person.post("/api/portfolio/images", data=conftest.png_bytes(12, 9, rgb), headers={"Content-Type": "image/png"})
    return assert_matches(response, "POST", "/api/portfolio/images", 201)


def age_portfolio_image(artel, image_id: int, days: int = 2) -> None:
    names = artel.sql(f"SELECT file_name, thumbnail_name FROM profiles.portfolio_images WHERE id = {image_id}")[0]
    past = time.time() - days * 86400
    for name in filter(None, names):
        os.utime(artel.data_dir / "uploads" / name, (past, past))
    artel.sql(f"UPDATE profiles.portfolio_images SET created_at = now() - interval '{days} days' WHERE id = {image_id}")


def portfolio_image_exists(artel, image_id: int) -> bool:
    return artel.sql(f"SELECT count(*) FROM profiles.portfolio_images WHERE id = {image_id}")[0][0] == "1"


def test_portfolio_uploads_no_project_uses_are_swept_with_their_files(artel, people):
    (person,) = people(1)
    upload = portfolio_upload(person)
    kept = portfolio_upload(person)
    project = person.post("/api/portfolio/projects", json={
        "group_id": None, "name": "Shop", "description": "", "tools": [], "link": None,
        "images": [{"id": kept["id"], "cover": True}]})
    assert project.status_code == 201, project.text
    age_portfolio_image(artel, upload["id"])
    age_portfolio_image(artel, kept["id"])
    poll(lambda: not portfolio_image_exists(artel, upload["id"]), SWEEP_TIMEOUT, what="the unused upload swept")
    assert served(person, upload["url"].rsplit("/", 1)[1]) == 404
    assert served(person, upload["thumbnail_url"].rsplit("/", 1)[1]) == 404
    assert portfolio_image_exists(artel, kept["id"]), "an image in a project stays"
    assert served(person, kept["url"].rsplit("/", 1)[1]) == 200

    # A deleted project's images are unattached: swept in turn.
    response = person.delete(f"/api/portfolio/projects/{project.json()['id']}")
    assert response.status_code == 204, response.text
    poll(lambda: not portfolio_image_exists(artel, kept["id"]), SWEEP_TIMEOUT, what="the dropped image swept")
    assert served(person, kept["url"].rsplit("/", 1)[1]) == 404


def test_an_order_sweep_keeps_a_file_a_portfolio_shows(artel, people):
    (person,) = people(1)
    image = portfolio_upload(person)
    project = person.post("/api/portfolio/projects", json={
        "group_id": None, "name": "Logo", "description": "", "tools": [], "link": None,
        "images": [{"id": image["id"], "cover": True}]})
    assert project.status_code == 201, project.text
    name = image["url"].rsplit("/", 1)[1]
    # The same bytes uploaded for an order get the same name as a private file; sweeping that upload must leave
    # the portfolio's public file.
    attachment = uploaded(person, person.get(image["url"]).content, "logo.jpg")
    assert file_name(artel, attachment) == name
    age(artel, attachment["id"])
    poll(lambda: not row_exists(artel, attachment["id"]), SWEEP_TIMEOUT, what="the order upload swept")
    assert served(person, name) == 200, "the portfolio still shows it"


def test_a_replaced_company_logo_is_swept_unless_another_company_shows_it(artel, people):
    owner, other = people(2)
    body = {"name": "Sweep Ltd", "industry": "it", "size": "1_10"}
    first = assert_matches(owner.post("/api/companies", json=body), "POST", "/api/companies", 201)
    second = assert_matches(other.post("/api/companies", json=body), "POST", "/api/companies", 201)
    headers = {"Content-Type": "application/octet-stream"}

    def set_logo(person, company, content) -> dict:
        response = person.client.put(f"/api/companies/{company['id']}/logo", data=content, headers=headers)
        return assert_matches(response, "PUT", "/api/companies/{id}/logo")["logo"]

    old = set_logo(owner, first, png_bytes(37, 23))
    shared = set_logo(owner, first, png_bytes(41, 29))
    assert set_logo(other, second, png_bytes(41, 29)) == shared, "the same bytes, the same files"
    assert owner.delete(f"/api/companies/{first['id']}/logo").status_code == 200
    names = [url.rsplit("/", 1)[1] for url in (old["url"], old["thumbnail_url"], shared["url"])]
    past = time.time() - 2 * 86400
    for name in names:
        os.utime(artel.data_dir / "uploads" / name, (past, past))
    dropped = ", ".join(f"'{name}'" for name in names)
    artel.sql(f"UPDATE companies.dropped_logos SET dropped_at = now() - interval '2 days' WHERE name IN ({dropped})")
    poll(lambda: served(owner, names[0]) == 404 and served(owner, names[1]) == 404, SWEEP_TIMEOUT,
         what="the replaced logo swept")
    assert served(owner, names[2]) == 200, "the other company still shows it"
    assert artel.sql(f"SELECT count(*) FROM companies.dropped_logos WHERE name IN ({dropped})")[0][0] == "0"
