"""A game level at the time limit, on the table's phone (390 px): the players read that the
organizer decides and has been told; once the organizer lets them play one more hand, the phone
says so, without a reload, and fits the screen."""

import datetime as dt
import os

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import expect

from scoring import hands
from scoring import sample_hands as td
from tests.gameday_setup import started_game
from tournament.core import actions, deadlines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_the_table_phone_tells_the_players_what_happens_after_a_tie(live_server, phone, tournament):
    tournament.require_confirmation = False
    tournament.save(update_fields=["require_confirmation"])
    posted = (timezone.now() - dt.timedelta(hours=3)).replace(microsecond=0)
    game = started_game(tournament, posted)
    with time_machine.travel(posted + dt.timedelta(minutes=40), tick=False):
        for number in (1, 2):
            hands.submit(game, number=number, values=[td.values(**td.W2), td.values(**td.W2)], key=f"h{number}",
                         entered_by="A", entered_by_slot=1)
    assert deadlines.apply_time_limit(game.pk) is True

    phone.goto(f"{live_server.url}/table/{game.table_token}/")
    note = phone.locator("#tie-note")
    expect(note).to_contain_text("Tied 1,870–1,870 at the time limit. Waiting for the organizer's decision; "
                                 "the organizer has been told.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "tie15-table-waiting")

    actions.play_one_more_hand(game, None)
    # The status bar polls every 10 s: the phone learns it without anyone reloading.
    expect(note).to_contain_text("Tied 1,870–1,870 at the time limit — play one more hand (hand 3); "
                                 "the organizer has been told.", timeout=15_000)
    # The sheet polls every 20 s and reloads the page when the game's status changes: the form is back.
    expect(phone.get_by_role("button", name="Save hand 3")).to_be_visible(timeout=30_000)
    expect(note).to_contain_text("play one more hand (hand 3)")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "tie15-table-one-more-hand")
