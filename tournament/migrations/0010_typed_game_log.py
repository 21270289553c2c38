"""The game log's data in its typed shape (tournament.core.game_log): every entrant an
{"team": id} or {"player": id} object, where the bracket wrote Team ids and the table rounds
GameSide ids or seat numbers (tournament.core.game_log_upgrade says how each is read)."""

from django.db import migrations

from tournament.core.game_log_upgrade import Seat, downgrade, upgrade


def _convert(apps, change):
    GameEvent = apps.get_model("tournament", "GameEvent")
    GameSide = apps.get_model("tournament", "GameSide")
    seats: dict[int, list[Seat]] = {}
    game_ids = GameEvent.objects.values_list("game_id", flat=True).distinct()
    for side in GameSide.objects.filter(game_id__in=game_ids).values("pk", "game_id", "slot", "team_id", "player_id"):
        seats.setdefault(side["game_id"], []).append(
            Seat(side["pk"], side["slot"], side["team_id"], side["player_id"]))
    for event in GameEvent.objects.select_related("game__division").iterator():
        game_seats = seats.get(event.game_id, [])
        at_table = event.game.division.kind == "tables" or any(s.player_id for s in game_seats)
        typed = change(event.kind, event.data, game_seats, at_table)
        if typed != event.data:
            GameEvent.objects.filter(pk=event.pk).update(data=typed)


def forwards(apps, schema_editor):
    _convert(apps, upgrade)


def backwards(apps, schema_editor):
    _convert(apps, downgrade)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0009_tournament_language")]

    operations = [migrations.RunPython(forwards, backwards)]
