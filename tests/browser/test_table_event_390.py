"""The Rummikub demo on phones (390 px): a player finds their seat by name; the organizer opens a
3-player and a 4-player table from the round board and enters a hand at each on the table's
phone page; the hand is on the public read-only sheet."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from tournament.events import demo_tables
from tournament.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"


def shot(page, name):
    try:
        page.screenshot(path=f"{SHOTS}/tables-{name}.png", full_page=True)
    except OSError:
        pass  # no folder to keep them in: the test is what counts


def choose(page, group, name):
    page.locator(f"fieldset.choice:has(legend:text-is('{group}')) label.segment", has_text=name).click()


def enter_rummikub_hand(page, names, racks, jokers):
    """The first name went out; the others hold these rack points and jokers."""
    choose(page, "Who is entering", names[0])
    choose(page, "Who went out", names[0])
    for slot, (name, points, joker) in enumerate(zip(names[1:], racks, jokers), start=2):
        page.fill(f"#id_s{slot}_rack_points", str(points))
        for _ in range(joker):
            page.get_by_role("button", name=f"{name} Jokers on rack plus one", exact=True).click()


@pytest.fixture
def rummikub(transactional_db):
    user = get_user_model().objects.create_user("organizer", password="table-pages-1")
    return demo_tables.create_rummikub(timezone.now(), user, first_round_only=True)


def log_in(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "organizer")
    page.fill("#id_password", "table-pages-1")
    page.locator("main button[type=submit], main input[type=submit]").first.click()


def test_the_rummikub_day_on_a_phone(live_server, phone, rummikub):
    base = live_server.url
    ivy = Game.objects.get(division__tournament=rummikub, sides__player__name="Ivy Chen")

    # Where do I sit? by name, and the link can be shared.
    phone.goto(f"{base}/t/{rummikub.slug}/seating/")
    phone.fill("#find-name", "ivy chen")
    phone.get_by_role("button", name="Find").click()
    expect(phone.locator(".tp-found")).to_contain_text(f"Table {ivy.number}, seat")
    expect(phone.locator("article.tp-table")).to_have_count(1)
    assert "name=ivy" in phone.url
    shot(phone, "find-seat-390")

    # The organizer opens a table of three from the round board and enters a hand.
    three = Game.objects.filter(division__tournament=rummikub, hands__isnull=True).order_by("number").first()
    assert three.sides.count() == 3
    log_in(phone, base)
    phone.goto(f"{base}/organizer/t/{rummikub.slug}/round-board/")
    phone.locator(f"#table-{three.number}").get_by_role("link", name="Table page").click()
    names = [str(s) for s in three.sides.order_by("slot")]
    expect(phone.locator("h1")).to_contain_text(names[0])
    enter_rummikub_hand(phone, names, racks=[23, 41], jokers=[0, 1])
    shot(phone, "table-3-sides-390")
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator(".msg").first).to_contain_text("Hand 1 saved")

    phone.goto(f"{base}/t/{rummikub.slug}/games/{three.pk}/sheet/")
    # The event asks the other side to confirm each hand (RULES F1): until then the totals are marked
    # and nothing counts yet.
    expect(phone.locator(f".total-card[data-side='{names[0]}'] [data-total]")).to_have_text("94* (0 confirmed)")
    expect(phone.locator(f".total-card[data-side='{names[2]}'] [data-total]")).to_have_text("−71* (0 confirmed)")
    shot(phone, "public-sheet-3-sides-390")

    # A table of four: the next hand on its sheet.
    four = Game.objects.get(division__tournament=rummikub, number=1)
    assert four.sides.count() == 4
    names = [str(s) for s in four.sides.order_by("slot")]
    phone.goto(f"{base}/organizer/t/{rummikub.slug}/round-board/")
    phone.locator("#table-1").get_by_role("link", name="Table page").click()
    enter_rummikub_hand(phone, names, racks=[10, 20, 30], jokers=[0, 0, 0])
    shot(phone, "table-4-sides-390")
    phone.get_by_role("button", name="Save hand 2").click()
    expect(phone.locator(".msg").first).to_contain_text("Hand 2 saved")
    assert four.hands.count() == 2

    # The public seating shows the hands now.
    phone.goto(f"{base}/t/{rummikub.slug}/seating/")
    expect(phone.locator(f"#table-{three.number}")).to_contain_text("1 hand")
    expect(phone.locator("#table-1")).to_contain_text("2 hands")
