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

MODE `simple` is for scripts that prepare on the server themselves because pgbench cannot bind a NULL parameter
(benchmarks/articles_list_*.sql: `PREPARE name AS ...` once per connection, then `EXECUTE name(:a, :b, ...)` with SQL
values): variables are substituted as pgbench -M simple does (their text as it is: NULL, 'ru', 3), each PREPARE runs
once, each EXECUTE six times (the server's plan cache, as above) and then under EXPLAIN (ANALYZE, BUFFERS).
"""
import re
import sys


def main() -> int:
    if len(sys.argv) < 4 or sys.argv[2] not in ("prepared", "extended", "simple") or not sys.argv[3].isdigit():
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
    if mode == "simple":
        return simple(statements, variable, values, explain_values, script, out)
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


def simple(statements: list[str], variable: re.Pattern, values: dict[str, str], explain_values: dict[str, str],
           script: str, out: list[str]) -> int:
    def substitute(sql: str, source: dict[str, str]) -> str:
        def value(match: re.Match) -> str:
            if match.group(1) not in source:
                raise SystemExit(f"explain_pgbench.py: no value for :{match.group(1)} in {script}")
            return source[match.group(1)]

        return variable.sub(value, sql)

    prepared: list[str] = []
    for number, sql in enumerate(statements, 1):
        words = sql.split(None, 2)
        if words[0].upper() == "PREPARE":
            prepared.append(words[1])
            out.append(substitute(sql, values) + ";")
            continue
        if words[0].upper() == "EXECUTE":
            out.extend(f"\\o /dev/null\n{substitute(sql, values)};\n\\o" for _ in range(6))
        out.append(f"\\echo '-- statement {number}'")
        out.append(f"EXPLAIN (ANALYZE, BUFFERS) {substitute(sql, explain_values)};")
    out.extend(f"DEALLOCATE {name};" for name in prepared)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
