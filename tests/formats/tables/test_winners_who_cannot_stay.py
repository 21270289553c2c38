"""Winners stay, but not every winner can: one who withdrew since, or whose table number the next
round does not have (fewer players left, fewer tables). The rounds page says so before the draw
instead of promising a seat the draw then gives to nobody, and the preview marks who stayed."""

import pytest
from django.urls import reverse

from tests.formats.tables.played import end_with_totals, players_round
from tournament.formats.tables import movement, withdrawals
from tournament.models import Player

from .test_winners_stay import winners_stay

pytestmark = pytest.mark.django_db


def rummikub_day_round_1():
    """17 Rummikub players at tables of 4, 4, 3, 3, 3 (P1-P4, P5-P8, P9-P11, P12-P14, P15-P17):
    each table's first seat wins."""
    event, games = players_round("rummikub", 4, 4, 3, 3, 3)
    winners_stay(event)
    for game in games:
        end_with_totals(game, 100, *[-10 * slot for slot in range(2, game.sides.count() + 1)])
    return event


def test_a_withdrawn_winner_and_a_winner_without_a_table_are_told_to_move(organizer_client):
    event = rummikub_day_round_1()
    withdrawals.withdraw(event, Player.objects.get(tournament=event, name="P5"))  # table 2's winner
    # 16 players are left: 4 tables of 4, so table 5's winner has no table 5 to keep.
    moves = {w.number: w.moves for w in movement.carried_over(event)}
    assert moves == {1: "", 2: movement.WITHDRAWN, 3: "", 4: "", 5: movement.FEWER_TABLES}

    page = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    assert "Table 2: <bdi>P5</bdi> won but has withdrawn, so nobody stays there." in page
    assert ("Table 5: <bdi>P15</bdi> won, but round 2 has fewer tables (no table 5): "
            "<bdi>P15</bdi> moves like everyone else.") in page
    assert "stays at table 5" not in page and "stays at table 2" not in page
    assert "Table 1: <bdi>P1</bdi> won and stays at table 1." in page

    organizer_client.post(reverse("tables:round_preview", args=[event.slug, 2]), {"seed": "5"})
    preview = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    for name in ("P1", "P9", "P12"):
        assert f"<bdi>{name}</bdi> stayed (won this table last round)" in preview
    assert "<bdi>P15</bdi> stayed" not in preview
