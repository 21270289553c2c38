"""The cutthroat demo's table phone at 390 px: each player checks in by name (no Start until every seat
is here), then the table starts early with every seated player's tick."""

import os

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from tournament.events import demo_tables
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"


def shot(page, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/seatfix-{name}.png", full_page=True)


def test_a_cutthroat_table_checks_in_and_starts_from_its_phone(live_server, phone):
    organizer = get_user_model().objects.create_user("organizer", password="seat-phone-1")
    event = demo_tables.create_cutthroat(timezone.now(), organizer, seated_only=True)  # round 1 starts in 10 minutes
    game = Game.objects.filter(division__tournament=event).order_by("number").first()
    names = list(GameSide.objects.filter(game=game).order_by("slot").values_list("player__name", flat=True))
    phone.goto(f"{live_server.url}/table/{game.table_token}/")
    status = phone.locator("#game-status")
    expect(status).to_contain_text("Check-in open")
    for name in names[:-1]:
        status.get_by_role("button", name=f"I am {name}: check in").click()
        expect(status).to_contain_text(f"{name} checked in. Good luck!")
        expect(status).to_contain_text(f"✓ {name} here since")
    expect(status.get_by_role("button", name=f"I am {names[-1]}: check in")).to_be_visible()
    shot(phone, "cutthroat-check-in")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # A phone never starts with a seat not checked in (issue 34): no Start until the last seat is here.
    expect(status.get_by_role("button", name="Start early")).to_have_count(0)
    status.get_by_role("button", name=f"I am {names[-1]}: check in").click()
    expect(status).to_contain_text(f"✓ {names[-1]} here since")

    for name in names[:-1]:
        status.get_by_label(f"{name} agrees").check()
    status.get_by_role("button", name="Start early").click()
    expect(status).to_contain_text(f"{names[-1]} has not agreed")
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    for name in names:
        status.get_by_label(f"{name} agrees").check()
    status.get_by_role("button", name="Start early").click()
    expect(status).to_contain_text("Game started; time is up at")
    expect(status).to_contain_text("(early, everyone seated agreed)")
    expect(phone.locator("#hand-form")).to_be_visible()  # the page fetched itself again: the note stays
    expect(status).to_contain_text("Game started; time is up at")
    shot(phone, "cutthroat-started")
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY

