"""The URL converters (config/converters.py): a part that cannot name a row is a 404, never a 500 —
a 20-digit id overflowed SQLite, a NUL byte in a table link broke PostgreSQL."""

import pytest
from django.urls import reverse

from config.converters import BIGGEST_ID
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("token", ["%00", "abc%00def", "x" * 41, "%C2%B2", "a.b"])
def test_a_table_link_that_cannot_be_a_token_is_a_404(client, tournament, token):
    make_game(tournament)
    for page in ("", "live/", "status/"):
        assert client.get(f"/table/{token}/{page}").status_code == 404, page
    for action in ("hands/", "check-in/", "start/"):
        assert client.post(f"/table/{token}/{action}", {"team": "1"}).status_code == 404, action


@pytest.mark.parametrize("number", [0, BIGGEST_ID + 1, 10**19, 10**25])
def test_an_id_outside_the_databases_range_is_a_404(client, organizer_client, tournament, number):
    game = make_game(tournament)
    assert client.get(f"/t/{tournament.slug}/games/{number}/sheet/").status_code == 404
    assert organizer_client.get(f"/table/manage/{number}/").status_code == 404
    assert client.post(f"/table/{game.table_token}/hands/{number}/confirm/", {"version": "1"}).status_code == 404


def test_the_biggest_id_is_looked_up_and_not_found(organizer_client, tournament):
    assert organizer_client.get(f"/table/manage/{BIGGEST_ID}/").status_code == 404
    assert reverse("sheet:game", args=[tournament.slug, BIGGEST_ID]).endswith(f"/{BIGGEST_ID}/sheet/")
