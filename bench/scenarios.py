"""The measurements. Each takes the run's Context and returns table rows; a part whose code has
not landed yet returns a "not available (feature missing)" row instead of failing the run."""

from __future__ import annotations

import html.parser
import importlib
import inspect
import time
import urllib.parse
import uuid
from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from bench import report
from bench.load import Connection, LoadResult, Request, run_load, time_calls


@dataclass
class Context:
    port: int
    fixture: object
    services: object
    clients: int = 8
    seconds: float = 6.0
    requests: int = 3000
    baseline: LoadResult | None = None
    log: object = print

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


def url(name: str, *args) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def first_url(candidates) -> str | None:
    for name, args in candidates:
        found = url(name, *args)
        if found:
            return found
    return None


def module(name: str):
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if name.split(".")[-1] in str(exc) or getattr(exc, "name", "") == name:
            return None
        raise


# ------------------------------------------------------------------ baseline

def baseline(ctx: Context) -> list[dict]:
    ctx.baseline = ctx.load("baseline: trivial Django view", lambda state, n: Request("/bench/baseline"))
    return [report.load_row(ctx.baseline, None, target="(the reference)")]


# ------------------------------------------------------------------ public bracket page

BRACKET_TARGET = "≥ 0.30× baseline, ≤ 8 queries"


def bracket_page(ctx: Context) -> list[dict]:
    slug = ctx.fixture.big.slug
    path = url("brackets:division", slug, "d1")
    name = "public bracket page (64 teams, Division 1)"
    if not path or "draw" in ctx.fixture.missing:
        return [report.missing_row(name, BRACKET_TARGET)]
    result, base = ctx.beside(name, lambda state, n: Request(path))
    ratio = result.rps / base.rps if base.rps else 0
    rows = [report.load_row(result, base, target=BRACKET_TARGET, checks=[
        ("≥ 0.30× baseline", ratio >= 0.30),
        ("≤ 8 queries", result.queries_max is not None and result.queries_max <= 8),
    ])]
    rows.append(result_visibility(ctx, path))
    return rows


def result_visibility(ctx: Context, path: str) -> dict:
    """Finish a game in play, then poll the public page until its winner shows one round further on."""
    name = "bracket: new result visible after"
    target = "≤ 2 s"
    advancement = module("tournament.gameday.advancement")
    if advancement is None or not ctx.fixture.in_play:
        return report.missing_row(name, target)
    from tournament.models import Game

    game = Game.objects.select_related("division__tournament", "round").get(pk=ctx.fixture.in_play.pop())
    winner = game.sides.select_related("team").order_by("slot").first().team
    conn = Connection("127.0.0.1", ctx.port)
    before = conn.request(Request(path))[2].decode().count(winner.name)
    advancement.finish_game(game, winner, reason="score")
    finished = time.perf_counter()
    while time.perf_counter() - finished < 10:
        if conn.request(Request(path))[2].decode().count(winner.name) > before:
            seen = time.perf_counter() - finished
            return report.figure_row(name, round(seen, 3), "s", target=target, ok=seen <= 2.0)
        time.sleep(0.05)
    return report.figure_row(name, None, "s", target=target, ok=False, note="the winner never appeared within 10 s")


# ------------------------------------------------------------------ score entry

SCORE_TARGET = "p95 ≤ 25 ms at 8 clients, ≥ 0.15× baseline"


class _FormParser(html.parser.HTMLParser):
    """The inputs of the form whose action is `action` (hidden values, radio choices, text fields)."""

    def __init__(self, action: str):
        super().__init__()
        self.action, self.inside, self.fields, self.radios = action, False, {}, {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = (attrs.get("action") or "").split("#")[0] == self.action
        elif tag == "input" and self.inside and attrs.get("name"):
            kind = attrs.get("type", "text")
            if kind == "radio":
                self.radios.setdefault(attrs["name"], []).append(attrs.get("value", ""))
            elif kind not in ("submit", "button", "checkbox"):
                self.fields[attrs["name"]] = attrs.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def hand_values(game) -> dict[str, str] | None:
    """Form values of a small legal hand nobody went out on (the game never ends during the run)."""
    from scoring import hands as service
    from scoring import sheet as sheets
    from scoring.forms import field_name

    sheet = sheets.build(sheets.game_for_sheet(pk=game.pk))
    candidates = [
        {"melded_points": 120, "left_points": 30},
        {"red_books": 1, "melded_points": 320, "left_points": 20},
        {"melded_points": 60, "left_points": 10},
    ]
    for values in candidates:
        per_side = {v.side.slot: {f: values.get(f, 0) for f in sheet.fields if f != "went_out"} for v in sheet.sides}
        form = {field_name(slot, f): str(x) for slot, fields in per_side.items() for f, x in fields.items()}
        try:
            from scoring.forms import HandForm

            data = {**form, "number": str(sheet.next_number), "key": uuid.uuid4().hex, "went_out": "nobody",
                    "entered_by": str(sheet.sides[0].side.slot)}
            bound = HandForm(data, sheet=sheet)
            if not bound.is_valid():
                continue
            ok, _ = service.preview(game, sheet.next_number, bound.values())
        except Exception:
            continue
        if ok:
            return form
    return None


def score_entry(ctx: Context) -> list[dict]:
    names = ("score entry: preview (htmx)", "score entry: submit a hand")
    scoring_table = module("scoring.views.table")
    if scoring_table is None or not ctx.fixture.in_play or not url("table:preview", "x" * 10):
        return [report.missing_row(n, SCORE_TARGET) for n in names]
    from tournament.models import Game

    games = list(Game.objects.filter(pk__in=ctx.fixture.in_play).order_by("pk"))
    values = hand_values(games[0])
    if values is None:
        return [report.missing_row(n, SCORE_TARGET, "no legal hand found for the form (scoring API changed?)") for n in names]
    tokens = [g.table_token for g in games]

    def prepare(conn: Connection, index: int):
        token = tokens[index % len(tokens)]
        sheet_path = reverse("table:sheet", args=[token])
        submit_path = reverse("table:submit", args=[token])
        status, _, body = conn.request(Request(sheet_path))
        if status != 200:
            raise RuntimeError(f"GET {sheet_path} → {status}")
        parser = _FormParser(submit_path)
        parser.feed(body.decode())
        fields = {**parser.fields, **values}
        fields["went_out"] = "nobody"
        if "entered_by" in parser.radios:
            fields["entered_by"] = parser.radios["entered_by"][0]
        return {"token": token, "fields": fields, "number": int(fields.get("number") or 1),
                "csrf": conn.cookies.get("csrftoken", ""), "submit": submit_path,
                "preview": reverse("table:preview", args=[token]), "sheet": sheet_path}

    def headers(state, htmx=False):
        h = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": state["csrf"],
             "Referer": f"http://127.0.0.1:{ctx.port}{state['sheet']}"}
        if htmx:
            h["HX-Request"] = "true"
        return h

    def preview_request(state, n):
        body = urllib.parse.urlencode(state["fields"]).encode()
        return Request(state["preview"], "POST", body, headers(state, htmx=True))

    def submit_request(state, n):
        if n < 0:  # warm-up: a preview, so no hand is saved out of order
            return preview_request(state, n)
        fields = {**state["fields"], "number": str(state["number"]), "key": uuid.uuid4().hex}
        state["number"] += 1
        return Request(state["submit"], "POST", urllib.parse.urlencode(fields).encode(), headers(state), expect=(302, 303))

    from scoring.models import Hand

    hands_before = Hand.objects.filter(game__in=games).count()
    clients = min(ctx.clients, len(tokens))
    rows = []
    for name, make, limit in ((names[0], preview_request, None), (names[1], submit_request, 60 * clients)):
        options = {"prepare": prepare, "clients": clients}
        if limit:
            options["max_requests"] = min(ctx.requests, limit)  # bounded hands per game
        result, base = ctx.beside(name, make, **options)
        ratio = result.rps / base.rps if base.rps else 0
        p95 = result.percentile(95)
        row = report.load_row(result, base, target=SCORE_TARGET, checks=[
            ("p95 ≤ 25 ms", p95 is not None and p95 <= 0.025), ("≥ 0.15× baseline", ratio >= 0.15),
        ])
        if make is submit_request:
            saved = Hand.objects.filter(game__in=games).count() - hands_before
            check = "every accepted submit saved one hand" if saved == result.count else "MISMATCH"
            row["note"] = (row["note"] + " " if row["note"] else "") + f"{saved} hands saved for {result.count} accepted submits ({check})"
            if saved != result.count:
                row["ok"], row["verdict"] = False, "MISS"
        rows.append(row)
    return rows


# ------------------------------------------------------------------ game-day board

BOARD_TARGET = "≥ 0.20× baseline"


def gameday_board(ctx: Context) -> list[dict]:
    name = "game-day board (organizer, 64 teams)"
    slug = ctx.fixture.big.slug
    path = first_url([("gameday:board", [slug]), ("gameday:index", [slug]), ("gameday:day", [slug])])
    if not path:
        return [report.missing_row(name, BOARD_TARGET)]
    def log_in(conn: Connection, index: int):
        conn.cookies["sessionid"] = ctx.fixture.organizer_session

    result, base = ctx.beside(name, lambda state, n: Request(path, expect=(200,)), prepare=log_in)
    ratio = result.rps / base.rps if base.rps else 0
    return [report.load_row(result, base, target=BOARD_TARGET, checks=[("≥ 0.20× baseline", ratio >= 0.20)])]


# ------------------------------------------------------------------ printing (charts, table cards)

PRINT_TARGETS = {16: ("≤ 0.5 s", 0.5), 64: ("≤ 1.5 s", 1.5)}


def printing(ctx: Context) -> list[dict]:
    names = ["chart PDF, 16 teams", "chart PDF, 64 teams", "32 table cards PDF"]
    targets = ["≤ 0.5 s", "≤ 1.5 s", "≤ 3 s"]
    bench_printing = module("bench.printing")
    if bench_printing is not None and hasattr(bench_printing, "run"):
        return from_module(ctx, bench_printing, "printing")
    documents = module("tournament.printing.documents")
    if documents is None or not hasattr(documents, "chart_pdf"):
        return [report.missing_row(n, t) for n, t in zip(names, targets)]
    # In-process, as the print task renders them (the PDF work is WeasyPrint's, not the server's).
    from tournament.models import Division, Round
    from tournament.printing import data, paper

    letter = paper.paper(None)
    rows = []
    for (name, target), tournament, limit in zip(zip(names, targets), (ctx.fixture.small, ctx.fixture.big), (0.5, 1.5)):
        div = Division.objects.get(tournament=tournament, kind=Division.Kind.D1)
        timings = time_calls(lambda: documents.chart_pdf(div, data.POSTING, letter), repeat=3, warmup=1)
        rows.append(report.timed_row(name, timings, target=target, limit_s=limit, note="in-process chart_pdf, Letter"))
    first = Round.objects.get(division__tournament=ctx.fixture.big, division__kind=Division.Kind.D1, number=1)
    timings = time_calls(lambda: documents.table_cards_pdf(first, letter, f"http://127.0.0.1:{ctx.port}"), repeat=2, warmup=1)
    rows.append(report.timed_row(names[2], timings, target=targets[2], limit_s=3.0,
                                 note=f"in-process table_cards_pdf, round 1 of Division 1 ({first.games.count()} games)"))
    return rows


# ------------------------------------------------------------------ the draw

def draw_1024(ctx: Context) -> list[dict]:
    name = "draw of 1,024 teams (draw_lines)"
    draw = module("tournament.draw.generator")
    if draw is None or not hasattr(draw, "draw_lines"):
        return [report.missing_row(name, "≤ 50 ms")]
    team_ids = list(range(1, 1025))
    timings = time_calls(lambda: draw.draw_lines(team_ids, 987654321), repeat=30, warmup=3)
    return [report.timed_row(name, timings, target="≤ 50 ms", limit_s=0.050, note="in-process, pure function")]


# ------------------------------------------------------------------ no-show forfeit with a live worker

def forfeit_lateness(ctx: Context) -> list[dict]:
    name = "no-show forfeit lands after its deadline"
    target = "≤ 2 s"
    theirs = module("bench.forfeit_lateness")
    if theirs is not None and hasattr(theirs, "run"):
        return from_module(ctx, theirs, "forfeit")
    gameday = module("tournament.gameday.actions")
    gameday_deadlines = module("tournament.gameday.deadlines")
    if gameday is None or gameday_deadlines is None or not hasattr(gameday_deadlines, "apply_no_show") \
            or not ctx.fixture.ready:
        return [report.missing_row(name, target)]
    import datetime as dt

    from django.utils import timezone

    from tournament.draw import publishing
    from tournament.models import Game, GameEvent

    games = list(Game.objects.filter(pk__in=ctx.fixture.ready[:4]).select_related("division__tournament", "round"))
    grace = games[0].division.tournament.no_show_grace
    deadline = timezone.now() + dt.timedelta(seconds=2)
    for game in games:
        side = game.sides.select_related("team").order_by("slot").first()
        gameday.check_in(game, side.team)  # the other team never comes: a forfeit, not a double one
        publishing.set_posted_start(Game.objects.select_related("division__tournament").get(pk=game.pk), deadline - grace)
    ids = [g.pk for g in games]
    waited_until = time.monotonic() + 15
    while time.monotonic() < waited_until:
        if not Game.objects.filter(pk__in=ids, status=Game.Status.READY).exists():
            break
        time.sleep(0.02)
    late = []
    for game in Game.objects.filter(pk__in=ids):
        event = GameEvent.objects.filter(game=game, kind="no_show").order_by("at").first()
        if event is None:
            return [report.figure_row(name, None, "s", target=target, ok=False,
                                      note=f"game {game.pk} still {game.status} 15 s after its deadline")]
        late.append((event.at - game.no_show_at).total_seconds())
    worst = max(late)
    return [report.figure_row(name, round(worst, 3), "s", target=target, ok=worst <= 2.0,
                              note=f"worst of {len(late)} games, live Celery worker, exact-moment tasks; each: "
                                   + ", ".join(f"{x:.2f}" for x in late))]


# ------------------------------------------------------------------ modules other engineers own

def from_module(ctx: Context, mod, what: str) -> list[dict]:
    """Call `mod.run()` (passing whichever of port/base_url/fixture/tournament it asks for) and turn
    its dict into rows: {name: seconds | [seconds…] | {"seconds"/"timings"/"value", "target", "limit_s"/"ok"}}."""
    available = {"port": ctx.port, "base_url": f"http://127.0.0.1:{ctx.port}", "fixture": ctx.fixture,
                 "tournament": ctx.fixture.big, "small": ctx.fixture.small, "services": ctx.services}
    params = inspect.signature(mod.run).parameters
    kwargs = {k: v for k, v in available.items() if k in params}
    outcome = mod.run(**kwargs)
    rows = []
    for key, value in (outcome or {}).items():
        if isinstance(value, dict) and value.get("rows"):
            rows += value["rows"]
            continue
        target, limit, ok, note = "", None, None, ""
        if isinstance(value, dict):
            target, limit, ok, note = value.get("target", ""), value.get("limit_s"), value.get("ok"), value.get("note", "")
            value = value.get("timings", value.get("seconds", value.get("value")))
        if isinstance(value, (list, tuple)) and value and all(isinstance(x, (int, float)) for x in value):
            row = report.timed_row(str(key), list(value), target=target, limit_s=limit, note=note)
            if ok is not None:
                row["ok"], row["verdict"] = ok, "ok" if ok else "MISS"
            rows.append(row)
        elif isinstance(value, (int, float)):
            if ok is None and limit is not None:
                ok = value <= limit
            rows.append(report.figure_row(str(key), round(float(value), 3), "s", target=target, ok=ok, note=note))
        else:
            rows.append(report.figure_row(str(key), None, "", target=target, ok=ok, note=note or repr(value)[:200]))
    return rows or [report.missing_row(f"{what} (bench/{mod.__name__.split('.')[-1]}.py returned nothing)")]


# ------------------------------------------------------------------ memory

def worker_memory(ctx: Context) -> list[dict]:
    name = "web worker resident memory after the run"
    sizes = []
    for pid in ctx.services.web_worker_pids():
        try:
            for line in open(f"/proc/{pid}/status"):
                if line.startswith("VmRSS:"):
                    sizes.append(int(line.split()[1]) / 1024)
        except OSError:
            continue
    if not sizes:
        return [report.missing_row(name, "< 150 MB", "could not read the gunicorn workers' /proc status")]
    worst = max(sizes)
    return [report.figure_row(name, round(worst, 1), "MB", target="< 150 MB", ok=worst < 150,
                              note=f"largest of {len(sizes)} gunicorn workers: " + ", ".join(f"{s:.0f}" for s in sizes) + " MB")]


ALL = [baseline, bracket_page, score_entry, gameday_board, printing, draw_1024, forfeit_lateness]
