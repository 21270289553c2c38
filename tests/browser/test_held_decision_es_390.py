"""Issue 39 on a phone in Spanish (es-MX, 390 px): a hand never confirmed at the time limit. The
table phone, the public bracket and the organizer's board mark the total that holds it and show the
confirmed total beside it, within the screen; the organizer's decision page says it is no tie and
shows both totals and the hand.

Screenshots go to $MELDBOARD_SCREENSHOTS (a folder) for a person to look at."""

import datetime as dt
import os

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.gameday_setup import started_game, teams, with_unconfirmed_hand
from tournament.core import deadlines
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")
LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "es-MX", "viewport": {"width": 390, "height": 844}}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"issue39-held-es-{name}.png"), full_page=True)


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


SEPARATOR_ON_THE_LINE = """() => {
  const nav = document.querySelector(".language-switch");
  const dot = [...nav.childNodes].find((node) => node.nodeType === 3 && node.data.includes("·"));
  const range = document.createRange();
  range.selectNodeContents(dot);
  const d = range.getBoundingClientRect(), name = nav.querySelector("a, .lang-current").getBoundingClientRect();
  return Math.abs((d.top + d.bottom) / 2 - (name.top + name.bottom) / 2);
}"""


def at_laptop_width(page, name):
    """The same page on the organizer's laptop (1280 px): within the screen, photographed; back to the phone."""
    page.set_viewport_size(LAPTOP)
    page.reload()
    assert fits(page), name
    assert page.evaluate(SEPARATOR_ON_THE_LINE) < 4, "the language switch's dot sits above its line"
    shot(page, f"{name}-1280")
    page.set_viewport_size({"width": 390, "height": 844})


def test_a_hand_never_confirmed_at_the_limit_in_spanish(live_server, page, tournament, organizer):
    Tournament.objects.filter(pk=tournament.pk).update(language="es", require_confirmation=True)
    posted = (timezone.now() - dt.timedelta(hours=3)).replace(microsecond=0)
    game = with_unconfirmed_hand(started_game(tournament, posted), posted, posted + dt.timedelta(hours=2, minutes=27))
    assert deadlines.apply_time_limit(game.pk)
    a, b = (t.name for t in teams(game))

    page.goto(f"{live_server.url}/table/{game.table_token}/")
    expect(page.locator(f".total-card[data-side='{a}'] [data-total]")).to_have_text("19,535* (935 confirmados)")
    expect(page.locator(f".total-card[data-side='{b}'] [data-total]")).to_have_text("5,970* (5,690 confirmados)")
    shot(page, "phone")
    assert fits(page)
    at_laptop_width(page, "phone")

    tv = page.context.browser.new_context(locale="es-MX", viewport={"width": 1280, "height": 720}).new_page()
    tv.goto(f"{live_server.url}/t/{tournament.slug}/tv/")
    expect(tv.locator(f"#tv-game-{game.pk}")).to_contain_text("19,535* (935 confirmados)")
    if SHOTS:
        tv.screenshot(path=os.path.join(SHOTS, "issue39-held-es-tv.png"))
    tv.context.close()

    page.goto(f"{live_server.url}/t/{tournament.slug}/bracket/d1/")
    expect(page.locator(f"#game-{game.pk}")).to_contain_text("19,535* (935 confirmados)")
    assert fits(page)
    shot(page, "bracket")
    at_laptop_width(page, "bracket")

    client = Client()
    client.force_login(organizer)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/gameday/game/{game.pk}/")
    decide = page.locator("#decide")
    expect(decide.locator("h2")).to_have_text("Una mano sin confirmar al tiempo límite: ¿quién gana?")
    expect(decide).to_contain_text("No es un empate")
    expect(decide).to_contain_text("Mano 2 (sin confirmar)")
    expect(decide.locator("label.gd-agree").first).to_contain_text("935 confirmados")
    assert fits(page)
    if SHOTS:
        decide.screenshot(path=os.path.join(SHOTS, "issue39-held-es-decision.png"))
    at_laptop_width(page, "decision")
