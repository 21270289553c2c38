"""The organizer's round board of a table event: every table of a round at a glance — seats,
status (waiting, in play, finished), clocks (posted start, time limit, countdown), hands entered
and the last one — with the table's links and its start (and, for partnerships, check-in).

The board's pieces are game day's (tournament.core.board: the prefetch, each game read against
the clock, the poll interval); what is only a table round's (seats, byes, hands) comes from
tournament.formats.tables.seat_lists. It is answered like the game-day board (tournament.core.live_page), per change count and clock turn.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournament.common import localtime
from tournament.common.names import people_in
from tournament.core import board_rows, heard, live_page, page_cache
from tournament.core.board import (
    BOARD_POLL_SECONDS,
    game_view,
    games_for_board,
)
from tournament.core.decorators import organizer_required
from tournament.formats.tables import play, round_order, rounds, seat_lists, table_deadlines, table_facts
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.forms import SeatForm
from tournament.models import Division, Game, Tournament

CARD = "tables/board_card.html"
CARD_TEMPLATES = (CARD, "gameday/_table_heard.html")
ROW_KIND = "tables-board-row"  # the render counter's name (tournament.core.render_once)


def _board_context(tournament: Tournament, number: int, now) -> dict:
    shown = seat_lists.round_seating(tournament, number, with_sides=False)  # the rows read their games' sides
    rows = _cards(tournament, shown, now)
    by_number = {row.number: row for row in rows}
    pairs = [(table, by_number.get(table.index)) for table in shown.tables]
    return {
        "tournament": tournament,
        "seating": shown,
        "numbers": seat_lists.published_numbers(tournament),
        "round_tabs": seat_lists.round_tabs(tournament),
        "rows": pairs,
        "alerts": [(table, row.alert) for table, row in pairs if row and row.alert],
        "can_start_all": sum(1 for row in rows if row.facts.get("can_start") and not row.facts.get("has_teams")) > 1,
        "poll_seconds": BOARD_POLL_SECONDS,
        "board_url": reverse("tables:board_round", args=[tournament.slug, number]),
    }


def _cards(tournament: Tournament, shown: seat_lists.RoundSeating, now) -> list[board_rows.Row]:
    """The round's tables as rows, each with its card cached by what it shows (tournament.core.board_rows):
    with the game's rows, the table's seats, hands and first-table bonus."""
    if shown.round is None:
        return []
    unchanged = board_rows.counter(tournament.pk)
    tables = {table.index: table for table in shown.tables}
    note = table_facts.round_bonus(tournament, shown.round)

    def known(row):
        table = tables.get(row.number)
        seats = tuple((seat.number, seat.name) for seat in table.seats) if table else ()
        return (table.number, seats, table.hands, table.last_hand_at) if table else None, note(row.pk)

    def render(pks):
        fresh = {}
        for game in games_for_board(Game.objects.filter(pk__in=pks)):
            view = game_view(game, now)
            sides = list(game.sides.all())
            if game.is_done and any(side.player_id for side in sides):
                view.clock["label"] = table_deadlines.result_label(game, sides)
            html = render_to_string(CARD, {"table": tables.get(game.number), "view": view, "tournament": tournament,
                                           "bonus": note(game.pk), "csrf_token": page_cache.CSRF_PLACEHOLDER})
            fresh[game.pk] = (html, {"alert": view.clock["alert"], "tone": view.clock["tone"],
                                     "can_start": view.clock["can_start"], "has_teams": _has_teams(game)})
        return fresh

    board = board_rows.common(tournament, CARD_TEMPLATES)
    rows, keys = board_rows.read(ROW_KIND, board, Game.objects.filter(round=shown.round), now, known)
    return board_rows.fill(ROW_KIND, rows, keys, render, unchanged)


def _has_teams(game: Game) -> bool:
    return any(side.team_id for side in game.sides.all())


@live_page.live_view
@organizer_required
@require_GET
@table_event_view
def board(request, tournament, number: int | None = None):
    now = timezone.now()
    head = live_page.apply_due_for(tournament.slug, now)
    numbers = seat_lists.published_numbers(tournament)
    if not numbers:
        if number is not None:
            raise Http404(_("No round has been published yet."))
        # Nothing to poll yet: the whole page with its "no round yet" note, even for an htmx request.
        return render(request, "tables/board.html", {"tournament": tournament, "seating": None})
    number = number or _current(tournament, numbers)
    if number not in numbers:
        raise Http404(_("Round %(number)s has not been published.") % {"number": number})
    # When each table's phone was last heard changes no counter: the marks are in the version.
    heard_marks = heard.marks(Game.objects.filter(round__division__tournament_id=tournament.pk,
                                                  round__division__kind=Division.Kind.TABLES, round__number=number))

    def turn(context, now):
        return live_page.clock_turn((row for _, row in context["rows"] if row), now)

    return live_page.answer(request, head, name="tables-board", templates=("tables/board.html", "tables/board_live.html"),
                            shows=(number,), unversioned=heard_marks, turn=turn, now=now,
                            build=lambda tournament, now: _board_context(tournament, number, now),
                            live={"updated": localtime.when(now.astimezone(tournament.tz), "clock_seconds")})


def _current(tournament: Tournament, numbers: list[int]) -> int:
    """The first round with a table still to finish, else the last one."""
    still_open = set(
        Game.objects.filter(division__tournament=tournament, round__division__kind="tables")
        .exclude(status__in=Game.DONE).values_list("round__number", flat=True)
    )
    return next((n for n in numbers if n in still_open), numbers[-1])


def _table(tournament, game_id) -> Game:
    game = get_object_or_404(Game.objects.select_related("division__tournament", "round"), pk=game_id,
                             division__tournament=tournament, division__kind="tables")
    return game


def _back(tournament, game: Game):
    return redirect(reverse("tables:board_round", args=[tournament.slug, game.round.number]) + f"#table-{game.table_number}")


@organizer_required
@require_POST
@table_event_view
def start(request, tournament, game_id: int):
    game = _table(tournament, game_id)
    try:
        round_order.check_start(game)
        started = play.start_table(game, by=request.user, without_missing=request.POST.get("without_missing") == "1")
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, play.start_message(started))
    return _back(tournament, game)


@organizer_required
@require_POST
@table_event_view
def start_all(request, tournament, number: int):
    """Start every seated table of the round that is ready (tables of single players)."""
    rnd = next((r for r in rounds.table_rounds(tournament) if r.number == number), None)
    if rnd is None:
        raise Http404(_("Round %(number)s has not been published.") % {"number": number})
    started, refused = [], []
    for game in games_for_board(Game.objects.filter(round=rnd, status=Game.Status.READY)):
        if _has_teams(game):
            continue  # partnerships check in first, table by table
        try:
            round_order.check_start(game)
            started.append(play.start_table(game, by=request.user).table_number)
        except ValidationError as exc:
            refused.append(" ".join(exc.messages))
    if started:
        messages.success(request, ngettext("Started table %(tables)s.", "Started tables %(tables)s.", len(started))
                         % {"tables": ", ".join(map(str, started))})
    for text in refused:
        messages.error(request, text)
    if not started and not refused:
        messages.error(request, _("No table of round %(number)s is waiting to start.") % {"number": number})
    return redirect("tables:board_round", tournament.slug, number)


@organizer_required
@require_POST
@table_event_view
def check_in(request, tournament, game_id: int):
    game = _table(tournament, game_id)
    form = SeatForm(request.POST, game=game)
    if not form.is_valid():
        messages.error(request, _("Pick one of the table's seats."))
        return _back(tournament, game)
    side = form.cleaned_data["side"]
    try:
        play.check_in_side(game, side, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, ngettext("%(side)s checked in at table %(table)s.", "%(side)s checked in at table %(table)s.",
                                           people_in(side.team.name) if side.team_id else 1)
                         % {"side": side, "table": game.table_number})
    return _back(tournament, game)
