"""Names whole on paper (issue 24 B): a table card is one page whatever the names; the partners'
names on the wall chart print at 10 pt or more; emoji and other scripts print with a font that has them."""

import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.factories import TeamFactory
from tests.printing.test_printing_helpers import draw_divisions, pdf_pages, pdf_text
from tournament.models import Game, Round, Team
from tournament.printing import documents
from tournament.printing.paper import PAPERS

pytestmark = pytest.mark.django_db

LONGEST_TEAM = "Los Compadres del Dominó de la Marina Vallarta y Nuevo Vall 🃏"[:60]
LONGEST_PLAYER = "Guadalupe Alejandra Fernández de la Concepción Villaseñor Hernández de Guzmán y Ruiz"[:80]


def _first_round_game(tournament):
    rnd = Round.objects.filter(division__tournament=tournament, division__kind="d1", number=1).get()
    game = Game.objects.filter(round=rnd, sides__team__isnull=False).exclude(status="bye").distinct().order_by("number").first()
    return rnd, game


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_table_card_is_one_page_with_the_longest_names(tournament, paper):
    draw_divisions(tournament, 8)
    rnd, game = _first_round_game(tournament)
    sides = list(game.sides.order_by("slot"))
    for number, side in enumerate(sides):
        name = (LONGEST_TEAM[:-1] + str(number))[:60]
        Team.objects.filter(pk=side.team_id).update(name=name)
        for i, player in enumerate(side.team.players.all()):
            player.name = (LONGEST_PLAYER[:-2] + f"{number}{i}")[:80]
            player.save(update_fields=["name"])
    cards = [g for g in Game.objects.filter(round=rnd) if g.table_number]
    pdf = documents.table_cards_pdf(rnd, PAPERS[paper], "http://club.example")
    assert pdf_pages(pdf) == len(cards)
    text = " ".join(pdf_text(pdf, raw=True).split())
    assert "Nuevo Vall0" in text and "Nuevo Vall1" in text  # both names whole


def test_the_wall_chart_prints_the_partners_names_at_ten_points_or_more(tournament):
    divisions = draw_divisions(tournament, 16)
    teams = Team.objects.filter(tournament=tournament).order_by("pk")
    for team in teams[:3]:  # the partners' line the old chart printed at about 6 pt
        player = team.players.order_by("pk").first()
        player.name = f"{player.name} Fernández-Villaseñor"
        player.save(update_fields=["name"])
    sheets = documents.chart_sheets(divisions["d1"], "posting", PAPERS["letter"])
    partners = [t for t in sheets[0].texts if t.css == "players"]
    assert partners and min(float(t.size) for t in partners) >= 10.0


def test_emoji_and_other_scripts_print_with_a_font_that_has_them(tournament):
    draw_divisions(tournament, 4)
    rnd, game = _first_round_game(tournament)
    side = game.sides.order_by("slot").first()
    Team.objects.filter(pk=side.team_id).update(name="Дружба 友谊 الصداقة 🃏")
    pdf = documents.table_cards_pdf(rnd, PAPERS["letter"], "http://club.example")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cards.pdf"
        path.write_bytes(pdf)
        fonts = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    assert "Emoji" in fonts  # the joker prints, not an empty box
    assert "Дружба" in pdf_text(pdf)


def test_a_team_name_of_the_longest_allowed_length_signs_up(tournament):
    team = TeamFactory(tournament=tournament, name=LONGEST_TEAM)
    assert Team.objects.get(pk=team.pk).name == LONGEST_TEAM


def test_the_wall_chart_never_leaves_out_a_partner_however_long_the_names(tournament):
    divisions = draw_divisions(tournament, 8)
    team = Team.objects.filter(tournament=tournament).order_by("pk").first()
    for i, player in enumerate(team.players.order_by("pk")):
        player.name = LONGEST_PLAYER[:-1] + str(i)
        player.save(update_fields=["name"])
    sheets = documents.chart_sheets(divisions["d1"], "posting", PAPERS["letter"])
    lines = [line for t in sheets[0].texts if t.css == "players" for line in t.lines]
    assert any(LONGEST_PLAYER[:-1] + "0" in line and LONGEST_PLAYER[:-1] + "1" in line for line in lines)
