"""The data a benchmark run measures: a 64-team tournament mid game day and a 16-team one.

Built with the app's own code where it exists (publishing.preview/publish, gameday.check_in/
start_game, advancement.finish_game); each step that cannot run is named in `Fixture.missing`.
"""

from __future__ import annotations

import datetime as dt
import importlib
from dataclasses import dataclass, field

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.db import transaction
from django.utils import timezone

from tournament.models import Division, Game, Player, Team, Tournament

SEED = 20260415


@dataclass
class Fixture:
    big: Tournament
    small: Tournament
    organizer_session: str
    in_play: list[int] = field(default_factory=list)  # game ids in play (score entry)
    ready: list[int] = field(default_factory=list)  # game ids ready, nobody checked in (forfeits)
    missing: dict[str, str] = field(default_factory=dict)


def optional(module: str):
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


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


def organizer_session(user) -> str:
    """A logged-in session for `user`, as Client.force_login makes one; the cookie value."""
    from importlib import import_module

    from django.conf import settings

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return store.session_key


def publish_divisions(tournament: Tournament, by) -> None:
    from tournament.draw import publishing

    for kind in (Division.Kind.D1, Division.Kind.D2):
        record = publishing.preview(tournament, kind, seed=SEED, by=by, override=True)
        publishing.publish(record, by=by, override=True)


def put_games_in_play(tournament: Tournament, fixture: Fixture, by) -> None:
    """Division 1's first round: a quarter finished, half in play, a quarter ready and untouched."""
    gameday = optional("tournament.gameday.actions")
    advancement = optional("tournament.gameday.advancement")
    from tournament.draw import publishing

    games = list(
        Game.objects.filter(division__tournament=tournament, division__kind=Division.Kind.D1, round__number=1,
                            status=Game.Status.READY).select_related("division__tournament", "round").order_by("number")
    )
    # Posted start two hours ahead: no deadline falls inside the run (the forfeit measurement sets its own).
    start = timezone.now() + dt.timedelta(hours=2)
    for game in games:
        publishing.set_posted_start(game, start)
    quarter = max(1, len(games) // 4)
    for index, game in enumerate(games):
        sides = list(game.sides.select_related("team").order_by("slot"))
        if index >= 3 * quarter:
            fixture.ready.append(game.pk)
            continue
        if gameday is None:
            fixture.missing["games in play"] = "tournament.gameday.actions missing"
            return
        for side in sides:
            gameday.check_in(game, side.team, by=by)
        gameday.start_game(game, by=by, agreed_team_ids=[s.team_id for s in sides])
        if index < quarter and advancement is not None:
            game.refresh_from_db()
            advancement.finish_game(game, sides[index % 2].team, reason="score")
        else:
            fixture.in_play.append(game.pk)


def build() -> Fixture:
    User = get_user_model()
    user, _ = User.objects.get_or_create(username="bench-organizer", defaults={"is_staff": True, "is_superuser": True})
    with transaction.atomic():
        big = make_tournament("bench-64", 64, by=user)
        small = make_tournament("bench-16", 16, by=user)
    fixture = Fixture(big=big, small=small, organizer_session=organizer_session(user))
    if optional("tournament.draw.publishing") is None or not hasattr(optional("tournament.draw.publishing"), "publish"):
        fixture.missing["draw"] = "tournament.draw.publishing.publish missing"
        return fixture
    for tournament in (big, small):
        publish_divisions(tournament, user)
    try:
        put_games_in_play(big, fixture, user)
    except Exception as exc:  # other engineers' code still moving: say so instead of stopping the run
        fixture.missing["games in play"] = f"{exc.__class__.__name__}: {exc}"
    return fixture
