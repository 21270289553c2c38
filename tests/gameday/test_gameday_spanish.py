"""Game day's refusals, flash messages and the bracket's words in Spanish, and in English as before."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation

from tests.factories import TeamFactory
from tests.gameday_setup import publish_division, teams
from tournament.core import actions
from tournament.models import CheckIn, Game

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán
ES = {"HTTP_ACCEPT_LANGUAGE": "es"}
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_after():
    """A Spanish request leaves Spanish active in this thread (LocaleMiddleware): later tests read English."""
    yield
    translation.deactivate()


def text(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"</?bdi>", "", response.content.decode()))))


@pytest.fixture
def games(tournament):
    return publish_division(tournament, starts_at=POSTED)[1]


def post(client, name, tournament, game, data=None, **headers):
    return client.post(reverse(f"gameday:{name}", args=[tournament.slug, game.pk]), data or {}, follow=True, **headers)


def test_a_check_in_and_a_refused_start_in_spanish(organizer_client, tournament, games):
    game = games[0]
    a, b = teams(game)
    with time_machine.travel(POSTED - dt.timedelta(minutes=2), tick=False):
        page = text(post(organizer_client, "check_in", tournament, game, {"team": a.pk}, **ES))
        assert f"{a.name} registró su llegada en la mesa 1." in page
        page = text(post(organizer_client, "start", tournament, game, **ES))
    assert f"no puede empezar: primero deben registrar su llegada los dos equipos (falta {b.name})." in page
    assert "cannot start" not in page
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY


def test_the_same_refusals_read_as_before_in_english(organizer_client, tournament, games):
    game = games[0]
    a, b = teams(game)
    outsider = TeamFactory(tournament=tournament, name="Outsiders")
    with time_machine.travel(POSTED - dt.timedelta(minutes=2), tick=False):
        page = text(post(organizer_client, "check_in", tournament, game, {"team": outsider.pk}))
        assert f"Outsiders is not playing in Division 1 Semi-finals game 1, table 1 ({a.name} and {b.name})." in page
        page = text(post(organizer_client, "start", tournament, game))
    assert f"Division 1 Semi-finals game 1, table 1 cannot start yet: both teams must check in first " \
           f"({a.name} and {b.name} have not)." in page
    assert not CheckIn.objects.exists()


def test_a_team_from_elsewhere_is_refused_in_spanish(organizer_client, tournament, games):
    game = games[0]
    a, b = teams(game)
    outsider = TeamFactory(tournament=tournament, name="Forasteros")
    with time_machine.travel(POSTED - dt.timedelta(minutes=2), tick=False):
        page = text(post(organizer_client, "check_in", tournament, game, {"team": outsider.pk}, **ES))
    # The game's name is the model's (Game.label, translated where the models are).
    assert re.search(rf"Forasteros no juega en .+ \({a.name} y {b.name}\)\.", page)
    assert "is not playing" not in page
    assert not CheckIn.objects.exists()


def test_the_games_page_log_and_a_refused_correction_in_spanish(organizer_client, tournament, games):
    game = games[0]
    a, _ = teams(game)
    with time_machine.travel(POSTED - dt.timedelta(minutes=2), tick=False):
        actions.check_in(game, a)
        url = reverse("gameday:game", args=[tournament.slug, game.pk])
        page = text(organizer_client.get(url, **ES))
        assert f"{a.name} registró su llegada (organización)" in page
        response = organizer_client.post(reverse("gameday:correct", args=[tournament.slug, game.pk]),
                                         {"winner": a.pk, "note": "x"}, **ES)
    assert response.status_code == 400
    assert "Esta partida aún no tiene resultado que corregir." in text(response)


def test_the_bracket_in_spanish(client, tournament, games):
    with time_machine.travel(POSTED - dt.timedelta(minutes=2), tick=False):
        page = text(client.get(reverse("brackets:overview", args=[tournament.slug]), **ES))
    assert "Cuadro ·" in page and "Partida 1" in page and "Mesa 1" in page
    assert "Ganador de la partida 1" in page and "Winner of" not in page
    missing = client.get(reverse("brackets:division", args=[tournament.slug, "d9"]), **ES)
    assert missing.status_code == 404
