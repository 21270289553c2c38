"""A table event read for the public home and the TV: the current round's tables (those in play
first), when the round starts, the standings' leaders, and the medals once every table is done.
Built on the public seating (tournament.formats.tables.seat_lists) and standings (tournament.formats.tables.results)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.formats.tables import formats, results, seat_lists
from tournament.formats.tables.results import FINISHED
from tournament.models import Game, Tournament

LEADERS_SHOWN = 5


@dataclass
class TablesNow:
    numbers: list[int]
    round: seat_lists.RoundSeating | None = None
    rows: list = field(default_factory=list)
    mode: str = ""
    entrant_word: str = gettext_lazy("Player")
    decided: bool = False  # the event is over: final standings, medals given

    @property
    def drawn(self) -> bool:
        return bool(self.numbers)

    @property
    def games(self) -> list[Game]:
        return [t.game for t in self.round.tables if t.game] if self.round else []

    @property
    def playing(self) -> list[seat_lists.TableSeating]:
        return [t for t in self.round.tables if t.game and t.game.status in (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION)] if self.round else []

    @property
    def waiting(self) -> list[seat_lists.TableSeating]:
        return [t for t in self.round.tables if t.game and t.game.status in (Game.Status.READY, Game.Status.WAITING)] if self.round else []

    @property
    def finished(self) -> bool:
        """Every table of the latest round is over (so the standings, medals included, stand)."""
        return bool(self.games) and all(g.status in FINISHED for g in self.games)

    @property
    def leaders(self) -> list:
        return self.rows[:LEADERS_SHOWN]

    @property
    def medals(self) -> list:
        return [row for row in self.rows if row.medal] if self.finished else []

    def starts_in_future(self, now: dt.datetime) -> bool:
        start = self.round.round.starts_at if self.round and self.round.round else None
        return bool(start and start > now)


def read(tournament: Tournament) -> TablesNow:
    numbers = seat_lists.published_numbers(tournament)
    now = TablesNow(numbers=numbers, entrant_word=_("Partnership") if formats.in_partnerships(tournament) else _("Player"))
    if not numbers:
        return now
    now.round = seat_lists.round_seating(tournament, numbers[-1], with_marks=False)  # the home lists no seats
    try:
        table = results.standings(tournament)
    except ValidationError:
        return now
    now.rows, now.mode, now.decided = table.rows, table.mode, table.decided
    return now
