"""A withdrawn partnership stays in the standings with its mark and is found on "Find my team", in
Spanish on a phone (390 px): nothing sticks out sideways (issue 34)."""

import os

import pytest

from tests.browser.table_steps import no_overflow
from tests.formats.tables.played import START, club_round, end_with_totals
from tournament.models import TableEntry, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SHOTS", "")


def test_a_withdrawn_pair_is_marked_and_found_on_a_phone_in_spanish(live_server, phone):
    event, (game,) = club_round(1)
    end_with_totals(game, 32800, 12400)
    team = game.sides.get(slot=2).team
    Team.objects.filter(pk=team.pk).update(withdrawn_at=START)
    TableEntry.objects.filter(player__team=team).update(withdrawn_at=START)
    phone.context.add_cookies([{"name": "django_language", "value": "es", "url": live_server.url}])
    phone.goto(f"{live_server.url}/t/{event.slug}/standings/")
    row = phone.locator("tr.standing", has_text="P3 y P4")
    assert "se retiraron" in row.inner_text() and "12,400" in row.inner_text()
    no_overflow(phone)
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/withdrawn-standings-es-390.png", full_page=True)
    phone.set_viewport_size({"width": 1280, "height": 800})  # the organizer's laptop (issue 39)
    no_overflow(phone)
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/withdrawn-standings-es-1280.png", full_page=True)
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/t/{event.slug}/find/")
    assert "se retiraron" in phone.locator("ul.lv-found").inner_text()
    phone.fill("#find-name", "p3")
    phone.click("form.lv-find button[type=submit]")
    phone.wait_for_url(f"**/t/{event.slug}/team/**")
    no_overflow(phone)
    if SHOTS:
        phone.screenshot(path=f"{SHOTS}/withdrawn-team-page-es-390.png", full_page=True)
