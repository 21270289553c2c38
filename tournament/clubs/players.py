"""A member's record across the club's events: events and places, partners, results by year, finals
and medals, games won and lost, the best game and the current rating."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from tournament.clubs.memory import MEDALS, Memory
from tournament.core import formats


@dataclass
class EventLine:
    name: str
    slug: str
    date: object
    place: int
    medal: str
    partners: str
    final: bool


@dataclass
class YearLine:
    year: int
    events: int = 0
    games: int = 0
    won: int = 0
    medals: int = 0


@dataclass
class Record:
    member: int
    name: str
    events: list[EventLine] = field(default_factory=list)
    partners: list[tuple[str, int]] = field(default_factory=list)
    years: list[YearLine] = field(default_factory=list)
    games: int = 0
    won: int = 0
    finals: int = 0
    brackets: int = 0  # bracket events: "Finals" means something only to a player of one
    medals: dict = field(default_factory=dict)
    best: dict | None = None

    @property
    def lost(self) -> int:
        return self.games - self.won


def record(memory: Memory, member: int) -> Record:
    mine = Record(member, memory.name(member))
    partners: Counter = Counter()
    years: dict[int, YearLine] = defaultdict(lambda: YearLine(0))
    medals: Counter = Counter()
    for event in memory.events:
        year = years[event.date.year]
        year.year = event.date.year
        mine_here = [(players, place) for players, place in zip(event.entrants, event.places)
                     if member in memory.entrant_members(players)]
        # A member counts once per event, at their best place (two entries of one person, merged later).
        for players, place in sorted(mine_here, key=lambda item: (item[1] == 0, item[1]))[:1]:
            who = memory.entrant_members(players)
            others = [m for m in who if m != member]
            partners.update(others)
            medal = MEDALS.get(place, "")
            has_final = formats.by_key(event.format).has_final
            final = has_final and place in (1, 2)
            mine.finals += final
            mine.brackets += has_final
            medals[medal] += bool(medal)
            year.events += 1
            year.medals += bool(medal)
            mine.events.append(EventLine(event.name, event.slug, event.date, place, medal,
                                         " & ".join(memory.name(m) for m in others), final))
        for game in event.games:
            for i, (players, rank) in enumerate(zip(game.sides, game.ranks)):
                if member not in memory.entrant_members(players):
                    continue
                if sum(member in memory.entrant_members(side) for side in game.sides) > 1:
                    break  # on two sides of one game: not a game this person played against anyone
                mine.games += 1
                year.games += 1
                if rank == 1:
                    mine.won += 1
                    year.won += 1
                    if mine.best is None or game.totals[i] > mine.best["total"]:
                        opponents = [memory.entrant_name(s) for j, s in enumerate(game.sides) if j != i]
                        mine.best = {"total": game.totals[i], "event": event.name, "date": event.date,
                                     "against": ", ".join(opponents)}
    mine.events.reverse()  # newest first
    mine.partners = [(memory.name(m), n) for m, n in partners.most_common()]
    mine.years = sorted((y for y in years.values() if y.events or y.games), key=lambda y: -y.year)
    mine.medals = {k: medals[k] for k in ("gold", "silver", "bronze")}
    return mine
