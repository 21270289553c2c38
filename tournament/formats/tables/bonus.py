"""The first-table bonus of a table event (club 4-deck, RULES §5 and sheet 003: "the first table …
completing the game and turning their score cards in receive an additional 400 points per team").

A table is done when its sheet ends its game: the rules engine calls it over and every hand is
entered and confirmed (scoring.outcome.finish_if_over). The first such table of a round gets the
bonus, added to every side's total in the standings; the amount is the variant's
`first_table_bonus` number (0 = no bonus). The TableBonus row of the round is the claim: two tables
ending at the same moment both try to create it and the unique round keeps one. A play-off round
has no bonus. The organizer may move the bonus to another table of the round or remove it, with a
reason; each change is logged on the games concerned.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rules
from tournament.core.game_rows import count_change, log_event
from tournament.models import Division, Game, Round, SeatingDraw, TableBonus, Tournament

# Stored as the automatic award's reason, in English; the pages translate it.
FIRST_TABLE = gettext_noop("First table to finish")


def bonus_points(tournament: Tournament) -> int:
    numbers = tournament.rules_numbers or rules.preset_numbers(tournament.variant)
    return numbers.get("first_table_bonus", 0)


def is_playoff(rnd: Round) -> bool:
    return SeatingDraw.objects.filter(
        tournament_id=rnd.division.tournament_id, round_number=rnd.number, playoff=True, published_at__isnull=False
    ).exists()


def award_first_finish(game: Game) -> TableBonus | None:
    """Give the round's bonus to this table if it is the first whose sheet ended its game; None when
    the event has no bonus, the game is not a table game that ended, or another table has it."""
    game = Game.objects.select_related("division__tournament", "round__division").get(pk=game.pk)
    tournament = game.division.tournament
    if game.division.kind != Division.Kind.TABLES or game.status not in (Game.Status.FINISHED, Game.Status.AWAITING_DECISION):
        return None
    points = bonus_points(tournament)
    if not points or is_playoff(game.round):
        return None
    try:
        with transaction.atomic():
            award = TableBonus.objects.create(round=game.round, game=game, points=points, reason=FIRST_TABLE)
            log_event(game, "table_bonus", points=points)
            count_change(game)
    except IntegrityError:  # another table of the round finished first (or the organizer decided)
        return None
    return award


def override(rnd: Round, to_game: Game | None, reason: str, *, by=None) -> TableBonus:
    """The organizer moves the round's bonus to `to_game` (another table of the round) or removes it
    (None), with a reason. Refused with a message, nothing changed, when that is not possible."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give a reason for moving or removing the first-table bonus."))
    if len(reason) > 200:
        raise ValidationError(_("Keep the reason to 200 characters (it has %(count)s).") % {"count": len(reason)})
    tournament = rnd.division.tournament
    if to_game is not None and to_game.round_id != rnd.pk:
        raise ValidationError(
            _("Table %(table)s is not a table of %(round)s.") % {"table": to_game.table_number, "round": rnd}
        )
    points = bonus_points(tournament)
    if not points:
        raise ValidationError(_("%(name)s has no first-table bonus in its rules.") % {"name": tournament.name})
    if is_playoff(rnd):
        raise ValidationError(_("A play-off has no first-table bonus."))
    with transaction.atomic():
        award = TableBonus.objects.select_for_update(of=("self",)).filter(round=rnd).select_related("game").first()
        old = award.game if award else None
        if award is not None and (old.pk if old else None) == (to_game.pk if to_game else None):
            if to_game:
                raise ValidationError(_("The bonus of %(round)s is already with table %(table)s.")
                                      % {"round": rnd, "table": to_game.table_number})
            raise ValidationError(_("The bonus of %(round)s is already with no table.") % {"round": rnd})
        if award is None:
            try:
                with transaction.atomic():
                    award = TableBonus.objects.create(round=rnd, game=to_game, points=points, reason=reason, by=by)
            except IntegrityError:  # a table finished this very moment
                raise ValidationError(
                    _("A table of %(round)s has just finished and got the bonus; look again and decide.") % {"round": rnd}
                )
        else:
            TableBonus.objects.filter(pk=award.pk).update(game=to_game, reason=reason, by=by, awarded_at=timezone.now())
            award.refresh_from_db()
        for game in {g.pk: g for g in (old, to_game) if g}.values():
            log_event(game, "table_bonus_override", by=by, note=reason,
                      old_game=old.pk if old else None, new_game=to_game.pk if to_game else None, points=points)
        Tournament.objects.filter(pk=tournament.pk).bump()
    return award
