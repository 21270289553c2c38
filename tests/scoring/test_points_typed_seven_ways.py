"""Points typed the ways Bayfest typed them (issue 39): a hint is right or absent ("1.000,5" is a
thousand and a half, never "did you mean 10 005?"), digits of any script are digits, "10k" is refused
as written short. A Hypothesis test types random points strings at the table phone in both languages
and checks that the saved number is what the string means, or that nothing is saved."""

import html
import re

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import sample_hands as td
from scoring.forms import LooseIntegerField
from scoring.models import Hand
from tests.scoring.games import make_game
from tournament.common.typed_points import read_points

pytestmark = pytest.mark.django_db

SCRIPTS = {"ascii": "0", "arabic-indic": "\u0660", "persian": "\u06f0", "devanagari": "\u0966", "full-width": "\uff10"}
THOUSANDS = ["", ".", ",", " ", "\u00a0", "\u202f"]


def in_script(digits: str, script: str) -> str:
    zero = ord(SCRIPTS[script])
    return "".join(chr(zero + int(d)) for d in digits)


@st.composite
def typed_points(draw, largest: int = 10**9):
    """(what a person typed, what it means: a whole number, or None when it means no whole number,
    or the number it stands for written short, with whether it must be read as it stands)."""
    number = draw(st.integers(min_value=0, max_value=largest))
    mark = draw(st.sampled_from(THOUSANDS))
    text = f"{number:,}".replace(",", mark)
    meaning, exact = number, True
    form = draw(st.sampled_from(["plain", "decimals", "short"]))
    if form == "decimals":
        point = draw(st.sampled_from([p for p in ".," if p != mark]))
        # Three decimals after a lone mark would be a thousands group ("145,000"): the house reading.
        sizes = [1, 2, 4] if mark == "" or number < 1000 else [1, 2, 3, 4]
        decimals = draw(st.text(alphabet="0123456789", min_size=1, max_size=4).filter(lambda d: len(d) in sizes))
        text = f"{text}{point}{decimals}"
        meaning, exact = (number if set(decimals) == {"0"} else None), False
    elif form == "short":
        number = draw(st.integers(min_value=1, max_value=999))
        text = f"{number}{draw(st.sampled_from(['k', 'K', ' k', ' mil']))}"
        meaning, exact = number * 1000, False
    script = draw(st.sampled_from(sorted(SCRIPTS)))
    text = re.sub(r"[0-9]+", lambda m: in_script(m.group(0), script), text)
    text = draw(st.sampled_from(["", " "])) + text + draw(st.sampled_from(["", "  "]))
    return text, meaning, exact


def hinted(message: str) -> int | None:
    found = re.search(r"(?:did you mean|quiso decir) (-?[0-9][0-9\u00a0]*)\?", message, re.IGNORECASE)
    return int(found.group(1).replace("\u00a0", "")) if found else None


@settings(max_examples=400, deadline=None)
@given(typed_points(), st.sampled_from(["en", "es"]))
def test_a_points_box_reads_what_the_string_means_or_nothing_and_hints_only_right(typed, language):
    text, meaning, exact = typed
    field = LooseIntegerField(side_name="Ánimo", label="melded points")
    with translation.override(language):
        try:
            value = field.clean(text)
        except Exception as refused:  # a ValidationError: nothing is read
            message = " ".join(getattr(refused, "messages", [str(refused)]))
            assert not exact, f"{text!r} refused: {message}"
            assert "must be a whole number" not in message and "debe ser un número entero" not in message  # says what is wrong
            assert hinted(message) in (None, meaning), f"{text!r} hinted {hinted(message)}, means {meaning}"
        else:
            assert value == meaning and exact, f"{text!r} read as {value}, means {meaning}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed_points(largest=2500), st.sampled_from(["en", "es"]))
def test_the_table_phone_saves_what_was_meant_or_nothing(client, tournament, typed, language):
    text, meaning, exact = typed
    game = make_game(tournament)
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, dict(td.W2, left=text)], out="1"),
                           HTTP_ACCEPT_LANGUAGE=language)
    hand = Hand.objects.filter(game=game).first()
    if hand is None:
        assert response.status_code == 400
        page = html.unescape(response.content.decode())
        assert hinted(page) in (None, meaning)
        # Only an entry the rules refuse (not a multiple of 5, more cards than 8 decks hold) is refused
        # when it reads as meant.
        assert not exact or meaning % 5 or meaning > 2580, f"{text!r} refused"
    else:
        assert exact and hand.entries[1]["left_points"] == meaning, f"{text!r} saved {hand.entries[1]['left_points']}"


@pytest.mark.parametrize("language,words", [("en", "has decimals, and points are whole numbers"),
                                            ("es", "tiene decimales, y los puntos son números enteros")])
def test_a_thousand_and_a_half_is_never_offered_as_ten_thousand_and_five(client, tournament, language, words):
    game = make_game(tournament)
    for typed in ("1.000,5", "1,000.5"):
        response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, dict(td.W2, melded=typed)], out="1"),
                               HTTP_ACCEPT_LANGUAGE=language)
        page = html.unescape(response.content.decode())
        assert response.status_code == 400 and words in page
        assert "10\u00a0005" not in page and "Did you mean" not in page and "Quiso decir" not in page
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize("typed", ["١٠٠٠", "۱۰۰۰", "１０００", "１.０００", "١٬٠٠٠"])
def test_digits_of_other_scripts_are_digits(client, tournament, typed):
    game = make_game(tournament)
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, dict(td.W2, melded=typed)], out="1"),
                           HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 302, html.unescape(response.content.decode())[:1500]
    assert game.sides.get(slot=2).total == 935 - 780 + 1000
    assert read_points("١٠٠٠٠").value == 10000


@pytest.mark.parametrize("language,words", [
    ("en", "“10k” is written short. Type the points in full, in digits: did you mean 10\u00a0000?"),
    ("es", "«10k» está abreviado. Escriba los puntos completos, con cifras: ¿quiso decir 10\u00a0000?")])
def test_ten_k_is_refused_as_written_short(client, tournament, language, words):
    game = make_game(tournament)
    response = client.post(f"/table/{game.table_token}/hands/", td.form(1, [td.W1, dict(td.W2, left="10k")], out="1"),
                           HTTP_ACCEPT_LANGUAGE=language)
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and words in page and "número entero" not in page
    assert not Hand.objects.filter(game=game).exists()
