"""The data a benchmark run measures: a 64-team tournament mid game day, a 16-team one, and a
128-team event at its busiest (all 64 first-round tables playing).

Built the way an organizer builds it, through the app's stable entry points only: the models
(tournament, teams, players), the draw's `publishing.preview/publish`, game day's
`actions.check_in/start_game`, and HTTP to the running server for the rest — signing in, posting
the schedule page, entering hands at the tables. A part that cannot be built is named in
`Fixture.missing` and the measurements that need it say so.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from typing import Callable

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from bench import site
from bench.load import Connection, summary
from tournament.core import actions
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, Game, Player, Round, Team, Tournament

SEED = 20260415
ORGANIZER = "bench-organizer"
FIRST_ROUND_AHEAD = dt.timedelta(hours=2)  # no deadline falls inside the run (the forfeit row sets its own)
LOCAL_INPUT = "%Y-%m-%dT%H:%M"  # the schedule page's datetime-local inputs


@dataclass
class Fixture:
    big: Tournament  # 64 teams: a quarter of Division 1's first round finished, half in play, a quarter ready
    small: Tournament  # 16 teams, drawn and published (the small chart)
    event: Tournament  # 128 teams: Division 1's 64 first-round games in play (the event peak)
    organizer_session: str = ""
    in_play: list[int] = field(default_factory=list)  # big: game ids in play (score entry)
    ready: list[int] = field(default_factory=list)  # big: game ids ready, nobody checked in (forfeits)
    tables: list[int] = field(default_factory=list)  # event: game ids in play, one per table
    missing: dict[str, str] = field(default_factory=dict)
    day: Tournament | None = None  # a 30-table Rummikub day, round 1 in play (the table-round peak)
    day_tables: list[int] = field(default_factory=list)


def make_tournament(slug: str, teams: int, *, by) -> Tournament:
    """A tournament whose sign-ups closed an hour ago, with `teams` teams of two partners."""
    now = timezone.now()
    Tournament.objects.filter(slug=slug).delete()
    tournament = Tournament.objects.create(
        name=f"Bench {teams}-team open", slug=slug, venue="Loopback marina", signup_deadline=now - dt.timedelta(hours=1),
        status=Tournament.Status.CLOSED, registration_closed_at=now - dt.timedelta(hours=1), created_by=by,
        organizer_email="bench@localhost", require_confirmation=False,
    )
    created = Team.objects.bulk_create(
        [Team(tournament=tournament, name=f"Team {n:04d}", created_at=now - dt.timedelta(days=1, seconds=-n)) for n in range(1, teams + 1)]
    )
    Player.objects.bulk_create(
        [Player(tournament=tournament, name=f"{team.name} {side}", team=team) for team in created for side in ("North", "South")]
    )
    return tournament


def organizer_account() -> tuple[object, str]:
    """The bench's organizer with a fresh password (it signs in through the login page)."""
    user, _ = get_user_model().objects.get_or_create(username=ORGANIZER, defaults={"is_staff": True, "is_superuser": True})
    password = secrets.token_urlsafe(16)
    user.set_password(password)
    user.save(update_fields=["password"])
    return user, password


def publish_divisions(tournament: Tournament, by) -> None:
    for kind in (Division.Kind.D1, Division.Kind.D2):
        record = publishing.preview(tournament, kind, seed=SEED, by=by, override=True)
        publishing.publish(record, by=by, override=True)


def first_round(tournament: Tournament) -> Round:
    return Round.objects.get(division__tournament=tournament, division__kind=Division.Kind.D1, number=1)


def post_schedule(conn: Connection, tournament: Tournament, first_round_at: dt.datetime) -> None:
    """Post the organizer's schedule page with Division 1's first round at `first_round_at` (minute
    precision, as the page takes it); a round posted no later than that moves to an hour apart after it.

    The page moves each game not yet started with its round, and its deadlines with it."""
    page = site.url("draw:schedule", tournament.slug)
    form = site.read_form(conn, page)
    first = f"round-{first_round(tournament).pk}"
    local = tournament.tz
    fields = dict(form.fields)
    fields[first] = first_round_at.astimezone(local).strftime(LOCAL_INPUT)
    later = first_round_at
    for name, value in form.fields.items():
        if not name.startswith("round-") or name == first:
            continue
        posted = dt.datetime.strptime(value, LOCAL_INPUT).replace(tzinfo=local) if value else None
        if posted is None or posted <= first_round_at:
            later += dt.timedelta(hours=1)
            fields[name] = later.astimezone(local).strftime(LOCAL_INPUT)
    status, _, body = conn.request(site.form_post(conn, page, fields, referer=page))
    if status not in site.REDIRECTS:
        raise RuntimeError(f"POST {page} → {status}: {summary(body)}")


def start(game: Game, by) -> None:
    """Both teams check in and agree to start before the posted time."""
    sides = list(game.sides.select_related("team").order_by("slot"))
    for side in sides:
        actions.check_in(game, side.team, by=by)
    actions.start_game(game, by=by, agreed_team_ids=[s.team_id for s in sides])


def first_round_games(tournament: Tournament) -> list[Game]:
    return list(Game.objects.filter(round=first_round(tournament), status=Game.Status.READY)
                .select_related("division__tournament", "round").order_by("number"))


def mid_game_day(tournament: Tournament, fixture: Fixture, by, conn: Connection) -> None:
    """Division 1's first round: a quarter finished (hands entered at the table), half in play, a quarter ready."""
    games = first_round_games(tournament)
    quarter = max(1, len(games) // 4)
    for index, game in enumerate(games):
        if index >= 3 * quarter:
            fixture.ready.append(game.pk)
            continue
        start(game, by)
        if index < quarter:
            site.Table(game.table_token).load(conn).win(conn)
        else:
            fixture.in_play.append(game.pk)


def busiest_hour(tournament: Tournament, fixture: Fixture, by) -> None:
    """Every first-round game of Division 1 in play: one table each."""
    for game in first_round_games(tournament):
        start(game, by)
        fixture.tables.append(game.pk)


def _step(fixture: Fixture, part: str, log: Callable, do: Callable[[], object]) -> bool:
    """Run one part; a failure is recorded (other engineers' code may be moving) and the run goes on."""
    try:
        do()
        return True
    except Exception as exc:
        fixture.missing[part] = f"{exc.__class__.__name__}: {exc}"[:300]
        log(f"  fixture: {part}: {fixture.missing[part]}")
        return False


def _table_day(fixture: Fixture, by) -> None:
    from bench.table_peak import build_day

    fixture.day, fixture.day_tables = build_day(by)


def build(port: int, log: Callable = print) -> Fixture:
    user, password = organizer_account()
    with transaction.atomic():
        fixture = Fixture(big=make_tournament("bench-64", 64, by=user), small=make_tournament("bench-16", 16, by=user),
                          event=make_tournament("bench-128", 128, by=user))
    tournaments = (fixture.big, fixture.small, fixture.event)
    if not _step(fixture, "draw", log, lambda: [publish_divisions(t, user) for t in tournaments]):
        return fixture
    conn = Connection("127.0.0.1", port)
    if not _step(fixture, "organizer sign-in", log, lambda: setattr(
            fixture, "organizer_session", site.log_in(conn, ORGANIZER, password))):
        return fixture
    at = timezone.now() + FIRST_ROUND_AHEAD
    if not _step(fixture, "schedule", log, lambda: [post_schedule(conn, t, at) for t in tournaments]):
        return fixture
    table_conn = Connection("127.0.0.1", port)
    _step(fixture, "games in play", log, lambda: mid_game_day(fixture.big, fixture, user, table_conn))
    _step(fixture, "event tables", log, lambda: busiest_hour(fixture.event, fixture, user))
    _step(fixture, "table day", log, lambda: _table_day(fixture, user))
    conn.close()
    table_conn.close()
    return fixture

