"""Stand-ins for the pure draws of tournament.tables.partners and .seating (another branch writes
them): just enough to drive the pages and the saving code in these tests, in the same shapes."""

import random
from types import SimpleNamespace

import pytest

from tests.factories import TournamentFactory
from tournament.tables import drawing, signups


class DrawImpossible(Exception):
    pass


def draw_partners(players, households, seed):
    players = list(players)
    random.Random(seed).shuffle(players)
    together = {p: i for i, group in enumerate(households) for p in group}
    pairs = []
    while players:
        first = players.pop(0)
        mate = next((p for p in players if together.get(p, -1) != together.get(first, -2)), None)
        if mate is None:
            raise DrawImpossible(f"{len(households)} couples among {len(players) + 1 + 2 * len(pairs)} players cannot all be kept apart.")
        players.remove(mate)
        pairs.append((first, mate))
    return pairs


def draw_seating(entrants, min_sides, max_sides, earlier, movement, seed):
    entrants = list(entrants)
    random.Random(seed).shuffle(entrants)
    tables = []
    while len(entrants) >= min_sides:
        sides, entrants = entrants[:max_sides], entrants[max_sides:]
        tables.append({"sides": sides, "seats": [p for side in sides for p in side]})
    return {"tables": tables, "sitting_out": [p for side in entrants for p in side]}


@pytest.fixture
def standin_draws(monkeypatch):
    monkeypatch.setattr(drawing, "partners", SimpleNamespace(draw=draw_partners, DrawImpossible=DrawImpossible))
    monkeypatch.setattr(drawing, "seating", SimpleNamespace(draw=draw_seating, DrawImpossible=DrawImpossible))


def table_event(variant="club-4deck", **kwargs):
    return TournamentFactory(format="tables", variant=variant, **kwargs)


def sign_up(tournament, *names, came_with="", partner="", late=False):
    """Sign each name up alone (or the one name with `partner`); returns the players by name."""
    found = {}
    for name in names:
        for player in signups.register(tournament, name=name, came_with=came_with, partner=partner, late=late):
            found[player.name] = player
    return found
