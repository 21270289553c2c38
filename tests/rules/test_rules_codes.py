"""Every refusal carries a stable code and its params besides the English message, so the web pages
can say it in another language; the engine's JSON stays English."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from rules_cases import hand, refused, side

import rules
from rules.errors import CODES

RULES = Path(__file__).resolve().parents[2] / "rules"
BAJA = "baja-partners"
CODE_SHAPE = re.compile(r"^[a-z]+(-[a-z]+)+$")


def literals_in_source() -> set[str]:
    """Every string literal in rules/ but in the one list of codes."""
    found = set()
    for path in RULES.glob("*.py"):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_every_code_used_in_the_engine_is_declared_and_every_declared_code_is_used() -> None:
    literals = literals_in_source()
    assert set(CODES) <= literals
    assert {text for text in literals if CODE_SHAPE.match(text)} - set(rules.PRESET_NAMES) <= set(CODES)


def test_a_problem_with_an_undeclared_code_cannot_be_made() -> None:
    try:
        rules.Problem(None, None, "why", "no-such-code")
    except ValueError:
        return
    raise AssertionError("an unknown code was accepted")


def test_refusals_carry_code_and_params_with_the_numbers_of_the_message() -> None:
    payload = hand(BAJA, side(BAJA, "A", red_books=2, black_books=1, runs=1, went_out=True, melded_points=1235),
                   side(BAJA, "B", melded_points=7))
    errors = refused(payload)
    by_code = {e["code"]: e for e in errors}
    assert by_code["went-out-short"]["params"] == {"side": "A", "field": "books_of_twos", "have": 0, "need": 1}
    assert by_code["not-multiple"]["params"] == {"side": "B", "field": "melded_points", "step": 5, "value": 7}
    assert all(e["code"] in CODES for e in errors)
    json.dumps(errors)  # params are plain JSON


def test_a_cap_over_all_sides_has_no_side_in_its_params() -> None:
    payload = hand(BAJA, side(BAJA, "A", left_red_threes=9), side(BAJA, "B", left_red_threes=8))
    [error] = [e for e in refused(payload) if e["code"] == "too-many-red-threes"]
    assert error["params"] == {"side": None, "amount": 17, "limit": 16, "decks": 8}
    assert error["message"].startswith("All sides together:")


def test_settings_and_top_level_refusals_have_codes() -> None:
    assert [e["code"] for e in refused({"variant": "canasta", "sides": []})] == ["unknown-variant"]
    assert [e["code"] for e in refused(None)] == ["not-a-hand"]
    try:
        rules.preset_numbers(BAJA, {"max_sides": 20, "nope": 1})
    except rules.InvalidSettings as exc:
        assert [p.code for p in exc.problems] == ["setting-unknown", "settings-max-sides"]
    try:
        rules.preset_numbers(BAJA, {"max_sides": 20})
    except rules.InvalidSettings as exc:
        assert [p.code for p in exc.problems] == ["settings-max-sides"]
