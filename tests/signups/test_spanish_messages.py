"""The organizer's sign-up actions answer in the page's language (issue 16): the added team, a
rename, a refused undo and a refused pairing, in Spanish for an organizer who chose Spanish."""

import pytest
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.models import Team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("template_context")]  # reads response.context


def messages_of(response):
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def spanish_organizer(organizer_client):
    organizer_client.cookies["django_language"] = "es"
    return organizer_client


def test_a_late_team_and_a_rename_are_confirmed_in_spanish(spanish_organizer, tournament):
    response = spanish_organizer.post(reverse("signups:add_team", args=[tournament.slug]),
                                      {"team_name": "Pelícanos", "player1": "Rosa Díaz", "player2": "Luis Peña"},
                                      follow=True)
    assert messages_of(response) == ["Se agregó el equipo “Pelícanos”."]
    team = Team.objects.get(name="Pelícanos")
    response = spanish_organizer.post(reverse("signups:rename_team", args=[tournament.slug, team.pk]),
                                      {"name": "Gaviotas"}, follow=True)
    assert messages_of(response) == ["“Pelícanos” ahora se llama “Gaviotas”."]


def test_refusals_are_in_spanish_and_change_nothing(spanish_organizer, tournament):
    TeamFactory(tournament=tournament, name="Sharks")
    response = spanish_organizer.post(reverse("signups:add_team", args=[tournament.slug]),
                                      {"team_name": "", "player1": "Rosa Díaz", "player2": "Rosa Díaz"}, follow=True)
    assert messages_of(response) == ["Nombre del equipo: Falta: Nombre del equipo.",
                                     "Integrante 2: Los dos compañeros deben ser dos personas distintas."]
    team = Team.objects.get(name="Sharks")
    response = spanish_organizer.post(reverse("signups:rename_team", args=[tournament.slug, team.pk]),
                                      {"name": "x" * 61}, follow=True)
    assert messages_of(response) == ["Al cambiar el nombre de “Sharks”: Nombre del equipo es demasiado largo: "
                                     "como máximo 60 caracteres (este tiene 61)."]
    response = spanish_organizer.post(reverse("signups:pair_posts", args=[tournament.slug]), {}, follow=True)
    assert any("elija a dos jugadores para formar la pareja." in m for m in messages_of(response))
    assert list(Team.objects.values_list("name", flat=True)) == ["Sharks"]
