"""An organizer makes a tournament on a phone without knowing what a slug, a UTC zone name or
“hh:mm:ss” is, fixes a refused length, then edits it and draws at the desk."""

import datetime as dt
import os

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        # A full-page picture resizes the window; with an input still focused, Chromium then scrolls
        # back to it on the next tap, and the tap misses its button.
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.screenshot(path=os.path.join(SHOTS, f"plainwords-{name}.png"), full_page=True)


def log_in(page, url):
    page.goto(url)
    page.get_by_label("Username").fill("desk")
    page.get_by_label("Password").fill("pass-word-123")
    page.get_by_role("button", name="Log in").click()


def test_make_a_tournament_in_plain_words_then_edit_and_draw(live_server, phone):
    UserFactory(username="desk")
    log_in(phone, f"{live_server.url}/organizer/new/")
    host = live_server.url.split("://", 1)[1]

    phone.get_by_label("Tournament name").fill("Bayfest 2026 — La Paz")
    expect(phone.locator("[data-address-preview]")).to_have_text(f"{host}/t/bayfest-2026-la-paz/")
    expect(phone.get_by_label("Web address")).to_be_hidden()  # under “More”
    expect(phone.get_by_label("Time zone")).to_have_value("America/Mazatlan")
    phone.get_by_label("Time zone").select_option("America/Tijuana")
    phone.get_by_label("Sign-ups close at").fill("2027-04-06T12:00")
    game = phone.get_by_role("group", name="Game length")
    game.get_by_label("hours").fill("1")
    game.get_by_label("minutes").fill("75")
    phone.get_by_role("group", name="Wait for late players").get_by_label("minutes").fill("10")
    shot(phone, "create-390")
    phone.get_by_role("button", name="Save").click()

    expect(phone.locator(".errorlist")).to_contain_text("Game length: minutes must be 0–59, not “75”.")
    assert not Tournament.objects.exists()
    shot(phone, "create-refused-390")
    phone.get_by_role("group", name="Game length").get_by_label("minutes").fill("45")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator(".msg-success")).to_contain_text("Saved “Bayfest 2026 — La Paz”.")
    event = Tournament.objects.get()
    assert (event.slug, event.time_zone) == ("bayfest-2026-la-paz", "America/Tijuana")
    assert (event.game_time_limit, event.no_show_grace) == (dt.timedelta(hours=1, minutes=45), dt.timedelta(minutes=10))

    phone.set_viewport_size({"width": 1280, "height": 900})
    phone.goto(f"{live_server.url}/organizer/t/{event.slug}/edit/")
    expect(phone.locator(".web-address")).to_contain_text(f"{host}/t/bayfest-2026-la-paz/")
    phone.get_by_text("More: a different web address").click()
    phone.get_by_label("Web address").fill("bayfest")
    shot(phone, "edit-1280")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator(".msg-success")).to_be_visible()
    assert Tournament.objects.get().slug == "bayfest"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_draw_page_explains_the_draw_number(live_server, page, width):
    UserFactory(username="desk")
    closed_tournament(6, slug="bayfest", name="Bayfest 2026")
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, f"{live_server.url}/organizer/t/bayfest/draw/")
    d1 = page.locator("section#d1")
    d1.get_by_label("Draw number").fill("48213")
    d1.get_by_role("button", name="Draw Division 1").click()
    expect(page.locator("section#d1")).to_contain_text(
        "Draw number 48213 — the same number always gives the same draw, so anyone can check it."
    )
    expect(page.locator("body")).not_to_contain_text("manage.py")
    expect(page.locator("body")).not_to_contain_text("Seed")
    shot(page, f"draw-{width}")
