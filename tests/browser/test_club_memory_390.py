"""Issue 27, done when: a club with three events in a season (a bracket event and two table days,
built as rows by tournament.clubs.sample) → the season's standings, a player's page, the ratings and
the roll of honour PDF, on a 390 px phone in English and in Spanish (a browser asking for es-MX).
Screenshots go to /work/tmp/shots/club27-<lang>-*.png, the PDF's first page as a PNG too."""

import os
import subprocess

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.table_steps import no_overflow
from tournament.clubs import memory, sample

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/work/tmp/shots"


def words(lang, text):
    with translation.override(lang):
        found = translation.gettext(text)
    assert lang == "en" or found != text, f"no Spanish for {text!r}"
    return found


def shot(page, lang, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/club27-{lang}-{name}.png", full_page=True)


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("es", "es-MX")])
def test_a_clubs_season_players_ratings_and_roll_of_honour_on_a_phone(live_server, browser, lang, locale, tmp_path):
    club = sample.build(f"bayside-{lang}", seasons=1, events=3, players=20)
    mem = memory.load(club)
    season = club.seasons.get()
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    page = context.new_page()

    page.goto(f"{base}/clubs/{club.slug}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.get_by_role("link", name=season.name, exact=True).click()
    expect(page.locator("h1")).to_contain_text(season.name)
    expect(page.locator("table.season-standings tbody tr")).to_have_count(len({m for m in mem.mapping.values()}))
    expect(page.locator("main")).to_contain_text(words(lang, "Hands won"))
    no_overflow(page)
    shot(page, lang, "01-season")

    leader = page.locator("table.season-standings tbody tr").first.get_by_role("link")
    name = leader.inner_text()
    leader.click()
    expect(page.locator("h1")).to_contain_text(name)
    expect(page.locator("main")).to_contain_text(words(lang, "Results by year"))
    expect(page.locator(".rating")).to_contain_text("±")
    expect(page.locator("main")).to_contain_text(f"{base}/clubs/{club.slug}/players/")
    no_overflow(page)
    shot(page, lang, "02-player")

    page.get_by_role("link", name=words(lang, "Ratings"), exact=True).first.click()
    expect(page.locator("table.ratings tbody tr").first).to_contain_text("±")
    no_overflow(page)
    shot(page, lang, "03-ratings")

    page.get_by_role("link", name=words(lang, "Roll of honour"), exact=True).first.click()
    bayfest = next(e for e in mem.events if e.format == "bracket")
    expect(page.locator("main")).to_contain_text(bayfest.name)
    expect(page.locator("main")).to_contain_text(words(lang, "Champions"))
    no_overflow(page)
    shot(page, lang, "04-honours")

    pdf = page.request.get(f"{base}/clubs/{club.slug}/honours.pdf", headers={"Accept-Language": locale})
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    path = tmp_path / "honours.pdf"
    path.write_bytes(pdf.body())
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / "wall")], check=True)
    png = next(tmp_path.glob("wall*.png"))
    assert png.stat().st_size > 2000
    if os.path.isdir(SHOTS):
        png.replace(f"{SHOTS}/club27-{lang}-05-honours-pdf.png")
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert words(lang, "Roll of honour") in text and bayfest.name.split()[0] in text
    context.close()
