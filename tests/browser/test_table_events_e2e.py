"""Table-round events end to end in a real browser, phone first (390 px, a few pages at 1280 px):

- the club 4-deck game: sign-ups with couples, the partner draw and round 1 published from the
  organizer's pages, check-in and start from the round board, three hands at a table of two
  partnerships on its table page, the first table to finish getting +400 by itself, a tie for a
  medal played off after one click, medals on the public standings;
- the Rummikub day (17 players at tables of 4, 4, 3, 3, 3): hands at a 3- and a 4-player table, the
  time limit reached (only completed hands count), standings;
- the Fiji and cutthroat demos: "where do I sit?" finds a player, a table of 3-4 sides enters a hand.

The server's clock cannot be moved under a live browser, so the time limit is reached by setting the
round's time_limit_at in the past (an ORM update) and running the deadline sweep.
"""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from scoring import hands
from tests.browser.table_steps import (
    PASSWORD,
    choose,
    confirm_waiting_hands,
    log_in,
    no_overflow,
    playoff_to_medals,
    printed,
    shot,
    sides_of,
    step,
    tie_for_bronze,
)
from tests.formats.tables.events import table_event
from tournament.core import deadlines
from tournament.events import demo_tables
from tournament.formats.tables import results, signups
from tournament.models import Game, GameSide, TableBonus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organizer(transactional_db):
    return get_user_model().objects.create_user("organizer", password=PASSWORD)


@pytest.fixture
def accept_dialogs(phone):
    phone.on("dialog", lambda dialog: dialog.accept())
    return phone


# ---- the club 4-deck game -------------------------------------------------------------------------

CLUB_NAMES = ["Ann Lee", "Bob Lee", "Carmen Ruiz", "Dave Ruiz", "Eve Adams", "Frank Adams", "Gina Park", "Hal Park"]
STRONG = {"red_books": 2, "black_books": 2, "went_out": True, "exact_deals": 0, "melded_points": 400,
          "left_points": 0, "left_red_threes": 0}
WEAK = {"red_books": 1, "black_books": 0, "went_out": False, "exact_deals": 0, "melded_points": 300,
        "left_points": 60, "left_red_threes": 0}


def club_hand_in_browser(page, names, number):
    """names[0] goes out with 2 red and 2 black books, melding 400; names[1] has a red book, 300
    melded and 60 left; then the other side confirms, as one phone passed across the table does."""
    choose(page, "Who is entering", names[0])
    choose(page, "Who went out", names[0])
    step(page, names[0], "Red books", 2)
    step(page, names[0], "Black books", 2)
    page.fill("#id_s1_melded_points", "400")
    page.fill("#id_s1_left_points", "0")
    step(page, names[1], "Red books", 1)
    page.fill("#id_s2_melded_points", "300")
    page.fill("#id_s2_left_points", "60")
    if number == 1:
        shot(page, "club-table-entry-390")
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(".msg").first).to_contain_text(f"Hand {number} saved")
    page.get_by_role("button", name=f"I am {names[1]} — confirm").click()
    expect(page.locator(f"#hand-{number} .badge.ok")).to_contain_text(names[1])


def club_hands_by_service(game, hands_values):
    """A table's hands entered and confirmed through the scoring service (as its own phone would)."""
    names = sides_of(game)
    for number, values in enumerate(hands_values, start=1):
        hand, _ = hands.submit(game, number=number, values=values, key=f"e2e-{game.pk}-{number}", entered_by=names[0])
        hands.confirm(hand, version=hand.version, by=names[1], by_slot=2)


def test_the_club_game_from_sign_up_to_medals(live_server, accept_dialogs, organizer, browser):
    phone, base = accept_dialogs, live_server.url
    event = table_event("club-4deck", name="Club night", slug="club-night", game_time_limit=dt.timedelta(minutes=105))

    # Sign-ups at 390 px: a couple says who they came with; the rest sign up the same way.
    for index, name in enumerate(CLUB_NAMES[:2]):
        phone.goto(f"{base}/t/{event.slug}/join/")
        phone.fill("#id_name", name)
        phone.fill("#id_came_with", CLUB_NAMES[1 - index])
        if index == 0:
            shot(phone, "club-signup-390")
        phone.get_by_role("button", name="Sign up").click()
        expect(phone.locator("h1")).to_contain_text("You are signed up")
        expect(phone.locator("main")).to_contain_text(name)
    no_overflow(phone)
    for index, name in enumerate(CLUB_NAMES[2:], start=2):
        signups.register(event, name=name, came_with=CLUB_NAMES[index ^ 1])

    # The partner draw, from the organizer's page: couples are never partners.
    log_in(phone, base)
    phone.goto(f"{base}/organizer/t/{event.slug}/partners/")
    phone.get_by_role("button", name="Draw partners").click()
    phone.get_by_role("button", name="Publish partners", exact=False).click()
    expect(phone.locator(".msg").first).to_contain_text("Published 4 partnerships")
    shot(phone, "club-partners-390")
    for team in event.teams.prefetch_related("players"):
        surnames = {p.name.split()[1] for p in team.players.all()}
        assert len(surnames) == 2, f"{team} came together"

    # Round 1 seated and published, starting now.
    phone.goto(f"{base}/organizer/t/{event.slug}/rounds/")
    phone.get_by_role("button", name="Seat round 1").click()
    local_now = timezone.localtime(timezone.now(), event.tz)
    phone.fill("#id_starts_at", local_now.strftime("%Y-%m-%dT%H:%M"))
    phone.get_by_role("button", name="Publish round 1").click()
    expect(phone.locator(".msg").first).to_contain_text("Round 1 is published")
    shot(phone, "club-rounds-390")
    first, second = Game.objects.filter(division__tournament=event, round__number=1).order_by("number")

    # Check-in, seat by seat, and the start, from the round board.
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    card = phone.locator("#table-1")
    for name in sides_of(first):
        card.get_by_role("button", name=f"Check in {name}").click()
        expect(phone.locator("#table-1")).to_contain_text("✓ in")
    phone.locator("#table-1").get_by_role("button", name="Start table 1").click()
    expect(phone.locator("#table-1 .gd-status")).to_have_text("In play")
    shot(phone, "club-round-board-390")
    no_overflow(phone)
    Game.objects.filter(pk=second.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now())

    # Three hands at table 1 from its table link: it ends and is first, so +400 per partnership.
    names = sides_of(first)
    phone.locator("#table-1").get_by_role("link", name="Table page").click()
    for number in (1, 2, 3):
        club_hand_in_browser(phone, names, number)
    shot(phone, "club-table-finished-390")
    no_overflow(phone)
    award = TableBonus.objects.get(round__division__tournament=event)
    assert award.game_id == first.pk and award.points == 400

    # Table 2 plays the same hands but its second side melds 400 more in hand 1: level with
    # table 1's second side and its bonus, for the bronze medal.
    club_hands_by_service(second, [[STRONG, {**WEAK, "melded_points": 700}], [STRONG, WEAK], [STRONG, WEAK]])
    second.refresh_from_db()
    assert second.status == Game.Status.FINISHED and TableBonus.objects.get().game_id == first.pk

    phone.goto(f"{base}/t/{event.slug}/standings/")
    expect(phone.locator("tr.standing").first).to_contain_text("(+400 bonus)")
    expect(phone.locator(".badge.warn").first).to_contain_text("level for the bronze medal")
    shot(phone, "club-standings-tie-390")

    # One click creates the play-off; it is played; the medals are on the public standings.
    phone.goto(f"{base}/organizer/t/{event.slug}/standings/")
    phone.get_by_role("button", name="Create the play-off for the bronze medal").click()
    expect(phone.locator(".msg").first).to_contain_text("Play-off for the bronze medal created")
    playoff = Game.objects.get(round__name="Play-off for the bronze medal")
    Game.objects.filter(pk=playoff.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now())
    club_hands_by_service(playoff, [[STRONG, WEAK]] * 3)
    bronze = sides_of(playoff)[0]

    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    for page in (phone, desk):
        page.goto(f"{base}/t/{event.slug}/standings/")
        rows = page.locator("tr.standing")
        expect(rows.nth(0)).to_contain_text("Gold")
        expect(rows.nth(1)).to_contain_text("Silver")
        expect(rows.nth(2)).to_contain_text("Bronze")
        expect(rows.nth(2)).to_contain_text(bronze)
        expect(rows.nth(2)).to_contain_text("Play-off")
        expect(rows.nth(3)).not_to_contain_text("Bronze")
    shot(phone, "club-standings-medals-390")
    shot(desk, "club-standings-medals-1280")
    no_overflow(phone)
    final = results.standings(event)
    assert [row.medal for row in final.rows] == ["gold", "silver", "bronze", ""] and not final.ties
    printed(phone, base, event, "club", [row.name for row in final.rows[:3]])


# ---- the Rummikub day -----------------------------------------------------------------------------

def rummikub_hand(page, names, racks, jokers, number):
    """names[0] went out; the others hold these rack points and jokers."""
    choose(page, "Who is entering", names[0])
    choose(page, "Who went out", names[0])
    for slot, (name, points, joker) in enumerate(zip(names[1:], racks, jokers), start=2):
        page.fill(f"#id_s{slot}_rack_points", str(points))
        step(page, name, "Jokers on rack", joker)
    page.get_by_role("button", name=f"Save hand {number}").click()


def test_the_rummikub_day_hands_at_3_and_4_a_table_and_the_time_limit(live_server, phone, organizer, browser):
    base = live_server.url
    event = demo_tables.create_rummikub(timezone.now(), organizer, first_round_only=True)
    games = list(Game.objects.filter(division__tournament=event, round__number=1).order_by("number"))
    assert [len(sides_of(g)) for g in games] == [4, 4, 3, 3, 3]
    four, three = games[0], games[3]
    assert not three.hands.exists()

    log_in(phone, base)
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    shot(phone, "rummikub-round-board-390")
    no_overflow(phone)

    # A hand at a table of three, from its table link on the round board.
    names = sides_of(three)
    phone.locator(f"#table-{three.number}").get_by_role("link", name="Table page").click()
    rummikub_hand(phone, names, racks=[23, 41], jokers=[0, 1], number=1)
    expect(phone.locator(".msg").first).to_contain_text("Hand 1 saved")
    shot(phone, "rummikub-table-3-sides-390")
    no_overflow(phone)

    # The next hand at a table of four.
    names4 = sides_of(four)
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    phone.locator("#table-1").get_by_role("link", name="Table page").click()
    rummikub_hand(phone, names4, racks=[10, 20, 30], jokers=[0, 0, 0], number=2)
    expect(phone.locator(".msg").first).to_contain_text("Hand 2 saved")
    shot(phone, "rummikub-table-4-sides-390")

    # The time limit passes (the round's clock set back, then the deadline sweep, as the worker does),
    # every hand confirmed at its table first (an unconfirmed one would hold the result: RULES F1).
    confirm_waiting_hands(Game.objects.filter(division__tournament=event, round__number=1))
    before = {s.slot: s.total for s in GameSide.objects.filter(game=three)}
    past = timezone.now()  # just after the hands above were received: they are completed, so they count
    Game.objects.filter(division__tournament=event, round__number=1).update(time_limit_at=past)
    phone.goto(f"{base}/table/{three.table_token}/")
    expect(phone.get_by_role("button", name="Save hand 2")).to_have_count(0)  # no hand after the limit
    deadlines.sweep()
    three.refresh_from_db()
    assert three.status == Game.Status.FINISHED and three.result_reason == Game.Reason.TIME_LIMIT
    assert {s.slot: s.total for s in GameSide.objects.filter(game=three)} == before  # only the completed hand
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    expect(phone.locator(f"#table-{three.number} .gd-status")).to_have_text(f"{names[0]} won (time limit)")
    shot(phone, "rummikub-time-up-390")
    phone.goto(f"{base}/table/{three.table_token}/")
    expect(phone.locator("main")).to_contain_text("time limit")
    shot(phone, "rummikub-table-time-up-390")

    # The standings: every player, ranked by total; the winner of the table of three among them.
    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    for page in (phone, desk):
        page.goto(f"{base}/t/{event.slug}/standings/")
        expect(page.locator("tr.standing")).to_have_count(17)
        expect(page.locator("tr.standing .medal")).to_have_count(0)  # medals wait for the event to be decided
    shot(phone, "rummikub-standings-390")
    shot(desk, "rummikub-standings-1280")
    no_overflow(phone)
    winner = results.standings(event).rows
    assert [r.name for r in winner if r.name == names[0]] and winner[0].rank == 1

    # A tie for the bronze medal, played off after one click; the medals, then the printed PDFs.
    tie_for_bronze(event)
    phone.goto(f"{base}/t/{event.slug}/standings/")
    expect(phone.locator(".badge.warn").first).to_contain_text("level for the bronze medal")
    medalists = playoff_to_medals(phone, base, event)
    shot(phone, "rummikub-standings-medals-390")
    printed(phone, base, event, "rummikub", medalists[:3])

