"""`manage.py simulate_draw`: the JSON an organizer reads, and refusals for bad arguments."""

import json
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.formats.bracket.draw import generator


def run(*args):
    out = StringIO()
    call_command("simulate_draw", *args, stdout=out)
    return json.loads(out.getvalue())


def test_prints_size_and_first_round_with_nulls_for_byes():
    result = run("--teams", "13", "--seed", "42")
    assert result["size"] == 16
    assert len(result["round1"]) == 8
    names = [t for pair in result["round1"] for t in pair if t is not None]
    assert sorted(names) == sorted(f"T{i}" for i in range(1, 14))
    assert sum(1 for pair in result["round1"] if None in pair) == 3
    expected = [list(p) for p in generator.first_round_pairs(generator.draw_lines([f"T{i}" for i in range(1, 14)], 42))]
    assert result["round1"] == expected


def test_same_seed_same_output():
    assert run("--teams", "20", "--seed", "7") == run("--teams", "20", "--seed", "7")


@pytest.mark.parametrize("args,message", [
    (("--teams", "8", "--seed", "abc"), "whole number"),
    (("--teams", "8", "--seed", "-4"), "not be negative"),
    (("--teams", "1", "--seed", "4"), "at least 2 teams"),
    (("--teams", "x", "--seed", "4"), "--teams must be a whole number"),
])
def test_bad_arguments_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_the_output_is_exactly_the_documented_json():
    out = StringIO()
    call_command("simulate_draw", "--teams", "3", "--seed", "0", stdout=out)
    assert out.getvalue().startswith('{"size": 4, "round1": [[')
    assert "null" in out.getvalue()


def test_the_real_command_exits_non_zero_on_a_bad_seed():
    bad = subprocess.run([sys.executable, "manage.py", "simulate_draw", "--teams", "8", "--seed", "-1"], capture_output=True, text=True)
    assert bad.returncode != 0 and "negative" in bad.stderr
