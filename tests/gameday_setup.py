"""Shared set-up for the game-day tests: a published Division 1 of four teams (two games, then a final)."""

import datetime as dt

from tests.factories import TeamFactory
from tournament.core import timetable
from tournament.formats.bracket.draw import publishing
from tournament.models import Game

NAMES = ("Sharks", "Jets", "Owls", "Foxes", "Crabs", "Gulls", "Rays", "Terns")


def publish_division(tournament, teams: int = 4, *, starts_at: dt.datetime | None = None, kind: str = "d1"):
    """Publish a division; its first-round games get `starts_at` as their posted start if given."""
    if not tournament.teams.exists():
        for name in NAMES[:teams]:
            TeamFactory(tournament=tournament, name=name)
    record = publishing.preview(tournament, kind, seed=7, override=True)
    division = publishing.publish(record, override=True)
    first = list(Game.objects.filter(division=division, round__number=1, status=Game.Status.READY).order_by("number"))
    if starts_at is not None:
        timetable.set_round_start(division.rounds.get(number=1), starts_at)
        first = [Game.objects.get(pk=game.pk) for game in first]
    return division, first


def teams(game):
    return [side.team for side in game.sides.order_by("slot").select_related("team")]


def next_game(game):
    return Game.objects.get(sides__fed_by=game)
