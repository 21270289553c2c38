"""Issue 35 on the secretary's phone (390 px), in English and in Spanish: two look-alikes merged with
their evidence side by side, the merge split again, a member renamed, an event taken out of the club,
and a second copy of an event refused on import, naming the first. Screenshots go to
$MELDBOARD_SCREENSHOTS/club35-<lang>-*.png when it is set."""

import datetime as dt
import json
import os

import pytest
from django.test import Client
from django.utils import timezone, translation
from playwright.sync_api import expect

from tests.browser.table_steps import no_overflow
from tests.factories import TournamentFactory, UserFactory
from tournament.clubs import sample
from tournament.events.backup import export_tournament
from tournament.models import Club, Member, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")


def words(lang, text, **values):
    with translation.override(lang):
        found = translation.gettext(text)
    assert lang == "en" or found != text, f"no Spanish for {text!r}"
    return found % values if values else found


def shot(page, lang, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"club35-{lang}-{name}.png"), full_page=True)


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("es", "es-MX")])
def test_the_secretary_keeps_the_clubs_records_on_a_phone(live_server, browser, lang, locale):
    club = sample.build(f"bayside-{lang}", seasons=1, events=3, players=20)
    ana = sample.person(0)[0]
    # A later sign-up with Ana's name and another contact: another person until the secretary says so.
    extra = TournamentFactory(slug=f"copa-{lang}", name="Copa Baja", club=club, format="tables",
                              variant="fiji-individual", signup_deadline=timezone.make_aware(dt.datetime(2026, 3, 1, 18)))
    Player.objects.create(tournament=extra, name=ana.upper(), contact="ana@mail.example")
    secretary = UserFactory(username=f"secretary-{lang}", is_staff=False)
    club.organizers.add(secretary)
    client = Client()
    client.force_login(secretary)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    members_page = f"{live_server.url}/organizer/clubs/{club.slug}/members/"

    # Merge: the two records' evidence side by side, then one tap.
    page.goto(members_page)
    card = page.locator(".look-alike")
    expect(card).to_have_count(1)
    expect(card.locator(".evidence-side")).to_have_count(2)
    expect(card).to_contain_text("ana@mail.example")
    expect(card).to_contain_text("Copa Baja")
    no_overflow(page)
    shot(page, lang, "01-look-alikes")
    card.get_by_role("button", name=words(lang, "Same person: merge")).click()
    expect(page.locator("body")).to_contain_text(words(lang, "Merged into %(name)s. “Split” undoes it.", name=ana))
    expect(page.locator(".look-alike")).to_have_count(0)
    merged = page.locator(".member-list .merged")
    expect(merged).to_have_count(1)
    no_overflow(page)
    shot(page, lang, "02-merged")

    # Split: the merge undone.
    merged.get_by_role("button").click()
    expect(page.locator("body")).to_contain_text(words(lang, "%(name)s is a member of their own again.", name=ana.upper()))
    expect(page.locator(".look-alike")).to_have_count(1)
    shot(page, lang, "03-split")

    # Rename: the spelling the club shows.
    member = Member.objects.filter(club=club, name=ana).first()
    row = page.locator(f"#member-{member.pk}")
    row.locator("summary").click()
    row.locator("input[name=name]").fill("Ana  López Ruiz ")
    row.get_by_role("button", name=words(lang, "Rename"), exact=True).click()
    expect(page.locator("body")).to_contain_text(words(lang, "The club now shows %(name)s.", name="Ana López Ruiz"))
    assert Member.objects.get(pk=member.pk).name == "Ana López Ruiz"
    no_overflow(page)
    shot(page, lang, "04-renamed")
    page.goto(f"{live_server.url}/clubs/{club.slug}/players/{member.pk}/")
    expect(page.locator("h1")).to_contain_text("Ana López Ruiz")
    no_overflow(page)
    shot(page, lang, "05-player")

    # A second copy of an event is refused on import, naming the first.
    event = club.events.order_by("signup_deadline").first()
    page.goto(f"{live_server.url}/organizer/clubs/{club.slug}/")
    page.locator("input[type=file]").set_input_files({"name": "backup.json", "mimeType": "application/json",
                                                      "buffer": json.dumps(export_tournament(event)).encode()})
    page.get_by_role("button", name=words(lang, "Import into the club")).click()
    alert = page.locator("p.msg-error[role=alert]")
    expect(alert).to_contain_text(event.name)
    expect(alert).to_contain_text(f"/t/{event.slug}/")
    assert club.events.count() == 4
    no_overflow(page)
    shot(page, lang, "06-double-import")

    # Take an event out of the club.
    page.goto(f"{live_server.url}/organizer/clubs/{club.slug}/")
    page.get_by_role("button", name=words(lang, "Take %(event)s out of the club", event="Copa Baja")).click()
    expect(page.locator("body")).to_contain_text(words(
        lang, "“%(name)s” was taken out of the club: its seasons, players' pages and ratings no longer count it.",
        name="Copa Baja"))
    assert not club.events.filter(slug=f"copa-{lang}").exists()
    no_overflow(page)
    shot(page, lang, "07-event-removed")

    # Where the club meets: picked by its places, said in words, and its dates follow.
    page.locator("#id_time_zone").select_option("America/Tijuana")
    page.get_by_role("button", name=words(lang, "Save the time zone")).click()
    expect(page.locator("body")).to_contain_text(words(
        lang, "The club's dates are now the days in %(place)s.", place="Tijuana, Ensenada, Mexicali"))
    assert Club.objects.get(pk=club.pk).time_zone == "America/Tijuana"
    expect(page.locator("body")).not_to_contain_text("America/Tijuana")
    no_overflow(page)
    shot(page, lang, "08-time-zone")

    # A season's correction page (one page with a past event's: templates/clubs/_row_edit.html).
    season = club.seasons.get()
    page.goto(f"{live_server.url}/organizer/clubs/{club.slug}/seasons/{season.pk}/")
    expect(page.locator("h2").first).to_have_text(words(lang, "Correct this season"))
    expect(page.get_by_role("button", name=words(lang, "Remove the season %(season)s", season=season.name))).to_be_visible()
    no_overflow(page)
    shot(page, lang, "09-season-edit")
    context.close()
