"""Issue 39: one way of joining names everywhere. Spanish writes "e" for "y" before a name sounding
/i/ ("Begoña Ruiz e Íñigo Peña") and "u" for "o" before /o/; a team's page listing its players one by
one, the organizer's messages (django's get_text_list knew neither) and the partners' filter agree."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import TeamFactory
from tests.live.events import in_play
from tournament.common import names
from tournament.core import actions
from tournament.models import Game


def test_lists_join_with_e_and_u_in_spanish_and_stay_english_in_english():
    with translation.override("es"):
        assert names.and_list(["Begoña Ruiz", "Íñigo Peña"]) == "Begoña Ruiz e Íñigo Peña"
        assert names.and_list(["Ana", "Luis", "Hilda"]) == "Ana, Luis e Hilda"
        assert names.and_list(["Ana", "Hielo"]) == "Ana y Hielo"
        assert names.or_list(["Ana", "Olga"]) == "Ana u Olga"
        assert names.or_list(["Ana", "Luis"]) == "Ana o Luis"
        assert names.joined(["Begoña Ruiz", "Íñigo Peña"]) == "Begoña Ruiz e Íñigo Peña"
    with translation.override("en"):
        assert names.and_list(["Ana", "Inés"]) == "Ana and Inés"


@pytest.mark.django_db
def test_a_teams_page_and_a_refusal_join_begona_and_inigo_the_same_way(client):
    tournament, _, _ = in_play()
    team = TeamFactory(tournament=tournament, name="Los Pelícanos", partners=("Begoña Ruiz", "Íñigo Peña"))
    page = client.get(reverse("live:team", args=[tournament.slug, team.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "<bdi>Begoña Ruiz</bdi> e <bdi>Íñigo Peña</bdi>" in page and " y <bdi>Íñigo" not in page
    with translation.override("es"):
        assert actions._both(["Begoña Ruiz", "Íñigo Peña"]) == "Begoña Ruiz e Íñigo Peña"
    assert Game.objects.exists()
