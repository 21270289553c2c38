import datetime as dt
import os
import re

import pytest
import time_machine
from playwright.sync_api import expect

from tests.factories import TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_a_team_signs_up_on_a_phone_then_the_form_closes_at_the_deadline(live_server, phone):
    deadline = dt.datetime.now(dt.UTC).replace(microsecond=0) + dt.timedelta(hours=2)
    event = TournamentFactory(name="Bayfest 2026", slug="bayfest", signup_deadline=deadline)
    phone.goto(f"{live_server.url}/t/bayfest/")
    expect(phone.locator(".countdown")).to_have_text(re.compile(r"^\d+\s(d|h|min)\b"))  # the live countdown is running
    shot(phone, "home-390")
    phone.get_by_role("link", name="Sign up a team").click()
    phone.get_by_label("Team name").fill("Card Sharks")
    phone.get_by_label("First partner").fill("Ann Lee")
    phone.get_by_label("Second partner").fill("Bob Lee")
    phone.get_by_label("Phone or email").fill("555-0100")
    shot(phone, "signup-390")
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.locator("h1")).to_contain_text("Your team is signed up")
    expect(phone.locator(".signed-up")).to_contain_text("Card Sharks")
    shot(phone, "signed-up-390")
    phone.locator(".row-actions").get_by_role("link", name="Teams").click()
    expect(phone.locator("table.teams")).to_contain_text("Card Sharks")
    expect(phone.locator("table.teams")).to_contain_text("Ann Lee & Bob Lee")
    shot(phone, "teams-390")

    local = deadline.astimezone(event.tz)
    with time_machine.travel(deadline + dt.timedelta(seconds=1), tick=True):
        phone.goto(f"{live_server.url}/t/bayfest/signup/")
        closed = phone.locator("#deadline")
        expect(closed).to_contain_text(f"Sign-ups closed at {local.strftime('%-I:%M %p').replace(':00 ', ' ')}")
        expect(closed).to_contain_text(local.strftime("%A %-d %B %Y") + " (La Paz, Mazatlán time)")
        expect(phone.get_by_role("button", name="Sign up")).to_have_count(0)
        shot(phone, "signup-closed-390")
