"""Rounds in their order: a round is published, and its tables start, once every table of the round
before has finished — unless the organizer says otherwise when publishing (a late table finishing
while the next round begins elsewhere in the room), which goes in the new round's log with the
tables that were still playing. Without that say, nothing can run two rounds at once by accident:
results of the round before would move the standings the new round was drawn from."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common.stored_words import stored_name
from tournament.core.game_rows import log_event
from tournament.models import Division, Game, GameEvent, Round, Tournament

LOG_KIND = "published_while_playing"


@dataclass
class StillPlaying:
    round: Round
    tables: list[int]

    @property
    def name(self) -> str:
        """“Round 1”, or the play-off's name, in the page's language."""
        return stored_name(self.round.name or f"Round {self.round.number}")

    def words(self) -> str:
        return ngettext(
            "%(round)s is not over: table %(tables)s has not finished.",
            "%(round)s is not over: tables %(tables)s have not finished.", len(self.tables),
        ) % {"round": self.name, "tables": ", ".join(str(t) for t in self.tables)}


def still_playing_before(tournament: Tournament, number: int) -> StillPlaying | None:
    """The round published before round `number` (its address number) while a table of it has not finished."""
    before = (Round.objects.filter(division__tournament=tournament, division__kind=Division.Kind.TABLES, number__lt=number)
              .order_by("-number").first())
    if before is None:
        return None
    tables = sorted({g.table_number or g.number for g in Game.objects.filter(round=before).exclude(status__in=Game.DONE)})
    return StillPlaying(before, tables) if tables else None


def check_publish(tournament: Tournament, number: int, *, while_playing: bool) -> StillPlaying | None:
    """Refuse to publish round `number` while the round before plays, unless `while_playing` says so;
    the StillPlaying to log when it does."""
    playing = still_playing_before(tournament, number)
    if playing is not None and not while_playing:
        raise ValidationError(
            playing.words() + " " + _("Publish the next round once every table has finished, or tick “Publish even "
                                      "though %(round)s is not over”.") % {"round": playing.name})
    return playing


def log_published_early(rnd: Round, playing: StillPlaying, *, by=None) -> None:
    first = Game.objects.filter(round=rnd).order_by("number").first()
    if first is not None:
        log_event(first, LOG_KIND, by=by, before=playing.round.number, tables=playing.tables)


def published_early(rnd: Round) -> bool:
    return GameEvent.objects.filter(game__round=rnd, kind=LOG_KIND).exists()


def check_start(game: Game) -> None:
    """A table starts once the round before has finished, or when its round was published while that
    round played (the organizer said so then, and the log keeps it)."""
    if game.round_id is None or game.division.kind != Division.Kind.TABLES:
        return
    playing = still_playing_before(game.division.tournament, game.round.number)
    if playing is not None and not published_early(game.round):
        raise ValidationError(
            playing.words() + " " + _("Table %(table)s starts once every table of %(round)s has finished.")
            % {"table": game.table_number or game.number, "round": playing.name})
