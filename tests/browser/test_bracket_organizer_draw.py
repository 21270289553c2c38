"""The organizer draws Division 1 at the desk (laptop), redraws with a typed draw number, and publishes."""

import os

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.formats.bracket.draw.test_brackets_support import closed_tournament
from tournament.models import DrawRecord

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_draw_redraw_and_publish(live_server, page):
    UserFactory(username="desk")
    tournament, _ = closed_tournament(13, slug="bayfest", name="Bayfest 2026")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/organizer/t/bayfest/draw/")
    page.get_by_label("Username").fill("desk")
    page.get_by_label("Password").fill("pass-word-123")
    page.get_by_role("button", name="Log in").click()

    d1 = page.locator("section#d1")
    d1.get_by_role("button", name="Draw Division 1").click()
    expect(d1).to_contain_text("Preview — not published")
    first_seed = DrawRecord.objects.get().seed
    expect(d1.locator(".seed")).to_have_text(str(first_seed))

    d1.get_by_label("Draw number").fill("-5")
    d1.get_by_role("button", name="Redraw").click()
    expect(page.locator("section#d1 .errorlist")).to_contain_text("must not be negative")
    d1 = page.locator("section#d1")
    d1.get_by_label("Draw number").fill("2026")
    d1.get_by_role("button", name="Redraw").click()
    expect(page.locator("section#d1 .seed")).to_have_text("2026")
    expect(page.locator("section#d1 .draw-pairs li")).to_have_count(8)
    shot(page, "organizer-draw-preview-1280")

    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("section#d1").get_by_role("button", name="Publish Division 1 (draw number 2026)").click()
    expect(page.locator(".msg-success")).to_contain_text("Division 1 is published (draw number 2026)")
    expect(page.locator("section#d1")).to_contain_text("Published")
    expect(page.locator("section#d1").get_by_role("button", name="Redraw")).to_have_count(0)
    shot(page, "organizer-draw-published-1280")
    page.get_by_role("link", name="Schedule and tables").click()
    expect(page.get_by_label("Round 1 starts")).to_have_value(
        DrawRecord.objects.get(published_at__isnull=False).division.rounds.get(number=1).starts_at.astimezone(tournament.tz).strftime("%Y-%m-%dT%H:%M")
    )
    shot(page, "organizer-schedule-1280")
