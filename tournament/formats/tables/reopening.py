"""What a table's result had set off, taken back when the organizer reopens the table (or
reverses its forfeit) through tournament.core.undo: the round's first-table bonus, if this table
earned it by finishing first, is released so that the next table to finish earns it. A bonus the
organizer gave or moved by hand stays where they put it. The standings and medals are read from
the tables, so they follow by themselves."""

from __future__ import annotations

from tournament.core.game_rows import log_event
from tournament.formats.tables.bonus import FIRST_TABLE
from tournament.models import Game, TableBonus


def undo_result(game: Game) -> None:
    award = TableBonus.objects.select_for_update().filter(game=game, reason=FIRST_TABLE).first()
    if award is None:
        return
    award.delete()
    log_event(game, "table_bonus_override", released=True,
              old_game=game.pk, new_game=None, points=award.points)
