"""Play-offs published before issue 34 seated partners side by side (A1 A2 B1 B2): their seats are put
opposite (A1 B1 A2 B2), as every round seats them; and a regular round published after a play-off was
named one too high ("Round 3" after round 1 and a play-off): it is named as people count rounds."""

import re

from django.db import migrations

ROUND = re.compile(r"^Round \d+$")


def interleaved(sides):
    widest = max((len(side) for side in sides), default=0)
    return [side[r] for r in range(widest) for side in sides if r < len(side)]


def forwards(apps, schema_editor):
    SeatingDraw = apps.get_model("tournament", "SeatingDraw")
    Round = apps.get_model("tournament", "Round")
    for record in SeatingDraw.objects.filter(playoff=True, published_at__isnull=False):
        seats = [interleaved(sides) for sides in record.sides]
        if seats != record.seats and all(sorted(a) == sorted(b) for a, b in zip(seats, record.seats)):
            record.seats = seats
            record.save(update_fields=["seats"])
    playoff_rounds = set(SeatingDraw.objects.filter(playoff=True, published_at__isnull=False)
                         .values_list("tournament_id", "round_number"))
    for tournament_id in {t for t, _n in playoff_rounds}:
        counted = 0
        for rnd in Round.objects.filter(division__tournament_id=tournament_id, division__kind="tables").order_by("number"):
            if (tournament_id, rnd.number) in playoff_rounds:
                continue
            counted += 1
            if ROUND.match(rnd.name or "") and rnd.name != f"Round {counted}":
                Round.objects.filter(pk=rnd.pk).update(name=f"Round {counted}")


class Migration(migrations.Migration):
    dependencies = [("tournament", "0028_entrant_mail")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
