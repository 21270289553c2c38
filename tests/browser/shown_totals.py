"""A side's total as pages show it: the number alone once every hand is confirmed; while a hand
waits for its confirmation, the number marked "*" with the confirmed total beside it —
"550* (0 confirmed)" (RULES F1, issue 39). Tests that follow the points, not the confirmations,
match either form, and still fail on any other number."""

import re


def points(shown: str) -> re.Pattern:
    return re.compile(rf"^\s*{re.escape(shown)}(\*\s*\([^)]*\))?\s*$")
