"""The public bracket never waits for the worker: a passed no-show deadline shows as the forfeit."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.factories import TeamFactory, TournamentFactory
from tournament.core import actions, signup_deadline
from tournament.formats.bracket.draw import publishing
from tournament.models import Game


@pytest.mark.django_db
def test_a_no_show_past_its_deadline_is_a_forfeit_on_the_bracket_without_any_task(client):
    event = TournamentFactory(signup_deadline=dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC))
    home, away = TeamFactory(tournament=event, name="Sand Dollars"), TeamFactory(tournament=event, name="La Costa")
    signup_deadline.close_registration(event.pk, now=dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC))
    publishing.publish(publishing.preview(event, "d1", seed=1))
    game = Game.objects.get(division__kind="d1", status=Game.Status.READY)
    url = reverse("brackets:division", args=[event.slug, "d1"])
    with time_machine.travel(game.no_show_at - dt.timedelta(minutes=2)):
        actions.check_in(game, home)
        assert "Ready" in client.get(url).content.decode()
    with time_machine.travel(game.no_show_at + dt.timedelta(seconds=1)):
        body = client.get(url).content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FORFEIT and game.winner == home
    assert "Forfeit" in body
    assert away.name in body
