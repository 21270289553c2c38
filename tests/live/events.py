"""Bracket events at each moment of their life, for the live pages' tests."""

import datetime as dt

from django.utils import timezone

from scoring import hands
from scoring import sample_hands as td
from tests.factories import TeamFactory, TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import game, publish, published, teams_of
from tests.gameday.test_advancement_engine import play_out
from tournament.core import actions
from tournament.formats.bracket import advancement
from tournament.models import Game, Tournament


def start_with_a_hand(g: Game) -> Game:
    """Both teams checked in, started (agreed early) and one hand on the sheet."""
    both = teams_of(g)
    for team in both:
        actions.check_in(g, team)
    g = actions.start_game(Game.objects.get(pk=g.pk), agreed_team_ids=[t.pk for t in both])
    hands.submit(g, number=1, values=[td.values(**td.W2), td.values(**td.W2)], key=f"live-{g.pk}", entered_by="A")
    return Game.objects.get(pk=g.pk)


def in_play(n_teams: int = 8, **kwargs):
    """Both divisions drawn; Division 1 game 1 finished (slot 2 won), game 2 in play with a hand."""
    tournament, teams = published(n_teams, **kwargs)
    first = game(tournament, "d1", 1, 1)
    advancement.finish_game(first, teams_of(first)[1], reason="score")
    playing = start_with_a_hand(game(tournament, "d1", 1, 2))
    return tournament, Game.objects.get(pk=first.pk), playing


def finished(n_teams: int = 8, **kwargs):
    """Every game played; the champion is the final's slot-1 team."""
    tournament, teams = published(n_teams, **kwargs)
    play_out(tournament, "d1")
    play_out(tournament, "d2")
    champion = play_out(tournament, "final")
    return tournament, champion


TEAM_NAMES = (
    ("Sharks", "Ana Ruiz", "Ben Ortiz"), ("Jets", "Cy Park", "Dee Lowe"), ("Owls", "Eva Chen", "Finn Moss"),
    ("Foxes", "Gia Rossi", "Hal Jones"), ("Crabs", "Ivo Novak", "Jan Berg"), ("Gulls", "Kim Lee", "Lou Diaz"),
    ("Rays", "Mo Haddad", "Nia Brooks"), ("Terns", "Oli Grant", "Pia Sousa"),
)


def signed_up(**kwargs):
    """A tournament with eight named teams (sign-ups open unless `signup_deadline` says otherwise)."""
    tournament = TournamentFactory(**kwargs)
    for name, *partners in TEAM_NAMES:
        TeamFactory(tournament=tournament, name=name, partners=tuple(partners))
    return tournament


def draw_both(tournament):
    """Close sign-ups (the deadline passed) and publish both divisions."""
    Tournament.objects.filter(pk=tournament.pk).update(signup_deadline=timezone.now() - dt.timedelta(hours=1))
    tournament = Tournament.objects.get(pk=tournament.pk)
    publish(tournament, "d1", seed=1)
    publish(tournament, "d2", seed=2)
    return Tournament.objects.get(pk=tournament.pk)
