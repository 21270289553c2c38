"""Issue 39, walked in Spanish in a browser: a team leaves Division 1 after the draw and keeps
Division 2. The organizer withdraws it from Division 1 alone on its withdraw page, undoes it, does
it again; its Division 1 game is a walkover "retirado" — never "por ausencia" — on the organizer's
game page, the board, the public bracket, the TV and the printed chart; the opponent advances; the
team wins Division 2, plays the final and is champion."""

import io

import pypdf
import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.formats.bracket.draw.test_brackets_support import final_game, game, teams_of
from tests.formats.bracket.test_one_division_withdrawal import event
from tests.gameday.test_advancement_engine import play_out
from tournament.formats.bracket import advancement
from tournament.models import Division, Game, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"
NO_SHOW_WORDS = ("Gana por ausencia", "gana por ausencia", "No se presentó", "pierde por no presentarse",
                 "pierde por ausencia", "Sin compañero")


def shot(page, name):
    page.screenshot(path=f"{SHOTS}/withdraw39-{name}.png", full_page=True)


def whole_at_laptop_width(page, name):
    """The page on the organizer's laptop (1280 px): nothing wider than the screen; photographed."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    no_no_show(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    shot(page, f"{name}-1280")
    page.set_viewport_size({"width": 390, "height": 844})


def no_no_show(page):
    text = page.locator("body").inner_text()
    for words in NO_SHOW_WORDS:
        assert words not in text, (page.url, words)


def test_a_team_leaves_division_1_keeps_division_2_and_wins_the_final(live_server, browser, organizer):
    tournament = event(8)
    Tournament.objects.filter(pk=tournament.pk).update(language="es", name="Bayfest 2026")
    first = game(tournament, "d1", 1, 1)
    leaving, opponent = teams_of(first)
    d1 = Division.objects.get(tournament=tournament, kind="d1")
    client = Client()
    client.force_login(organizer)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-MX")
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    url = live_server.url + reverse("gameday:withdraw_team", args=[tournament.slug, leaving.pk])

    def withdraw_from_division_1(reason):
        page.goto(url)
        page.get_by_label("Solo División 1").check()
        page.get_by_label("Motivo (queda en el historial)").fill(reason)
        page.get_by_role("button", name=f"Retirar a {leaving.name}").click()
        expect(page.locator("body")).to_contain_text(f"{leaving.name} dejó División 1 y sigue en el resto del evento.")

    withdraw_from_division_1("le duele la espalda")
    shot(page, "withdrawn-390")
    whole_at_laptop_width(page, "withdrawn")
    assert Game.objects.get(pk=first.pk).winner == opponent
    # Undone before the next game starts: the game is to be played again; then withdrawn for good.
    page.get_by_role("button", name="Deshacer: vuelve a División 1").click()
    expect(page.locator("body")).to_contain_text(f"{leaving.name} vuelve a División 1.")
    assert Game.objects.get(pk=first.pk).status == Game.Status.READY
    withdraw_from_division_1("se lastimó la espalda")
    assert page.locator("body").inner_text().count("Solo División 2") == 1  # it still plays Division 2

    # Every page says "withdrawn", none says "no-show".
    for path, name in ((reverse("gameday:game", args=[tournament.slug, first.pk]), "game"),
                       (reverse("gameday:board", args=[tournament.slug]), "board"),
                       (reverse("brackets:division", args=[tournament.slug, "d1"]), "bracket"),
                       (reverse("live:team", args=[tournament.slug, opponent.pk]), "opponent")):
        page.goto(live_server.url + path)
        no_no_show(page)
        shot(page, f"{name}-390")
        whole_at_laptop_width(page, name)
    page.goto(live_server.url + reverse("brackets:division", args=[tournament.slug, "d1"]))
    expect(page.locator("body")).to_contain_text("El rival se retiró")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(live_server.url + reverse("live:tv", args=[tournament.slug]))
    no_no_show(page)
    shot(page, "tv-1280")
    pdf = client.get(reverse("printing:chart", args=[tournament.slug, d1.pk, "current"]), HTTP_ACCEPT_LANGUAGE="es")
    chart = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.content)).pages)
    assert "se retiró" in chart and "presentarse" not in chart and "ausencia" not in chart

    # Both divisions to the final: the opponent goes on in Division 1, the team wins Division 2.
    d1_champion = play_out(tournament, "d1", favourite=opponent)
    assert d1_champion == opponent
    assert play_out(tournament, "d2", favourite=leaving) == leaving
    final = final_game(tournament)
    assert set(teams_of(final)) == {opponent, leaving} and final.status == Game.Status.READY
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + reverse("brackets:division", args=[tournament.slug, "final"]))
    expect(page.locator("body")).to_contain_text(leaving.name)
    no_no_show(page)
    shot(page, "final-390")
    advancement.finish_game(final, leaving, reason="score")
    page.goto(live_server.url + reverse("public:home", args=[tournament.slug]))
    expect(page.locator(".lv-champion")).to_contain_text(leaving.name)
    shot(page, "champion-390")
    whole_at_laptop_width(page, "champion")
    context.close()
