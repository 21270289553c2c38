"""`manage.py simulate_seating`: the JSON the issue documents, and exit 2 with a reason on bad input."""

import json
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import CommandError, call_command, load_command_class


def run(*args):
    out = StringIO()
    call_command("simulate_seating", *args, stdout=out)
    return json.loads(out.getvalue())


def seated_players(round_):
    return [p for table in round_["tables"] for side in table["sides"] for p in side]


def test_club_game_draws_partners_once_and_seats_them_two_teams_a_table():
    result = run("--variant", "club-4deck", "--players", "16", "--couples", "6", "--rounds", "3", "--seed", "9")
    partners = result["partners"]
    assert sorted(p for pair in partners for p in pair) == sorted(f"P{i}" for i in range(1, 17))
    couples = [{f"P{2 * k - 1}", f"P{2 * k}"} for k in range(1, 7)]
    assert not any(set(pair) in couples for pair in partners)
    assert len(result["rounds"]) == 3
    for round_ in result["rounds"]:
        assert [len(t["sides"]) for t in round_["tables"]] == [2, 2, 2, 2]
        assert sorted(s for t in round_["tables"] for s in t["sides"]) == sorted(partners)
        for table in round_["tables"]:
            first, second = map(set, table["sides"])
            seats = table["seats"]
            assert {seats[0], seats[2]} in (first, second) and {seats[1], seats[3]} in (first, second)
        assert round_["sitting_out"] == []


def test_rummikub_day_has_no_partners_and_one_player_sides():
    result = run("--variant", "rummikub", "--players", "17", "--rounds", "2", "--seed", "1")
    assert result["partners"] is None
    for round_ in result["rounds"]:
        assert [len(t["sides"]) for t in round_["tables"]] == [4, 4, 3, 3, 3]
        assert all(len(side) == 1 for t in round_["tables"] for side in t["sides"])
        assert sorted(seated_players(round_)) == sorted(f"P{i}" for i in range(1, 18))


def test_a_leftover_cutthroat_player_sits_out():
    result = run("--variant", "baja-cutthroat", "--players", "5", "--seed", "3")
    (round_,) = result["rounds"]
    assert [len(t["sides"]) for t in round_["tables"]] == [4]
    assert len(round_["sitting_out"]) == 1 and len(round_["sitting_out"][0]) == 1


def test_winners_stay_keeps_one_player_of_each_table_and_moves_the_rest():
    result = run("--variant", "baja-cutthroat", "--players", "16", "--rounds", "3", "--seed", "5",
                 "--movement", "winners-stay")
    for before, after in zip(result["rounds"], result["rounds"][1:]):
        for old, new in zip(before["tables"], after["tables"]):
            assert len(set(old["seats"]) & set(new["seats"])) == 1


def test_same_seed_same_output_and_another_seed_another():
    args = ("--variant", "fiji-team", "--players", "12", "--couples", "3", "--rounds", "2")
    assert run(*args, "--seed", "4") == run(*args, "--seed", "4")
    assert run(*args, "--seed", "4") != run(*args, "--seed", "5")


def test_the_output_is_exactly_the_documented_json():
    out = StringIO()
    call_command("simulate_seating", "--variant", "rummikub", "--players", "2", "--seed", "0", stdout=out)
    assert out.getvalue().rstrip("\n") in (
        '{"partners": null, "rounds": [{"tables": [{"sides": [["P1"], ["P2"]], "seats": ["P1", "P2"]}], "sitting_out": []}]}',
        '{"partners": null, "rounds": [{"tables": [{"sides": [["P2"], ["P1"]], "seats": ["P2", "P1"]}], "sitting_out": []}]}',
    )


@pytest.mark.parametrize("args,message", [
    (("--variant", "canasta", "--players", "8"), "unknown variant 'canasta'"),
    (("--variant", "rummikub", "--players", "0"), "--players must be from 1 to 1,000; 0 is not"),
    (("--variant", "rummikub", "--players", "eight"), "--players must be a whole number"),
    (("--variant", "club-4deck", "--players", "8", "--couples", "5"), "5 couples need 10 players; there are 8"),
    (("--variant", "club-4deck", "--players", "17"), "17 players cannot all be paired: add or remove one"),
    (("--variant", "club-4deck", "--players", "4", "--couples", "2", "--rounds", "0"), "--rounds must be from 1"),
    (("--variant", "rummikub", "--players", "8", "--movement", "swiss"), "--movement must be one of redraw, winners-stay"),
    (("--variant", "rummikub", "--players", "8", "--seed", "-2"), "not be negative"),
])
def test_bad_arguments_are_refused_with_exit_code_two(args, message):
    full = args if "--seed" in args else (*args, "--seed", "1")
    with pytest.raises(CommandError, match=message) as refused:
        run(*full)
    assert refused.value.returncode == 2


def test_the_real_command_exits_two_with_the_reason_on_stderr():
    crowded = subprocess.run(
        [sys.executable, "manage.py", "simulate_seating", "--variant", "fiji-team", "--players", "5", "--seed", "1"],
        capture_output=True, text=True,
    )
    assert crowded.returncode == 2
    assert "5 players cannot all be paired" in crowded.stderr and crowded.stdout == ""


def test_the_help_says_how_winners_are_decided_when_winners_stay():
    parser = load_command_class("tournament", "simulate_seating").create_parser("manage.py", "simulate_seating")
    shown = " ".join(parser.format_help().split())
    assert "winners-stay: each table's winner keeps its table number" in shown
    assert "a simulated result drawn by lot from the seed" in shown
