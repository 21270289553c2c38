"""Every live page answers by the one protocol (tournament.core.live_page): an unchanged poll is
answered 204, a change shows on the very next request, the page is rendered once per change, and a
passed no-show deadline is applied before the page is rendered.

The pages are found through the URLs (every view marked live_page.live_view), so a new live page
fails `test_every_live_page_is_held_to_the_protocol` until it has a case here.
"""

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
import time_machine
from django.core.cache import cache
from django.template.base import Template
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import instrumented_test_render
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring import hands
from tests.factories import UserFactory
from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.formats.tables.played import START, players_round, start_seated
from tournament.core import live_page
from tournament.events.demo_tables import _rummikub_hand
from tournament.formats.bracket import advancement
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def live_url_names(patterns=None, namespace="") -> set[str]:
    """Every URL name whose view is a live page."""
    found = set()
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found |= live_url_names(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and getattr(entry.callback, "is_live_page", False):
            found.add(f"{namespace}{entry.name}")
    return found


# ---- the events and each page's case --------------------------------------------------------------

@dataclass
class Event:
    tournament: Tournament
    client: Client
    change: Callable[[], None]  # a hand saved or a result, through the app's services
    deadline: dt.datetime  # a moment at which a no-show deadline has passed and is not yet applied
    absent_game: Game  # the game whose no-show it is
    organizer: object = None  # who is signed in (the boards), else a visitor


def bracket_event() -> Event:
    tournament, _ = published(8)
    first = game(tournament, "d1", 1, 1)
    return Event(tournament, Client(), lambda: advancement.finish_game(Game.objects.get(pk=first.pk), teams_of(first)[0], reason="score"),
                 first.no_show_at + dt.timedelta(seconds=1), first)


def table_event() -> Event:
    event, games = players_round("rummikub", 3, 3)
    with time_machine.travel(START + dt.timedelta(minutes=1), tick=False):
        playing = start_seated(games[0])

    def hand_saved():
        hands.submit(playing, number=1, values=_rummikub_hand(3, 0), key="live-page-1", entered_by="P1")

    return Event(event, Client(), hand_saved, games[1].no_show_at + dt.timedelta(seconds=1), games[1])


def organizer(event: Event) -> Event:
    user = UserFactory(username="boss")
    Tournament.objects.get(pk=event.tournament.pk).organizers.add(user)
    event.organizer = user
    return event


def _bracket_round(event):
    return Game.objects.filter(division__tournament=event.tournament, division__kind="d1", round__number=1).first().round_id


# URL name: (how the event is made, the URL's arguments after the slug, the page's two templates)
CASES = {
    "public:home": (bracket_event, lambda e: [], ("live/home.html", "live/_home_live.html")),
    "brackets:overview": (bracket_event, lambda e: [], ("brackets/bracket.html", "brackets/_live.html")),
    "brackets:division": (bracket_event, lambda e: ["d1"], ("brackets/bracket.html", "brackets/_live.html")),
    "live:tv": (bracket_event, lambda e: [], ("live/tv.html", "live/_tv_live.html")),
    "live:team": (bracket_event, lambda e: [teams_of(game(e.tournament, "d1", 1, 1))[0].pk],
                  ("live/entrant.html", "live/_entrant_live.html")),
    "live:player": (table_event, lambda e: [e.tournament.players.get(name="P1").pk],
                    ("live/entrant.html", "live/_entrant_live.html")),
    "tables:public_seating": (table_event, lambda e: [], ("tables/public_seating.html", "tables/public_seating_live.html")),
    "tables:public_seating_round": (table_event, lambda e: [1], ("tables/public_seating.html", "tables/public_seating_live.html")),
    "tables:public_standings": (table_event, lambda e: [], ("tables/public_standings.html", "tables/public_standings_live.html")),
    "gameday:board": (lambda: organizer(bracket_event()), lambda e: [], ("gameday/board.html", "gameday/_board.html")),
    "gameday:round": (lambda: organizer(bracket_event()), lambda e: [_bracket_round(e)], ("gameday/board.html", "gameday/_board.html")),
    "tables:board": (lambda: organizer(table_event()), lambda e: [], ("tables/board.html", "tables/board_live.html")),
    "tables:board_round": (lambda: organizer(table_event()), lambda e: [1], ("tables/board.html", "tables/board_live.html")),
}


@dataclass
class Page:
    event: Event
    url: str
    templates: tuple[str, str]

    def get(self, version: str | None = None, *, poll: bool = False):
        params = {"v": version} if version is not None else {}
        return self.event.client.get(self.url, params, **(HX if poll else {}))


@pytest.fixture(params=sorted(CASES))
def page(request):
    make, args, templates = CASES[request.param]
    with time_machine.travel(START - dt.timedelta(days=30), tick=False):
        event = make()
    # The clock stands still between the requests of a test, before any deadline of the events.
    moment = min(g.starts_at for g in Game.objects.filter(division__tournament=event.tournament, starts_at__isnull=False)
                 .exclude(status__in=Game.DONE)) - dt.timedelta(minutes=10)
    if event.tournament.format == "tables":
        moment = START + dt.timedelta(minutes=2)  # the table in play started; the other's deadline not passed
    cache.clear()
    with time_machine.travel(moment, tick=False):
        if event.organizer:
            event.client.force_login(event.organizer)
        yield Page(event, reverse(request.param, args=[event.tournament.slug, *args(event)]), templates)


def version_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return response[live_page.VERSION_HEADER]


def same_page(html: str) -> str:
    """The page without what differs per request by design (each request's masked CSRF token)."""
    return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"', r'\1"…"', html)


class Renders:
    """Counts the requests that rendered the page (its whole template or its fragment, as
    django.test.signals.template_rendered reports them; the whole page includes the fragment)."""

    def __init__(self, page: Page):
        self.page, self.templates, self.seen, self.count = page, set(page.templates), 0, 0

    def __call__(self, sender, template, context, **kwargs):
        self.seen += template.name in self.templates

    def get(self, *args, **kwargs):
        before = self.seen
        response = self.page.get(*args, **kwargs)
        self.count += self.seen > before
        return response

    def __enter__(self):
        # The suite renders templates uninstrumented (tests/conftest.py): the signal is sent only here.
        self.rendering = Template._render
        Template._render = instrumented_test_render
        template_rendered.connect(self)
        return self

    def __exit__(self, *exc):
        template_rendered.disconnect(self)
        Template._render = self.rendering


# ---- the protocol -------------------------------------------------------------------------------

def test_every_live_page_is_held_to_the_protocol():
    assert live_url_names() == set(CASES)


def test_an_unchanged_poll_answers_204(page):
    version = version_of(page.get())
    assert version.startswith(str(Tournament.objects.get(pk=page.event.tournament.pk).changes))
    assert f'data-version="{version}"' in page.get().content.decode()
    unchanged = page.get(version, poll=True)
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert page.get("0", poll=True).status_code == 200  # an older version gets the page


def test_a_change_shows_on_the_next_request(page):
    version = version_of(page.get())
    before = page.get(version + "x", poll=True).content.decode()  # the fragment, as a poll gets it
    page.event.change()
    after = page.get(version, poll=True)
    assert after.status_code == 200 and version_of(after) != version
    assert same_page(after.content.decode()) != same_page(before)
    cache.clear()
    fresh = page.get(poll=True).content.decode()
    assert same_page(after.content.decode()) == same_page(fresh)  # what a render from scratch shows
    assert page.get(version_of(after), poll=True).status_code == 204


def test_a_page_is_rendered_once_per_change(page):
    with Renders(page) as renders:
        for _ in range(3):
            version = version_of(renders.get())
            version_of(renders.get(poll=True))
            assert renders.get(version, poll=True).status_code == 204
        assert renders.count == 2  # the whole page and the fragment, once each
        page.event.change()
        for _ in range(3):
            version_of(renders.get())
            version_of(renders.get(poll=True))
        assert renders.count == 4


def test_a_passed_no_show_deadline_is_applied_before_the_page_is_rendered(page):
    version = version_of(page.get())
    absent = page.event.absent_game
    with time_machine.travel(page.event.deadline, tick=False):
        after = page.get(version, poll=True)
    assert Game.objects.get(pk=absent.pk).status in (Game.Status.FORFEIT, Game.Status.DOUBLE_FORFEIT)
    changes = Tournament.objects.get(pk=page.event.tournament.pk).changes
    assert re.fullmatch(rf"{changes}(h[0-9a-f]+)?(t\d+)?", version_of(after))  # rendered from the applied state
    assert version_of(after) != version


def test_a_reload_of_an_unchanged_page_is_answered_304_and_a_changed_one_in_full(page):
    first = page.get()
    if "ETag" not in first:  # a board says when it was read ("updated 10:05:03"): always sent whole
        assert page.templates[0] in ("gameday/board.html", "tables/board.html")
        assert page.event.client.get(page.url, HTTP_IF_NONE_MATCH="*").status_code == 200
        return
    assert page.templates[0] not in ("gameday/board.html", "tables/board.html")
    tag = first["ETag"]
    assert first["Cache-Control"] == "no-cache"  # the browser asks on every visit
    with Renders(page) as renders:
        again = page.event.client.get(page.url, HTTP_IF_NONE_MATCH=tag)
        assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
        assert renders.count == 0
    page.event.change()
    after = page.event.client.get(page.url, HTTP_IF_NONE_MATCH=tag)
    assert after.status_code == 200 and after["ETag"] != tag
    assert version_of(after) != version_of(first)
    assert page.event.client.get(page.url, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304
    poll = page.get(version_of(after), poll=True)
    assert poll.status_code == 204  # htmx polls keep their 204


def test_an_unchanged_poll_before_any_deadline_does_not_ask_the_games(page):
    """Whether a deadline may be due is kept with the counter: the unchanged page's poll reads the
    tournament's row, not its games. (The boards read their games' phones' last-heard times for
    their version, so only the public pages are held to it.)"""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    version = version_of(page.get())
    with CaptureQueriesContext(connection) as queries:
        assert page.get(version, poll=True).status_code == 204
    about_games = [q["sql"] for q in queries.captured_queries if '"tournament_game"' in q["sql"]]
    if page.templates[0] not in ("gameday/board.html", "tables/board.html"):
        assert about_games == []
