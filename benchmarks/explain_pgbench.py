#!/usr/bin/python3
"""Turns a pgbench script into psql input that shows the plans PostgreSQL really uses for it.

    explain_pgbench.py SCRIPT MODE NAME=VALUE... | psql ...

Every statement of SCRIPT becomes a prepared statement whose pgbench variables (:name) are parameters ($n),
as pgbench (-M prepared / extended) and Artel's libpq pool send them: untyped, inferred by the server. With
MODE `prepared` each statement is executed six times first, so the EXPLAIN shows the plan the plan cache settled
on (a generic plan replaces the custom ones after five executions when it is not costlier); with `extended`
(unnamed statements, planned per execution) the first execution's custom plan is shown. Then
EXPLAIN (ANALYZE, BUFFERS) runs it once more. `\\set` lines are skipped: give every variable's value as
NAME=VALUE (the values pgbench would draw).
"""
import re
import sys


def main() -> int:
    if len(sys.argv) < 3 or sys.argv[2] not in ("prepared", "extended"):
        print(__doc__, file=sys.stderr)
        return 2
    script, mode = sys.argv[1], sys.argv[2]
    values = dict(arg.split("=", 1) for arg in sys.argv[3:])
    with open(script, encoding="utf-8") as f:
        lines = [line for line in f if not line.lstrip().startswith(("--", "\\"))]
    statements = [s.strip() for s in "".join(lines).split(";") if s.strip()]
    variable = re.compile(r"(?<!:):([A-Za-z_][A-Za-z0-9_]*)")
    out = ["\\set ON_ERROR_STOP on", "SET client_min_messages = warning;"]
    for number, sql in enumerate(statements, 1):
        names: list[str] = []

        def parameter(match: re.Match) -> str:
            name = match.group(1)
            if name not in values:
                raise SystemExit(f"explain_pgbench.py: no value for :{name} in {script}")
            if name not in names:
                names.append(name)
            return f"${names.index(name) + 1}"

        text = variable.sub(parameter, sql)
        args = ", ".join("'" + values[n].replace("'", "''") + "'" for n in names)
        call = f"EXECUTE s{number}" + (f"({args})" if names else "")
        out.append(f"PREPARE s{number} AS {text};")
        if mode == "prepared":
            out.extend(f"\\o /dev/null\n{call};\n\\o" for _ in range(6))
        out.append(f"\\echo '-- statement {number}'")
        out.append(f"EXPLAIN (ANALYZE, BUFFERS) {call};")
        out.append(f"DEALLOCATE s{number};")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
