"""On a phone: choosing the club game sets its length (1 h 45), the house-rules page shows and
changes the numbers, and a player who signs up gets a page saying what happens next."""

import os

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.formats.tables.events import table_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        for width in (390, 1280):
            page.set_viewport_size({"width": width, "height": 844})
            page.screenshot(path=os.path.join(SHOTS, f"{name}-{width}.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})


def log_in(page, live_server):
    UserFactory(username="desk", password="pass-word-123", is_staff=True)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("desk")
    page.get_by_label("Password").fill("pass-word-123")
    page.get_by_role("button", name="Log in").click()


def test_choosing_the_club_game_sets_the_length_and_house_rules_change_it(live_server, phone):
    log_in(phone, live_server)
    phone.goto(f"{live_server.url}/organizer/new/")
    expect(phone.locator("input[name=game_time_limit_hours]")).to_have_value("2")
    phone.locator("select[name=variant]").select_option("club-4deck")
    expect(phone.locator("input[name=game_time_limit_hours]")).to_have_value("1")
    expect(phone.locator("input[name=game_time_limit_minutes]")).to_have_value("45")
    shot(phone, "tournament-form-club")

    event = table_event("club-4deck", organizers=[])
    phone.goto(f"{live_server.url}/organizer/t/{event.slug}/rules/")
    expect(phone.locator("#id_hands")).to_have_value("3")
    shot(phone, "house-rules-club")
    phone.locator("#id_hands").fill("4")
    phone.get_by_role("button", name="Save house rules").click()
    expect(phone.locator(".msg-success")).to_contain_text("House rules saved: 1 number changed.")
    expect(phone.locator("#rule-hands")).to_contain_text("house rule")

    cutthroat = table_event("baja-cutthroat", organizers=[])
    phone.goto(f"{live_server.url}/organizer/t/{cutthroat.slug}/rules/")
    expect(phone.locator(".house-borrowed")).to_contain_text("RULES B1")
    shot(phone, "house-rules-cutthroat")


def test_a_player_signs_up_and_sees_what_happens_next(live_server, phone):
    event = table_event("club-4deck")
    phone.goto(f"{live_server.url}/t/{event.slug}/join/")
    phone.get_by_label("Your name").fill("Ann Lee")
    phone.get_by_role("button", name="Sign up").click()
    expect(phone.locator("h1")).to_have_text("You are signed up")
    expect(phone.locator(".next-steps")).to_contain_text("draws the partners")
    shot(phone, "signed-up")
    phone.get_by_role("link", name="Your page").click()
    expect(phone.locator("body")).to_contain_text("Ann Lee")


def test_nine_players_get_a_substitute_and_the_sit_out_is_explained(live_server, phone):
    from tests.formats.tables.events import sign_up

    log_in(phone, live_server)
    event = table_event("club-4deck", organizers=[])
    sign_up(event, *(f"P{i}" for i in range(1, 10)))
    phone.goto(f"{live_server.url}/organizer/t/{event.slug}/partners/")
    expect(phone.locator("#odd-count")).to_contain_text("partners come in twos")
    shot(phone, "odd-count-partners")
    phone.get_by_label("Substitute's name").fill("Sam Sub")
    phone.get_by_role("button", name="Add substitute").click()
    expect(phone.locator(".msg-success")).to_contain_text("Added Sam Sub as a substitute")
    phone.get_by_role("button", name="Draw partners").click()
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Publish partners").click()
    phone.goto(f"{live_server.url}/organizer/t/{event.slug}/rounds/")
    phone.get_by_role("button", name="Seat round 1").click()
    expect(phone.locator("#sit-out-note")).to_contain_text("sit out round 1")
    shot(phone, "sit-out-note")
