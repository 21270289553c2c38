"""A Fiji table of six with long names on a 390 px phone: with an unconfirmed hand on the sheet,
every column, badge and button stays on screen (five and six sides have no Check column: the
hand's badges go on its detail line)."""

import pytest
from playwright.sync_api import expect

from tests.browser.table_steps import every_control_on_screen, hand_by_service, shot
from tests.formats.tables.events import sign_up
from tests.formats.tables.played import players_round, table_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Maximiliana Fitzgerald", "Bartholomew Okonkwo", "Guadalupe Villaseñor",
    "Konstantinos Papadakis", "Wilhelmina Abernathy", "Ferdinand Castellanos",
]


def test_a_six_side_table_with_long_names_fits_a_phone(live_server, phone):
    event = table_event("fiji-individual")
    sign_up(event, *NAMES)
    event, (game,) = players_round("fiji-individual", 6, event=event, names=NAMES)
    hand_by_service(game, winner_slot=1)
    phone.goto(f"{live_server.url}/table/{game.table_token}/")
    expect(phone.locator("table.hands th")).to_have_count(7)  # "#" and six names
    expect(phone.locator("tr.hand-detail .badge.warn", has_text="Unconfirmed")).to_be_visible()
    every_control_on_screen(phone)
    shot(phone, "six-side-sheet-390")
