"""Issue 34 on a 390 px phone, in English and in Spanish: at a Rummikub table in play the organizer
marks on the round board that P3 left during the game (RULES-DECISIONS S4); the public seating then
marks P3 as having left and, at the other table, P6 (started without) as absent — every page asks
tournament.core.seat_state.

Screenshots: /work/tmp/shots/left-<lang>-*.png."""

import os

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring import hands
from tests.browser.table_steps import no_overflow
from tests.formats.tables.played import players_round, start_seated
from tournament.formats.tables import play
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"
PASSWORD = "left-390-pw"
RACK = {"went_out": False, "rack_points": 0, "rack_jokers": 0}
WORDS = {
    "en": {"open": "Left the table…", "button": "Left during the game: absent from the next hand, withdrawn",
           "done": "P3 left table 1 after hand 2", "badge": "Left after hand 2", "left": "left the table (withdrawn)",
           "absent": "absent (no-show)"},
    "es": {"open": "Dejó la mesa…", "button": "Se fue durante la partida: ausente desde la siguiente mano, retirado",
           "done": "P3 dejó la mesa 1 después de la mano 2", "badge": "Se fue después de la mano 2",
           "left": "dejó la mesa (retirado)", "absent": "ausente (no se presentó)"},
}


def shot(page, lang, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/left-{lang}-{name}.png", full_page=True)


def two_tables():
    """Table 1 (P1–P3) in play with two hands saved; table 2 started without P6 (absent)."""
    event, (one, two) = players_round("rummikub", 3, 3)
    start_seated(one)
    for number in (1, 2):
        hands.submit(one, number=number, values=[{**RACK, "went_out": True}, {**RACK, "rack_points": 10},
                                                 {**RACK, "rack_points": 20}], key=f"h{number}", entered_by="1")
    GameSide.objects.filter(game=two, slot__in=[1, 2]).update(checked_in_at=two.starts_at)
    play.start_table(Game.objects.get(pk=two.pk), without_missing=True)
    user = get_user_model().objects.get(username="organizer")
    user.set_password(PASSWORD)
    user.save()
    return event, one


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_player_leaves_mid_game_and_the_public_seating_marks_who_left_and_who_is_absent(live_server, phone, lang):
    base, w = live_server.url, WORDS[lang]
    phone.context.set_extra_http_headers({"Accept-Language": lang})
    event, one = two_tables()
    phone.goto(f"{base}/accounts/login/")
    phone.fill("#id_username", "organizer")
    phone.fill("#id_password", PASSWORD)
    phone.locator("main button[type=submit], main input[type=submit]").first.click()
    phone.wait_for_url(lambda url: "/accounts/login/" not in url)

    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/1/")
    seat = phone.locator("#table-1 li", has_text="P3")
    seat.locator("summary", has_text=w["open"]).click()
    expect(seat.get_by_role("button", name=w["button"])).to_be_visible()
    no_overflow(phone)
    shot(phone, lang, "board-leave-open")
    seat.get_by_role("button", name=w["button"]).click()
    expect(phone.locator(".msg").first).to_contain_text(w["done"])
    expect(phone.locator("#table-1 li", has_text="P3").locator(".badge.bad")).to_contain_text(w["badge"])
    no_overflow(phone)
    shot(phone, lang, "board-left")
    assert GameSide.objects.get(game=one, player__name="P3").left_after_hand == 2

    phone.context.clear_cookies()  # a visitor
    phone.goto(f"{base}/t/{event.slug}/seating/")
    expect(phone.locator("#table-1 li", has_text="P3").locator(".seat-state")).to_have_text(w["left"])
    expect(phone.locator("#table-2 li", has_text="P6").locator(".seat-state")).to_have_text(w["absent"])
    expect(phone.locator("#table-1 li", has_text="P1").locator(".seat-state")).to_have_count(0)
    no_overflow(phone)
    shot(phone, lang, "public-seating")
