"""A total reads the same on every page that shows it: 5,690 with its thousands separator on the
table's sheet, the public sheet, the organizer's board card and game page and the public bracket —
never 5690 on one and 5,690 on another."""

import html
import re

import pytest
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


def test_a_total_is_written_with_its_thousands_separator_everywhere(client, organizer_client, tournament):
    game = make_game(tournament)
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1",
                 entered_by="A", entered_by_slot=1)
    pages = {
        "table sheet": client.get(f"/table/{game.table_token}/"),
        "public sheet": client.get(f"/t/{tournament.slug}/games/{game.pk}/sheet/"),
        "board": organizer_client.get(reverse("gameday:round", args=[tournament.slug, game.round_id])),
        "game page": organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk])),
    }
    game.division.published_at = game.started_at
    game.division.save(update_fields=["published_at"])
    pages["bracket"] = client.get(reverse("brackets:division", args=[tournament.slug, "d1"]))
    for where, response in pages.items():
        text = html.unescape(response.content.decode())
        assert response.status_code == 200 and "5,690" in text, where
        assert not re.search(r">\s*5690\s*<", text), where
