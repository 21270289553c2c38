"""One render per change, whatever the number of viewers (tournament.core.render_once): readers that
arrive together after a change wait for one render of the new page; a renderer that dies or fails
leaves the others to render it themselves; a waiter never gets the page of an older count.

Real threads against the real (embedded) Redis; the render is slowed so that every reader arrives
while it runs."""

import datetime as dt
import threading
import time

import pytest
import time_machine
from django.core.cache import cache
from django.db import connections
from django.test import Client
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.formats.tables.played import START
from tournament.core import live_page, page_cache, render_once
from tournament.formats.bracket import advancement
from tournament.models import Game

SLOW = 0.4  # seconds a page render takes in these tests: every reader arrives during it


def _together(count: int, call):
    barrier = threading.Barrier(count)
    out = [None] * count

    def run(i):
        try:
            barrier.wait()
            out[i] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return out


@pytest.fixture
def slow_renders(monkeypatch):
    real = page_cache.render_to_string

    def slow(*args, **kwargs):
        time.sleep(SLOW)
        return real(*args, **kwargs)

    monkeypatch.setattr(page_cache, "render_to_string", slow)


@pytest.fixture
def bracket():
    with time_machine.travel(START - dt.timedelta(days=30), tick=False):
        tournament, _ = published(8)
    first = game(tournament, "d1", 1, 1)
    moment = first.starts_at - dt.timedelta(minutes=10)  # before any deadline: no change but ours
    cache.clear()
    with time_machine.travel(moment, tick=True):
        yield tournament, first, reverse("brackets:division", args=[tournament.slug, "d1"])


def _renders() -> int:
    return render_once.counts(["bracket"])["bracket"]


@pytest.mark.django_db(transaction=True)
def test_eight_readers_after_a_hand_get_the_new_page_from_one_render(bracket, slow_renders):
    tournament, first, url = bracket
    Client().get(url)  # the page before the change is in the cache
    winner = teams_of(first)[0]
    advancement.finish_game(Game.objects.get(pk=first.pk), winner, reason="score")
    before = _renders()

    started = time.monotonic()
    responses = _together(8, lambda: Client().get(url))
    took = time.monotonic() - started

    assert _renders() - before == 1
    assert [r.status_code for r in responses] == [200] * 8
    versions = {r[live_page.VERSION_HEADER] for r in responses}
    assert len(versions) == 1  # every reader got the page of the count after the change
    tournament.refresh_from_db()
    assert versions.pop().split("t")[0] == str(tournament.changes)
    assert took < 8 * SLOW / 2  # they waited for one render, not for eight one after another


@pytest.mark.django_db(transaction=True)
def test_a_renderer_that_died_holding_the_page_leaves_the_readers_to_render_it(bracket, monkeypatch):
    tournament, first, url = bracket
    advancement.finish_game(Game.objects.get(pk=first.pk), teams_of(first)[0], reason="score")
    # A renderer killed mid-render leaves its lock behind until the lock lapses.
    monkeypatch.setattr(render_once, "_lock_key", lambda key: "rendering:dead")
    cache.set("rendering:dead", "a dead process", 60)
    monkeypatch.setattr(render_once, "WAIT_SECONDS", 0.3)
    before = _renders()

    started = time.monotonic()
    responses = _together(4, lambda: Client().get(url))

    assert [r.status_code for r in responses] == [200] * 4
    assert time.monotonic() - started < 10
    tournament.refresh_from_db()
    assert {r[live_page.VERSION_HEADER].split("t")[0] for r in responses} == {str(tournament.changes)}
    # After the bounded wait each renders it itself, or takes the page another one has just stored.
    assert 1 <= _renders() - before <= 4


def test_a_renderer_that_fails_frees_the_page_for_the_next_reader():
    key = "render:test-fails:1"
    cache.delete(key)
    calls = []
    inside = threading.Event()

    def failing():
        calls.append("failed")
        inside.set()
        time.sleep(0.2)
        raise RuntimeError("the render broke")

    def working():
        calls.append("rendered")
        return "page"

    outcomes = {}

    def first():
        try:
            render_once.fetch_or_render(key, failing, lambda found: found is not None, 60)
        except RuntimeError as exc:
            outcomes["first"] = str(exc)

    thread = threading.Thread(target=first)
    thread.start()
    inside.wait(5)
    outcomes["second"] = render_once.fetch_or_render(key, working, lambda found: found is not None, 60)
    thread.join(5)

    assert outcomes == {"first": "the render broke", "second": "page"}
    assert calls == ["failed", "rendered"]
    assert render_once.fetch_or_render(key, working, lambda found: found is not None, 60) == "page"
    assert calls == ["failed", "rendered"]  # stored: the third reader renders nothing


def test_a_waiter_never_takes_the_page_of_another_count():
    old, new = "render:test-count:5", "render:test-count:6"
    cache.set(old, "page at count 5", 60)
    cache.delete(new)
    got = _together(5, lambda: render_once.fetch_or_render(
        new, lambda: (time.sleep(SLOW), "page at count 6")[1], lambda found: found is not None, 60))
    assert got == ["page at count 6"] * 5
    assert render_once.counts(["test-count"]) == {"test-count": 1}
