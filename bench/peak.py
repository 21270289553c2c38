"""The "event peak" row: a 128-team event at its busiest hour, driven as an open-loop mix at growing
multiples until the server no longer holds it.

At 1×: 1,000 spectators reload the public bracket every 15 s, 64 tables each preview twice and save
a hand every 3 minutes, 4 organizers reload the game-day board every 10 s. Every hand save is real:
a fresh idempotency key and the next hand number of one of the event's 64 games in play (a table
has at most one save in flight, and the saves go round the tables). The largest multiple held is
the one whose every kind of request has p95 ≤ 200 ms with no error; the run stops at the first
multiple that fails.
"""

from __future__ import annotations

import queue
import time

from bench import report, site
from bench.arrivals import Kind, OpenLoop, Step
from bench.front_cache import FreshReads
from bench.load import Connection, LoadResult, Request
from scoring.models import Hand
from tournament.core import render_once
from tournament.models import Game

SPECTATORS, SPECTATOR_EVERY_S = 1000, 15
# 64 tables at a hand every 90 s and 8 organizers: the rare kinds run often enough that every kind
# has 30 samples in a 1× step (STEP_SAMPLES); faster than a real table plays, so harder, not easier.
TABLES, PREVIEWS_PER_HAND, HAND_EVERY_S = 64, 2, 90
ORGANIZERS, BOARD_EVERY_S = 8, 10
RATES = {  # requests a second at 1×
    "bracket GET": SPECTATORS / SPECTATOR_EVERY_S,  # 66.7
    "score preview": TABLES * PREVIEWS_PER_HAND / HAND_EVERY_S,  # 1.42
    "hand save": TABLES / HAND_EVERY_S,  # 0.71
    "board GET": ORGANIZERS / BOARD_EVERY_S,  # 0.8
}
RENDERED = {"bracket GET": "bracket", "board GET": "board"}  # page kinds counted by tournament.core.render_once
MULTIPLES = (1, 2, 5, 10, 20, 50, 100)
P95_LIMIT_S = 0.200
TARGET = 10
STEP_SAMPLES, MIN_STEP_S, MAX_STEP_S = 30, 10.0, 60.0
NAME = "event peak: largest multiple held (128 teams)"
NAME_CACHED = "event peak through the front cache (128 teams, Varnish, 0 stale reads)"
TARGET_TEXT = f"≥ {TARGET}× (p95 ≤ 200 ms, no errors)"


def step_seconds(rates: dict[str, float], multiple: float) -> float:
    """Long enough for STEP_SAMPLES of the rarest kind at `multiple` (within MIN/MAX_STEP_S)."""
    return max(MIN_STEP_S, min(MAX_STEP_S, STEP_SAMPLES * 1.05 / (min(rates.values()) * multiple)))


def event_peak(ctx, *, through_cache: bool = False) -> list[dict]:
    """The peak straight to gunicorn, or `through_cache` as deployed (every request through Varnish)."""
    fixture = ctx.fixture
    name = NAME_CACHED if through_cache else NAME
    if through_cache and not ctx.cache_port:
        return [report.missing_row(name, TARGET_TEXT, "no front cache (varnishd not installed)")]
    port = ctx.cache_port if through_cache else ctx.port
    slug = fixture.event.slug
    bracket, board = site.url("brackets:division", slug, "d1"), site.url("gameday:board", slug)
    broken = [p for p in ("draw", "schedule", "event tables", "organizer sign-in") if p in fixture.missing]
    if not bracket or not board or broken or not fixture.tables:
        return [report.missing_row(name, TARGET_TEXT, f"fixture: {', '.join(broken)}" if broken else report.MISSING)]
    conn = Connection("127.0.0.1", port)
    tables = [site.Table(token).load(conn) for token in
              Game.objects.filter(pk__in=fixture.tables).order_by("pk").values_list("table_token", flat=True)]
    values = tables[0].small_hand(conn)
    filled = {table.token: table.hand(values) for table in tables}
    organizer = site.organizer_headers(fixture.organizer_session)
    for path, headers in ((bracket, {}), (board, organizer)):  # a busy event's pages are in the cache already
        conn.request(Request(path, headers=headers))
    conn.close()
    fresh = FreshReads(port, slug, bracket) if through_cache else None
    save, saved = hand_saves(tables, filled, fresh)

    def preview(conn, rng):
        table = rng.choice(tables)
        return table.preview_request(conn, filled[table.token])

    kinds = [
        Kind("bracket GET", RATES["bracket GET"], lambda conn, rng: Request(bracket)),
        Kind("score preview", RATES["score preview"], preview),
        Kind("hand save", RATES["hand save"], save, saved),
        Kind("board GET", RATES["board GET"], lambda conn, rng: Request(board, headers=organizer)),
    ]
    hands = Hand.objects.filter(game_id__in=fixture.tables)
    loop = OpenLoop(port, kinds, clients=64 if ctx.seconds > 1.0 else 8,
                    prepare=lambda c: c.request(Request(tables[0].sheet)))
    return drive(ctx, loop, name, RATES, RENDERED, hands, fresh)



def hand_saves(tables, filled, fresh: FreshReads | None = None):
    """(save, saved) for a Kind: each table saves its next hand when its last one was answered, so two
    clients never send the same table's hand number at once. With `fresh`, every hand saved is
    followed by a read of the event's page through the front cache (bench.front_cache)."""
    free: queue.Queue = queue.Queue()
    for table in tables:
        free.put(table)

    def save(conn, rng):
        try:
            table = free.get(timeout=1.0)
        except queue.Empty:
            return None
        request = table.submit_request(conn, filled[table.token])
        request.tag = table
        if fresh:
            fresh.sending(table.token)
        return request

    def saved(request, status):
        if status in site.REDIRECTS:  # saved: the next hand of this table; otherwise its number is unknown, so it rests
            if fresh:
                fresh.answered(request.tag.token)
            request.tag.number += 1
            free.put(request.tag)

    return save, saved

def drive(ctx, loop: OpenLoop, name: str, rates: dict[str, float], rendered: dict[str, str], hands,
          fresh: FreshReads | None = None) -> list[dict]:
    """Run the multiples in turn until one is not held; the rows, with the renders each change cost."""
    quick = ctx.seconds <= 1.0
    multiples, clients = (MULTIPLES[:2], 8) if quick else (MULTIPLES, 64)
    hands_before = hands.count()
    steps: list[Step] = []
    try:
        for multiple in multiples:
            before = render_once.counts(list(rendered.values()))
            step = loop.step(multiple, seconds=2.0 if quick else step_seconds(rates, multiple),
                             max_requests=40_000, seed=4000 + multiple)
            after = render_once.counts(list(rendered.values()))
            saves = len(step.latencies.get("hand save", []))
            step.renders = {kind: after[page] - before[page] for kind, page in rendered.items()}
            step.saves = saves
            steps.append(step)
            ctx.log(f"  {multiple}×: {step.count} requests in {step.elapsed:.1f} s, {step.error_count} errors, p95 "
                    + ", ".join(f"{k} {_ms(step.p95(k))}" for k in rates) + "; renders " + _renders(step))
            if not step.held(P95_LIMIT_S):
                break
            time.sleep(1.0)  # the next step starts from an idle server
    finally:
        loop.close()
    accepted = sum(len(s.latencies["hand save"]) for s in steps)
    saved_count = hands.count() - hands_before
    return rows(steps, accepted, saved_count, clients, quick, name=name, rates=rates, fresh=fresh)


def _renders(step: Step) -> str:
    """Renders of each page kind during the step, per hand saved in it."""
    return ", ".join(f"{kind} {count} for {step.saves} hands saved ({count / step.saves:.2f} a change)"
                     if step.saves else f"{kind} {count}" for kind, count in step.renders.items())


def rows(steps: list[Step], accepted: int, saved: int, clients: int, quick: bool, *, name: str = NAME,
         rates: dict[str, float] = RATES, fresh: FreshReads | None = None) -> list[dict]:
    """The figure (largest multiple held) and, per kind of request, the step at that multiple."""
    held = [s for s in steps if s.held(P95_LIMIT_S)]
    best = held[-1] if held else None
    shown = best or steps[0]
    failed = next((s for s in steps if not s.held(P95_LIMIT_S)), None)
    notes = [f"{s.multiple}× {'held' if s.held(P95_LIMIT_S) else 'MISSED'} (" + ", ".join(
        f"{k} p95 {_ms(s.p95(k))} ({len(s.latencies[k])} samples)" for k in rates)
        + (f"; {s.error_count} errors" if s.error_count else "")
        + f"; renders {_renders(s)}; the load client used {s.client_cpu / s.elapsed:.0%} of a CPU)" for s in steps]
    if failed and failed.first_error:
        notes.append(f"first error at {failed.multiple}×: {failed.first_error[:200]}")
    if failed is None:
        notes.append(f"every multiple up to {steps[-1].multiple}× held; the bench stops there")
    consistent = saved == accepted and not (fresh and fresh.stale)
    notes.append(f"{saved} hands saved for {accepted} accepted saves" + ("" if saved == accepted else " (MISMATCH)"))
    if fresh:
        notes.append(fresh.note())
    multiple = best.multiple if best else 0
    figure = report.figure_row(name, multiple, "×", target=TARGET_TEXT,
                               ok=None if quick else (multiple >= TARGET and consistent), note="; ".join(notes))
    figure["steps"] = [{"multiple": s.multiple, "seconds": round(s.seconds, 1), "held": s.held(P95_LIMIT_S),
                        "client_cpu_share": round(s.client_cpu / s.elapsed, 2) if s.elapsed else None,
                        "load_average_after": s.load_average,
                        "errors": s.errors, "p95_ms": {k: report.ms(s.p95(k)) for k in rates},
                        "renders": s.renders, "hands_saved": s.saves,
                        "requests": {k: len(v) for k, v in s.latencies.items()}} for s in steps]
    if fresh:
        figure["stale_reads"], figure["fresh_reads"] = fresh.stale, fresh.fresh
    if not consistent:
        figure["ok"], figure["verdict"] = False, "MISS"
    out = [figure]
    for kind in rates:
        result = LoadResult(name=f"  at {shown.multiple}×: {kind} ({rates[kind] * shown.multiple:.1f}/s)", clients=clients,
                            seconds=shown.elapsed, latencies=shown.latencies[kind], errors=shown.errors[kind])
        p95 = result.percentile(95)
        out.append(report.load_row(result, None, target="p95 ≤ 200 ms",
                                   checks=[("p95 ≤ 200 ms", p95 is None or p95 <= P95_LIMIT_S)]))
    return out


def _ms(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds * 1000:.0f} ms"
