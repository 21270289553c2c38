"""The organizer's say over a seat at a table (issue 34): seat an absent player back (a late arrival),
mark a player who left during the game (absent from the next hand, withdrawn: RULES-DECISIONS S4),
choose what happens to a table with too few players (wait, move them, forfeit), and take back a
round's publication before its first hand. The start of a table without a missing seat is the round
board's start with `without_missing`."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournament.core.decorators import organizer_required
from tournament.formats.tables import late_arrivals, leaving, short_tables, take_back
from tournament.formats.tables.decorators import table_event_view
from tournament.models import Division, Game


def _table(tournament, game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("round"), pk=game_id, division__tournament=tournament,
                             division__kind=Division.Kind.TABLES)


def _back(tournament, game: Game):
    return redirect(reverse("tables:board_round", args=[tournament.slug, game.round.number]) + f"#table-{game.table_number}")


def _number(value) -> int | None:
    text = str(value or "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None  # "²" is a digit to isdigit


def _tell(request, act) -> None:
    """The organizer reads what `act()` did, or why it was refused (then nothing changed)."""
    try:
        messages.success(request, act())
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))


@organizer_required
@require_POST
@table_event_view
def seat_back(request, tournament, game_id: int):
    game = _table(tournament, game_id)
    _tell(request, lambda: late_arrivals.seat_back(game, _number(request.POST.get("side")) or 0, by=request.user))
    return _back(tournament, game)


@organizer_required
@require_POST
@table_event_view
def seat_left(request, tournament, game_id: int):
    game = _table(tournament, game_id)
    _tell(request, lambda: leaving.leave(game, _number(request.POST.get("side")) or 0,
                                         player_id=_number(request.POST.get("player")), by=request.user))
    return _back(tournament, game)


@organizer_required
@require_POST
@table_event_view
def short_table(request, tournament, game_id: int):
    game = _table(tournament, game_id)
    _tell(request, lambda: short_tables.choose(game, request.POST.get("choice", ""), by=request.user,
                                               to_game=_number(request.POST.get("to_game"))))
    return _back(tournament, game)


@organizer_required
@require_POST
@table_event_view
def take_back_round(request, tournament, number: int):
    _tell(request, lambda: take_back.take_back(tournament, number, by=request.user))
    return redirect("tables:rounds", slug=tournament.slug)
