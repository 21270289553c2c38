"""Taking back a round's publication before its first hand (issue 34): the organizer published a
round too soon or with the wrong start. Its tables go; its seating becomes a preview again (to publish
as it is, or draw anew), and the record says who took it back and when. Refused with the reason once
a hand is entered, a table has a result, a later round is published or a change after the draw was
made at its tables (those would be lost with them)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Hand
from tournament.models import Division, Game, GameEvent, Round, SeatingDraw, Tournament

AFTER_DRAW_KINDS = ("withdrawn", "seat_taken", "reseated", "partner_replaced", "substitute", "seat_back", "short_table")


def take_back(tournament: Tournament, number: int, *, by=None) -> str:
    """Unpublish round `number`; returns what happened, in words (ValidationError: nothing changed)."""
    named = {"number": number}
    with transaction.atomic():
        record = (SeatingDraw.objects.select_for_update()
                  .filter(tournament=tournament, round_number=number, published_at__isnull=False).first())
        if record is None:
            raise ValidationError(_("Round %(number)s is not published: there is nothing to take back.") % named)
        later = (SeatingDraw.objects.filter(tournament=tournament, round_number__gt=number, published_at__isnull=False)
                 .order_by("-round_number").values_list("round_number", flat=True).first())
        if later:
            raise ValidationError(_("Round %(later)s is published after round %(number)s: take that one back first.")
                                  % {**named, "later": later})
        rnd = Round.objects.filter(division__tournament=tournament, division__kind=Division.Kind.TABLES, number=number).first()
        games = Game.objects.filter(round=rnd)
        if Hand.objects.filter(game__in=games).exists():
            raise ValidationError(_("Round %(number)s has hands entered: its publication can no longer be taken back.") % named)
        if games.filter(status__in=Game.DONE).exists():
            raise ValidationError(_("A table of round %(number)s already has a result: its publication can no longer be "
                                    "taken back.") % named)
        if GameEvent.objects.filter(game__in=games, kind__in=AFTER_DRAW_KINDS).exists():
            raise ValidationError(_("Changes after the draw were made at round %(number)s's tables (see the list of "
                                    "changes): its publication can no longer be taken back.") % named)
        games.delete()
        if rnd is not None:
            rnd.delete()
        SeatingDraw.objects.filter(pk=record.pk).update(published_at=None, taken_back_at=timezone.now(), taken_back_by=by)
        Tournament.objects.filter(pk=tournament.pk).bump()
    return _("Round %(number)s's publication is taken back: its seating is a preview again.") % named
