"""The roll of honour: every event's champions and medallists by year, the events played on
Meldboard and those typed in from before it."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from tournament.clubs.memory import Memory
from tournament.common.names import person_key
from tournament.core.club_ratings import Index
from tournament.models import PastEvent

# How typed names are joined on a past event's line: "Ana López & Beto Cruz", "Ana y Beto", "Ana, Beto".
JOINS = re.compile(r"\s*(?:&|,|;|/|\+)\s*|\s+(?:y|and|e)\s+", re.IGNORECASE)


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


def typed_names(text: str) -> list[str]:
    return [name for name in JOINS.split(text or "") if name.strip()]


def past_titles(memory: Memory, member: int) -> list[tuple[str, int]]:
    """(the past event as shown, place) for each event typed in from before Meldboard that names the
    member among its champions or medallists, matched as a sign-up is (by name; a typed name has no
    contact to disagree), newest first."""
    index = Index.of_club(memory.club.pk)
    found = []
    for past in PastEvent.objects.filter(club=memory.club):
        for place, text in ((1, past.champions), (2, past.silver), (3, past.bronze)):
            if any(index.find(person_key(name), "") == member for name in typed_names(text)):
                found.append((str(past), place))
                break
    return found
