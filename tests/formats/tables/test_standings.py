"""Standings of a table event as a pure function: by total score or by table placings, shared ranks,
medals, and which ties need a play-off (RULES D4)."""

from hypothesis import given
from hypothesis import strategies as st

from tournament.formats.tables import standings as pure
from tournament.formats.tables.standings import Round, SideResult, Table, compute


def table(*pairs, finished=True, bonus=None):
    bonus = bonus or {}
    return Table([SideResult(e, total, finished, bonus.get(e, 0)) for e, total in pairs])


def ranks(result):
    return [(row.entrant, row.rank) for row in result.rows]


def test_by_total_adds_every_round_and_the_bonus():
    rounds = [
        Round([table((1, 500), (2, 900)), table((3, 700), (4, 100), bonus={3: 400, 4: 400})]),
        Round([table((1, 600), (3, 0)), table((2, 50), (4, 300))]),
    ]
    result = compute(rounds)
    assert [(r.entrant, r.score) for r in result.rows] == [(1, 1100), (3, 1100), (2, 950), (4, 800)]
    assert ranks(result) == [(1, 1), (3, 1), (2, 3), (4, 4)]
    assert result.rows[1].bonus == 400 and result.rows[1].tables == 2


def test_by_placings_gives_points_per_place_whatever_the_table_size_then_total_breaks_ties():
    rounds = [Round([table((1, 10), (2, 30), (3, 20), (4, 5)), table((5, 100), (6, 90), (7, 80))])]
    result = compute(rounds, pure.PLACINGS)
    points = {r.entrant: r.points for r in result.rows}
    assert points == {2: 4, 3: 3, 1: 2, 4: 1, 5: 4, 6: 3, 7: 2}
    # 5 and 2 both have 4 points: the higher total (100) ranks first.
    assert ranks(result)[:2] == [(5, 1), (2, 2)]


def test_level_sides_at_a_table_share_the_better_placing():
    result = compute([Round([table((1, 50), (2, 50), (3, 10))])], pure.PLACINGS)
    assert {r.entrant: r.points for r in result.rows} == {1: 4, 2: 4, 3: 2}


def test_a_table_still_playing_gives_no_placing_points_but_its_score_shows():
    result = compute([Round([table((1, 50), (2, 10), finished=False)])], pure.PLACINGS)
    assert all(r.points == 0 and r.still_playing for r in result.rows)
    assert compute([Round([table((1, 50), (2, 10), finished=False)])]).rows[0].score == 50


def test_medals_go_to_ranks_one_to_three_and_a_shared_rank_shares_the_medal():
    rounds = [Round([table((1, 90), (2, 80)), table((3, 80), (4, 10)), table((5, 5), (6, 1))])]
    assert not any(r.medal for r in compute(rounds).rows)  # another round may follow: no medal yet
    result = compute(rounds, finished=True)
    assert [(r.entrant, r.medal, r.medal_sign) for r in result.rows][:4] == [
        (1, "gold", "🥇"), (2, "silver", "🥈"), (3, "silver", "🥈"), (4, "", ""),
    ]


def test_ties_for_the_win_or_a_medal_need_a_play_off_other_ties_do_not():
    result = compute([Round([table((1, 90), (2, 90)), table((3, 50), (4, 40)), table((5, 10), (6, 10))])])
    assert [(t.rank, t.entrants, t.playoff) for t in result.ties] == [(1, (1, 2), "needed")]
    assert result.ties[0].for_what == "the win"
    assert not any(r.playoff for r in result.rows if r.entrant in (5, 6))  # level for 5th: no play-off
    bronze = compute([Round([table((1, 90), (2, 80)), table((3, 70), (4, 70))])])
    assert [(t.rank, t.for_what) for t in bronze.ties] == [(3, "the bronze medal")]


def test_a_finished_play_off_orders_the_tied_entrants_and_one_still_playing_does_not():
    main = Round([table((1, 90), (2, 90), (3, 90)), table((4, 10), (5, 0))])
    playing = compute([main, Round([table((3, 5), (1, 0), (2, 0), finished=False)], playoff=True)])
    assert [t.playoff for t in playing.ties] == ["playing"]
    assert {r.rank for r in playing.rows if r.entrant in (1, 2, 3)} == {1}
    done = compute([main, Round([table((3, 50), (1, 20), (2, 10))], playoff=True)])
    assert ranks(done)[:3] == [(3, 1), (1, 2), (2, 3)]
    assert done.ties == [] and [r.medal for r in done.rows[:3]] == ["gold", "silver", "bronze"]
    assert done.rows[0].score == 90  # the play-off's points do not count in the standings


def test_a_level_play_off_leaves_a_smaller_tie_for_another_play_off():
    main = Round([table((1, 90), (2, 90), (3, 90))])
    first = Round([table((1, 50), (2, 50), (3, 10))], playoff=True)
    result = compute([main, first])
    assert [(t.rank, sorted(t.entrants)) for t in result.ties] == [(1, [1, 2])]
    second = Round([table((2, 30), (1, 20))], playoff=True)
    assert ranks(compute([main, first, second])) == [(2, 1), (1, 2), (3, 3)]


def test_placings_from_totals():
    assert pure.placings([10, 30, 30, 5]) == [3, 1, 1, 4]


side_totals = st.lists(st.integers(-2000, 5000), min_size=2, max_size=6)


@given(st.lists(st.lists(side_totals, min_size=1, max_size=4), min_size=1, max_size=4), st.sampled_from([pure.TOTAL, pure.PLACINGS]))
def test_ranks_are_competition_ranks_consistent_with_the_sort_key(raw_rounds, mode):
    next_id = iter(range(10_000))
    entrants = list(range(12))
    played = []
    for raw_tables in raw_rounds:
        tables = []
        for totals in raw_tables:
            tables.append(Table([SideResult(entrants[next(next_id) % 12], t) for t in totals]))
        played.append(Round(tables))
    result = compute(played, mode)
    rows = result.rows
    assert sorted(r.entrant for r in rows) == sorted({s.entrant for rnd in played for t in rnd.tables for s in t.sides})

    def key(r):
        return (r.points, r.score) if mode == pure.PLACINGS else (r.score,)

    for position, row in enumerate(rows, start=1):
        better = sum(key(other) > key(row) for other in rows)
        assert row.rank == better + 1 <= position
        assert row.tied == any(key(o) == key(row) for o in rows if o is not row)
    # a tie is reported exactly when a shared rank of 1-3 exists
    shared = {r.rank for r in rows if r.tied and r.rank <= 3}
    assert {t.rank for t in result.ties} == shared
