"""What the rehearsal checks and prints, from what the drivers recorded and what the database holds.

- hands: every hand a phone was told was saved is in the database once, under the key it sent; no
  other hand is there (none lost, none doubled);
- deadlines: every no-show and time limit that fell due is in the game log exactly once, and no game
  has two of either; how long after its moment each was applied;
- two hosts: every hand written through one host was shown by the other on its next request;
- 5xx: none, except inside the window of a database restart (PgBouncer, PostgreSQL), counted;
- p50 / p95 / max per kind of request; how long each fault took to heal.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict

from bench.load import percentile
from bench.rehearsal.day import Plan
from bench.rehearsal.drive import Recorder
from bench.rehearsal.faults import DATABASE_FAULTS
from scoring.models import Hand
from tournament.models import Game, GameEvent

NO_SHOW = ("no_show",)
TIME_LIMIT = ("time_limit", "time_limit_tie")
WINDOW_AFTER_HEAL = 3.0  # seconds a restart's window stays open after both hosts answer again


def hands(plan: Plan, rec: Recorder) -> dict:
    games = set(plan.tables)
    saved = {(h.game_id, h.number): h.idempotency_key for h in Hand.objects.filter(game_id__in=games)}
    lost = [k for k, key in rec.accepted.items() if saved.get(k) != key]
    doubled = [k for k, key in saved.items() if k not in rec.accepted]
    return {"accepted": len(rec.accepted), "saved": len(saved), "lost": len(lost), "doubled": len(doubled),
            "resent": rec.resent, "again": rec.again, "lost_list": lost[:5], "doubled_list": doubled[:5]}


def deadlines(plan: Plan, now: dt.datetime) -> dict:
    games = {g.pk: g for g in Game.objects.filter(division__tournament__slug__in=(plan.bracket_slug, plan.tables_slug))}
    logged: dict[tuple[int, str], list[GameEvent]] = defaultdict(list)
    for event in GameEvent.objects.filter(game_id__in=games, kind__in=NO_SHOW + TIME_LIMIT).order_by("at"):
        logged[(event.game_id, "no_show" if event.kind in NO_SHOW else "time_limit")].append(event)
    rows, problems = [], []
    expected = [(pk, "no_show", games[pk].no_show_at) for pk in plan.no_shows]
    expected += [(pk, "time_limit", games[pk].time_limit_at) for pk in plan.time_limits
                 if not (games[pk].finished_at and games[pk].time_limit_at and games[pk].finished_at < games[pk].time_limit_at)]
    for pk, kind, due in expected:
        entries = logged.get((pk, kind), [])
        if due and due <= now and len(entries) != 1:
            problems.append(f"game {pk}: {len(entries)} {kind} entries")
        late = (entries[0].at - due).total_seconds() if entries and due else None
        rows.append({"game": pk, "kind": kind, "due_s": round((due - plan.started).total_seconds(), 1) if due else None,
                     "entries": len(entries), "applied_after_s": None if late is None else round(late, 1)})
    doubles = [f"game {pk}: {len(v)} {kind} entries" for (pk, kind), v in logged.items() if len(v) > 1]
    return {"rows": rows, "problems": problems + [d for d in doubles if d not in problems]}


def five_hundreds(rec: Recorder, faults: list, started: float) -> dict:
    windows = [(f.name, f.began, (f.healed or f.began + 90) + WINDOW_AFTER_HEAL) for f in faults
               if f.name in DATABASE_FAULTS and f.began]
    inside, outside, no_answer = Counter(), [], 0
    for answer in rec.answers:
        if answer.status == 0:
            no_answer += 1
        if answer.status < 500 and answer.status != 0:
            continue
        # a request in flight when the restart began counts in its window too
        window = next((name for name, begin, end in windows if begin <= answer.at + answer.seconds and answer.at <= end), None)
        if window:
            inside[window] += 1
        elif answer.status >= 500:
            outside.append(f"{answer.kind} → {answer.status} at {answer.at - started:.1f} s")
    return {"inside": dict(inside), "outside": outside, "no_answer": no_answer,
            "windows": {name: round(end - begin, 1) for name, begin, end in windows}}


def latencies(rec: Recorder) -> list[tuple[str, int, float, float, float]]:
    by_kind: dict[str, list[float]] = defaultdict(list)
    for answer in rec.answers:
        if 200 <= answer.status < 400:
            by_kind[answer.kind].append(answer.seconds)
    return [(kind, len(v), percentile(v, 50), percentile(v, 95), max(v)) for kind, v in sorted(by_kind.items())]


def upstreams(rec: Recorder) -> Counter:
    return Counter(a.upstream.split(":")[0] for a in rec.answers if a.upstream)


def report(plan: Plan, rec: Recorder, faults: list, started: float, now: dt.datetime, log=print,
           check_deadlines: bool = True) -> bool:
    """Print the figures; True when every check held."""
    ok = True
    h = hands(plan, rec)
    lost_doubled_ok = h["lost"] == 0 and h["doubled"] == 0
    ok &= lost_doubled_ok
    log("\n== Hands")
    log(f"  accepted by the phones {h['accepted']}, saved in the database {h['saved']}: "
        f"{h['lost']} lost, {h['doubled']} doubled" + ("" if lost_doubled_ok else f"  FAILED {h['lost_list']} {h['doubled_list']}"))
    log(f"  sent again after no answer or a 5xx: {h['resent']} (answered 'already saved': {h['again']})")

    d = deadlines(plan, now)
    ok &= not (check_deadlines and d["problems"])
    log("\n== Deadlines (game log)")
    for row in d["rows"]:
        log(f"  game {row['game']:>4} {row['kind']:<10} due at {row['due_s']:>6} s  entries {row['entries']}  "
            f"applied {row['applied_after_s']} s after")
    log("  every no-show and time limit applied exactly once" if not d["problems"] else f"  FAILED: {d['problems']}")

    writes = len(rec.probes)
    shown = sum(1 for *_, seen in rec.probes if seen)
    ok &= writes > 0 and shown == writes
    log("\n== Two hosts")
    log(f"  hands written through one host and read through the other on its next request: {shown}/{writes} shown"
        f" ({rec.probe_skipped} probes skipped while a host was down)")
    log(f"  requests nginx passed to each host: {dict(upstreams(rec))}")

    stale = len(rec.stale_reads)
    ok &= stale == 0 and rec.fresh_reads > 0
    log("\n== Front cache (Varnish)")
    log(f"  hands saved, then their event's page read through the cache on the next request: {rec.fresh_reads} fresh, "
        f"{stale} stale reads" + (f"  FAILED: {rec.stale_reads[:8]}" if stale else "")
        + f" ({rec.fresh_skipped} not checked during a fault)")
    public = [a for a in rec.answers if a.kind in ("public home", "bracket", "seating") and a.status == 200]
    log(f"  spectators' pages answered from the cache: {sum(a.cached for a in public)} of {len(public)}")

    f = five_hundreds(rec, faults, started)
    ok &= not f["outside"]
    log("\n== 5xx")
    log(f"  inside the database restarts' windows: {f['inside'] or 0} (windows: {f['windows']})")
    log(f"  outside them: {len(f['outside'])}" + (f"  FAILED: {f['outside'][:8]}" if f["outside"] else ""))
    log(f"  requests with no answer at all (connection refused or reset): {f['no_answer']}")

    log("\n== Requests (through Varnish and nginx unless 'probe')")
    log(f"  {'kind':<24}{'n':>6}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for kind, n, p50, p95, top in latencies(rec):
        log(f"  {kind:<24}{n:>6}{p50 * 1000:>9.0f}{p95 * 1000:>9.0f}{top * 1000:>9.0f}")

    log("\n== Faults")
    for fault in faults:
        healed = f"healed in {fault.heal_seconds:5.1f} s" if fault.healed else "NOT HEALED"
        ok &= fault.healed is not None
        log(f"  {fault.began - started:6.1f} s  {fault.name:<36} {healed}  {fault.note}")
    return ok
