"""The TV's bracket, as pages that fit a 1280×720 screen (issue 39).

A whole bracket of 64 teams is 63 games a division: drawn at a size a room can read, it never fits
a screen. The TV shows what the room wants instead — every game of each division's current round
(the earliest round with a game still to be decided; the last round once the division is over) —
in pages of at most COLUMNS × ROWS boxes (4 × 3), which take turns with the other panels. A round too big
for one page is cut into pages of even size (32 games: 11, 11 and 10, never 12, 12 and 8); small rounds of
several divisions share a page while their columns fit (8 teams: both first rounds, then the final).
Byes are not games anyone plays, and a final that is not needed is not played: neither is shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tournament.models import Division, Game, Round

COLUMNS = 4  # boxes side by side on a page
ROWS = 3  # boxes one above the other in a column (room for a total marked "(… confirmed)" under a name)
NOT_SHOWN = (Game.Status.BYE, Game.Status.NOT_NEEDED)


@dataclass
class Group:
    """Some consecutive games (by number) of one division's current round."""

    division: Division
    round: Round
    games: list[Game]
    first: int  # their positions in the round's shown games, from 1
    last: int
    of: int  # how many games the round shows in all

    @property
    def columns(self) -> int:
        return max(1, math.ceil(len(self.games) / ROWS))

    @property
    def whole(self) -> bool:
        return self.first == 1 and self.last == self.of


@dataclass
class Page:
    groups: list[Group] = field(default_factory=list)
    number: int = 1
    count: int = 1

    @property
    def columns(self) -> int:
        return sum(g.columns for g in self.groups)

    @property
    def key(self) -> str:
        return f"bracket-{self.number}"


def current_round(division: Division) -> Round | None:
    """The earliest round with a game still to be decided; the last round once all are."""
    rounds = division.round_list
    for rnd in rounds:
        if any(not g.is_done for g in rnd.game_list):
            return rnd
    return rounds[-1] if rounds else None


def _groups(division: Division) -> list[Group]:
    rnd = current_round(division)
    if rnd is None:
        return []
    games = [g for g in rnd.game_list if g.status not in NOT_SHOWN]
    if not games:
        return []
    per_page = COLUMNS * ROWS
    chunks = math.ceil(len(games) / per_page)
    size = math.ceil(len(games) / chunks)
    return [Group(division, rnd, games[at:at + size], at + 1, min(at + size, len(games)), len(games))
            for at in range(0, len(games), size)]


def pages(divisions: list[Division]) -> list[Page]:
    """The bracket's pages, in division order; groups share a page while their columns fit."""
    result: list[Page] = []
    for group in (g for d in divisions for g in _groups(d)):
        if result and result[-1].columns + group.columns <= COLUMNS:
            result[-1].groups.append(group)
        else:
            result.append(Page(groups=[group]))
    for number, page in enumerate(result, start=1):
        page.number, page.count = number, len(result)
    return result
