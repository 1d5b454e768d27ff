#!/usr/bin/python3
"""Structural checks of docs/api/openapi.yaml that need no network and no schema package: it parses, is
OpenAPI 3.1, every $ref resolves, operationIds are unique, every templated path segment is declared as a path
parameter, and every operation has responses. Prints the routes (METHOD path), one a line, with --routes."""

import re
import sys

import yaml

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def resolve(document, ref):
    if not ref.startswith("#/"):
        raise ValueError(f"external $ref not allowed: {ref}")
    node = document
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            raise KeyError(ref)
        node = node[part]
    return node


def walk_refs(document, node, where, problems):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                try:
                    resolve(document, value)
                except (KeyError, ValueError) as e:
                    problems.append(f"{where}: unresolved $ref {e}")
            else:
                walk_refs(document, value, f"{where}/{key}", problems)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            walk_refs(document, value, f"{where}/{i}", problems)


def parameter(document, p):
    return resolve(document, p["$ref"]) if "$ref" in p else p


def check(document):
    problems = []
    if not str(document.get("openapi", "")).startswith("3.1"):
        problems.append("openapi: expected 3.1.x")
    walk_refs(document, document, "#", problems)
    operation_ids = {}
    routes = []
    for path, item in (document.get("paths") or {}).items():
        if not path.startswith("/"):
            problems.append(f"{path}: must start with /")
        templated = set(re.findall(r"{([^}]+)}", path))
        shared = [parameter(document, p) for p in item.get("parameters", [])]
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            routes.append(f"{method.upper()} {path}")
            own = [parameter(document, p) for p in operation.get("parameters", [])]
            declared = {p["name"] for p in shared + own if p.get("in") == "path"}
            if declared != templated:
                problems.append(f"{method.upper()} {path}: path parameters {sorted(declared)} != {sorted(templated)}")
            if not operation.get("responses"):
                problems.append(f"{method.upper()} {path}: no responses")
            op_id = operation.get("operationId")
            if not op_id:
                problems.append(f"{method.upper()} {path}: no operationId")
            elif op_id in operation_ids:
                problems.append(f"{method.upper()} {path}: operationId {op_id} also on {operation_ids[op_id]}")
            else:
                operation_ids[op_id] = f"{method.upper()} {path}"
    return problems, routes


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    path = args[0] if args else "docs/api/openapi.yaml"
    with open(path, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    problems, routes = check(document)
    if "--routes" in argv:
        print("\n".join(routes))
    for problem in problems:
        print(f"{path}: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"{path}: {len(routes)} operations, structure OK", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
