"""What must hold after every step of the stateful tests, whatever the people did before: each
check returns the problems it finds (an empty list: all well), so a failing step names them all."""

from __future__ import annotations

from collections import Counter

from django.db.models import Q

import rules
from scoring.models import Hand
from tests.walks import pages
from tests.walks.kinds import PageKinds
from tournament.core.house_rules import is_frozen, numbers_of
from tournament.models import Game, GameSide, PartnerDraw, SeatingDraw, Tournament


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
    goes out or scores in a hand; a late arrival seated back, in none before the hand it came back at."""
    found = []
    absent = GameSide.objects.filter(game__division__tournament=tournament).filter(
        Q(forfeited_at__isnull=False) | Q(back_from_hand__isnull=False)).select_related("game")
    for side in absent:
        hands = Hand.objects.filter(game=side.game).order_by("number")
        if side.back_from_hand:  # seated back (a late arrival): absent from the hands before it only
            hands = hands.filter(number__lt=side.back_from_hand)
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
            if score:
                found.append(f"{where} scored {score}")
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


def page_shape(tournament: Tournament) -> tuple:
    """What decides which pages an event has and which code makes them: the event's status, its
    published draws and the statuses its games are in. Two moments of one shape differ by figures,
    names and who is where, which the pages read after every step (QUICK_*) show."""
    tournament = Tournament.objects.get(pk=tournament.pk)
    return (
        tournament.status, tournament.signups_open(), is_frozen(tournament),
        tuple(sorted(set(Game.objects.filter(division__tournament=tournament).values_list("status", flat=True)))),
        tuple(SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False).order_by("round_number")
              .values_list("playoff", flat=True)),
        PartnerDraw.objects.filter(tournament=tournament, published_at__isnull=False).exists(),
    )


# Read after every step of a shape whose every page was read before: what people look at most.
QUICK_PUBLIC = ("", "standings/")
QUICK_ORGANIZER = ("players/", "round-board/", "gameday/", "standings/")


def page_problems(tournament: Tournament, organizer, devices, *, whole: bool) -> list[str]:
    """Every page of the event answers for a visitor, the organizer and each table phone: no server
    error, every PDF a PDF, every page reached by a link 200 (the walk's fixed starting points list
    the pages of both formats: one the event's format has not is a 404 there, not a link).

    `whole`: every page reached by the links (once per shape of the event, page_shape); otherwise
    the pages people look at most (QUICK_PUBLIC, QUICK_ORGANIZER) and every table's link."""
    with devices.at(), pages.pdf_layout(real=False), pages.uninstrumented_templates():
        if whole:
            reading = pages.read_everything(tournament, organizer)
        else:
            slug = tournament.slug
            kinds = PageKinds(tournament)
            none = ("#",)  # follow no link
            public = [f"/t/{slug}/{page}" for page in QUICK_PUBLIC]
            organizer_pages = [f"/organizer/t/{slug}/{page}" for page in QUICK_ORGANIZER]
            table = [f"/table/{token}/" for token in pages.tokens(tournament)]
            reading = pages.Reading(visitor=pages.crawl(pages.client(), tournament, public, none, kinds),
                                    organizer=pages.crawl(pages.client(organizer), tournament, organizer_pages, none, kinds),
                                    phone=pages.crawl(pages.client(), tournament, table, none, kinds))
        starts = {url for group in pages.fixed_pages(tournament) for url in group}
    found = reading.errors() + reading.bad_pdfs()
    for who, crawl in reading.each():
        found += [f"{who}: {p.status} {p.url}" for p in crawl.pages.values()
                  if p.status not in (200, 302) and p.status < 500 and p.url not in starts]
    return found
