"""Every side's confirmed total and count of hands waiting for confirmation (RULES F1), from the
hands saved before these columns existed."""

from collections import defaultdict

from django.db import migrations
from django.db.models import F


def fill(apps, schema_editor):
    GameSide = apps.get_model("tournament", "GameSide")
    Hand = apps.get_model("scoring", "Hand")
    GameSide.objects.update(confirmed_total=F("total"), pending_hands=0)
    waiting = defaultdict(list)
    for game_id, result in Hand.objects.filter(confirmed_at__isnull=True).values_list("game_id", "result"):
        waiting[game_id].append([side["hand_score"] for side in (result or {}).get("sides", [])])
    for game_id, scores in waiting.items():
        sides = list(GameSide.objects.filter(game_id=game_id).order_by("slot"))
        for index, side in enumerate(sides):
            side.confirmed_total = side.total - sum(hand[index] for hand in scores if index < len(hand))
            side.pending_hands = len(scores)
        GameSide.objects.bulk_update(sides, ["confirmed_total", "pending_hands"])


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0003_hand_key_per_game"),
        ("tournament", "0023_side_confirmed_totals"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
