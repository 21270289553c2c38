"""Confirmed totals (RULES F1) in backups: a file written before GameSide kept them is restored with
each side's total over its confirmed hands, not 0 confirmed; a sample club's games read as played."""

import json

from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring.templatetags.scoring_tags import side_total
from tests.events.test_backup_roundtrip import wipe
from tournament.clubs import sample
from tournament.events import demo_tables
from tournament.events.backup import export_tournament, import_tournament
from tournament.models import GameSide


def _sides(tournament):
    return sorted((s.game.number, s.slot, s.total, s.confirmed_total, s.pending_hands)
                  for s in GameSide.objects.filter(game__division__tournament=tournament).select_related("game"))


def test_a_file_older_than_the_confirmed_totals_gets_them_from_its_hands(db):
    user = get_user_model().objects.create_user("organizer")
    event = demo_tables.create_rummikub(timezone.now(), user, first_round_only=True)
    before = _sides(event)
    assert any(pending for *_, pending in before) and any(c != 0 for _n, _s, _t, c, _p in before)
    data = json.loads(json.dumps(export_tournament(event)))
    for row in data["models"]["tournament.GameSide"]:  # as the file was written before the field
        del row["confirmed_total"], row["pending_hands"]
    wipe()
    restored = import_tournament(data)
    assert _sides(restored) == before


def test_the_sample_clubs_games_are_confirmed(db):
    club = sample.build("bayside-test", events=3, players=16)
    sides = GameSide.objects.filter(game__division__tournament__club=club).exclude(total=0)
    assert sides.exists()
    for side in sides:
        assert (side.confirmed_total, side.pending_hands) == (side.total, 0)
        assert "*" not in side_total(side)
