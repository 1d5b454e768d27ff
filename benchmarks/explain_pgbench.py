#!/usr/bin/python3
"""Turns a pgbench script into psql input that shows the plans PostgreSQL really uses for it.

    explain_pgbench.py SCRIPT MODE TIMEOUT_MS NAME=VALUE... [-- NAME=VALUE...] | psql ...

Every statement of SCRIPT becomes a prepared statement whose pgbench variables (:name) are parameters ($n),
as pgbench (-M prepared / extended) and Artel's libpq pool send them: untyped, inferred by the server. With
MODE `prepared` each statement is executed six times first, so the EXPLAIN shows the plan the plan cache settled
on (a generic plan replaces the custom ones after five executions when it is not costlier); with `extended`
(unnamed statements, planned per execution) the first execution's custom plan is shown. Then
EXPLAIN (ANALYZE, BUFFERS) runs it once more, with the values after `--` where given (what a connection that
served the benchmark's requests would do with another input). `\\set` lines are skipped: give every variable's
value as NAME=VALUE (the values pgbench would draw). TIMEOUT_MS is the statement timeout (Artel's
database.statement_timeout_ms); a statement that exceeds it prints an ERROR and the next one runs.
"""
import re
import sys


def main() -> int:
    if len(sys.argv) < 4 or sys.argv[2] not in ("prepared", "extended") or not sys.argv[3].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    script, mode, timeout = sys.argv[1], sys.argv[2], sys.argv[3]
    rest = sys.argv[4:]
    split = rest.index("--") if "--" in rest else len(rest)
    values = dict(arg.split("=", 1) for arg in rest[:split])
    explain_values = values | dict(arg.split("=", 1) for arg in rest[split + 1 :])
    with open(script, encoding="utf-8") as f:
        lines = [line for line in f if not line.lstrip().startswith(("--", "\\"))]
    statements = [s.strip() for s in "".join(lines).split(";") if s.strip()]
    variable = re.compile(r"(?<!:):([A-Za-z_][A-Za-z0-9_]*)")
    out = ["SET client_min_messages = warning;", f"SET statement_timeout = {timeout};"]
    for number, sql in enumerate(statements, 1):
        names: list[str] = []

        def parameter(match: re.Match) -> str:
            name = match.group(1)
            if name not in explain_values:
                raise SystemExit(f"explain_pgbench.py: no value for :{name} in {script}")
            if name not in names:
                names.append(name)
            return f"${names.index(name) + 1}"

        text = variable.sub(parameter, sql)

        def call(source: dict[str, str]) -> str:
            args = ", ".join("'" + source.get(n, explain_values[n]).replace("'", "''") + "'" for n in names)
            return f"EXECUTE s{number}" + (f"({args})" if names else "")

        out.append(f"PREPARE s{number} AS {text};")
        if mode == "prepared":
            out.extend(f"\\o /dev/null\n{call(values)};\n\\o" for _ in range(6))
        out.append(f"\\echo '-- statement {number}'")
        out.append(f"EXPLAIN (ANALYZE, BUFFERS) {call(explain_values)};")
        out.append(f"DEALLOCATE s{number};")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
