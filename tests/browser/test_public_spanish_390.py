"""A Mexican visitor's phone (390 px, locale es-MX) signs a team up in Spanish without touching the
switch, and the public pages read in Spanish and fit the screen (issue 16)."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.formats.bracket.draw.test_brackets_support import teams_of
from tests.live.events import in_play, signed_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"


@pytest.fixture
def spanish_phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-MX")
    yield context.new_page()
    context.close()


def fits(page):
    """Nothing wider than the phone: no sideways scrolling, no text cut at the edge."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def shot(page, name):
    fits(page)
    page.screenshot(path=f"{SHOTS}/i18n-public-es-{name}.png", full_page=True)


def test_a_team_signs_up_in_spanish_on_a_phone(live_server, spanish_phone):
    tournament = signed_up(name="Bayfest 2026")
    phone = spanish_phone
    phone.goto(live_server.url + reverse("public:home", args=[tournament.slug]))
    expect(phone.locator("html")).to_have_attribute("lang", "es")
    expect(phone.locator("#deadline")).to_contain_text("Inscríbase antes de:")
    expect(phone.locator(".countdown")).to_have_text(re.compile(r"^\d+\s(d|h|min)\b"))  # the countdown runs
    shot(phone, "home")
    phone.get_by_role("link", name="Inscribir un equipo").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Inscribir un equipo")
    # A first try without the team's name: refused in Spanish, nothing signed up.
    phone.get_by_label("Integrante 1").fill("Rosa Díaz")
    phone.get_by_label("Integrante 2").fill("Luis Peña")
    phone.get_by_role("button", name="Inscribirse").click()
    expect(phone.locator("#signup-form")).to_contain_text("Falta: Nombre del equipo.")
    phone.get_by_label("Nombre del equipo").fill("Pelícanos")
    phone.get_by_label("Teléfono o correo").fill("612 555 0100")
    shot(phone, "signup")
    phone.get_by_role("button", name="Inscribirse").click()
    # The team's own "you are signed up" page, in Spanish; then the list of teams.
    expect(phone.get_by_role("heading", level=1)).to_have_text("Su equipo está inscrito")
    expect(phone.locator(".signed-up")).to_contain_text("Pelícanos")
    shot(phone, "signed-up")
    phone.locator("main").get_by_role("link", name="Equipos", exact=True).click()
    table = phone.locator("table.teams")
    expect(table).to_contain_text("Pelícanos")
    expect(table).to_contain_text("Rosa Díaz y Luis Peña")  # partners joined in Spanish
    expect(phone.locator("table.teams th").nth(3)).to_have_text("Inscripción")
    shot(phone, "teams")


def test_find_my_team_and_a_teams_page_in_play_read_in_spanish(live_server, spanish_phone):
    tournament, first, playing = in_play()
    phone = spanish_phone
    phone.goto(live_server.url + reverse("public:home", args=[tournament.slug]))
    expect(phone.locator("#playing-now")).to_contain_text("Jugando ahora")
    shot(phone, "home-in-play")
    team = teams_of(playing)[0]
    phone.get_by_placeholder("Escriba su nombre").fill(team.players.first().name)
    phone.get_by_role("button", name="Ir").click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text(team.name)
    expect(phone.locator("#next")).to_contain_text("Contra:")
    expect(phone.locator("#next")).to_contain_text("Hoja de anotación en vivo")
    shot(phone, "team")
    phone.goto(live_server.url + reverse("live:find", args=[tournament.slug]) + "?name=Nadie")
    expect(phone.locator(".msg-error")).to_contain_text("No hay ningún equipo ni jugador(a) llamado “Nadie”")
    shot(phone, "find")
