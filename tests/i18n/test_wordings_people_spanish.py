"""Issue 34's wordings in Spanish too (the English ones are in tests/formats/tables/test_round_order.py
and tests/i18n/test_wordings_people.py): a play-off is named a play-off, not "Ronda 2 · número de
sorteo 0", and the next round is round 2; a finished event offers no new round and its home says so,
not "Jugando ahora"; an individual event speaks of players, never "Su equipo"."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.formats.tables.events import table_event
from tests.formats.tables.played import players_round
from tests.formats.tables.test_round_order import after_a_playoff
from tests.walks.pages import visible
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def read(client, name, *args) -> str:
    return " ".join(visible(client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE="es").content.decode()).split())


def test_a_play_off_is_a_play_off_and_a_finished_event_offers_no_round_in_spanish(organizer_client):
    event, _playoff = after_a_playoff()
    rounds_page = read(organizer_client, "tables:rounds", event.slug)
    assert "Desempate por el primer lugar Publicada" in rounds_page
    assert "número de sorteo 0" not in rounds_page and "Ronda 2 Sin sortear" in rounds_page
    assert "Sortear la ronda 2" in rounds_page and "Ronda 3" not in rounds_page
    Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.FINISHED)
    finished = read(organizer_client, "tables:rounds", event.slug)
    assert "El evento terminó: no hay ronda nueva." in finished and "Sortear la ronda" not in finished
    home = read(Client(), "public:home", event.slug)
    assert "Evento terminado" in home and "Jugando ahora" not in home


def test_an_individual_event_speaks_of_players_in_spanish(organizer_client):
    event, _games = players_round("rummikub", 2)
    find = read(Client(), "live:find", event.slug)
    assert "Su equipo" not in find and "Buscar mi equipo" not in find
    players = read(organizer_client, "tables:players", table_event("rummikub").slug)
    form = players.split("Agregar un jugador", 1)[1]
    assert "Su equipo" not in form and "Su nombre" not in form and "Nombre del jugador(a)" in form
