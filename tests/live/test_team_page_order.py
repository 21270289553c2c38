"""A team's page lists its results in the order they were played: the final after the division's
rounds, never among the first ones (issue 24 B)."""

import re

import pytest
from django.urls import reverse

from tests.live.events import finished
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_the_final_comes_after_the_division_rounds_on_the_champions_page(client):
    tournament, champion = finished(8)
    html = client.get(reverse("live:team", args=[tournament.slug, champion.pk])).content.decode()
    results = html.split('id="team-results"', 1)[1]
    played = [int(pk) for pk in re.findall(r'id="result-(\d+)"', results)]
    games = {g.pk: g for g in Game.objects.filter(pk__in=played).select_related("division", "round")}
    kinds = [(games[pk].division.kind, games[pk].round.number) for pk in played]
    assert kinds and kinds[-1][0] == "final", kinds
    division_rounds = [number for kind, number in kinds if kind != "final"]
    assert division_rounds == sorted(division_rounds)
