"""Helpers shared by the bracket and advancement tests (and a check that they build what they say)."""

import datetime as dt

from django.utils import timezone

from tests.factories import TeamFactory, TournamentFactory
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, Game


def closed_tournament(n_teams: int, **kwargs):
    """A tournament whose sign-ups closed yesterday (a Tuesday noon deadline by default), with n teams."""
    kwargs.setdefault("signup_deadline", timezone.now() - dt.timedelta(hours=1))  # the first round is then always ahead, whatever the day
    tournament = TournamentFactory(**kwargs)
    base = timezone.now() - dt.timedelta(days=3)
    teams = [TeamFactory(tournament=tournament, name=f"T{i}", created_at=base + dt.timedelta(minutes=i)) for i in range(1, n_teams + 1)]
    return tournament, teams


def publish(tournament, kind="d1", seed=1, by=None):
    record = publishing.preview(tournament, kind, seed=seed, by=by)
    return publishing.publish(record, by=by)


def published(n_teams: int, *, both=True, seed=1, **kwargs):
    tournament, teams = closed_tournament(n_teams, **kwargs)
    publish(tournament, "d1", seed=seed)
    if both:
        publish(tournament, "d2", seed=seed + 1)
    return tournament, teams


def game(tournament, kind, round_number, number) -> Game:
    return Game.objects.select_related("division", "round").get(
        division__tournament=tournament, division__kind=kind, round__number=round_number, number=number
    )


def teams_of(g: Game) -> list:
    return [s.team for s in g.sides.select_related("team").order_by("slot")]


def final_game(tournament) -> Game:
    return Game.objects.select_related("division", "round").get(division__tournament=tournament, division__kind=Division.Kind.FINAL)


def test_published_builds_both_divisions_and_the_final(db):
    tournament, teams = published(5)
    kinds = sorted(Division.objects.filter(tournament=tournament).values_list("kind", flat=True))
    assert kinds == ["d1", "d2", "final"]
    assert Game.objects.filter(division__tournament=tournament, division__kind="d1").count() == 7
    assert final_game(tournament).status == Game.Status.WAITING
