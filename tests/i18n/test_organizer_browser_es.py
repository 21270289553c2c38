"""An organizer whose phone speaks Spanish (es-MX) makes an event: the form, its language already
Spanish, a refused length read in Spanish, then the dashboard, the draw and the schedule at 390 px
and at a desk's 1280 px."""

import datetime as dt
import os

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.formats.bracket.draw.test_brackets_support import published
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.screenshot(path=os.path.join(SHOTS, f"i18n-org-es-{name}.png"), full_page=True)


def spanish_page(browser, live_server, user, width):
    """A logged-in browser tab that asks for Mexican Spanish, `width` px wide."""
    context = browser.new_context(locale="es-MX", viewport={"width": width, "height": 844 if width < 600 else 900})
    client = Client()
    client.force_login(user)
    host = live_server.url.split("://", 1)[1].split(":")[0]
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "domain": host, "path": "/"}])
    return context.new_page()


def test_a_spanish_phone_makes_an_event_in_spanish(live_server, browser):
    desk = UserFactory(username="desk", is_staff=False)
    phone = spanish_page(browser, live_server, desk, 390)
    phone.goto(f"{live_server.url}/organizer/new/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Nuevo torneo")
    expect(phone.get_by_role("combobox", name="Idioma")).to_have_value("es")
    phone.get_by_label("Nombre del torneo").fill("Bayfest 2026 — La Paz")
    phone.get_by_label("Las inscripciones cierran").fill("2027-04-06T12:00")
    game = phone.get_by_role("group", name="Duración de la partida")
    game.get_by_label("horas").fill("2")
    game.get_by_label("minutos").fill("75")
    shot(phone, "create-390")
    phone.get_by_role("button", name="Guardar").click()
    expect(phone.locator(".errorlist")).to_contain_text("Duración de la partida: los minutos deben ser de 0 a 59, no “75”.")
    assert not Tournament.objects.exists()
    shot(phone, "create-refused-390")
    phone.get_by_role("group", name="Duración de la partida").get_by_label("minutos").fill("30")
    phone.get_by_role("button", name="Guardar").click()
    expect(phone.locator(".msg-success")).to_contain_text("Se guardó “Bayfest 2026 — La Paz”.")
    event = Tournament.objects.get()
    assert (event.language, event.game_time_limit) == ("es", dt.timedelta(hours=2, minutes=30))
    expect(phone.locator(".language-setting")).to_contain_text("Hojas impresas y correos: Español")
    shot(phone, "dashboard-390")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_draw_and_the_schedule_read_in_spanish(live_server, browser, width):
    tournament, _ = published(6, both=False)
    page = spanish_page(browser, live_server, tournament.organizers.get(), width)
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/draw/")
    expect(page.locator("#d1")).to_contain_text("el mismo número siempre da el mismo sorteo")
    page.locator("#d2").get_by_label("Número de sorteo").fill("48213")
    page.locator("#d2").get_by_role("button", name="Sortear División 2").click()
    expect(page.locator(".msg-success")).to_contain_text("División 2: sorteada con el número de sorteo 48213.")
    expect(page.locator("#d2")).to_contain_text("Vista previa — sin publicar")
    shot(page, f"draw-{width}")
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/schedule/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Horario y mesas")
    page.locator("details").first.locator("summary").click()
    shot(page, f"schedule-{width}")
    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/")
    expect(page.get_by_role("link", name="Editar torneo")).to_be_visible()
    shot(page, f"dashboard-{width}")
    page.context.close()
