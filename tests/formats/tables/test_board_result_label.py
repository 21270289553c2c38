"""A finished table of single players names its winner on the round board (its winner is no Team, so
game day's label had no name), or says who is level at the top."""

import pytest
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.played import end_with_totals, players_round
from tournament.models import Game

pytestmark = pytest.mark.django_db


def board(client, event):
    return client.get(reverse("tables:board", args=[event.slug])).content.decode()


def test_the_board_names_who_won_each_finished_table_or_who_is_level(organizer_client):  # noqa: F811
    event, (a, b, c) = players_round("rummikub", 3, 3, 3)
    end_with_totals(a, -10, 60, -50)
    Game.objects.filter(pk=a.pk).update(result_reason=Game.Reason.TIME_LIMIT)
    end_with_totals(b, 40, 40, -80)
    Game.objects.filter(pk=b.pk).update(result_reason=Game.Reason.TIME_LIMIT_TIE)
    end_with_totals(c, 20, 5, -25)
    page = board(organizer_client, event)
    assert "P2 won (time limit)" in page
    assert "Level at the time limit: P4, P5" in page
    assert "P7 won<" in page
    assert " won (time limit)<" not in page.replace("P2 won (time limit)<", "")  # never a nameless "won"
