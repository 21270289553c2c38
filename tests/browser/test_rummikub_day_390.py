"""Issue 23, done when: an organizer runs a 17-player Rummikub day alone on a 390 px phone, in
English and in Spanish (a browser speaking es-MX at an event held in Spanish).

Two players sign up on the phone (the "you are signed up" page), the house rules are looked at, the
organizer picks one hand a round with winners staying, round 1 is seated 4, 4, 3, 3, 3 and started,
a player leaves after the draw (withdrawn; not seated in round 2), a table's clock is paused and
resumed, hands are entered at a table of 3 and a table of 4 on their table pages (the other tables
through the scoring service, as their own phones would), round 2 is seated with each table's winner
staying at their table (said on the seating page), played, and the event is finished with its medals.

Screenshots go to /work/tmp/shots/rummikub23-<lang>-*.png for a person to look at."""

import datetime as dt
import os

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import expect

import rules
from scoring import hands
from tests.browser.table_steps import no_overflow, sides_of
from tests.factories import UserFactory
from tests.formats.tables.events import table_event
from tests.formats.tables.played import start_seated
from tournament.formats.tables import results, signups
from tournament.models import Game, GameSide, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/work/tmp/shots"
PUBLISHED = "Round %(number)s is published (draw number %(seed)s); its tables are ready."
NAMES = [
    "Ana Soto", "Beto Cruz", "Carla Ruiz", "Diego Paz", "Elena Vega", "Fer Luna", "Gabi Mora", "Hugo Rios",
    "Iris Leon", "Juan Sol", "Karla Mar", "Luis Oro", "Marta Gil", "Nico Paz", "Olga Rey", "Pepe Luz", "Quique Ros",
]


def shot(page, lang, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/rummikub23-{lang}-{name}.png", full_page=True)


def racks(game: Game, winner: str, offset: int) -> list[dict]:
    """One Rummikub hand: `winner` goes out; the others hold rack points that differ from table to
    table (offset), so no two players end the day level."""
    values = []
    for slot, name in enumerate(sides_of(game), start=1):
        wanted = {"went_out": True} if name == winner else {"rack_points": offset + 3 * slot}
        values.append({f: wanted.get(f, False if f == "went_out" else 0) for f in rules.side_fields("rummikub")})
    return values


def hand_by_service(game: Game, winner: str, offset: int) -> None:
    """A table's one hand, entered and confirmed through the scoring service (its own phones)."""
    names = sides_of(game)
    hand, _ = hands.submit(game, number=1, values=racks(game, winner, offset), key=f"day-{game.pk}", entered_by=names[0])
    confirmer = next(n for n in names if n != names[0])
    hands.confirm(hand, version=hand.version, by=confirmer, by_slot=names.index(confirmer) + 1)


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("es", "es-MX")])
def test_a_rummikub_day_over_two_rounds_with_winners_staying(live_server, browser, lang, locale):
    base = live_server.url

    def t(text, **values):
        with translation.override(lang):
            said = gettext(text) % values if values else gettext(text)
        return said.replace("<bdi>", "").replace("</bdi>", "")

    organizer = UserFactory(username="organizer", password="rummikub-day-23")
    event = table_event("rummikub", name="Rummikub day", slug=f"rummikub-day-{lang}", language=lang,
                        organizers=[organizer], game_time_limit=dt.timedelta(minutes=90))
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    phone = context.new_page()
    phone.on("dialog", lambda dialog: dialog.accept())

    # Sign-ups: two players on the phone, each seeing what happens next; the rest at the desk.
    for name in NAMES[:2]:
        phone.goto(f"{base}/t/{event.slug}/join/")
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        phone.fill("#id_name", name)
        phone.get_by_role("button", name=t("Sign up"), exact=True).click()
        expect(phone.locator("h1")).to_have_text(t("You are signed up"))
        expect(phone.locator("body")).to_contain_text(name)
    shot(phone, lang, "signed-up")
    no_overflow(phone)
    for name in NAMES[2:]:
        signups.register(event, name=name)

    client = Client()
    client.force_login(organizer)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}])

    # The house rules page: what the day is played to.
    phone.goto(f"{base}/organizer/t/{event.slug}/rules/")
    expect(phone.locator("h1")).to_contain_text(t("House rules of <bdi>%(name)s</bdi>", name="Rummikub day"))
    shot(phone, lang, "house-rules")
    no_overflow(phone)

    # Round settings: one hand a round, winners stay; round 1 seated for 17 players.
    phone.goto(f"{base}/organizer/t/{event.slug}/rounds/")
    phone.fill("#id_hands_per_round", "1")
    phone.locator("#id_movement").select_option("winners_stay")
    phone.get_by_role("button", name=t("Save settings")).click()
    expect(phone.locator("#id_movement")).to_have_value("winners_stay")
    phone.get_by_role("button", name=t("Seat round %(number)s", number=1)).click()
    seated = phone.locator("#next-round ol.seating > li")
    expect(seated).to_have_count(5)
    seat_counts = [len(seated.nth(i).locator(".muted").inner_text().split(":", 1)[1].split(",")) for i in range(5)]
    assert seat_counts == [4, 4, 3, 3, 3], seat_counts
    phone.fill("#id_starts_at", timezone.localtime(timezone.now(), event.tz).strftime("%Y-%m-%dT%H:%M"))
    phone.get_by_role("button", name=t("Publish round %(number)s", number=1)).click()
    expect(phone.locator(".msg").first).to_contain_text(t(PUBLISHED, number=1, seed="").split(" (")[0])
    shot(phone, lang, "rounds-published")
    games = list(Game.objects.filter(division__tournament=event, round__number=1).order_by("number"))
    assert [len(sides_of(g)) for g in games] == [4, 4, 3, 3, 3]

    # Every table started from the round board.
    # A start checks no one in (issue 34): every seat is checked in on the board first.
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    for game in games:
        for name in sides_of(game):
            check_in = phone.locator(f"#table-{game.number}").get_by_role("button", name=t("Check in %(side)s", side=name), exact=True)
            check_in.click()
            expect(check_in).to_have_count(0)
    phone.get_by_role("button", name=t("Start every seated table")).click()
    expect(phone.locator("#table-5 .gd-status")).to_have_text(t("In play"))
    shot(phone, lang, "round-board")
    no_overflow(phone)

    # A player at table 5 has to leave: withdrawn after the draw (their table plays on without a
    # new seat; round 2 is drawn without them).
    leaving = sides_of(games[4])[2]
    phone.goto(f"{base}/organizer/t/{event.slug}/players/")
    phone.locator("tr, li", has_text=leaving).get_by_role("link", name=t("Substitute or withdraw")).first.click()
    phone.locator("#withdraw button[type=submit]").click()
    expect(phone.locator("body")).to_contain_text(t("Withdrew %(name)s.", name=leaving))
    expect(phone.locator(".badge.bad").first).to_have_text(t("withdrawn"))
    shot(phone, lang, "withdrawn")
    no_overflow(phone)
    assert Player.objects.get(tournament=event, name=leaving).table_entry.withdrawn_at is not None

    # Table 2's clock paused (a dispute) and resumed, from "Manage" on the round board.
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    phone.locator("#table-2").get_by_role("link", name=t("Manage")).click()
    phone.fill("#pause-reason", "dispute" if lang == "en" else "disputa")
    phone.get_by_role("button", name=t("Pause the clock")).click()
    expect(phone.locator("#clock .badge.warn")).to_have_text(t("Paused"))
    shot(phone, lang, "clock-paused")
    no_overflow(phone)
    phone.get_by_role("button", name=t("Resume the clock")).click()
    expect(phone.get_by_role("button", name=t("Pause the clock"))).to_be_visible()
    assert Game.objects.get(pk=games[1].pk).paused_at is None

    # The one hand at a table of 3 (table 4) and at a table of 4 (table 1), on their table pages.
    for game, rack in ((games[3], [23, 41]), (games[0], [12, 20, 31])):
        names = sides_of(game)
        phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
        phone.locator(f"#table-{game.number}").get_by_role("link", name=t("Table page")).click()
        phone.locator(f"fieldset.choice:has(legend:text-is('{t('Who is entering')}')) label.segment", has_text=names[0]).click()
        phone.locator(f"fieldset.choice:has(legend:text-is('{t('Who went out')}')) label.segment", has_text=names[0]).click()
        for slot, points in enumerate(rack, start=2):
            phone.fill(f"#id_s{slot}_rack_points", str(points))
        shot(phone, lang, f"table-{len(names)}-entry")
        no_overflow(phone)
        phone.get_by_role("button", name=t("Save hand %(number)s", number=1)).click()
        expect(phone.locator(".msg").first).to_contain_text(t("Hand %(number)s saved.", number=1))
        phone.get_by_role("button", name=t("I am <bdi>%(side)s</bdi> — confirm", side=names[1])).click()
        expect(phone.locator("#hand-1 .badge.ok")).to_contain_text(names[1])
        shot(phone, lang, f"table-{len(names)}-done")
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    winners1 = {1: sides_of(games[0])[0], 4: sides_of(games[3])[0]}

    # Tables 2, 3 and 5 through the service: each one's second seat goes out.
    for game in (games[1], games[2], games[4]):
        winners1[game.number] = sides_of(game)[1]
        hand_by_service(game, winners1[game.number], offset=7 * game.number)
    assert all(g.status == Game.Status.FINISHED for g in Game.objects.filter(round__division__tournament=event))

    # Round 1 finished: the round board says who won each table.
    phone.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    for number, name in winners1.items():
        expect(phone.locator(f"#table-{number} .gd-status")).to_contain_text(name)
    shot(phone, lang, "round-1-finished")

    # Round 2, winners staying: 16 players left make 4 tables of 4, so the winners of tables 1-4
    # keep their tables and table 5's winner is told, before the draw, that they move.
    staying = {number: name for number, name in winners1.items() if number <= 4}
    phone.goto(f"{base}/organizer/t/{event.slug}/rounds/")
    for number, name in staying.items():
        expect(phone.locator("#winners-stay")).to_contain_text(
            t("Table %(number)s: <bdi>%(name)s</bdi> won and stays at table %(number)s.", number=number, name=name))
    expect(phone.locator("#winners-stay")).to_contain_text(t(
        "Table %(number)s: <bdi>%(name)s</bdi> won, but round %(next)s has fewer tables (no table %(number)s): "
        "<bdi>%(name)s</bdi> moves like everyone else.", number=5, name=winners1[5], next=2))
    phone.get_by_role("button", name=t("Seat round %(number)s", number=2)).click()
    expect(phone.locator("#next-round ol.seating > li")).to_have_count(4)
    expect(phone.locator("#next-round")).not_to_contain_text(leaving)
    for number, name in staying.items():
        expect(phone.locator("#next-round ol.seating > li").nth(number - 1).locator(".badge.ok")).to_contain_text(name)
    shot(phone, lang, "round-2-preview")
    no_overflow(phone)
    phone.fill("#id_starts_at", timezone.localtime(timezone.now(), event.tz).strftime("%Y-%m-%dT%H:%M"))
    phone.get_by_role("button", name=t("Publish round %(number)s", number=2)).click()
    expect(phone.locator(".msg").first).to_contain_text(t(PUBLISHED, number=2, seed="").split(" (")[0])
    games2 = list(Game.objects.filter(division__tournament=event, round__number=2).order_by("number"))
    assert [len(sides_of(g)) for g in games2] == [4, 4, 4, 4]
    for game in games2:
        assert staying[game.number] in sides_of(game), (game.number, sides_of(game))
        assert leaving not in sides_of(game)

    # The public seating page: each winner stays at the table they won.
    phone.goto(f"{base}/t/{event.slug}/seating/")
    expect(phone.locator("article.tp-table")).to_have_count(4)
    for number, name in staying.items():
        table = phone.locator("article.tp-table").nth(number - 1)
        expect(table).to_contain_text(t("Table %(number)s", number=number))
        expect(table.locator(".tp-stayed")).to_contain_text(name)
        expect(table.locator("li", has_text=name).locator(".badge.ok")).to_have_text(t("Stayed"))
    expect(phone.locator("main")).not_to_contain_text(leaving)
    shot(phone, lang, "seating-round-2")
    no_overflow(phone)

    # Round 2 played (every table's phone, through the service): the stayers win again at 1-3.
    for game in games2:
        names = sides_of(game)
        winner = staying[game.number] if game.number <= 3 else next(n for n in names if n != staying[game.number])
        start_seated(game)
        hand_by_service(game, winner, offset=50 + 11 * game.number)
    final = results.standings(event)
    assert not final.ties, final.ties

    # Standings, then the event finished: the medals and their winners on the public standings.
    phone.goto(f"{base}/organizer/t/{event.slug}/standings/")
    phone.get_by_role("button", name=t("Finish the event")).click()
    expect(phone.locator("body")).to_contain_text(t("Event finished"))
    shot(phone, lang, "standings-finished")
    no_overflow(phone)
    final = results.standings(event)
    phone.goto(f"{base}/t/{event.slug}/standings/")
    rows = phone.locator("tr.standing")
    expect(rows).to_have_count(17)
    for index, medal in enumerate(("Gold", "Silver", "Bronze")):
        with translation.override(lang):
            expect(rows.nth(index)).to_contain_text(pgettext("medal", medal))
        expect(rows.nth(index)).to_contain_text(final.rows[index].name)
    expect(rows.nth(3).locator(".medal")).to_have_count(0)
    shot(phone, lang, "public-standings-medals")
    no_overflow(phone)
    assert GameSide.objects.filter(game__round__division__tournament=event, player__name=leaving).count() == 1
    context.close()
