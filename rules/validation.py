"""What the rules allow in a hand entry, beyond shape and type: one side out at most and holding the
books it needs, melded points at least what its books imply, and nothing beyond what the decks
(or tiles) on the table hold. Every problem is reported, side by side, never just the first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .cards import cheapest_books, deck
from .entry import LABELS, HandEntry, SideEntry
from .errors import Problem, points

# (side field, number saying how many are needed, singular, plural, short form for "going out needs")
REQUIREMENTS = (
    ("red_books", "out_red_books", "red book", "red books", "red"),
    ("black_books", "out_black_books", "black book", "black books", "black"),
    ("runs", "out_runs", "run", "runs", "run"),
    ("books_of_twos", "out_books_of_twos", "book of twos", "books of twos", "book of twos"),
)
BOOK_NAMES = {field: (one, many) for field, _, one, many, _ in REQUIREMENTS}


def validate(hand: HandEntry) -> list[Problem]:
    # An absent side plays no part (its figures are refused at entry if any): nothing to check.
    parsed = [(label, side) for label, side in zip(hand.labels, hand.sides) if side is not None and not side.absent]
    problems = _one_side_out(parsed)
    for label, side in parsed:
        if hand.preset.family == "rummikub":
            problems += _rack(label, side)
        else:
            problems += _going_out(hand, label, side)
            problems += _melded_at_least_books(hand, label, side)
    problems += _caps(hand, parsed)
    return problems


def _one_side_out(parsed: list[tuple[str, SideEntry]]) -> list[Problem]:
    out = sorted(label for label, side in parsed if side.went_out)
    if len(out) < 2:
        return []
    return [
        Problem(label, "went_out", f"{label}: went out, but so did {' and '.join(o for o in out if o != label)}; "
                                   "at most one side goes out in a hand",
                "several-went-out", {"side": label, "others": [o for o in out if o != label]})
        for label in out
    ]


def _needs(hand: HandEntry) -> str:
    parts = []
    for field, number, _one, many, short in REQUIREMENTS:
        need = hand.numbers.get(number, 0)
        if field == "red_books" and hand.preset.twos_replace_red_to_go_out:
            parts.append(f"{need} red (a book of twos may stand in)")
        elif need:
            parts.append(f"{need} {short}" if short in ("red", "black") or need == 1 else f"{need} {many}")
    return "going out needs " + ", ".join(parts)


def _going_out(hand: HandEntry, label: str, side: SideEntry) -> list[Problem]:
    if not side.went_out:
        return []
    problems = []
    for field, number, one, many, _ in REQUIREMENTS:
        need = hand.numbers.get(number, 0)
        have = getattr(side, field)
        if field in side.refused or (field == "red_books" and "books_of_twos" in side.refused):
            continue  # how many it holds is not known; its own message says why
        if field == "red_books" and hand.preset.twos_replace_red_to_go_out:
            have += side.books_of_twos
            one = "red book (or a book of twos in its place)"
        if have >= need:
            continue
        held = f"without a {one}" if have == 0 else f"with {have} {one if have == 1 else many} of the {need} needed"
        problems.append(Problem(label, field, f"{label}: went out {held} ({_needs(hand)})", "went-out-short",
                                {"side": label, "field": field, "have": have, "need": need}))
    if hand.numbers["players_per_side"] == 1:
        # A lone player who went out has played every card; a partner's cards may still count.
        for field in ("left_points", "left_red_threes", "left_black_threes"):
            value = getattr(side, field)
            if value:
                problems.append(Problem(label, field, f"{label}: went out, so nothing is left in hand or feet, "
                                                      f"but {LABELS[field]} is {points(value)}",
                                        "went-out-with-cards-left", {"side": label, "field": field, "value": value}))
    return problems


def _melded_at_least_books(hand: HandEntry, label: str, side: SideEntry) -> list[Problem]:
    if "melded_points" in side.refused:
        return []
    # A refused book count reads 0 here: what the other books imply is still a true lower bound.
    cheapest = cheapest_books(hand.preset, hand.numbers)
    held = [(field, getattr(side, field)) for field in cheapest if field in hand.preset.side_fields]
    held = [(field, count) for field, count in held if count]
    least = sum(count * cheapest[field] for field, count in held)
    if side.melded_points >= least:
        return []
    detail = ", ".join(
        f"{count} {BOOK_NAMES[field][0 if count == 1 else 1]} ≥ {points(count * cheapest[field])}" for field, count in held
    )
    return [Problem(label, "melded_points", f"{label}: melded points {points(side.melded_points)} are less than its "
                                            f"books alone hold ({detail}: at least {points(least)})",
                    "melded-below-books", {"side": label, "melded": side.melded_points, "least": least})]


def _rack(label: str, side: SideEntry) -> list[Problem]:
    if side.went_out:
        return [
            Problem(label, field, f"{label}: went out, so the rack is empty, but {LABELS[field]} is {getattr(side, field)}",
                    "rack-not-empty", {"side": label, "field": field, "value": getattr(side, field)})
            for field in ("rack_points", "rack_jokers") if getattr(side, field)
        ]
    if side.rack_points == 0 and side.rack_jokers == 0 and not side.refused & {"rack_points", "rack_jokers"}:
        return [Problem(label, "rack_points", f"{label}: the rack is empty (no points, no jokers), "
                                              "which only happens to the player who went out",
                        "rack-empty", {"side": label})]
    return []


@dataclass(frozen=True)
class Cap:
    """A limit on one quantity summed over all sides at the table."""

    field: str
    code: str
    amount: Callable[[SideEntry], int]
    limit: int
    phrase: Callable[[int], str]  # the amount, in words
    why: str  # what the table holds
    decks: int | None = None  # decks at the table, for the code's params (None: Rummikub tiles)


def _caps(hand: HandEntry, parsed: list[tuple[str, SideEntry]]) -> list[Problem]:
    # A refused field reads 0 here, so every amount is a lower bound: a cap it passes is truly passed.
    caps = _rummikub_caps(hand) if hand.preset.family == "rummikub" else _card_caps(hand)
    problems = []
    for cap in caps:
        over = [(label, cap.amount(side)) for label, side in parsed if cap.amount(side) > cap.limit]
        for label, amount in over:
            problems.append(Problem(label, cap.field, f"{label}: {cap.phrase(amount)}, but {cap.why}", cap.code,
                                    _cap_params(cap, label, amount)))
        together = sum(cap.amount(side) for _, side in parsed)
        if not over and together > cap.limit:
            problems.append(Problem(None, cap.field, f"All sides together: {cap.phrase(together)}, but {cap.why}",
                                    cap.code, _cap_params(cap, None, together)))
    if "exact_deals" in hand.preset.side_fields:
        players = hand.numbers["players_per_side"]
        problems += [
            Problem(label, "exact_deals", f"{label}: {side.exact_deals} exact deals, but a side has {players} players "
                                          "and each can deal exactly once a hand",
                    "too-many-exact-deals", {"side": label, "amount": side.exact_deals, "players": players})
            for label, side in parsed if side.exact_deals > players
        ]
    return problems


def _cap_params(cap: Cap, label: str | None, amount: int) -> dict[str, object]:
    """`side` None means all sides together."""
    params: dict[str, object] = {"side": label, "amount": amount, "limit": cap.limit}
    if cap.decks is not None:
        params["decks"] = cap.decks
    return params


def _card_caps(hand: HandEntry) -> list[Cap]:
    n = hand.numbers
    table = deck(hand.preset, n, len(hand.sides))
    decks = f"{table.decks} decks"
    size, natural_in_black = n["book_cards"], n["book_cards"] - n["black_book_max_wild"]
    fields = hand.preset.side_fields
    caps = [
        Cap("red_books", "too-many-naturals",
            lambda s: size * (s.red_books + s.runs) + natural_in_black * s.black_books, table.naturals,
            lambda v: f"red books, black books and runs need at least {points(v)} natural cards",
            f"{decks} hold {points(table.naturals)}", table.decks),
        # Twos beyond the deck's twos are the books_of_twos cap's to report, not this one's.
        Cap("black_books", "too-many-wilds",
            lambda s: s.black_books + size * min(s.books_of_twos, table.twos // size), table.wilds,
            lambda v: f"black books and books of twos need at least {points(v)} wild cards",
            f"{decks} hold {points(table.wilds)}", table.decks),
        Cap("melded_points", "too-many-card-points", lambda s: s.melded_points + s.left_points, table.card_points,
            lambda v: f"melded + left points come to {points(v)}",
            f"{decks} hold {points(table.card_points)} card points in all", table.decks),
        Cap("left_red_threes", "too-many-red-threes", lambda s: s.left_red_threes, table.red_threes,
            lambda v: f"{points(v)} red 3s left", f"{decks} hold {table.red_threes}", table.decks),
    ]
    if "books_of_twos" in fields:
        caps.append(Cap("books_of_twos", "too-many-books-of-twos", lambda s: s.books_of_twos, table.twos // size,
                        lambda v: f"{points(v)} books of twos",
                        f"{decks} hold {table.twos} twos, enough for {table.twos // size}", table.decks))
    if "left_black_threes" in fields:
        caps.append(Cap("left_black_threes", "too-many-black-threes", lambda s: s.left_black_threes,
                        table.black_threes, lambda v: f"{points(v)} black 3s left", f"{decks} hold {table.black_threes}",
                        table.decks))
    if "jokers_charged" in fields:
        caps.append(Cap("jokers_charged", "too-many-jokers-charged", lambda s: s.jokers_charged, table.jokers,
                        lambda v: f"{points(v)} jokers charged", f"{decks} hold {table.jokers}", table.decks))
    return caps


def _rummikub_caps(hand: HandEntry) -> list[Cap]:
    n = hand.numbers
    tile_points = n["tile_sets"] * n["tile_colours"] * n["tile_max"] * (n["tile_max"] + 1) // 2
    return [
        Cap("rack_jokers", "too-many-rack-jokers", lambda s: s.rack_jokers, n["jokers"],
            lambda v: f"{points(v)} jokers on racks", f"the game has {n['jokers']}"),
        Cap("rack_points", "too-many-rack-points", lambda s: s.rack_points, tile_points,
            lambda v: f"rack points come to {points(v)}", f"all the numbered tiles add up to {points(tile_points)}"),
    ]
