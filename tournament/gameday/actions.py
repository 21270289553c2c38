"""Game day: what people do and read — check-in, starts, substitutes, decisions, reversals, the clock.

The deadline transitions (no-show forfeits, the time limit) live in tournament.gameday.deadlines.
`clock` is the pure reading of a game's state against a clock, used by every page so that a
stopped worker never shows a wrong state.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from tournament.localtime import clock as local_clock
from tournament.models import CheckIn, Game, GameEvent, GameSide, Player, Substitution, Team

Status = Game.Status
NO_SHOW = "no show"
NO_PARTNER = "no partner"
TIME_LIMIT = "time limit"
TIME_LIMIT_TIE = "time limit tie"
DECIDED = "organizer decision"
FORFEIT_REASONS = (NO_SHOW, NO_PARTNER)


# ---- reading ------------------------------------------------------------------------------------

def label(game: Game) -> str:
    table = f", table {game.table_number}" if game.table_number else ""
    return f"{game.division.name} {game.round} game {game.number}{table}"


def countdown_text(left: dt.timedelta) -> str:
    """The same text static/js/meldboard.js shows, so a page is right before its script runs."""
    seconds = int(left.total_seconds())
    if seconds <= 0:
        return ""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{days}d " if days else ""
    text += f"{hours}h " if days or hours else ""
    return text + f"{minutes:02d}m {secs:02d}s"


def _team_sides(game: Game) -> list[GameSide]:
    return [s for s in game.sides.all() if s.team_id]


def _short_of_partner(team: Team, substitutions) -> bool:
    """Fewer than two players and no substitute recorded for this game."""
    players = len(team.players.all())
    subs = sum(1 for s in substitutions if s.team_id == team.pk)
    return players < 2 and players + subs < 2


def clock(game: Game, now: dt.datetime) -> dict:
    """What a game's state is at `now`, by its status and its deadlines (no queries if prefetched).

    phase: waiting | check_in | no_show_due | ready | in_play | time_up | awaiting_decision | done
    countdown_to: the moment the browser counts down to (None when nothing is counting),
    countdown_label / done_text: the words around it; tone: ok | warn | bad | "" for the badge.
    """
    sides = list(game.sides.all())
    team_sides = [s for s in sides if s.team_id]
    absent = [s for s in team_sides if not s.checked_in_at]
    both_known = len(team_sides) == len(sides) and len(sides) >= 2
    state = {
        "phase": "done", "label": "", "tone": "", "countdown_to": None, "countdown_label": "", "done_text": "",
        "countdown_text": "", "absent": absent, "no_show_passed": bool(game.no_show_at and now >= game.no_show_at),
        "time_limit_passed": bool(game.time_limit_at and now >= game.time_limit_at), "can_start": False,
        "early": bool(game.starts_at and now < game.starts_at), "alert": "",
    }

    def counting(to, words, done):
        state.update(countdown_to=to, countdown_label=words, done_text=done, countdown_text=countdown_text(to - now))

    status = game.status
    if status in Game.DONE:
        state["label"] = result_text(game)
        state["tone"] = "bad" if status in (Status.FORFEIT, Status.DOUBLE_FORFEIT) and game.result_reason in FORFEIT_REASONS else "ok"
        if state["tone"] == "bad":
            state["alert"] = state["label"]
    elif status == Status.AWAITING_DECISION:
        state.update(phase="awaiting_decision", label="Level at the time limit — awaiting the organizer's decision",
                     tone="warn", alert="Tie at the time limit: record the winner and why.")
    elif status == Status.WAITING or not both_known:
        state.update(phase="waiting", label="Waiting for the earlier games")
        if game.starts_at and now < game.starts_at:
            counting(game.starts_at, "Posted start in", "posted start passed")
    elif status == Status.IN_PLAY:
        if state["time_limit_passed"]:
            state.update(phase="time_up", label="Time limit reached — higher total wins", tone="warn",
                         alert="Time is up: the result is being recorded.")
        else:
            state.update(phase="in_play", label="In play", tone="ok")
            counting(game.time_limit_at, "Time left", "time up")
    else:  # ready: both teams known, not started
        if absent and state["no_show_passed"]:
            names = " and ".join(s.team.name for s in absent)
            state.update(phase="no_show_due", label=f"No-show: forfeit due ({names})", tone="bad",
                         alert=f"No-show: {names} not checked in by {local_clock(game.division.tournament, game.no_show_at)}.")
        elif absent:
            state.update(phase="check_in", label="Check-in open", tone="warn" if not state["early"] else "")
            if game.no_show_at:
                counting(game.no_show_at, "No-show deadline in", "forfeit due")
        elif state["time_limit_passed"]:
            state.update(phase="time_up", label="Time limit reached — higher total wins", tone="warn",
                         alert="Time is up: the result is being recorded.")
        else:
            state.update(phase="ready", label="Both teams here — ready to start", tone="ok", can_start=True)
            if state["early"]:
                counting(game.starts_at, "Posted start in", "posted start")
            elif game.time_limit_at:
                # The limit runs from the posted start even before anyone presses start.
                counting(game.time_limit_at, "Time left", "time up")
    return state


def result_text(game: Game) -> str:
    winner = game.winner.name if game.winner_id else ""
    reason = game.result_reason
    if game.status == Status.DOUBLE_FORFEIT:
        return f"Double forfeit ({reason or NO_SHOW}) — nobody advances"
    if game.status == Status.FORFEIT:
        if reason in FORFEIT_REASONS:
            return f"Forfeit ({reason}) — {winner} wins"
        return f"{winner} wins by {reason or 'forfeit'}"
    if game.status == Status.BYE:
        return f"Bye — {winner} advances"
    if game.status == Status.NOT_NEEDED:
        return "Not needed"
    return f"{winner} won ({reason})" if reason else f"{winner} won"


# ---- check-in and start -------------------------------------------------------------------------

def _lock(game_id: int) -> Game | None:
    return (
        Game.objects.select_for_update()
        .select_related("division__tournament", "round")
        .filter(pk=game_id)
        .first()
    )


def _bump(game: Game, **fields) -> None:
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, **fields)


def _log(game: Game, kind: str, *, by=None, note: str = "", at=None, **data) -> None:
    GameEvent.objects.create(game=game, kind=kind, by=by, note=note, data=data, at=at or timezone.now())


def _sides(game: Game) -> list[GameSide]:
    return list(GameSide.objects.filter(game=game).select_related("team", "fed_by").order_by("slot"))


def _side_of(sides: list[GameSide], team: Team) -> GameSide | None:
    return next((s for s in sides if s.team_id == team.pk), None)


def _late_feeder(game: Game, sides: list[GameSide]) -> bool:
    """A team still playing the game that feeds this one when the deadline passed could not be here."""
    return any(s.fed_by and s.fed_by.finished_at and s.fed_by.finished_at > game.no_show_at for s in sides)


def _over_message(game: Game) -> str:
    tournament = game.division.tournament
    if game.status in (Status.FORFEIT, Status.DOUBLE_FORFEIT) and game.result_reason in FORFEIT_REASONS:
        return (f"{label(game)} was forfeited ({game.result_reason}) at "
                f"{local_clock(tournament, game.no_show_at if game.result_reason == NO_SHOW and game.no_show_at else game.finished_at)}; check-in is closed. "
                "Ask the organizer if this is wrong.")
    if game.status == Status.AWAITING_DECISION:
        return f"{label(game)} is over: it was level at the time limit and waits for the organizer."
    return f"{label(game)} is over ({game.get_status_display().lower()}); check-in is closed."


def check_in(game: Game, team: Team, *, by=None, via: str = "organizer", now: dt.datetime | None = None) -> CheckIn:
    """Record that `team` is at its table. A second check-in returns the first one.

    After the no-show deadline the check-in is refused, and the forfeit the deadline calls for is
    applied on the spot (the task or the sweep may simply not have run yet).
    """
    now = now or timezone.now()
    too_late = None
    with transaction.atomic():
        locked = _lock(game.pk)
        if locked is None:
            raise ValidationError("That game no longer exists.")
        existing = CheckIn.objects.filter(game=locked, team=team).first()
        if existing:
            return existing
        if locked.is_done or locked.status == Status.AWAITING_DECISION:
            raise ValidationError(_over_message(locked))
        sides = _sides(locked)
        side = _side_of(sides, team)
        if locked.status == Status.WAITING or any(s.team_id is None for s in sides):
            raise ValidationError(
                f"{label(locked)} is not ready yet: its teams are not both known. "
                "Check-in opens when the earlier games are decided."
            )
        if side is None:
            names = " and ".join(s.team.name for s in sides)
            raise ValidationError(f"{team.name} is not playing in {label(locked)} ({names}).")
        tournament = locked.division.tournament
        if locked.status == Status.READY and locked.no_show_at and now >= locked.no_show_at and not _late_feeder(locked, sides):
            too_late = locked
        else:
            subs = list(Substitution.objects.filter(game=locked, team=team))
            team_with_players = Team.objects.prefetch_related("players").get(pk=team.pk)
            if _short_of_partner(team_with_players, subs):
                raise ValidationError(
                    f"{team.name} has only one player. Record a substitute partner for this game first; "
                    f"without one the team forfeits (“{NO_PARTNER}”)."
                )
            record = CheckIn.objects.create(game=locked, team=team, recorded_by=by, via=via, at=now)
            GameSide.objects.filter(pk=side.pk).update(checked_in_at=now)
            _bump(locked)
            return record
    from tournament.gameday.deadlines import apply_no_show

    apply_no_show(too_late.pk, now=now)
    grace = int(tournament.no_show_grace.total_seconds() // 60)
    raise ValidationError(
        f"Check-in refused: the no-show deadline for {label(too_late)} was "
        f"{local_clock(tournament, too_late.no_show_at)} ({grace} minutes after the posted start), so "
        f"{team.name} forfeits this game. Ask the organizer if this is wrong."
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
        locked = _lock(game.pk)
        if locked is None:
            raise ValidationError("That game no longer exists.")
        tournament = locked.division.tournament
        if locked.status == Status.IN_PLAY:
            return locked  # a double tap: it started the first time
        if locked.status != Status.READY:
            if locked.status == Status.WAITING:
                raise ValidationError(f"{label(locked)} cannot start: its teams are not both known yet.")
            raise ValidationError(f"{label(locked)} cannot start: it is {locked.get_status_display().lower()}.")
        sides = _sides(locked)
        absent = [s.team.name for s in sides if not s.checked_in_at]
        if absent:
            raise ValidationError(
                f"{label(locked)} cannot start yet: both teams must check in first "
                f"({' and '.join(absent)} {'has' if len(absent) == 1 else 'have'} not)."
            )
        early = bool(locked.starts_at and now < locked.starts_at)
        if early:
            missing = [s.team.name for s in sides if s.team_id not in agreed]
            if missing:
                raise ValidationError(
                    f"Starting before the posted time ({local_clock(tournament, locked.starts_at)}) needs both "
                    f"teams to agree: {' and '.join(missing)} {'has' if len(missing) == 1 else 'have'} not agreed."
                )
        base = min(now, locked.starts_at) if locked.starts_at else now
        time_limit_at = base + tournament.game_time_limit
        claimed = Game.objects.filter(pk=locked.pk, status=Status.READY).update(
            status=Status.IN_PLAY, started_at=now, early_start_agreed=early, time_limit_at=time_limit_at,
            version=F("version") + 1,
        )
        if not claimed:
            raise ValidationError(f"{label(locked)} changed while starting it; reload and try again.")
        _log(locked, "started", by=by, at=now, via=via, early=early,
             agreed=sorted(agreed & {s.team_id for s in sides}) if early else [],
             time_limit_at=time_limit_at.isoformat())
        from tournament.gameday.signals import schedule_deadline

        schedule_deadline("time_limit", locked.pk, time_limit_at, now=now)
    locked.refresh_from_db()
    return locked


# ---- organizer decisions ------------------------------------------------------------------------

def decide(game: Game, winner: Team, by, note: str) -> Game:
    """The organizer settles a game that was level at the time limit: the winner and why."""
    from tournament.gameday import advancement

    note = (note or "").strip()
    if not note:
        raise ValidationError("Say why this team wins (e.g. “one more hand played: 120 to 85”).")
    with transaction.atomic():
        locked = _lock(game.pk)
        if locked.status != Status.AWAITING_DECISION:
            raise ValidationError(f"{label(locked)} is not waiting for a decision (it is {locked.get_status_display().lower()}).")
        sides = _sides(locked)
        if winner is None or _side_of(sides, winner) is None:
            names = " or ".join(s.team.name for s in sides)
            raise ValidationError(f"The winner must be one of the game's teams: {names}.")
        return advancement.finish_game(locked, winner, reason=DECIDED, by=by, note=note)


def reverse_forfeit(game: Game, by, reason: str) -> Game:
    """Undo a no-show or no-partner forfeit while the next game has not started.

    The game goes back to "ready" with its no-show deadline lifted (the organizer has waived it),
    and whoever had advanced leaves the next game again.
    """
    from tournament.gameday import advancement

    reason = (reason or "").strip()
    if not reason:
        raise ValidationError("Give the reason for reversing the forfeit; it goes in the game's log.")
    with transaction.atomic():
        locked = _lock(game.pk)
        if locked.status not in (Status.FORFEIT, Status.DOUBLE_FORFEIT) or locked.result_reason not in FORFEIT_REASONS:
            raise ValidationError(
                f"Only a forfeit for “{NO_SHOW}” or “{NO_PARTNER}” can be reversed; {label(locked)} is "
                f"{result_text(locked).lower() if locked.is_done else locked.get_status_display().lower()}."
            )
        following = advancement.next_game(locked)
        if following is not None and _blocks_reversal(following):
            raise ValidationError(
                f"Too late to reverse: the next game ({label(following)}) has already started or has a result. "
                "The forfeit stands."
            )
        _undo_advancement(locked)
        old = {"status": locked.status, "winner": locked.winner_id, "reason": locked.result_reason}
        Game.objects.filter(pk=locked.pk).update(
            status=Status.READY, winner=None, result_reason="", finished_at=None, no_show_at=None,
            decided_by=by, decision_note=reason, version=F("version") + 1,
        )
        _log(locked, "forfeit_reversed", by=by, note=reason, **old)
    locked.refresh_from_db()
    return locked


def _blocks_reversal(following: Game) -> bool:
    from tournament.gameday import advancement

    if following.status == Status.FORFEIT and following.result_reason == advancement.WALKOVER:
        # An automatic walkover is no game played; it can be undone while its own next game waits.
        return advancement.next_game_started(following)
    return following.status in advancement.STARTED or (following.is_done and following.status != Status.NOT_NEEDED)


def _undo_advancement(game: Game) -> None:
    """Take a result's consequences back out of the games it feeds (a walkover undone in turn)."""
    from tournament.gameday import advancement

    from tournament.models import Division

    Division.objects.filter(pk=game.division_id, champion_id=game.winner_id).update(champion=None)
    for side in GameSide.objects.select_for_update().filter(fed_by=game):
        following = _lock(side.game_id)
        if following.status in (Status.NOT_NEEDED,) or (
            following.status == Status.FORFEIT and following.result_reason == advancement.WALKOVER
        ):
            _undo_advancement(following)
            _log(following, "reopened", reason=f"{label(game)} forfeit reversed")
        if following.status != Status.IN_PLAY:
            Game.objects.filter(pk=following.pk).update(
                status=Status.WAITING, winner=None, result_reason="", finished_at=None, version=F("version") + 1
            )
        if side.team_id == game.winner_id:
            GameSide.objects.filter(pk=side.pk).update(team=None)


def forfeit_no_partner(game: Game, team: Team, *, by=None, note: str = "") -> Game:
    """The organizer records that `team` has no partner and no substitute: the opponent wins."""
    from tournament.gameday import advancement

    with transaction.atomic():
        locked = _lock(game.pk)
        if locked.is_done or locked.status == Status.AWAITING_DECISION:
            raise ValidationError(_over_message(locked))
        sides = _sides(locked)
        side = _side_of(sides, team)
        if side is None:
            raise ValidationError(f"{team.name} is not playing in {label(locked)}.")
        if locked.status == Status.WAITING or any(s.team_id is None for s in sides):
            raise ValidationError(f"{label(locked)} is not ready yet: its opponent is not known.")
        sub = Substitution.objects.filter(game=locked, team=team).select_related("substitute").first()
        if sub:
            raise ValidationError(
                f"{team.name} has a substitute for this game ({sub.substitute.name}); it does not forfeit."
            )
        opponent = next(s.team for s in sides if s.team_id != team.pk)
        _log(locked, "no_partner", by=by, note=note, team=team.pk)
        return advancement.finish_game(locked, opponent, reason=NO_PARTNER, status=Status.FORFEIT, by=by, note=note)


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
        locked = _lock(game.pk)
        if locked.is_done or locked.status == Status.AWAITING_DECISION:
            raise ValidationError(f"{label(locked)} is over; substitutes can no longer be recorded for it.")
        sides = _sides(locked)
        if _side_of(sides, team) is None:
            raise ValidationError(f"{team.name} is not playing in {label(locked)}.")
        if replaced is None or replaced.team_id != team.pk:
            raise ValidationError(f"{replaced.name if replaced else 'That player'} is not on {team.name}.")
        if isinstance(substitute, str):
            name = " ".join(substitute.split())
            if not name:
                raise ValidationError("Give the substitute's name, or pick someone from the partner board.")
            if len(name) > 80:
                raise ValidationError(f"The substitute's name is too long: at most 80 characters (this one has {len(name)}).")
            person = Player.objects.filter(tournament=tournament, name__iexact=name).first()
        else:
            person = substitute
            if person.tournament_id != tournament.pk:
                raise ValidationError(f"{person.name} is not in {tournament.name}.")
        existing = Substitution.objects.filter(game=locked, replaced=replaced).select_related("substitute").first()
        if existing:
            raise ValidationError(f"{replaced.name} already has a substitute in this game: {existing.substitute.name}.")
        if person is not None:
            if person.pk == replaced.pk:
                raise ValidationError(f"{person.name} cannot substitute for themselves.")
            in_game = {s.team_id: s.team for s in sides}
            if person.team_id in in_game:
                raise ValidationError(f"{person.name} already plays in this game, for {in_game[person.team_id].name}.")
            if Substitution.objects.filter(game=locked, substitute=person).exists():
                raise ValidationError(f"{person.name} is already a substitute in this game.")
            clash = playing_elsewhere(locked, person)
            if clash:
                window = game_window(clash)
                raise ValidationError(
                    f"{person.name} is already playing at that time: {label(clash)} "
                    f"({local_clock(tournament, window[0])}–{local_clock(tournament, window[1])})."
                )
        else:
            person = Player.objects.create(tournament=tournament, name=name, created_at=now)
        sub = Substitution.objects.create(game=locked, team=team, replaced=replaced, substitute=person, recorded_by=by, at=now)
        _bump(locked)
        _log(locked, "substitute", by=by, at=now, team=team.pk, replaced=replaced.pk, substitute=person.pk,
             note=f"{person.name} plays for {replaced.name} ({team.name})")
    return sub
