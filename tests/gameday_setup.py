"""Shared set-up for the game-day tests: a published Division 1 of four teams (two games, then a final);
its first game checked in or started, and one with a hand no one confirmed at the time limit."""

import datetime as dt

import time_machine

from scoring import hands
from scoring import sample_hands as td
from tests.factories import TeamFactory
from tournament.core import actions, timetable
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


# A hand 2 no one confirmed at the time limit (RULES F1, issues 24 and 39): B ahead on the confirmed hand 1,
# then team A's own huge hand the other side never confirmed.
B_AHEAD = [td.values(**td.W2), td.values(out=True, **td.W1)]  # A 935, B 5,690: confirmed
A_HUGE = [td.values(out=True, red=4, black=4, runs=4, twos=4, melded=1200), td.values(melded=300, left=20)]  # A +18,600


def checked_in_game(tournament, posted: dt.datetime):
    """The first game of a published Division 1 posted for `posted`, both teams checked in then."""
    game = publish_division(tournament, starts_at=posted)[1][0]
    for team in teams(game):
        actions.check_in(game, team, now=posted)
    return game


def started_game(tournament, posted: dt.datetime):
    """The same game, started at `posted`."""
    return actions.start_game(checked_in_game(tournament, posted), now=posted)


def with_unconfirmed_hand(game, posted: dt.datetime, typed_at: dt.datetime):
    """Hand 1 (B_AHEAD) typed by A and confirmed by B 40 minutes in; hand 2 (A_HUGE) typed by A at
    `typed_at` and never confirmed. The game as it is then."""
    with time_machine.travel(posted + dt.timedelta(minutes=40), tick=False):
        hand, _ = hands.submit(game, number=1, values=B_AHEAD, key="h1", entered_by="A", entered_by_slot=1)
        hands.confirm(hand, version=1, by="B", by_slot=2)
    with time_machine.travel(typed_at, tick=False):
        hands.submit(Game.objects.get(pk=game.pk), number=2, values=A_HUGE, key="h2", entered_by="A", entered_by_slot=1)
    return Game.objects.get(pk=game.pk)
