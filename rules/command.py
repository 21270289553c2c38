"""`rules.score` and the JSON command of RULES.md §7:

    python -m rules score  < hand.json   # result JSON; exit 0 valid, exit 2 refused
    python -m rules presets              # every preset and its numbers
"""

from __future__ import annotations

import json
import sys
from typing import BinaryIO

from .describe import describe_presets
from .entry import SideEntry, parse
from .errors import Problem
from .game_end import decide
from .meld import meld_for
from .presets import PRESETS
from .scoring import hand_scores
from .validation import validate

REFUSED = 2
USAGE = "usage: python -m rules score < hand.json | python -m rules presets [variant]"


def score(payload: object) -> tuple[bool, dict]:
    """Score one hand for all sides: (True, result) or (False, {"errors": [...]}). Never raises."""
    try:
        return _score(payload)
    except Exception as exc:  # the contract is "never raises"; a bug still answers as a refusal
        return False, _errors([Problem(None, None, f"internal error while scoring ({type(exc).__name__}); "
                                                   "nothing was scored, please report this hand",
                                       "internal-error", {"error": type(exc).__name__})])


def _errors(problems: list[Problem]) -> dict:
    return {"errors": [p.as_dict() for p in problems]}


def _score(payload: object) -> tuple[bool, dict]:
    hand, problems = parse(payload)
    if hand is not None:
        problems += validate(hand)
    if problems or hand is None:
        return False, _errors(problems)
    sides: list[SideEntry] = [s for s in hand.sides if s is not None]
    scores = hand_scores(hand.preset, hand.numbers, sides)
    totals = {side.name: side.total_before + points for side, points in zip(sides, scores)}
    # An absent side's total never wins nor ends the game (Meldboard S1).
    over, winner = decide(hand.preset, hand.numbers, {s.name: totals[s.name] for s in sides if not s.absent},
                          hand.hand_number)
    return True, {
        "variant": hand.preset.name,
        "sides": [
            {
                "name": side.name,
                "hand_score": points,
                "total": totals[side.name],
                "next_meld": meld_for(hand.preset, hand.numbers, totals[side.name], hand.hand_number + 1),
            }
            for side, points in zip(sides, scores)
        ],
        "game_over": over,
        "winner": winner,
    }


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict:
    # Silently keeping the last of two "melded_points" would score a figure nobody checked.
    result: dict = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


def read_json(data: bytes) -> tuple[object, Problem | None]:
    try:
        text = data.decode("utf-8-sig")
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys), None
    except (ValueError, RecursionError) as exc:
        # json errors, bad UTF-8, NaN/Infinity, integers too long to read and nesting too deep all land here.
        reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        return None, Problem(None, None, f"the input is not valid JSON: {reason}", "invalid-json", {"reason": reason})


def _write(out: BinaryIO, value: object) -> None:
    out.write(json.dumps(value, ensure_ascii=False, indent=2).encode("utf-8") + b"\n")
    out.flush()


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO) -> int:
    if argv[:1] == ["score"] and len(argv) == 1:
        payload, problem = read_json(stdin.read())
        if problem:
            _write(stdout, _errors([problem]))
            return REFUSED
        ok, result = score(payload)
        _write(stdout, result)
        return 0 if ok else REFUSED
    if argv[:1] == ["presets"] and len(argv) <= 2:
        described = describe_presets()
        if len(argv) == 2:
            if argv[1] not in PRESETS:
                _write(stdout, _errors([Problem(None, "variant", f"unknown variant {argv[1]!r} "
                                                                 f"(one of {', '.join(PRESETS)})",
                                                "unknown-variant",
                                                {"variant": repr(argv[1]), "variants": ", ".join(PRESETS)})]))
                return REFUSED
            described = {"rules": described["rules"], "presets": {argv[1]: described["presets"][argv[1]]}}
        _write(stdout, described)
        return 0
    if argv in (["-h"], ["--help"], ["help"]):
        stdout.write((USAGE + "\n").encode())
        return 0
    _write(stdout, _errors([Problem(None, None, USAGE, "usage")]))
    return REFUSED


def run() -> None:
    sys.exit(main(sys.argv[1:], sys.stdin.buffer, sys.stdout.buffer))
