"""The row-level pieces every game-day write shares: lock a game, read its sides, log what happened,
and count the change for the cached pages.

Only the game's own row is locked (`of=("self",)`): the tournament row is taken once, at the end, by
`count_change`, so two writes that lock several games never wait on each other in opposite orders.
"""

from __future__ import annotations

import contextvars
import datetime as dt

from django.core.exceptions import ValidationError
from django.utils import timezone

from tournament.core import game_log
from tournament.models import Game, GameEvent, GameSide, Tournament


class IllegalMove(RuntimeError):
    """A status change the table of moves does not allow (a game's: tournament.core.transitions; an
    event's: tournament.core.event_status): a bug in the caller, never a user's mistake."""


# Set while a game's move runs: the moves its format makes in turn (a result that readies the next
# game, a final that finishes the event) are counted as the one change the outer move counts.
MOVING: contextvars.ContextVar[bool] = contextvars.ContextVar("moving", default=False)


def moving() -> bool:
    """Whether a game's move is running (its change is counted once, at its end)."""
    return MOVING.get()


def lock_game(game_id: int, *, missing_ok: bool = False) -> Game | None:
    """The game row locked for this transaction, read again (None only with `missing_ok`)."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("division__tournament", "round")
        .filter(pk=game_id)
        .first()
    )
    if game is None and not missing_ok:
        raise ValidationError("That game no longer exists.")
    return game


def sides_of(game: Game, *, lock: bool = False) -> list[GameSide]:
    """The game's sides in slot order with their teams and feeders; locked when they are to be changed."""
    sides = GameSide.objects.filter(game=game).select_related("team", "fed_by").order_by("slot")
    return list(sides.select_for_update(of=("self",)) if lock else sides)


def log_event(game: Game, kind: str, *, by=None, note: str = "", at: dt.datetime | None = None, **data) -> None:
    """Write one entry of the game's log; `data` must fit its kind's schema (tournament.core.game_log),
    or game_log.LogSchemaError is raised before anything is written."""
    data = game_log.dump(kind, data)
    GameEvent.objects.create(game=game, kind=kind, by=by, note=note, data=data, at=at or timezone.now())


def count_change(game: Game) -> None:
    """Bump the tournament's change counter: call it inside the transaction that changed the game."""
    Tournament.objects.filter(pk=game.division.tournament_id).bump()
