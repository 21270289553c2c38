"""A bracket game level at the time limit (RULES A7: the sheets are silent; they suggest finishing
the hand in play): how the pages word it, and the e-mail that tells the organizers a decision waits.

The organizer either records the winner (actions.decide) or lets the table play one more hand
(actions.play_one_more_hand); the game then ends on the totals after that hand
(scoring.outcome.finish_if_over), and a tie again comes back here.

The e-mail is queued once per tie: `notify_organizers` claims the row (a conditional UPDATE of
`Game.tie_notified_at`) and writes the outbox rows in the same transaction, so the deadline task,
the sweep and a second worker never queue it twice; the worker sends it (tournament.mail.outbox),
and a mail server that is down delays it, never the tie.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournament.common import site_address
from tournament.common.numbers import points_text as points
from tournament.core.language import in_tournament_language
from tournament.mail import outbox
from tournament.models import Game, Tournament

log = logging.getLogger(__name__)
Status = Game.Status
Reason = Game.Reason


def score_line(totals) -> str:
    """“1,240–1,240”: the sides' totals as the sheet writes them."""
    return "–".join(points(t) for t in totals)


def tied_at_limit(game: Game) -> str:
    return _("Tied %(score)s at the time limit") % {"score": score_line(game.tie_totals)}


def _tied(game: Game) -> str:
    """Tied at the limit, and level again after the one more hand if it was played."""
    if game.extra_hand:
        return _("Tied %(score)s at the time limit; level again after one more hand") % {
            "score": score_line(game.tie_totals)}
    return tied_at_limit(game)


def story(game: Game) -> str:
    """How a tie at the time limit was (or is being) settled, for the bracket and the game's page;
    "" for a game that was never level at the limit."""
    if not game.tie_totals:
        return ""
    tied = {"tied": tied_at_limit(game)}
    if game.status == Status.AWAITING_DECISION:
        return _("%(tied)s; the organizer decides.") % {"tied": _tied(game)}
    if game.status == Status.IN_PLAY and game.extra_hand:
        return _("%(tied)s; playing one more hand.") % tied
    if game.result_reason == Reason.ORGANIZER_DECISION:
        note = f": {game.decision_note}" if game.decision_note else ""
        return _("%(tied)s; decided by the organizer") % {"tied": _tied(game)} + note
    if game.extra_hand and game.status == Status.FINISHED:
        return _("%(tied)s; won on one more hand.") % tied
    return _("%(tied)s.") % tied


def table_note(game: Game) -> str:
    """What the table phone tells the players about a tie at the time limit: what happens next."""
    if not game.tie_totals:
        return ""
    named = {"tied": tied_at_limit(game), "number": game.extra_hand}
    if game.status == Status.IN_PLAY and game.extra_hand:
        return _("%(tied)s — play one more hand (hand %(number)s); the organizer has been told. Enter it as usual: "
                 "the higher total after it wins.") % named
    if game.status == Status.AWAITING_DECISION:
        if game.extra_hand:
            return _("%(tied)s, and still level after one more hand. Waiting for the organizer's decision; the "
                     "organizer has been told. Please stay at the table.") % named
        return _("%(tied)s. Waiting for the organizer's decision; the organizer has been told. Please stay at the "
                 "table.") % named
    return ""


def board_alert(game: Game) -> str:
    """The organizer's board line for a tie at the limit (clock.clock's alert)."""
    if not game.tie_totals:
        return _("Tie: record the winner and why.")
    named = {"tied": tied_at_limit(game), "number": game.extra_hand}
    if game.status == Status.IN_PLAY and game.extra_hand:
        return _("%(tied)s: the table plays one more hand (hand %(number)s); the higher total then wins.") % named
    if game.extra_hand:
        return _("%(tied)s, level again after one more hand: let the table play one more hand, or record the winner "
                 "and why.") % named
    return _("%(tied)s: let the table play one more hand, or record the winner and why.") % named


# ---- telling the organizers ----------------------------------------------------------------------

def _recipients(tournament) -> list[str]:
    found = {tournament.organizer_email} if tournament.organizer_email else set()
    if tournament.created_by_id and tournament.created_by.email:
        found.add(tournament.created_by.email)
    found.update(e for e in tournament.organizers.values_list("email", flat=True) if e)
    return sorted(found)


def _game_url(game: Game) -> str:
    # Sent by the worker: no request to take the host from; the address organizers use instead.
    return site_address.absolute(reverse("gameday:game", args=[game.division.tournament.slug, game.pk]))


def notify_organizers(game_id: int, now: dt.datetime | None = None) -> bool:
    """Queue the e-mail telling the tournament's organizers that this game waits for their decision
    (a tie at the time limit, or a hand still unconfirmed at it: RULES F1). True for the one caller
    that queued it."""
    now = now or timezone.now()
    game = Game.objects.select_related("division__tournament__created_by", "round").filter(pk=game_id).first()
    if game is None:
        return False
    tournament = game.division.tournament
    sides = list(game.sides.order_by("slot").select_related("team", "player"))
    with transaction.atomic():
        if not _claim(game, tie_notified_at__isnull=True, to=now):
            return False
        with in_tournament_language(tournament):  # sent in the background: no visitor's language
            subject, message = _notice(game, tournament, sides)
        outbox.enqueue_each(_recipients(tournament), key=f"tie:{game.pk}:{now.isoformat()}", subject=subject, body=message,
                            kind=outbox.OutboxMessage.Kind.TIE, tournament=tournament)
    return True


def _notice(game: Game, tournament, sides) -> tuple[str, str]:
    """The e-mail's subject and text, in the language active now."""
    named = {"tournament": tournament.name, "game": game.label, "names": versus([str(s) for s in sides]),
             "url": _game_url(game)}
    if game.result_reason == Reason.UNCONFIRMED_AT_LIMIT:
        held = game.held_hands or []
        numbers = {"numbers": ", ".join(str(n) for n in held)}
        named["hands"] = ngettext("hand %(numbers)s", "hands %(numbers)s", len(held)) % numbers
        named["confirmed"] = "; ".join(f"{s}: {points(s.confirmed_total)}" for s in sides)
        named["entered"] = "; ".join(f"{s}: {points(s.total)}" for s in sides)
        subject = _("%(tournament)s: %(game)s — a hand was not confirmed at the time limit: your decision") % named
        message = _("%(game)s (%(names)s): time is up with %(hands)s not confirmed, and only confirmed hands "
                    "count. It is not a tie.\n\nConfirmed totals: %(confirmed)s.\nWith the unconfirmed hands: "
                    "%(entered)s.\n\nConfirm or correct the hand on the score sheet (the result then follows from "
                    "the confirmed hands), or record the winner and why, on the game's page:\n%(url)s\n") % named
        return subject, message
    named["story"] = story(game) or _("level; the organizer decides.")
    subject = _("%(tournament)s: %(game)s is level at the time limit — your decision") % named
    message = _("%(game)s (%(names)s): %(story)s\n\nLet the table play one more hand (the higher total "
                "after it wins), or record the winner and why, on the game's page:\n%(url)s\n") % named
    return subject, message


def versus(names: list[str]) -> str:
    """“Ana & Bea v Cy & Dee” / “… vs. …”: the sides of a game, in the reader's language."""
    return pgettext("versus", " v ").join(names)


def _claim(game: Game, *, to: dt.datetime | None, **current) -> bool:
    """Set the game's tie_notified_at (the board shows it) if it still is as `current` says."""
    with transaction.atomic():
        claimed = Game.objects.filter(pk=game.pk, status=Status.AWAITING_DECISION, **current).update(tie_notified_at=to)
        if claimed:
            Tournament.objects.filter(pk=game.division.tournament_id).bump()
    return bool(claimed)


def notify_unsent(now: dt.datetime) -> int:
    """The minute sweep: every tie or held result awaiting a decision whose e-mail has not gone out yet."""
    waiting = Game.objects.filter(status=Status.AWAITING_DECISION, tie_notified_at__isnull=True,
                                  result_reason__in=(Reason.TIME_LIMIT_TIE, Reason.UNCONFIRMED_AT_LIMIT))
    return sum(notify_organizers(pk, now) for pk in list(waiting.values_list("pk", flat=True)))
