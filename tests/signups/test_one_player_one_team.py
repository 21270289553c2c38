"""One player, one team per event (issue 39): a name is the same player whatever its accents, case
and spaces — "jose nunez" is refused while "José Núñez" is on a team, at sign-up, on the partner
board, when the organizer adds a team and when the organizer records a substitute — and the refusal
names the team that holds the player."""

import datetime as dt
import html

import pytest
from django.urls import reverse

from tests.factories import TeamFactory
from tests.gameday_setup import publish_division, teams
from tournament.common import names
from tournament.models import Player, Substitution, Team

pytestmark = pytest.mark.django_db

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)


def page(response) -> str:
    return html.unescape(response.content.decode())


def sign_up(client, tournament, language="es", **fields):
    data = {"team_name": "Equipo Ñu", "player1": "jose nunez", "player2": "Rita Paz", "contact": "", "submission_key": ""}
    return client.post(reverse("public:signup", args=[tournament.slug]), {**data, **fields},
                       HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def animo(tournament):
    return TeamFactory(tournament=tournament, name="Equipo Ánimo", partners=("José Núñez", "Begoña Ruiz"))


@pytest.mark.parametrize("typed", ["jose nunez", "JOSE NUNEZ", "  José   Núñez ", "josé núñez", "JoseNunez"])
def test_the_same_player_under_any_accents_case_or_spaces_is_refused_at_sign_up(client, tournament, animo, typed):
    response = sign_up(client, tournament, player1=typed)
    assert response.status_code == 400
    assert "José Núñez ya está en el equipo “Equipo Ánimo”." in page(response)
    assert Team.objects.count() == 1 and Player.objects.count() == 2


def test_in_english_too(client, tournament, animo):
    response = sign_up(client, tournament, language="en", player2="jose nunez", player1="Rita Paz")
    assert "José Núñez is already on team “Equipo Ánimo”. A player can be on one team only." in page(response)


def test_two_partners_who_differ_only_by_accents_are_one_person(client, tournament):
    response = sign_up(client, tournament, player1="José Núñez", player2="jose nunez", language="en")
    assert "The two partners must be two different people." in page(response)
    assert not Team.objects.exists()


def test_the_organizer_adding_a_team_is_refused_too(organizer_client, tournament, animo):
    response = organizer_client.post(reverse("signups:add_team", args=[tournament.slug]),
                                     {"team_name": "Equipo Ñu", "player1": "JOSE NUNEZ", "player2": "Rita Paz"},
                                     follow=True)
    assert "José Núñez is already on team “Equipo Ánimo”." in page(response)
    assert Team.objects.count() == 1


def test_the_partner_board_refuses_a_player_on_a_team(client, tournament, animo):
    response = client.post(reverse("public:partners", args=[tournament.slug]), {"name": "jose nunez"})
    assert "José Núñez is already on team “Equipo Ánimo”." in page(response)
    assert Player.objects.count() == 2


def test_a_board_player_signing_up_without_accents_joins_with_their_own_row(client, tournament):
    client.post(reverse("public:partners", args=[tournament.slug]), {"name": "Íñigo Sáenz"})
    response = sign_up(client, tournament, player1="inigo saenz", player2="Rita Paz")
    assert response.status_code == 302
    assert Player.objects.filter(tournament=tournament).count() == 2
    assert Player.objects.get(name="Íñigo Sáenz").team.name == "Equipo Ñu"


def test_a_substitute_typed_without_accents_is_the_opponent_and_refused(organizer_client, tournament):
    game = publish_division(tournament, starts_at=POSTED)[1][0]
    a, b = teams(game)
    Player.objects.filter(pk=b.players.first().pk).update(name="José Núñez")
    response = organizer_client.post(reverse("gameday:substitute", args=[tournament.slug, game.pk]),
                                     {"replaced": a.players.first().pk, "name": "jose  nunez"}, follow=True)
    assert f"José Núñez already plays in this game, for {b.name}." in page(response)
    assert not Substitution.objects.exists() and not Player.objects.filter(name="jose nunez").exists()


def test_the_comparison_lives_in_the_names_module():
    assert names.same_person("José Núñez", " jose  NUNEZ") and not names.same_person("José Núñez", "José Núñes")
