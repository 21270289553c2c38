"""A game's life in one place: every change of `Game.status` goes through `move`.

`move` locks the game row, checks the move against MOVES (the explicit table of which status may
become which), writes the new status with the fields that go with it, records the winner, logs the
move, bumps the tournament's change counter, queues the deadlines of the new state once the
transaction commits, and hands the game to its event format (`after_move`: a bracket carries its
winner forward, a table round awards its first-table bonus). An illegal move is a programming
error and fails loudly (IllegalMove); a claim that lost a race to another caller (`claim=True`:
the status is no longer one the move starts from) is answered None and changes nothing.

The winner is recorded the same way in both formats: the side that won (`winner`, a GameSide),
whose team, if it has one, is `Game.winner` (what a bracket carries forward); the log names the
side by slot (`winner_side`), since a table's winner may be a single player.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournament.core import club_ratings, deadlines, entrant_notices, formats, game_log, game_rows
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event
from tournament.models import Game, GameSide

S = Game.Status

# The allowed moves: name -> {from status: to status}. Nothing else may change a game's status.
MOVES: dict[str, dict[str, str]] = {
    # Both sides known (a bracket game whose feeders ended).
    "ready": {S.WAITING: S.READY},
    # Start, or early start by agreement.
    "start": {S.READY: S.IN_PLAY},
    # The hand that ends the game, or the time limit (a table checked in but never started: READY).
    # A result held at the time limit for an unconfirmed hand ends once the organizer confirms it (RULES F1).
    "finish": {S.IN_PLAY: S.FINISHED, S.READY: S.FINISHED, S.AWAITING_DECISION: S.FINISHED},
    # A no-show, no partner (also mid-game: a partner who must leave), or a walkover once the other side is known.
    "forfeit": {S.READY: S.FORFEIT, S.WAITING: S.FORFEIT, S.IN_PLAY: S.FORFEIT},
    # Neither side showed (or nobody reached the game).
    "double_forfeit": {S.READY: S.DOUBLE_FORFEIT, S.WAITING: S.DOUBLE_FORFEIT},
    # Level at the time limit, level again after one more hand, or a tie on the sheet: the organizer decides.
    # Also a held result (an unconfirmed hand at the limit, F1) that turns out level once confirmed.
    "await_decision": {S.IN_PLAY: S.AWAITING_DECISION, S.READY: S.AWAITING_DECISION,
                       S.AWAITING_DECISION: S.AWAITING_DECISION},
    # The organizer's decision of a tie.
    "decide": {S.AWAITING_DECISION: S.FINISHED},
    # The organizer lets the table play one more hand after a tie at the limit (RULES A7).
    "one_more_hand": {S.AWAITING_DECISION: S.IN_PLAY},
    # The organizer corrects a result (a double forfeit corrected has a winner: finished).
    "correct": {S.FINISHED: S.FINISHED, S.FORFEIT: S.FORFEIT, S.DOUBLE_FORFEIT: S.FINISHED},
    # The organizer reverses a no-show or no-partner forfeit: the game is ready again.
    "reverse_forfeit": {S.FORFEIT: S.READY, S.DOUBLE_FORFEIT: S.READY},
    # The organizer reopens a finished game (a table, or a bracket game whose next game has not
    # started): play goes on from its sheet (tournament.core.undo).
    "resume_play": {S.FINISHED: S.IN_PLAY},
    # An automatic outcome undone, or a feeder's result taken back: wait for the sides again.
    "reopen": {S.NOT_NEEDED: S.WAITING, S.FORFEIT: S.WAITING, S.DOUBLE_FORFEIT: S.WAITING,
               S.FINISHED: S.WAITING, S.READY: S.WAITING, S.WAITING: S.WAITING},
    # A final whose two slots hold the same team (it won both divisions).
    "not_needed": {S.WAITING: S.NOT_NEEDED, S.READY: S.NOT_NEEDED},
}

# The fields a move clears or sets besides the status, by the status it reaches.
_ENDED = (S.FINISHED, S.FORFEIT, S.DOUBLE_FORFEIT, S.NOT_NEEDED, S.AWAITING_DECISION)


IllegalMove = game_rows.IllegalMove


def allowed(name: str, status: str) -> str | None:
    """The status `name` takes a game in `status` to, or None when that move is not allowed from it."""
    return MOVES[name].get(status)


def move(
    game: Game | int, name: str, *, claim: bool = False, winner: GameSide | None = None, reason: str | None = None,
    by=None, note: str = "", at: dt.datetime | None = None, log: str | None = None, log_data: dict | None = None,
    fields: dict | None = None,
) -> Game | None:
    """Move a game by `name` (a key of MOVES) and return it, read again.

    reason: the result's reason (Game.Reason), stored as `result_reason`; omitted, a move that ends
    the game keeps none and one that reopens it clears it. log/log_data: the log entry's kind (the
    move's name by default) and data. fields: other columns of the game written with the status.
    """
    if name not in MOVES:
        raise IllegalMove(f"No move called {name!r}.")
    if fields and "status" in fields:
        raise IllegalMove(f"{name}: the status is the move's to write, not a field's.")
    at = at or timezone.now()
    with transaction.atomic():
        locked = lock_game(game if isinstance(game, int) else game.pk)
        before = locked.status
        event_format = formats.of(locked.division.tournament)
        if name not in event_format.moves:
            raise IllegalMove(f"{locked.label}: {name} is not a move of the {event_format.key} format.")
        to = allowed(name, before)
        if to is None:
            if claim:
                return None
            raise IllegalMove(f"{locked.label}: {name} is not allowed from {before}.")
        values = {"status": to, "version": F("version") + 1, **(fields or {})}
        if to in _ENDED:
            values.setdefault("finished_at", at)
        elif to in (S.WAITING, S.READY, S.IN_PLAY) and before in _ENDED:
            values.setdefault("finished_at", None)
            values.setdefault("winner", None)
        if before == S.IN_PLAY and to != S.IN_PLAY:
            values.setdefault("paused_at", None)  # a paused clock ends with the play it stopped
        if reason is not None:
            values["result_reason"] = reason
        elif to in (S.WAITING, S.READY, S.IN_PLAY) and before in _ENDED:
            values["result_reason"] = ""
        if winner is not None:
            values["winner"] = winner.team if winner.team_id else None
        elif to in (S.DOUBLE_FORFEIT, S.NOT_NEEDED) or name == "await_decision":
            values.setdefault("winner", None)
        if by is not None and name in ("decide", "correct", "reverse_forfeit"):
            values["decided_by"] = by
        if note and name in ("decide", "correct", "reverse_forfeit"):
            values["decision_note"] = note
        Game.objects.filter(pk=locked.pk).update(**values)
        kind = log or name
        data = dict(log_data or {})
        # What the move itself says, in the fields its log entry's schema has (tournament.core.game_log).
        wanted = game_log.field_names(kind)
        said = {"status": to, "reason": values.get("result_reason", locked.result_reason),
                "winner": Entrant.of(winner) if winner is not None else None}
        data.update({key: value for key, value in said.items() if key in wanted and key not in data})
        log_event(locked, kind, by=by, note=note, at=at, **data)
        locked.refresh_from_db()
        outer = game_rows.MOVING.set(True)
        try:
            event_format.after_move(locked, name, before)
        finally:
            game_rows.MOVING.reset(outer)
        entrant_notices.game_decided(locked, name, before)  # the result, told in the same transaction
        if not game_rows.moving():
            count_change(locked)
        if S.FINISHED in (before, to):
            club_ratings.result_changed(locked.division.tournament.club_id)
        if to in (S.WAITING, S.READY, S.IN_PLAY):
            deadlines.schedule_deadlines(locked, now=at)
    return locked
