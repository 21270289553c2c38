"""The results sheet's footer names the tournament as it was typed: quotes, apostrophes, backslashes."""

import datetime as dt
import io

import pypdf
from django.urls import reverse

from tests.printing.test_printing_helpers import draw_divisions, flat
from tournament.printing import documents
from tournament.printing.paper import paper

NAME = "O'Neil's \"Cup\" \\ Ría 1/2"


def page_texts(pdf: bytes) -> list[str]:
    """The text of each page as pypdf reads it, the footer included."""
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    return [flat(page.extract_text()) for page in pages]


def test_the_footer_shows_the_name_with_its_punctuation(tournament):
    tournament.name = NAME
    tournament.save()
    draw_divisions(tournament, 4, long_name=False)
    pdf = documents.results_pdf(tournament, paper("letter"), now=dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC))
    pages = page_texts(pdf)
    assert pages and all(NAME in text for text in pages)
    assert all("u0027" not in text and "u0022" not in text for text in pages)
    assert all("Page " in text for text in pages)


def test_the_printed_results_page_shows_oneil(organizer_client, tournament):
    tournament.name = "O'Neil Open"
    tournament.save()
    response = organizer_client.get(reverse("printing:results", args=[tournament.slug]))
    text = " ".join(page_texts(response.content))
    assert text.count("O'Neil Open") >= 2  # the heading and the footer
    assert "Ou0027Neil" not in text
