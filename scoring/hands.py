"""Saving hands: submit, preview, correct and confirm — the only code that writes Hand and
HandRevision. The rules engine scores; this module decides whether a hand may be written, writes it
once through the ORM, keeps every side's GameSide.total equal to its running total (and
confirmed_total to the one over confirmed hands, RULES F1) and counts the
change (Tournament.changes) in the same transaction. scoring.outcome finishes the game when the
engine says it is over.

Safety is in the database: the game row is held (select_for_update) while a hand is written, a
unique idempotency key (a double tap or a retried POST finds the hand it already saved), the unique
(game, number) constraint (two phones cannot both save hand 4), and a conditional UPDATE on the
hand's version (an edit based on an old version changes nothing)."""

from __future__ import annotations

import datetime as dt
import logging

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from scoring import confirmed_limit, outcome
from scoring import sheet as sheets
from scoring.hand_errors import (  # raised here; callers catch them as hands.X
    GameClosed,
    HandError,
    HandOverNeeded,
    NumberTaken,
    Refused,
    ResultLocked,
    StaleEdit,
)
from scoring.hand_window import accepting_hands, table_locked
from scoring.models import Hand, HandRevision
from tournament.core import formats, seat_state
from tournament.core.game_log import Entrant, EntrantTotal
from tournament.core.game_rows import log_event
from tournament.models import Game, GameSide, Tournament
from tournament.models.brackets import new_table_token

log = logging.getLogger(__name__)

ORGANIZER = "organizer"
MAX_REASON = 200
MAX_AUTHOR = 80
DIVISION = Game._meta.get_field("division")


def preview(game: Game, number: int, values: list[dict], entry: sheets.Entry | None = None) -> tuple[bool, dict]:
    """What the engine says about this entry as hand `number`: (ok, result or {"errors": …}). Saves nothing.

    `entry` is the game's sheets.Entry when the caller has it (the preview view does)."""
    entry = entry or sheets.entry_for(pk=game.pk)
    return rules.score(sheets.payload(entry.game, number, entry.names, entry.totals_before(number), values))


def _locked(game_pk: int, read: Game | None = None) -> Game:
    """The game with its tournament, its row held until the transaction ends: every writer of one
    game's hands queues here (where the database has no row locks, as SQLite, writes are serialised).
    `read`, the game as the request read it: its division and tournament are reused (the lock does
    not hold them either, and joining them again costs more than the rest of the query)."""
    rows = Game.objects.select_for_update(of=("self",))
    if read is None or not DIVISION.is_cached(read):
        return rows.select_related("division__tournament").get(pk=game_pk)
    locked = rows.get(pk=game_pk)
    locked.division = read.division
    return locked


def _count_change(game: Game) -> None:
    Tournament.objects.filter(pk=game.division.tournament_id).bump()


def _write_totals(game: Game, sides: list[GameSide], hands: list[outcome.SavedHand]) -> None:
    """Every side's total over every saved hand, confirmed_total over the confirmed ones (RULES F1)
    and pending_hands, counted by the engine, in one UPDATE (whatever the caller's sides say: they
    may have been read before the game row was locked)."""
    counted = rules.confirmed_totals(((h.number, h.scores, h.confirmed_at is not None) for h in hands), len(sides),
                                     game.division.tournament.require_confirmation)
    for side, total, confirmed in zip(sides, counted.as_entered, counted.totals):
        side.total, side.confirmed_total, side.pending_hands = total, confirmed, len(counted.pending)
    GameSide.objects.bulk_update(sides, ["total", "confirmed_total", "pending_hands"])


def submit(
    game: Game, *, number: int, values: list[dict], key: str, entered_by: str, user=None,
    sides: list[GameSide] | None = None, entered_by_slot: int | None = None,
) -> tuple[Hand, bool]:
    """Save a new hand once: (hand, created). The same key again returns the hand it saved.

    Everything is decided inside one transaction that holds the game row: its status, the saved
    hands (number, totals, game over), the engine's score, the hand, its first revision, every
    side's new GameSide.total and the change count. `sides` (the game's playing sides) saves a
    query when the caller has them. `entered_by_slot` is the side a table phone entered it as."""
    if not key or len(key) > 64:
        raise HandError(_("This form has no valid submission key; reload the page and enter the hand again."))
    if sides is None:
        sides, names = sheets.sides_and_names(game)
    else:
        names = sheets.side_names(sides)
    try:
        with transaction.atomic():
            locked = _locked(game.pk, read=game)
            hand = _write_new_hand(locked, sides, names, number, values, key=key, entered_by=entered_by, user=user,
                                   entered_by_slot=entered_by_slot)
    except IntegrityError:
        # The constraints decided: the same key (a double tap) or the same number (another phone) won.
        existing = _saved_with(key, game)
        if existing:
            return existing, False
        raise NumberTaken(
            _("Hand %(number)s was just saved from another phone. Check the sheet: if it is the same hand, there "
              "is nothing more to do; otherwise save it again.") % {"number": number}
        )
    except HandError:
        # A retry of a form already saved lands here (its number is taken, or its hand ended the
        # game): it finds its hand. Looked up only now, so a first submission spends no query on it.
        existing = _saved_with(key, game)
        if existing:
            return existing, False
        raise
    if hand.result.get("game_over") or locked.extra_hand:  # the one more hand after a tie ends the game too
        outcome.finish_if_over(locked, user=user)
    return hand, True


def _write_new_hand(game: Game, sides, names, number, values, *, key, entered_by, user, entered_by_slot) -> Hand:
    """Inside submit's transaction, the game row held: refuse or write hand `number`. The clock is
    read here, under the lock the time-limit claim also takes: a hand is saved (and counts) only if
    it arrived before the limit."""
    now = timezone.now()
    closed = accepting_hands(game, now)
    if closed:
        raise GameClosed(closed)
    tournament = game.division.tournament
    saved = outcome.saved_hands(game.pk)
    state = outcome.standing(tournament, sides, names, saved, game.extra_hand)
    if state.over:
        raise GameClosed(state.over_message())
    expected = len(saved) + 1
    if number != expected:
        raise NumberTaken(
            _("Hand %(saved)s was just saved from another phone, so this would be hand %(number)s. Check the sheet: "
              "if it is the same hand, there is nothing more to do; otherwise save it again.")
            % {"saved": number - 1 if number > expected else expected - 1, "number": expected}
        )
    if formats.of(tournament).absent_seats_play_on and seat_state.below_minimum(tournament, sides):
        raise GameClosed(seat_state.too_few_words(tournament))
    values = sheets.settle_absent(values, [not seat_state.plays_hand(s, number) for s in sides])
    data = sheets.payload(game, number, names, state.totals, values)
    ok, result = rules.score(data)
    if not ok:
        raise Refused(result["errors"])
    confirmed = not tournament.require_confirmation
    hand = Hand.objects.create(
        game=game, number=number, idempotency_key=key, version=1, entries=data["sides"], result=result,
        created_at=now, entered_by=entered_by[:MAX_AUTHOR], entered_by_slot=entered_by_slot,
        confirmed_at=now if confirmed else None, confirmed_by=sheets.NOT_REQUIRED if confirmed else "",
    )
    HandRevision.objects.create(
        hand=hand, version=1, entries=data["sides"], result=result, author=entered_by[:MAX_AUTHOR],
        author_user=user, created_at=now,
    )
    log_event(game, "hand_entered", by=user, at=now, hand=number, author=entered_by[:MAX_AUTHOR],
              scores=[EntrantTotal(Entrant.of(s), score) for s, score in zip(sides, sheets.hand_scores(result))])
    _write_totals(game, sides, [*saved, outcome.SavedHand(number, sheets.hand_scores(result), hand.confirmed_at, now)])
    _count_change(game)
    return hand


def _saved_with(key: str, game: Game) -> Hand | None:
    return Hand.objects.filter(game=game, idempotency_key=key).first()


def correct(
    hand: Hand, *, version: int, values: list[dict], reason: str, author: str, user=None, organizer: bool = False,
    author_slot: int | None = None,
) -> Hand:
    """Write a new revision of a hand, if nobody changed it since `version`. Totals, the change
    count and the result follow in the same transaction; a refusal writes nothing. The table
    corrects only while the game is in play and its time is not up; after that the organizer does."""
    reason = (reason or "").strip()
    if not reason:
        raise Refused([{"side": None, "field": "reason", "message": _("Say why the hand is corrected (a reason is required).")}])
    if len(reason) > MAX_REASON:
        raise Refused([{"side": None, "field": "reason",
                        "message": _("The reason is too long (at most %(most)s characters).") % {"most": MAX_REASON}}])
    with transaction.atomic():
        game = _locked(hand.game_id)
        _check_correctable(game, organizer, timezone.now())
        current = Hand.objects.get(pk=hand.pk)
        sides, names = sheets.sides_and_names(game)
        saved = outcome.saved_hands(game.pk)
        before = rules.totals_after((h.scores for h in saved if h.number < current.number), len(sides))
        values = sheets.settle_absent(values, sheets.absent_in(current.entries) + [False] * len(sides))  # as saved
        data = sheets.payload(game, current.number, names, before, values)
        if current.version != version:
            if _saved_already(current, version, data["sides"], reason=reason, author=author):
                return current
            raise StaleEdit(_stale_message(current), current)
        ok, result = rules.score(data)
        if not ok:
            raise Refused(result["errors"])
        saved = [h._replace(scores=sheets.hand_scores(result)) if h.number == current.number else h for h in saved]
        new_winner = _new_winner(game, sides, names, saved)
        confirmed_at = _write_revision(game, current, version, data["sides"], result, reason=reason, author=author,
                                       user=user, organizer=organizer, author_slot=author_slot)
        _write_totals(game, sides, [h._replace(confirmed_at=confirmed_at) if h.number == current.number else h
                                    for h in saved])
        _count_change(game)
        if new_winner is not None:
            try:
                formats.of(game.division.tournament).correct_result(
                    game, new_winner, by=user, note=reason)
            except ValidationError as exc:  # checked above; a race with the next game's start lands here
                log.warning("result of game %s not corrected: %s", game.pk, exc)
    outcome.finish_if_over(game, user=user)
    if organizer:  # the organizer's correction confirms the hand: a result it held goes ahead (F1)
        confirmed_limit.after_confirmation(game.pk)
    return Hand.objects.get(pk=hand.pk)


def _saved_already(current: Hand, version: int, entries: list[dict], *, reason: str, author: str) -> bool:
    """Whether this very correction made the hand's newest revision: a double tap, or a phone
    resending it because the first answer was lost on the way back. Nothing new is written then."""
    if current.version != version + 1:
        return False
    latest = current.revisions.filter(version=current.version).first()
    return (latest is not None and latest.entries == entries and latest.reason == reason
            and latest.author == author[:MAX_AUTHOR])


def _write_revision(game: Game, hand: Hand, version: int, entries: list[dict], result: dict, *, reason: str,
                    author: str, user, organizer: bool, author_slot: int | None) -> dt.datetime | None:
    """Claim the hand at `version` and write its next revision (StaleEdit if another edit won); when
    the hand stands confirmed now (None: it waits for the other side again)."""
    now = timezone.now()
    confirmed = organizer or not game.division.tournament.require_confirmation
    changed = Hand.objects.filter(pk=hand.pk, version=version).update(
        version=version + 1, entries=entries, result=result, entered_by=author[:MAX_AUTHOR],
        entered_by_slot=None if organizer else author_slot, confirmed_by_slot=None, handed_over=False,
        confirmed_at=now if confirmed else None,
        confirmed_by=(ORGANIZER if organizer else sheets.NOT_REQUIRED) if confirmed else "",
    )
    if not changed:
        current = Hand.objects.get(pk=hand.pk)
        raise StaleEdit(_stale_message(current), current)
    HandRevision.objects.create(
        hand_id=hand.pk, version=version + 1, entries=entries, result=result, reason=reason,
        author=author[:MAX_AUTHOR], author_user=user, created_at=now,
    )
    log_event(game, "hand_corrected", by=user, note=reason, hand=hand.number, version=version + 1,
              author=author[:MAX_AUTHOR])
    return now if confirmed else None


def _check_correctable(game: Game, organizer: bool, now: dt.datetime) -> None:
    if not organizer:
        locked = table_locked(game, now)
        if locked:
            raise ResultLocked(locked)
        return
    if game.status not in (Game.Status.IN_PLAY, Game.Status.FINISHED, Game.Status.AWAITING_DECISION):
        raise GameClosed(_("Hands of this game cannot be changed (%(status)s).") % {"status": game.get_status_display().lower()})


def _new_winner(game: Game, sides: list[GameSide], names: list[str], saved: list[outcome.SavedHand]):
    """For a finished game: the team that wins with these totals when it is not the recorded winner
    (refused if nobody would win, or if the win moves once the next game has started). None for a
    game in play or an unchanged winner."""
    if game.status != Game.Status.FINISHED:
        return None
    winner = outcome.result_winner(game, names, saved, sides)
    if winner is None:
        raise ResultLocked(
            _("With this correction the game would no longer have a winner. Ask the organizer to decide the result.")
        )
    side = sides[names.index(winner)]
    if not side.team_id or side.team_id == game.winner_id:
        return None
    if formats.of(game.division.tournament).result_locked(game):
        raise ResultLocked(
            _("This correction would make %(winner)s the winner, but the next game has already started. "
              "The organizer records that decision in the next game instead.") % {"winner": winner}
        )
    return side


def confirm(hand: Hand, *, version: int, by: str, user=None, organizer: bool = False, by_slot: int | None = None,
            phone_slot: int | None = None, handed_over: bool = False) -> Hand:
    """The other side (or the organizer) agrees with the hand as it stands at `version`.

    `by_slot` is the confirming side; `phone_slot` the side the phone remembers entering as. When the
    phone that entered the hand confirms it, the other side must take it over explicitly
    (`handed_over`, the page's "I am … — confirm"), and the hand records that it was handed over."""
    with transaction.atomic():
        game = _locked(hand.game_id)
        current = Hand.objects.get(pk=hand.pk)
        if current.version != version:
            raise StaleEdit(_stale_message(current), current)
        if current.confirmed_at:
            return current  # confirmed already (a double tap, or the other phone was quicker)
        same_phone = False
        if not organizer:
            _check_table_confirmation(game, current, by, by_slot)
            same_phone = phone_slot is not None and phone_slot == current.entered_by_slot
            if same_phone and not handed_over:
                raise HandOverNeeded(_("This phone entered hand %(number)s for %(side)s: pass the phone to %(by)s, "
                                       "who confirms with “I am %(by)s — confirm”.")
                                     % {"number": current.number, "side": current.entered_by, "by": by})
        changed = Hand.objects.filter(pk=hand.pk, version=version, confirmed_at__isnull=True).update(
            confirmed_at=timezone.now(), confirmed_by=(ORGANIZER if organizer else by)[:MAX_AUTHOR],
            confirmed_by_slot=None if organizer else by_slot, handed_over=same_phone,
        )
        if changed:
            log_event(game, "hand_confirmed", by=user, hand=current.number, version=version, handed_over=same_phone,
                      confirmed_by=(ORGANIZER if organizer else by)[:MAX_AUTHOR])
            _write_totals(game, sheets.sides_and_names(game)[0], outcome.saved_hands(game.pk))
            _count_change(game)
    current = Hand.objects.get(pk=hand.pk)
    outcome.finish_if_over(game, user=user)
    confirmed_limit.after_confirmation(game.pk)
    return current


def _check_table_confirmation(game: Game, hand: Hand, by: str, by_slot: int | None) -> None:
    """A side confirms another side's hand, while the game is in play and its time is not up."""
    now = timezone.now()
    locked = table_locked(game, now)
    if locked and not confirmed_limit.may_confirm_late(game, hand.number, now):
        raise ResultLocked(locked)
    if hand.entered_as(by_slot, by):
        raise HandError(_("%(by)s entered hand %(number)s: the other side confirms it.") % {"by": by, "number": hand.number})
    sheets.refuse_if_absent(hand, by, by_slot)


def rotate_token(game: Game, *, by=None) -> str:
    """A new table link; the old one stops working at once."""
    token = new_table_token()
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(table_token=token)
        # The retired token stays in the log so a stale link's 404 can still offer the tournament's home.
        log_event(game, "table_link_rotated", by=by, old_token=game.table_token)
        _count_change(game)
    game.table_token = token
    return token


def _stale_message(current: Hand) -> str:
    named = {"number": current.number, "by": current.entered_by, "version": current.version}
    if current.entered_by:
        return _("Hand %(number)s was changed by %(by)s while you were looking at it (it is now version "
                 "%(version)s). Here is what it says now; your entry is kept below — save again to replace it.") % named
    return _("Hand %(number)s was changed while you were looking at it (it is now version %(version)s). Here is "
             "what it says now; your entry is kept below — save again to replace it.") % named

