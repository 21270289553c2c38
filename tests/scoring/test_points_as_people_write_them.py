"""Points as people write them (issue 24): "10.000", "10,000", "10 000" and "10000" are ten thousand in
both languages, at the table, in the organizer's copy of the sheet and in the house rules; anything
that reads two ways is refused with the reading shown, never saved as something else."""

import html

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from scoring import sample_hands as td
from scoring.models import Hand
from tests.events.test_house_rules import page_url, posted
from tests.formats.tables.played import club_round
from tests.scoring.games import make_game
from tournament.common.typed_points import grouped, read_points

MARKS = [".", ",", " ", "\u00a0", "\u202f"]


def written(number: int, mark: str) -> str:
    return f"{number:,}".replace(",", mark)


@given(st.integers(min_value=0, max_value=10**11), st.sampled_from(MARKS + [""]), st.booleans())
def test_a_number_written_with_any_thousands_mark_reads_as_itself(number, mark, negative):
    text = ("-" if negative else "") + written(number, mark)
    assert read_points(text).value == (-number if negative else number)
    assert read_points(f"  {text} ").value == (-number if negative else number)


@given(st.integers(min_value=0, max_value=10**4), st.sampled_from([".", ","]),
       st.text(alphabet="0123456789", min_size=1, max_size=5).filter(lambda tail: len(tail) != 3))
def test_a_mark_not_followed_by_three_digits_is_refused(whole, mark, tail):
    typed = read_points(f"{whole}{mark}{tail}")
    assert typed.value is None and typed.problem in ("unclear", "decimals")
    # A reading is offered only when it is sure: zero decimals ("45.0"), never the digits run together.
    assert typed.reading in (None, whole) and (typed.reading is None or set(tail) == {"0"})


@given(st.text(alphabet="0123456789.,  -+x\u202f", max_size=16))
def test_anything_typed_is_read_as_its_own_digits_or_refused_never_changed(text):
    typed = read_points(text)
    if typed.value is not None:
        digits = "".join(c for c in text if c.isdigit())
        assert abs(typed.value) == int(digits)
    else:
        assert typed.problem or not text.strip(" \u202f")


def test_the_readings_offered():
    assert read_points("45.0").reading == 45 and read_points("1.000,00").reading == 1000
    assert read_points("10k").reading == 10000
    assert grouped(10000) == "10\u00a0000"
    assert read_points("lots").problem == "invalid" and read_points("1" * 13).problem == "too_long"


# ---- on the pages --------------------------------------------------------------------------------

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_after():
    yield
    translation.deactivate()


def melded_saved(client, tournament, typed: str, **headers):
    game = make_game(tournament)
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, dict(td.W2, melded=typed)], out="1"),
                           **headers)
    return response, game


@pytest.mark.parametrize("typed", ["1.000", "1,000", "1 000", "1\u202f000", "1000"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_table_phone_reads_a_thousand_however_it_is_written(client, tournament, typed, language):
    response, game = melded_saved(client, tournament, typed, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302, html.unescape(response.content.decode())[:2000]
    assert game.sides.get(slot=2).total == 935 - 780 + 1000  # W2 with 1,000 melded instead of 780


@pytest.mark.parametrize("typed,words", [("10.5", "has decimals, and points are whole numbers"),
                                         ("1.0000", "can be read more than one way"),
                                         ("2,50", "has decimals, and points are whole numbers"),
                                         ("1.000,00", "has decimals, and points are whole numbers. Did you mean 1\u00a0000?")])
def test_an_unclear_number_is_refused_and_nothing_saved(client, tournament, typed, words):
    response, game = melded_saved(client, tournament, typed)
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and not Hand.objects.filter(game=game).exists()
    assert words in page and f'value="{typed}"' in page
    if "Did you mean" not in words:
        assert "Did you mean" not in page  # no guess: "10.5" is not 105, "1.0000" may be 1 or 10 000


def test_in_spanish_the_refusal_asks_in_spanish(client, tournament):
    response, game = melded_saved(client, tournament, "1.000,00", HTTP_ACCEPT_LANGUAGE="es")
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and "¿Quiso decir 1\u00a0000?" in page


def test_the_organizers_correction_reads_a_thousand(client, tournament, organizer, template_context):
    game = make_game(tournament)
    client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, td.W2], out="1"))
    client.force_login(organizer)
    typed = td.form(1, [dict(td.W1, melded="1.000"), td.W2], out="1", entered_by="", version="1", reason="recount")
    response = client.post(f"/table/manage/{game.pk}/hands/1/edit/", typed)
    assert response.status_code == 302, response.context["form"].errors
    assert game.sides.get(slot=1).total == 5690 - 1235 + 1000


def test_a_house_rule_target_written_with_a_dot(organizer_client):
    event, _games = club_round()
    response = organizer_client.post(page_url(event), posted(event, red_book="1.000"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rules_numbers["red_book"] == 1000
    response = organizer_client.post(page_url(event), posted(event, red_book="1.50"))
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and "has decimals" in page and "Did you mean" not in page
