"""The organizer's game-day board: one round at a glance, kept in the page cache.

The board applies any deadline that is due when it loads, so it is right even with no worker
running. Its cards are rendered once per state (tournament.page_cache)."""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass, field

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.db.models import F, Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from scoring import prepared
from tournament import page_cache
from tournament.gameday import actions, deadlines
from tournament.models import CheckIn, Game, GameSide, Round, Substitution, Team, Tournament

BOARD_POLL_SECONDS = 5


# ---- loading ------------------------------------------------------------------------------------

def games_for_board(games):
    """Everything a board card shows, in a fixed number of queries however many games there are."""
    return (
        games.select_related("division__tournament", "round", "winner")
        .prefetch_related(
            Prefetch("sides", queryset=GameSide.objects.select_related("team", "fed_by__round").prefetch_related("team__players").order_by("slot")),
            Prefetch("checkins", queryset=CheckIn.objects.select_related("recorded_by")),
            Prefetch("substitutions", queryset=Substitution.objects.select_related("replaced", "substitute")),
            Prefetch("feeds", queryset=GameSide.objects.select_related("game__round", "game__division")),
        )
        .order_by("number")
    )


def rounds_of(tournament):
    return list(
        Round.objects.filter(division__tournament=tournament).select_related("division")
        .order_by(F("starts_at").asc(nulls_last=True), "division__kind", "number")
    )


def current_round(rounds: list[Round]) -> Round | None:
    """The first round (by posted start) with a game still to be decided; else the last one.
    (The board chooses it the same way inside its snapshot query: board_snapshot.)"""
    if not rounds:
        return None
    open_ids = set(
        Game.objects.filter(round__in=rounds).exclude(status__in=Game.DONE).values_list("round_id", flat=True)
    )
    return next((r for r in rounds if r.pk in open_ids), rounds[-1])


@dataclass
class SideView:
    side: GameSide
    checkin: CheckIn | None
    substitutions: list = field(default_factory=list)

    @property
    def team(self):
        return self.side.team


@dataclass
class GameView:
    game: Game
    clock: dict
    sides: list[SideView]
    next_game: Game | None

    @property
    def substitutions(self):
        return [s for v in self.sides for s in v.substitutions]


def game_view(game: Game, now) -> GameView:
    checkins = {c.team_id: c for c in game.checkins.all()}
    subs = list(game.substitutions.all())
    sides = [
        SideView(side=s, checkin=checkins.get(s.team_id), substitutions=[x for x in subs if x.team_id == s.team_id])
        for s in game.sides.all()
    ]
    feeds = list(game.feeds.all())
    return GameView(game=game, clock=actions.clock(game, now), sides=sides, next_game=feeds[0].game if feeds else None)


# ---- the board ----------------------------------------------------------------------------------

def board_context(request, tournament, rnd: Round | None, now) -> dict:
    rows = []
    if rnd is not None:
        rows = [game_view(g, now) for g in games_for_board(Game.objects.filter(round=rnd))]
    alerts = [(row, row.clock["alert"]) for row in rows if row.clock["alert"]]
    elsewhere = (
        Game.objects.filter(division__tournament=tournament, status=Game.Status.AWAITING_DECISION)
        .exclude(round=rnd).select_related("division", "round")
    )
    return {
        "tournament": tournament,
        "round": rnd,
        "rows": rows,
        "alerts": alerts,
        "elsewhere": list(elsewhere),
        "now": now,
        "updated": updated_text(tournament, now),
        "poll_seconds": BOARD_POLL_SECONDS,
        "board_url": reverse("gameday:round", args=[tournament.slug, rnd.pk]) if rnd else reverse("gameday:board", args=[tournament.slug]),
    }


def updated_text(tournament, now) -> str:
    """“10:05:03 AM”: when the board was read, in the tournament's zone."""
    return now.astimezone(tournament.tz).strftime("%-I:%M:%S %p")


@dataclass
class BoardSnapshot:
    """What the board's cache key and deadline check need, read in one query (`board_snapshot`)."""
    rounds: list[tuple]  # (pk, number, name, starts_at, division name, division kind), in board order
    games: dict[int, tuple] = field(default_factory=dict)  # pk -> GAME_COLUMNS
    sides: dict[int, list[tuple]] = field(default_factory=dict)  # game pk -> [(slot, team, name, total, checked in)]
    tournament: tuple = ()  # (pk, name, time zone, created at as text)
    current: int | None = None  # the round whose games `games` holds (with those awaiting a decision)

    def state(self, round_pk: int, now) -> tuple[list, list[int]]:
        """The round's fingerprint for the render cache, and its games with a deadline due."""
        games = [(pk, *row) for pk, row in self.games.items() if row[0] == round_pk]
        sides = [(pk, *side) for pk, *_ in games for side in self.sides.get(pk, ())]
        absent = {pk for pk, _, team_id, _, _, checked_in in sides if team_id and not checked_in}
        due, passed = [], []
        for pk, _, _, status, _, _, _, no_show_at, time_limit_at, start_passed, no_show_passed, limit_passed in games:
            no_show_due = status == Game.Status.READY and no_show_at and no_show_passed and pk in absent
            limit_due = status in (Game.Status.IN_PLAY, Game.Status.READY) and time_limit_at and limit_passed
            if no_show_due or limit_due:
                due.append(pk)
            # The clock's phases turn on these moments (actions.clock): a passed one is a new render.
            passed.append((bool(start_passed), bool(no_show_passed), bool(limit_passed)))
        elsewhere = [(pk, row[1]) for pk, row in self.games.items()
                     if row[2] == Game.Status.AWAITING_DECISION and row[0] != round_pk]
        return [games, sides, passed, elsewhere], due


def board_snapshot(slug: str, now, round_id: int | None = None) -> BoardSnapshot | None:
    """The tournament by slug with its rounds, the games and sides of the board's round (`round_id`,
    or the current one) and the games awaiting a decision, as plain rows, with which deadlines have
    passed at `now`: the board's whole fingerprint in one query (None: no such tournament). It is
    written out (no model instances) because on a cached board it is nearly the whole cost; the
    current round is chosen in the query so that only that round's games come back."""
    from tournament.models import Division, Tournament

    tables = {m.__name__: m._meta.db_table for m in (Tournament, Round, Division, Game, GameSide, Team)}
    moment = connection.ops.adapt_datetimefield_value(now)
    # Moments come back as text: they only go into the key (and order the rounds), and turning
    # a thousand of them into aware datetimes would cost more than the rest of the page.
    text = lambda column: f"CAST({column} AS TEXT)"  # noqa: E731
    passed = " ".join(f", CASE WHEN g.{c} <= %s THEN 1 ELSE 0 END" for c in ("starts_at", "no_show_at", "time_limit_at"))
    if round_id is None:
        # current_round(): the first round in board order with a game still to be decided, else the last.
        done = ", ".join(f"'{status}'" for status in Game.DONE)
        rounds_in = f"""FROM {tables["Round"]} r2 JOIN {tables["Division"]} d2 ON d2.id = r2.division_id
            JOIN {tables["Tournament"]} t2 ON t2.id = d2.tournament_id WHERE t2.slug = %s"""
        order = "CASE WHEN r2.starts_at IS NULL THEN 1 ELSE 0 END {0}, r2.starts_at {0}, d2.kind {0}, r2.number {0}"
        current = f"""SELECT COALESCE(
            (SELECT r2.id {rounds_in} AND EXISTS (SELECT 1 FROM {tables["Game"]} g2 WHERE g2.round_id = r2.id
                AND g2.status NOT IN ({done})) ORDER BY {order.format("ASC")} LIMIT 1),
            (SELECT r2.id {rounds_in} ORDER BY {order.format("DESC")} LIMIT 1)) AS id"""
        params = [slug, slug]
    else:
        current, params = "SELECT CAST(%s AS INTEGER) AS id", [round_id]
    sql = f"""
        WITH cur AS ({current})
        SELECT r.id, r.number, r.name, {text("r.starts_at")}, d.name, d.kind,
               g.id, g.version, g.status, g.table_number, g.winner_id,
               {text("g.starts_at")}, {text("g.no_show_at")}, {text("g.time_limit_at")}
               {passed},
               s.slot, s.team_id, tm.name, s.total, {text("s.checked_in_at")},
               t.id, t.name, t.time_zone, {text("t.created_at")}, cur.id
        FROM {tables["Tournament"]} t
        CROSS JOIN cur
        LEFT JOIN {tables["Division"]} d ON d.tournament_id = t.id
        LEFT JOIN {tables["Round"]} r ON r.division_id = d.id
        LEFT JOIN {tables["Game"]} g ON g.round_id = r.id AND (r.id = cur.id OR g.status = '{Game.Status.AWAITING_DECISION}')
        LEFT JOIN {tables["GameSide"]} s ON s.game_id = g.id
        LEFT JOIN {tables["Team"]} tm ON tm.id = s.team_id
        WHERE t.slug = %s
        ORDER BY g.id, s.slot"""
    with connection.cursor() as cursor:
        # Prepared once per connection on PostgreSQL: planning this join costs more than running it.
        name = "meldboard_board_current" if round_id is None else "meldboard_board_round"
        prepared.execute(cursor, name, sql, [*params, moment, moment, moment, slug])
        rows = cursor.fetchall()
    if not rows:
        return None
    snapshot, rounds = BoardSnapshot(rounds=[], tournament=rows[0][22:26], current=rows[0][26]), {}
    games, sides = snapshot.games, snapshot.sides
    for row in rows:
        if row[0] is None:  # a division without rounds
            continue
        rounds.setdefault(row[0], row[:6])
        game_pk = row[6]
        if game_pk is None:
            continue
        if game_pk not in games:
            games[game_pk] = (row[0], *row[7:17])
        if row[17] is not None:
            sides.setdefault(game_pk, []).append(row[17:22])
    # rounds_of's order: posted start (unposted last), then division kind, then number.
    snapshot.rounds = sorted(rounds.values(), key=lambda r: (r[3] is None, r[3] or "", r[5], r[1]))
    return snapshot


@login_required
@require_GET
def board(request, slug: str, round_id: int | None = None):
    """The tournament comes with the snapshot (one query on a cached board) instead of through
    tournament_view; the 404 and the time-zone override are the same."""
    now = timezone.now()
    snapshot = board_snapshot(slug, now, round_id)
    if snapshot is None:
        raise Http404("No such tournament.")
    pk, name, time_zone, created_at = snapshot.tournament
    tz = zoneinfo.ZoneInfo(time_zone)
    with timezone.override(tz):
        return _board(request, snapshot, slug, round_id, now, key_parts=(pk, created_at, time_zone, name), tz=tz)


def _board(request, snapshot: BoardSnapshot, slug, round_id, now, *, key_parts, tz):
    template = "gameday/_board.html" if request.htmx else "gameday/board.html"
    round_pk = snapshot.current
    if round_pk is None:
        tournament = get_object_or_404(Tournament, slug=slug)
        return render(request, template, {"tournament": tournament, "round": None, "rounds": [], "now": now})
    if not any(r[0] == round_pk for r in snapshot.rounds):
        raise Http404("No such round in this tournament.")
    state, due = snapshot.state(round_pk, now)
    # Pages never wait for the worker: a deadline that has passed is applied now (idempotently).
    if due and deadlines.apply_due(Game.objects.filter(pk__in=due), now):
        snapshot = board_snapshot(slug, now, round_pk)
        state, _ = snapshot.state(round_pk, now)
    nav = [r[:5] for r in snapshot.rounds]

    def build_context():
        tournament = Tournament.objects.get(pk=key_parts[0])
        rounds = rounds_of(tournament)
        rnd = next(r for r in rounds if r.pk == round_pk)
        return {**board_context(request, tournament, rnd, now), "rounds": rounds}

    key = page_cache.key("board", *key_parts, round_pk, state, nav, request.user.pk, template)
    html = page_cache.render(request, template, key, build_context,
                               live={"updated": now.astimezone(tz).strftime("%-I:%M:%S %p")}, now=now)
    return HttpResponse(html)
