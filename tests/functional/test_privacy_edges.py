"""Edges a security probe found (issue 22, part 3), over HTTP against the real binary.

Private files: a file attached in a private context (a chat, a support ticket, an order) is stored apart from the
public files and served only by its context's route after that context's access check, never by
/api/files/<sha256>.<ext>, whoever asks and whoever holds the same bytes. Guests behind one address: a guest's
pending support upload is bound to the token its upload answered with, not to the address. Blocked accounts: every
way to start contact with one (a chat, a message, an invitation, a personal offer, a bid) is refused with 409 and a
localized message. Hiring's invitations and responses are in test_hiring.py (its rows are written there)."""

import uuid

import pytest

from checks import assert_error, assert_matches
from conftest import png_bytes as coloured_png
from marketplace import (People, bid_input, create_order, get_order, job_offer, message, order_input, pdf_bytes,
                         place_bid, token, upload)


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=17, ru=2)
    yield made
    made.close()


def stored_name(artel, table: str, attachment_id: int, column: str = "file_name") -> str:
    return artel.sql(f"SELECT {column} FROM {table} WHERE id = {attachment_id}")[0][0]


def public_status(client, name: str) -> int:
    """/api/files/<name>: 200, or the one 404 answer."""
    response = client.get(f"/api/files/{name}")
    if response.status_code != 200:
        assert_error(response, 404, "NotFound")
    return response.status_code


def fetch(client, url: str):
    """As a browser fetches a link or an <img>: its cookies, no X-Requested-With."""
    return client.raw.get(client.url(url), timeout=10)


def unique_pdf(label: str) -> bytes:
    return pdf_bytes() + f"% {label} {token()}\n".encode()


def unique_png() -> bytes:
    return coloured_png(9, 7, uuid.uuid4().bytes[:3])


def chat_with_file(me, other, content: bytes, name: str) -> tuple[dict, dict]:
    started = me.post("/api/chats", json={"user_id": other.id})
    chat = assert_matches(started, "POST", "/api/chats", 201 if started.status_code == 201 else 200)
    response = me.post("/api/chats/attachments", params={"name": name}, data=content,
                       headers={"Content-Type": "application/octet-stream"})
    attachment = assert_matches(response, "POST", "/api/chats/attachments", 201)
    sent = me.post(f"/api/chats/{chat['id']}/messages",
                   json={"client_id": str(uuid.uuid4()), "text": "the file", "attachment_ids": [attachment["id"]]})
    return chat, assert_matches(sent, "POST", "/api/chats/{chat_id}/messages", 201)


# --- private files --------------------------------------------------------------------------------------------------


def test_a_chat_file_is_served_to_its_participants_only_never_by_the_public_path(artel, people):
    me, other, stranger = people(3)
    content = unique_pdf("chat")
    _, sent = chat_with_file(me, other, content, "contract.pdf")
    (file,) = sent["attachments"]
    name = stored_name(artel, "messenger.attachments", file["id"])
    for client in (people.guest(), stranger.client, other.client, me.client):
        assert public_status(client, name) == 404, "a chat file is never public"
    for participant in (me, other):
        served = fetch(participant.client, file["url"])
        assert served.status_code == 200 and served.content == content
        assert served.headers["Cache-Control"].startswith("private")
    assert fetch(stranger.client, file["url"]).status_code == 404


def test_a_chat_image_and_its_thumbnail_are_not_public(artel, people):
    me, other = people(2)
    _, sent = chat_with_file(me, other, unique_png(), "photo.png")
    (file,) = sent["attachments"]
    guest = people.guest()
    for column in ("file_name", "thumbnail_name"):
        assert public_status(guest, stored_name(artel, "messenger.attachments", file["id"], column)) == 404
    assert fetch(other.client, file["thumbnail_url"]).status_code == 200


def test_a_ticket_attachment_is_served_to_admins_only(artel, people, admin_client):
    (user,) = people(1)
    guest = people.guest()
    content = unique_pdf("ticket")
    response = guest.post("/api/help/attachments", params={"name": "statement.pdf"}, data=content,
                          headers={"Content-Type": "application/octet-stream"})
    upload_ = assert_matches(response, "POST", "/api/help/attachments", 201)
    ticket = {"topic": "payments", "subject": "A refund", "message": "Please see the statement attached.",
              "email": "payer@example.com", "attachment_ids": [upload_["id"]], "upload_tokens": [upload_["upload_token"]]}
    created = assert_matches(guest.post("/api/help/tickets", json=ticket), "POST", "/api/help/tickets", 201)
    name = stored_name(artel, "help.attachments", upload_["id"])
    for client in (guest, user.client, people.guest(), admin_client):
        assert public_status(client, name) == 404, "a ticket attachment is never public"

    detail = assert_matches(admin_client.get(f"/api/admin/tickets/{created['id']}"), "GET", "/api/admin/tickets/{id}")
    (attachment,) = detail["attachments"]
    assert attachment["url"].startswith(f"/api/admin/tickets/{created['id']}/files/{attachment['id']}")
    served = fetch(admin_client, attachment["url"])
    assert served.status_code == 200 and served.content == content
    assert "statement.pdf" in served.headers["Content-Disposition"]
    # The link from the admin panel (or a forwarded mail) opens nothing without an admin's session.
    assert_error(fetch(people.guest(), attachment["url"]), 401)
    assert_error(fetch(user.client, attachment["url"]), 403)
    assert_error(fetch(guest, attachment["url"]), 401)
    # Another ticket's path does not reach it.
    other = assert_matches(guest.post("/api/help/tickets", json={**ticket, "attachment_ids": [], "upload_tokens": []}),
                           "POST", "/api/help/tickets", 201)
    assert_error(fetch(admin_client, f"/api/admin/tickets/{other['id']}/files/{attachment['id']}"), 404)


def test_a_personal_orders_files_are_seen_by_its_parties_only(artel, people):
    customer, performer, stranger = people(3)
    content = unique_pdf("personal")
    attachment = assert_matches(upload(customer, content, "brief.pdf"), "POST", "/api/orders/attachments", 201)
    # An upload no order uses yet: its uploader's alone.
    assert fetch(customer.client, attachment["url"]).status_code == 200
    for client in (stranger.client, people.guest()):
        assert fetch(client, attachment["url"]).status_code == 404
    order, invitation = job_offer(customer, performer, attachment_ids=[attachment["id"]])
    (listed,) = get_order(customer, order["id"])["attachments"]
    for party in (customer, performer):
        served = fetch(party.client, listed["url"])
        assert served.status_code == 200 and served.content == content
    for client in (stranger.client, people.guest()):
        assert_error(fetch(client, listed["url"]), 404)
    name = stored_name(artel, "orders.attachments", attachment["id"])
    for client in (customer.client, performer.client, stranger.client, people.guest()):
        assert public_status(client, name) == 404, "an order's file is never public"
    # Declined, the order opens to everybody, and its files with it.
    declined = performer.post(f"/api/invitations/{invitation['id']}/decline", json={})
    assert declined.status_code == 200, declined.text
    assert fetch(people.guest(), listed["url"]).status_code == 200
    assert public_status(people.guest(), name) == 404


def test_a_public_orders_files_are_served_to_everybody_through_the_order(artel, people):
    (customer,) = people(1)
    image = unique_png()
    attachment = assert_matches(upload(customer, image, "mockup.png"), "POST", "/api/orders/attachments", 201)
    order = create_order(customer, attachment_ids=[attachment["id"]])
    (listed,) = get_order(people.guest(), order["id"])["attachments"]
    guest = people.guest()
    assert fetch(guest, listed["url"]).content == image
    assert fetch(guest, listed["thumbnail_url"]).headers["Content-Type"].startswith("image/")
    assert public_status(guest, stored_name(artel, "orders.attachments", attachment["id"])) == 404


def test_bytes_uploaded_publicly_stay_public_when_also_sent_in_a_chat(artel, people):
    me, other = people(2)
    response = me.client.put("/api/user/avatar", data=unique_png(), headers={"Content-Type": "image/png"})
    avatar = assert_matches(response, "PUT", "/api/user/avatar")["avatar"]
    avatar_name = avatar.rsplit("/", 1)[1]
    avatar_bytes = me.get(avatar).content
    # The avatar's own bytes (as re-encoded) sent in a chat: the same content address in the private files.
    _, sent = chat_with_file(me, other, avatar_bytes, "me.png")
    (file,) = sent["attachments"]
    assert stored_name(artel, "messenger.attachments", file["id"]) == avatar_name
    assert public_status(people.guest(), avatar_name) == 200, "public by the avatar upload"
    assert fetch(other.client, file["url"]).content == avatar_bytes
    # And the other way round: bytes first sent in a chat become public only by a public upload of them.
    content = unique_png()
    _, sent = chat_with_file(me, other, content, "first.png")
    chat_name = stored_name(artel, "messenger.attachments", sent["attachments"][0]["id"])
    assert public_status(people.guest(), chat_name) == 404


# --- guests behind one address ----------------------------------------------------------------------------------------


def test_a_guests_pending_upload_is_bound_to_its_token_not_its_address(artel, new_client):
    shared_ip = f"127.78.{uuid.uuid4().int % 200 + 1}.{uuid.uuid4().int % 200 + 1}"
    first, second = new_client(source_ip=shared_ip), new_client(source_ip=shared_ip)
    response = first.post("/api/help/attachments", params={"name": "screen.png"}, data=unique_png(),
                          headers={"Content-Type": "application/octet-stream"})
    pending = assert_matches(response, "POST", "/api/help/attachments", 201)
    assert isinstance(pending["upload_token"], str) and len(pending["upload_token"]) >= 40
    assert pending["upload_token"] not in str(artel.sql(f"SELECT uploader FROM help.attachments "
                                                         f"WHERE id = {pending['id']}")), "only its hash is kept"
    ticket = {"topic": "bug", "subject": "The page breaks", "message": "See the screenshot attached."}
    # Another guest with no cookies from the same address: without the token, or with a wrong one, 422.
    for tokens in ([], ["x" * 43], None):
        body = {**ticket, "email": "second@example.com", "attachment_ids": [pending["id"]]}
        if tokens is not None:
            body["upload_tokens"] = tokens
        refused = second.post("/api/help/tickets", json=body)
        assert_error(refused, 422, errors=["attachment_ids"])
    assert artel.sql(f"SELECT ticket_id IS NULL FROM help.attachments WHERE id = {pending['id']}")[0][0] == "t"
    # The uploader, with its token, attaches it.
    body = {**ticket, "email": "first@example.com", "attachment_ids": [pending["id"]],
            "upload_tokens": [pending["upload_token"]]}
    created = assert_matches(first.post("/api/help/tickets", json=body), "POST", "/api/help/tickets", 201)
    attached = artel.sql(f"SELECT ticket_id FROM help.attachments WHERE id = {pending['id']}")[0][0]
    assert attached == str(created["id"])
    # Used once: the token does not take it again.
    assert_error(first.post("/api/help/tickets", json=body), 422, errors=["attachment_ids"])


def test_a_signed_in_users_upload_needs_no_token(people):
    (user,) = people(1)
    response = user.post("/api/help/attachments", params={"name": "log.txt"}, data=b"a log line\n",
                         headers={"Content-Type": "application/octet-stream"})
    pending = assert_matches(response, "POST", "/api/help/attachments", 201)
    assert pending["upload_token"] is None
    body = {"topic": "bug", "subject": "Broken", "message": "The log is attached.", "attachment_ids": [pending["id"]]}
    assert_matches(user.post("/api/help/tickets", json=body), "POST", "/api/help/tickets", 201)


# --- blocked accounts ------------------------------------------------------------------------------------------------


def block(artel, user_id: int) -> None:
    artel.sql(f"UPDATE identity.users SET blocked_at = now(), blocked_reason = 'Spam' WHERE id = {user_id}")


def assert_blocked(response, lang: str = "en") -> None:
    body = assert_error(response, 409, "Conflict")
    assert body["message"] == message(lang, "profiles:users.blocked"), body


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_way_to_start_contact_refuses_a_blocked_account(artel, people, lang):
    sender, customer = people(2, lang)
    (talked,) = people(1)
    # A chat that existed before the block, and an order of the blocked customer.
    chat = assert_matches(sender.post("/api/chats", json={"user_id": talked.id}), "POST", "/api/chats", 201)
    blocked_order = create_order(talked)
    open_order = create_order(customer)
    block(artel, talked.id)

    assert_blocked(sender.post("/api/chats", json={"user_id": talked.id}), lang)
    sent = sender.post(f"/api/chats/{chat['id']}/messages", json={"client_id": str(uuid.uuid4()), "text": "Hello?"})
    assert_blocked(sent, lang)
    assert artel.sql(f"SELECT count(*) FROM messenger.messages WHERE chat_id = {chat['id']}")[0][0] == "0"
    assert_blocked(customer.post(f"/api/orders/{open_order['id']}/invitations", json={"performer_id": talked.id}), lang)
    offer = customer.post("/api/job-offers", json={**order_input(), "performer_id": talked.id})
    assert_blocked(offer, lang)
    assert_blocked(sender.post(f"/api/orders/{blocked_order['id']}/bids", json=bid_input()), lang)
    assert artel.sql(f"SELECT count(*) FROM bids.invitations WHERE performer_id = {talked.id}")[0][0] == "0"

    # Anybody else is still reachable.
    assert sender.post("/api/chats", json={"user_id": customer.id}).status_code == 201
    place_bid(sender, open_order["id"])
