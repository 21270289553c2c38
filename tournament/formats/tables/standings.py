"""Standings of a table-round event, as a pure function of plain data (no Django), so the rules of
ranking are tested and reproduced on their own; tournament.formats.tables.results gathers the data.

Two modes (TableEvent.standings):

- "total" (the default): each entrant's score is the sum over the rounds of its side's total at its
  table plus any bonus (the club's first-table +400). Every hand entered counts, so the standings
  are live during a round.
- "placings": each finished table gives its sides points by placing — 1st PLACING_POINTS[0] (4),
  2nd 3, 3rd 2, 4th 1, any later placing 0, whatever the table's size — sides level at a table
  share the better placing (two firsts, then a third); a side that forfeited at the no-show
  deadline is placed last and scores no points. The total score (with bonuses) breaks ties
  in points. A table still playing gives no points yet: a placing is only known at the end.

Entrants level on the ranking key share a rank (1, 1, 3 …). A shared rank of 1 to 3 is a tie for
the win or a medal (gold, silver, bronze): it needs a play-off (RULES D4). A finished play-off table
among exactly those entrants orders them by its placings; a play-off that ends level leaves them tied.
While any table of a counted round is still playing the standings are provisional: no medal and no
tie to play off, since one finished table says nothing of the others. Medals are given only once
the event is decided: the organizer declared it finished (`finished`), or it ended with a play-off
that left no tie for the win or a medal — another round may follow any other round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

TOTAL = "total"
PLACINGS = "placings"
PLACING_POINTS = (4, 3, 2, 1)
MEDALS = {1: "gold", 2: "silver", 3: "bronze"}
MEDAL_SIGNS = {"gold": "🥇", "silver": "🥈", "bronze": "🥉"}


@dataclass(frozen=True)
class SideResult:
    """One side at one table: who (an entrant id), its total, its placing there (None: from the totals)."""

    entrant: int
    total: int
    finished: bool = True
    bonus: int = 0
    placing: int | None = None
    forfeit: bool = False  # did not show up: no placing points (and placed last at the table)


@dataclass(frozen=True)
class Table:
    sides: Sequence[SideResult]
    played: bool = True  # False: forfeited with too few players (S3) or nobody came — counts for nobody


@dataclass(frozen=True)
class Round:
    tables: Sequence[Table]
    playoff: bool = False


@dataclass
class Row:
    entrant: int
    name: str = ""  # filled in by tournament.formats.tables.results
    rank: int = 0
    score: int = 0  # total score with bonuses, over the rounds that count
    bonus: int = 0
    points: int = 0  # placings mode only
    tables: int = 0  # tables played (play-offs not counted; a table missed as absent is not played)
    absent: int = 0  # tables where the entrant was absent (a no-show): ranked with a mark
    still_playing: bool = False  # a table of this entrant has not finished: the row may move
    tied: bool = False
    playoff: str = ""  # "", "needed", "playing" or "decided"
    withdrawn: str = ""  # filled in by results: "withdrew" (page language) when the entrant left; still ranked
    provisional: bool = False  # a table is still playing: no medal yet
    decided: bool = False  # the event is over: the ranks are final, the medals given

    @property
    def medal(self) -> str:
        """gold, silver, bronze or '' — a shared rank shares the medal; none before the event is decided."""
        return MEDALS.get(self.rank, "") if self.decided and not self.provisional else ""

    @property
    def medal_sign(self) -> str:
        return MEDAL_SIGNS.get(self.medal, "")


@dataclass(frozen=True)
class Tie:
    rank: int
    entrants: tuple[int, ...]
    playoff: str  # "needed" or "playing"

    @property
    def for_what(self) -> str:
        """“the win” / “the silver medal”: how a message names what the tie is for."""
        return "the win" if self.rank == 1 else f"the {MEDALS[self.rank]} medal"


@dataclass
class Standings:
    mode: str
    rows: list[Row]
    ties: list[Tie] = field(default_factory=list)  # ties for the win or a medal still to settle
    # Some table is still playing, so any place may change: no medal and no play-off yet (a tie
    # at one finished table proves nothing while the others play).
    provisional: bool = False
    # The event is over (declared finished, or its last play-off settled every medal): medals given.
    decided: bool = False
    finished: bool = False  # declared by the organizer

    def tie_of(self, entrants: Iterable[int]) -> Tie | None:
        wanted = tuple(sorted(entrants))
        return next((t for t in self.ties if tuple(sorted(t.entrants)) == wanted), None)


def placings(totals: Sequence[int]) -> list[int]:
    """Each total's placing at its table: 1 + how many totals are higher (level totals share)."""
    return [1 + sum(other > total for other in totals) for total in totals]


def placing_points(placing: int) -> int:
    return PLACING_POINTS[placing - 1] if 1 <= placing <= len(PLACING_POINTS) else 0


def _placed(table: Table) -> list[tuple[SideResult, int]]:
    computed = placings([s.total for s in table.sides])
    return [(s, s.placing if s.placing is not None else p) for s, p in zip(table.sides, computed)]


def compute(rounds: Sequence[Round], mode: str = TOTAL, entrants: Iterable[int] = (), *, finished: bool = False) -> Standings:
    """Ranked rows (best first) for these rounds; `entrants` adds anyone who has not played yet;
    `finished`: the organizer declared the event over."""
    if mode not in (TOTAL, PLACINGS):
        raise ValueError(f"Unknown standings mode {mode!r}: use {TOTAL!r} or {PLACINGS!r}.")
    rows: dict[int, Row] = {e: Row(e) for e in entrants}
    for rnd in rounds:
        if rnd.playoff:
            continue
        for table in rnd.tables:
            if not table.played:  # its entrants are listed, with nothing from it
                for side in table.sides:
                    rows.setdefault(side.entrant, Row(side.entrant))
                continue
            done = all(s.finished for s in table.sides)
            for side, place in _placed(table):
                row = rows.setdefault(side.entrant, Row(side.entrant))
                row.score += side.total + side.bonus
                row.bonus += side.bonus
                row.tables += 0 if side.forfeit else 1
                row.absent += 1 if side.forfeit else 0
                row.still_playing |= not done
                if mode == PLACINGS and done and not side.forfeit:
                    row.points += placing_points(place)

    def key(row: Row) -> tuple[int, ...]:
        return (row.points, row.score) if mode == PLACINGS else (row.score,)

    ordered = sorted(rows.values(), key=lambda r: (tuple(-k for k in key(r)), r.entrant))
    _rank(ordered, key)
    playoffs = [t for rnd in rounds if rnd.playoff for t in rnd.tables]
    ordered = _settle(ordered, playoffs)
    if any(row.still_playing for row in ordered):
        for row in ordered:
            row.provisional = True
        return Standings(mode, ordered, [], provisional=True, finished=finished)
    ties = [] if finished else _ties(ordered)  # finished by the organizer: a tie not played off shares its medal
    last_playoff_done = bool(rounds) and rounds[-1].playoff and all(
        s.finished for t in rounds[-1].tables for s in t.sides)
    decided = finished or (last_playoff_done and not ties)
    for row in ordered:
        row.decided = decided
    return Standings(mode, ordered, ties, decided=decided, finished=finished)


def _rank(rows: list[Row], key) -> None:
    """Standard competition ranks: level keys share a rank, the next rank skips (1, 1, 3)."""
    for index, row in enumerate(rows):
        level = index > 0 and key(rows[index - 1]) == key(row)
        row.rank = rows[index - 1].rank if level else index + 1


def _groups(rows: list[Row]) -> list[list[Row]]:
    groups: list[list[Row]] = []
    for row in rows:
        if groups and groups[-1][0].rank == row.rank:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _settle(rows: list[Row], playoffs: Sequence[Table]) -> list[Row]:
    """Order each tied group by a play-off table seating exactly that group (in the order they were
    played); a play-off that ends level leaves a smaller tie for the next play-off."""
    used: set[int] = set()
    changed = True
    while changed:
        changed = False
        start = 0
        for group in _groups(rows):
            ids = sorted(r.entrant for r in group)
            found = next((i for i, t in enumerate(playoffs) if i not in used and sorted(s.entrant for s in t.sides) == ids), None)
            if len(group) > 1 and found is not None:
                used.add(found)
                table = playoffs[found]
                if not all(s.finished for s in table.sides):
                    for row in group:
                        row.playoff = "playing"
                else:
                    place = {s.entrant: p for s, p in _placed(table)}
                    base = group[0].rank
                    group.sort(key=lambda r: (place[r.entrant], r.entrant))
                    for row in group:
                        row.rank = base + place[row.entrant] - 1
                        row.playoff = "decided"
                    rows[start:start + len(group)] = group
                    changed = True
                    break
            start += len(group)
    for row in rows:
        row.tied = sum(r.rank == row.rank for r in rows) > 1
    return rows


def _ties(rows: list[Row]) -> list[Tie]:
    ties = []
    for group in _groups(rows):
        if len(group) > 1 and group[0].rank in MEDALS:
            state = "playing" if group[0].playoff == "playing" else "needed"
            for row in group:
                row.playoff = state
            ties.append(Tie(group[0].rank, tuple(r.entrant for r in group), state))
    return ties
