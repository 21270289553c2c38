"""Game day: what people do — check-in, starts, substitutes, decisions, reversals.

The deadline transitions (no-show forfeits, the time limit) live in tournament.core.deadlines,
the reading of a game's state against a clock in tournament.core.clock. Every write here locks
the game row, and counts the change for the cached pages in the same transaction.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common import names
from tournament.common.localtime import clock as local_clock
from tournament.common.names import and_list, or_list
from tournament.common.stored_words import reason as reason_words
from tournament.core import deadlines, formats, transitions
from tournament.core.game_log import Entrant
from tournament.core.game_rows import count_change, lock_game, log_event, sides_of
from tournament.models import (
    CheckIn,
    Game,
    GameSide,
    Player,
    Substitution,
    Team,
)

Status = Game.Status
Reason = Game.Reason


# ---- check-in and start -------------------------------------------------------------------------

def _new_version(game: Game, **fields) -> None:
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, **fields)


def _side_of(sides: list[GameSide], team: Team) -> GameSide | None:
    return next((s for s in sides if s.team_id == team.pk), None)


def _both(names) -> str:
    return and_list(list(names))


def _not_playing(team: Team, game: Game) -> str:
    return _("%(team)s is not playing in %(game)s.") % {"team": team.name, "game": game.label}


def _ask(via: str) -> str:
    """The players are told whom to ask; the organizer, who is the one to ask, is not."""
    return "" if via == "organizer" else " " + _("Ask the organizer if this is wrong.")


def _over_message(game: Game, via: str = "organizer") -> str:
    tournament = game.division.tournament
    if game.status in (Status.FORFEIT, Status.DOUBLE_FORFEIT) and game.result_reason in Game.FORFEIT_REASONS:
        at = game.no_show_at if game.result_reason == Reason.NO_SHOW and game.no_show_at else game.finished_at
        return _("%(game)s was forfeited (%(reason)s) at %(clock)s; check-in is closed.") % {
            "game": game.label, "reason": reason_words(game.result_reason), "clock": local_clock(tournament, at)} + _ask(via)
    if game.status == Status.AWAITING_DECISION:
        return _("%(game)s is over: it was level at the time limit and waits for the organizer.") % {"game": game.label}
    return _("%(game)s is over (%(status)s); check-in is closed.") % {
        "game": game.label, "status": game.get_status_display().lower()}


def check_in(game: Game, team: Team, *, by=None, via: str = "organizer", now: dt.datetime | None = None) -> CheckIn:
    """Record that `team` is at its table. A second check-in returns the first one.

    After the no-show deadline the check-in is refused, and the forfeit the deadline calls for is
    applied on the spot (the task or the sweep may simply not have run yet).
    """
    now = now or timezone.now()
    too_late = None
    with transaction.atomic():
        locked = lock_game(game.pk)
        existing = CheckIn.objects.filter(game=locked, team=team).first()
        if existing:
            return existing
        if locked.is_done or locked.status == Status.AWAITING_DECISION:
            raise ValidationError(_over_message(locked, via))
        sides = sides_of(locked)
        side = _side_of(sides, team)
        if locked.status == Status.WAITING or any(s.team_id is None for s in sides):
            raise ValidationError(
                _("%(game)s is not ready yet: its teams are not both known. "
                  "Check-in opens when the earlier games are decided.") % {"game": locked.label}
            )
        if side is None:
            raise ValidationError(_("%(team)s is not playing in %(game)s (%(names)s).") % {
                "team": team.name, "game": locked.label, "names": _both(s.team.name for s in sides)})
        tournament = locked.division.tournament
        if locked.status == Status.READY and locked.no_show_at and now >= locked.no_show_at and not deadlines.late_feeder(locked, sides):
            too_late = locked
        else:
            subs = list(Substitution.objects.filter(game=locked, team=team))
            team_with_players = Team.objects.prefetch_related("players").get(pk=team.pk)
            if deadlines.short_of_partner(team_with_players, subs):
                raise ValidationError(
                    _("%(team)s has only one player. Record a substitute partner for this game first; "
                      "without one the team forfeits (“%(reason)s”).") % {
                        "team": team.name, "reason": reason_words(Reason.NO_PARTNER)}
                )
            record = CheckIn.objects.create(game=locked, team=team, recorded_by=by, via=via, at=now)
            GameSide.objects.filter(pk=side.pk).update(checked_in_at=now)
            _new_version(locked)
            count_change(locked)
            return record
    deadlines.apply_no_show(too_late.pk, now=now)
    grace = int(tournament.no_show_grace.total_seconds() // 60)
    raise ValidationError(
        ngettext("Check-in refused: the no-show deadline for %(game)s was %(clock)s (%(grace)s minute after the "
                 "posted start), so %(team)s forfeits this game.",
                 "Check-in refused: the no-show deadline for %(game)s was %(clock)s (%(grace)s minutes after the "
                 "posted start), so %(team)s forfeits this game.", grace)
        % {"game": too_late.label, "clock": local_clock(tournament, too_late.no_show_at), "grace": grace,
           "team": team.name} + _ask(via)
    )


def start_game(
    game: Game, *, by=None, via: str = "organizer", agreed_team_ids=(), now: dt.datetime | None = None
) -> Game:
    """Start the game now: both teams checked in; before the posted start only if both teams agree.

    The time limit then runs from the actual start or the posted start, whichever came first.
    """
    now = now or timezone.now()
    agreed = {int(x) for x in agreed_team_ids}
    with transaction.atomic():
        locked = lock_game(game.pk)
        tournament = locked.division.tournament
        if locked.status == Status.IN_PLAY:
            return locked  # a double tap: it started the first time
        if locked.status != Status.READY:
            if locked.status == Status.WAITING:
                raise ValidationError(_("%(game)s cannot start: its teams are not both known yet.") % {"game": locked.label})
            raise ValidationError(_("%(game)s cannot start: it is %(status)s.") % {
                "game": locked.label, "status": locked.get_status_display().lower()})
        sides = sides_of(locked)
        absent = [s.team.name for s in sides if not s.checked_in_at]
        if absent:
            raise ValidationError(
                ngettext("%(game)s cannot start yet: both teams must check in first (%(names)s has not).",
                         "%(game)s cannot start yet: both teams must check in first (%(names)s have not).", len(absent))
                % {"game": locked.label, "names": _both(absent)}
            )
        early = bool(locked.starts_at and now < locked.starts_at)
        if early:
            missing = [s.team.name for s in sides if s.team_id not in agreed]
            if missing:
                raise ValidationError(
                    ngettext("Starting before the posted time (%(clock)s) needs both teams to agree: "
                             "%(names)s has not agreed.",
                             "Starting before the posted time (%(clock)s) needs both teams to agree: "
                             "%(names)s have not agreed.", len(missing))
                    % {"clock": local_clock(tournament, locked.starts_at), "names": _both(missing)}
                )
        base = min(now, locked.starts_at) if locked.starts_at else now
        time_limit_at = base + tournament.game_time_limit
        transitions.move(
            locked, "start", by=by, at=now, log="started",
            fields={"started_at": now, "early_start_agreed": early, "time_limit_at": time_limit_at},
            log_data={"via": via, "early": early, "agreed": [Entrant(team=pk) for pk in sorted(agreed & {s.team_id for s in sides})] if early else [],
                      "time_limit_at": time_limit_at.isoformat()},
        )
        locked.refresh_from_db()
    return locked


# ---- organizer decisions ------------------------------------------------------------------------

def decide(game: Game, winner: Team, by, note: str) -> Game:
    """The organizer settles a game that was level at the time limit: the winner and why."""
    note = (note or "").strip()
    if not note:
        raise ValidationError(_("Say why this team wins (e.g. “one more hand played: 120 to 85”)."))
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status != Status.AWAITING_DECISION:
            raise ValidationError(_("%(game)s is not waiting for a decision (it is %(status)s).") % {
                "game": locked.label, "status": locked.get_status_display().lower()})
        sides = sides_of(locked)
        side = _side_of(sides, winner) if winner is not None else None
        if side is None:
            names = or_list([s.team.name for s in sides])
            raise ValidationError(_("The winner must be one of the game's teams: %(names)s.") % {"names": names})
        return transitions.move(locked, "decide", winner=side, reason=Reason.ORGANIZER_DECISION, by=by, note=note,
                                log="result")


def play_one_more_hand(game: Game, by, note: str = "") -> Game:
    """The organizer settles a tie at the time limit by letting the table play one more hand (RULES
    A7: the sheets are silent and suggest finishing the hand in play). The limit is lifted for that
    one hand: the table enters it as usual and the game ends on the totals after it
    (scoring.outcome.finish_if_over); level again, it comes back to the organizer."""
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.status != Status.AWAITING_DECISION or locked.result_reason != Reason.TIME_LIMIT_TIE:
            raise ValidationError(
                _("%(game)s is not level at the time limit (it is %(status)s), so there is no extra hand to allow.")
                % {"game": locked.label, "status": locked.get_status_display().lower()}
            )
        if any(s.team_id is None for s in sides_of(locked)):
            raise ValidationError(_("%(game)s has no two known teams to play one more hand.") % {"game": locked.label})
        number = locked.hands.count() + 1
        transitions.move(
            locked, "one_more_hand", by=by, note=(note or "").strip(), log="one_more_hand",
            fields={"time_limit_at": None, "extra_hand": number},
            log_data={"hand": number, "time_limit_at": locked.time_limit_at.isoformat() if locked.time_limit_at else None},
        )
    locked.refresh_from_db()
    return locked


def reverse_forfeit(game: Game, by, reason: str) -> Game:
    """Undo a no-show or no-partner forfeit while the next game has not started.

    The game goes back to "ready" with its no-show deadline lifted (the organizer has waived it),
    and whoever had advanced leaves the next game again.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for reversing the forfeit; it goes in the game's log."))
    with transaction.atomic():
        locked = lock_game(game.pk)
        event_format = formats.of(locked.division.tournament)
        if locked.status not in (Status.FORFEIT, Status.DOUBLE_FORFEIT) or locked.result_reason not in Game.FORFEIT_REASONS:
            # The format's own words (a table's winner may be a single player, whom game.winner does not
            # name); only a status is lowered, never a name.
            state = (event_format.result_label(locked, sides_of(locked)) if locked.is_done
                     else locked.get_status_display().lower())
            raise ValidationError(
                _("Only a forfeit for “%(no_show)s” or “%(no_partner)s” can be reversed; %(game)s is %(state)s.") % {
                    "no_show": reason_words(Reason.NO_SHOW), "no_partner": reason_words(Reason.NO_PARTNER),
                    "game": locked.label, "state": state}
            )
        following = event_format.blocks_reversal(locked)
        if following is not None:
            raise ValidationError(
                _("Too late to reverse: the next game (%(game)s) has already started or has a result. "
                  "The forfeit stands.") % {"game": following.label}
            )
        event_format.undo_result(locked)
        old = {"status": locked.status, "winner": Entrant.team_of(locked.winner_id), "reason": locked.result_reason}
        GameSide.objects.filter(game=locked).update(forfeited_at=None)
        # The no-show deadline is lifted (the organizer has waived it); the time limit still runs from the posted start.
        transitions.move(locked, "reverse_forfeit", by=by, note=reason, log="forfeit_reversed",
                         fields={"no_show_at": None}, log_data=old)
        locked.refresh_from_db()
    return locked


def forfeit_no_partner(game: Game, team: Team, *, by=None, note: str = "") -> Game:
    """The organizer records that `team` has no partner and no substitute: the opponent wins."""
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.is_done or locked.status == Status.AWAITING_DECISION:
            raise ValidationError(_over_message(locked))
        sides = sides_of(locked)
        side = _side_of(sides, team)
        if side is None:
            raise ValidationError(_not_playing(team, locked))
        if locked.status == Status.WAITING or any(s.team_id is None for s in sides):
            raise ValidationError(_("%(game)s is not ready yet: its opponent is not known.") % {"game": locked.label})
        sub = Substitution.objects.filter(game=locked, team=team).select_related("substitute").first()
        if sub:
            raise ValidationError(_("%(team)s has a substitute for this game (%(name)s); it does not forfeit.") % {
                "team": team.name, "name": sub.substitute.name})
        opponent = next(s for s in sides if s.team_id != team.pk)
        log_event(locked, "no_partner", by=by, note=note, entrant=Entrant(team=team.pk))
        return transitions.move(locked, "forfeit", winner=opponent, reason=Reason.NO_PARTNER, by=by, note=note,
                                log="result")


# ---- substitutes --------------------------------------------------------------------------------

def game_window(game: Game) -> tuple[dt.datetime, dt.datetime] | None:
    """When a game occupies its players: from its (earlier of actual and posted) start to its end."""
    starts = [x for x in (game.started_at, game.starts_at) if x]
    if not starts:
        return None
    start = min(starts)
    if game.finished_at and (game.is_done or game.status == Status.AWAITING_DECISION):
        end = game.finished_at
    else:
        end = game.time_limit_at or start + game.division.tournament.game_time_limit
    return start, max(end, start)


def _overlaps(a, b) -> bool:
    return bool(a and b and a[0] < b[1] and b[0] < a[1])


def playing_elsewhere(game: Game, player: Player) -> Game | None:
    """Another game this player is booked in (on their team or as a substitute) at the same time."""
    here = game_window(game)
    others = Game.objects.exclude(pk=game.pk).filter(
        Q(sides__team__players=player) | Q(substitutions__substitute=player),
        division__tournament_id=game.division.tournament_id,
    ).exclude(status__in=(Status.NOT_NEEDED, Status.BYE)).select_related("division__tournament", "round").distinct()
    replaced_in = set(Substitution.objects.filter(replaced=player).values_list("game_id", flat=True))
    for other in others:
        if other.pk in replaced_in:
            continue  # somebody plays for them there
        if _overlaps(here, game_window(other)):
            return other
    return None


def record_substitute(game: Game, team: Team, replaced: Player, substitute, by=None, now=None) -> Substitution:
    """A substitute plays for `replaced` in this one game: a Player, or a name (a new player row)."""
    now = now or timezone.now()
    tournament = game.division.tournament
    with transaction.atomic():
        locked = lock_game(game.pk)
        if locked.is_done or locked.status == Status.AWAITING_DECISION:
            raise ValidationError(_("%(game)s is over; substitutes can no longer be recorded for it.") % {
                "game": locked.label})
        sides = sides_of(locked)
        if _side_of(sides, team) is None:
            raise ValidationError(_not_playing(team, locked))
        if replaced is None or replaced.team_id != team.pk:
            raise ValidationError(_("%(name)s is not on %(team)s.") % {
                "name": replaced.name if replaced else _("That player"), "team": team.name})
        if isinstance(substitute, str):
            if not names.clean(substitute):
                raise ValidationError(_("Give the substitute's name, or pick someone from the partner board."))
            name = names.entered(substitute, _("The substitute's name"), 80)
            person = names.find_person(Player.objects.filter(tournament=tournament).select_related("team"), name)
        else:
            person = substitute
            if person.tournament_id != tournament.pk:
                raise ValidationError(_("%(name)s is not in %(tournament)s.") % {
                    "name": person.name, "tournament": tournament.name})
        existing = Substitution.objects.filter(game=locked, replaced=replaced).select_related("substitute").first()
        if existing:
            raise ValidationError(_("%(name)s already has a substitute in this game: %(substitute)s.") % {
                "name": replaced.name, "substitute": existing.substitute.name})
        if person is not None:
            if person.pk == replaced.pk:
                raise ValidationError(_("%(name)s cannot substitute for themselves.") % {"name": person.name})
            in_game = {s.team_id: s.team for s in sides}
            if person.team_id in in_game:
                raise ValidationError(_("%(name)s already plays in this game, for %(team)s.") % {
                    "name": person.name, "team": in_game[person.team_id].name})
            if Substitution.objects.filter(game=locked, substitute=person).exists():
                raise ValidationError(_("%(name)s is already a substitute in this game.") % {"name": person.name})
            clash = playing_elsewhere(locked, person)
            if clash:
                window = game_window(clash)
                raise ValidationError(_("%(name)s is already playing at that time: %(game)s (%(start)s–%(end)s).") % {
                    "name": person.name, "game": clash.label,
                    "start": local_clock(tournament, window[0]), "end": local_clock(tournament, window[1])})
        else:
            person = Player.objects.create(tournament=tournament, name=name, created_at=now)
        sub = Substitution.objects.create(game=locked, team=team, replaced=replaced, substitute=person, recorded_by=by, at=now)
        _new_version(locked)
        log_event(locked, "substitute", by=by, at=now, entrant=Entrant(team=team.pk), replaced=replaced.pk, substitute=person.pk)
        count_change(locked)
    return sub
