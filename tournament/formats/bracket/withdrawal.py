"""A team withdrawn from a bracket after the draw (before it, sign-ups withdraw it:
tournament.signups.registration): from the whole event, or from one division (or the final) while it
plays on in the other (issue 39). The organizer gives a reason; every game the team has left there
is a walkover for its opponent, recorded through the funnel with the result reason "withdrawn" (not a
no-show): a game whose opponent is known now ends at once and the winner advances; a game whose
opponent is not known yet ends when it is (advancement.settle, which asks `withdrawn_from`). Each
game concerned logs the withdrawal with the reason. A one-division withdrawal is undone (`undo`)
while the next game of every game it gave away has not started: those games are to be played again.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import formats, transitions
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event, sides_of
from tournament.models import Division, DivisionWithdrawal, Game, GameSide, Team, Tournament

Status = Game.Status
Reason = Game.Reason
MAX_REASON = 200


def open_games(team: Team, division: Division | None = None):
    """The team's games without a result yet (in `division` only, if given), earliest round first."""
    games = Game.objects.filter(sides__team=team).exclude(status__in=Game.DONE)
    if division is not None:
        games = games.filter(division=division)
    return games.select_related("division", "round").order_by("round__number", "number").distinct()


def left_division(division_id: int, team_ids) -> set[int]:
    """Which of these teams left this division alone (one query)."""
    ids = [i for i in team_ids if i]
    return set(DivisionWithdrawal.objects.filter(division_id=division_id, team_id__in=ids).values_list("team_id", flat=True))


def withdrawn_from(division: Division, teams) -> set[int]:
    """Which of these teams (loaded rows) no longer play in `division`: withdrawn from the event, or from it alone."""
    teams = [t for t in teams if t is not None]
    return {t.pk for t in teams if t.withdrawn_at} | left_division(division.pk, [t.pk for t in teams])


def _checked_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for the withdrawal (e.g. “a player is ill”); it goes in the history."))
    if len(reason) > MAX_REASON:
        raise ValidationError(_("Keep the reason to %(max)s characters (it has %(count)s).")
                              % {"max": MAX_REASON, "count": len(reason)})
    return reason


def withdraw(tournament: Tournament, team: Team, *, by, reason: str, now: dt.datetime | None = None,
             division: Division | None = None) -> list[Game]:
    """Withdraw `team` after the draw, from the event or from `division` alone; returns the games it
    gave away now (walkovers)."""
    now = now or timezone.now()
    reason = _checked_reason(reason)
    if team.tournament_id != tournament.pk or (division is not None and division.tournament_id != tournament.pk):
        raise ValidationError(_("%(team)s is not in %(tournament)s.") % {"team": team.name, "tournament": tournament.name})
    with transaction.atomic():
        still_in = Team.objects.filter(pk=team.pk, withdrawn_at__isnull=True)
        # The whole event: claimed by the conditional update, so a double click withdraws once.
        if not (still_in.update(withdrawn_at=now) if division is None else still_in.exists()):
            raise ValidationError(_("%(team)s is already withdrawn. Nothing changed.") % {"team": team.name})
        if division is not None and DivisionWithdrawal.objects.filter(team=team, division=division).exists():
            raise ValidationError(_("%(team)s has already left %(division)s. Nothing changed.")
                                  % {"team": team.name, "division": division.title})
        games = list(open_games(team, division))
        waiting = [g for g in games if g.status == Status.AWAITING_DECISION]
        if waiting:
            raise ValidationError(_("%(game)s is level at the time limit and waits for your decision: decide it "
                                    "first, then withdraw %(team)s.") % {"game": waiting[0].label, "team": team.name})
        if not games:
            if division is not None:
                raise ValidationError(_("%(team)s has no game left to play in %(division)s, so there is nothing to "
                                        "withdraw from.") % {"team": team.name, "division": division.title})
            raise ValidationError(_("%(team)s has no game left to play, so there is nothing to withdraw from.")
                                  % {"team": team.name})
        if division is not None:
            DivisionWithdrawal.objects.create(team=team, division=division, reason=reason, at=now, by=by)
        given = [game for game in games if _give_away(game, team, by=by, reason=reason, now=now, division=division)]
    team.refresh_from_db()
    return given


def _give_away(game: Game, team: Team, *, by, reason: str, now, division) -> bool:
    """The walkover for the opponent, now if it is known (True), else once it is (advancement.settle)."""
    locked = lock_game(game.pk)
    sides = sides_of(locked)
    log_event(locked, "withdrawn", by=by, note=reason, at=now, entrant=Entrant(team=team.pk),
              choice="division" if division is not None else "")
    mine = next(s for s in sides if s.team_id == team.pk)
    others = [s for s in sides if s.pk != mine.pk]
    if locked.is_done or any(s.team_id is None for s in others):
        Game.objects.filter(pk=locked.pk).update(version=F("version") + 1)
        count_change(locked)
        return False
    gone = withdrawn_from(locked.division, [s.team for s in others])
    staying = [s for s in others if s.team_id not in gone]
    if staying:
        transitions.move(locked, "forfeit", winner=staying[0], reason=Reason.WITHDRAWN, by=by, note=reason,
                         at=now, log="result")
    else:
        transitions.move(locked, "double_forfeit", reason=Reason.WITHDRAWN, by=by, note=reason, at=now, log="result")
    return True


def given_away(withdrawal: DivisionWithdrawal) -> list[Game]:
    """The games of the division the withdrawal ended: the team's, with the result "withdrawn"."""
    mine = GameSide.objects.filter(team=withdrawal.team_id, game__division=withdrawal.division_id).values("game")
    return list(Game.objects.filter(pk__in=mine, result_reason=Reason.WITHDRAWN)
                .exclude(winner=withdrawal.team_id).select_related("division", "round").order_by("round__number"))


def undo(withdrawal: DivisionWithdrawal, *, by, reason: str = "") -> list[Game]:
    """Bring the team back into the division: each game it gave away is to be played again (ready),
    its opponent taken back out of the next game. Refused once such a next game has started."""
    note = (reason or "").strip()[:MAX_REASON]
    with transaction.atomic():
        row = DivisionWithdrawal.objects.select_for_update().filter(pk=withdrawal.pk).select_related(
            "team", "division__tournament").first()
        if row is None:
            raise ValidationError(_("That withdrawal was undone already. Nothing changed."))
        event_format = formats.of(row.division.tournament)
        games = [lock_game(g.pk) for g in given_away(row)]
        for game in games:
            following = event_format.blocks_reversal(game)
            if following is not None:
                raise ValidationError(
                    _("Too late to undo: the next game (%(game)s) has already started or has a result. "
                      "The withdrawal stands.") % {"game": following.label})
        for game in games:
            event_format.undo_result(game)
            old = {"entrant": Entrant(team=row.team_id), "status": game.status,
                   "winner": Entrant.team_of(game.winner_id), "reason": game.result_reason}
            transitions.move(game, "reverse_forfeit", by=by, note=note, log="withdrawal_undone",
                             fields={"no_show_at": None}, log_data=old)
        reversed_now = {game.pk for game in games}  # logged by their move already: said once
        for game in open_games(row.team, row.division).exclude(pk__in=reversed_now):  # a walkover still waiting for its opponent
            locked = lock_game(game.pk)
            log_event(locked, "withdrawal_undone", by=by, note=note, entrant=Entrant(team=row.team_id))
            Game.objects.filter(pk=locked.pk).update(version=F("version") + 1)
            count_change(locked)
        row.delete()
    return games
