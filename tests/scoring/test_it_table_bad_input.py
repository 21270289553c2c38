"""Whatever a table phone posts — "²", "①" and other marks that are no digits (other scripts' digits
are digits: tests/scoring/test_points_typed_seven_ways.py), NUL bytes, numbers too big for any
database — the table pages answer with a message naming what is wrong, change nothing, and never
answer 500."""

import html

import pytest

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db

BAD = {"superscript": "²", "circled": "①", "nul": "4\x00", "huge": "9" * 25, "enormous": "9" * 5000}
# What the table reads for each: a typo, or a number far past anything real.
SAYS = {"²": "must be a whole number", "①": "must be a whole number", "4\x00": "must be a whole number",
        "9" * 25: "is far too long a number (25 digits)", "9" * 5000: "is far too long a number (5000 digits)"}


@pytest.fixture
def game(tournament):
    return make_game(tournament)


@pytest.fixture
def hand(game):
    return hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1",
                        entered_by="A", entered_by_slot=1)[0]


def text(response):
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
@pytest.mark.parametrize("field,side,label", [("s1_melded_points", 1, "melded points"), ("s2_red_books", 2, "red books")])
def test_a_new_hand_with_a_bad_figure_is_refused_and_nothing_is_saved(client, game, field, side, label, bad):
    data = td.form(1, [td.W1, td.W2], out="1")
    data[field] = bad
    response = client.post(f"/table/{game.table_token}/hands/", data)
    name = game.sides.get(slot=side).team.name
    assert response.status_code == 400 and f"{name}: {label} {SAYS[bad]}" in text(response)
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
@pytest.mark.parametrize("field,message", [
    ("number", "This form came from an old or damaged page"),
    ("entered_by", "Select a valid choice"),
    ("went_out", "Select a valid choice"),
])
def test_a_new_hand_with_a_damaged_choice_is_refused(client, game, field, message, bad):
    data = td.form(1, [td.W1, td.W2], out="1")
    data[field] = bad
    response = client.post(f"/table/{game.table_token}/hands/", data)
    assert response.status_code == 400 and message in text(response)
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize("bad", ["k\x00y", "k" * 65])
def test_a_damaged_submission_key_is_refused(client, game, bad):
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1", key=bad))
    assert response.status_code == 400 and "old or damaged page" in text(response)
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
@pytest.mark.parametrize("field", ["version", "s1_left_points"])
def test_a_correction_with_a_bad_figure_is_refused(client, hand, field, bad):
    data = td.form(1, [td.W1, dict(td.W2, left=45)], out="1", entered_by="2", version="1", reason="recount")
    data[field] = bad
    response = client.post(f"/table/{hand.game.table_token}/hands/1/edit/", data)
    assert response.status_code == 400 and "Not saved." in text(response)
    assert Hand.objects.get(pk=hand.pk).version == 1


def test_a_reason_with_a_nul_byte_is_refused(client, hand):
    data = td.form(1, [td.W1, dict(td.W2, left=45)], out="1", entered_by="2", version="1", reason="re\x00count")
    response = client.post(f"/table/{hand.game.table_token}/hands/1/edit/", data)
    assert response.status_code == 400 and "Null characters are not allowed" in text(response)
    assert Hand.objects.get(pk=hand.pk).version == 1


@pytest.mark.parametrize("bad", [*BAD.values(), "", "0", "-1"], ids=[*BAD.keys(), "empty", "zero", "negative"])
@pytest.mark.parametrize("field,message", [
    ("version", "This form came from an old or damaged page"),
    ("side", "Choose which side confirms the hand."),
])
def test_a_confirmation_with_a_bad_version_or_side_is_refused(client, hand, field, message, bad):
    data = {"version": "1", "side": "2", field: bad}
    response = client.post(f"/table/{hand.game.table_token}/hands/1/confirm/", data, follow=True)
    assert response.status_code == 200 and message in text(response)
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_the_preview_names_a_bad_figure(client, game, bad):
    data = td.form(1, [td.W1, td.W2], out="1")
    data["s1_melded_points"] = bad
    response = client.post(f"/table/{game.table_token}/preview/", data)
    name = game.sides.get(slot=1).team.name
    assert response.status_code == 200 and f"{name}: melded points {SAYS[bad]}" in text(response)


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_the_card_count_names_a_bad_count(client, game, bad):
    response = client.post(f"/table/{game.table_token}/count/", {"target": "s1_melded_points",
                                                                  "s1_melded_points-c0": bad})
    says = "is more cards than the decks hold" if bad.startswith("99") else "must be a whole number"
    assert response.status_code == 200 and f"Count of 4–7 {says}" in text(response)


@pytest.mark.parametrize("target", ["s1_melded\x00points", "s²_melded_points", "x" * 5000])
def test_the_card_count_refuses_an_unknown_target(client, game, target):
    response = client.post(f"/table/{game.table_token}/count/", {"target": target})
    assert response.status_code == 400 and "Unknown field" in text(response)


@pytest.mark.parametrize("token", ["abc\x00def", "abc²", "%00", "ñandú"])
@pytest.mark.parametrize("page", ["", "hands/", "hands/1/confirm/", "preview/", "count/", "live/"])
def test_a_damaged_table_link_is_a_404(client, game, token, page):
    method = client.get if page in ("", "live/") else client.post
    assert method(f"/table/{token}/{page}").status_code == 404


def test_the_saved_notice_ignores_odd_numbers(client, hand):
    for value in ("²", "١", "9" * 30, "\x00"):
        assert client.get(f"/table/{hand.game.table_token}/", {"saved": value}).status_code == 200
