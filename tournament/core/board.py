"""The organizer's game-day board: one round at a glance, kept in the page cache.

The board applies any deadline that is due when it loads, so it is right even with no worker
running. It is rendered once per count of the tournament's changes and clock phase
(tournament.core.live_page), from its games' cards, each cached by what it shows
(tournament.core.board_rows): a hand saved re-renders that game's card only."""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass, field

from django.db.models import Exists, F, OuterRef, Prefetch
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.common.localtime import when
from tournament.core import board_rows, heard, live_page, page_cache
from tournament.core.clock import clock
from tournament.core.decorators import organizer_required
from tournament.models import CheckIn, Game, GameSide, Round, Substitution, Tournament

BOARD_POLL_SECONDS = 5
CARD = "gameday/_game_card.html"
CARD_TEMPLATES = (CARD, "gameday/_table_heard.html", "brackets/_withdrawn.html")
ROW_KIND = "board-row"  # the render counter's name (tournament.core.render_once)


# ---- loading ------------------------------------------------------------------------------------

def games_for_board(games):
    """Everything a board card shows, in a fixed number of queries however many games there are."""
    return (
        games.select_related("division__tournament", "round", "winner")
        .prefetch_related(
            Prefetch("sides", queryset=GameSide.objects.select_related("team", "player", "fed_by__round").prefetch_related("team__players").order_by("slot")),
            Prefetch("checkins", queryset=CheckIn.objects.select_related("recorded_by")),
            Prefetch("substitutions", queryset=Substitution.objects.select_related("replaced", "substitute")),
            Prefetch("feeds", queryset=GameSide.objects.select_related("game__round", "game__division")),
        )
        .order_by("number")
    )


BOARD_ORDER = (F("starts_at").asc(nulls_last=True), "division__kind", "number")  # posted start, unposted last


def rounds_of(tournament):
    return list(Round.objects.filter(division__tournament=tournament).select_related("division").order_by(*BOARD_ORDER))


def current_round_id(slug: str) -> int | None:
    """The board's round when none is asked for: the first round (in board order) with a game still
    to be decided, else the last one; None before the draw. One small query."""
    still_open = Game.objects.filter(round=OuterRef("pk")).exclude(status__in=Game.DONE)
    rounds = list(
        Round.objects.filter(division__tournament__slug=slug).order_by(*BOARD_ORDER)
        .values_list("pk", Exists(still_open))
    )
    if not rounds:
        return None
    return next((pk for pk, is_open in rounds if is_open), rounds[-1][0])


@dataclass
class BoardSide:
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
    sides: list[BoardSide]
    next_game: Game | None

    @property
    def substitutions(self):
        return [s for v in self.sides for s in v.substitutions]


def game_view(game: Game, now) -> GameView:
    checkins = {c.team_id: c for c in game.checkins.all()}
    subs = list(game.substitutions.all())
    sides = [
        BoardSide(side=s, checkin=checkins.get(s.team_id), substitutions=[x for x in subs if x.team_id == s.team_id])
        for s in game.sides.all()
    ]
    feeds = list(game.feeds.all())
    return GameView(game=game, clock=clock(game, now), sides=sides, next_game=feeds[0].game if feeds else None)


# ---- the board ----------------------------------------------------------------------------------

def cards(tournament, rnd: Round, now) -> list[board_rows.Row]:
    """The round's games as rows, each with its card: from the cache when what it shows is
    unchanged, else rendered now (the cards' CSRF tokens are placeholders: page_cache.personalize)."""
    unchanged = board_rows.counter(tournament.pk)

    def render(pks):
        fresh = {}
        for game in games_for_board(Game.objects.filter(pk__in=pks)):
            view = game_view(game, now)
            html = render_to_string(CARD, {"row": view, "tournament": tournament, "csrf_token": page_cache.CSRF_PLACEHOLDER})
            fresh[game.pk] = (html, {"alert": view.clock["alert"], "tone": view.clock["tone"]})
        return fresh

    board = board_rows.common(tournament, CARD_TEMPLATES)
    rows, keys = board_rows.read(ROW_KIND, board, Game.objects.filter(round=rnd), now)
    return board_rows.fill(ROW_KIND, rows, keys, render, unchanged)


def board_context(request, tournament, rnd: Round | None, now) -> dict:
    rows = cards(tournament, rnd, now) if rnd is not None else []
    alerts = [(row, row.alert) for row in rows if row.alert]
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
        "updated": updated_text(tournament.tz, now),
        "poll_seconds": BOARD_POLL_SECONDS,
        "board_url": reverse("gameday:round", args=[tournament.slug, rnd.pk]) if rnd else reverse("gameday:board", args=[tournament.slug]),
    }


def updated_text(tz: zoneinfo.ZoneInfo, now) -> str:
    """“10:05:03 AM”: when the board was read, in the tournament's zone."""
    return when(now.astimezone(tz), "clock_seconds")


@live_page.live_view
@organizer_required
@require_GET
def board(request, slug: str, round_id: int | None = None):
    """The round to show, then the tournament's counter (live_page.apply_due_for, which applies any
    deadline that has passed); on an unchanged or cached board that is all. The round is chosen
    first so that the deadlines applied now show on the round the organizer was looking at."""
    now = timezone.now()
    round_pk = round_id or current_round_id(slug)
    heard_marks = heard.round_marks(round_pk) if round_pk else ()  # read before the counter, as the round
    head = live_page.apply_due_for(slug, now)
    if round_pk is None:  # no draw yet: nothing to poll
        tournament = Tournament.objects.get(pk=head.pk)
        with timezone.override(zoneinfo.ZoneInfo(head.time_zone)):
            template = "gameday/_board.html" if request.htmx else "gameday/board.html"
            return render(request, template, {"tournament": tournament, "round": None, "rounds": [], "now": now})

    def build(tournament, now):
        rounds = rounds_of(tournament)
        rnd = next((r for r in rounds if r.pk == round_pk), None)
        if rnd is None:
            raise Http404(_("No such round in this tournament."))
        return {**board_context(request, tournament, rnd, now), "rounds": rounds}

    def turn(context, now):
        return live_page.clock_turn(context["rows"], now)

    # When each table's phone was last heard changes no counter: the marks are in the version.
    return live_page.answer(request, head, name="board", templates=("gameday/board.html", "gameday/_board.html"),
                            shows=(round_pk,), unversioned=heard_marks, build=build, turn=turn, now=now,
                            live={"updated": updated_text(zoneinfo.ZoneInfo(head.time_zone), now)})
