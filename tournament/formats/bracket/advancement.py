"""Advancement: a result moves the winner on, in the same transaction that records it.

Every slot of a later game names the game that feeds it (GameSide.fed_by). When a game ends, its
winner takes that slot; a game whose two sides are known becomes ready; a slot whose feeder ended
with nobody advancing (a double forfeit) is dead, so the other side wins by walkover as soon as it is
known. The last game of Division 1 and of Division 2 feed the two slots of the final; when one team
wins both divisions it is the champion and the final is not needed.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common.names import or_list
from tournament.core import transitions
from tournament.core.game_log import Entrant
from tournament.core.game_log_words import EARLIER_RESULT
from tournament.core.game_rows import lock_game, sides_of
from tournament.formats.bracket.withdrawal import withdrawn_from
from tournament.models import Division, Game, GameSide, Team

STARTED = (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION)
Reason = Game.Reason


def next_game(game: Game) -> Game | None:
    side = GameSide.objects.filter(fed_by=game).select_related("game").first()
    return side.game if side else None


def next_game_started(game: Game) -> bool:
    """True once the game this one feeds is in play or has a result of its own.

    A final marked "not needed" is not a start: it only follows from the results that feed it.
    """
    following = next_game(game)
    if following is None:
        return False
    return following.status in STARTED or (following.is_done and following.status != Game.Status.NOT_NEEDED)


def finish_game(
    game: Game, winner_team: Team | None, *, reason: str, status=Game.Status.FINISHED, by=None, note: str = ""
) -> Game:
    """Record a game's result and advance the winner; refused (ValidationError) when it cannot be."""
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.is_done:
            raise ValidationError(
                _("%(game)s already has a result (%(status)s). "
                  "An organizer can correct it while the next game has not started.")
                % {"game": locked.label, "status": locked.get_status_display().lower()}
            )
        _record(locked, winner_team, reason=reason, status=status, by=by, note=note)
    game.refresh_from_db()
    return game


def double_forfeit(game: Game, *, reason: str = Reason.NO_SHOW, by=None, note: str = "") -> Game:
    """Neither team advances; the next opponent gets a walkover once known."""
    return finish_game(game, None, reason=reason, status=Game.Status.DOUBLE_FORFEIT, by=by, note=note)


def correct_result(game: Game, winner_team: Team, *, by, note: str, reason: str = Reason.CORRECTION) -> Game:
    """An organizer's correction; advancement is redone. Refused once the next game has started."""
    with transaction.atomic():
        locked = lock_game(game.pk)
        if not locked.is_done or locked.status in (Game.Status.BYE, Game.Status.NOT_NEEDED):
            raise ValidationError(_("%(game)s has no result to correct.") % {"game": locked.label})
        if next_game_started(locked):
            raise ValidationError(
                _("Cannot correct %(game)s: the next game has already started. "
                  "Record the decision in the next game instead.") % {"game": locked.label}
            )
        if winner_team is not None and locked.winner_id == winner_team.pk:
            raise ValidationError(_("%(team)s is already the recorded winner of %(game)s.") % {
                "team": winner_team, "game": locked.label})
        side = _winning_side(locked, winner_team, Game.Status.FINISHED)
        old_status = locked.status
        transitions.move(
            locked, "correct", winner=side, by=by, note=note, log="correction",
            reason=reason if old_status == Game.Status.DOUBLE_FORFEIT else locked.result_reason,
            fields={"finished_at": locked.finished_at or timezone.now()},
            log_data={"old_winner": Entrant.team_of(locked.winner_id), "old_status": old_status},
        )
    game.refresh_from_db()
    return game


# The move that records each kind of result.
RESULT_MOVES = {Game.Status.FINISHED: "finish", Game.Status.FORFEIT: "forfeit", Game.Status.DOUBLE_FORFEIT: "double_forfeit"}


def _winning_side(game: Game, winner: Team | None, status) -> GameSide | None:
    """The side of `winner` in this game (refused when the teams are not known or it is not one)."""
    sides = sides_of(game, lock=True)
    missing = [s for s in sides if s.team_id is None]
    if missing or len(sides) < 2:
        raise ValidationError(
            _("%(game)s cannot have a result yet: both of its teams must be known first.") % {"game": game.label}
        )
    if status == Game.Status.DOUBLE_FORFEIT:
        return None
    side = next((s for s in sides if winner is not None and s.team_id == winner.pk), None)
    if side is None:
        names = or_list([str(s.team) for s in sides])
        raise ValidationError(_("The winner of %(game)s must be one of its teams: %(names)s.") % {
            "game": game.label, "names": names})
    return side


def _record(game: Game, winner: Team | None, *, reason, status, by, note) -> None:
    if status not in RESULT_MOVES:
        raise ValidationError(f"“{status}” is not a result.")
    side = _winning_side(game, winner, status)
    transitions.move(game, RESULT_MOVES[status], winner=side, reason=reason, by=by, note=note, log="result")


def advance(game: Game) -> None:
    """Carry a finished (or bye, or double-forfeit) game's outcome into the game it feeds."""
    if game.round.number == game.division.rounds.count():
        Division.objects.filter(pk=game.division_id).update(champion=game.winner)
    for side in GameSide.objects.select_for_update().filter(fed_by=game):
        if side.team_id != game.winner_id:
            side.team = game.winner
            side.save(update_fields=["team"])
            Game.objects.filter(pk=side.game_id).update(version=F("version") + 1)
        settle(lock_game(side.game_id))


def reopen(game: Game, *, reason: str = EARLIER_RESULT) -> None:
    """Take a game (locked) back to waiting for its teams: an automatic outcome undone (a final not needed,
    a walkover) or a feeder's result taken back; it is worked out again when its sides are known."""
    transitions.move(game, "reopen", log="reopened", log_data={"reason": reason})
    Division.objects.filter(pk=game.division_id).update(champion=None)
    game.refresh_from_db()


def settle(game: Game) -> None:
    """Work out what a later game's known and dead slots mean: ready, walkover, or nothing yet."""
    if game.status == Game.Status.NOT_NEEDED:
        reopen(game)
    elif game.status != Game.Status.WAITING and game.status != Game.Status.READY:
        return
    sides = list(GameSide.objects.filter(game=game).select_related("fed_by", "team").order_by("slot"))
    known = [s for s in sides if s.team_id]
    dead = [s for s in sides if not s.team_id and (s.is_bye or (s.fed_by and s.fed_by.status == Game.Status.DOUBLE_FORFEIT))]
    if len(known) == len(sides):
        if game.division.kind == Division.Kind.FINAL and len({s.team_id for s in known}) == 1:
            _automatic(game, known[0].team, Game.Status.NOT_NEEDED, Reason.SAME_CHAMPION)
            return
        gone = withdrawn_from(game.division, [s.team for s in known])
        staying = [s for s in known if s.team_id not in gone]
        if len(staying) < len(known):  # a team withdrawn after the draw (here or from the event) gives its games away
            if staying:
                _automatic(game, staying[0].team, Game.Status.FORFEIT, Reason.WITHDRAWN)
            else:
                _automatic(game, None, Game.Status.DOUBLE_FORFEIT, Reason.WITHDRAWN)
            return
        if game.status == Game.Status.WAITING:
            # Its deadlines were set (and their tasks queued) with its posted start; they now apply.
            transitions.move(game, "ready")
        return
    if game.status == Game.Status.READY:
        # A corrected feeder can only change a name, never un-know a side; nothing else to do.
        return
    if known and len(known) + len(dead) == len(sides):
        _automatic(game, known[0].team, Game.Status.FORFEIT, Reason.WALKOVER)
    elif len(dead) == len(sides):
        _automatic(game, None, Game.Status.DOUBLE_FORFEIT, Reason.NOBODY_REACHED)


AUTOMATIC_MOVES = {Game.Status.NOT_NEEDED: "not_needed", Game.Status.FORFEIT: "forfeit", Game.Status.DOUBLE_FORFEIT: "double_forfeit"}


def _automatic(game: Game, winner: Team | None, status, reason: str) -> None:
    side = next((s for s in sides_of(game) if winner is not None and s.team_id == winner.pk), None)
    # A game a withdrawn team gives away later reads as the withdrawal it is, as when given at once
    # (withdrawal._give_away), never as a walkover ("Gana por ausencia", a no-show's words).
    log = "result" if reason == Reason.WITHDRAWN else status
    transitions.move(game, AUTOMATIC_MOVES[status], winner=side, reason=reason, log=log)
