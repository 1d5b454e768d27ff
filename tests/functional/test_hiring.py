"""Responses and invitations over HTTP against docs/api/openapi.yaml (tag hiring): responding and inviting, the
state machine (every illegal transition → 409 with nothing changed, the wrong side, a stranger → 404), the reapply
rule, two concurrent transitions (exactly one wins; a response racing an invitation makes one row), the
notifications of the other side, the vacancy's counters, the resume grant and what it shows (a responded-only or
hidden resume in detail to the employer it was sent to only, never in a list or a count), both sides' lists with
their tabs and counters, and the messenger's "response" chat context.

Vacancies, companies and resumes are written with SQL here (their own libraries own their APIs); the rows are
what those APIs would write."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timedelta, timezone

import pytest

from checks import assert_error, assert_matches, field_errors
from conftest import REPO_ROOT
from marketplace import People, token

STATES = ["response", "viewed", "interview", "offer", "hired", "discarded", "withdrawn"]
TRANSITIONS = ["view", "interview", "offer", "hire", "discard", "withdraw", "reapply"]
# The state machine as the contract writes it: (from, action) → (side, to).
LEGAL = {
    ("response", "view"): ("employer", "viewed"),
    ("response", "interview"): ("employer", "interview"),
    ("viewed", "interview"): ("employer", "interview"),
    ("viewed", "offer"): ("employer", "offer"),
    ("interview", "offer"): ("employer", "offer"),
    ("offer", "hire"): ("employer", "hired"),
    **{(state, "discard"): ("employer", "discarded") for state in ("response", "viewed", "interview", "offer")},
    **{(state, "withdraw"): ("applicant", "withdrawn") for state in ("response", "viewed", "interview", "offer")},
    ("discarded", "reapply"): ("applicant", "response"),
    ("withdrawn", "reapply"): ("applicant", "response"),
}
# The shortest way to each state from a fresh response: (side, action) steps.
PATHS = {
    "response": [],
    "viewed": [("employer", "view")],
    "interview": [("employer", "interview")],
    "offer": [("employer", "view"), ("employer", "offer")],
    "hired": [("employer", "view"), ("employer", "offer"), ("employer", "hire")],
    "discarded": [("employer", "discard")],
    "withdrawn": [("applicant", "withdraw")],
}
_I18N = {lang: json.loads((REPO_ROOT / "i18n" / lang / "hiring.json").read_text()) for lang in ("en", "ru")}


def text(lang: str, key: str) -> str:
    return _I18N[lang][key]


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=60, ru=2)
    yield made
    made.close()


# --- rows the other libraries own (written as their APIs would) ---------------------------------------------------


class Jobs:
    def __init__(self, artel):
        self.artel = artel

    def one(self, sql: str) -> str:
        return self.artel.sql(sql)[0][0]

    def company(self, owner) -> int:
        return int(self.one(
            "INSERT INTO companies.companies (owner_id, name, industry, size, created_at, updated_at) "
            f"VALUES ({owner.id}, 'Company {token()}', 'it', '11_50', now(), now()) RETURNING id"))

    def vacancy(self, owner, status: str = "published", title: str | None = None) -> dict:
        company = self.company(owner)
        title = title or f"Engineer {token()}"
        published = "now()" if status != "draft" else "NULL"
        expires = "now() + interval '30 days'" if status != "draft" else "NULL"
        archived = "now()" if status == "archived" else "NULL"
        vacancy_id = int(self.one(
            "INSERT INTO vacancies.vacancies (company_id, owner_id, title, category_id, description, employment, "
            "schedule, experience, education, status, published_at, expires_at, archived_at, created_at, updated_at) "
            f"VALUES ({company}, {owner.id}, '{title}', 1, 'We need an engineer.', 'full', 'remote', '1_3', 'any', "
            f"'{status}', {published}, {expires}, {archived}, now(), now()) RETURNING id"))
        return {"id": vacancy_id, "title": title, "company_id": company}

    def resume(self, owner, status: str = "published", visibility: str = "public") -> int:
        published = "now()" if status != "draft" else "NULL"
        resume_id = int(self.one(
            "INSERT INTO resumes.resumes (user_id, position, category_id, status, visibility, published_at, "
            f"created_at, updated_at) VALUES ({owner.id}, 'Developer {token()}', 1, '{status}', '{visibility}', "
            f"{published}, now(), now()) RETURNING id"))
        self.artel.sql("INSERT INTO resumes.experience (resume_id, company, position, started_on, priority) "
                       f"VALUES ({resume_id}, 'Acme', 'Backend developer', '2020-01-01', 0)")
        return resume_id

    def set_vacancy_status(self, vacancy_id: int, status: str) -> None:
        archived = "now()" if status == "archived" else "NULL"
        self.artel.sql(f"UPDATE vacancies.vacancies SET status = '{status}', archived_at = {archived} "
                       f"WHERE id = {vacancy_id}")

    def counters(self, vacancy_id: int) -> tuple[int, int]:
        row = self.artel.sql(
            f"SELECT response_count, new_response_count FROM vacancies.vacancies WHERE id = {vacancy_id}")[0]
        return int(row[0]), int(row[1])

    def granted(self, resume_id: int, user_id: int) -> bool:
        return self.one(f"SELECT EXISTS (SELECT 1 FROM resumes.grants WHERE resume_id = {resume_id} "
                        f"AND user_id = {user_id})") == "t"

    def event_count(self, response_id: int) -> int:
        return int(self.one(f"SELECT count(*) FROM hiring.response_events WHERE response_id = {response_id}"))


@pytest.fixture(scope="module")
def jobs(artel):
    return Jobs(artel)


# --- calls -------------------------------------------------------------------------------------------------------


def respond(applicant, vacancy_id: int, resume_id: int, letter: str = "I would like to join.") -> dict:
    response = applicant.post(f"/api/vacancies/{vacancy_id}/responses",
                              json={"resume_id": resume_id, "letter": letter})
    return assert_matches(response, "POST", "/api/vacancies/{id}/responses", 201)


def at_in(days: float) -> str:
    """A date-time `days` from now (negative: in the past), in whole seconds as the API writes it."""
    moment = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=days)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def interview_details(**changes) -> dict:
    """An interview's details the interview action needs (an online one in three days), with `changes`."""
    return {"interview_at": at_in(3), "interview_format": "online",
            "interview_place": "https://meet.example.com/abc-defg", **changes}


def act(person, response_id: int, action: str, body: dict | None = None):
    # The interview action needs its details; the tests that walk the machine send the usual ones.
    if body is None and action == "interview":
        body = interview_details()
    return person.post(f"/api/responses/{response_id}/{action}", json=body or {})


def acted(person, response_id: int, action: str, body: dict | None = None) -> dict:
    return assert_matches(act(person, response_id, action, body), "POST", "/api/responses/{id}/{action}")


def get(person, response_id: int) -> dict:
    return assert_matches(person.get(f"/api/responses/{response_id}"), "GET", "/api/responses/{id}")


def hiring_notifications(person, response_id: int) -> list[dict]:
    body = assert_matches(person.get("/api/notifications"), "GET", "/api/notifications")
    return [n for n in body["items"] if n["payload"].get("response_id") == response_id]


def pipeline(people, jobs, **kwargs):
    """An employer's published vacancy and an applicant's response to it: (employer, applicant, vacancy, resume,
    response)."""
    employer, applicant = people(2, **kwargs)
    vacancy = jobs.vacancy(employer)
    resume = jobs.resume(applicant)
    return employer, applicant, vacancy, resume, respond(applicant, vacancy["id"], resume)


def in_state(people, jobs, state: str):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    sides = {"employer": employer, "applicant": applicant}
    for side, action in PATHS[state]:
        response = acted(sides[side], response["id"], action)
    assert response["status"] == state
    return employer, applicant, vacancy, response


# --- responding ----------------------------------------------------------------------------------------------------


def test_respond_then_the_employer_sees_it_with_the_resume_inline(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    assert response["status"] == "response" and response["origin"] == "response" and response["attempts"] == 1
    assert response["vacancy"]["id"] == vacancy["id"] and response["vacancy"]["title"] == vacancy["title"]
    assert response["resume"]["id"] == resume and response["resume"]["last_job"]["company"] == "Acme"
    assert response["applicant"]["id"] == applicant.id and response["employer"]["id"] == employer.id
    assert response["actions"] == ["withdraw"] and response["reapply_at"] is None
    assert [(h["action"], h["status"], h["actor"]) for h in response["history"]] == [
        ("apply", "response", "applicant")]
    assert jobs.counters(vacancy["id"]) == (1, 1)
    assert jobs.granted(resume, employer.id)

    page = assert_matches(employer.get(f"/api/vacancies/{vacancy['id']}/responses"), "GET",
                          "/api/vacancies/{id}/responses")
    assert [item["id"] for item in page["items"]] == [response["id"]]
    assert page["items"][0]["resume"]["position"].startswith("Developer")
    assert page["items"][0]["actions"] == ["view", "interview", "discard"]
    assert page["counts"] == {"response": 1, "viewed": 0, "interview": 0, "offer": 0, "hired": 0, "discarded": 0,
                              "withdrawn": 0, "total": 1}
    [note] = hiring_notifications(employer, response["id"])
    assert note["kind"] == "response_received"
    assert note["payload"]["vacancy"] == {"id": vacancy["id"], "title": vacancy["title"]}
    assert note["payload"]["status"] == "response" and note["payload"]["action"] == "apply"

    mine = assert_matches(applicant.get(f"/api/vacancies/{vacancy['id']}/my-response"), "GET",
                          "/api/vacancies/{id}/my-response")
    assert mine["response"]["id"] == response["id"]
    other = people.one()
    none = assert_matches(other.get(f"/api/vacancies/{vacancy['id']}/my-response"), "GET",
                          "/api/vacancies/{id}/my-response")
    assert none == {"response": None}
    my = assert_matches(applicant.get("/api/responses/my"), "GET", "/api/responses/my")
    assert [item["id"] for item in my["items"]] == [response["id"]] and my["counts"]["total"] == 1
    by_resume = assert_matches(applicant.get(f"/api/resumes/{resume}/responses"), "GET", "/api/resumes/{id}/responses")
    assert [item["id"] for item in by_resume["items"]] == [response["id"]]


def test_respond_refusals(people, jobs):
    employer, applicant, stranger = people(3)
    vacancy = jobs.vacancy(employer)
    resume = jobs.resume(applicant)
    # One's own vacancy.
    own_resume = jobs.resume(employer)
    assert_error(employer.post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": own_resume}), 409)
    # Somebody else's resume, a draft resume, no resume.
    for bad in (jobs.resume(stranger), jobs.resume(applicant, status="draft"), 99_999_999):
        response = applicant.post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": bad})
        assert text("en", "resume_invalid") in field_errors(response, "resume_id")
    assert field_errors(applicant.post(f"/api/vacancies/{vacancy['id']}/responses", json={}), "resume_id")
    # A draft vacancy does not exist for others; an archived one is closed.
    draft = jobs.vacancy(employer, status="draft")
    assert_error(applicant.post(f"/api/vacancies/{draft['id']}/responses", json={"resume_id": resume}), 404)
    archived = jobs.vacancy(employer, status="archived")
    refused = assert_error(applicant.post(f"/api/vacancies/{archived['id']}/responses", json={"resume_id": resume}),
                           409)
    assert refused["message"] == text("en", "vacancy_closed")
    assert_error(applicant.post("/api/vacancies/99999999/responses", json={"resume_id": resume}), 404)
    # Once per vacancy.
    respond(applicant, vacancy["id"], resume)
    again = assert_error(applicant.post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": resume}), 409)
    assert again["message"] == text("en", "already_responded")
    assert jobs.counters(vacancy["id"]) == (1, 1)
    assert_error(people.guest().post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": resume}), 401)


def test_an_error_in_russian(people, jobs):
    employer, applicant = people(2, "ru")
    vacancy = jobs.vacancy(employer, status="archived")
    resume = jobs.resume(applicant)
    refused = assert_error(applicant.post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": resume}),
                           409)
    assert refused["message"] == text("ru", "vacancy_closed")


# --- inviting ------------------------------------------------------------------------------------------------------


def test_invite_a_resume(people, jobs):
    employer, applicant, stranger = people(3)
    vacancy = jobs.vacancy(employer)
    resume = jobs.resume(applicant)
    created = employer.post(f"/api/resumes/{resume}/invitations",
                            json={"vacancy_id": vacancy["id"], "letter": "Come to an interview."})
    invitation = assert_matches(created, "POST", "/api/resumes/{id}/invitations", 201)
    assert invitation["origin"] == "invitation" and invitation["status"] == "interview"
    assert invitation["letter"] == "Come to an interview."
    assert invitation["actions"] == ["offer", "discard"]
    assert jobs.counters(vacancy["id"]) == (1, 0), "an invitation is not new to the employer who sent it"
    assert jobs.granted(resume, employer.id)
    [note] = hiring_notifications(applicant, invitation["id"])
    assert note["kind"] == "response_invited" and note["payload"]["status"] == "interview"
    applicant_view = get(applicant, invitation["id"])
    assert applicant_view["actions"] == ["withdraw"]
    # Twice → 409; the applicant responding to it now → 409 too (one row per vacancy and applicant).
    again = employer.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": vacancy["id"]})
    assert assert_error(again, 409)["message"] == text("en", "already_responded")
    assert_error(applicant.post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": resume}), 409)
    # Somebody else's vacancy → 422; an unpublished one → 409.
    other_vacancy = jobs.vacancy(stranger)
    refused = employer.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": other_vacancy["id"]})
    assert text("en", "vacancy_invalid") in field_errors(refused, "vacancy_id")
    draft = jobs.vacancy(employer, status="draft")
    assert_error(employer.post(f"/api/resumes/{jobs.resume(applicant)}/invitations",
                               json={"vacancy_id": draft["id"]}), 409)
    # A resume shown only to employers responded to, or a draft: it does not exist for a stranger.
    hidden = jobs.resume(applicant, visibility="responded")
    assert_error(stranger.post(f"/api/resumes/{hidden}/invitations", json={"vacancy_id": other_vacancy["id"]}), 404)
    draft_resume = jobs.resume(applicant, status="draft")
    assert_error(stranger.post(f"/api/resumes/{draft_resume}/invitations",
                               json={"vacancy_id": other_vacancy["id"]}), 404)


def test_a_responded_only_resume_is_seen_by_the_employer_after_the_response_only(people, jobs):
    employer, applicant, stranger = people(3)
    resume = jobs.resume(applicant, visibility="responded")
    first = jobs.vacancy(employer)
    second = jobs.vacancy(employer)
    strangers_vacancy = jobs.vacancy(stranger)
    # Before the response the employer cannot see it (so cannot invite it), after it they can.
    assert_error(employer.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": second["id"]}), 404)
    respond(applicant, first["id"], resume)
    assert jobs.granted(resume, employer.id) and not jobs.granted(resume, stranger.id)
    assert_matches(employer.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": second["id"]}), "POST",
                   "/api/resumes/{id}/invitations", 201)
    assert_error(stranger.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": strangers_vacancy["id"]}),
                 404)


def test_a_resume_sent_in_a_response_is_shown_to_that_employer_only_and_stays_out_of_lists(people, jobs):
    """The visibility rule (resumes/0025) as a response moves it: a responded-only resume appears in detail for
    the employer it was sent to and nobody else, never in a list or a count, and stays visible to that employer
    when the applicant hides it; a hidden resume cannot be sent again."""
    employer, applicant, stranger = people(3)
    word = token()
    created = applicant.post("/api/resumes", json={
        "position": f"Analyst {word}", "category_id": 1, "visibility": "responded", "publish": True,
        "about": f"Responded only {word}"})
    resume = assert_matches(created, "POST", "/api/resumes", 201)["id"]
    # A public one with the same words: what the lists do show.
    control = assert_matches(stranger.post("/api/resumes", json={
        "position": f"Analyst {word}", "category_id": 1, "publish": True, "about": f"Public {word}"}),
        "POST", "/api/resumes", 201)["id"]
    vacancy = jobs.vacancy(employer)
    guest = people.guest()
    for viewer in (employer, stranger, guest):
        assert_error(viewer.get(f"/api/resumes/{resume}"), 404)
    response = respond(applicant, vacancy["id"], resume)
    shown = assert_matches(employer.get(f"/api/resumes/{resume}"), "GET", "/api/resumes/{id}")
    assert shown["visibility"] == "responded" and shown["position"] == f"Analyst {word}"
    for viewer in (stranger, guest):
        assert_error(viewer.get(f"/api/resumes/{resume}"), 404)
        assert_error(viewer.get(f"/api/responses/{response['id']}"), 401 if viewer is guest else 404)
    for viewer in (employer, stranger, guest):
        listed = assert_matches(viewer.get("/api/resumes", params={"q": word}), "GET", "/api/resumes")
        assert [item["id"] for item in listed["items"]] == [control]
        assert assert_matches(viewer.get("/api/resumes/counts", params={"q": word}), "GET",
                              "/api/resumes/counts")["total"] == 1
    # Hidden by the applicant: still the employer's (the response shows it inline), nobody else's.
    assert_matches(applicant.post(f"/api/resumes/{resume}/hide"), "POST", "/api/resumes/{id}/hide")
    assert assert_matches(employer.get(f"/api/resumes/{resume}"), "GET", "/api/resumes/{id}")["status"] == "hidden"
    assert get(employer, response["id"])["resume"]["id"] == resume
    assert_error(stranger.get(f"/api/resumes/{resume}"), 404)
    # A hidden resume is not sent again: not in a response, not in an invitation (the granted employer is told
    # it is closed; a stranger that it does not exist).
    second = jobs.vacancy(employer)
    refused = applicant.post(f"/api/vacancies/{second['id']}/responses", json={"resume_id": resume})
    assert text("en", "resume_invalid") in field_errors(refused, "resume_id")
    assert_error(employer.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": second["id"]}), 409)
    assert_error(stranger.post(f"/api/resumes/{resume}/invitations",
                               json={"vacancy_id": jobs.vacancy(stranger)["id"]}), 404)
    assert jobs.counters(second["id"]) == (0, 0)


# --- the state machine ---------------------------------------------------------------------------------------------


def test_the_whole_pipeline_tells_the_other_side_each_time(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    rid = response["id"]
    viewed = acted(employer, rid, "view")
    assert viewed["status"] == "viewed" and viewed["actions"] == ["interview", "offer", "discard"]
    assert jobs.counters(vacancy["id"]) == (1, 0), "viewing makes it not new"
    acted(employer, rid, "interview")
    acted(employer, rid, "offer")
    hired = acted(employer, rid, "hire")
    assert hired["status"] == "hired" and hired["actions"] == []
    assert [(h["action"], h["status"], h["actor"]) for h in hired["history"]] == [
        ("apply", "response", "applicant"), ("view", "viewed", "employer"), ("interview", "interview", "employer"),
        ("offer", "offer", "employer"), ("hire", "hired", "employer")]
    notes = hiring_notifications(applicant, rid)
    assert sorted((n["kind"], n["payload"]["action"], n["payload"]["status"]) for n in notes) == sorted([
        ("response_status", "view", "viewed"), ("response_status", "interview", "interview"),
        ("response_status", "offer", "offer"), ("response_status", "hire", "hired")])
    assert get(applicant, rid)["actions"] == []


def test_discard_with_a_reason_and_withdraw_tell_the_other_side(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    discarded = acted(employer, response["id"], "discard", {"reason": "We chose another candidate."})
    assert discarded["discard_reason"] == "We chose another candidate."
    assert discarded["history"][-1]["reason"] == "We chose another candidate."
    assert jobs.counters(vacancy["id"]) == (1, 0)
    assert [n["payload"]["action"] for n in hiring_notifications(applicant, response["id"])] == ["discard"]
    assert field_errors(act(employer, jobs_response(people, jobs, employer)["id"], "discard",
                            {"reason": "x" * 1001}), "reason")

    employer2, applicant2, vacancy2, resume2, response2 = pipeline(people, jobs)
    acted(employer2, response2["id"], "view")
    acted(applicant2, response2["id"], "withdraw")
    kinds = [(n["kind"], n["payload"]["action"]) for n in hiring_notifications(employer2, response2["id"])]
    assert sorted(kinds) == sorted([("response_received", "apply"), ("response_status", "withdraw")])


def jobs_response(people, jobs, employer) -> dict:
    applicant = people.one()
    vacancy = jobs.vacancy(employer)
    return respond(applicant, vacancy["id"], jobs.resume(applicant))


# --- the interview's details ---------------------------------------------------------------------------------------


def test_an_interview_with_details_is_read_by_both_sides_only(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    assert response["interview_at"] is None and response["interview_format"] is None
    when = at_in(5)
    moved = acted(employer, response["id"], "interview", interview_details(
        interview_at=when, interview_place="  https://meet.example.com/xyz  ",
        interview_message="Bring your portfolio."))
    assert moved["status"] == "interview"
    expected = {"interview_at": when, "interview_format": "online",
                "interview_place": "https://meet.example.com/xyz", "interview_message": "Bring your portfolio."}
    for person in (employer, applicant):
        seen = get(person, response["id"])
        assert {key: seen[key] for key in expected} == expected
    [listed] = [item for item in assert_matches(applicant.get("/api/responses/my"), "GET", "/api/responses/my")[
        "items"] if item["id"] == response["id"]]
    assert listed["interview_at"] == when and listed["interview_place"] == expected["interview_place"]
    notes = [n for n in hiring_notifications(applicant, response["id"]) if n["payload"]["action"] == "interview"]
    assert [(n["kind"], n["payload"]["interview_at"], n["payload"]["interview_format"]) for n in notes] == [
        ("response_status", when, "online")]
    assert_error(people.one().get(f"/api/responses/{response['id']}"), 404)
    # An offer keeps the details; the history still says when the interview was set.
    offered = acted(employer, response["id"], "offer")
    assert offered["status"] == "offer" and offered["interview_at"] == when


def test_an_invitation_with_details_in_person_and_one_without(people, jobs):
    employer, applicant = people(2)
    vacancy = jobs.vacancy(employer)
    when = at_in(2)
    created = employer.post(f"/api/resumes/{jobs.resume(applicant)}/invitations", json={
        "vacancy_id": vacancy["id"], "letter": "Come and meet us.", "interview_at": when,
        "interview_format": "in_person", "interview_place": "12 Baker Street, London"})
    invitation = assert_matches(created, "POST", "/api/resumes/{id}/invitations", 201)
    seen = get(applicant, invitation["id"])
    assert (seen["letter"], seen["interview_at"], seen["interview_format"], seen["interview_place"],
            seen["interview_message"]) == ("Come and meet us.", when, "in_person", "12 Baker Street, London", None)
    [note] = hiring_notifications(applicant, invitation["id"])
    assert note["kind"] == "response_invited" and note["payload"]["interview_at"] == when
    assert note["payload"]["interview_format"] == "in_person"
    # A letter only: no details, and the notification names none.
    plain = assert_matches(employer.post(f"/api/resumes/{jobs.resume(people.one())}/invitations",
                                         json={"vacancy_id": vacancy["id"], "letter": "Hello"}),
                           "POST", "/api/resumes/{id}/invitations", 201)
    assert plain["interview_at"] is None and plain["interview_place"] is None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_interview_details_are_checked_with_field_errors_in_the_callers_language(people, jobs, lang):
    employer, applicant = people(2, lang)
    vacancy = jobs.vacancy(employer)
    response = respond(applicant, vacancy["id"], jobs.resume(applicant))
    rid = response["id"]

    def refused(body: dict) -> dict:
        return assert_error(act(employer, rid, "interview", body), 422, "ValidationFailed")["errors"]

    assert refused({}) == {"interview_at": [text(lang, "interview_at_required")],
                           "interview_format": [text(lang, "interview_format_required")]}
    assert refused(interview_details(interview_at=at_in(-1)))["interview_at"] == [text(lang, "interview_at_past")]
    too_far = text(lang, "interview_at_too_far_other" if lang == "en" else "interview_at_too_far_many")
    assert refused(interview_details(interview_at=at_in(181)))["interview_at"] == [
        too_far.replace("{{count}}", "180")]
    assert refused(interview_details(interview_format="in_person", interview_place=""))["interview_place"] == [
        text(lang, "interview_address_required")]
    assert refused(interview_details(interview_place=""))["interview_place"] == [
        text(lang, "interview_link_required")]
    for link in ("meet.example.com/abc", "javascript:alert(1)", "https://meet.example.com/a b"):
        assert refused(interview_details(interview_place=link))["interview_place"] == [
            text(lang, "interview_link_invalid")], link
    assert "interview_format" in refused(interview_details(interview_format="carrier_pigeon"))
    assert "interview_message" in refused(interview_details(interview_message="x" * 3001))
    # Nothing changed; by phone the place is optional.
    assert get(employer, rid)["status"] == "response" and jobs.event_count(rid) == 1
    moved = acted(employer, rid, "interview", interview_details(interview_format="phone", interview_place=""))
    assert moved["interview_format"] == "phone" and moved["interview_place"] is None
    # An invitation: details optional, but any of them asks for the date-time and format, by the same rules.
    invite = employer.post(f"/api/resumes/{jobs.resume(people.one(lang))}/invitations",
                           json={"vacancy_id": vacancy["id"], "interview_place": "12 Baker Street"})
    assert assert_error(invite, 422, "ValidationFailed")["errors"] == {
        "interview_at": [text(lang, "interview_at_required")],
        "interview_format": [text(lang, "interview_format_required")]}
    invite = employer.post(f"/api/resumes/{jobs.resume(people.one(lang))}/invitations", json={
        "vacancy_id": vacancy["id"], **interview_details(interview_place="ftp://example.com")})
    assert field_errors(invite, "interview_place") == [text(lang, "interview_link_invalid")]


@pytest.mark.parametrize("state", STATES)
def test_every_illegal_transition_is_a_conflict_with_nothing_changed(people, jobs, state):
    employer, applicant, vacancy, response = in_state(people, jobs, state)
    sides = {"employer": employer, "applicant": applicant}
    before = get(employer, response["id"])
    counters = jobs.counters(vacancy["id"])
    events = jobs.event_count(response["id"])
    for action in TRANSITIONS:
        legal = LEGAL.get((state, action))
        for side, person in sides.items():
            if legal and legal[0] == side:
                continue
            refused = act(person, response["id"], action)
            assert_error(refused, 409)
            assert get(employer, response["id"]) == before, (state, action, side)
    assert jobs.counters(vacancy["id"]) == counters and jobs.event_count(response["id"]) == events
    # Not a party: 404 for everything, the response does not exist for them.
    stranger = people.one()
    assert_error(stranger.get(f"/api/responses/{response['id']}"), 404)
    for action in TRANSITIONS:
        assert_error(act(stranger, response["id"], action), 404)
    assert get(employer, response["id"]) == before


def test_unknown_actions_and_responses_are_not_found(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    assert_error(act(employer, response["id"], "apply"), 404)
    assert_error(act(employer, response["id"], "archive"), 404)
    assert_error(employer.get("/api/responses/99999999"), 404)
    assert_error(act(employer, 99_999_999, "view"), 404)
    assert_error(people.guest().get(f"/api/responses/{response['id']}"), 401)


def test_two_concurrent_transitions_exactly_one_wins(people, jobs):
    # Pairs where either one forbids the other afterwards: exactly one may succeed.
    for state, first, second in (("response", ("employer", "discard"), ("employer", "discard")),
                                 ("offer", ("employer", "hire"), ("employer", "discard")),
                                 ("interview", ("employer", "discard"), ("applicant", "withdraw")),
                                 ("withdrawn", ("applicant", "reapply"), ("applicant", "reapply"))):
        employer, applicant, vacancy, response = in_state(people, jobs, state)
        sides = {"employer": employer, "applicant": applicant}
        clients = [sides[first[0]].second_session(people.clients), sides[second[0]].second_session(people.clients)]
        events = jobs.event_count(response["id"])
        results = [None, None]
        barrier = threading.Barrier(2)

        def run(index, action):
            barrier.wait()
            results[index] = clients[index].post(f"/api/responses/{response['id']}/{action}", json={})

        threads = [threading.Thread(target=run, args=(0, first[1])), threading.Thread(target=run, args=(1, second[1]))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(r.status_code for r in results)
        assert statuses == [200, 409], [(r.status_code, r.text[:200]) for r in results]
        assert jobs.event_count(response["id"]) == events + 1
        winner = next(r for r in results if r.status_code == 200).json()
        now = get(employer, response["id"])
        assert now["status"] == winner["status"] and now["attempts"] == response["attempts"] + (
            1 if first[1] == "reapply" else 0)
        assert next(r for r in results if r.status_code == 409).json()["message"] == text("en", "illegal_transition")


def test_a_response_racing_an_invitation_makes_one_row(people, jobs):
    """The applicant responds while the employer invites the same resume to the same vacancy: one 201, one 409
    already_responded, one row, one history row, the counters counted once."""
    for _ in range(3):
        employer, applicant = people(2)
        vacancy = jobs.vacancy(employer)
        resume = jobs.resume(applicant)
        clients = [applicant.second_session(people.clients), employer.second_session(people.clients)]
        calls = [(f"/api/vacancies/{vacancy['id']}/responses", {"resume_id": resume}),
                 (f"/api/resumes/{resume}/invitations", {"vacancy_id": vacancy["id"]})]
        results = [None, None]
        barrier = threading.Barrier(2)

        def run(index):
            barrier.wait()
            results[index] = clients[index].post(calls[index][0], json=calls[index][1])

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(r.status_code for r in results) == [201, 409], [(r.status_code, r.text[:200]) for r in results]
        loser = next(r for r in results if r.status_code == 409).json()
        assert loser["message"] == text("en", "already_responded")
        winner = next(r for r in results if r.status_code == 201).json()
        (rows,) = jobs.artel.sql(f"SELECT count(*) FROM hiring.responses WHERE vacancy_id = {vacancy['id']}")[0]
        assert int(rows) == 1 and jobs.event_count(winner["id"]) == 1
        assert jobs.counters(vacancy["id"]) == ((1, 1) if winner["origin"] == "response" else (1, 0))


# --- the reapply rule ----------------------------------------------------------------------------------------------


def test_reapply_after_a_withdrawal_at_once_with_another_resume(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    withdrawn = acted(applicant, response["id"], "withdraw")
    assert withdrawn["actions"] == ["reapply"] and withdrawn["reapply_at"] is not None
    assert jobs.counters(vacancy["id"]) == (1, 0)
    other_resume = jobs.resume(applicant, visibility="responded")
    again = acted(applicant, response["id"], "reapply", {"resume_id": other_resume, "letter": "Second thoughts."})
    assert again["status"] == "response" and again["attempts"] == 2
    assert again["resume"]["id"] == other_resume and again["letter"] == "Second thoughts."
    assert jobs.counters(vacancy["id"]) == (1, 1), "a reapplication is new again"
    assert jobs.granted(other_resume, employer.id)
    kinds = [(n["kind"], n["payload"]["action"]) for n in hiring_notifications(employer, response["id"])]
    assert sorted(kinds) == sorted([("response_received", "apply"), ("response_status", "withdraw"),
                                    ("response_received", "reapply")])
    # Somebody else's resume cannot be sent.
    acted(applicant, response["id"], "withdraw")
    refused = act(applicant, response["id"], "reapply", {"resume_id": jobs.resume(employer)})
    assert text("en", "resume_invalid") in field_errors(refused, "resume_id")


def test_reapply_after_a_discard_not_before_seven_days_and_three_attempts_in_all(people, jobs, artel):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    rid = response["id"]
    discarded = acted(employer, rid, "discard")
    assert discarded["reapply_at"] is None, "only the applicant is told when"
    for_applicant = get(applicant, rid)
    assert for_applicant["actions"] == [] and for_applicant["reapply_at"] is not None
    too_early = assert_error(act(applicant, rid, "reapply"), 409)
    assert too_early["message"] == text("en", "reapply_too_early").replace("{{date}}", for_applicant["reapply_at"][:10])
    assert get(applicant, rid)["status"] == "discarded"
    # Six days later: still too early; eight days later: allowed.
    artel.sql(f"UPDATE hiring.responses SET status_changed_at = now() - interval '6 days' WHERE id = {rid}")
    assert_error(act(applicant, rid, "reapply"), 409)
    artel.sql(f"UPDATE hiring.responses SET status_changed_at = now() - interval '8 days' WHERE id = {rid}")
    assert get(applicant, rid)["actions"] == ["reapply"]
    assert acted(applicant, rid, "reapply")["attempts"] == 2
    acted(applicant, rid, "withdraw")
    assert acted(applicant, rid, "reapply")["attempts"] == 3
    acted(applicant, rid, "withdraw")
    last = get(applicant, rid)
    assert last["actions"] == [] and last["reapply_at"] is None
    limit = assert_error(act(applicant, rid, "reapply"), 409)
    assert limit["message"] == text("en", "reapply_limit").replace("{{count}}", "3")
    assert get(applicant, rid)["status"] == "withdrawn"


def test_reapply_needs_a_published_vacancy(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    acted(applicant, response["id"], "withdraw")
    jobs.set_vacancy_status(vacancy["id"], "archived")
    assert get(applicant, response["id"])["actions"] == []
    closed = assert_error(act(applicant, response["id"], "reapply"), 409)
    assert closed["message"] == text("en", "vacancy_closed")


# --- lists ---------------------------------------------------------------------------------------------------------


def test_the_employer_list_has_tabs_counters_and_pages(people, jobs):
    employer = people.one()
    vacancy = jobs.vacancy(employer)
    applicants = people(3)
    ids = [respond(a, vacancy["id"], jobs.resume(a))["id"] for a in applicants]
    acted(employer, ids[0], "view")
    acted(employer, ids[1], "discard")
    path = f"/api/vacancies/{vacancy['id']}/responses"
    page = assert_matches(employer.get(path), "GET", "/api/vacancies/{id}/responses")
    assert page["counts"]["response"] == 1 and page["counts"]["viewed"] == 1 and page["counts"]["discarded"] == 1
    assert page["counts"]["total"] == 3
    assert [item["id"] for item in page["items"]] == [ids[1], ids[0], ids[2]], "the latest change first"
    tab = assert_matches(employer.get(path, params={"status": "viewed"}), "GET", "/api/vacancies/{id}/responses")
    assert [item["id"] for item in tab["items"]] == [ids[0]] and tab["counts"]["total"] == 3
    seen = []
    cursor = None
    while True:
        params = {"limit": 1, **({"cursor": cursor} if cursor else {})}
        one = assert_matches(employer.get(path, params=params), "GET", "/api/vacancies/{id}/responses")
        seen += [item["id"] for item in one["items"]]
        cursor = one["next_cursor"]
        if not cursor:
            break
    assert seen == [ids[1], ids[0], ids[2]]
    assert field_errors(employer.get(path, params={"status": "archived"}), "status")
    assert field_errors(employer.get(path, params={"cursor": "nonsense"}), "cursor")
    # Nobody else sees the vacancy's responses, nor a resume's.
    assert_error(applicants[0].get(path), 404)
    resume = jobs.resume(applicants[0])
    assert_error(employer.get(f"/api/resumes/{resume}/responses"), 404)


def test_the_applicants_lists_have_tabs_counters_and_pages(people, jobs):
    applicant = people.one()
    employers = people(3)
    resume = jobs.resume(applicant)
    other_resume = jobs.resume(applicant)
    responses = [respond(applicant, jobs.vacancy(e)["id"], r)["id"]
                 for e, r in zip(employers, (resume, resume, other_resume))]
    acted(employers[0], responses[0], "view")
    acted(applicant, responses[1], "withdraw")
    invitation = assert_matches(employers[2].post(f"/api/resumes/{resume}/invitations",
                                                  json={"vacancy_id": jobs.vacancy(employers[2])["id"]}),
                                "POST", "/api/resumes/{id}/invitations", 201)["id"]
    mine = assert_matches(applicant.get("/api/responses/my"), "GET", "/api/responses/my")
    assert [item["id"] for item in mine["items"]] == [invitation, responses[1], responses[0], responses[2]]
    assert mine["counts"] == {"response": 1, "viewed": 1, "interview": 1, "offer": 0, "hired": 0, "discarded": 0,
                              "withdrawn": 1, "total": 4}
    tab = assert_matches(applicant.get("/api/responses/my", params={"status": "withdrawn"}), "GET",
                         "/api/responses/my")
    assert [item["id"] for item in tab["items"]] == [responses[1]] and tab["counts"]["total"] == 4
    seen, cursor = [], None
    while True:
        one = assert_matches(applicant.get("/api/responses/my", params={"limit": 3, **({"cursor": cursor} if cursor
                                                                                        else {})}),
                             "GET", "/api/responses/my")
        seen += [item["id"] for item in one["items"]]
        cursor = one["next_cursor"]
        if not cursor:
            break
    assert seen == [invitation, responses[1], responses[0], responses[2]]
    # One resume's responses: only those that sent it, with their own counters.
    path = f"/api/resumes/{resume}/responses"
    by_resume = assert_matches(applicant.get(path), "GET", "/api/resumes/{id}/responses")
    assert [item["id"] for item in by_resume["items"]] == [invitation, responses[1], responses[0]]
    assert by_resume["counts"]["total"] == 3 and by_resume["counts"]["response"] == 0
    viewed = assert_matches(applicant.get(path, params={"status": "viewed"}), "GET", "/api/resumes/{id}/responses")
    assert [item["id"] for item in viewed["items"]] == [responses[0]]
    assert field_errors(applicant.get("/api/responses/my", params={"status": "nonsense"}), "status")
    # Nobody else's: the employer a resume was sent to does not list its responses, a guest must sign in.
    assert_error(employers[0].get(path), 404)
    assert_error(people.guest().get("/api/responses/my"), 401)
    assert assert_matches(employers[0].get("/api/responses/my"), "GET", "/api/responses/my")["items"] == []


def test_my_response_for_an_invitation_a_draft_and_a_guest(people, jobs):
    employer, applicant = people(2)
    vacancy = jobs.vacancy(employer)
    invitation = assert_matches(employer.post(f"/api/resumes/{jobs.resume(applicant)}/invitations",
                                              json={"vacancy_id": vacancy["id"]}),
                                "POST", "/api/resumes/{id}/invitations", 201)
    mine = assert_matches(applicant.get(f"/api/vacancies/{vacancy['id']}/my-response"), "GET",
                          "/api/vacancies/{id}/my-response")
    assert mine["response"]["id"] == invitation["id"] and mine["response"]["origin"] == "invitation"
    assert mine["response"]["actions"] == ["withdraw"]
    draft = jobs.vacancy(employer, status="draft")
    assert_error(applicant.get(f"/api/vacancies/{draft['id']}/my-response"), 404)
    assert assert_matches(employer.get(f"/api/vacancies/{draft['id']}/my-response"), "GET",
                          "/api/vacancies/{id}/my-response") == {"response": None}
    assert_error(applicant.get("/api/vacancies/99999999/my-response"), 404)
    assert_error(people.guest().get(f"/api/vacancies/{vacancy['id']}/my-response"), 401)


# --- the chat context ----------------------------------------------------------------------------------------------


def test_the_two_sides_chat_about_the_response(people, jobs):
    employer, applicant, vacancy, resume, response = pipeline(people, jobs)
    context = {"type": "response", "id": response["id"]}
    started = employer.post("/api/chats", json={"user_id": applicant.id, "context": context})
    chat = assert_matches(started, "POST", "/api/chats", 201)
    assert chat["context"] == {"type": "response", "id": response["id"], "title": vacancy["title"]}
    listed = assert_matches(applicant.get("/api/chats"), "GET", "/api/chats")
    assert [c["context"] for c in listed["items"] if c["id"] == chat["id"]] == [
        {"type": "response", "id": response["id"], "title": vacancy["title"]}]
    again = applicant.post("/api/chats", json={"user_id": employer.id, "context": context})
    assert assert_matches(again, "POST", "/api/chats", 200)["id"] == chat["id"]
    # A stranger may not talk about it, with either side.
    stranger = people.one()
    assert_error(stranger.post("/api/chats", json={"user_id": applicant.id, "context": context}), 404)
    assert_error(stranger.post("/api/chats", json={"user_id": employer.id, "context": context}), 404)
    # Nor a party with somebody else.
    assert_error(applicant.post("/api/chats", json={"user_id": stranger.id, "context": context}), 404)
    assert_error(employer.post("/api/chats", json={"user_id": applicant.id,
                                                   "context": {"type": "response", "id": 99_999_999}}), 404)


# --- blocked accounts ------------------------------------------------------------------------------------------------


def _blocked_message(lang: str) -> str:
    catalog = json.loads((REPO_ROOT / "i18n" / lang / "profiles.json").read_text())
    return catalog["users"]["blocked"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_blocked_account_gets_no_invitation_and_no_response(artel, people, jobs, lang):
    employer, applicant = people(2, lang)
    blocked_applicant, blocked_employer = people(2)
    resume = jobs.resume(blocked_applicant)
    vacancy = jobs.vacancy(blocked_employer)
    my_vacancy = jobs.vacancy(employer)
    my_resume = jobs.resume(applicant)
    for user in (blocked_applicant, blocked_employer):
        artel.sql(f"UPDATE identity.users SET blocked_at = now(), blocked_reason = 'Spam' WHERE id = {user.id}")
    # Whatever the blocked applicant's resume says, no invitation reaches them (409, in the asker's language).
    refused = employer.post(f"/api/resumes/{resume}/invitations", json={"vacancy_id": my_vacancy["id"]})
    assert assert_error(refused, 409)["message"] == _blocked_message(lang)
    assert jobs.counters(my_vacancy["id"]) == (0, 0) and not jobs.granted(resume, employer.id)
    # Nor does a response reach a blocked employer's vacancy.
    refused = applicant.post(f"/api/vacancies/{vacancy['id']}/responses", json={"resume_id": my_resume})
    assert assert_error(refused, 409)["message"] == _blocked_message(lang)
    assert jobs.counters(vacancy["id"]) == (0, 0) and not jobs.granted(my_resume, blocked_employer.id)
