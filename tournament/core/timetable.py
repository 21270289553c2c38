"""Posting a game's start, and the rows every format's rounds hang from.

A posted start fixes the game's deadlines (the no-show forfeit, the time limit) and queues their
tasks; a round's start moves the games of the round that are not under way. Both formats post
starts here (a bracket's rounds, a table round's tables, a play-off)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.core import deadlines
from tournament.mail import entrants
from tournament.models import Division, Game, Round, Tournament
from tournament.models.brackets import english


def division(tournament: Tournament, kind: str) -> Division:
    kind = Division.Kind(kind)
    found = Division.objects.filter(tournament=tournament, kind=kind).first()
    if found:
        return found
    try:
        with transaction.atomic():
            return Division.objects.create(tournament=tournament, kind=kind, name=english(kind.label))
    except IntegrityError:  # another organizer created it a moment ago
        return Division.objects.get(tournament=tournament, kind=kind)


def set_deadlines(game: Game, starts_at: dt.datetime | None) -> None:
    tournament = game.division.tournament
    game.starts_at = starts_at
    if game.status in STARTED_OR_DONE:
        return  # a game under way keeps the deadlines its actual start gave it
    grace = game.round.no_show_grace if game.round.no_show_grace is not None else tournament.no_show_grace
    game.no_show_at = starts_at + grace if starts_at else None
    game.time_limit_at = starts_at + tournament.game_time_limit if starts_at else None


STARTED_OR_DONE = (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION, *Game.DONE)


def set_posted_start(game: Game, starts_at: dt.datetime | None) -> Game:
    """Post a game's start time and the deadlines that follow from it (no-show, time limit), and queue their tasks."""
    posted = (game.starts_at, game.no_show_at, game.time_limit_at)
    set_deadlines(game, starts_at)
    if (game.starts_at, game.no_show_at, game.time_limit_at) == posted:
        return game  # nothing moved: no write, no task
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(
            starts_at=game.starts_at, no_show_at=game.no_show_at, time_limit_at=game.time_limit_at
        )
        Tournament.objects.filter(pk=game.division.tournament_id).bump()
        deadlines.schedule_deadlines(game)
        if posted[0] is not None and game.starts_at is not None and game.starts_at != posted[0]:
            entrants.time_changed(game, posted[0])  # a moved time, not the first posting: tell who opted in
    return game


def set_round_start(rnd: Round, starts_at: dt.datetime) -> int:
    """Move a round's posted start; its games not yet under way move with it. Returns games moved."""
    with transaction.atomic():
        old = rnd.starts_at
        rnd.starts_at = starts_at
        rnd.save(update_fields=["starts_at"])
        moved = 0
        # A bye is decided at the draw but its posted time still shows on the charts and the board.
        Game.objects.filter(round=rnd, status=Game.Status.BYE).filter(
            Q(starts_at=old) | Q(starts_at__isnull=True)
        ).update(starts_at=starts_at)
        for game in Game.objects.select_for_update(of=("self",)).filter(round=rnd).select_related("division__tournament"):
            if game.status in STARTED_OR_DONE:
                continue
            if game.starts_at in (old, None) or game.starts_at == starts_at:
                set_posted_start(game, starts_at)
                moved += 1
        Tournament.objects.filter(pk=rnd.division.tournament_id).bump()
        return moved


def set_table_number(game: Game, table_number: int | None) -> None:
    if table_number is not None and not 1 <= table_number <= 999:
        raise ValidationError(_("Table numbers run from 1 to 999, not %(number)s.") % {"number": table_number})
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(table_number=table_number)
        Tournament.objects.filter(pk=game.division.tournament_id).bump()
