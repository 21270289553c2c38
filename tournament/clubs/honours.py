"""The roll of honour: every event's champions and medallists by year, the events played on
Meldboard and those typed in from before it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournament.clubs.memory import Memory
from tournament.models import PastEvent


@dataclass
class Honour:
    year: int
    name: str
    champions: str
    silver: str
    bronze: str
    typed: bool  # entered by hand, from before Meldboard


def roll(memory: Memory) -> list[tuple[int, list[Honour]]]:
    """(year, that year's honours), newest year first."""
    by_year: dict[int, list[Honour]] = defaultdict(list)
    for event in memory.events:
        if not event.decided:
            continue

        def names(place, event=event):
            return ", ".join(memory.entrant_name(players) for players, p in zip(event.entrants, event.places) if p == place)

        by_year[event.date.year].append(Honour(event.date.year, event.name, names(1), names(2), names(3), False))
    for past in PastEvent.objects.filter(club=memory.club):
        by_year[past.year].append(Honour(past.year, past.name, past.champions, past.silver, past.bronze, True))
    return [(year, sorted(by_year[year], key=lambda h: h.name.casefold())) for year in sorted(by_year, reverse=True)]
