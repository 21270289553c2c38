"""The table phone, the public sheet, the game day board and game page and the bracket in Spanish:
key words in Spanish, numbers as Mexico writes them (5,690), dates in Spanish; the rules engine's
refusals read in Spanish on the page and in the outbox's JSON, and in English as before."""

import html

import pytest
from django.urls import reverse
from django.utils import translation

import rules
from rules.errors import CODES
from scoring import hands, rules_text
from scoring import sample_hands as td
from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english_after():
    """A Spanish request leaves Spanish active in this thread (LocaleMiddleware): later tests read English."""
    yield
    translation.deactivate()
ES = {"HTTP_ACCEPT_LANGUAGE": "es"}
OUTBOX = {"HTTP_X_OUTBOX": "1"}
# Going out without the book of twos Baja needs: the engine refuses it.
SHORT = td.form(1, [dict(td.W1, twos=0), td.W2], out="1")


def text(response) -> str:
    return html.unescape(response.content.decode())


def saved_game(tournament):
    game = make_game(tournament)
    hands.submit(game, number=1, values=[td.values(out=True, **td.W1), td.values(**td.W2)], key="k1",
                 entered_by="A", entered_by_slot=1)
    return game


def test_every_refusal_code_of_the_engine_has_a_spanish_sentence():
    assert set(rules_text.SENTENCES) == set(CODES)
    with translation.override("es"):
        untranslated = [code for code, sentence in rules_text.SENTENCES.items()
                        if translation.gettext(sentence) == sentence]
    assert untranslated == []


def test_an_unknown_code_falls_back_to_the_engines_english():
    problem = {"code": "no-such-code", "params": {}, "message": "A: something odd"}
    with translation.override("es"):
        assert rules_text.problem_text(problem) == "A: something odd"


def test_labels_from_the_rules_have_spanish_words():
    with translation.override("es"):
        labels = [translation.gettext(label) for label, _ in rules.card_values("baja-partners")]
        bands = [translation.gettext(label) for label, _ in rules.meld_bands("club-4deck")]
    assert "Libro rojo" in labels and "Tres rojo" in labels and bands[0] == "Mano 1"


def test_the_table_page_in_spanish(client, tournament):
    game = saved_game(tournament)
    page = text(client.get(f"/table/{game.table_token}/", **ES))
    assert "Anotar mano 2" in page and "Guardar mano 2" in page and "Siguiente bajada" in page
    assert "Quién cerró" in page and "Libros rojos" in page and "Guardado en este teléfono" in page
    assert "5,690" in page and "Enter hand" not in page and "Next meld" not in page
    assert '"offline_note": "Sin conexi' in page  # the outbox's words, in the page's language


def test_a_refusal_in_the_form_reads_in_spanish_and_english_is_unchanged(client, tournament):
    game = make_game(tournament)
    spanish = text(client.post(f"/table/{game.table_token}/hands/", SHORT, **ES))
    assert "No se guardó." in spanish and "cerró con 0 libros de doses; para cerrar hacen falta 1" in spanish
    english = text(client.post(f"/table/{game.table_token}/hands/", SHORT))
    assert "went out without a book of twos (going out needs 1 red, 1 black, 1 run, 1 book of twos)" in english


def test_a_refusal_in_the_outbox_json_reads_in_spanish(client, tournament):
    game = make_game(tournament)
    answer = client.post(f"/table/{game.table_token}/hands/", SHORT, **ES, **OUTBOX)
    assert answer.status_code == 422
    assert any("para cerrar hacen falta 1" in e for e in answer.json()["errors"])


def test_the_public_sheet_board_game_page_and_bracket_in_spanish(client, organizer_client, tournament):
    game = saved_game(tournament)
    sheet = text(client.get(f"/t/{tournament.slug}/games/{game.pk}/sheet/", **ES))
    assert "Hoja de anotación en vivo" in sheet and "5,690" in sheet and "Manos" in sheet
    board = text(organizer_client.get(reverse("gameday:round", args=[tournament.slug, game.round_id]), **ES))
    assert "Día de juego" in board and "Mesa 1" in board and "En juego" in board and "Tiempo restante" in board
    assert "5,690" in board and "<h1>Game day" not in board
    page = text(organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk]), **ES))
    assert "Corregir el resultado" in page and "Registro" in page and "1 mano anotada." in page
    game.division.published_at = game.started_at
    game.division.save(update_fields=["published_at"])
    bracket = text(client.get(reverse("brackets:division", args=[tournament.slug, "d1"]), **ES))
    assert "Partida 1" in bracket and "Mesa 1" in bracket and "5,690" in bracket and "Las horas son" in bracket


def test_a_date_on_the_game_page_is_in_spanish(organizer_client, tournament):
    game = saved_game(tournament)
    game.starts_at = game.started_at
    game.save(update_fields=["starts_at"])
    page = text(organizer_client.get(reverse("gameday:game", args=[tournament.slug, game.pk]), **ES))
    with translation.override("es"):
        weekday = translation.gettext(game.starts_at.astimezone(tournament.tz).strftime("%A"))
    assert f"Hora de inicio publicada: {weekday}" in page
