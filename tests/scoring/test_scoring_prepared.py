"""The score-entry SQL runs as prepared statements on PostgreSQL: prepared once per connection, then
executed, with the same answer each time (SQLite runs the SQL directly)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import sheet as sheets
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


def test_the_entry_is_the_same_whether_prepared_now_or_before(tournament):
    game = make_game(tournament)
    with CaptureQueriesContext(connection) as first:
        a = sheets.entry_for(table_token=game.table_token)
    b = sheets.entry_for(pk=game.pk)
    with CaptureQueriesContext(connection) as again:
        c = sheets.entry_for(table_token=game.table_token)
    assert a.names == b.names == c.names == [str(s) for s in game.sides.order_by("slot")]
    assert a.game.pk == c.game.pk == game.pk and a.hands_played == c.hands_played == 0
    assert c.tournament.rules_numbers == tournament.rules_numbers
    if connection.vendor == "postgresql":  # prepared at most once per connection, executed each time
        assert [q["sql"].split()[0] for q in first.captured_queries] in (["PREPARE", "EXECUTE"], ["EXECUTE"])
        assert [q["sql"].split()[0] for q in again.captured_queries] == ["EXECUTE"]
    else:
        assert len(again.captured_queries) == 1


def test_an_unknown_game_is_not_found(db):
    from tournament.models import Game

    with pytest.raises(Game.DoesNotExist):
        sheets.entry_for(table_token="no-such-token")
