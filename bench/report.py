"""Rows of figures, the printed table and the JSON file."""

from __future__ import annotations

import json
from pathlib import Path

from bench.load import LoadResult, percentile

MISSING = "not available (feature missing)"


def load_row(result: LoadResult, baseline: LoadResult | None, *, target: str = "", checks=()) -> dict:
    """A row for a load measurement. `checks` are (description, ok) pairs decided on this row."""
    row = {
        "name": result.name,
        "kind": "load",
        "clients": result.clients,
        "requests": result.count,
        "errors": result.errors,
        "seconds": round(result.seconds, 2),
        "rps": round(result.rps, 1),
        "p50_ms": ms(result.percentile(50)),
        "p95_ms": ms(result.percentile(95)),
        "ratio": round(result.rps / baseline.rps, 3) if baseline and baseline.rps and result.count else None,
        "baseline_rps": round(baseline.rps, 1) if baseline else None,
        "queries": result.queries_per_request,
        "queries_max": result.queries_max,
        "target": target,
        "note": result.first_error[:300] if result.errors else "",
    }
    return _judge(row, checks)


def timed_row(name: str, timings: list[float], *, target: str = "", limit_s: float | None = None, note: str = "") -> dict:
    """A row for sequential timings of one operation; the verdict is on p95 (the slowest typical run)."""
    p95 = percentile(timings, 95)
    row = {
        "name": name, "kind": "timed", "clients": 1, "requests": len(timings), "errors": 0,
        "seconds": round(sum(timings), 2), "rps": round(len(timings) / sum(timings), 1) if sum(timings) else None,
        "p50_ms": ms(percentile(timings, 50)), "p95_ms": ms(p95), "ratio": None, "queries": None,
        "queries_max": None, "target": target, "note": note,
    }
    checks = [(target, p95 is not None and p95 <= limit_s)] if limit_s is not None else []
    return _judge(row, checks)


def figure_row(name: str, value: float | None, unit: str, *, target: str = "", ok: bool | None = None, note: str = "") -> dict:
    row = {
        "name": name, "kind": "figure", "value": value, "unit": unit, "target": target, "note": note,
        "clients": None, "requests": None, "errors": None, "rps": None, "p50_ms": None, "p95_ms": None,
        "ratio": None, "queries": None, "queries_max": None,
    }
    row["ok"] = ok
    row["verdict"] = _verdict(ok)
    return row


def missing_row(name: str, target: str = "", why: str = MISSING) -> dict:
    row = figure_row(name, None, "", target=target, note=why)
    row["kind"] = "missing"
    row["verdict"] = MISSING if why == MISSING else "not measured"
    return row


def error_row(name: str, target: str, exc: BaseException) -> dict:
    row = figure_row(name, None, "", target=target, ok=False, note=f"{exc.__class__.__name__}: {exc}"[:400])
    row["kind"] = "error"
    row["verdict"] = "ERROR"
    return row


def _judge(row: dict, checks) -> dict:
    checks = list(checks)
    if row.get("errors"):
        checks.append(("no errors", False))
    row["ok"] = all(ok for _, ok in checks) if checks else None
    row["misses"] = [text for text, ok in checks if not ok]
    row["verdict"] = _verdict(row["ok"])
    return row


def _verdict(ok: bool | None) -> str:
    return "—" if ok is None else ("ok" if ok else "MISS")


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)


def _cell(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1000:
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.2f}" if value < 10 else f"{value:.0f}" if value >= 100 else f"{value:.1f}"
    return str(value)


COLUMNS = [
    ("measurement", "name"), ("clients", "clients"), ("requests", "requests"), ("errors", "errors"),
    ("req/s", "rps"), ("baseline req/s", "baseline_rps"), ("p50 ms", "p50_ms"), ("p95 ms", "p95_ms"), ("× baseline", "ratio"),
    ("queries", "queries"), ("target", "target"), ("verdict", "verdict"),
]


def table(rows: list[dict]) -> str:
    """A plain-text table; figure rows (memory, lateness) put their value in the p50 column."""
    cells = []
    for row in rows:
        line = []
        for _, key in COLUMNS:
            value = row.get(key)
            if row["kind"] == "figure" and key == "p50_ms" and row.get("value") is not None:
                value = f"{_cell(row['value'])} {row['unit']}"
            if row["kind"] in ("missing", "error") and key == "verdict":
                value = row["verdict"]
            line.append(_cell(value))
        cells.append(line)
    headers = [title for title, _ in COLUMNS]
    widths = [max(len(h), *(len(c[i]) for c in cells)) if cells else len(h) for i, h in enumerate(headers)]
    numeric = {i for i, (_, key) in enumerate(COLUMNS) if key not in ("name", "target", "verdict")}

    def fmt(values):
        return "  ".join(v.rjust(w) if i in numeric else v.ljust(w) for i, (v, w) in enumerate(zip(values, widths))).rstrip()

    out = [fmt(headers), fmt(["-" * w for w in widths])] + [fmt(c) for c in cells]
    notes = [f"  {row['name']}: {row['note']}" for row in rows if row.get("note") and row["note"] != MISSING]
    if notes:
        out += ["", "notes:"] + notes
    return "\n".join(out)


def write_json(path: Path, rows: list[dict], meta: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, default=str) + "\n")


def markdown(rows: list[dict], meta: dict) -> str:
    """The run as docs/PERFORMANCE.md shows it: the machine and load, then one line a row."""
    lines = [
        f"Commit `{meta.get('commit', '')}`, {meta.get('when', '')}, {meta.get('machine', '')}, Python {meta.get('python', '')}, "
        f"gunicorn {meta.get('gunicorn', '')}, {meta.get('database', '')}; {meta.get('duration_s', 0):.0f} s. "
        f"Load average (1, 5, 15 min) {_triple(meta.get('load_average_before'))} before, "
        f"{_triple(meta.get('load_average_after'))} after.",
        "",
        "| measurement | req/s | p50 ms | p95 ms | × baseline | queries | value | target | verdict |",
        "|---|--:|--:|--:|--:|--:|--:|---|---|",
    ]
    for row in rows:
        value = f"{_cell(row['value'])} {row['unit']}".strip() if row.get("value") is not None else "—"
        cells = [row["name"].strip(), *(_cell(row.get(k)) for k in ("rps", "p50_ms", "p95_ms", "ratio", "queries")),
                 value, row.get("target") or "", row["verdict"]]
        lines.append("| " + " | ".join(cells) + " |")
    notes = [f"- {row['name'].strip()}: {row['note']}" for row in rows if row.get("note") and row["note"] != MISSING]
    return "\n".join(lines + ([""] + notes if notes else [])) + "\n"


def _triple(values) -> str:
    return "/".join(str(v) for v in values) if values else "?"
