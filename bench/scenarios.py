"""The measurements. Each takes the run's Context and returns table rows.

They reach the app only through its stable entry points: HTTP to the running server (by URL name),
the models, management commands and the few service functions the fixture uses (bench/fixture.py).
A page whose URL name is gone gives a "not available (feature missing)" row instead of failing the run.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import time
from dataclasses import dataclass

from django.core.management import call_command
from django.utils import timezone

from bench import fixture as fixtures
from bench import report, site
from bench.load import Connection, LoadResult, Request, run_load, time_calls
from bench.peak import event_peak
from bench.printing import run as print_documents
from bench.renders import renders_per_change
from bench.table_peak import table_peak
from scoring.models import Hand
from tournament.core import actions
from tournament.models import Game, GameEvent, GameSide, Tournament


@dataclass
class Context:
    port: int
    fixture: fixtures.Fixture
    services: object
    clients: int = 8
    seconds: float = 6.0
    requests: int = 3000
    baseline: LoadResult | None = None
    log: object = print
    memory_before_printing: list[float] | None = None
    cache_port: int | None = None  # Varnish in front of gunicorn (bench.services.start_cache), if installed

    def load(self, name, make_request, **kwargs) -> LoadResult:
        options = {"clients": self.clients, "max_requests": self.requests, "max_seconds": self.seconds, "warmup": 2}
        options.update(kwargs)
        result = run_load(name, self.port, make_request, **options)
        self.log(f"  {name}: {result.count} requests in {result.seconds:.1f} s, {result.errors} errors")
        return result

    def beside(self, name, make_request, **kwargs) -> tuple[LoadResult, LoadResult]:
        """The measurement and, just before it, the baseline at the same concurrency: the machine's
        load drifts during a run, so each ratio compares two figures taken a second apart."""
        base = run_load("baseline", self.port, lambda state, n: Request("/bench/baseline"),
                        clients=kwargs.get("clients", self.clients), max_requests=self.requests,
                        max_seconds=max(1.0, self.seconds / 2), warmup=2)
        return self.load(name, make_request, **kwargs), base


def ratio_check(result: LoadResult, base: LoadResult, at_least: float) -> tuple[str, bool]:
    return f"≥ {at_least:.2f}× baseline", bool(base.rps) and result.rps / base.rps >= at_least


def p95_check(result: LoadResult, limit_ms: float) -> tuple[str, bool]:
    p95 = result.percentile(95)
    return f"p95 ≤ {limit_ms:.0f} ms", p95 is not None and p95 * 1000 <= limit_ms


def needs(ctx: Context, *parts: str) -> str:
    """Why a measurement cannot run: the fixture parts it needs that could not be built ("" if none)."""
    broken = [p for p in ("draw", "organizer sign-in", "schedule", *parts) if p in ctx.fixture.missing]
    return f"fixture: {', '.join(broken)} (see the run's log)" if broken else ""


# ------------------------------------------------------------------ baseline

def baseline(ctx: Context) -> list[dict]:
    ctx.baseline = ctx.load("baseline: trivial Django view", lambda state, n: Request("/bench/baseline"))
    return [report.load_row(ctx.baseline, None, target="(the reference)")]


# ------------------------------------------------------------------ public bracket page

BRACKET_TARGET = "≥ 0.30× baseline"


def bracket_page(ctx: Context) -> list[dict]:
    path = site.url("brackets:division", ctx.fixture.big.slug, "d1")
    name = "public bracket page (64 teams, Division 1)"
    if not path or needs(ctx):
        return [report.missing_row(name, BRACKET_TARGET, needs(ctx) or report.MISSING)]
    result, base = ctx.beside(name, lambda state, n: Request(path))
    return [report.load_row(result, base, target=BRACKET_TARGET, checks=[ratio_check(result, base, 0.30)]),
            result_visibility(ctx, path)]


def result_visibility(ctx: Context, path: str) -> dict:
    """End a game in play at its table (over HTTP), then ask for the public bracket: the winner must
    show one round further on at once."""
    name = "bracket: a result shows after"
    target = "on the next request"
    if needs(ctx, "games in play") or not ctx.fixture.in_play:
        return report.missing_row(name, target, needs(ctx, "games in play") or report.MISSING)
    game = Game.objects.get(pk=ctx.fixture.in_play.pop())
    conn = Connection("127.0.0.1", ctx.port)
    table = site.Table(game.table_token).load(conn)
    winner = GameSide.objects.select_related("team").get(game=game, slot=int(table.slots[0])).team.name
    before = conn.request(Request(path))[2].decode().count(winner)
    table.win(conn)
    finished, requests = time.perf_counter(), 0
    while time.perf_counter() - finished < 10:
        requests += 1
        if conn.request(Request(path))[2].decode().count(winner) > before:
            seen = time.perf_counter() - finished
            return report.figure_row(name, round(seen, 3), "s", target=target, ok=requests == 1,
                                     note=f"{winner} moved on, seen on request {requests} after the last hand was saved")
        time.sleep(0.05)
    return report.figure_row(name, None, "s", target=target, ok=False, note="the winner never appeared within 10 s")


# ------------------------------------------------------------------ score entry

PREVIEW_TARGET = "≥ 0.15× baseline"
SUBMIT_TARGET = "≥ 0.08× baseline, p95 ≤ 80 ms at 8 clients"


def score_entry(ctx: Context) -> list[dict]:
    """Phones at the 64-team tournament's tables, one table each: previews, then real hand saves."""
    names = ("score entry: preview (htmx)", "score entry: submit a hand")
    targets = (PREVIEW_TARGET, SUBMIT_TARGET)
    why = needs(ctx, "games in play")
    if why or not ctx.fixture.in_play or not site.url("table:preview", "x" * 10):
        return [report.missing_row(n, t, why or report.MISSING) for n, t in zip(names, targets)]
    tokens = list(Game.objects.filter(pk__in=ctx.fixture.in_play).order_by("pk").values_list("table_token", flat=True))
    setup = Connection("127.0.0.1", ctx.port)
    values = site.Table(tokens[0]).load(setup).small_hand(setup)
    setup.close()

    def prepare(conn: Connection, index: int):
        table = site.Table(tokens[index % len(tokens)]).load(conn)
        return conn, table, table.hand(values)

    def preview_request(state, n):
        conn, table, fields = state
        return table.preview_request(conn, fields)

    def submit_request(state, n):
        if n < 0:  # warm-up: a preview, so no hand is saved out of order
            return preview_request(state, n)
        conn, table, fields = state
        request = table.submit_request(conn, fields)
        table.number += 1
        return request

    hands_before = Hand.objects.filter(game_id__in=ctx.fixture.in_play).count()
    clients = min(ctx.clients, len(tokens))
    preview, base = ctx.beside(names[0], preview_request, prepare=prepare, clients=clients)
    rows = [report.load_row(preview, base, target=PREVIEW_TARGET, checks=[ratio_check(preview, base, 0.15)])]
    # At most 60 hands a table: a game never ends, and a run does not fill the database.
    submit, base = ctx.beside(names[1], submit_request, prepare=prepare, clients=clients,
                              max_requests=min(ctx.requests, 60 * clients))
    row = report.load_row(submit, base, target=SUBMIT_TARGET, checks=[ratio_check(submit, base, 0.08), p95_check(submit, 80)])
    saved = Hand.objects.filter(game_id__in=ctx.fixture.in_play).count() - hands_before
    consistent = saved == submit.count
    row["note"] = " ".join(filter(None, [row["note"], f"{saved} hands saved for {submit.count} accepted submits"
                                         + ("" if consistent else " (MISMATCH)")]))
    if not consistent:
        row["ok"], row["verdict"] = False, "MISS"
    return rows + [row]


# ------------------------------------------------------------------ game-day board

BOARD_TARGET = "≥ 0.10× baseline"


def gameday_board(ctx: Context) -> list[dict]:
    name = "game-day board (organizer, 64 teams)"
    path = site.url("gameday:board", ctx.fixture.big.slug)
    if not path or needs(ctx):
        return [report.missing_row(name, BOARD_TARGET, needs(ctx) or report.MISSING)]
    organizer = site.organizer_headers(ctx.fixture.organizer_session)
    result, base = ctx.beside(name, lambda state, n: Request(path, headers=organizer))
    return [report.load_row(result, base, target=BOARD_TARGET, checks=[ratio_check(result, base, 0.10)])]


# ------------------------------------------------------------------ printing (charts, table cards)

def printing(ctx: Context) -> list[dict]:
    why = needs(ctx)
    if why or not site.url("printing:chart", "x", 1, "current"):
        return [report.missing_row("printed documents", "", why or report.MISSING)]
    ctx.memory_before_printing = worker_rss(ctx)
    return print_documents(ctx.port, ctx.fixture.organizer_session, ctx.fixture.small, ctx.fixture.big)


# ------------------------------------------------------------------ the draw

def draw_1024(ctx: Context) -> list[dict]:
    """The draw of 1,024 teams as `manage.py simulate_draw` makes it (the pure draw, nothing saved)."""
    name = "draw of 1,024 teams (simulate_draw)"

    def draw():
        out = io.StringIO()
        call_command("simulate_draw", teams="1024", seed=str(fixtures.SEED), stdout=out)
        return out.getvalue()

    size = json.loads(draw())["size"]
    timings = time_calls(draw, repeat=30, warmup=3)
    return [report.timed_row(name, timings, target="≤ 50 ms", limit_s=0.050,
                             note=f"in-process management command, a {size}-line chart printed as JSON")]


# ------------------------------------------------------------------ no-show forfeit with a live worker

FORFEIT_LEAD = dt.timedelta(seconds=4)


def forfeit_lateness(ctx: Context) -> list[dict]:
    """Move the first round's start on the schedule page so the no-show deadline of every game still
    ready falls a few seconds ahead; the live Celery worker must apply each forfeit on time."""
    name = "no-show forfeit lands after its deadline"
    target = "≤ 2 s"
    why = needs(ctx, "games in play")
    if why or not ctx.fixture.ready:
        return [report.missing_row(name, target, why or report.MISSING)]
    big = ctx.fixture.big
    ids = list(ctx.fixture.ready)
    forfeits = min(4, len(ids))
    for game in Game.objects.filter(pk__in=ids[:forfeits]).select_related("division__tournament", "round"):
        side = game.sides.select_related("team").order_by("slot").first()
        actions.check_in(game, side.team)  # the other team never comes: a forfeit, not a double one
    # The page takes whole minutes: the round starts at this minute and the grace ends a few seconds from now.
    now = timezone.now()
    start = now.replace(second=0, microsecond=0)
    Tournament.objects.filter(pk=big.pk).update(no_show_grace=now + FORFEIT_LEAD - start)
    conn = Connection("127.0.0.1", ctx.port)
    conn.cookies["sessionid"] = ctx.fixture.organizer_session
    fixtures.post_schedule(conn, big, start)
    conn.close()
    waited_until = time.monotonic() + FORFEIT_LEAD.total_seconds() + 15
    while time.monotonic() < waited_until and Game.objects.filter(pk__in=ids, status=Game.Status.READY).exists():
        time.sleep(0.02)
    late = []
    for game in Game.objects.filter(pk__in=ids):
        event = GameEvent.objects.filter(game=game, kind="no_show").order_by("at").first()
        if event is None or game.no_show_at is None:
            return [report.figure_row(name, None, "s", target=target, ok=False,
                                      note=f"game {game.pk} still {game.status} 15 s after its deadline")]
        late.append((event.at - game.no_show_at).total_seconds())
    worst = max(late)
    return [report.figure_row(name, round(worst, 3), "s", target=target, ok=worst <= 2.0,
                              note=f"worst of {len(late)} games ({forfeits} forfeits, {len(late) - forfeits} double no-shows), "
                                   f"deadline posted through the schedule page, live Celery worker; each: "
                                   + ", ".join(f"{x:.2f}" for x in sorted(late)))]


# ------------------------------------------------------------------ memory

def worker_rss(ctx: Context) -> list[float]:
    """Resident memory (MB) of each gunicorn worker."""
    sizes = []
    for pid in ctx.services.web_worker_pids():
        try:
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    sizes.append(int(line.split()[1]) / 1024)
        except OSError:
            continue
    return sizes


def worker_memory(ctx: Context) -> list[dict]:
    name = "web worker resident memory after the run"
    sizes = worker_rss(ctx)
    if not sizes:
        return [report.missing_row(name, "< 150 MB", "could not read the gunicorn workers' /proc status")]
    worst = max(sizes)
    before = ctx.memory_before_printing
    note = f"largest of {len(sizes)} gunicorn workers: " + ", ".join(f"{s:.0f}" for s in sizes) + " MB"
    if before:
        note += " (before the PDFs were made in them: " + ", ".join(f"{s:.0f}" for s in before) + " MB)"
    return [report.figure_row(name, round(worst, 1), "MB", target="< 150 MB", ok=worst < 150, note=note)]


def club_pages(ctx: Context) -> list[dict]:
    from bench.club import club_pages as measure

    return measure(ctx)


def event_peak_through_cache(ctx) -> list[dict]:
    return event_peak(ctx, through_cache=True)


def table_peak_through_cache(ctx) -> list[dict]:
    return table_peak(ctx, through_cache=True)


ALL = [baseline, bracket_page, score_entry, gameday_board, renders_per_change, event_peak, table_peak,
       event_peak_through_cache, table_peak_through_cache, printing, draw_1024,
       forfeit_lateness, club_pages]
