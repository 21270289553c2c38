"""Saving hands: submit, preview, correct and confirm — the only code that writes Hand and
HandRevision. The rules engine scores; this module decides whether a hand may be written, writes it
once, keeps every side's GameSide.total equal to its running total and finishes the game when the
engine says it is over.

Safety is in the database: a unique idempotency key (a double tap or a retried POST finds the hand
it already saved), the unique (game, number) constraint (two phones cannot both save hand 4), and a
conditional UPDATE on the hand's version (an edit based on an old version changes nothing)."""

from __future__ import annotations

import logging
from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

import rules
from scoring import prepared
from scoring import sheet as sheets
from scoring.models import Hand, HandRevision
from tournament.models import Game, GameEvent, GameSide

log = logging.getLogger(__name__)

ORGANIZER = "organizer"
MAX_REASON = 200


class HandError(Exception):
    """A hand that cannot be written; `message` says why in words for the table."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Refused(HandError):
    """The rules engine (or the form) refused the entry: `errors` as the engine reports them."""

    def __init__(self, errors: list[dict]):
        self.errors = errors
        super().__init__("; ".join(e["message"] for e in errors))


class GameClosed(HandError):
    pass


class NumberTaken(HandError):
    """Another phone saved this hand number first."""


class StaleEdit(HandError):
    """The hand changed since the form was opened; `hand` is its current state."""

    def __init__(self, message: str, hand: Hand):
        super().__init__(message)
        self.hand = hand


class ResultLocked(HandError):
    pass


class SavedHand(NamedTuple):
    """The columns of a saved hand that decide whether the next one may be written."""

    number: int
    result: dict
    confirmed_at: object


def _sides(game: Game) -> tuple[list[GameSide], list[str]]:
    sides = [s for s in game.sides.all().select_related("team", "player") if not s.is_bye]
    return sides, sheets.side_names(sides)


def _hands(game: Game) -> list[Hand]:
    return list(Hand.objects.filter(game=game).order_by("number"))


def accepting_hands(game: Game) -> str | None:
    """Why this game takes no new hand right now, or None when it does."""
    status = Game.Status
    if game.status in (status.WAITING, status.READY):
        return "This game has not started yet: hands can be entered once it is in play."
    if game.status == status.AWAITING_DECISION:
        return "This game is waiting for the organizer's decision; no more hands can be entered."
    if game.status != status.IN_PLAY:
        return f"This game is over ({game.get_status_display().lower()}); no more hands can be entered."
    return None


def preview(game: Game, number: int, values: list[dict], entry: sheets.Entry | None = None) -> tuple[bool, dict]:
    """What the engine says about this entry as hand `number`: (ok, result or {"errors": …}). Saves nothing.

    With the game's sheets.Entry (the preview view has it) the totals before come from it, without
    reading the game's hands again."""
    if entry is not None:
        return rules.score(sheets.payload(game, number, entry.names, entry.totals_before(number), values))
    sides, names = _sides(game)
    before = sheets.totals_before(_hands(game), number, len(sides))
    return rules.score(sheets.payload(game, number, names, before, values))


def _score(game: Game, number: int, values: list[dict], hands: list[Hand]):
    sides, names = _sides(game)
    before = sheets.totals_before(hands, number, len(sides))
    data = sheets.payload(game, number, names, before, values)
    ok, result = rules.score(data)
    if not ok:
        raise Refused(result["errors"])
    return sides, names, data["sides"], result


def submit(
    game: Game, *, number: int, values: list[dict], key: str, entered_by: str, user=None,
    sides: list[GameSide] | None = None,
) -> tuple[Hand, bool]:
    """Save a new hand once: (hand, created). The same key again returns the hand it saved.

    Everything is decided inside one transaction that holds the game row (select_for_update): its
    status, the saved hands (number, totals, game over), the engine's score, the hand, its first
    revision and every side's new GameSide.total. `sides` (the game's playing sides) saves a query
    when the caller has them."""
    if not key or len(key) > 64:
        raise HandError("This form has no valid submission key; reload the page and enter the hand again.")
    if sides is None:
        sides, names = _sides(game)
    else:
        names = sheets.side_names(sides)
    tournament = game.division.tournament
    now = timezone.now()
    confirmed = not tournament.require_confirmation
    try:
        with transaction.atomic():
            game.status, hands = _lock_with_hands(game.pk)
            closed = accepting_hands(game)
            if closed:
                raise GameClosed(closed)
            state = _state(tournament, names, hands, len(sides))
            if state["over"]:
                raise GameClosed(_over_message(state))
            expected = len(hands) + 1
            if number != expected:
                raise NumberTaken(
                    f"Hand {number - 1 if number > expected else expected - 1} was just saved from another phone, so "
                    f"this would be hand {expected}. Check the sheet: if it is the same hand, there is nothing more "
                    "to do; otherwise save it again."
                )
            data = sheets.payload(game, number, names, state["totals"], values)
            ok, result = rules.score(data)
            if not ok:
                raise Refused(result["errors"])
            entries = data["sides"]
            hand = Hand(
                game=game, number=number, idempotency_key=key, version=1, entries=entries, result=result,
                created_at=now, entered_by=entered_by[:80],
                confirmed_at=now if confirmed else None, confirmed_by="not required" if confirmed else "",
            )
            revision = HandRevision(
                version=1, entries=entries, result=result, author=entered_by[:80], author_user=user, created_at=now,
            )
            _save_new_hand(hand, revision, sides, [t + p for t, p in zip(state["totals"], sheets.hand_scores(hand))])
    except IntegrityError:
        # The constraints decided: the same key (a double tap) or the same number (another phone) won.
        existing = _saved_with(key, game)
        if existing:
            return existing, False
        raise NumberTaken(
            f"Hand {number} was just saved from another phone. Check the sheet: if it is the same hand, there "
            "is nothing more to do; otherwise save it again."
        )
    except HandError:
        # A retry of a form already saved lands here (its number is taken, or its hand ended the
        # game): it finds its hand. Looked up only now, so a first submission spends no query on it.
        existing = _saved_with(key, game)
        if existing:
            return existing, False
        raise
    if result.get("game_over"):
        finish_if_over(Game.objects.get(pk=game.pk), user=user)  # the whole row: advancement reads it
    return hand, True


def _lock_with_hands(game_pk: int) -> tuple[str, list[SavedHand]]:
    """The game's status and saved hands, holding the game row until the transaction ends: one
    round trip (SELECT … FOR UPDATE OF the game, its hands joined; where the database has no row
    locks, as SQLite, its writes are serialised anyway)."""
    features = connection.features
    lock = ""
    if features.has_select_for_update:
        lock = " FOR UPDATE OF g" if features.has_select_for_update_of else " FOR UPDATE"
    qn = connection.ops.quote_name
    # Only the hand scores matter here; on PostgreSQL they come without the rest of each result.
    postgres = connection.vendor == "postgresql"
    scores = "jsonb_path_query_array(h.result, '$.sides[*].hand_score')" if postgres else "h.result"
    sql = (
        f"SELECT g.status, h.number, {scores}, h.confirmed_at FROM {qn(Game._meta.db_table)} g"
        f" LEFT JOIN {qn(Hand._meta.db_table)} h ON h.game_id = g.id WHERE g.id = %s ORDER BY h.number{lock}"
    )
    with connection.cursor() as cursor:
        prepared.execute(cursor, "meldboard_lock_scores", sql, [game_pk])
        rows = cursor.fetchall()
    if not rows:
        raise Game.DoesNotExist(f"No game {game_pk}")
    load = Hand._meta.get_field("result").from_db_value
    hands = []
    for _, number, result, confirmed_at in rows:
        if number is None:
            continue
        result = load(result, None, connection)
        if postgres:
            result = {"sides": [{"hand_score": points} for points in result]}
        hands.append(SavedHand(number, result, confirmed_at))
    return rows[0][0], hands


def _saved_with(key: str, game: Game) -> Hand | None:
    existing = Hand.objects.filter(idempotency_key=key).first()
    if existing and existing.game_id != game.pk:
        raise HandError("This form belongs to another game; reload the page.")
    return existing


_HAND_COLUMNS = ("game", "number", "idempotency_key", "version", "entries", "result", "created_at", "entered_by",
                 "confirmed_at", "confirmed_by")
_REVISION_COLUMNS = ("version", "entries", "result", "reason", "author", "author_user", "created_at")


def _insert_parts(model, instance, names) -> tuple[str, list[str], list]:
    fields = [model._meta.get_field(n) for n in names]
    columns = [connection.ops.quote_name(f.column) for f in fields]
    values = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]
    return connection.ops.quote_name(model._meta.db_table), columns, values


def _save_new_hand(hand: Hand, revision: HandRevision, sides: list[GameSide], totals: list[int]) -> None:
    """Insert the hand and its first revision and set every side's total, inside the caller's
    transaction (game row locked). The same rows Hand.objects.create and friends would write, as
    hand-written SQL: on PostgreSQL all three in one statement (one round trip), elsewhere three."""
    qn = connection.ops.quote_name
    hand_table, hand_columns, hand_values = _insert_parts(Hand, hand, _HAND_COLUMNS)
    rev_table, rev_columns, rev_values = _insert_parts(HandRevision, revision, _REVISION_COLUMNS)
    rev_columns.append(qn(HandRevision._meta.get_field("hand").column))
    side_table = qn(GameSide._meta.db_table)
    cases = " ".join("WHEN %s THEN %s" for _ in sides)
    case_params = [x for side, total in zip(sides, totals) for x in (side.pk, total)]
    ids = [side.pk for side in sides]
    update = f"UPDATE {side_table} SET total = CASE id {cases} ELSE total END WHERE id IN ({', '.join(['%s'] * len(ids))})"
    marks = ", ".join(["%s"] * len(hand_values))
    insert_hand = f"INSERT INTO {hand_table} ({', '.join(hand_columns)}) VALUES ({marks}) RETURNING id"
    rev_marks = ", ".join(["%s"] * len(rev_values))
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            sql = (
                f"WITH h AS ({insert_hand}),"
                f" r AS (INSERT INTO {rev_table} ({', '.join(rev_columns)}) VALUES ({rev_marks}, (SELECT id FROM h)))"
                + (f", u AS ({update})" if sides else "")
                + " SELECT id FROM h"
            )
            prepared.execute(cursor, f"meldboard_new_hand_{len(sides)}", sql,
                             hand_values + rev_values + (case_params + ids if sides else []))
            hand.pk = cursor.fetchone()[0]
        else:
            cursor.execute(insert_hand, hand_values)
            hand.pk = cursor.fetchone()[0]
            cursor.execute(
                f"INSERT INTO {rev_table} ({', '.join(rev_columns)}) VALUES ({rev_marks}, %s)", rev_values + [hand.pk]
            )
            if sides:
                cursor.execute(update, case_params + ids)
    hand._state.adding, hand._state.db = False, connection.alias
    revision.hand = hand
    revision._state.adding, revision._state.db = False, connection.alias
    for side, total in zip(sides, totals):
        side.total = total


def correct(
    hand: Hand, *, version: int, values: list[dict], reason: str, author: str, user=None, organizer: bool = False
) -> Hand:
    """Write a new revision of a hand, if nobody changed it since `version`. Totals and result follow."""
    game = Game.objects.select_related("division__tournament").get(pk=hand.game_id)
    reason = (reason or "").strip()
    if not reason:
        raise Refused([{"side": None, "field": "reason", "message": "Say why the hand is corrected (a reason is required)."}])
    if len(reason) > MAX_REASON:
        raise Refused([{"side": None, "field": "reason", "message": f"The reason is too long (at most {MAX_REASON} characters)."}])
    _check_correctable(game, organizer)
    current = Hand.objects.get(pk=hand.pk)
    if current.version != version:
        raise StaleEdit(_stale_message(current), current)
    hands = _hands(game)
    sides, names, entries, result = _score(game, hand.number, values, hands)
    new_winner = _winner_after(game, sides, names, hands, hand.number, result)
    now = timezone.now()
    confirmed = organizer or not game.division.tournament.require_confirmation
    with transaction.atomic():
        changed = Hand.objects.filter(pk=hand.pk, version=version).update(
            version=version + 1, entries=entries, result=result, entered_by=author[:80],
            confirmed_at=now if confirmed else None,
            confirmed_by=(ORGANIZER if organizer else "not required") if confirmed else "",
        )
        if not changed:
            current = Hand.objects.get(pk=hand.pk)
            raise StaleEdit(_stale_message(current), current)
        HandRevision.objects.create(
            hand_id=hand.pk, version=version + 1, entries=entries, result=result, reason=reason,
            author=author[:80], author_user=user, created_at=now,
        )
        GameEvent.objects.create(
            game=game, kind="hand_corrected", by=user, note=reason,
            data={"hand": hand.number, "version": version + 1, "author": author[:80]},
        )
        _update_totals(game)
    if new_winner is not None and game.status == Game.Status.FINISHED and game.winner_id != new_winner.pk:
        from tournament.gameday import advancement

        try:
            advancement.correct_result(game, new_winner, by=user, note=f"Hand {hand.number} corrected: {reason}")
        except ValidationError as exc:  # checked above; a race with the next game's start lands here
            log.warning("result of game %s not corrected: %s", game.pk, exc)
    finish_if_over(game, user=user)
    return Hand.objects.get(pk=hand.pk)


def confirm(hand: Hand, *, version: int, by: str, user=None, organizer: bool = False) -> Hand:
    """The other side (or the organizer) agrees with the hand as it stands at `version`."""
    current = Hand.objects.get(pk=hand.pk)
    if current.version != version:
        raise StaleEdit(_stale_message(current), current)
    if current.confirmed_at:
        return current  # confirmed already (a double tap, or the other phone was quicker)
    if not organizer and by == current.entered_by:
        raise HandError(f"{by} entered hand {current.number}: the other side confirms it.")
    changed = Hand.objects.filter(pk=hand.pk, version=version, confirmed_at__isnull=True).update(
        confirmed_at=timezone.now(), confirmed_by=(ORGANIZER if organizer else by)[:80]
    )
    current = Hand.objects.get(pk=hand.pk)
    if not changed and current.version != version:
        raise StaleEdit(_stale_message(current), current)
    finish_if_over(Game.objects.get(pk=hand.game_id), user=user)
    return current


def rotate_token(game: Game, *, by=None) -> str:
    """A new table link; the old one stops working at once."""
    from tournament.models.brackets import new_table_token

    token = new_table_token()
    Game.objects.filter(pk=game.pk).update(table_token=token)
    GameEvent.objects.create(game=game, kind="table_link_rotated", by=by)
    game.table_token = token
    return token


def sheet_state(game: Game, hands: list[Hand] | None = None) -> dict:
    """Totals, and whether the engine calls the game over (and whether hands still await confirmation)."""
    hands = _hands(game) if hands is None else hands
    sides, names = _sides(game)
    return {"sides": sides, **_state(game.division.tournament, names, hands, len(sides))}


def _state(tournament, names: list[str], hands: list[Hand], side_count: int) -> dict:
    totals = sheets.totals_before(hands, len(hands) + 1, side_count)
    over, winner = (False, None)
    if hands:
        over, winner = rules.game_over(tournament.variant, dict(zip(names, totals)), len(hands), tournament.rules_numbers or None)
    unconfirmed = [h.number for h in hands if tournament.require_confirmation and h.confirmed_at is None]
    return {"names": names, "totals": totals, "over": over, "winner": winner, "unconfirmed": unconfirmed}


def _over_message(state: dict) -> str:
    if state["unconfirmed"]:
        pending = ", ".join(str(n) for n in state["unconfirmed"])
        return f"The scores end the game: confirm hand {pending} (or correct it) to finish it. No more hands."
    return "The scores end the game; no more hands can be entered."


def finish_if_over(game: Game, *, user=None) -> bool:
    """Finish an in-play game the engine calls over once its hands are confirmed. Idempotent: safe to
    call after every write and on every page view; a second caller finds the game finished."""
    game.refresh_from_db()
    if game.status != Game.Status.IN_PLAY:
        return False
    state = sheet_state(game)
    if not state["over"] or state["unconfirmed"]:
        return False
    side = next((s for s, n in zip(state["sides"], state["names"]) if n == state["winner"]), None)
    if all(s.team_id for s in state["sides"]):
        from tournament.gameday import advancement

        if side is None:  # over with no single winner (a tie the rules leave to the organizer)
            claimed = Game.objects.filter(pk=game.pk, status=Game.Status.IN_PLAY).update(
                status=Game.Status.AWAITING_DECISION, version=F("version") + 1
            )
            if claimed:
                GameEvent.objects.create(game=game, kind="awaiting_decision", note="tie on the score sheet")
            return bool(claimed)
        try:
            advancement.finish_game(game, side.team, reason="score", by=user)
        except ValidationError as exc:  # someone else (the time limit, the organizer) got there first
            log.info("game %s not finished from the sheet: %s", game.pk, exc)
            return False
        return True
    # Player sides (table formats): no bracket to carry the winner into; the sheet names them.
    claimed = Game.objects.filter(pk=game.pk, status=Game.Status.IN_PLAY).update(
        status=Game.Status.FINISHED, result_reason="score", finished_at=timezone.now(), version=F("version") + 1
    )
    if claimed:
        GameEvent.objects.create(game=game, kind="result", by=user, data={"winner_side": side.slot if side else None})
    return bool(claimed)


def _update_totals(game: Game) -> None:
    """Every side's GameSide.total = its running total (the time-limit decision and brackets read it).

    Runs inside the writer's transaction after the game row is locked, so two writers at once
    cannot each write totals that miss the other's hand."""
    Game.objects.select_for_update().filter(pk=game.pk).first()
    hands = _hands(game)
    sides, _ = _sides(game)
    totals = sheets.totals_before(hands, len(hands) + 1, len(sides))
    for side, total in zip(sides, totals):
        if side.total != total:
            GameSide.objects.filter(pk=side.pk).update(total=total)


def _check_correctable(game: Game, organizer: bool) -> None:
    if game.status == Game.Status.IN_PLAY:
        return
    if game.status == Game.Status.FINISHED:
        from tournament.gameday import advancement

        if not organizer and advancement.next_game_started(game):
            raise ResultLocked(
                "The winner's next game has started: only the organizer can change this game's hands now."
            )
        return
    if game.status == Game.Status.AWAITING_DECISION and organizer:
        return
    raise GameClosed(f"Hands of this game cannot be changed ({game.get_status_display().lower()}).")


def _winner_after(game: Game, sides, names, hands: list[Hand], number: int, result: dict):
    """For a finished game: the side that wins once hand `number` reads `result` (refused if none
    would, or if it changes a winner whose next game has started). None for a game in play."""
    if game.status != Game.Status.FINISHED:
        return None
    totals = [0] * len(sides)
    for hand in hands:
        scores = [s["hand_score"] for s in (result if hand.number == number else hand.result)["sides"]]
        for i, points in enumerate(scores[: len(sides)]):
            totals[i] += points
    tournament = game.division.tournament
    if game.result_reason == "score":
        over, winner = rules.game_over(tournament.variant, dict(zip(names, totals)), len(hands), tournament.rules_numbers or None)
    else:  # a time-limit result: the highest total over completed hands wins (A7)
        top = max(totals)
        over, winner = True, (names[totals.index(top)] if totals.count(top) == 1 else None)
    if not over or winner is None:
        raise ResultLocked(
            "With this correction the game would no longer have a winner. Ask the organizer to decide the result."
        )
    side = sides[names.index(winner)]
    if side.team_id and side.team_id != game.winner_id:
        from tournament.gameday import advancement

        if advancement.next_game_started(game):
            raise ResultLocked(
                f"This correction would make {winner} the winner, but the next game has already started. "
                "The organizer records that decision in the next game instead."
            )
        return side.team
    return None


def _stale_message(current: Hand) -> str:
    who = f" by {current.entered_by}" if current.entered_by else ""
    return (
        f"Hand {current.number} was changed{who} while you were looking at it (it is now version "
        f"{current.version}). Here is what it says now; your entry is kept below — save again to replace it."
    )
