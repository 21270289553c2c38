"""A season's standings across its events, both formats: points by finishing place (the club's
table, e.g. 10/7/5/3/1) plus points for taking part, games and hands won. Pure over the events'
records (tournament.clubs.records) and who is who (tournament.clubs.members)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament.clubs.records import EventRecord
from tournament.models import Club, Season


@dataclass
class Standing:
    member: int
    name: str = ""
    listed: bool = True
    rank: int = 0
    points: int = 0
    events: int = 0
    best_place: int = 0
    games: int = 0
    games_won: int = 0
    hands_won: int = 0
    places: dict = field(default_factory=dict)  # event pk → place


def in_season(season: Season, events: list[EventRecord]) -> list[EventRecord]:
    """The season's events whose draw is out: sign-ups alone earn no points."""
    return [e for e in events if season.starts_on <= e.date <= season.ends_on and e.drawn]


def place_points(club: Club, place: int) -> int:
    table = list(club.place_points or [])
    return table[place - 1] if 0 < place <= len(table) else 0


def standings(club: Club, events: list[EventRecord], mapping: dict[int, int]) -> list[Standing]:
    rows: dict[int, Standing] = {}

    def row(member: int) -> Standing:
        return rows.setdefault(member, Standing(member))

    for event in events:
        best: dict[int, int] = {}  # a member counts once per event, at their best place
        for players, place in zip(event.entrants, event.places):
            for member in {mapping[p] for p in players if p in mapping}:
                if member not in best or (place and (not best[member] or place < best[member])):
                    best[member] = place
        for member, place in best.items():
            mine = row(member)
            mine.events += 1
            mine.points += club.taking_part_points + place_points(club, place)
            if place:
                mine.places[event.pk] = place
                mine.best_place = min(mine.best_place or place, place)
        for game in event.games:
            seated = [{mapping[p] for p in players if p in mapping} for players in game.sides]
            twice = {m for m in set().union(*seated) if sum(m in s for s in seated) > 1} if seated else set()
            for players, rank, hands in zip(game.sides, game.ranks, game.hands_won):
                for member in {mapping[p] for p in players if p in mapping} - twice:
                    mine = row(member)
                    mine.games += 1
                    mine.games_won += rank == 1
                    mine.hands_won += hands
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.games_won, -r.hands_won, r.member))
    for r in ordered:
        r.rank = 1 + sum((o.points, o.games_won, o.hands_won) > (r.points, r.games_won, r.hands_won) for o in ordered)
    return ordered
