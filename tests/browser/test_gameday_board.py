"""The game-day board in a real browser: check one team in, let the deadline pass, see the forfeit
land and the winner advance on the bracket — with no Celery worker, and without reloading."""

import datetime as dt
import os
import re

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.gameday_setup import next_game, publish_division, teams
from tournament.core import actions
from tournament.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])


def test_check_in_one_team_and_watch_the_no_show_forfeit_and_the_bracket_advance(live_server, page, organizer, tournament):
    grace = tournament.no_show_grace
    # The posted start is "now" minus the grace plus a few seconds: the deadline is real and near.
    _, (game, other) = publish_division(tournament, starts_at=timezone.now() - grace + dt.timedelta(seconds=8))
    here, away = teams(game)
    for team in teams(other):
        actions.check_in(other, team)
    log_in(page, live_server, organizer)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/gameday/")
    card = page.locator(f"#game-{game.pk}")
    expect(card).to_contain_text("Check-in open")
    expect(card.locator(".countdown")).to_have_text(re.compile(r"^(\d+\s+min|less\s+than\s+1\s+min)$"))
    shot(page, "gameday-board-before-1280")

    card.get_by_role("button", name=f"Check in {here.name}").click()
    expect(card.locator(".badge.ok")).to_contain_text("✓ in")
    page.evaluate("window.__sameDocument = true")

    # Nobody presses anything: the deadline passes, the board refreshes itself and shows the result.
    expect(card).to_contain_text(f"Forfeit (no show) — {here.name} wins", timeout=20_000)
    expect(card).to_contain_text(f"{here.name} goes on to Division 1 · Division final")
    expect(page.locator(".gd-alerts")).to_contain_text(f"Forfeit (no show) — {here.name} wins")
    assert page.evaluate("window.__sameDocument") is True
    shot(page, "gameday-board-after-1280")

    final = next_game(Game.objects.get(pk=game.pk))
    page.goto(f"{live_server.url}/t/{tournament.slug}/bracket/d1/")
    expect(page.locator(f"#game-{final.pk}")).to_contain_text(here.name)

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/gameday/")
    expect(page.locator(f"#game-{game.pk}")).to_contain_text("Forfeit (no show)")
    shot(page, "gameday-board-after-390")


def test_a_team_checks_in_from_the_table_phone(live_server, phone, page, organizer, tournament):
    posted = timezone.now() + dt.timedelta(minutes=20)
    _, (game, _other) = publish_division(tournament, starts_at=posted)
    here, away = teams(game)
    actions.record_substitute(game, away, away.players.first(), "Dora Diaz")
    phone.goto(f"{live_server.url}/table/{game.table_token}/")
    status = phone.locator("#game-status")
    expect(status).to_contain_text("No-show deadline in")
    status.get_by_role("button", name=f"We are {here.name}: check in").click()
    expect(status).to_contain_text(f"✓ {here.name} here since")
    expect(status).to_contain_text("Dora Diaz plays for")
    shot(phone, "gameday-table-status-390")

    log_in(page, live_server, organizer)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/gameday/game/{game.pk}/")
        expect(page.locator(f"#game-{game.pk}")).to_contain_text("Sub: Dora Diaz")
        shot(page, f"gameday-game-page-{width}")
