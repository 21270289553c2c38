"""A team withdrawn from a bracket after the draw (before it, sign-ups withdraw it:
tournament.signups.registration). The organizer gives a reason; the team is marked withdrawn and
every game it has left is a walkover for its opponent, recorded through the funnel with the result
reason "withdrawn" (not a no-show): a game whose opponent is known now ends at once and the winner
advances; a game whose opponent is not known yet ends when it is (advancement.settle). Each game
concerned logs the withdrawal with the reason.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import transitions
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event, sides_of
from tournament.models import Game, Team, Tournament

Status = Game.Status
Reason = Game.Reason
MAX_REASON = 200


def open_games(team: Team):
    """The team's games without a result yet, earliest round first."""
    return (Game.objects.filter(sides__team=team).exclude(status__in=Game.DONE)
            .select_related("division", "round").order_by("round__number", "number").distinct())


def withdraw(tournament: Tournament, team: Team, *, by, reason: str, now: dt.datetime | None = None) -> list[Game]:
    """Withdraw `team` after the draw; returns the games it gave away now (walkovers)."""
    now = now or timezone.now()
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for the withdrawal (e.g. “a player is ill”); it goes in the history."))
    if len(reason) > MAX_REASON:
        raise ValidationError(_("Keep the reason to %(max)s characters (it has %(count)s).")
                              % {"max": MAX_REASON, "count": len(reason)})
    if team.tournament_id != tournament.pk:
        raise ValidationError(_("%(team)s is not in %(tournament)s.") % {"team": team.name, "tournament": tournament.name})
    given = []
    with transaction.atomic():
        if not Team.objects.filter(pk=team.pk, withdrawn_at__isnull=True).update(withdrawn_at=now):
            raise ValidationError(_("%(team)s is already withdrawn. Nothing changed.") % {"team": team.name})
        games = list(open_games(team))
        waiting = [g for g in games if g.status == Status.AWAITING_DECISION]
        if waiting:
            raise ValidationError(_("%(game)s is level at the time limit and waits for your decision: decide it "
                                    "first, then withdraw %(team)s.") % {"game": waiting[0].label, "team": team.name})
        if not games:
            raise ValidationError(_("%(team)s has no game left to play, so there is nothing to withdraw from.")
                                  % {"team": team.name})
        for game in games:
            locked = lock_game(game.pk)
            sides = sides_of(locked)
            log_event(locked, "withdrawn", by=by, note=reason, at=now, entrant=Entrant(team=team.pk))
            mine = next(s for s in sides if s.team_id == team.pk)
            others = [s for s in sides if s.pk != mine.pk]
            if locked.is_done or any(s.team_id is None for s in others):
                # Its opponent is not known yet: the walkover is given when it is (advancement.settle).
                Game.objects.filter(pk=locked.pk).update(version=F("version") + 1)
                count_change(locked)
                continue
            staying = [s for s in others if not s.team.withdrawn_at]
            if staying:
                transitions.move(locked, "forfeit", winner=staying[0], reason=Reason.WITHDRAWN, by=by, note=reason,
                                 at=now, log="result")
            else:
                transitions.move(locked, "double_forfeit", reason=Reason.WITHDRAWN, by=by, note=reason, at=now,
                                 log="result")
            given.append(locked)
    team.refresh_from_db()
    return given
