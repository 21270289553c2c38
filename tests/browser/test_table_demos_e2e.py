"""The Fiji individual and cutthroat demos end to end in a real browser at 390 px (the club game and
the Rummikub day are in test_table_events_e2e.py):

- Fiji (14 players at tables of 5, 5, 4): "where do I sit?", a hand at a table of five — every
  column, field and button inside the 390 px screen — and at a table of four, the time limit, a
  three-way tie for the win (the three winners went out with the same hand) played off with one
  click, the medals, the PDFs;
- cutthroat (10 players at tables of 4, 3, 3; winners stay, losers move): tables started early
  from the round board, hands at a table of three and of four, the time limit, round 2 drawn on the
  organizer's page with each table's winner kept at its table and shown as staying on the public
  seating, round 2 played, a tie for a medal played off, the medals, the PDFs.

The other tables' hands go in through the scoring service, as their own phones would send them."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.table_steps import (
    PASSWORD,
    book_hand,
    every_control_on_screen,
    find_seat,
    hand_by_service,
    log_in,
    no_overflow,
    playoff_to_medals,
    printed,
    shot,
    sides_of,
    tie_for_bronze,
    time_up,
)
from tournament.events import demo_tables
from tournament.formats.tables import results, rounds
from tournament.models import Game, TableEvent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organizer(transactional_db):
    return get_user_model().objects.create_user("organizer", password=PASSWORD)


def games_of(event, number=1):
    return list(Game.objects.filter(division__tournament=event, round__number=number).order_by("number"))


def test_fiji_individual_from_the_seating_to_medals_and_print(live_server, phone, organizer):
    base = live_server.url
    event = demo_tables.create_fiji(timezone.now(), organizer)
    games = games_of(event)
    assert [len(sides_of(g)) for g in games] == [5, 5, 4]
    find_seat(phone, base, event, "Kim Diaz")
    shot(phone, "fiji-find-seat-390")
    no_overflow(phone)

    # A table of five on its phone page: every column and button on screen, before and after a hand.
    five, four = games[1], games[2]
    phone.goto(f"{base}/table/{five.table_token}/")
    every_control_on_screen(phone)
    shot(phone, "fiji-table-5-sides-390")
    book_hand(phone, sides_of(five), 1)
    every_control_on_screen(phone)
    shot(phone, "fiji-table-5-sides-saved-390")
    phone.goto(f"{base}/table/{four.table_token}/")
    book_hand(phone, sides_of(four), 1)
    shot(phone, "fiji-table-4-sides-390")
    no_overflow(phone)

    # The time limit: every table ends with the hands completed before it.
    time_up(games)
    assert [g.status for g in games_of(event)] == [Game.Status.FINISHED] * 3
    phone.goto(f"{base}/t/{event.slug}/seating/")
    expect(phone.locator("article.tp-table .badge", has_text="Finished")).to_have_count(3)

    # The three table winners went out with the same hand: level for the win, played off.
    tie = results.standings(event).ties[0]
    assert tie.rank == 1 and len(tie.entrants) == 3
    phone.goto(f"{base}/t/{event.slug}/standings/")
    expect(phone.locator(".badge.warn").first).to_contain_text("3 are level for the win")
    shot(phone, "fiji-standings-tie-390")
    log_in(phone, base)
    medalists = playoff_to_medals(phone, base, event)
    shot(phone, "fiji-standings-medals-390")
    no_overflow(phone)
    printed(phone, base, event, "fiji", medalists[:3])


def test_cutthroat_winners_stay_from_the_seating_to_medals_and_print(live_server, phone, organizer, browser):
    base = live_server.url
    phone.on("dialog", lambda dialog: dialog.accept())  # "Publish round 2 …?"
    event = demo_tables.create_cutthroat(timezone.now(), organizer, seated_only=True)
    # Test setup: the demo publishes round 1 at once, after which the settings are fixed.
    TableEvent.objects.filter(pk=rounds.event_settings(event).pk).update(movement=TableEvent.Movement.WINNERS_STAY)
    games = games_of(event)
    assert [len(sides_of(g)) for g in games] == [4, 3, 3]
    find_seat(phone, base, event, "Ivy Chen")
    shot(phone, "cutthroat-find-seat-390")

    # Tables of four and of three started early from the round board; a hand at each.
    log_in(phone, base)
    for game in games[:2]:
        phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
        # A start checks no one in (issue 34): the organizer checks each seat in first.
        for side in sides_of(game):
            phone.locator(f"#table-{game.number}").get_by_role("button", name=f"Check in {side}").click()
            expect(phone.locator(f"#table-{game.number}").get_by_role("button", name=f"Check in {side}")).to_have_count(0)
        phone.locator(f"#table-{game.number}").get_by_role("button", name="Start early").click()
        expect(phone.locator(f"#table-{game.number} .gd-status")).to_have_text("In play")
        phone.locator(f"#table-{game.number}").get_by_role("link", name="Table page").click()
        book_hand(phone, sides_of(game), 1)
        shot(phone, f"cutthroat-table-{len(sides_of(game))}-sides-390")
        every_control_on_screen(phone)
    hand_by_service(games[2], winner_slot=2)

    # Round 2 can't be drawn while a table plays; at the time limit every table ends.
    phone.goto(f"{base}/organizer/t/{event.slug}/rounds/")
    expect(phone.locator("#winners-waiting")).to_contain_text("tables 1, 2 and 3 are still playing")
    time_up(games)
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    winners = [sides_of(games[0])[0], sides_of(games[1])[0], sides_of(games[2])[1]]
    expect(phone.locator("#table-3 .gd-status")).to_have_text(f"{winners[2]} won (time limit)")

    # Round 2, winners staying: the rounds page names them, the draw keeps them, the public page shows it.
    phone.goto(f"{base}/organizer/t/{event.slug}/rounds/")
    for number, name in enumerate(winners, start=1):
        expect(phone.locator("#winners-stay")).to_contain_text(f"Table {number}: {name} won and stays at table {number}.")
    phone.fill("#seed", "7")
    phone.get_by_role("button", name="Seat round 2").click()
    phone.fill("#id_starts_at", timezone.localtime(timezone.now(), event.tz).strftime("%Y-%m-%dT%H:%M"))
    phone.get_by_role("button", name="Publish round 2").click()
    expect(phone.locator(".msg").first).to_contain_text("Round 2 is published")
    shot(phone, "cutthroat-round-2-winners-stay-390")
    second = games_of(event, 2)
    assert [sides_of(g).count(w) for g, w in zip(second, winners)] == [1, 1, 1]
    phone.goto(f"{base}/t/{event.slug}/seating/2/")
    for number, name in enumerate(winners, start=1):
        expect(phone.locator(f"#table-{number}")).to_contain_text(f"{name} won table {number} last round and stays")
    expect(phone.locator(".badge", has_text="Stayed")).to_have_count(3)
    shot(phone, "cutthroat-public-seating-round-2-390")
    no_overflow(phone)

    # Round 2 played and over; a three-way tie for the bronze played off; medals; print.
    for game in second:
        hand_by_service(game, winner_slot=1)
    time_up(second)
    tie_for_bronze(event, size=3)  # cutthroat plays 3 or 4 a table, a play-off too
    medalists = playoff_to_medals(phone, base, event)
    shot(phone, "cutthroat-standings-medals-390")
    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    desk.goto(f"{base}/t/{event.slug}/standings/")
    shot(desk, "cutthroat-standings-medals-1280")
    printed(phone, base, event, "cutthroat", medalists[:3])
