"""An event's own life in one place: every change of `Tournament.status` goes through `move`, as a
game's goes through tournament.core.transitions.

`move` locks the tournament row, checks the move against EVENT_MOVES (the explicit table of which
status may become which), writes the new status with the columns that go with it, logs it in the
event's history (the log of the game that caused it, when there is one) and bumps the change
counter — once: a move made by a game's move (a bracket's final decided, a table event's last
play-off) is counted by that game's move. Tournaments are only *created* in a status (open; a club's
past event as finished); after that only this module writes it.

An illegal move is a bug and fails loudly (IllegalMove); a claim that lost a race (`claim=True`: the
row no longer matches `when`, or its status is not one the move starts from) is answered None and
changes nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from tournament.core import game_rows
from tournament.core.game_rows import log_event
from tournament.models import Game, Tournament

T = Tournament.Status

# The allowed moves: name -> {from status: to status}. Nothing else may change an event's status.
EVENT_MOVES: dict[str, dict[str, str]] = {
    # Sign-ups close at the deadline (its task, the minute sweep) or early by the organizer.
    "close_signups": {T.OPEN: T.CLOSED},
    # The event is over: a bracket's final decided, a table event declared finished by its organizer
    # or by a last play-off that decided every medal.
    "finish": {T.OPEN: T.FINISHED, T.CLOSED: T.FINISHED, T.RUNNING: T.FINISHED},
    # The end taken back (a final reopened, a table event reopened by its organizer or a play-off
    # table taken back): play goes on.
    "reopen": {T.FINISHED: T.RUNNING},
}

# The history's entry of each move, where the move is told (tournament.core.game_log_kinds.EventState).
LOG_KINDS = {"finish": "event_finished", "reopen": "event_reopened"}

IllegalMove = game_rows.IllegalMove


def allowed(name: str, status: str) -> str | None:
    """The status `name` takes an event in `status` to, or None when that move is not allowed from it."""
    return EVENT_MOVES[name].get(status)


def move(tournament: Tournament | int, name: str, *, claim: bool = False, when: Q | None = None,
         fields: dict | None = None, log_on: Game | None = None, by=None, **log_data) -> Tournament | None:
    """Move an event by `name` (a key of EVENT_MOVES) and return it, read again.

    when: what the row must still be for the move to happen (a claim: the sign-up deadline passed).
    fields: other columns written with the status (never the status itself). log_on: the game whose
    log tells the event's history; `by` and `log_data` go in that entry.
    """
    if name not in EVENT_MOVES:
        raise IllegalMove(f"No event move called {name!r}.")
    if fields and "status" in fields:
        raise IllegalMove(f"{name}: the status is the move's to write, not a field's.")
    pk = tournament if isinstance(tournament, int) else tournament.pk
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().filter(when or Q(), pk=pk).first()
        to = allowed(name, locked.status) if locked is not None else None
        if to is None:
            if claim:
                return None
            raise IllegalMove(f"{locked or pk}: {name} is not allowed from {locked.status if locked else 'a missing row'}.")
        Tournament.objects.filter(pk=pk).update(status=to, **(fields or {}))
        if log_on is not None and name in LOG_KINDS:
            log_event(log_on, LOG_KINDS[name], by=by, **log_data)
        if not game_rows.moving():
            Tournament.objects.filter(pk=pk).bump()
        locked.refresh_from_db()
    if not isinstance(tournament, int):
        tournament.status = locked.status
        for column in fields or {}:
            setattr(tournament, column, getattr(locked, column))
    return locked
