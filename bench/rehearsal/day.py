"""The two events the rehearsal plays, built as the demo builds them (the app's own services), with
game lengths as long as the run so that every deadline falls due while it runs:

- `bayfest`: a Bayfest game day, 16 teams, Division 1 drawn and published. Two games' teams never
  all arrive (their no-shows fall due during the faults), two are won at the table, three run into
  their time limits, one stays in play for the two-host probe.
- `tables`: a table-round day of cutthroat Baja, 11 players at tables of 4, 4 and 3. One seat of
  the third table never arrives (its no-show), the tables play on into their time limits.

`Plan.deadlines` says when each deadline falls, as a share of the run, so the faults meet them.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from bench.fixture import make_tournament
from tournament.core import actions, game_clock, timetable
from tournament.events import demo_tables
from tournament.formats.bracket.draw import publishing
from tournament.formats.tables import play
from tournament.mail import entrants
from tournament.models import Division, Game, Tournament

ORGANIZER = "rehearsal-organizer"
GRACE = dt.timedelta(seconds=20)  # the no-show grace of both events
# (share of the run at which the deadline falls) for each game by its place in the round
BRACKET_NO_SHOWS = {0: 0.22, 1: 0.62}  # game 0: one team absent; game 1: both
BRACKET_WON = (2, 3)  # ended at the table by going out
BRACKET_TIME_LIMITS = {4: 0.30, 5: 0.50, 6: 0.66}
PROBE_GAME = 7
TABLE_TIME_LIMITS = {0: 0.75, 1: 0.85}
TABLE_NO_SHOW = 0.36  # the third table's posted start + grace


@dataclass
class Plan:
    started: dt.datetime
    seconds: float
    organizer: str = ORGANIZER
    password: str = ""
    bracket_slug: str = "bayfest"
    tables_slug: str = "tables-day"
    tables: list[int] = field(default_factory=list)  # games in play whose phones enter hands
    won: list[int] = field(default_factory=list)  # of those, the two that go out
    probe: int | None = None
    no_shows: list[int] = field(default_factory=list)  # games where someone never arrives
    time_limits: list[int] = field(default_factory=list)  # games meant to reach their limit

    def at(self, share: float) -> dt.datetime:
        return self.started + dt.timedelta(seconds=share * self.seconds)


def organizer() -> tuple[object, str]:
    user, _ = get_user_model().objects.get_or_create(username=ORGANIZER, defaults={"is_staff": True, "is_superuser": True})
    password = secrets.token_urlsafe(16)
    user.set_password(password)
    user.save(update_fields=["password"])
    return user, password


def build(seconds: float, *, lead: float = 8.0) -> Plan:
    """Both events, the run starting `lead` seconds from now and lasting `seconds`."""
    user, password = organizer()
    plan = Plan(started=timezone.now() + dt.timedelta(seconds=lead), seconds=seconds, password=password)
    with transaction.atomic():
        _bracket_day(plan, user)
        _table_day(plan, user)
    return plan


def _length(plan: Plan) -> dt.timedelta:
    return dt.timedelta(seconds=plan.seconds)


def _start_so_limit_falls(game: Game, plan: Plan, share: float | None, user, start) -> None:
    """Start the game (all arrived) with its clock begun so that its limit falls at `share` of the
    run (None: a game length from now, the run's end)."""
    limit = plan.at(share) if share is not None else timezone.now() + _length(plan)
    began = limit - _length(plan)
    timetable.set_posted_start(game, began)
    start(Game.objects.get(pk=game.pk), began)


def _bracket_day(plan: Plan, user) -> None:
    tournament = make_tournament(plan.bracket_slug, 16, by=user)
    Tournament.objects.filter(pk=tournament.pk).update(
        name="Bayfest (rehearsal)", game_time_limit=_length(plan), no_show_grace=GRACE, require_confirmation=False)
    tournament.refresh_from_db()
    # Every team asked for e-mail at sign-up (half in Spanish): the draw's message goes to each, and
    # the organizer's announcements through the day (bench/rehearsal/mail.py counts them all).
    for number, team in enumerate(tournament.teams.order_by("pk")):
        entrants.opt_in(tournament, f"team{number + 1}@rehearsal.example", language="es" if number % 2 else "en", team=team)
    record = publishing.preview(tournament, Division.Kind.D1, seed=2018, by=user, override=True)
    publishing.publish(record, by=user, override=True)
    games = list(Game.objects.filter(division__tournament=tournament, round__number=1, status=Game.Status.READY)
                 .select_related("division__tournament", "round").order_by("number"))

    def start(game: Game, at: dt.datetime) -> None:
        sides = list(game.sides.select_related("team").order_by("slot"))
        for side in sides:
            actions.check_in(game, side.team, by=user, now=at)
        actions.start_game(game, by=user, now=at, agreed_team_ids=[s.team_id for s in sides])

    for index, game in enumerate(games):
        if index in BRACKET_NO_SHOWS:
            timetable.set_posted_start(game, plan.at(BRACKET_NO_SHOWS[index]) - GRACE)
            if index == 0:  # one team is there, its opponents never come
                actions.check_in(Game.objects.get(pk=game.pk), game.sides.order_by("slot").first().team, by=user)
            plan.no_shows.append(game.pk)
            continue
        _start_so_limit_falls(game, plan, BRACKET_TIME_LIMITS.get(index), user, start)
        plan.tables.append(game.pk)
        if index in BRACKET_WON:
            plan.won.append(game.pk)
        elif index in BRACKET_TIME_LIMITS:
            plan.time_limits.append(game.pk)
        if index == PROBE_GAME:
            game_clock.extend(Game.objects.get(pk=game.pk), 60, by=user, reason="the two-host probe's table")
            plan.probe = game.pk


def _table_day(plan: Plan, user) -> None:
    now = timezone.now()
    tournament = demo_tables._event(plan.tables_slug, "Table day (rehearsal)", "baja-cutthroat",
                                    "Cutthroat Baja at tables of 3 or 4.", now, user)
    Tournament.objects.filter(pk=tournament.pk).update(game_time_limit=_length(plan), no_show_grace=GRACE,
                                                       require_confirmation=False)
    tournament.refresh_from_db()
    demo_tables._sign_up(tournament, 11, 0, now)
    tournament.refresh_from_db()
    games = demo_tables._seat_round(tournament, plan.at(TABLE_NO_SHOW) - GRACE)
    for index, game in enumerate(games):
        sides = list(game.sides.order_by("slot"))
        if index in TABLE_TIME_LIMITS:
            limit = plan.at(TABLE_TIME_LIMITS[index])
            for side in sides:
                play.check_in_side(game, side, by=user, now=limit - _length(plan))
            play.start_table(Game.objects.get(pk=game.pk), by=user, now=limit - _length(plan))
            plan.tables.append(game.pk)
            plan.time_limits.append(game.pk)
        else:  # all but the last seat arrive; the table plays on without it after the no-show
            for side in sides[:-1]:
                play.check_in_side(game, side, by=user)
            plan.no_shows.append(game.pk)
