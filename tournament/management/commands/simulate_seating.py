"""`manage.py simulate_seating`: the partner draw and R rounds of seating a table event would give, as JSON.

Players are named P1..PN; the couples are (P1, P2), (P3, P4), … (P{2K-1}, P{2K}). Partnership
variants (the preset's players_per_side is 2) draw partners once for the event, couples never
partners; individual variants print `"partners": null` and each side is a one-player list (couples
change nothing there). With `--movement winners-stay`, each table's winner is drawn by lot from the
seed (`winners:<seed>:<round>`), standing in for the results a real event would have. Nothing is
saved. Bad arguments or a draw the constraints make impossible exit 2 with the reason on stderr.
"""

import json
import random

from django.core.management.base import BaseCommand, CommandError

from rules import preset_numbers
from tournament.common.seeds import parse_seed
from tournament.formats.tables.partners import draw_partners
from tournament.formats.tables.seating import MOVEMENTS, Round, seat_round

MAX_PLAYERS = 1000
MAX_ROUNDS = 100


class Command(BaseCommand):
    help = "Print the partner draw and R rounds of table seating for N players (P1..PN, K couples) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--variant", required=True, help="A preset name, e.g. rummikub or club-4deck.")
        parser.add_argument("--players", required=True, help=f"How many players (1 to {MAX_PLAYERS:,}).")
        parser.add_argument("--couples", default="0", help="How many couples: (P1,P2), (P3,P4), …")
        parser.add_argument("--rounds", default="1", help=f"How many rounds to seat (1 to {MAX_ROUNDS}).")
        parser.add_argument("--seed", required=True, help="The seed: a whole number, 0 or more.")
        parser.add_argument(
            "--movement", default="redraw",
            help="redraw (default) or winners-stay: each table's winner keeps its table number and the others move. "
            "With no real results, the winner of each table is a simulated result drawn by lot from the seed, the same for the same seed.",
        )

    def handle(self, *args, variant, players, couples, rounds, seed, movement, **options):
        try:
            result = simulate(variant, players, couples, rounds, seed, movement)
        except ValueError as exc:  # DrawError, DrawImpossible and the rules' RulesError are all ValueErrors
            raise CommandError(str(exc), returncode=2)
        self.stdout.write(json.dumps(result))


def simulate(variant: str, players: str, couples: str, rounds: str, seed: str, movement: str) -> dict:
    numbers = preset_numbers(variant)
    count = _whole(players, "--players", 1, MAX_PLAYERS)
    couple_count = _whole(couples, "--couples", 0, MAX_PLAYERS)
    round_count = _whole(rounds, "--rounds", 1, MAX_ROUNDS)
    seed_value = parse_seed(seed)
    if movement not in MOVEMENTS:
        raise ValueError(f"--movement must be one of {', '.join(MOVEMENTS)}, not “{movement}”.")
    if 2 * couple_count > count:
        raise ValueError(f"{couple_count} couples need {2 * couple_count} players; there are {count}.")
    names = [f"P{i}" for i in range(1, count + 1)]
    households = [names[i:i + 2] for i in range(0, 2 * couple_count, 2)]
    per_side = numbers.get("players_per_side", 1)
    if per_side == 2:
        partners = [list(pair) for pair in draw_partners(names, households, seed_value)]
        entrants = [tuple(pair) for pair in partners]
    elif per_side == 1:
        partners, entrants = None, [(name,) for name in names]
    else:
        raise ValueError(f"{variant} plays {per_side} to a side; simulate_seating draws pairs or individuals.")
    played: list[Round] = []
    for number in range(1, round_count + 1):
        winners = _drawn_winners(played[-1], seed_value, number) if movement == "winners-stay" and played else ()
        played.append(seat_round(
            entrants, numbers["min_sides"], numbers["max_sides"], played, seed_value, movement, winners
        ))
    return {"partners": partners, "rounds": [_as_json(r) for r in played]}


def _drawn_winners(previous: Round, seed: int, number: int) -> list[tuple]:
    rng = random.Random(f"winners:{seed}:{number}")
    return [rng.choice(table.sides) for table in previous.tables]


def _as_json(seated: Round) -> dict:
    return {
        "tables": [{"sides": [list(s) for s in t.sides], "seats": list(t.seats)} for t in seated.tables],
        "sitting_out": [list(s) for s in seated.sitting_out],
    }


def _whole(text: str, flag: str, low: int, high: int) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ValueError(f"{flag} must be a whole number, not “{text}”.")
    if not low <= value <= high:
        raise ValueError(f"{flag} must be from {low:,} to {high:,}; {value:,} is not.")
    return value
