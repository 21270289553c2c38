"""The saving side of table rounds: partner draws and round seatings, previewed and published.

The draws themselves are pure functions (tournament.formats.tables.partners and .seating, called through
tournament.formats.tables.drawing); everything here takes their result as plain data — pairs of player ids,
or a seating {"tables": [{"sides": [[ids…], …], "seats": [ids…]}, …], "sitting_out": [ids…]} — checks
it against the event as it is now, and saves it. A preview is a record that can be drawn again; a
published one is frozen: the partner draw makes a Team per pair, a round's seating makes its Round,
one Game per table and one GameSide per side (slot = seat order), all in one transaction that
bumps the change counter. The seed is stored with the drawn lists, so anyone can draw it again.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common.names import partners_name
from tournament.core import timetable
from tournament.formats.tables import after_draw, formats, round_order
from tournament.formats.tables.signups import active_players
from tournament.mail import entrants as entrant_mail
from tournament.models import (
    Division,
    Game,
    GameSide,
    PartnerDraw,
    Player,
    Round,
    SeatingDraw,
    Substitution,
    TableEvent,
    Team,
    Tournament,
)


def table_division(tournament: Tournament) -> Division:
    """The one division that holds a table event's rounds."""
    return timetable.division(tournament, Division.Kind.TABLES)


def game_length(tournament: Tournament) -> int | None:
    """How many hands a table plays a round, as the rules number that ends the game says (club
    "hands", Rummikub "rounds"; the house-rules page changes the same number); None: to the target."""
    number = formats.game_length_number(tournament)
    return (tournament.rules_numbers or {}).get(number) or None if number else None


def event_settings(tournament: Tournament) -> TableEvent:
    """The event's round settings. Hands per round is read from the rules number each time, so a
    value saved on the house-rules page before this row existed (or since) is what the Rounds page
    shows and saves back (issue 34: Rummikub's 3 rounds were reset to 0)."""
    hands = game_length(tournament)
    found = TableEvent.objects.get_or_create(tournament=tournament, defaults={"hands_per_round": hands})[0]
    found.hands_per_round = hands
    return found


# ---- who is drawn ---------------------------------------------------------------------------------

def partner_candidates(tournament: Tournament) -> tuple[list[int], list[list[int]]]:
    """Players still to be given a partner (signed up alone), and who among them came together."""
    players = list(
        # Only a sign-up (its table entry) waits for a partner: a play-off's or an imported player may have none.
        active_players(tournament).filter(team__isnull=True, table_entry__isnull=False)
        .order_by("created_at", "id").select_related("table_entry")
    )
    groups: dict[int, list[int]] = {}
    for player in players:
        if player.table_entry.household_id:
            groups.setdefault(player.table_entry.household_id, []).append(player.pk)
    return [p.pk for p in players], [ids for ids in groups.values() if len(ids) > 1]


def entrants(tournament: Tournament) -> list[tuple[int, ...]]:
    """Who is seated: each active partnership as its two player ids, or each active player alone.

    Refused while a partnership event still has players without a partner. A player whose partner
    withdrew plays the next round with the partner given for that round only (after_draw.round_partners)."""
    number = next_round_number(tournament)
    players = list(active_players(tournament).exclude(
        table_entry__isnull=True, pk__in=after_draw.round_substitutes(tournament, number)).order_by("created_at", "id"))
    if not formats.in_partnerships(tournament):
        return [(p.pk,) for p in players]
    for team_id, substitute in after_draw.round_partners(tournament, number).items():
        for player in players:
            if player.pk == substitute and player.team_id is None:
                player.team_id = team_id  # seated with them this round only: never saved
    alone = [p.name for p in players if p.team_id is None]
    if alone:
        raise ValidationError(ngettext(
            "%(count)s player is still without a partner (%(names)s): draw the partners first.",
            "%(count)s players are still without a partner (%(names)s): draw the partners first.",
            len(alone),
        ) % {"count": len(alone), "names": ", ".join(alone)})
    by_team: dict[int, list[int]] = {}
    for player in players:
        by_team.setdefault(player.team_id, []).append(player.pk)
    lone = [p.name for p in players if len(by_team[p.team_id]) < 2]
    if lone:
        # A partner withdrew after the draw: the one left is offered a substitute, never dropped silently.
        raise ValidationError(ngettext(
            "%(names)s has no partner since theirs withdrew: give them a substitute partner (Players page) or withdraw them.",
            "%(names)s have no partner since theirs withdrew: give them substitute partners (Players page) or withdraw them.",
            len(lone),
        ) % {"names": ", ".join(lone)})
    return [tuple(ids) for ids in by_team.values()]


def published_partners(tournament: Tournament) -> PartnerDraw | None:
    return PartnerDraw.objects.filter(tournament=tournament, published_at__isnull=False).first()


def published_seatings(tournament: Tournament) -> list[SeatingDraw]:
    return list(SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False).order_by("round_number"))


def next_round_number(tournament: Tournament) -> int:
    """The next published seating's number: the address of its pages and the key of its rows (a
    play-off takes one too). People count rounds without the play-offs: see `shown_numbers`."""
    return len(published_seatings(tournament)) + 1


def shown_numbers(tournament: Tournament) -> dict[int, int]:
    """Each published regular round's number as people count rounds: a play-off between rounds 1 and
    2 has its own name, so the round after it is round 2, not round 3."""
    regular = (SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False, playoff=False)
               .order_by("round_number").values_list("round_number", flat=True))
    return {number: shown for shown, number in enumerate(regular, start=1)}


def shown_number(tournament: Tournament, number: int) -> int:
    """Round `number` as people count it; a round not published yet is the next one they count."""
    shown = shown_numbers(tournament)
    return shown.get(number) or len(shown) + 1


# ---- checks ---------------------------------------------------------------------------------------

def check_pairs(tournament: Tournament, pairs) -> list[tuple[int, int]]:
    """The pairs as tuples if they pair every player waiting for a partner once and no couple."""
    if published_partners(tournament):
        raise ValidationError(_("The partners were published already; that draw is frozen."))
    waiting, households = partner_candidates(tournament)
    try:
        pairs = [(int(a), int(b)) for a, b in pairs]
    except (TypeError, ValueError):
        raise ValidationError(_("A partner draw is a list of pairs of players."))
    drawn = [p for pair in pairs for p in pair]
    if sorted(drawn) != sorted(waiting):
        raise ValidationError(
            _("The players waiting for a partner changed since this draw (someone signed up or withdrew). Draw again.")
        )
    household_of = {p: i for i, ids in enumerate(households) for p in ids}
    names = dict(Player.objects.filter(pk__in=drawn).values_list("pk", "name"))
    for a, b in pairs:
        if a in household_of and household_of.get(a) == household_of.get(b):
            raise ValidationError(
                _("%(first)s and %(second)s came together; people who came together are never partners.")
                % {"first": names[a], "second": names[b]}
            )
    return pairs


def check_seating(tournament: Tournament, number: int, seating) -> None:
    """Refuse a round's seating that does not seat the event as it is now, once each, within the bounds."""
    upcoming = next_round_number(tournament)
    if number != upcoming:
        raise ValidationError(
            _("Round %(number)s was published already.") % {"number": shown_number(tournament, number)} if number < upcoming
            else _("Round %(upcoming)s comes before round %(number)s.") % {
                "upcoming": shown_number(tournament, upcoming), "number": shown_number(tournament, upcoming) + number - upcoming}
        )
    everyone = entrants(tournament)
    low, high = formats.side_bounds(tournament)
    if len(everyone) < low:
        numbers = {"low": low, "count": len(everyone)}
        if formats.in_partnerships(tournament):
            raise ValidationError(_("A table needs at least %(low)s partnerships; %(count)s signed up.") % numbers)
        raise ValidationError(_("A table needs at least %(low)s players; %(count)s signed up.") % numbers)
    try:
        tables = [([[int(p) for p in side] for side in t["sides"]], [int(p) for p in t["seats"]]) for t in seating["tables"]]
        out = [int(p) for p in seating["sitting_out"]]
    except (KeyError, TypeError, ValueError):
        raise ValidationError(_("A seating lists tables (each with its sides and seats) and who sits out."))
    by_player = {p: entrant for entrant in everyone for p in entrant}
    changed = ValidationError(
        _("The players changed since this seating was drawn (someone signed up or withdrew). Draw again.")
    )
    placed: list[tuple[int, ...]] = []
    for index, (sides, seats) in enumerate(tables, start=1):
        if not low <= len(sides) <= high:
            raise ValidationError(
                _("Table %(number)s has %(sides)s sides; this variant seats %(low)s to %(high)s a table.")
                % {"number": index, "sides": len(sides), "low": low, "high": high}
            )
        if sorted(seats) != sorted(p for side in sides for p in side):
            raise ValidationError(_("Table %(number)s: its seats and its sides name different players.") % {"number": index})
        for side in sides:
            if not side or side[0] not in by_player or sorted(side) != sorted(by_player[side[0]]):
                raise changed
            placed.append(by_player[side[0]])
    if any(p not in by_player for p in out):
        raise changed
    placed += list(dict.fromkeys(by_player[p] for p in out))
    names = dict(Player.objects.filter(tournament=tournament).values_list("pk", "name"))
    twice = sorted({names[e[0]] for e in placed if placed.count(e) > 1})
    if twice:
        raise ValidationError(
            ngettext("%(names)s is seated twice.", "%(names)s are seated twice.", len(twice)) % {"names": ", ".join(twice)}
        )
    missing = [names[e[0]] for e in everyone if e not in placed]
    if missing:
        raise ValidationError(ngettext(
            "%(names)s has no seat and no bye.", "%(names)s have no seat and no bye.", len(missing)
        ) % {"names": ", ".join(missing)})


def _claim(model, **published) -> None:
    """Create the published record; the unique constraint turns a second publisher away."""
    try:
        with transaction.atomic():
            model.objects.create(**published)
    except IntegrityError:
        if model is PartnerDraw:
            raise ValidationError(_("The partner draw was just published by someone else; it is frozen now."))
        raise ValidationError(
            _("Round %(number)s was just published by someone else; it is frozen now.") % {
                "number": shown_number(published["tournament"], published["round_number"])}
        )


# ---- partners ---------------------------------------------------------------------------------------

def preview_partners(tournament: Tournament, pairs, seed: int, *, by=None) -> PartnerDraw:
    pairs = check_pairs(tournament, pairs)
    with transaction.atomic():
        record = PartnerDraw.objects.create(tournament=tournament, seed=seed, pairs=[list(p) for p in pairs], created_by=by)
        Tournament.objects.filter(pk=tournament.pk).bump()
    return record


def save_partners(tournament: Tournament, pairs, seed: int, *, by=None, now: dt.datetime | None = None) -> list[Team]:
    """Publish a partner draw: one Team per pair; frozen from then on."""
    now = now or timezone.now()
    with transaction.atomic():
        pairs = check_pairs(tournament, pairs)
        _claim(PartnerDraw, tournament=tournament, seed=seed, pairs=[list(p) for p in pairs], created_by=by, published_at=now)
        names = dict(Player.objects.filter(pk__in=[p for pair in pairs for p in pair]).values_list("pk", "name"))
        teams = []
        for a, b in pairs:
            team = Team.objects.create(tournament=tournament, name=partners_name((names[a], names[b])), from_players=True,
                                       created_at=now)
            Player.objects.filter(pk__in=(a, b), team__isnull=True).update(team=team)
            teams.append(team)
        Tournament.objects.filter(pk=tournament.pk).bump()
    return teams


# ---- rounds -----------------------------------------------------------------------------------------

def preview_round(tournament: Tournament, number: int, seating, seed: int, *, by=None) -> SeatingDraw:
    check_seating(tournament, number, seating)
    with transaction.atomic():
        record = SeatingDraw.objects.create(tournament=tournament, round_number=number, seed=seed, created_by=by, **_lists(seating))
        Tournament.objects.filter(pk=tournament.pk).bump()
    return record


def _lists(seating) -> dict:
    return {
        "sides": [[list(side) for side in table["sides"]] for table in seating["tables"]],
        "seats": [list(table["seats"]) for table in seating["tables"]],
        "sitting_out": list(seating["sitting_out"]),
        # A balanced draw's ratings as it read them (tournament.formats.tables.drawing): kept to explain it.
        "strengths": [[list(side), float(value)] for side, value in seating.get("strengths", [])],
    }


def save_round(
    tournament: Tournament, number: int, seating, seed: int, starts_at: dt.datetime | None, *, by=None,
    now: dt.datetime | None = None, while_playing: bool = False,
) -> Round:
    """Publish a round's seating: its Round, a Game per table (numbered as drawn) and a GameSide per
    side in seat order, with the posted start and the deadlines that follow from it. Refused while the
    round before is in play, unless `while_playing` (the organizer's say, logged: round_order)."""
    if starts_at is None:
        raise ValidationError(_("Give round %(number)s a start time before publishing it.") % {"number": shown_number(tournament, number)})
    if tournament.status == Tournament.Status.FINISHED:  # tournament.formats.tables.event_state
        raise ValidationError(_("The event is finished; reopen it on the Standings page before adding a round or a play-off."))
    now = now or timezone.now()
    with transaction.atomic():
        check_seating(tournament, number, seating)
        playing = round_order.check_publish(tournament, number, while_playing=while_playing)
        lists = _lists(seating)
        _claim(SeatingDraw, tournament=tournament, round_number=number, seed=seed, created_by=by, published_at=now, **lists)
        division = table_division(tournament)
        if not division.published_at:
            Division.objects.filter(pk=division.pk).update(published_at=now)
        # Its stored (English) name counts the regular rounds only: pages show it translated (stored_words).
        rnd = Round.objects.create(division=division, number=number, name=f"Round {shown_number(tournament, number)}",
                                   starts_at=starts_at)
        teams = dict(Player.objects.filter(tournament=tournament, team__isnull=False).values_list("pk", "team_id"))
        teams.update({substitute: team for team, substitute in after_draw.round_partners(tournament, number).items()})
        partnerships = formats.in_partnerships(tournament)
        for index, (sides, seats) in enumerate(zip(lists["sides"], lists["seats"]), start=1):
            game = Game.objects.create(division=division, round=rnd, number=index, table_number=index, status=Game.Status.READY)
            # A side's slot is where its first player sits, clockwise from seat 1.
            ordered = sorted(sides, key=lambda side: min(seats.index(p) for p in side))
            GameSide.objects.bulk_create([
                GameSide(game=game, slot=slot, team_id=teams[side[0]] if partnerships else None,
                         player_id=None if partnerships else side[0])
                for slot, side in enumerate(ordered, start=1)
            ])
            timetable.set_posted_start(game, starts_at)
        if playing is not None:
            round_order.log_published_early(rnd, playing, by=by)
        # A one-round partner of a player left alone sits in for the partner who withdrew: named so at the table.
        for team_id, data in after_draw.round_partner_entries(tournament, number).items():
            side = GameSide.objects.filter(game__round=rnd, team_id=team_id).first()
            if side is not None and not Player.objects.filter(pk=data["replaced"], team_id=team_id).exists():
                Substitution.objects.get_or_create(game_id=side.game_id, replaced_id=data["replaced"], defaults={
                    "team_id": team_id, "substitute_id": data["substitute"], "recorded_by": by})
        Tournament.objects.filter(pk=tournament.pk).bump()
        entrant_mail.round_published(rnd)  # the opted-in entrants' tables, queued with the round itself
    return rnd


def latest_round_preview(tournament: Tournament, number: int) -> SeatingDraw | None:
    return SeatingDraw.objects.filter(tournament=tournament, round_number=number).select_related("created_by").first()


def table_rounds(tournament: Tournament) -> list[Round]:
    return list(Round.objects.filter(division__tournament=tournament, division__kind=Division.Kind.TABLES).order_by("number"))


def standings_rounds(tournament: Tournament) -> list[Round]:
    """The published rounds standings add up; refused before the first one."""
    rounds = table_rounds(tournament)
    if not rounds:
        raise ValidationError(_("There are no standings yet: no round has been published."))
    return rounds
