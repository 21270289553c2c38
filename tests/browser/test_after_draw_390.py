"""An organizer's phone (390 px), in English and in Spanish: after round 1 is published, a partner
gets a substitute for one round, and a pair withdraws, its seats going to the pair sitting out."""

import os
from html import escape  # noqa: F401

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.formats.tables.after_draw_events import club_seated, seated_names, seated_player
from tournament.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.mark.parametrize("locale, words", [
    ("en-US", {"sub": "Record the substitute", "withdraw": "Withdraw", "plays": "plays for", "took": "took the seats of"}),
    ("es-MX", {"sub": "Registrar el suplente", "withdraw": "Retirar", "plays": "juega en lugar de", "took": "ocupó los lugares de"}),
])
def test_a_substitute_and_a_withdrawal_on_the_organizers_phone(live_server, browser, organizer, locale, words):
    event = club_seated()
    ann, waiting = seated_player(event)
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/organizer/t/{event.slug}/players/{ann.pk}/after-draw/")
    shot(page, f"after-draw-{locale}-390")
    page.fill("#sub-name", "Zoe")
    page.get_by_role("button", name=words["sub"]).click()
    expect(page.locator("body")).to_contain_text(words["plays"])
    assert "Zoe" in seated_names(event)
    # the partner's whole pair withdraws; the pair sitting out takes the seats
    page.check("input[name=whole][value=on]")
    page.check("input[name=choice][value=sitting_out]")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#withdraw button[type=submit]").click()
    expect(page.locator("#history")).to_contain_text(words["took"])
    shot(page, f"after-draw-done-{locale}-390")
    assert waiting.name in seated_names(event) and ann.name not in seated_names(event)
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is not None
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/organizer/t/{event.slug}/rounds/")
    expect(page.locator("#changes")).to_contain_text(words["took"])
    shot(page, f"rounds-{locale}-1280")
    context.close()
