"""Steps the table-event browser tests share: logging in, a hand on a table's phone page, the time
limit, a play-off to medals, and the printed PDFs read back and rendered to PNG.

Screenshots and PDF pages go to /work/tmp/shots/tables13-*.png for a person to look at."""

import io
import os

import pypdf
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

import rules
from scoring import hands
from scoring.models import Hand
from tests.formats.tables.played import start_seated
from tests.printing.test_printing_helpers import decode_qr, flat, page_png, pdf_text
from tournament.core import deadlines
from tournament.formats.tables import formats, results
from tournament.models import Game, GameSide, Round, Tournament

SHOTS = "/work/tmp/shots"
PASSWORD = "table-events-e2e-1"


def shot(page, name):
    if os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/tables13-{name}.png", full_page=True)


def keep_png(png: bytes, name: str) -> None:
    if os.path.isdir(SHOTS):
        with open(f"{SHOTS}/tables13-{name}.png", "wb") as out:
            out.write(png)


def log_in(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "organizer")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit], main input[type=submit]").first.click()
    expect(page).not_to_have_url(f"{base}/accounts/login/")


def choose(page, group, name):
    page.locator(f"fieldset.choice:has(legend:text-is('{group}')) label.segment", has_text=name).click()


def step(page, side, label, times):
    button = page.get_by_role("button", name=f"{side} {label} plus one", exact=True)
    for _ in range(times):
        button.click()


def sides_of(game):
    return [str(side) for side in GameSide.objects.filter(game=game).select_related("team", "player").order_by("slot")]


def no_overflow(page):
    """Nothing sticks out sideways on a phone: the page is no wider than the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


OFF_SCREEN = """(width) => [...document.querySelectorAll(
    'main input:not([type=hidden]), main button, main select, main label, main th, main td, main .total-card')]
  .filter(el => el.offsetParent !== null)
  .map(el => [el.getAttribute('name') || el.id || el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
  .filter(([, r]) => r.left < 0 || r.right > width + 0.5)
  .map(([what, r]) => `${what}: ${Math.round(r.left)}..${Math.round(r.right)}`)"""


def every_control_on_screen(page):
    """Every column, field and button of the page lies inside the phone's width (bounding boxes)."""
    outside = page.evaluate(OFF_SCREEN, page.viewport_size["width"])
    assert not outside, f"off a {page.viewport_size['width']} px screen: {outside}"
    no_overflow(page)


def book_hand(page, names, number, *, runs=1):
    """names[0] goes out (2 red and 2 black books, runs, 900 melded); the others meld 300, keep 60."""
    choose(page, "Who is entering", names[0])
    choose(page, "Who went out", names[0])
    step(page, names[0], "Red books", 2)
    step(page, names[0], "Black books", 2)
    step(page, names[0], "Runs", runs)
    page.fill("#id_s1_melded_points", "900")
    page.fill("#id_s1_left_points", "0")
    for slot, name in enumerate(names[1:], start=2):
        step(page, name, "Red books", 1)
        page.fill(f"#id_s{slot}_melded_points", "300")
        page.fill(f"#id_s{slot}_left_points", "60")
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(".msg").first).to_contain_text(f"Hand {number} saved")
    page.wait_for_load_state()
    expect(page.locator(f"#hand-{number}")).to_be_visible()


def find_seat(page, base, event, name):
    page.goto(f"{base}/t/{event.slug}/seating/")
    page.fill("#find-name", name.lower())
    page.get_by_role("button", name="Find").click()
    expect(page.locator(".tp-found")).to_contain_text("Table")
    expect(page.locator(".tp-found")).to_contain_text(name)


# ---- through the services (what other phones at other tables do meanwhile) ---------------------------

def side_values(variant: str, won: bool, slot: int = 1) -> dict:
    """One side's hand: the winner goes out with books (or an empty rack), the others hold cards
    (a few points more the later their seat, so the losers are not level with each other)."""
    if variant == "rummikub":
        wanted = {"went_out": True} if won else {"rack_points": 20 + slot}
    else:
        wanted = {"went_out": True, "red_books": 2, "black_books": 2, "runs": 1, "melded_points": 900} if won else {
            "red_books": 1, "melded_points": 300, "left_points": 60 + 5 * slot}
    fields = rules.side_fields(variant)
    return {f: wanted.get(f, False if f == "went_out" else 0) for f in fields}


def hand_by_service(game: Game, winner_slot: int, number: int = 1) -> None:
    """One hand at a table (started first if it has not), won by the side in `winner_slot`."""
    game = Game.objects.select_related("division__tournament").get(pk=game.pk)
    if game.status == Game.Status.READY:
        start_seated(game)
    variant = game.division.tournament.variant
    slots = list(GameSide.objects.filter(game=game).order_by("slot").values_list("slot", flat=True))
    values = [side_values(variant, slot == winner_slot, slot) for slot in slots]
    hands.submit(game, number=number, values=values, key=f"steps-{game.pk}-{number}", entered_by="table")


def confirm_waiting_hands(games) -> None:
    """Every hand still waiting at these tables confirmed by another seat, as the players at the
    table do before time is up (an unconfirmed hand would hold the result: RULES F1)."""
    for hand in Hand.objects.filter(game__in=[g.pk for g in games], confirmed_at__isnull=True).select_related("game"):
        slots = list(hand.game.sides.order_by("slot").values_list("slot", flat=True))
        other = next(slot for slot in slots if slot != hand.entered_by_slot)
        hands.confirm(hand, version=hand.version, by=f"seat {other}", by_slot=other)


def time_up(games) -> None:
    """The round's time limit passes with every hand confirmed: only the hands completed before it
    count (the sweep the worker runs; a live browser's server clock cannot be moved, so the limit is
    set back instead — to just after the hands entered so far, which are completed before it and count)."""
    confirm_waiting_hands(games)
    Game.objects.filter(pk__in=[g.pk for g in games]).update(time_limit_at=timezone.now())
    deadlines.sweep()


# ---- a play-off and the medals ------------------------------------------------------------------------

def tie_for_bronze(event, size: int = 2) -> None:
    """Test setup, so the play-off is the same every run: each entrant's total in its last round is
    set so that the standings are 1000, 990, 980 … apart from `size` entrants level in 3rd place
    (a variant's play-off table needs at least its min_sides)."""
    rows = results.standings(event).rows
    field = "team_id" if formats.in_partnerships(event) else "player_id"
    for index, row in enumerate(rows):
        target = 980 if 2 <= index < 2 + size else 1000 - 10 * index
        last = GameSide.objects.filter(game__round__division__tournament=event, **{field: row.entrant}).order_by(
            "-game__round__number").first()
        GameSide.objects.filter(pk=last.pk).update(total=last.total + target - row.score)
    Tournament.objects.filter(pk=event.pk).bump()
    ties = results.standings(event).ties
    assert [(t.rank, len(t.entrants)) for t in ties] == [(3, size)], ties


def playoff_to_medals(page, base, event) -> list[str]:
    """Each tie for the win or a medal played off: created with one click on the organizer's
    standings, played (its first side wins a hand, then its time is up); then the medals on the
    public standings. Returns the names in standings order."""
    while ties := results.standings(event).ties:
        what = ties[0].for_what
        page.goto(f"{base}/organizer/t/{event.slug}/standings/")
        page.get_by_role("button", name=f"Create the play-off for {what}").click()
        expect(page.locator(".msg").first).to_contain_text(f"Play-off for {what} created")
        game = Game.objects.filter(round__division__tournament=event, round__name=f"Play-off for {what}").latest("pk")
        hand_by_service(game, winner_slot=1)
        time_up([game])
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED, game.get_status_display()
    final = results.standings(event)
    page.goto(f"{base}/t/{event.slug}/standings/")
    rows = page.locator("tr.standing")
    for index, medal in enumerate(("Gold", "Silver", "Bronze")):
        expect(rows.nth(index)).to_contain_text(medal)
        expect(rows.nth(index)).to_contain_text(final.rows[index].name)
    expect(rows.nth(3)).not_to_contain_text("Bronze")
    expect(page.locator("tr.standing", has_text="Play-off").first).to_be_visible()
    return [row.name for row in final.rows]


# ---- printing -------------------------------------------------------------------------------------------

def fetch_pdf(page, path: str) -> bytes:
    """A PDF as the logged-in organizer's browser downloads it."""
    response = page.request.get(path)
    assert response.ok and response.headers["content-type"] == "application/pdf", (path, response.status)
    return response.body()


def printed(page, base, event, name: str, medalists: list[str]) -> None:
    """Round 1's seating chart by table and by name A-Z, its table cards with their QR codes, and the
    results with medals: each read back as text and rendered to PNG."""
    letter = "?paper=letter"
    by_table = fetch_pdf(page, f"{base}{reverse('printing:seating', args=[event.slug, 1, 'table'])}{letter}")
    text = flat(pdf_text(by_table))
    games = list(Game.objects.filter(round__division__tournament=event, round__number=1).order_by("number"))
    for game in games:
        assert f"Table {game.number}" in text
        assert all(n.split(" & ")[0] in text for n in sides_of(game))
    keep_png(page_png(by_table, 1, dpi=70), f"{name}-seating-by-table-pdf")

    by_name = fetch_pdf(page, f"{base}{reverse('printing:seating', args=[event.slug, 1, 'name'])}{letter}")
    lines = [line for line in pdf_text(by_name, raw=True).splitlines() if " Table " in line and "seat" in line]
    listed = [line.split(" Table ")[0] for line in lines]
    assert listed and listed == sorted(listed, key=str.casefold)
    keep_png(page_png(by_name, 1, dpi=70), f"{name}-seating-by-name-pdf")

    rnd = Round.objects.get(division__tournament=event, number=1)
    cards = fetch_pdf(page, f"{base}{reverse('printing:cards', args=[event.slug, rnd.pk])}{letter}")
    card_png = page_png(cards, 1, dpi=150)
    assert decode_qr(card_png) == [f"{base}/table/{games[0].table_token}/"]
    assert all(n.split(" & ")[0] in flat(pdf_text(cards, 1)) for n in sides_of(games[0]))
    keep_png(page_png(cards, 1, dpi=70), f"{name}-table-card-pdf")

    results_pdf = fetch_pdf(page, f"{base}{reverse('printing:table_results', args=[event.slug])}{letter}")
    text = flat(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(results_pdf)).pages))
    podium = " ".join(f"{rank} {medal}: {who}" for rank, medal, who in zip((1, 2, 3), ("Gold", "Silver", "Bronze"), medalists))
    assert podium in text, text[:400]
    keep_png(page_png(results_pdf, 1, dpi=70), f"{name}-results-pdf")
