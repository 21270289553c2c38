"""A table-round demo read on a 390 px phone whose browser speaks Spanish (es-MX): the seating and
"¿Dónde me siento?", a table's own page and the standings with their medals — in Spanish, nothing
cut off or sticking out sideways (Spanish runs about a fifth longer than English).

Screenshots go to /work/tmp/shots/i18n-tables-es-*.png for a person to look at."""

import datetime as dt
import os

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.table_steps import PASSWORD, confirm_waiting_hands, no_overflow
from tests.walks import stages
from tournament.core import deadlines
from tournament.events import demo_tables
from tournament.formats.tables import event_state
from tournament.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/work/tmp/shots"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "es-MX", "viewport": {"width": 390, "height": 844}}


def shot(page, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/i18n-tables-es-{name}.png", full_page=True)


def test_a_fiji_demo_reads_in_spanish_on_a_phone(live_server, page):
    base = live_server.url
    organizer = get_user_model().objects.create_user("organizer", password=PASSWORD)
    event = demo_tables.create_fiji(timezone.now(), organizer)

    # The seating: every table, then "where do I sit?" by name.
    page.goto(f"{base}/t/{event.slug}/seating/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_label("¿Dónde me siento?")).to_be_visible()
    expect(page.locator("article.tp-table").first).to_contain_text("Mesa 1")
    expect(page.locator("article.tp-table").first).to_contain_text("Lugar 1")
    no_overflow(page)
    shot(page, "seating")
    page.fill("#find-name", "kim")
    page.get_by_role("button", name="Buscar").click()
    found = page.locator(".tp-found")
    expect(found).to_contain_text("Kim Diaz")
    game = Game.objects.get(division__tournament=event, sides__player__name="Kim Diaz")
    expect(found).to_contain_text(f"Mesa {game.table_number}, lugar")
    expect(page.get_by_role("link", name="Ver todas las mesas")).to_be_visible()
    expect(page.locator("article.tp-table")).to_have_count(1)  # only her table
    no_overflow(page)
    shot(page, "where-do-i-sit")

    # That table's own page (its phone page), reached as a player would: from the seating's table.
    page.goto(f"{base}/table/{game.table_token}/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    no_overflow(page)
    shot(page, "table-page")

    # The standings: medals as a disc and a Spanish word, the table's headings in Spanish.
    # While tables still play the standings say so, in Spanish, and give no medal yet.
    page.goto(f"{base}/t/{event.slug}/standings/")
    expect(page.locator("main")).to_contain_text("Provisional")
    expect(page.locator("table.standings .medal")).to_have_count(0)
    confirm_waiting_hands(Game.objects.filter(division__tournament=event))  # as the tables do (RULES F1)
    for table_game in Game.objects.filter(division__tournament=event).exclude(status__in=Game.DONE):
        if table_game.status == Game.Status.READY:
            table_game = stages.start(table_game, timezone.now())
        # Every table ends at its time limit: the round is decided.
        assert deadlines.apply_time_limit(table_game.pk, now=table_game.time_limit_at + dt.timedelta(minutes=1))
    # Every table is done: while the organizer has not finished the event the medals wait.
    page.goto(f"{base}/t/{event.slug}/standings/")
    expect(page.locator("table.standings .medal")).to_have_count(0)
    event_state.finish(event, reason="")
    page.goto(f"{base}/t/{event.slug}/standings/")
    table = page.locator("table.standings")
    expect(table.locator("th")).to_contain_text(["#", "Jugador", "Puntaje", "Mesas"])
    expect(table.locator(".medal").first).to_contain_text("Oro")
    expect(table.locator(".medal").nth(1)).to_contain_text("Plata")
    for english in ("Gold", "Silver", "Bronze", "Score", "Ranked by"):
        expect(page.locator("main")).not_to_contain_text(english)
    no_overflow(page)
    shot(page, "standings")
