"""The chart layout as a pure function: no database, just bracket data in and positions out."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.printing import chart_text, charts
from tournament.printing.paper import PAPERS

LETTER = PAPERS["letter"].size(landscape=True)
TABLOID = PAPERS["tabloid"].size(landscape=True)


def bracket(names: list[str | None], later: dict | None = None) -> charts.ChartData:
    """A chart whose first round holds `names` (None is a bye); later rounds empty unless given."""
    size = len(names)
    rounds = []
    games = tuple(
        charts.ChartGame(sides=tuple(charts.ChartSide(bye=True) if n is None else charts.ChartSide(name=n) for n in names[i:i + 2]),
                         table=i // 2 + 1)
        for i in range(0, size, 2)
    )
    rounds.append(charts.ChartRound("Round 1", "Wed 8 Apr, 10:00 AM", games))
    count = size // 2
    number = 2
    while count > 1:
        count //= 2
        rounds.append(charts.ChartRound(f"Round {number}", f"Thu {number} Apr, 10:00 AM",
                                        tuple(charts.ChartGame(table=g + 1) for g in range(count))))
        number += 1
    return charts.ChartData(title="Division 1", event="Bayfest", version="For posting", instructions="Write winners in",
                            footer="printed", rounds=tuple(rounds))


def name_texts(sheet):
    return [t for t in sheet.texts if t.css.startswith("name") or t.css.startswith("bye")]


def boxes_overlap(a, b) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


def check_sheet(sheet):
    for text in sheet.texts:
        assert text.x >= 0 and text.y >= 0, text
        assert text.x + text.width <= sheet.width + 0.5, text
        assert text.y + text.height <= sheet.height, text
        if text.css.startswith("name"):
            # the whole name is shown: its widest line fits the box it is drawn in
            widest = max(chart_text.text_width(line, text.size) for line in text.lines)
            assert widest <= text.width + 0.5, (text.lines, widest, text.width)
    names = name_texts(sheet)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not boxes_overlap(a, b), (a.lines, b.lines)


def test_sixteen_teams_fit_one_sheet_with_every_name_bye_table_and_time():
    names = [f"Team {i}" for i in range(1, 14)] + [None] * 3
    (sheet,) = charts.layout(bracket(names), *LETTER)
    written = [" ".join(t.lines) for t in sheet.texts]
    for name in names:
        if name:
            assert name in written
    assert written.count("BYE") == 3
    assert "Table 8" in written
    assert "Wed 8 Apr, 10:00 AM" in written
    assert "Round 4" in written and "Champion" in written
    check_sheet(sheet)


def test_names_are_big_enough_to_read_from_two_metres_for_eight_teams():
    (sheet,) = charts.layout(bracket([f"Team {i}" for i in range(8)]), *LETTER)
    assert min(t.size for t in name_texts(sheet)) >= 18


def test_thirty_two_teams_still_fit_one_letter_sheet():
    (sheet,) = charts.layout(bracket([f"Garcia & Lopez {i}" for i in range(32)]), *LETTER)
    assert len(name_texts(sheet)) == 32
    assert min(t.size for t in name_texts(sheet)) >= 8
    check_sheet(sheet)


def test_sixty_four_teams_split_over_two_sheets_with_continuation_marks():
    names = [f"Team {i}" for i in range(64)]
    first, second = charts.layout(bracket(names), *TABLOID)
    first_text = [" ".join(t.lines) for t in first.texts]
    second_text = [" ".join(t.lines) for t in second.texts]
    assert set(names[:32]) <= set(first_text) and not set(names[32:]) & set(first_text)
    assert set(names[32:]) <= set(second_text)
    assert "→ continues on sheet 2" in first_text
    assert "← from sheet 1" in second_text
    assert "Champion" in second_text and "Champion" not in first_text
    assert "Sheet 1 of 2" in first_text and "Sheet 2 of 2" in second_text
    check_sheet(first)
    check_sheet(second)


def test_a_very_long_name_is_shrunk_or_wrapped_never_cut():
    long = "The Marina del Rey Tuesday Night Canasta Refugees"
    (sheet,) = charts.layout(bracket([long, "Ana & Bob", "Cy & Di", "Ed & Flo"]), *LETTER)
    (shown,) = [t for t in sheet.texts if long.split()[0] in " ".join(t.lines) and t.css.startswith("name")]
    assert " ".join(shown.lines) == long
    check_sheet(sheet)


def test_current_results_put_scores_and_the_champion_on_the_chart():
    data = bracket(["Ana & Bob", "Cy & Di"])
    game = charts.ChartGame(sides=(charts.ChartSide(name="Ana & Bob", score="20,150", won=True),
                                   charts.ChartSide(name="Cy & Di", score="14,300", lost=True)), table=1)
    data = charts.ChartData(**{**data.__dict__, "rounds": (charts.ChartRound("Final", "Sun", (game,)),),
                               "champion": charts.ChartSide(name="Ana & Bob", won=True)})
    (sheet,) = charts.layout(data, *LETTER)
    written = [(" ".join(t.lines), t.css) for t in sheet.texts]
    assert ("20,150", "score") in written and ("14,300", "score") in written
    assert ("Ana & Bob", "name won") in written and ("Cy & Di", "name lost") in written


def test_a_chart_needs_a_power_of_two_lines():
    with pytest.raises(ValueError, match="power-of-two"):
        charts.layout(bracket(["A", "B", "C", "D", "E", "F"]), *LETTER)


team_name = st.text(alphabet="abcdefghijklmnopqrstuvwxyz &ÁÉñ'-", min_size=1, max_size=60).map(str.strip).filter(bool)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([2, 4, 8, 16, 32, 64]).flatmap(lambda n: st.lists(team_name, min_size=n, max_size=n)),
       st.sampled_from(list(PAPERS)))
def test_any_names_on_any_paper_stay_on_the_sheet_without_overlapping(names, paper_key):
    for sheet in charts.layout(bracket(names), *PAPERS[paper_key].size(landscape=True)):
        check_sheet(sheet)
