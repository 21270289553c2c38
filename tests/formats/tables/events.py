"""Helpers for the table-event tests: an event and its sign-ups."""

from tests.factories import TournamentFactory
from tournament.formats.tables import signups


def table_event(variant="club-4deck", **kwargs):
    return TournamentFactory(format="tables", variant=variant, **kwargs)


def sign_up(tournament, *names, came_with="", partner="", late=False):
    """Sign each name up alone (or the one name with `partner`); returns the players by name."""
    found = {}
    for name in names:
        for player in signups.register(tournament, name=name, came_with=came_with, partner=partner, late=late):
            found[player.name] = player
    return found
