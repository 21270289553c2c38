"""Reversing a forfeit that was no forfeit is refused in the table's own words, which name the
player who won (the bracket's words named the winning team, and a table of single players has none:
the organizer read " won (score)")."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.factories import organizer  # noqa: F401 (fixture)
from tests.formats.tables.played import end_with_totals, players_round
from tournament.core import actions
from tournament.models import Game

pytestmark = pytest.mark.django_db


def refusal(game, by) -> str:
    with pytest.raises(ValidationError) as refused:
        actions.reverse_forfeit(Game.objects.get(pk=game.pk), by, "Wrong table")
    return refused.value.messages[0]


@pytest.mark.parametrize(("language", "words"), [("en", "P2 won"), ("es", "Ganó P2")])
def test_the_refusal_names_the_player_who_won_the_table(organizer, language, words):  # noqa: F811
    event, (game,) = players_round("rummikub", 3)
    end_with_totals(game, -10, 60, -50)
    Game.objects.filter(pk=game.pk).update(result_reason=Game.Reason.SCORE)
    with translation.override(language):
        message = refusal(game, organizer)
    assert words in message
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
