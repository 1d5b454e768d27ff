"""Response checks shared by every functional test: the one error shape (`assert_error` and its two readers
`field_errors`, `error_fields`) and the contract (`assert_matches`: a body against the response schema that
docs/api/openapi.yaml documents for the operation and status).

OpenAPI 3.1 schemas are JSON Schema 2020-12, so Debian's python3-jsonschema validates them as they are;
`#/components/...` references resolve against the whole loaded document. `date-time` is checked here (RFC 3339)
because the validator's own check needs a package Debian does not ship with it.
"""

from __future__ import annotations

import datetime
import functools
import re
import urllib.parse
from collections.abc import Iterable

import jsonschema
import requests
import yaml

from conftest import REPO_ROOT

OPENAPI_PATH = REPO_ROOT / "docs" / "api" / "openapi.yaml"
ERROR_KEYS = frozenset({"code", "message", "errors"})
# The error codes that carry per-field messages in `errors`; every other error has no `errors` at all.
FIELD_ERROR_CODES = frozenset({"ValidationFailed"})
# The code that goes with each status, for answers that may come with one of several statuses.
CODES = {400: "BadRequest", 401: "Unauthenticated", 403: "Forbidden", 404: "NotFound", 405: "MethodNotAllowed",
         409: "Conflict", 413: "PayloadTooLarge", 415: "UnsupportedMediaType", 419: "XsrfTokenMismatch",
         422: "ValidationFailed", 429: "RateLimited", 503: "ServiceUnavailable"}
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
_RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")

_format_checker = jsonschema.FormatChecker()


@_format_checker.checks("date-time", raises=ValueError)
def _is_date_time(value) -> bool:
    if not isinstance(value, str):
        return True  # formats apply to strings only
    if not _RFC3339.match(value):
        return False
    datetime.datetime.fromisoformat(value.upper().replace("Z", "+00:00"))
    return True


@functools.cache
def openapi() -> dict:
    # libyaml's loader when there is one: the pure-Python one takes seconds over this document.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(OPENAPI_PATH.read_text(), Loader=loader)  # noqa: S506 (a safe loader)


def _resolver() -> jsonschema.RefResolver:
    return jsonschema.RefResolver(base_uri="", referrer=openapi())


def resolve(node: dict) -> dict:
    """A `$ref` to a place in docs/api/openapi.yaml followed (repeatedly); any other node as it is."""
    while isinstance(node, dict) and "$ref" in node:
        _, node = _resolver().resolve(node["$ref"])
    return node


def schema_errors(instance, schema: dict) -> list[str]:
    """Every way `instance` breaks `schema` (JSON Schema 2020-12, refs into the document), deepest first."""
    validator = jsonschema.Draft202012Validator(schema, resolver=_resolver(), format_checker=_format_checker)
    errors = sorted(validator.iter_errors(instance), key=lambda e: -len(e.absolute_path))
    return [f"at {'/'.join(map(str, e.absolute_path)) or '(body)'}: {e.message}" for e in errors]


def _describe(response: requests.Response) -> str:
    return f"{response.request.method} {response.request.url} -> {response.status_code} {response.text[:600]}"


def _assert_json(response: requests.Response):
    content_type = response.headers.get("Content-Type", "")
    assert content_type.split(";")[0].strip() == "application/json", (
        f"Content-Type {content_type!r}, not application/json: {_describe(response)}")
    try:
        return response.json()
    except ValueError as e:
        raise AssertionError(f"the body is not JSON ({e}): {_describe(response)}") from None


def _template_pattern(template: str) -> re.Pattern:
    parts = re.split(r"(\{[^}]+\})", template)
    return re.compile("^" + "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts) + "$")


def response_schema(method: str, template: str, status: int) -> dict | None:
    """The JSON schema docs/api/openapi.yaml gives the answer of `method template` with `status`, or None when
    that answer has no body. Fails when the document does not list the operation or the status."""
    paths = openapi()["paths"]
    assert template in paths, f"{template} is not a path of {OPENAPI_PATH.name}"
    operation = paths[template].get(method.lower())
    assert operation is not None, f"{method.upper()} {template} is not an operation of {OPENAPI_PATH.name}"
    responses = operation["responses"]
    assert str(status) in responses, (
        f"{method.upper()} {template} documents no {status} answer (only {sorted(responses)})")
    content = resolve(responses[str(status)]).get("content")
    if not content:
        return None
    assert "application/json" in content, f"{method.upper()} {template} {status} is not JSON: {sorted(content)}"
    return content["application/json"]["schema"]


def assert_matches(response: requests.Response, method: str, template: str, status: int = 200):
    """The answer is the documented one: the request was `method` on a path of `template`, the status is
    `status`, and the body validates against that operation's response schema (a body-less answer is empty).
    Returns the parsed body (None for an empty answer)."""
    request = response.request
    assert request.method == method.upper(), f"checked as {method.upper()} {template}: {_describe(response)}"
    path = urllib.parse.urlsplit(request.url).path
    assert _template_pattern(template).match(path), f"{path} is not a path of {template}"
    assert response.status_code == status, f"expected {status}: {_describe(response)}"
    schema = response_schema(method, template, status)
    if schema is None:
        assert response.content == b"", f"a {status} answer without a documented body: {_describe(response)}"
        return None
    body = _assert_json(response)
    problems = schema_errors(body, schema)
    assert not problems, (f"{method.upper()} {template} {status} does not match {OPENAPI_PATH.name}:\n  "
                          + "\n  ".join(problems) + f"\nbody: {str(body)[:1500]}")
    return body


def assert_error(response: requests.Response, status: int | tuple[int, ...], code: str | None = None,
                 errors: Iterable[str] | None = None) -> dict:
    """The one error answer. `status` is the status (or the statuses that are all acceptable); `code` the error
    code, by default the one that goes with the actual status (CODES). Checks the JSON Content-Type, the body
    {code, message, errors?} and nothing else (no order, bid or comment leaks into an error), against the shared
    ErrorResponse schema: a non-empty message; `errors` exactly when the code carries field errors, then an
    object of field -> non-empty list of non-empty strings. With `errors`, the fields must be exactly those.
    Returns the body."""
    statuses = status if isinstance(status, tuple) else (status,)
    assert response.status_code in statuses, f"expected {statuses}: {_describe(response)}"
    body = _assert_json(response)
    assert isinstance(body, dict) and set(body) <= ERROR_KEYS, body
    expected_code = code if code is not None else CODES[response.status_code]
    assert body.get("code") == expected_code, f"expected code {expected_code}: {body}"
    assert isinstance(body.get("message"), str) and body["message"].strip(), body
    problems = schema_errors(body, openapi()["components"]["schemas"]["ErrorResponse"])
    assert not problems, f"not an ErrorResponse: {problems}: {body}"
    if expected_code in FIELD_ERROR_CODES:
        fields = body.get("errors")
        assert isinstance(fields, dict) and fields, f"{expected_code} without field errors: {body}"
        for field, messages in fields.items():
            assert isinstance(field, str) and field, body
            assert isinstance(messages, list) and messages, f"no messages for {field!r}: {body}"
            assert all(isinstance(m, str) and m.strip() for m in messages), f"an empty message for {field!r}: {body}"
        if errors is not None:
            assert set(fields) == set(errors), f"expected errors for exactly {sorted(errors)}: {body}"
    else:
        assert "errors" not in body, f"field errors on a {expected_code} answer: {body}"
        assert errors is None, f"{expected_code} answers carry no field errors; errors={errors!r} asked for"
    return body


def field_errors(response: requests.Response, field: str) -> list[str]:
    """The messages of a 422 ValidationFailed answer for `field` (which must have some)."""
    body = assert_error(response, 422, "ValidationFailed")
    assert field in body["errors"], f"no error for {field!r}: {body}"
    return body["errors"][field]


def error_fields(response: requests.Response) -> set[str]:
    """The fields a 422 ValidationFailed answer names."""
    return set(assert_error(response, 422, "ValidationFailed")["errors"])
