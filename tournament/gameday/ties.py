"""A bracket game level at the time limit (RULES A7: the sheets are silent; they suggest finishing
the hand in play): how the pages word it, and the e-mail that tells the organizers a decision waits.

The organizer either records the winner (actions.decide) or lets the table play one more hand
(actions.play_one_more_hand); the game then ends on the totals after that hand
(scoring.outcome.finish_if_over), and a tie again comes back here.

The e-mail is sent once per tie: `notify_organizers` claims the row (a conditional UPDATE of
`Game.tie_notified_at`) before sending, so the deadline task, the sweep and a second worker never
send it twice; a failed send gives the claim back and the minute sweep tries again.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from scoring.templatetags.scoring_tags import points
from tournament.models import Game, Tournament

log = logging.getLogger(__name__)
Status = Game.Status
Reason = Game.Reason


def score_line(totals) -> str:
    """“1,240–1,240”: the sides' totals as the sheet writes them."""
    return "–".join(points(t) for t in totals)


def tied_at_limit(game: Game) -> str:
    return f"Tied {score_line(game.tie_totals)} at the time limit"


def story(game: Game) -> str:
    """How a tie at the time limit was (or is being) settled, for the bracket and the game's page;
    "" for a game that was never level at the limit."""
    if not game.tie_totals:
        return ""
    tied = tied_at_limit(game)
    again = "; level again after one more hand" if game.extra_hand else ""
    if game.status == Status.AWAITING_DECISION:
        return f"{tied}{again}; the organizer decides."
    if game.status == Status.IN_PLAY and game.extra_hand:
        return f"{tied}; playing one more hand."
    if game.result_reason == Reason.ORGANIZER_DECISION:
        note = f": {game.decision_note}" if game.decision_note else ""
        return f"{tied}{again}; decided by the organizer{note}"
    if game.extra_hand and game.status == Status.FINISHED:
        return f"{tied}; won on one more hand."
    return f"{tied}."


def table_note(game: Game) -> str:
    """What the table phone tells the players about a tie at the time limit: what happens next."""
    if not game.tie_totals:
        return ""
    if game.status == Status.IN_PLAY and game.extra_hand:
        return (f"{tied_at_limit(game)} — play one more hand (hand {game.extra_hand}); the organizer has been "
                "told. Enter it as usual: the higher total after it wins.")
    if game.status == Status.AWAITING_DECISION:
        again = ", and still level after one more hand" if game.extra_hand else ""
        return (f"{tied_at_limit(game)}{again}. Waiting for the organizer's decision; the organizer has been "
                "told. Please stay at the table.")
    return ""


def board_alert(game: Game) -> str:
    """The organizer's board line for a tie at the limit (clock.clock's alert)."""
    if game.status == Status.IN_PLAY and game.extra_hand:
        return f"{tied_at_limit(game)}: the table plays one more hand (hand {game.extra_hand}); the higher total then wins."
    again = ", level again after one more hand" if game.extra_hand else ""
    if game.tie_totals:
        return f"{tied_at_limit(game)}{again}: let the table play one more hand, or record the winner and why."
    return "Tie: record the winner and why."


# ---- telling the organizers ----------------------------------------------------------------------

def _recipients(tournament) -> list[str]:
    found = {tournament.organizer_email} if tournament.organizer_email else set()
    if tournament.created_by_id and tournament.created_by.email:
        found.add(tournament.created_by.email)
    found.update(e for e in tournament.organizers.values_list("email", flat=True) if e)
    return sorted(found)


def _game_url(game: Game) -> str:
    path = reverse("gameday:game", args=[game.division.tournament.slug, game.pk])
    base = getattr(settings, "MELDBOARD_PUBLIC_URL", "")
    return base.rstrip("/") + path if base else path


def notify_organizers(game_id: int, now: dt.datetime | None = None) -> bool:
    """E-mail the tournament's organizers that this game waits for their decision. True for the one
    caller that sent it; a failing mail server is logged, never raised (the tie itself is recorded
    and on the board whatever happens to the e-mail)."""
    now = now or timezone.now()
    game = Game.objects.select_related("division__tournament__created_by", "round").filter(pk=game_id).first()
    if game is None or not _claim(game, tie_notified_at__isnull=True, to=now):
        return False
    tournament = game.division.tournament
    names = " v ".join(str(side) for side in game.sides.order_by("slot").select_related("team", "player"))
    try:
        recipients = _recipients(tournament)
        if recipients:
            send_mail(
                subject=f"{tournament.name}: {game.label} is level at the time limit — your decision",
                message=(
                    f"{game.label} ({names}): {story(game) or 'level; the organizer decides.'}\n\n"
                    "Let the table play one more hand (the higher total after it wins), or record the "
                    f"winner and why, on the game's page:\n{_game_url(game)}\n"
                ),
                from_email=None,
                recipient_list=recipients,
            )
    except Exception:  # any mail failure: give the claim back so the minute sweep tries again
        log.warning("Could not e-mail the organizers about the tie in game %s", game_id, exc_info=True)
        _claim(game, tie_notified_at=now, to=None)
        return False
    return True


def _claim(game: Game, *, to: dt.datetime | None, **current) -> bool:
    """Set the game's tie_notified_at (the board shows it) if it still is as `current` says."""
    with transaction.atomic():
        claimed = Game.objects.filter(pk=game.pk, status=Status.AWAITING_DECISION, **current).update(tie_notified_at=to)
        if claimed:
            Tournament.objects.filter(pk=game.division.tournament_id).bump()
    return bool(claimed)


def notify_unsent(now: dt.datetime) -> int:
    """The minute sweep: every tie awaiting a decision whose e-mail has not gone out yet."""
    waiting = Game.objects.filter(status=Status.AWAITING_DECISION, result_reason=Reason.TIME_LIMIT_TIE,
                                  tie_notified_at__isnull=True)
    return sum(notify_organizers(pk, now) for pk in list(waiting.values_list("pk", flat=True)))
