"""A table event's phone page (a table of four, Rummikub) through dead Wi-Fi: the page notes the
table was heard, a hand saved offline is kept on the phone and saved once when the connection
returns, with the engine's totals for every seat."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import Hand
from tests.browser.dead_wifi import go_offline
from tests.browser.shown_totals import points
from tests.browser.test_table_event_390 import enter_rummikub_hand
from tests.formats.tables.events import sign_up, table_event
from tests.formats.tables.played import start_seated
from tournament.formats.tables import drawing, rounds
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def total(page, name):
    return page.locator(f".total-card[data-side='{name}'] [data-total]")


@pytest.fixture
def four(transactional_db):
    """A Rummikub table of four players, started."""
    event = table_event("rummikub")
    sign_up(event, "Ann", "Bob", "Cy", "Dee")
    rounds.save_round(event, 1, drawing.draw_seating(event, 1, 4), 4, timezone.now() - timezone.timedelta(minutes=5))
    game = Game.objects.get(division__tournament=event)
    return start_seated(game, now=timezone.now())


def test_a_hand_kept_offline_at_a_table_of_four_is_saved_once(live_server, phone, context, four):
    assert four.sides.count() == 4 and four.status == Game.Status.IN_PLAY
    names = [str(s) for s in four.sides.order_by("slot")]
    phone.goto(f"{live_server.url}/table/{four.table_token}/")
    expect(phone.locator("#outbox[data-kept='1']")).to_have_count(1)
    heard = Game.objects.get(pk=four.pk).last_heard_at
    assert heard is not None and timezone.now() - heard < timezone.timedelta(minutes=1)

    go_offline(context, phone)
    enter_rummikub_hand(phone, names, racks=[23, 41, 10], jokers=[0, 1, 0])
    phone.get_by_role("button", name="Save hand 1").click()
    item = phone.locator(".outbox-item")
    expect(item).to_contain_text("Hand 1 — on this phone, not sent yet")
    expect(item).to_contain_text(f"{names[2]}: rack points 41 · jokers on rack 1")
    expect(phone.locator("#net-status")).to_contain_text("No connection")
    assert not Hand.objects.filter(game=four).exists()

    context.set_offline(False)
    expect(phone.locator(".outbox-item")).to_have_count(0)
    expect(total(phone, names[0])).to_have_text(points("104"))  # 23 + 41 + 30 for the joker + 10
    expect(total(phone, names[2])).to_have_text(points("−71"))
    assert Hand.objects.filter(game=four).count() == 1
    totals = list(GameSide.objects.filter(game=four).order_by("slot").values_list("total", flat=True))
    assert totals == [104, -23, -71, -10]
