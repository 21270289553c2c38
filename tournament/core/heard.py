"""When each table's phone last reached the server, for the organizer's board: a table that has gone
quiet (dead Wi-Fi, a flat phone, a closed page) shows up there before its hands go missing."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q, QuerySet
from django.utils import timezone

from tournament.models import Game

# The board shows minutes; writing on every poll (every 10–20 s per table) would only cost writes.
HEARD_EVERY = dt.timedelta(seconds=30)


def table_heard(game: Game, now: dt.datetime | None = None) -> None:
    """Note that `game`'s table link was used now. The game row was just read, so most requests
    decide from it and write nothing; a stale mark is refreshed by a conditional UPDATE (two phones
    at once write it once)."""
    now = now or timezone.now()
    if game.last_heard_at is not None and now - game.last_heard_at < HEARD_EVERY:
        return
    stale = Q(last_heard_at__isnull=True) | Q(last_heard_at__lt=now - HEARD_EVERY)
    Game.objects.filter(stale, pk=game.pk).update(last_heard_at=now)
    game.last_heard_at = now


def round_marks(round_pk: int) -> tuple:
    """What the board shows of its round's tables being heard (to the minute), for its cache key:
    a cached board is rendered afresh once a table's time moves, not on every poll. One small query."""
    return marks(Game.objects.filter(round_id=round_pk))


def marks(games: QuerySet) -> tuple:
    """round_marks for any set of games (a table event's round is named by its number)."""
    rows = games.order_by("pk").values_list("pk", "last_heard_at")
    return tuple((pk, at.replace(second=0, microsecond=0) if at else None) for pk, at in rows)
