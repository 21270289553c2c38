"""A spectator's phone shows the bracket and sees a result arrive without reloading the page."""

import os

import pytest
from playwright.sync_api import expect

from tests.formats.bracket.draw.test_brackets_support import published, teams_of
from tournament.formats.bracket import advancement
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def _score(g, totals, winner_slot=None):
    for side, total in zip(g.sides.order_by("slot"), totals):
        GameSide.objects.filter(pk=side.pk).update(total=total)
    if winner_slot is None:
        Game.objects.filter(pk=g.pk).update(status=Game.Status.IN_PLAY, version=g.version + 1)
    else:
        advancement.finish_game(g, teams_of(g)[winner_slot], reason="score")


def test_a_result_appears_on_the_phone_bracket_without_reload(live_server, phone, page):
    tournament, teams = published(13, slug="bayfest", name="Bayfest 2026")
    playable = [g for g in Game.objects.filter(division__tournament=tournament, division__kind="d1", round__number=1, status="ready").order_by("number")]
    _score(playable[0], (5120, 3475), winner_slot=0)
    _score(playable[1], (2210, 1890))  # in play
    target = playable[2]
    winner = teams_of(target)[1]

    phone.goto(f"{live_server.url}/t/bayfest/bracket/d1/")
    expect(phone.locator(f"#game-{playable[1].pk} .total").first).to_have_text("2,210")
    phone.evaluate("window.__sameDocument = true")
    next_game = Game.objects.get(sides__fed_by=target)
    slot = phone.locator(f"#game-{next_game.pk}")
    expect(slot).not_to_contain_text(winner.name)
    shot(phone, "bracket-13-teams-390")

    _score(target, (3000, 5005), winner_slot=1)

    expect(slot).to_contain_text(winner.name, timeout=15_000)
    expect(phone.locator(f"#game-{target.pk}")).to_contain_text("Finished")
    assert phone.evaluate("window.__sameDocument") is True  # the page was never reloaded

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/t/bayfest/bracket/")
    expect(page.locator("section.division")).to_have_count(3)
    shot(page, "bracket-13-teams-1280")
