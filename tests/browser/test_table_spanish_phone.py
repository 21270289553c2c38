"""The table phone in Spanish (a browser that asks for es-MX, 390 px): a hand saved, a hand the
rules refuse read in Spanish, and a hand entered with the Wi-Fi gone kept on the phone in Spanish
and saved once the connection returns; the organizer's board and the public bracket on the same phone."""

import datetime as dt
import os
import re

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import Hand
from tests.browser import test_scoring_table as scoring_table
from tests.browser.dead_wifi import go_offline
from tests.browser.shown_totals import points
from tests.browser.test_scoring_table import choose
from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tests.gameday_setup import publish_division
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "es-MX", "viewport": {"width": 390, "height": 844}}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"i18n-table-es-{name}.png"), full_page=True)


def step(page, side, label, times):
    scoring_table.step(page, side, label, times, plus="más uno")


def went_out(page, a, b, *, twos):
    """RULES.md W1 and W2 (A goes out), A with or without its book of twos."""
    choose(page, "Quién anota", a)
    choose(page, "Quién cerró", a)
    counts = {a: (("Libros rojos", 2), ("Libros negros", 1), ("Escaleras", 1), ("Libros de doses", twos),
                  ("Tres rojos que quedaron", 1)),
              b: (("Libros rojos", 1), ("Libros negros", 2), ("Tres rojos que quedaron", 1),
                  ("Tres negros que quedaron", 1))}
    for side, steps in counts.items():
        for label, times in steps:
            step(page, side, label, times)
    page.fill("#id_s1_melded_points", "1235")
    page.fill("#id_s1_left_points", "45")
    page.fill("#id_s2_melded_points", "780")
    page.fill("#id_s2_left_points", "145")


def totals(g):
    return list(GameSide.objects.filter(game=g).order_by("slot").values_list("total", flat=True))


def test_a_hand_a_refusal_and_a_hand_kept_offline_in_spanish(live_server, page, context):
    tournament, _ = published(4, slug="bayfest", name="Bayfest 2026")
    g = game(tournament, "d1", 1, 1)
    a, b = (t.name for t in teams_of(g))
    Game.objects.filter(pk=g.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now(),
                                        time_limit_at=timezone.now() + tournament.game_time_limit)
    page.goto(f"{live_server.url}/table/{g.table_token}/")
    expect(page.locator("#outbox[data-kept='1']")).to_have_count(1)  # the service worker has the page
    expect(page.locator("#hand-form h2")).to_have_text("Anotar mano 1")

    went_out(page, a, b, twos=1)
    expect(page.locator(f"#preview [data-side='{a}'] [data-hand-score]")).to_have_text("+5,690")
    page.get_by_role("button", name="Guardar mano 1").click()
    expect(page.locator(".msg")).to_contain_text("Mano 1 guardada.")
    expect(page.locator(f".total-card[data-side='{a}'] [data-total]")).to_have_text(points("5,690"))
    expect(page.locator("#hand-1 .badge.warn")).to_have_text("Sin confirmar")
    expect(page.locator("#hand-1 + tr .hand-over")).to_contain_text(f"Pase el teléfono a {b}")
    shot(page, "hand")

    # Going out without the book of twos Baja needs: refused, in Spanish, and nothing saved.
    went_out(page, a, b, twos=0)
    page.get_by_role("button", name="Guardar mano 2").click()
    refusal = page.locator(".entry-row.has-error, fieldset.choice.has-error").first
    expect(refusal).to_contain_text(f"{a}: cerró con 0 libros de doses")
    expect(page.locator("#hand-form")).to_contain_text("No se guardó.")
    expect(page.locator("#hand-form")).not_to_contain_text("went out")
    expect(page.locator("#id_s1_melded_points")).to_have_value("1235")
    assert Hand.objects.count() == 1
    shot(page, "refusal")

    # The Wi-Fi goes: the hand is kept on this phone, said in Spanish, and sent once it returns.
    go_offline(context, page)
    step(page, a, "Libros de doses", 1)
    expect(page.locator("#preview")).to_contain_text("Sin conexión")
    page.get_by_role("button", name="Guardar mano 2").click()
    kept = page.locator(".outbox-item")
    expect(kept).to_contain_text("Mano 2 — en este teléfono, aún sin enviar")
    expect(page.locator("#outbox")).to_contain_text("Guardado en este teléfono")
    expect(page.locator("#net-status")).to_contain_text("Sin conexión")
    expect(page.locator("#hand-form h2")).to_have_text("Anotar mano 3")
    shot(page, "offline")
    assert Hand.objects.count() == 1

    context.set_offline(False)
    expect(kept).to_have_count(0, timeout=20_000)
    expect(page.locator(f".total-card[data-side='{a}'] [data-total]")).to_have_text(points("11,380"))
    # The time in the page's Spanish (20:25), not the phone's Mexican 12-hour clock (8:25 p.m.), and
    # the same shape as every other clock on the page (no seconds: issue 39).
    expect(page.locator("#net-status")).to_have_text(re.compile(r"^Conectado · .* \d\d:\d\d$"))
    assert Hand.objects.count() == 2 and totals(g)[0] == 11380
    shot(page, "back-online")


def test_the_board_and_the_bracket_in_spanish_on_a_phone(live_server, page, organizer, tournament):
    _, (first, _second) = publish_division(tournament, starts_at=timezone.now() + dt.timedelta(minutes=20))
    here, away = (side.team for side in first.sides.order_by("slot").select_related("team"))
    client = Client()
    client.force_login(organizer)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])

    page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/gameday/")
    card = page.locator(f"#game-{first.pk}")
    expect(card).to_contain_text("Registro de llegada abierto")
    card.get_by_role("button", name=f"Registrar llegada de {here.name}").click()
    expect(page.locator(".msg")).to_contain_text(f"{here.name} registró su llegada en la mesa 1.")
    expect(card).not_to_contain_text("Check-in open")
    shot(page, "board")

    page.goto(f"{live_server.url}/t/{tournament.slug}/bracket/")
    expect(page.locator(f"#game-{first.pk}")).to_contain_text("Partida 1 · Mesa 1")
    expect(page.locator("h1")).to_contain_text("Cuadro")
    shot(page, "bracket")
