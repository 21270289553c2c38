"""What must hold after every step of the stateful tests, whatever the people did before: each
check returns the problems it finds (an empty list: all well), so a failing step names them all."""

from __future__ import annotations

from collections import Counter

from django.db.models import Q

import rules
from scoring.models import Hand
from tests.walks import pages
from tournament.core.house_rules import numbers_of
from tournament.models import Game, GameSide, Tournament


def replayed_totals(game: Game, tournament: Tournament) -> list[int]:
    """Each side's total at this game, from its hands scored again by rules/ (slot order)."""
    sides = GameSide.objects.filter(game=game, is_bye=False).count()
    totals = [0] * sides
    for hand in Hand.objects.filter(game=game).order_by("number"):
        payload = {"variant": tournament.variant, "settings": tournament.rules_numbers or {}, "hand_number": hand.number,
                   "sides": [{**entry, "total_before": totals[i]} for i, entry in enumerate(hand.entries)]}
        ok, result = rules.score(payload)
        assert ok, f"hand {hand.number} of game {game.pk} no longer scores: {result}"
        totals = [side["total"] for side in result["sides"]]
    return totals


def totals_problems(tournament: Tournament) -> list[str]:
    """Every side's total on its sheet equals a replay of its hands."""
    tournament = Tournament.objects.get(pk=tournament.pk)  # the numbers as saved now
    found = []
    for game in Game.objects.filter(division__tournament=tournament).order_by("pk"):
        saved = list(GameSide.objects.filter(game=game, is_bye=False).order_by("slot").values_list("total", flat=True))
        replayed = replayed_totals(game, tournament)
        if saved != replayed:
            found.append(f"game {game.pk} ({game.label}): totals {saved}, its hands replayed {replayed}")
    return found


def absent_problems(tournament: Tournament) -> list[str]:
    """A seat marked absent (a no-show, or started without by the organizer) never enters, confirms,
    goes out or scores but the house rule's `absent_penalty` in a hand; a late arrival seated back, in
    none before the hand it came back at; a player who left the table (S4), in none after the hands
    they played (until seated back)."""
    found = []
    away = -numbers_of(Tournament.objects.get(pk=tournament.pk)).get("absent_penalty", 0)
    absent = GameSide.objects.filter(game__division__tournament=tournament).filter(
        Q(forfeited_at__isnull=False) | Q(back_from_hand__isnull=False)).select_related("game")
    for side in absent:
        hands = Hand.objects.filter(game=side.game).order_by("number")
        if side.back_from_hand:  # seated back (a late arrival): absent from the hands before it only
            hands = hands.filter(number__lt=side.back_from_hand)
        if side.left_after_hand is not None:  # left the table: the hands they played stand
            hands = hands.filter(number__gt=side.left_after_hand)
        for hand in hands:
            entry = hand.entries[side.slot - 1] if side.slot - 1 < len(hand.entries) else {}
            score = hand.result["sides"][side.slot - 1]["hand_score"] if hand.result.get("sides") else 0
            where = f"game {side.game_id} hand {hand.number}: absent {side}"
            if hand.entered_by_slot == side.slot:
                found.append(f"{where} entered the hand")
            if hand.confirmed_by_slot == side.slot:
                found.append(f"{where} confirmed the hand")
            if entry.get("went_out"):
                found.append(f"{where} went out")
            if score != away:
                found.append(f"{where} scored {score}, not the house rule's {away}")
    return found


def settings_problems(tournament: Tournament, expected_numbers: dict | None, expected_fields: dict) -> list[str]:
    """Every setting equals what was last saved (the house rules' numbers and the given fields of
    the event's own rows, as `{(model instance getter, field): value}`)."""
    found = []
    tournament = Tournament.objects.get(pk=tournament.pk)
    if expected_numbers is not None:
        now = numbers_of(tournament)
        changed = {k: (v, now.get(k)) for k, v in expected_numbers.items() if now.get(k) != v}
        if changed:
            found.append(f"house rules changed by themselves (saved, now): {changed}")
    for (read, field), value in expected_fields.items():
        current = getattr(read(tournament), field)
        if current != value:
            found.append(f"{field} is {current!r}, last saved {value!r}")
    return found


def seated_once(expected: set[int], seats: list[list[int]], sitting_out: list[int], where: str) -> list[str]:
    """Nobody seated twice in a round; everyone `expected` is seated or sitting out."""
    counted = Counter(p for table in seats for p in table) + Counter(sitting_out)
    found = [f"{where}: player {p} seated {n} times" for p, n in counted.items() if n > 1]
    missing = sorted(expected - set(counted))
    if missing:
        found.append(f"{where}: players {missing} neither seated nor sitting out")
    return found


def partners_apart(seats: list[int], partner_of: dict[int, int], where: str, *, opposite: bool) -> list[str]:
    """Partners at one table never side by side (Fiji teams: at least one player between them); at a
    table of two partnerships, opposite each other."""
    found = []
    n = len(seats)
    for i, player in enumerate(seats):
        mate = partner_of.get(player)
        if mate not in seats:
            continue
        j = seats.index(mate)
        gap = min((i - j) % n, (j - i) % n)
        if gap == 1:
            found.append(f"{where}: partners {player} and {mate} sit side by side ({seats})")
        elif opposite and n == 4 and gap != 2:
            found.append(f"{where}: partners {player} and {mate} are not opposite ({seats})")
    return found


def page_problems(tournament: Tournament, organizer, devices, *, language: str, whole: bool = False,
                  half: int | None = None) -> list[str]:
    """Every page of the event (tests/walks/listed.py, one of each kind, every table's own page)
    answers 200 for a visitor, the organizer and the table phones, browsers asking for `language`:
    no server error, every PDF a PDF.

    `half`: the organizer reads every other public page (pages.read_listed).
    `whole`: also every page the links of those pages reach, which must answer too (200, or a
    redirect) and be of a kind the list has (a page only a link reaches is never read after a step)."""
    with devices.at():
        if whole:
            reading = pages.read_everything(tournament, organizer, language)
        else:
            reading = pages.read_listed(tournament, organizer, language, half)
        found = reading.errors() + reading.bad_pdfs() + pages.not_answered(reading, tournament, organizer)
        if whole:
            found += pages.unlisted(tournament, reading)
            found += [f"{who}: {p.status} {p.url}" for who, crawl in reading.each() for p in crawl.pages.values()
                      if p.status not in (200, 302) and p.status < 500]
    return sorted(set(found))
