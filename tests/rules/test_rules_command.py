"""`python -m rules score` and `python -m rules presets`, run as a support person would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import rules

REPO = Path(__file__).resolve().parents[2]

EXAMPLE = {  # RULES.md §7's input, with W2 as the other side
    "variant": "baja-partners", "settings": {"target": 20000}, "hand_number": 1,
    "sides": [
        {"name": "A", "total_before": 0, "red_books": 2, "black_books": 1, "runs": 1, "books_of_twos": 1,
         "went_out": True, "melded_points": 1235, "left_points": 45, "left_red_threes": 1, "left_black_threes": 0,
         "jokers_charged": 0, "exact_deals": 0, "rack_points": 0, "rack_jokers": 0},
        {"name": "B", "total_before": 0, "red_books": 1, "black_books": 2, "runs": 0, "books_of_twos": 0,
         "went_out": False, "melded_points": 780, "left_points": 145, "left_red_threes": 1, "left_black_threes": 1},
    ],
}


def run(*args: str, stdin: bytes = b"") -> tuple[int, object, str]:
    done = subprocess.run([sys.executable, "-m", "rules", *args], input=stdin, capture_output=True, cwd=REPO,
                          timeout=30)
    assert b"Traceback" not in done.stdout + done.stderr
    return done.returncode, json.loads(done.stdout) if done.stdout.strip().startswith(b"{") else None, \
        done.stderr.decode()


def test_score_the_rules_md_example() -> None:
    code, out, _ = run("score", stdin=json.dumps(EXAMPLE).encode())
    assert code == 0
    assert out == {"variant": "baja-partners",
                   "sides": [{"name": "A", "hand_score": 5690, "total": 5690, "next_meld": 90},
                             {"name": "B", "hand_score": 935, "total": 935, "next_meld": 50}],
                   "game_over": False, "winner": None}


def test_a_refused_hand_exits_2_with_every_error() -> None:
    bad = json.loads(json.dumps(EXAMPLE))
    bad["sides"][0]["books_of_twos"] = 0
    bad["sides"][1]["melded_points"] = 781
    code, out, _ = run("score", stdin=json.dumps(bad).encode())
    assert code == 2
    assert [(e["side"], e["field"]) for e in out["errors"]] == [("B", "melded_points"), ("A", "books_of_twos")]


@pytest.mark.parametrize("garbage", [
    b"", b"   ", b"{", b"nonsense", b"[]", b"null", b"42", b'"hand"', b"NaN", b'{"variant": Infinity}',
    b"\xff\xfe\x00garbage", b"[" * 100000, b"1" * 5000, b'{"variant": "baja-partners", "variant": "rummikub"}',
    b'{"variant": "poker", "sides": []}', b'{"variant": "baja-partners", "sides": [[], {}, 1, "x", null]}',
    b'{"variant": "rummikub", "hand_number": 1.5, "sides": [{"name": {"a": [1]}, "total_before": 1e400}]}',
])
def test_garbage_is_refused_with_errors_never_a_traceback(garbage: bytes) -> None:
    code, out, err = run("score", stdin=garbage)
    assert code == 2 and out is not None and out["errors"] and err == ""
    assert all(set(e) == {"side", "field", "message", "code", "params"} for e in out["errors"])


def test_presets_prints_every_preset_and_number() -> None:
    code, out, _ = run("presets")
    assert code == 0 and out == json.loads(json.dumps(rules.describe_presets()))
    assert list(out["presets"]) == list(rules.PRESET_NAMES)
    assert out["presets"]["baja-partners"]["numbers"]["decks"] == {
        "value": 8, "meaning": "standard decks shuffled together", "tag": "A1"}


def test_presets_for_one_variant() -> None:
    code, out, _ = run("presets", "rummikub")
    assert code == 0 and list(out["presets"]) == ["rummikub"]
    code, out, _ = run("presets", "poker")
    assert code == 2 and out["errors"][0]["field"] == "variant"


@pytest.mark.parametrize("args", [(), ("scores",), ("score", "extra")])
def test_usage_errors_exit_2(args: tuple[str, ...]) -> None:
    code, out, _ = run(*args)
    assert code == 2 and "usage" in out["errors"][0]["message"]
