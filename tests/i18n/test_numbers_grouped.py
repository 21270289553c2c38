"""Every number of points on every page is written in the page language's format, through the one
filter (`points`) or helper (tournament.common.numbers.points_text): "16,800", never "16800"
(issue 34: home leaders, team pages, the TV and medals printed points without separators)."""

import re

import pytest

from scoring import hands
from scoring import sample_hands as td
from tests.walks import pages, stages
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db

# Four or more digits in a row that are not part of a grouped number, a time or a date.
BARE = re.compile(r"(?<![\d,.:/−+-])[−+-]?\d{4,}(?![\d,.:/])")
SEED = re.compile(r'<span class="seed">\d+</span>')
YEAR = re.compile(r"^(19|20)\d\d$")


def bare_numbers(text: str, names: list[str]) -> list[str]:
    """Events' names are words, not points: the test factory names them "Bayfest 2026", "Bayfest 2027"…
    counting up through a whole run, so after 700 events one is "Bayfest 2728"."""
    words = pages.visible(SEED.sub(" ", text))
    for name in names:
        words = words.replace(name, " ")
    return [found for found in BARE.findall(words) if not YEAR.match(found)]


def ungrouped(walk, organizer, wanted: set[str], language: str) -> list[str]:
    reached, problems = set(), []
    for stage, event in walk:
        if stage.name not in wanted:
            continue
        reached.add(stage.name)
        Tournament.objects.filter(pk=event.pk).update(language=language)  # the clients name no language
        names = sorted(Tournament.objects.values_list("name", flat=True), key=len, reverse=True)
        for who, url, text in pages.read_everything(event, organizer).html():
            found = bare_numbers(text, names)
            if found:
                problems.append(f"[{stage.name}] {who} {url}: {sorted(set(found))}")
    assert reached == wanted
    return problems


@pytest.mark.parametrize(("variant", "players", "language"), [("fiji-individual", 7, "en"), ("baja-cutthroat", 9, "es")])
def test_no_table_event_page_prints_points_without_grouping(organizer, variant, players, language):
    walk = stages.table_walk(variant, players)
    problems = ungrouped(walk, organizer, {"round 1 in play", "every table finished", "medals"}, language)
    assert problems == [], "\n".join(problems)


def with_big_hands(walk):
    for stage, event in walk:
        if stage.name == "a game in play":
            game = Game.objects.get(division__tournament=event, status=Game.Status.IN_PLAY)
            for number in (1, 2):
                hands.submit(game, number=number, values=[td.values(**td.W1, out=True), td.values(**td.W2)],
                             key=f"big-{number}", entered_by="North")
        yield stage, event


def test_no_bracket_page_prints_points_without_grouping(organizer):
    problems = ungrouped(with_big_hands(stages.bracket_walk()), organizer, {"a game in play", "a game's clock paused"}, "es")
    assert problems == [], "\n".join(problems)
