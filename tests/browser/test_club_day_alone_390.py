"""Issue 23, done when: an organizer runs a 20-player club 4-deck day alone on a 390 px phone, in
English and in Spanish (a browser asking for es-MX, an event whose language is Spanish).

Sign-ups (two through the form, the rest as the desk types them), the partner draw and round 1
published; after the draw a player withdraws and a substitute takes their seat for the rest of the
event; a partnership that does not turn up forfeits its table and the organizer reverses it from
the table's "Manage" page; hands at one table on its phone page (the other tables through the
scoring service, as their own phones would); a tie for the bronze medal played off at its own table
and start time; the event finished; the medals on the public pages.

Button names and messages are read from the Spanish catalogue with gettext (so the test follows a
reworded string), while the words a player must see — the medals, the names — are written out.
The server's clock cannot be moved under a live browser: a deadline is reached by setting it in the
past (an ORM update) and running the sweep the worker runs.
Screenshots go to /work/tmp/shots/club23-<lang>-*.png for a person to look at."""

import datetime as dt
import os

import pytest
from django.test import Client
from django.utils import timezone, translation
from playwright.sync_api import expect

from scoring import hands
from tests.browser.table_steps import no_overflow, sides_of, tie_for_bronze
from tests.formats.tables.events import table_event
from tournament.common.localtime import day_and_clock
from tournament.core import deadlines
from tournament.formats.tables import play, results, signups
from tournament.models import Game, GameSide, Player, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/work/tmp/shots"
COUPLES = [("Ann", "Lee"), ("Bob", "Lee"), ("Carmen", "Ruiz"), ("Dave", "Ruiz"), ("Eve", "Adams"), ("Frank", "Adams"),
           ("Gina", "Park"), ("Hal", "Park"), ("Ines", "Mora"), ("Jon", "Mora"), ("Kim", "Diaz"), ("Leo", "Diaz"),
           ("Mia", "Soto"), ("Ned", "Soto"), ("Olga", "Vega"), ("Pablo", "Vega"), ("Quinn", "Roe"), ("Rosa", "Roe"),
           ("Sam", "Cruz"), ("Tina", "Cruz")]
NAMES = [f"{first} {last}" for first, last in COUPLES]
SUBSTITUTE = "Zoe Marsh"
STRONG = {"red_books": 2, "black_books": 2, "went_out": True, "exact_deals": 0, "melded_points": 400,
          "left_points": 0, "left_red_threes": 0}
WEAK = {"red_books": 1, "black_books": 0, "went_out": False, "exact_deals": 0, "melded_points": 300,
        "left_points": 60, "left_red_threes": 0}
MEDALS = {"en": ("Gold", "Silver", "Bronze"), "es": ("Oro", "Plata", "Bronce")}


class Words:
    """The page's words in one language, from the catalogue; in Spanish each must be translated."""

    def __init__(self, lang):
        self.lang = lang

    def __call__(self, text, **values):
        with translation.override(self.lang):
            words = translation.gettext(text)
        assert self.lang == "en" or words != text, f"no Spanish for {text!r}"
        return words % values if values else words


def shot(page, lang, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/club23-{lang}-{name}.png", full_page=True)


def hands_by_service(game, values_per_hand):
    """A table's hands entered and confirmed through the scoring service (its own phone's work)."""
    game = Game.objects.get(pk=game.pk)
    if game.status == Game.Status.READY:
        for side in GameSide.objects.filter(game=game, checked_in_at__isnull=True):
            play.check_in_side(game, side)
        play.start_table(game)
    names = sides_of(game)
    for number, values in enumerate(values_per_hand, start=1):
        hand, _ = hands.submit(game, number=number, values=values, key=f"club23-{game.pk}-{number}", entered_by=names[0])
        hands.confirm(hand, version=hand.version, by=names[1], by_slot=2)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, game.get_status_display()


def hand_in_browser(page, t, names, number):
    """names[0] goes out with 2 red and 2 black books (400 melded); names[1] a red book, 300 melded,
    60 left; then the phone is passed across and the other side confirms."""
    def plus(side, label, times):
        button = page.get_by_role("button", name=t("%(side)s %(field)s plus one", side=side, field=t(label)), exact=True)
        for _ in range(times):
            button.click()

    page.locator(f"fieldset.choice:has(legend:text-is('{t('Who is entering')}')) label.segment", has_text=names[0]).click()
    page.locator(f"fieldset.choice:has(legend:text-is('{t('Who went out')}')) label.segment", has_text=names[0]).click()
    plus(names[0], "Red books", 2)
    plus(names[0], "Black books", 2)
    page.fill("#id_s1_melded_points", "400")
    page.fill("#id_s1_left_points", "0")
    plus(names[1], "Red books", 1)
    page.fill("#id_s2_melded_points", "300")
    page.fill("#id_s2_left_points", "60")
    page.get_by_role("button", name=t("Save hand %(number)s", number=number)).click()
    expect(page.locator(".msg").first).to_contain_text(t("Hand %(number)s saved.", number=number))
    page.get_by_role("button", name=t("I am <bdi>%(side)s</bdi> — confirm", side=names[1]).replace("<bdi>", "")
                     .replace("</bdi>", "")).click()
    expect(page.locator(f"#hand-{number} .badge.ok")).to_contain_text(names[1])


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("es", "es-MX")])
def test_an_organizer_runs_the_club_day_alone_on_a_phone(live_server, browser, organizer, lang, locale):
    t, base = Words(lang), live_server.url
    translation.activate(lang)  # partners' names read here as the page joins them ("Ana y Bo" in Spanish)
    event = table_event("club-4deck", name="Club night", slug=f"club-night-{lang}", language=lang,
                        game_time_limit=dt.timedelta(minutes=105))
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())

    # ---- sign-ups: a couple through the public form, the other 18 as the desk types them ----------
    for index, name in enumerate(NAMES[:2]):
        page.goto(f"{base}/t/{event.slug}/join/")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.fill("#id_name", name)
        page.fill("#id_came_with", NAMES[1 - index])
        if index == 0:
            shot(page, lang, "01-signup")
        page.get_by_role("button", name=t("Sign up"), exact=True).click()
        expect(page.locator("main")).to_contain_text(name)
        no_overflow(page)
    shot(page, lang, "02-signed-up")
    for index, name in enumerate(NAMES[2:], start=2):
        signups.register(event, name=name, came_with=NAMES[index ^ 1])

    # ---- the organizer's phone: the partner draw, then round 1 published starting now -------------
    client = Client()
    client.force_login(organizer)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}])
    page.goto(f"{base}/organizer/t/{event.slug}/partners/")
    page.get_by_role("button", name=t("Draw partners")).click()
    page.get_by_role("button", name=t("Publish partners (draw number %(seed)s)", seed="")[:12]).click()
    expect(page.locator("main")).to_contain_text(str(Team.objects.filter(tournament=event).first()))
    shot(page, lang, "03-partners")
    teams = list(Team.objects.filter(tournament=event).prefetch_related("players"))
    assert len(teams) == 10
    assert all(len({p.name.split()[1] for p in team.players.all()}) == 2 for team in teams), "a couple drawn together"

    page.goto(f"{base}/organizer/t/{event.slug}/rounds/")
    page.get_by_role("button", name=t("Seat round %(number)s", number=1)).click()
    page.fill("#id_starts_at", timezone.localtime(timezone.now(), event.tz).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name=t("Publish round %(number)s", number=1)).click()
    games = list(Game.objects.filter(division__tournament=event, round__number=1).order_by("number"))
    assert len(games) == 5
    expect(page.locator("main")).to_contain_text(t("Table %(number)s", number=5))
    shot(page, lang, "04-round-1-published")
    no_overflow(page)

    # ---- after the draw: a player at table 3 withdraws; a substitute takes the seat -----------------
    table3 = games[2]
    leaving = GameSide.objects.filter(game=table3).order_by("slot").first().team.players.order_by("name").first()
    partner = Player.objects.filter(team_id=leaving.team_id).exclude(pk=leaving.pk).get()
    page.goto(f"{base}/organizer/t/{event.slug}/players/")
    row = page.locator("tr", has=page.locator(f"a[href$='/players/{leaving.pk}/after-draw/']"))
    expect(row).to_contain_text(leaving.name)
    row.get_by_role("link", name=t("Substitute or withdraw")).click()
    expect(page.locator("main")).to_contain_text(t("Seated at table %(table)s in round %(round)s.", table=3, round=1))
    page.check("input[name=whole][value='']")
    page.check("input[name=choice][value=substitute]")
    page.fill("#wd-name", SUBSTITUTE)
    shot(page, lang, "05-withdraw-form")
    page.locator("#withdraw button[type=submit]").click()
    expect(page.locator(".msg").first).to_contain_text(t("Withdrew %(name)s.", name=leaving.name))
    expect(page.locator("#history")).to_contain_text(SUBSTITUTE)
    expect(page.locator("main")).to_contain_text(t("withdrawn"))
    shot(page, lang, "06-withdrawn-with-substitute")
    no_overflow(page)
    table3_sides = sides_of(table3)
    assert any(SUBSTITUTE in side and partner.name in side for side in table3_sides), table3_sides
    assert not any(leaving.name in side for side in table3_sides), table3_sides

    # The public seating shows the substitute at table 3, the withdrawn player nowhere.
    page.goto(f"{base}/t/{event.slug}/seating/")
    expect(page.locator("article.tp-table").nth(2)).to_contain_text(SUBSTITUTE)
    expect(page.locator("main")).not_to_contain_text(leaving.name)
    shot(page, lang, "07-public-seating")
    no_overflow(page)

    # ---- the round board: table 1 checks in and starts; at table 2 one partnership does not come ---
    page.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    for name in sides_of(games[0]):
        page.locator("#table-1").get_by_role("button", name=t("Check in %(name)s", name=name)).click()
    page.locator("#table-1").get_by_role("button", name=t("Start table %(number)s", number=1)).click()
    expect(page.locator("#table-1 .gd-status")).to_have_text(t("In play"))
    here, away = sides_of(games[1])
    page.locator("#table-2").get_by_role("button", name=t("Check in %(name)s", name=here)).click()
    Game.objects.filter(pk=games[1].pk).update(no_show_at=timezone.now())
    deadlines.sweep()
    games[1].refresh_from_db()
    assert games[1].status == Game.Status.FORFEIT and games[1].result_reason == Game.Reason.NO_SHOW
    page.reload()
    expect(page.locator("#table-2")).to_contain_text(t("Forfeit (%(reason)s) — %(name)s wins", reason=t("no show"), name=here))
    # The links on the table's page lead where an organizer of a table event expects.
    page.locator("#table-2").get_by_role("link", name=t("Manage")).click()
    for link in page.locator("main a[href^='/']").all():
        response = page.request.get(base + link.get_attribute("href"))
        assert response.status == 200, (link.inner_text(), link.get_attribute("href"), response.status)
    page.go_back()
    shot(page, lang, "08-board-forfeit")
    no_overflow(page)

    # The late partnership arrives: the organizer reverses the forfeit from the table's page.
    page.locator("#table-2").get_by_role("link", name=t("Manage")).click()
    expect(page.locator("#reverse")).to_be_visible()
    page.fill("#reverse-reason", "Stuck in traffic; they phoned ahead" if lang == "en" else "Tráfico; avisaron por teléfono")
    page.get_by_role("button", name=t("Reverse the forfeit")).click()
    expect(page.locator(".msg").first).to_contain_text(
        t("Forfeit reversed: the game is back to ready and its no-show deadline is lifted."))
    expect(page.locator("#reverse")).to_have_count(0)
    shot(page, lang, "09-forfeit-reversed")
    no_overflow(page)
    games[1].refresh_from_db()
    assert games[1].status == Game.Status.READY and games[1].no_show_at is None
    page.goto(f"{base}/organizer/t/{event.slug}/round-board/")
    page.locator("#table-2").get_by_role("button", name=t("Check in %(name)s", name=away)).click()
    page.locator("#table-2").get_by_role("button", name=t("Start table %(number)s", number=2)).click()
    expect(page.locator("#table-2 .gd-status")).to_have_text(t("In play"))

    # ---- hands: table 1 on its table page, in the browser; the others through their own phones ------
    names = sides_of(games[0])
    page.locator("#table-1").get_by_role("link", name=t("Table page")).click()
    for number in (1, 2, 3):
        hand_in_browser(page, t, names, number)
        if number == 1:
            shot(page, lang, "10-table-hand")
    shot(page, lang, "11-table-finished")
    no_overflow(page)
    games[0].refresh_from_db()
    assert games[0].status == Game.Status.FINISHED
    for game in games[1:]:
        hands_by_service(game, [[STRONG, WEAK]] * 3)

    # ---- a tie for the bronze medal, played off at table 6 at its own start time --------------------
    tie_for_bronze(event)
    tied = results.standings(event).ties[0]
    page.goto(f"{base}/organizer/t/{event.slug}/standings/")
    card = page.locator("#tie-3")
    expect(card).to_be_visible()
    starts = timezone.localtime(timezone.now() + dt.timedelta(minutes=10), event.tz)
    card.locator("input[name=starts_at]").fill(starts.strftime("%Y-%m-%dT%H:%M"))
    card.locator("input[name=table]").fill("6")
    shot(page, lang, "12-standings-tie")
    bronze_medal = t("the bronze medal")
    card.get_by_role("button", name=t("Create the play-off for %(what)s", what=bronze_medal)).click()
    playoff = Game.objects.get(division__tournament=event, round__name="Play-off for the bronze medal")
    assert playoff.table_number == 6
    assert timezone.localtime(playoff.starts_at, event.tz).strftime("%H:%M") == starts.strftime("%H:%M")
    listed = page.locator(f"#playoff-{playoff.pk}")
    expect(listed).to_contain_text(t("Play-off for %(what)s", what=bronze_medal))
    expect(listed).to_contain_text(t("Table %(number)s", number=6))
    with translation.override(lang):
        expect(listed).to_contain_text(day_and_clock(event, playoff.starts_at))
    expect(listed.locator("a.table-link")).to_have_attribute("href", f"{base}/table/{playoff.table_token}/")
    shot(page, lang, "13-playoff-created")
    no_overflow(page)

    # The play-off is on the public seating for the players to find.
    page.goto(f"{base}/t/{event.slug}/seating/")
    expect(page.locator("main")).to_contain_text(t("Play-off for %(what)s", what=bronze_medal))
    shot(page, lang, "14-public-seating-playoff")

    # Its players check in and agree to start; its first side wins the three hands.
    Game.objects.filter(pk=playoff.pk).update(starts_at=timezone.now())
    hands_by_service(playoff, [[STRONG, WEAK]] * 3)
    bronze = sides_of(playoff)[0]
    assert {bronze, sides_of(playoff)[1]} == {row.name for row in results.standings(event).rows
                                              if row.entrant in tied.entrants}

    # ---- the event finished; the medals on the public standings -----------------------------------
    page.goto(f"{base}/organizer/t/{event.slug}/standings/")
    finish = page.get_by_role("button", name=t("Finish the event"))
    if finish.count():
        finish.click()
    expect(page.locator("#event-state .badge.ok")).to_be_visible()
    shot(page, lang, "15-event-finished")
    final = results.standings(event)
    assert [row.medal for row in final.rows[:4]] == ["gold", "silver", "bronze", ""] and not final.ties
    page.goto(f"{base}/t/{event.slug}/standings/")
    rows = page.locator("tr.standing")
    expect(rows).to_have_count(10)
    for index, medal in enumerate(MEDALS[lang]):
        expect(rows.nth(index)).to_contain_text(medal)
        expect(rows.nth(index)).to_contain_text(final.rows[index].name)
    expect(rows.nth(2)).to_contain_text(bronze)
    expect(rows.nth(3)).not_to_contain_text(MEDALS[lang][2])
    expect(page.locator("main")).to_contain_text(SUBSTITUTE)
    for english in ("Gold", "Silver", "Bronze", "Play-off", "Provisional") if lang == "es" else ():
        expect(page.locator("main")).not_to_contain_text(english)
    shot(page, lang, "16-public-standings-medals")
    no_overflow(page)
    context.close()
