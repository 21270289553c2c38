"""A table's phone (390 px) keeps score for a whole bracket game: three hands (one refused, then
fixed), a correction with its history, confirmations by the other side, totals and next meld
changing, and the game ending past 20,000 with the winner on the public bracket."""

import os

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import Hand, HandRevision
from tests.browser.shown_totals import points
from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def step(page, side, label, times, plus="plus one"):
    """Tap a count's + button `times` times (`plus`: the button's words in the page's language)."""
    button = page.get_by_role("button", name=f"{side} {label} {plus}", exact=True)
    for _ in range(times):
        button.click()


def fill_side(page, slot, side, *, red=0, black=0, runs=0, twos=0, melded="", left="", red3=0, black3=0):
    step(page, side, "Red books", red)
    step(page, side, "Black books", black)
    step(page, side, "Runs", runs)
    step(page, side, "Books of 2s", twos)
    page.fill(f"#id_s{slot}_melded_points", str(melded))
    page.fill(f"#id_s{slot}_left_points", str(left))
    step(page, side, "Red 3s left", red3)
    step(page, side, "Black 3s left", black3)


def choose(page, group, name):
    page.locator(f"fieldset.choice:has(legend:text-is('{group}')) label.segment", has_text=name).click()


def confirm_as(page, side, number):
    """One phone serves the table: the side that entered passes it over, and the other side confirms.
    Then the sheet the phone opens says so: typing on before it has opened would be typing on a page
    about to go (as a player would, who waits for the tick)."""
    page.locator(f"#hand-{number} + tr").get_by_role("button", name=f"I am {side} — confirm").click()
    expect(page.locator(f"#hand-{number} .badge.ok")).to_contain_text(side)


def total_of(page, side):
    return page.locator(f".total-card[data-side='{side}'] [data-total]")


def meld_of(page, side):
    return page.locator(f".total-card[data-side='{side}'] [data-meld]")


def test_a_whole_game_at_the_table_on_a_phone(live_server, phone, page):
    tournament, _ = published(4, slug="bayfest", name="Bayfest 2026")
    g = game(tournament, "d1", 1, 1)
    a, b = (t.name for t in teams_of(g))
    Game.objects.filter(pk=g.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now(),
                                        time_limit_at=timezone.now() + tournament.game_time_limit)
    url = f"{live_server.url}/table/{g.table_token}/"

    phone.goto(url)
    expect(phone.locator("h1")).to_have_text(f"{a} v {b}")
    expect(meld_of(phone, a)).to_have_text("50")

    # Hand 1: RULES.md W1 and W2. The live preview answers before anything is saved.
    choose(phone, "Who is entering", a)
    choose(phone, "Who went out", a)
    fill_side(phone, 1, a, red=2, black=1, runs=1, twos=1, melded=1235, left=45, red3=1)
    fill_side(phone, 2, b, red=1, black=2, melded=780, left=145, red3=1, black3=1)
    preview = phone.locator("#preview")
    expect(preview.locator(f"[data-side='{a}'] [data-hand-score]")).to_have_text("+5,690")
    expect(preview.locator(f"[data-side='{b}'] [data-new-total]")).to_have_text(points("935"))
    assert Hand.objects.count() == 0
    shot(phone, "sheet-entry-390")
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    expect(total_of(phone, a)).to_have_text(points("5,690"))
    expect(meld_of(phone, a)).to_have_text("90")
    expect(phone.locator("#hand-1 .badge.warn")).to_have_text("Unconfirmed")
    expect(phone.locator("#hand-1 + tr .hand-over")).to_contain_text(f"Pass the phone to {b}")
    confirm_as(phone, b, 1)
    expect(phone.locator("#hand-1 + tr .trail")).to_have_text(f"entered by {a} on this phone, handed over to {b}, confirmed by {b}")

    # Hand 2, refused: A "went out" without a book of twos. The message names side and field and
    # what was typed stays; nothing is saved.
    choose(phone, "Who went out", a)
    fill_side(phone, 1, a, red=2, black=1, runs=1, melded=1235, left=45, red3=1)
    fill_side(phone, 2, b, melded=300, left=20)
    expect(phone.locator("#live-s1_books_of_twos")).to_contain_text(a)  # the problem at its field
    expect(preview).to_contain_text("1 problem")
    phone.get_by_role("button", name="Save hand 2").click()
    expect(phone.locator(".entry-row.has-error, fieldset.choice.has-error").first).to_contain_text(a)
    expect(phone.locator("#id_s1_melded_points")).to_have_value("1235")
    assert Hand.objects.count() == 1
    shot(phone, "sheet-refusal-390")
    step(phone, a, "Books of 2s", 1)  # the fix: they had the book of twos after all
    expect(preview.locator(f"[data-side='{a}'] [data-hand-score]")).to_have_text("+5,690")
    phone.get_by_role("button", name="Save hand 2").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 2 saved")
    expect(total_of(phone, a)).to_have_text(points("11,380"))
    expect(meld_of(phone, a)).to_have_text("120")
    confirm_as(phone, b, 2)
    phone.set_viewport_size({"width": 1280, "height": 900})
    shot(phone, "sheet-entry-1280")
    phone.set_viewport_size({"width": 390, "height": 844})

    # B's left points in hand 1 were miscounted: a correction, with its reason in the history.
    phone.locator("#hand-1 + tr").get_by_role("link", name="Correct").click()
    choose(phone, "Who is entering", b)
    phone.fill("#id_s2_left_points", "45")
    phone.fill("#id_reason", "left points miscounted")
    expect(phone.locator("#preview").locator(f"[data-side='{b}'] [data-hand-score]")).to_have_text("+1,035")
    phone.get_by_role("button", name="Save correction").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 1 corrected")
    expect(total_of(phone, b)).to_have_text(points("1,315"))  # 1,035 + 280
    phone.locator("#hand-1 + tr details.history summary").click()
    expect(phone.locator("#hand-1 + tr details.history")).to_contain_text("left points miscounted")
    shot(phone, "sheet-history-390")
    confirm_as(phone, a, 1)  # B corrected it, so A confirms

    # Hand 3 takes A past 20,000: the preview says so, the game ends once B confirms.
    choose(phone, "Who is entering", a)
    choose(phone, "Who went out", a)
    fill_side(phone, 1, a, red=4, black=4, runs=3, twos=1, melded=2200)
    fill_side(phone, 2, b, melded=300, left=20)
    expect(preview).to_contain_text("ends the game")
    phone.get_by_role("button", name="Save hand 3").click()
    expect(total_of(phone, a)).to_have_text(points("23,480"))
    expect(phone.locator(".closed-note")).to_contain_text("confirm")
    assert Game.objects.get(pk=g.pk).status == Game.Status.IN_PLAY
    confirm_as(phone, b, 3)
    expect(phone.locator(".result-banner")).to_contain_text(f"{a} wins")
    expect(phone.locator("#hand-form")).to_have_count(0)

    finished = Game.objects.get(pk=g.pk)
    assert finished.status == Game.Status.FINISHED and finished.winner.name == a
    assert [s.total for s in GameSide.objects.filter(game=g).order_by("slot")] == [23480, 1595]
    assert HandRevision.objects.filter(hand__game=g).count() == 4
    shot(phone, "sheet-finished-390")

    phone.goto(f"{live_server.url}/t/bayfest/bracket/d1/")
    following = Game.objects.get(sides__fed_by=g)
    expect(phone.locator(f"#game-{following.pk}")).to_contain_text(a)

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(url)
    expect(page.locator(".result-banner")).to_be_visible()
    shot(page, "sheet-finished-1280")
