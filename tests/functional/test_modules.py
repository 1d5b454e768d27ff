"""The module platform as a person running Artel meets it: every command installs every module, so a setting
nobody reads stops Artel with its name, and `artel seed-demo` runs each module's seeder once, in order, with
the notifications the domains' events produce."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest import DEFAULT_BIN, REPO_ROOT, ArtelServer


@pytest.fixture
def idle_server(mail_sink):
    """An ArtelServer that is not started: for running the maintenance commands on a throwaway directory."""
    binary = pathlib.Path(os.environ.get("ARTEL_BIN", DEFAULT_BIN))
    if not binary.is_absolute():
        binary = REPO_ROOT / binary
    work_dir = pathlib.Path(tempfile.mkdtemp(prefix="artel-modules-"))
    work_dir.chmod(0o755)
    sink, smtp_port = mail_sink
    server = ArtelServer(binary, work_dir, sink, smtp_port)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(work_dir, ignore_errors=True)


def run(server: ArtelServer, *arguments: str, env: dict[str, str] | None = None,
        timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([str(server.binary), *arguments], cwd=REPO_ROOT, env={**server.env, **(env or {})},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)


def test_an_unknown_setting_in_the_file_stops_artel_with_its_name(idle_server, tmp_path):
    config = tmp_path / "artel.yaml"
    config.write_text("server:\n  trust_forwarded: true\n")
    result = run(idle_server, "--config", str(config), "migrate")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "server.trust_forwarded" in result.stderr
    assert "unknown setting" in result.stderr


def test_an_unknown_environment_variable_stops_artel_with_its_name(idle_server):
    result = run(idle_server, "migrate", env={"ARTEL_JOBS_INTERVALL": "5"})
    assert result.returncode == 1, result.stdout + result.stderr
    assert "ARTEL_JOBS_INTERVALL" in result.stderr


def test_module_and_server_settings_are_known(idle_server, tmp_path):
    config = tmp_path / "artel.yaml"
    config.write_text("server:\n  trust_forwarded_for: true\n  write_timeout: 30\n  max_connections: 500\n"
                      "jobs:\n  interval: 5\nstorage:\n  upload_retention: 7200\n")
    result = run(idle_server, "--config", str(config), "migrate")
    assert result.returncode == 0, result.stdout + result.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("storage:\n  upload_retention: 60\n")
    result = run(idle_server, "--config", str(bad), "migrate")
    assert result.returncode == 1
    assert "storage.upload_retention" in result.stderr, "the platform checks its own sections"
    # Issue 23: the settings orders used to hold for everybody live with their owners; the old keys are unknown.
    old = tmp_path / "old.yaml"
    old.write_text("marketplace:\n  job_interval: 5\n")
    result = run(idle_server, "--config", str(old), "migrate")
    assert result.returncode == 1
    assert "config marketplace: unknown setting" in result.stderr, "a section nobody reads any more"


def test_the_help_section_is_known_and_checked(idle_server, tmp_path):
    config = tmp_path / "artel.yaml"
    config.write_text("help:\n  support_address: help@example.com\n  tickets_per_hour: 3\n"
                      "  tickets_per_ip_per_hour: 50\n")
    result = run(idle_server, "--config", str(config), "migrate")
    assert result.returncode == 0, result.stdout + result.stderr
    typo = tmp_path / "typo.yaml"
    typo.write_text("help:\n  support_adress: help@example.com\n")
    result = run(idle_server, "--config", str(typo), "migrate")
    assert result.returncode == 1 and "help.support_adress" in result.stderr, result.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("help:\n  support_address: nobody\n")
    result = run(idle_server, "--config", str(bad), "migrate")
    assert result.returncode == 1 and "help.support_address" in result.stderr, result.stderr


def test_the_notifications_section_is_known_and_checked(idle_server, tmp_path):
    config = tmp_path / "artel.yaml"
    config.write_text("notifications:\n  unsubscribe_secret: 0123456789abcdef0123456789abcdef\n")
    result = run(idle_server, "--config", str(config), "migrate")
    assert result.returncode == 0, result.stdout + result.stderr
    short = tmp_path / "short.yaml"
    short.write_text("notifications:\n  unsubscribe_secret: too-short\n")
    result = run(idle_server, "--config", str(short), "migrate")
    assert result.returncode == 1 and "notifications.unsubscribe_secret" in result.stderr, result.stderr


def test_seed_demo_runs_every_modules_seeder_once(idle_server):
    first = run(idle_server, "seed-demo")
    assert first.returncode == 0, first.stdout + first.stderr
    for line in ("Demo accounts (e-mail / password):", "customer@artel.local", "Demo people: 20",
                 "Demo profiles: 13 performers", "Demo orders: 200", "Demo bids:", "Demo reviews:",
                 "Demo chats: 4 chats", "Demo companies: 10 (9 logos), 21 reviews, 8 replies", "Demo vacancies: 41",
                 "Demo landing pages: 2", "Demo help: 27 FAQ questions, 12 pages, 5 tickets",
                 "Demo wallets: 10 (30 top-ups)", "Demo safe deals:", "Demo payouts: 14 (4 accounts)",
                 "Demo favourites:"):
        assert line in first.stdout, f"{line!r} missing from:\n{first.stdout}"
    assert first.stdout.index("Demo orders") < first.stdout.index("Demo bids") < first.stdout.index(
        "Demo reviews"), "seeders run in module order"

    second = run(idle_server, "seed-demo")
    assert second.returncode == 0, second.stdout + second.stderr
    for line in ("Demo profiles", "Demo orders", "Demo bids", "Demo reviews", "Demo chats", "Demo companies",
                 "Demo vacancies", "Demo landing pages", "Demo help", "Demo wallets", "Demo safe deals",
                 "Demo payouts", "Demo favourites"):
        assert line not in second.stdout, f"a second run added data again:\n{second.stdout}"

    idle_server.start()
    orders, bids, reviews, selected, offers = idle_server.sql(
        "SELECT (SELECT count(*) FROM orders.orders), (SELECT count(*) FROM bids.bids), "
        "(SELECT count(*) FROM reviews.reviews), (SELECT count(*) FROM orders.orders WHERE performer_id IS NOT NULL), "
        "(SELECT count(*) FROM orders.orders WHERE visibility = 'personal')")[0]
    assert int(orders) == 201, "200 orders and the personal offer"
    # Demo favourites: the demo accounts of both languages keep some of every kind.
    kinds = dict(idle_server.sql(
        "SELECT u.email, count(DISTINCT f.kind) FROM identity.users u JOIN favourites.favourites f ON f.user_id = u.id "
        "GROUP BY u.email"))
    assert {email: int(n) for email, n in kinds.items()} == {
        "customer@artel.local": 5, "performer@artel.local": 5, "anna.smirnova@demo.artel.local": 5,
        "james.carter@demo.artel.local": 5}, kinds
    # Demo companies: their sums are their reviews', some reviews are anonymous, the logos are on disk.
    companies, off_sums, anonymous, logos = idle_server.sql(
        "SELECT count(*), count(*) FILTER (WHERE review_count <> (SELECT count(*) FROM companies.reviews r "
        "WHERE r.company_id = c.id) OR rating_sum <> (SELECT coalesce(sum(rating), 0) FROM companies.reviews r "
        "WHERE r.company_id = c.id)), (SELECT count(*) FROM companies.reviews WHERE anonymous), "
        "count(logo) FROM companies.companies c")[0]
    assert (int(companies), int(off_sums), int(logos)) == (10, 0, 9) and int(anonymous) >= 5
    # Demo vacancies of the demo companies, in every state, across the categories, in both languages; the
    # published ones are in the public list (their search documents written).
    states = dict(idle_server.sql("SELECT status, count(*) FROM vacancies.vacancies GROUP BY status"))
    assert set(states) == {"draft", "published", "archived"} and int(states["published"]) >= 25, states
    categories, russian_titles, english_titles, unsearchable, expiring = idle_server.sql(
        "SELECT count(DISTINCT category_id), count(*) FILTER (WHERE title ~ '[А-Яа-я]'), "
        "count(*) FILTER (WHERE title !~ '[А-Яа-я]'), count(*) FILTER (WHERE search = ''::tsvector), "
        "count(*) FILTER (WHERE status = 'published' AND expires_at < now() + interval '3 days') "
        "FROM vacancies.vacancies")[0]
    assert int(categories) == 8 and int(russian_titles) >= 20 and int(english_titles) >= 8
    assert int(unsearchable) == 0 and int(expiring) >= 1
    # Demo wallets: back-dated top-ups credited through the ledger, whose books balance.
    funded, entries, unbalanced, off_cache = idle_server.sql(
        "SELECT (SELECT count(*) FROM wallet.accounts WHERE kind = 'user' AND balance > 0), "
        "(SELECT count(*) FROM wallet.transfers WHERE kind = 'topup' AND created_at < now() - interval '1 day'), "
        "(SELECT count(*) FROM (SELECT currency FROM wallet.accounts GROUP BY currency HAVING sum(balance) <> 0) u), "
        "(SELECT count(*) FROM wallet.accounts a WHERE balance <> "
        "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE credit_account = a.id), 0) - "
        "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE debit_account = a.id), 0))")[0]
    # (The safe deals' customers get a top-up of today too, and their performers their payments.)
    assert int(funded) >= 10 and (int(entries), int(unbalanced), int(off_cache)) == (30, 0, 0)
    # Demo safe deals: milestones in several states through the service; escrow empty between steps, the
    # customers' holds exactly the funded, delivered and disputed milestones.
    statuses = dict(idle_server.sql("SELECT status, count(*) FROM wallet.milestones GROUP BY status"))
    assert {"released", "funded", "delivered", "disputed", "refunded", "draft"} <= set(statuses), statuses
    escrow, off_holds = idle_server.sql(
        "SELECT (SELECT coalesce(sum(balance), 0) FROM wallet.accounts WHERE kind = 'escrow'), "
        "(SELECT coalesce(sum(held), 0) FROM wallet.accounts WHERE kind = 'user') - (SELECT coalesce(sum(amount), 0) "
        "FROM wallet.milestones WHERE status IN ('funded', 'delivered', 'disputed'))")[0]
    assert (int(escrow), int(off_holds)) == (0, 0)
    # Every demo performer has a profile with a portfolio (pictures drawn with libgd) and prices; the reputation
    # rows match their sources.
    performers, without_portfolio, without_prices, images, rated = idle_server.sql(
        "SELECT count(*), count(*) FILTER (WHERE project_count = 0), "
        "count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM profiles.prices p WHERE p.user_id = f.user_id)), "
        "(SELECT count(*) FROM profiles.portfolio_images WHERE project_id IS NOT NULL), "
        "count(*) FILTER (WHERE review_count > 0) FROM profiles.freelancers f WHERE main_specialization_id IS NOT NULL")[0]
    assert int(performers) == 13 and int(without_portfolio) == 0 and int(without_prices) == 0
    assert int(images) >= 13 * 4 and int(rated) > 0
    (mismatched,) = idle_server.sql(
        "SELECT count(*) FROM profiles.customers c WHERE orders_completed <> "
        "(SELECT count(*) FROM orders.orders o WHERE o.customer_id = c.user_id AND o.status = 'completed')")[0]
    assert int(mismatched) == 0
    assert int(bids) > 200 and int(reviews) > 10 and int(selected) > 10 and int(offers) == 1
    # The domains' events reached the notifications module through the registry, in the seeders' own
    # transactions: one bid_received per bid, one review_received per review, one invitation_received.
    kinds = dict(idle_server.sql("SELECT kind, count(*) FROM notifications.notifications GROUP BY kind"))
    assert int(kinds["bid_received"]) == int(bids)
    assert int(kinds["review_received"]) == int(reviews)
    assert int(kinds["invitation_received"]) == 1
    assert int(kinds["bid_selected"]) > 0 and int(kinds["order_completed"]) > 0
    # Notification settings of a few demo accounts (zones, quiet hours, choices other than the defaults); the
    # seeders' events are history, so they queue no notification mails.
    choosers, zones, quiet = idle_server.sql(
        "SELECT count(DISTINCT p.user_id), (SELECT count(*) FROM notifications.user_settings WHERE time_zone <> 'UTC'), "
        "(SELECT count(*) FROM notifications.user_settings WHERE quiet_from IS NOT NULL) "
        "FROM notifications.preferences p")[0]
    assert int(choosers) == 4 and int(zones) == 4 and int(quiet) == 3
    assert idle_server.sql("SELECT count(*) FROM mail.outbox WHERE template = 'notifications:mail.notification'")[0] == ("0",)
    # Chats between the demo people, in their language, some about an order, some unread, one cautioned.
    chats, with_order, russian, cautioned, unread = idle_server.sql(
        "SELECT (SELECT count(*) FROM messenger.chats WHERE context_type IS DISTINCT FROM 'response'), "
        "(SELECT count(*) FROM messenger.chats WHERE context_type = 'order'), "
        "(SELECT count(*) FROM messenger.messages WHERE text ~ '[А-Яа-я]'), "
        "(SELECT count(*) FROM messenger.messages WHERE cardinality(caution) > 0), "
        "(SELECT count(*) FROM messenger.participants p WHERE EXISTS (SELECT 1 FROM messenger.messages m "
        "WHERE m.chat_id = p.chat_id AND m.user_id <> p.user_id AND m.id > coalesce(p.last_read_message_id, 0)))")[0]
    assert int(chats) == 4 and int(with_order) >= 2 and int(russian) >= 5
    assert int(cautioned) >= 1 and int(unread) >= 2
    # Resumes of the demo performers in both languages, in every state and visibility, some with photos; a
    # second run adds none.
    assert "Demo resumes: 30" in first.stdout and "Demo resumes" not in second.stdout
    total, published, hidden, drafts, responded, photos, ru, en = idle_server.sql(
        "SELECT count(*), count(*) FILTER (WHERE status = 'published'), count(*) FILTER (WHERE status = 'hidden'), "
        "count(*) FILTER (WHERE status = 'draft'), count(*) FILTER (WHERE visibility = 'responded'), "
        "count(*) FILTER (WHERE photo IS NOT NULL), count(*) FILTER (WHERE position ~ '[А-Яа-я]'), "
        "count(*) FILTER (WHERE position !~ '[А-Яа-я]') FROM resumes.resumes")[0]
    assert int(total) == 30 and int(published) >= 15 and int(hidden) >= 2 and int(drafts) >= 2
    assert int(responded) >= 3 and int(photos) == 10 and int(ru) >= 12 and int(en) >= 12
    (without_entries,) = idle_server.sql(
        "SELECT count(*) FROM resumes.resumes r WHERE NOT EXISTS (SELECT 1 FROM resumes.experience e "
        "WHERE e.resume_id = r.id) OR NOT EXISTS (SELECT 1 FROM resumes.education e WHERE e.resume_id = r.id)")[0]
    assert int(without_entries) == 0
    # Responses between the demo vacancies and resumes, made through Hiring: every state, invitations, a
    # reapplication, a discard old enough to reapply after, in both languages, chats about some; the history
    # ends in each response's state, the vacancies' counters agree with the rows, the resumes were granted to
    # the employers, the other side was notified; a second run adds none.
    assert "Demo responses: 14 (3 invitations, 4 chats)" in first.stdout, first.stdout
    assert "Demo responses" not in second.stdout
    statuses = dict(idle_server.sql("SELECT status, count(*) FROM hiring.responses GROUP BY status"))
    assert set(statuses) == {"response", "viewed", "interview", "offer", "hired", "discarded", "withdrawn"}, statuses
    (responses, invitations, reapplied, reappliable, ru_letters, en_letters, ru_applicants, en_applicants,
     vacancies_with_several, off_history, ungranted) = idle_server.sql(
        "SELECT count(*), count(*) FILTER (WHERE origin = 'invitation'), count(*) FILTER (WHERE attempts > 1), "
        "count(*) FILTER (WHERE status = 'discarded' AND status_changed_at < now() - interval '7 days'), "
        "count(*) FILTER (WHERE letter ~ '[А-Яа-я]'), count(*) FILTER (WHERE letter !~ '[А-Яа-я]'), "
        "count(DISTINCT applicant_id) FILTER (WHERE u.lang = 'ru'), "
        "count(DISTINCT applicant_id) FILTER (WHERE u.lang = 'en'), "
        "(SELECT count(*) FROM (SELECT vacancy_id FROM hiring.responses GROUP BY vacancy_id "
        "HAVING count(*) >= 3) s), "
        "count(*) FILTER (WHERE r.status <> (SELECT e.status FROM hiring.response_events e "
        "WHERE e.response_id = r.id ORDER BY e.id DESC LIMIT 1)), "
        "count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM resumes.grants g WHERE g.resume_id = r.resume_id "
        "AND g.user_id = r.employer_id)) "
        "FROM hiring.responses r JOIN identity.users u ON u.id = r.applicant_id")[0]
    assert int(responses) == 14 and int(invitations) == 3 and int(reapplied) >= 1 and int(reappliable) >= 1
    # Every interview names its date-time (ahead) and format, and the details come in both languages.
    (interviews, without_details, past, ru_places, en_places) = idle_server.sql(
        "SELECT count(*) FILTER (WHERE status = 'interview'), "
        "count(*) FILTER (WHERE status = 'interview' AND origin = 'response' AND interview_at IS NULL), "
        "count(*) FILTER (WHERE interview_at <= now()), "
        "count(*) FILTER (WHERE interview_at IS NOT NULL AND u.lang = 'ru'), "
        "count(*) FILTER (WHERE interview_at IS NOT NULL AND u.lang = 'en') "
        "FROM hiring.responses r JOIN identity.users u ON u.id = r.applicant_id")[0]
    assert int(interviews) >= 2 and int(without_details) == 0 and int(past) == 0
    assert int(ru_places) >= 1 and int(en_places) >= 1, (ru_places, en_places)
    assert int(ru_letters) >= 3 and int(en_letters) >= 3 and int(ru_applicants) >= 2 and int(en_applicants) >= 1
    assert int(vacancies_with_several) >= 3 and int(off_history) == 0 and int(ungranted) == 0
    (off_counters, counted) = idle_server.sql(
        "SELECT count(*) FILTER (WHERE response_count <> (SELECT count(*) FROM hiring.responses r "
        "WHERE r.vacancy_id = v.id) OR new_response_count <> (SELECT count(*) FROM hiring.responses r "
        "WHERE r.vacancy_id = v.id AND r.status = 'response')), count(*) FILTER (WHERE response_count > 0) "
        "FROM vacancies.vacancies v")[0]
    assert int(off_counters) == 0 and int(counted) >= 3
    # The chats about responses are between the response's two sides, with a message from each.
    (response_chats, wrong_pairs, quiet) = idle_server.sql(
        "SELECT count(*), count(*) FILTER (WHERE (c.user_low, c.user_high) <> (least(r.applicant_id, r.employer_id), "
        "greatest(r.applicant_id, r.employer_id))), count(*) FILTER (WHERE (SELECT count(DISTINCT m.user_id) "
        "FROM messenger.messages m WHERE m.chat_id = c.id) < 2) "
        "FROM messenger.chats c JOIN hiring.responses r ON r.id = c.context_id WHERE c.context_type = 'response'")[0]
    assert (int(response_chats), int(wrong_pairs), int(quiet)) == (4, 0, 0)
    # Every transition told the other side: applications and reapplications the employer, invitations the
    # applicant, every other step the other party.
    received, invited, changed = idle_server.sql(
        "SELECT count(*) FILTER (WHERE action IN ('apply', 'reapply')), count(*) FILTER (WHERE action = 'invite'), "
        "count(*) FILTER (WHERE action NOT IN ('apply', 'reapply', 'invite')) FROM hiring.response_events")[0]
    assert int(kinds["response_received"]) == int(received) and int(kinds["response_invited"]) == int(invited) == 3
    assert int(kinds["response_status"]) == int(changed) > 0
    # The help demo: six FAQ categories in both languages, every legal/info page in both languages at version 1 by
    # the demo admin (its version kept), and support tickets in every state, the answered ones with an answer.
    categories, questions, pages, by_admin, versions = idle_server.sql(
        "SELECT (SELECT count(*) FROM help.faq_categories), (SELECT count(*) FROM help.faq_questions "
        "WHERE question_ru ~ '[А-Яа-я]' AND answer_html_en <> '' AND answer_html_ru <> ''), "
        "(SELECT count(*) FROM help.pages WHERE version = 1), (SELECT count(*) FROM help.pages p JOIN identity.users u "
        "ON u.id = p.updated_by WHERE u.email = 'admin@artel.local'), (SELECT count(*) FROM help.page_versions)")[0]
    assert (int(categories), int(questions), int(pages), int(by_admin), int(versions)) == (6, 27, 12, 12, 12)
    tickets = dict(idle_server.sql("SELECT status, count(*) FROM help.tickets GROUP BY status"))
    assert set(tickets) == {"open", "answered", "closed"}, tickets
    (unanswered,) = idle_server.sql("SELECT count(*) FROM help.tickets t WHERE status <> 'open' AND NOT EXISTS "
                                    "(SELECT 1 FROM help.ticket_messages m WHERE m.ticket_id = t.id)")[0]
    assert int(unanswered) == 0
