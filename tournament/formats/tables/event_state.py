"""Whether a table event is over. The organizer declares it finished (the ranks become final and
the medals are given, a tie not played off shares its medal) or reopens it, each with an entry in
the event's history (the log of its last game). An event whose last round is a play-off that left
no tie for a medal is over by itself (tournament.formats.tables.standings), with nothing to declare:
its status becomes FINISHED in the transaction of the move that ended that table (`follow_playoff`),
so the organizer's list and every status display say so at once.

Tournament.status holds the declaration: FINISHED, and RUNNING once reopened, each through the event's
funnel (tournament.core.event_status)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.core import entrant_notices, event_status
from tournament.formats.tables import results, rounds
from tournament.formats.tables import standings as pure
from tournament.models import Division, Game, SeatingDraw, Tournament

MAX_REASON = 200


def is_finished(tournament: Tournament) -> bool:
    return tournament.status == Tournament.Status.FINISHED


def _games(tournament: Tournament):
    return Game.objects.filter(division__tournament=tournament, division__kind=Division.Kind.TABLES)


def why_not_finish(tournament: Tournament) -> str:
    """Why the event cannot be declared finished now, or ""."""
    if is_finished(tournament):
        return _("The event is already finished.")
    games = _games(tournament)
    if not games.exists():
        return _("No round has been played yet.")
    playing = sorted({g.table_number or g.number for g in games.exclude(status__in=results.FINISHED)})
    if playing:
        return _("Tables still playing: %(tables)s. Finish the event once every table is done.") % {
            "tables": ", ".join(str(n) for n in playing)}
    return ""


def finish_offer(tournament: Tournament) -> dict:
    """What the standings page offers: finish (or why not), or reopen."""
    return {"finished": is_finished(tournament), "blocked": "" if is_finished(tournament) else why_not_finish(tournament)}


def _last_game(tournament: Tournament) -> Game:
    return _games(tournament).select_related("division__tournament").order_by("-round__number", "-number").first()


def finish(tournament: Tournament, *, by=None, reason: str = "") -> None:
    """Declare the event over: the standings become final and the medals are given."""
    reason = (reason or "").strip()[:MAX_REASON]
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        blocked = why_not_finish(locked)
        if blocked:
            raise ValidationError(blocked)
        event_status.move(tournament, "finish", log_on=_last_game(locked), by=by, reason=reason)
        entrant_notices.event_over(locked.pk)  # the final results to the entrants, once


def reopen(tournament: Tournament, *, by=None, reason: str = "") -> None:
    """Take the declaration back (a result to correct, another round after all): medals withdrawn."""
    reason = (reason or "").strip()[:MAX_REASON]
    if not reason:
        raise ValidationError(_("Say why the event is reopened; the reason goes in its history. Nothing was changed."))
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not is_finished(locked):
            raise ValidationError(_("The event is not finished, so there is nothing to reopen."))
        event_status.move(tournament, "reopen", log_on=_last_game(locked), by=by, reason=reason)


def refuse_when_finished(tournament: Tournament) -> None:
    """A new round or play-off after the event was declared finished is refused."""
    if is_finished(tournament):
        raise ValidationError(_("The event is finished; reopen it on the Standings page before adding a round or a play-off."))


def _in_last_playoff(game: Game) -> bool:
    tournament = game.division.tournament
    playoff = SeatingDraw.objects.filter(tournament=tournament, round_number=game.round.number, playoff=True,
                                         published_at__isnull=False).exists()
    return playoff and not _games(tournament).filter(round__number__gt=game.round.number).exists()


def follow_playoff(game: Game, *, ended: bool) -> None:
    """A table of the last play-off ended (`ended`) or was taken back, inside that move's transaction:
    an event left with no tie for the win or a medal is finished by itself; a play-off table reopened
    (or its forfeit reversed) makes the event running again. Each change goes in the event's history."""
    if game.round_id is None or not _in_last_playoff(game):
        return
    locked = Tournament.objects.select_for_update().get(pk=game.division.tournament_id)
    if ended and not is_finished(locked):
        played, _names = results.gather(locked)
        if pure.compute(played, rounds.event_settings(locked).standings).decided:
            event_status.move(locked, "finish", log_on=game, cause="playoff")
    elif not ended and is_finished(locked):
        event_status.move(locked, "reopen", log_on=game, cause="playoff")
