"""What a table's deadlines and score sheet mean in a table-round event (called by the core
through the format): each absent seat forfeits its place, the time limit places every side, and
the sheet that ends a table finishes it (and may earn the round's first-table bonus). A table's
result never moves anyone on: the standings read the tables (tournament.formats.tables.standings)."""

from __future__ import annotations

import datetime as dt

from scoring import confirmed_limit, outcome
from tournament.core import transitions
from tournament.formats.tables import bonus, table_deadlines
from tournament.models import Game, GameSide

Reason = Game.Reason


def apply_no_show(game: Game, sides: list[GameSide], now: dt.datetime) -> bool:
    return table_deadlines.claim_no_show(game, sides, now)


def apply_time_limit(game: Game, sides: list[GameSide], now: dt.datetime) -> bool:
    held = confirmed_limit.hold(game, sides, now)
    if held:  # a hand before the limit is not confirmed yet: the result waits (F1)
        return held == "decision"
    return table_deadlines.claim_time_limit(game, sides, now, outcome.totals_at_limit(game, sides))


def sheet_over(game: Game, state, *, user=None) -> bool:
    """The sheet ends the table: the side placed first wins it (level at the top: nobody alone)."""
    side = state.winner_side
    moved = transitions.move(game, "finish", claim=True, winner=side, reason=Reason.SCORE, by=user, log="result")
    if moved is None:
        return False
    bonus.award_first_finish(moved)
    return True
