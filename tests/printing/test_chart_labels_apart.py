"""Issue 39: on the printed chart a game's result words ("se retiró", "sin compañero ni suplente", a
marked total "15,600* (1,000 confirmados)") overlapped the table label under the line ("Mesa 3").
Every text of a chart — names, partners, scores, labels — keeps its own place, whatever the words."""

import dataclasses

import pytest
from django.utils import translation

from tests.printing.test_printing_charts import LETTER, TABLOID, boxes_overlap, bracket, check_sheet
from tournament.printing import charts

WORDS = ("se retiró", "withdrew", "sin compañero ni suplente", "no se presentó", "15,600* (1,000 confirmados)",
         "19,535* (935 confirmados)")


def with_results(data: charts.ChartData, words: str) -> charts.ChartData:
    """Every first-round game finished with `words` as the loser's score and a long note under it."""
    games = tuple(
        charts.ChartGame(sides=(charts.ChartSide(name=g.sides[0].name, players="Begoña Ruiz e Íñigo Peña", score=words, lost=True),
                                charts.ChartSide(name=g.sides[1].name, players="Ana Núñez y Olga Díaz", score="20,150", won=True)),
                         table=g.table, note="retirado")
        for g in data.rounds[0].games)
    return charts.ChartData(title=data.title, event=data.event, version=data.version, instructions=data.instructions,
                            footer=data.footer, rounds=(dataclasses.replace(data.rounds[0], games=games), *data.rounds[1:]))


@pytest.mark.parametrize("words", WORDS)
@pytest.mark.parametrize("teams, paper", [(8, LETTER), (16, LETTER), (32, TABLOID)])
def test_results_and_table_labels_never_overlap(words, teams, paper):
    data = with_results(bracket([f"Los Tiburones de La Paz {n}" for n in range(teams)]), words)
    with translation.override("es"):
        sheets = charts.layout(data, *paper)
    for sheet in sheets:
        check_sheet(sheet)
        texts = [t for t in sheet.texts if t.css.split()[0] in ("name", "score", "label", "players", "hint")]
        touching = [(a.lines, b.lines) for i, a in enumerate(texts) for b in texts[i + 1:] if boxes_overlap(a, b)]
        assert touching == [], touching[:5]
