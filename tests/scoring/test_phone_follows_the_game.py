"""The table phone follows the game (issue 24): after a clash between two phones the next hand is
offered empty with the warning at the form; a problem found while typing is shown at its field and
the sticky footer only counts them; the status bar says the game's status so the page can swap in
the entry form the moment the game starts."""

import html
import re

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.models import Game

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_after_a_clash_the_next_hand_is_offered_empty_with_the_warning_at_the_form(client, tournament):
    game = make_game(tournament)
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="other",
                 entered_by="A", entered_by_slot=1)
    mine = td.form(1, [dict(td.W1, melded=1000), dict(td.W2, melded=700)], out="1", entered_by="2")
    response = client.post(f"/table/{game.table_token}/hands/", mine)
    page = text(response)
    assert response.status_code == 409 and Hand.objects.filter(game=game).count() == 1
    form = page[page.index('id="hand-form"'):]
    # The warning is inside the form (the page opens at #hand-form), with what this phone had typed.
    assert "Hand 1 was just saved from another phone" in form[:form.index("Who went out")]
    assert "melded points 1,000" in form and "melded points 700" in form
    assert "Enter hand 2" in form and "Save hand 2" in form
    # Empty: no stale numbers under hand 2 that one more tap would save as a phantom hand.
    assert 'value="1000"' not in form and 'value="700"' not in form
    assert re.search(r'name="entered_by" value="2"[^>]*checked', form)  # who is entering is kept
    assert 'name="key"' in form and mine["key"] not in form  # a new form, not the old one resent


def test_a_problem_found_while_typing_is_shown_at_its_field(client, tournament):
    game = make_game(tournament)
    data = td.form(1, [dict(td.W1, twos=0), dict(td.W2, melded="1.5")], out="1")
    preview = text(client.post(f"/table/{game.table_token}/preview/", data, headers={"HX-Request": "true"}))
    side2 = game.sides.get(slot=2).team.name
    field = re.search(r'<div id="live-s2_melded_points" class="live-error" hx-swap-oob="true">(.*?)</div>', preview)
    assert field and f"{side2}: melded points: “1.5” has decimals, and points are whole numbers. Type the points without decimals." in field.group(1)
    assert re.search(r'<div id="live-s1_books_of_twos" class="live-error" hx-swap-oob="true"><p>', preview)
    assert re.search(r'<div id="live-s1_red_books" class="live-error" hx-swap-oob="true"></div>', preview)  # cleared
    footer = preview[preview.rindex("</div>"):]
    assert "2 problems" in footer and "shown at their fields" in footer and "can be read two ways" not in footer


def test_the_refused_form_counts_its_problems_in_the_footer_and_shows_them_at_the_fields(client, tournament):
    game = make_game(tournament)
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, dict(td.W2, melded="lots")], out="1"))
    page = text(response)
    footer = page[page.index('id="preview"'):]
    footer = footer[:footer.index("</div>")]
    assert response.status_code == 400 and "1 field to fix, marked above" in footer and "lots" not in footer


def test_the_status_bar_tells_the_page_the_games_status(client, tournament):
    game = make_game(tournament, status=Game.Status.READY)
    page = text(client.get(f"/table/{game.table_token}/"))
    assert 'id="sheet-page" data-game-status="ready"' in page
    assert re.search(r'id="game-status" data-game-status="ready"', page)
