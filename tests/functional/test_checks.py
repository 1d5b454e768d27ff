"""The checks of checks.py on hand-made answers (no server): each accepts the documented shape and fails on every
way of breaking it, so a test that uses them cannot pass on a wrong answer. And docs/api/openapi.yaml itself: every
response schema is a valid JSON Schema 2020-12 schema (that every $ref resolves is scripts/check-openapi.py's)."""

import json

import jsonschema
import pytest
import requests

from checks import (assert_error, assert_matches, error_fields, field_errors, openapi, resolve, response_schema)

SESSION = {"id": 7, "created_at": "2026-11-23T10:00:00Z", "last_seen_at": "2026-11-23T10:05:00.123+03:00",
           "user_agent": None, "ip": "127.0.0.1", "current": True}


def answer(status: int, body, *, method: str = "GET", path: str = "/api/orders/1",
           content_type: str | None = "application/json; charset=utf-8") -> requests.Response:
    response = requests.Response()
    response.status_code = status
    response._content = body if isinstance(body, bytes) else json.dumps(body).encode()
    if content_type is not None:
        response.headers["Content-Type"] = content_type
    response.request = requests.Request(method, "http://127.0.0.1:1" + path).prepare()
    return response


def fails(check, *args, **kwargs) -> str:
    with pytest.raises(AssertionError) as failure:
        check(*args, **kwargs)
    return str(failure.value)


# --- assert_error ---------------------------------------------------------------------------------------------------


def test_assert_error_accepts_the_one_error_shape():
    body = {"code": "NotFound", "message": "No such order"}
    assert assert_error(answer(404, body), 404, "NotFound") == body
    assert assert_error(answer(404, body), (403, 404)) == body, "the code that goes with the status"
    invalid = {"code": "ValidationFailed", "message": "Fix it", "errors": {"name": ["Too short"], "x.y": ["No"]}}
    assert assert_error(answer(422, invalid), 422, "ValidationFailed", errors={"name", "x.y"}) == invalid
    assert field_errors(answer(422, invalid), "name") == ["Too short"]
    assert error_fields(answer(422, invalid)) == {"name", "x.y"}


@pytest.mark.parametrize("response, status, code", [
    (answer(409, {"code": "NotFound", "message": "m"}), 404, "NotFound"),  # another status
    (answer(404, {"code": "Conflict", "message": "m"}), 404, "NotFound"),  # another code
    (answer(404, {"code": "Conflict", "message": "m"}), (403, 404), None),  # not the status's code
    (answer(404, {"code": "NotFound"}), 404, "NotFound"),  # no message
    (answer(404, {"code": "NotFound", "message": " "}), 404, "NotFound"),  # a blank message
    (answer(404, {"code": "NotFound", "message": 5}), 404, "NotFound"),  # not a string
    (answer(404, {"code": "NotFound", "message": "m", "order": {"id": 1}}), 404, "NotFound"),  # something leaks
    (answer(404, {"code": "NotFound", "message": "m", "errors": {"id": ["x"]}}), 404, "NotFound"),  # errors on 404
    (answer(404, {"code": "NotFound", "message": "m"}, content_type="text/html"), 404, "NotFound"),
    (answer(404, {"code": "NotFound", "message": "m"}, content_type=None), 404, "NotFound"),
    (answer(404, b"<html>Not found</html>"), 404, "NotFound"),  # not JSON
    (answer(400, {"code": "Oops", "message": "m"}), 400, "Oops"),  # not a code of ErrorResponse
    (answer(422, {"code": "ValidationFailed", "message": "m"}), 422, "ValidationFailed"),  # no errors
    (answer(422, {"code": "ValidationFailed", "message": "m", "errors": {}}), 422, "ValidationFailed"),
    (answer(422, {"code": "ValidationFailed", "message": "m", "errors": {"a": []}}), 422, "ValidationFailed"),
    (answer(422, {"code": "ValidationFailed", "message": "m", "errors": {"a": [""]}}), 422, "ValidationFailed"),
    (answer(422, {"code": "ValidationFailed", "message": "m", "errors": {"a": [3]}}), 422, "ValidationFailed"),
    (answer(422, {"code": "ValidationFailed", "message": "m", "errors": {"a": "x"}}), 422, "ValidationFailed"),
    (answer(422, {"code": "ValidationFailed", "message": "m", "errors": ["a"]}), 422, "ValidationFailed"),
])
def test_assert_error_fails_on_every_other_shape(response, status, code):
    fails(assert_error, response, status, code)


def test_assert_error_checks_the_exact_fields_when_asked():
    body = {"code": "ValidationFailed", "message": "m", "errors": {"name": ["x"], "email": ["y"]}}
    assert "exactly" in fails(assert_error, answer(422, body), 422, "ValidationFailed", errors={"name"})
    fails(assert_error, answer(422, body), 422, "ValidationFailed", errors={"name", "email", "password"})
    fails(field_errors, answer(422, body), "password")
    fails(assert_error, answer(404, {"code": "NotFound", "message": "m"}), 404, "NotFound", errors={"id"})


# --- assert_matches -------------------------------------------------------------------------------------------------


def sessions(body, **kwargs) -> requests.Response:
    return answer(200, body, path="/api/user/sessions", **kwargs)


def test_assert_matches_accepts_the_documented_body():
    assert assert_matches(sessions({"sessions": [SESSION]}), "GET", "/api/user/sessions") == {"sessions": [SESSION]}
    assert assert_matches(answer(200, {}, method="DELETE", path="/api/user/sessions/12"), "DELETE",
                          "/api/user/sessions/{id}") == {}
    assert assert_matches(answer(204, b"", method="POST", path="/api/utm-data", content_type=None), "POST",
                          "/api/utm-data", 204) is None


@pytest.mark.parametrize("body", [
    {},  # the list is missing
    {"sessions": [{k: v for k, v in SESSION.items() if k != "ip"}]},  # a required key is missing
    {"sessions": [{**SESSION, "token": "secret"}]},  # an undocumented key (the schema is closed)
    {"sessions": [{**SESSION, "id": "7"}]},  # a wrong type
    {"sessions": [{**SESSION, "current": None}]},  # null where the schema allows none
    {"sessions": [{**SESSION, "created_at": "23.11.2026 10:00"}]},  # not an RFC 3339 date-time
    {"sessions": [{**SESSION, "created_at": "2026-13-45T10:00:00Z"}]},  # no such date
])
def test_assert_matches_fails_on_a_body_off_the_schema(body):
    assert "does not match" in fails(assert_matches, sessions(body), "GET", "/api/user/sessions")


def test_assert_matches_fails_on_a_wrong_answer_or_a_wrong_question():
    good = sessions({"sessions": [SESSION]})
    fails(assert_matches, sessions({"sessions": []}, content_type="text/plain"), "GET", "/api/user/sessions")
    fails(assert_matches, answer(201, {"sessions": []}, path="/api/user/sessions"), "GET", "/api/user/sessions")
    fails(assert_matches, good, "GET", "/api/user/sessions", 201)  # not the expected status
    fails(assert_matches, good, "POST", "/api/user/sessions")  # not the request's method
    fails(assert_matches, good, "GET", "/api/orders/{id}")  # not the request's path
    fails(assert_matches, answer(200, {}, path="/api/nowhere"), "GET", "/api/nowhere")  # not documented
    fails(assert_matches, answer(418, {}, path="/api/user/sessions"), "GET", "/api/user/sessions", 418)
    fails(assert_matches, answer(204, b"{}", method="POST", path="/api/utm-data"), "POST", "/api/utm-data", 204)
    # An error answer validates against the operation's documented error response too.
    error = answer(404, {"code": "NotFound", "message": "m"}, path="/api/orders/5")
    assert assert_matches(error, "GET", "/api/orders/{id}", 404)["code"] == "NotFound"
    fails(assert_matches, answer(404, {"code": "NotFound"}, path="/api/orders/5"), "GET", "/api/orders/{id}", 404)


# --- the document ---------------------------------------------------------------------------------------------------


def test_every_response_schema_is_valid_json_schema():
    meta = jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA)
    checked, seen = 0, set()
    for template, item in openapi()["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for status in operation["responses"]:
                content = resolve(operation["responses"][status]).get("content") or {}
                if content and "application/json" not in content:
                    continue  # a file: GET /api/files/{name}
                schema = response_schema(method, template, int(status))
                if schema is not None:
                    key = json.dumps(schema, sort_keys=True)
                    if key not in seen:  # most error answers share one schema
                        seen.add(key)
                        assert not list(meta.iter_errors(schema)), f"{method.upper()} {template} {status}"
                    checked += 1
    for name, schema in openapi()["components"]["schemas"].items():
        assert not list(meta.iter_errors(schema)), name
    assert checked > 100, checked
