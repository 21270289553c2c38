"""The game log in a backup: its entries' ids found, checked and translated through the log's own
schemas (tournament.core.game_log), so a kind of entry or an id field added later travels without
a list here to keep up to date.

A file exported before the log was typed holds the older shapes (Team ids from the bracket, GameSide
ids and seat numbers from the table rounds); it is brought to today's shape first, from the file's own
sides and divisions (tournament.core.game_log_upgrade), exactly as the data migration did here.
"""

from __future__ import annotations

from tournament.core import formats, game_log
from tournament.core.game_log_upgrade import TYPED_SINCE, Seat, upgrade

LABEL = "tournament.GameEvent"
DATA = f"{LABEL}.data"  # its JSON field, typed by the log itself (tournament.events.backup_json)
PEOPLE = "tournament.PeopleChange"  # changes after a draw made before any table: typed as the log's entries


def _rows(data, label: str) -> list[dict]:
    rows = data.get("models", {}).get(label, [])
    return [row for row in rows if isinstance(row, dict)]


def upgrade_file(data: dict) -> None:
    """Bring the log entries of an older file to today's shape, in place: kinds under today's names
    (game_log_kinds.RENAMED), and, from a file written before the typed log, the entries' data."""
    for row in _rows(data, LABEL):
        if isinstance(row.get("kind"), str):
            row["kind"] = game_log.current(row["kind"])
    applied = (data.get("migrations") or {}).get("tournament") if isinstance(data.get("migrations"), dict) else None
    if isinstance(applied, str) and applied >= TYPED_SINCE:
        return
    seats: dict[object, list[Seat]] = {}
    for side in _rows(data, "tournament.GameSide"):
        try:
            seats.setdefault(side.get("game"), []).append(
                Seat(side["pk"], side.get("slot"), side.get("team"), side.get("player")))
        except KeyError:
            continue  # a row without its id is refused by the checks that follow
    kinds = {row.get("pk"): row.get("kind") for row in _rows(data, "tournament.Division")}
    divisions = {row.get("pk"): row.get("division") for row in _rows(data, "tournament.Game")}
    for row in _rows(data, LABEL):
        game_seats = seats.get(row.get("game"), [])
        event_format = formats.of_division_kind(kinds.get(divisions.get(row.get("game"))))
        at_table = bool(event_format and event_format.games_are_tables) or any(s.player_id for s in game_seats)
        if isinstance(row.get("data"), dict):
            row["data"] = upgrade(str(row.get("kind")), row["data"], game_seats, at_table)


def problems(data: dict) -> list[str]:
    """What is wrong with the file's log entries: a kind or a field the log does not know, a value
    of the wrong type, or an id of a row the file does not hold."""
    pks = {
        model: {row.get("pk") for row in _rows(data, model)}
        for model in game_log.id_models()
    }
    found = []
    typed = [(LABEL, row) for row in _rows(data, LABEL)] + [(PEOPLE, row) for row in _rows(data, PEOPLE)]
    for label, row in typed:
        what = f"{label.split('.')[1]} {row.get('pk')!r}"
        try:
            game_log.parse(row.get("kind"), row.get("data"))
        except game_log.LogSchemaError as exc:
            found.append(f"{what}, data: {exc}.")
            continue
        for model, pk in game_log.ids_of(row["kind"], row["data"]):
            if pk not in pks[model]:
                found.append(f"{what}, data: refers to {model.split('.')[1]} {pk}, which the file does not contain.")
    return found
