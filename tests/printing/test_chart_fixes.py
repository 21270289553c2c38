"""Wall-chart defects from issue 15: the letter-size header clipped the venue, division charts left
the partners out, and the champion's line was labelled "Table 1"."""

import io
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image

from tests.printing.test_printing_helpers import (
    draw_divisions,
    flat,
    page_png,
    pdf_text,
    play_round,
)
from tournament.models import Division, Tournament
from tournament.printing import charts, documents
from tournament.printing.paper import paper

LONG_EVENT = "Bayfest 2026 Baja Rummy Tournament"
LONG_VENUE = "Marina clubhouse, La Paz, Baja California Sur"


def words_with_boxes(pdf: bytes) -> tuple[float, list[tuple[str, float]]]:
    """The page width and each word with its right edge, as pdftotext reads them back."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.pdf"
        path.write_bytes(pdf)
        html = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(path), "-"],
                              check=True, capture_output=True, text=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', html).group(1))
    return width, [(word, float(x)) for x, word in re.findall(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', html)]


@pytest.fixture
def long_named(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(name=LONG_EVENT, venue=LONG_VENUE)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("paper_key", ["letter", "a4"])
def test_the_header_fits_the_sheet(long_named, paper_key):
    divisions = draw_divisions(long_named, 13)
    pdf = documents.chart_pdf(divisions["d1"], "posting", paper(paper_key))
    text = flat(pdf_text(pdf))
    assert f"{LONG_EVENT} · {LONG_VENUE}" in text or (LONG_EVENT in text and LONG_VENUE in text)
    width, words = words_with_boxes(pdf)
    assert [w for w, right in words if right > width - 10] == []  # nothing runs into the margin or off the page
    png = Image.open(io.BytesIO(page_png(pdf, 1, dpi=72))).convert("L")
    strip = png.crop((png.width - 12, 0, png.width, 60))  # the right margin beside the header
    assert min(strip.getdata()) > 200, "ink in the right margin: the header is cut off"


def test_a_header_too_long_for_one_line_takes_two_and_is_not_cut():
    size, lines = charts.fit_header(f"{LONG_EVENT} · {LONG_VENUE}", 260, 12.0, True)
    assert lines == [LONG_EVENT, LONG_VENUE] and size >= 8.0
    assert all(charts.text_width(line, size, True) <= 260.01 for line in lines)


@pytest.mark.django_db
def test_a_division_chart_shows_the_partners_under_each_team(tournament):
    divisions = draw_divisions(tournament, 13)
    text = flat(pdf_text(documents.chart_pdf(divisions["d1"], "posting", paper("letter"))))
    for team in divisions["teams"]:
        partners = " & ".join(p.name for p in team.players.order_by("created_at", "id"))
        assert partners in text, partners


@pytest.mark.django_db
def test_the_champions_line_is_labelled_champion(tournament):
    divisions = draw_divisions(tournament, 4, long_name=False)
    for number in (1, 2):
        play_round(divisions["d1"], number)
    division = Division.objects.get(pk=divisions["d1"].pk)
    (sheet,) = documents.chart_sheets(division, "current", paper("letter"))
    last_x = max(text.x for text in sheet.texts if text.css == "label")
    labels = [text.lines[0] for text in sheet.texts if text.css == "label" and text.x == last_x]
    assert labels == ["Champion"]
    text = pdf_text(documents.chart_pdf(division, "current", paper("letter")))
    assert "Champion" in text
