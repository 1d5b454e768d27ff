#!/usr/bin/env python3
"""Checks every #include of Artel's libraries against the layers the build declares.

CMake's artel_check_layering() already refuses, at configure time, a platform library that links a domain, a
domain that links web or server publicly, and dependency cycles. It writes layering.json (each library's
layer, folder and its public and private artel dependencies); this script reads it and checks the sources:

- a library includes only its own headers and those of libraries it may see: its direct dependencies, and
  what those export publicly (their public dependencies, transitively);
- a domain's public headers (include/artel/<domain>/) include no HTTP header (artel/web, artel/server).

  check-layering.py build/dev/layering.json     check the tree (exit 1 and one line per violation)
  check-layering.py --self-test                 prove the checks catch what they claim to
"""
import json
import re
import sys
import tempfile
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"artel/([a-z_]+)/', re.M)
HTTP_LIBRARIES = {"web", "server"}
SOURCE_SUFFIXES = {".hpp", ".cpp", ".ipp", ".h"}


def public_closure(libraries, name, seen=None):
    seen = set() if seen is None else seen
    for dep in libraries.get(name, {}).get("public", []):
        if dep not in seen:
            seen.add(dep)
            public_closure(libraries, dep, seen)
    return seen


def visible(libraries, name):
    entry = libraries[name]
    allowed = {name}
    for dep in entry["public"] + entry["private"]:
        allowed.add(dep)
        allowed |= public_closure(libraries, dep)
    return allowed


def check(libraries):
    problems = []
    for name, entry in libraries.items():
        root = Path(entry["dir"])
        allowed = visible(libraries, name)
        for folder in ("include", "src"):
            for path in sorted((root / folder).rglob("*")):
                if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                    continue
                text = path.read_text(encoding="utf-8", errors="replace")
                for included in INCLUDE.findall(text):
                    if included not in libraries:
                        continue  # a helper such as db/testing
                    if included not in allowed:
                        problems.append(f"{path}: includes artel/{included}/, which {name} does not declare")
                    if entry["kind"] == "domain" and folder == "include" and included in HTTP_LIBRARIES:
                        problems.append(f"{path}: a public header of domain {name} includes artel/{included}/")
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)

        def library(name, kind, public=(), private=(), files=None):
            for relative, text in (files or {}).items():
                path = root / name / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            return name, {"kind": kind, "dir": str(root / name), "public": list(public), "private": list(private)}

        libraries = dict([
            library("core", "platform"),
            library("db", "platform", public=["core"]),
            library("web", "platform", public=["core"]),
            library("orders", "domain", public=["db"], private=["web"], files={
                "include/artel/orders/orders.hpp": '#include "artel/core/clock.hpp"\n',
                "src/routes.cpp": '#include "artel/web/app.hpp"\n#include "artel/core/log.hpp"\n',
            }),
            library("bids", "domain", public=["orders"], files={"src/bids.cpp": '#include "artel/db/pool.hpp"\n'}),
        ])
        assert check(libraries) == [], check(libraries)

        (root / "bids/src/bad.cpp").write_text('#include "artel/web/app.hpp"\n')
        problems = check(libraries)
        assert len(problems) == 1 and "bids does not declare" in problems[0], problems
        (root / "bids/src/bad.cpp").unlink()

        (root / "orders/include/artel/orders/leak.hpp").write_text('#include "artel/web/http.hpp"\n')
        problems = check(libraries)
        assert len(problems) == 1 and "public header of domain orders" in problems[0], problems
    print("check-layering self-test: 3 cases passed")


def main(argv):
    if argv[1:] == ["--self-test"]:
        self_test()
        return 0
    if len(argv) != 2:
        print(__doc__)
        return 2
    libraries = json.loads(Path(argv[1]).read_text())
    problems = check(libraries)
    for problem in problems:
        print(problem)
    print(f"layering: {len(libraries)} libraries, {len(problems)} violations")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
