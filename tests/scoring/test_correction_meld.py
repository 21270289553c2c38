"""The correction form shows the meld that held when the hand was played (issue 39): hand 1 was
played needing 50, whatever the totals are now ("bajar 150" after a big first hand)."""

import html
import re

import pytest

from scoring import hands
from scoring import sample_hands as td
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db

BIG = [td.values(out=True, red=4, black=4, runs=4, twos=4, melded=1200), td.values(melded=300, left=20)]  # +18,600


def melds(page: str) -> list[str]:
    return re.findall(r'<span class="legend-meld">\s*(.*?)\s*</span>', page)


@pytest.mark.parametrize("language,then,now", [("es", "bajar 50", "bajar 150"), ("en", "meld 50", "meld 150")])
def test_the_correction_of_hand_1_shows_the_meld_of_hand_1(client, tournament, organizer, language, then, now):
    game = make_game(tournament)
    hands.submit(game, number=1, values=BIG, key="h1", entered_by="A", entered_by_slot=1)
    hands.submit(game, number=2, values=[td.values(**td.W2), td.values(**td.W2)], key="h2", entered_by="A",
                 entered_by_slot=1)
    sheet = html.unescape(client.get(f"/table/{game.table_token}/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert melds(sheet) == [now, "bajar 50" if language == "es" else "meld 50"]  # the next hand's: A is past 15,000
    phone = html.unescape(client.get(f"/table/{game.table_token}/hands/1/edit/", HTTP_ACCEPT_LANGUAGE=language)
                          .content.decode())
    assert melds(phone) == [then, then]
    second = html.unescape(client.get(f"/table/{game.table_token}/hands/2/edit/", HTTP_ACCEPT_LANGUAGE=language)
                           .content.decode())
    assert melds(second)[0] == now  # hand 2 was played with A past 15,000
    client.force_login(organizer)
    copy = html.unescape(client.get(f"/table/manage/{game.pk}/hands/1/edit/", HTTP_ACCEPT_LANGUAGE=language)
                         .content.decode())
    assert melds(copy) == [then, then]
