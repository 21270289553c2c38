"""An unchanged live page in a real browser: its poll is answered 204 and nothing is swapped, yet
the board's "updated" time still moves on (the header a 204 carries, static/js/meldboard.js)."""

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.test_gameday_board import log_in
from tests.gameday_setup import publish_division

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_unchanged_board_is_not_swapped_and_its_updated_time_moves_on(live_server, page, organizer, tournament):
    publish_division(tournament, starts_at=timezone.now() + dt.timedelta(hours=2))  # no clock turn while we watch
    log_in(page, live_server, organizer)
    answers = []
    page.on("response", lambda response: answers.append(response.status) if "?v=" in response.url else None)
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/gameday/")
    updated = page.locator("#board [data-live=updated]")
    first = re.search(r"updated (\S+)", updated.inner_text()).group(1)
    page.evaluate("document.getElementById('board').__kept = true")
    expect(updated).not_to_contain_text(f"updated {first}", timeout=15_000)
    assert 204 in answers and 200 not in answers
    assert page.evaluate("document.getElementById('board').__kept") is True  # the same board: nothing swapped
