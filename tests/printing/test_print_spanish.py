"""Printed material speaks the tournament's language (Tournament.language), whoever asks for it:
each PDF of a Spanish tournament reads in Spanish even from an English browser, and an English
tournament's stays English from a Spanish one. The print menu itself follows the visitor. Real
WeasyPrint PDFs read back with pdftotext; each Spanish one rendered to PNG for a person to look at."""

import os
from pathlib import Path

import pytest
from django.urls import reverse

from tests.formats.tables.played import club_round, end_with_totals
from tests.printing.test_printing_helpers import (
    cards_from_the_worker,
    draw_divisions,
    flat,
    page_png,
    pdf_text,
)
from tests.printing.test_table_results_pdf import play_the_playoff
from tournament.formats.tables import bonus
from tournament.models import Round, Tournament
from tournament.printing import documents, tasks
from tournament.printing.paper import paper

pytestmark = pytest.mark.django_db
SHOTS = Path(os.environ.get("MELDBOARD_SCREENSHOTS", "/work/tmp/shots"))


def speaking(tournament, language):
    Tournament.objects.filter(pk=tournament.pk).update(language=language)
    tournament.refresh_from_db()
    return tournament


def bracket(tournament):
    divisions = draw_divisions(tournament, 6)
    return divisions, Round.objects.get(division=divisions["d1"], number=1)


def chart(tournament):
    divisions, _ = bracket(tournament)
    return reverse("printing:chart", args=[tournament.slug, divisions["d1"].pk, "posting"])


def table_cards(tournament):
    _, rnd = bracket(tournament)
    return reverse("printing:cards", args=[tournament.slug, rnd.pk])


def score_sheets(tournament):
    _, rnd = bracket(tournament)
    return reverse("printing:score_sheets", args=[tournament.slug, rnd.pk])


def results(tournament):
    bracket(tournament)
    return reverse("printing:results", args=[tournament.slug])


def club_event(tournament):
    """A club table event (three tables, round 1 seated) in the tournament's language: table 1
    finishes first and earns the bonus, which levels two partnerships for the win."""
    event, (one, two, three) = club_round(3, language=tournament.language)
    end_with_totals(one, 900, 500)
    assert bonus.award_first_finish(one)
    end_with_totals(two, 1300, 100)
    end_with_totals(three, 700, 200)
    return event


def seating_by_table(tournament):
    event = club_event(tournament)
    return reverse("printing:seating", args=[event.slug, 1, "table"])


def seating_by_name(tournament):
    event = club_event(tournament)
    return reverse("printing:seating", args=[event.slug, 1, "name"])


def table_results(tournament):
    event = club_event(tournament)
    return reverse("printing:table_results", args=[event.slug])


# document: (url maker, Spanish words it must show, the English words they replace)
DOCUMENTS = {
    "chart": (chart, ["División 1", "Para publicar", "Ganadores: escriban", "Ganadores de División 1", "hora de"],
              ["Division 1", "For posting", "Winners:", "winner", "time ·", "printed"]),
    "table-cards": (table_cards, ["MESA", "contra", "Hora de inicio publicada", "Tiempo límite", "Anotador(a): escanee",
                                  "pierde por no presentarse", "impreso"],
                    ["TABLE", "against", "Posted start", "Time limit", "Scorekeeper", "forfeits", "printed"]),
    "score-sheet": (score_sheets, ["Hoja de anotación", "Mano", "Para bajar",
                                   "Puntos necesarios para bajar", "Valor de las cartas", "Libros, escaleras y cerrar",
                                   "Ganador", "Firma", "Respaldo en papel"],
                    ["Score sheet", "Hand", "Points needed to meld", "Card values",
                     "Books, runs", "Winner", "Signed", "Paper backup"]),
    "results": (results, ["resultados", "Campeones", "por definir", "División 1", "Ganador:", "Mesa 1", "Página 1 de"],
                ["results", "Champion", "to be decided", "Division", "Winner", "Table", "Page"]),
    "seating-by-table": (seating_by_table, ["Ronda 1", "Lugares por mesa", "hora de inicio publicada", "Mesa 1",
                                            "Lugar 1", "(pareja:", "mié"],
                         ["Round 1", "Seating by table", "posted start", "Table 1", "Seat 1", "partner", "Wed"]),
    "seating-by-name": (seating_by_name, ["Ronda 1", "¿Dónde me siento? Nombres A–Z", "Mesa 1 · lugar 1", "mié"],
                        ["Round 1", "Where do I sit", "Table 1", "seat", "Wed"]),
    "table-results": (table_results, ["resultados", "Empate por el primer lugar", "lo decide un desempate", "Posiciones",
                                      "Pareja", "Medalla", "Bono", "(empate: hace falta desempate)",
                                      "Orden por puntaje total"],
                      ["results", "Level for the win", "play-off", "Standings", "Partnership", "Bonus",
                       "Ranked by"]),
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_a_spanish_tournament_prints_in_spanish_even_for_an_english_browser(organizer_client, tournament, name):
    make_url, spanish, english = DOCUMENTS[name]
    url = make_url(speaking(tournament, "es")) + "?paper=letter"
    response = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = flat(pdf_text(response.content))
    assert [word for word in spanish if word not in text] == []
    assert [word for word in english if word in text] == []
    if SHOTS.is_dir():
        (SHOTS / f"i18n-print-es-{name}.png").write_bytes(page_png(response.content, 1, dpi=60))


@pytest.mark.parametrize("name", DOCUMENTS)
def test_an_english_tournament_prints_in_english_even_for_a_spanish_browser(organizer_client, tournament, name):
    make_url, spanish, english = DOCUMENTS[name]
    url = make_url(speaking(tournament, "en")) + "?paper=letter"
    organizer_client.cookies["django_language"] = "es"
    response = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="es-MX,es")
    text = flat(pdf_text(response.content))
    assert [word for word in english if word not in text] == []
    assert [word for word in spanish if word in text] == []


def test_the_same_document_is_kept_apart_per_language(organizer_client, tournament):
    url = chart(speaking(tournament, "es")) + "?paper=letter"
    assert "Para publicar" in flat(pdf_text(organizer_client.get(url).content))
    speaking(tournament, "en")
    assert "For posting" in flat(pdf_text(organizer_client.get(url).content))


def test_the_print_menu_follows_the_visitor_not_the_tournament(organizer_client, tournament):
    bracket(speaking(tournament, "en"))
    url = reverse("printing:menu", args=[tournament.slug])
    spanish = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Imprimir para el club" in spanish and "Cuadro impreso para publicar" in spanish
    assert "Hacer tarjetas de mesa" in spanish and "Carta (8½×11 in)" in spanish and "División 1" in spanish
    assert "Print for the clubhouse" not in spanish and "Make table cards" not in spanish
    speaking(tournament, "es")
    english = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Print for the clubhouse" in english and "Make table cards" in english and "Division 1" in english
    assert "Imprimir para el club" not in english


def test_a_wrong_choice_is_explained_in_the_visitors_language(organizer_client, tournament):
    divisions, _ = bracket(speaking(tournament, "en"))
    url = reverse("printing:chart", args=[tournament.slug, divisions["d1"].pk, "posting"]) + "?paper=legal"
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "No imprimimos en papel “legal”" in page


def test_cards_made_by_the_task_speak_the_tournaments_language(tournament, settings):
    """The worker has no request and so no visitor's language: the task renders in the tournament's."""
    _, rnd = bracket(speaking(tournament, "es"))
    from tournament.printing import cache as pdf_cache

    job_id = pdf_cache.new_job(tournament_id=tournament.pk, round_id=rnd.pk, paper="letter", base_url="http://x/",
                               title="", filename="c.pdf")
    assert tasks.make_round_cards(rnd.pk, job_id)
    text = flat(pdf_text(pdf_cache.cache.get(pdf_cache.job(job_id)["pdf_key"])))
    assert "MESA" in text and "Hora de inicio publicada" in text and "Posted start" not in text


@pytest.mark.worker
def test_the_worker_makes_spanish_cards_for_a_spanish_tournament(organizer_client, tournament, celery_worker):
    _, rnd = bracket(speaking(tournament, "es"))
    celery_worker.start()
    pdf = cards_from_the_worker(organizer_client, tournament, rnd, HTTP_ACCEPT_LANGUAGE="en")
    text = flat(pdf_text(pdf))
    assert "MESA" in text and "contra" in text and "Anotador(a): escanee" in text
    assert "TABLE" not in text and "against" not in text and "Scorekeeper" not in text
    if SHOTS.is_dir():
        (SHOTS / "i18n-print-es-worker-cards.png").write_bytes(page_png(pdf, 1, dpi=60))


LONG_EVENT = "Torneo de Rummy Baja de la Bahía de La Paz 2026"
LONG_VENUE = "Salón del Club de Yates, La Paz, Baja California Sur"


@pytest.mark.parametrize("paper_key", ["letter", "a4"])
def test_a_spanish_chart_header_fits_the_sheet(tournament, paper_key):
    from tests.printing.test_chart_fixes import words_with_boxes

    Tournament.objects.filter(pk=tournament.pk).update(name=LONG_EVENT, venue=LONG_VENUE, language="es")
    tournament.refresh_from_db()
    divisions = draw_divisions(tournament, 13)
    pdf = documents.chart_pdf(divisions["d1"], "posting", paper(paper_key))
    text = flat(pdf_text(pdf))
    assert LONG_EVENT in text and LONG_VENUE in text
    assert "Ganadores: escriban" in text and "partida." in text  # the whole instruction, not its first line only
    width, words = words_with_boxes(pdf)
    assert [w for w, right in words if right > width - 10] == []  # nothing runs into the margin or off the page
    if SHOTS.is_dir() and paper_key == "letter":
        (SHOTS / "i18n-print-es-chart-long-header.png").write_bytes(page_png(pdf, 1, dpi=60))


def test_a_play_off_is_printed_in_spanish(organizer_client, tournament):
    event = club_event(speaking(tournament, "es"))
    play_the_playoff(event, "P5 & P6")
    url = reverse("printing:table_results", args=[event.slug]) + "?paper=letter"
    text = flat(pdf_text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content))
    # Between partners a Spanish sheet says "y" (the names are stored with "&", language-neutral).
    assert "Desempates" in text and "Desempate por el primer lugar: ganó P5 y P6" in text
    assert "Oro: P5 y P6" in text and "Plata: P1 y P2" in text and "(lugar por desempate)" in text
    assert "won by" not in text and "Play-off" not in text and "Silver" not in text



# The end of each downloaded file's name, in Spanish and in English.
FILE_NAMES = {
    "chart": ("division-1-para-publicar-carta.pdf", "division-1-posting-letter.pdf"),
    "table-cards": ("division-1-cuartos-de-final-tarjetas-de-mesa.pdf", "division-1-quarter-finals-table-cards.pdf"),
    "score-sheet": ("division-1-cuartos-de-final-hojas-de-anotacion.pdf", "division-1-quarter-finals-score-sheets.pdf"),
    "results": ("-resultados.pdf", "-results.pdf"),
    "seating-by-table": ("ronda-1-lugares-por-mesa.pdf", "round-1-seating-by-table.pdf"),
    "seating-by-name": ("ronda-1-lugares-por-nombre.pdf", "round-1-seating-by-name.pdf"),
    "table-results": ("-resultados.pdf", "-results.pdf"),
}


@pytest.mark.parametrize("language,browser", [("es", "en"), ("en", "es")])
@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_file_name_speaks_the_tournaments_language_too(organizer_client, tournament, name, language, browser):
    """A Spanish club's download folder gets Spanish names, whichever browser fetched them."""
    tail = FILE_NAMES[name][0 if language == "es" else 1]
    url = DOCUMENTS[name][0](speaking(tournament, language)) + "?paper=letter"
    disposition = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=browser)["Content-Disposition"]
    assert disposition.startswith('inline; filename="') and disposition.endswith(f'{tail}"'), disposition


def test_a_single_score_sheet_and_the_blank_one_are_named_in_spanish(organizer_client, tournament):
    speaking(tournament, "es")
    _, rnd = bracket(tournament)
    game = rnd.games.exclude(table_number=None).first()
    one = organizer_client.get(reverse("printing:score_sheet", args=[tournament.slug, game.pk]))
    assert one["Content-Disposition"].endswith(f'-hoja-de-anotacion-mesa-{game.table_number}.pdf"')
    blank = organizer_client.get(reverse("printing:blank_score_sheet", args=[tournament.slug]))
    assert blank["Content-Disposition"].endswith('-hoja-de-anotacion-en-blanco.pdf"')
