"""The club demo's play-off (two partnerships level for the win) on a 390 px phone, in English and in
Spanish: the table phone seats partners opposite (N and S against E and W), the public seating names
the play-off by its name with the same seats, and the printed table card says so too (issue 34).

Screenshots go to /work/tmp/shots/playoff-partners-*.png for a person to look at."""

import os

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.table_steps import PASSWORD, log_in, no_overflow
from tests.printing.test_printing_helpers import flat, page_png, pdf_text
from tournament.events import demo_tables
from tournament.models import Game, Player, SeatingDraw

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"
WORDS = {
    "en": {"compass": ["N", "E", "S", "W"], "seats": "Seats:", "playoff": "Play-off for the win", "tab": "Play-off"},
    "es": {"compass": ["N", "E", "S", "O"], "seats": "Lugares:", "playoff": "Desempate por el primer lugar",
           "tab": "Desempate"},
}


def shot(page, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/playoff-partners-{name}.png", full_page=True)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_play_off_in_partnerships_seats_partners_opposite_on_the_phone_the_seating_and_the_card(
        live_server, phone, language):
    base = live_server.url
    organizer = get_user_model().objects.create_user("organizer", password=PASSWORD)
    event = demo_tables.create_club(timezone.now(), organizer)
    record = SeatingDraw.objects.get(tournament=event, playoff=True)
    game = Game.objects.get(division__tournament=event, round__number=record.round_number)
    names = dict(Player.objects.filter(tournament=event).values_list("pk", "name"))
    teams = dict(Player.objects.filter(tournament=event).values_list("pk", "team_id"))
    seats = record.seats[0]
    assert teams[seats[0]] == teams[seats[2]] and teams[seats[1]] == teams[seats[3]] != teams[seats[0]]
    words = WORDS[language]
    phone.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])

    phone.goto(f"{base}/table/{game.table_token}/")
    positions = phone.locator("#seat-positions")
    expect(positions).to_contain_text(words["seats"])
    expected = " · ".join(f"{letter} {names[p]}" for letter, p in zip(words["compass"], seats))
    assert expected in " ".join(positions.inner_text().split())
    no_overflow(phone)
    shot(phone, f"phone-{language}")

    phone.goto(f"{base}/t/{event.slug}/seating/{record.round_number}/")
    expect(phone.locator("nav.tp-rounds [aria-current=page]")).to_have_text(words["tab"])
    expect(phone.locator("main")).to_contain_text(words["playoff"])
    table = phone.locator("article.tp-table").first
    listed = [" ".join(t.split()) for t in table.locator("li bdi").all_inner_texts()]
    assert listed[::2] == [names[p] for p in seats]  # each seat: its player, then "partner …"
    no_overflow(phone)
    shot(phone, f"seating-{language}")

    log_in(phone, base)
    phone.context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])
    pdf = phone.request.get(f"{base}{reverse('printing:cards', args=[event.slug, game.round_id])}?paper=letter").body()
    card = flat(pdf_text(pdf, 1))
    assert any(w["playoff"] in card for w in WORDS.values())  # printed in the event's own language
    compass = [("North", "East", "South", "West"), ("Norte", "Este", "Sur", "Oeste")]  # the event's language
    assert any(" ".join(f"{label} {names[p]}" for label, p in zip(labels, seats)) in card for labels in compass), card
    if os.path.isdir(SHOTS):
        with open(f"{SHOTS}/playoff-partners-card-{language}.png", "wb") as out:
            out.write(page_png(pdf, 1, dpi=80))
