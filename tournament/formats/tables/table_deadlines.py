"""The no-show and time-limit rules for a table whose sides are single players (cutthroat, Fiji
individual, Rummikub), called by tournament.core.deadlines with the game row locked, once it has
checked that the deadline is due. A bracket game has one winner carried forward; a table has 2 to 6
sides and a placing for each (tournament.formats.tables.standings), so:

- No-show: every side not checked in at the deadline forfeits its place at the table
  (GameSide.forfeited_at: placed last there, total as entered — 0). If two or more sides are
  present the game stays ready and they play on (the absent column is entered as 0); one side
  present wins the table by forfeit; nobody present is a double forfeit.
- Time limit: the game ends with the totals over the completed hands (D6); the sole highest total
  wins the table, a shared top ends it "level at the time limit" — the standings rank level sides
  together and a tie for the win or a medal goes to a play-off (D4), so no organizer decision is
  awaited.

The winner of a table is not a Team, so it is not stored in Game.winner: it is the side placed 1st
(tournament.formats.tables.standings.placings over the sides' totals, forfeited sides last).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db.models import F
from django.utils.translation import gettext as _

from tournament.common.stored_words import reason as reason_words
from tournament.core import transitions
from tournament.core.game_log import Entrant, EntrantTotal
from tournament.core.game_rows import count_change, log_event
from tournament.formats.tables.standings import placings
from tournament.models import Game, GameSide

Status = Game.Status
Reason = Game.Reason


def claim_no_show(game: Game, sides: Sequence[GameSide], now: dt.datetime) -> bool:
    absent = [s for s in sides if not s.checked_in_at and not s.forfeited_at]
    if not absent:
        return False
    present = [s for s in sides if s.checked_in_at and not s.forfeited_at]
    note = ""  # the words are made when the log is read (tournament.core.game_log_words)
    data = {"absent": [Entrant.of(s) for s in absent], "deadline": game.no_show_at.isoformat()}
    if len(present) >= 2:  # the game stays ready: no move, the absent seats are placed last
        if not Game.objects.filter(pk=game.pk, status=Status.READY).update(version=F("version") + 1):
            return False
        log_event(game, "no_show", at=now, note=note, **data)
        count_change(game)
    elif present:
        moved = transitions.move(game, "forfeit", claim=True, at=now, winner=present[0], reason=Reason.NO_SHOW,
                                 log="no_show", note=note, log_data=data)
        if moved is None:
            return False
    elif transitions.move(game, "double_forfeit", claim=True, at=now, reason=Reason.NO_SHOW, log="no_show",
                          note=note, log_data=data) is None:
        return False
    GameSide.objects.filter(pk__in=[s.pk for s in absent]).update(forfeited_at=now)
    return True


def claim_time_limit(game: Game, sides: Sequence[GameSide], now: dt.datetime, totals: Sequence[int] | None = None) -> bool:
    """`totals`: each side's total over the hands completed before the limit (default: the sheet's)."""
    present = [s for s in sides if not s.forfeited_at]
    if game.status == Status.READY and any(not s.checked_in_at for s in present):
        return False  # nobody played: that is the no-show rule's business, not the clock's
    totals = list(totals) if totals is not None else [s.total for s in sides]
    counted = [t for s, t in zip(sides, totals) if not s.forfeited_at]
    places = placings(counted)
    level = places.count(1) > 1
    winner = None if level else present[places.index(1)]
    moved = transitions.move(
        game, "finish", claim=True, at=now, winner=winner, reason=Reason.TIME_LIMIT_TIE if level else Reason.TIME_LIMIT,
        log="time_limit_tie" if level else "time_limit", log_data={"totals": [EntrantTotal(Entrant.of(s), t) for s, t in zip(sides, totals)]},
    )
    return moved is not None


def top_sides(game: Game, sides: list[GameSide]) -> list[GameSide]:
    """The side(s) placed 1st at a table: the game's named winner, else the highest total among the
    sides that did not forfeit (level totals share 1st)."""
    named = [s for s in sides if game.winner_id and s.team_id == game.winner_id and not s.forfeited_at]
    if named:
        return named
    present = [s for s in sides if not s.forfeited_at]
    return [s for s, place in zip(present, placings([s.total for s in present])) if place == 1]


def result_label(game: Game, sides: Sequence[GameSide]) -> str:
    """How the pages name a finished table (players or partnerships): the side placed 1st by name,
    or who is level at the top. A table carries nobody forward, so no word says "advances"; a table
    of more than two sides is not a duel, so none says "double"."""
    reason = reason_words(game.result_reason) if game.result_reason else ""
    if game.status == Status.DOUBLE_FORFEIT:
        words = {"reason": reason or reason_words(Reason.NO_SHOW)}
        if len(sides) > 2:
            return _("Nobody checked in (%(reason)s) — the table was not played") % words
        return _("Double forfeit (%(reason)s) — nobody played") % words
    top = [str(s) for s in top_sides(game, sides)]
    if not top:
        return game.get_status_display()
    if len(top) > 1:
        level = {"names": ", ".join(top), "reason": reason}
        if game.result_reason == Reason.TIME_LIMIT_TIE:
            return _("Level at the time limit: %(names)s") % level
        return _("Level (%(reason)s): %(names)s") % level if reason else _("Level: %(names)s") % level
    if game.status == Status.FORFEIT and game.result_reason in Game.FORFEIT_REASONS:
        if len(sides) > 2:
            return _("%(name)s wins: the others did not check in (%(reason)s)") % {"reason": reason, "name": top[0]}
        return _("Forfeit (%(reason)s) — %(name)s wins") % {"reason": reason, "name": top[0]}
    if reason and game.result_reason != Reason.SCORE:
        return _("%(name)s won (%(reason)s)") % {"name": top[0], "reason": reason}
    return _("%(name)s won") % {"name": top[0]}
