"""Odd counts, said before anything is published: an odd number of players waiting for partners, and
the entrants a round's seating leaves sitting out. Each note says who, why (the variant's table
sizes, RULES.md presets) and the ways forward that fit the variant:

- a single player left over is paired with a substitute the organizer adds (seed 000 rule 3);
- where the rules seat 3 partnerships or players at a table, the draw already uses such a table;
- otherwise the sit-out is drawn by lot among those who have sat out least, so it passes round in
  turn across rounds; a one-round event warns that whoever sits out does not play at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.common.names import and_list, joined
from tournament.formats.tables import formats, rounds
from tournament.models import SeatingDraw, Tournament


@dataclass
class OddPlayers:
    count: int
    text: str  # who is left over and why, in plain words


def odd_players(tournament: Tournament) -> OddPlayers | None:
    """The partner draw's odd player out, before anyone draws: None when everyone can be paired."""
    if not formats.in_partnerships(tournament) or rounds.published_partners(tournament):
        return None
    waiting, _households = rounds.partner_candidates(tournament)
    if len(waiting) % 2 == 0:
        return None
    text = ngettext(
        "%(count)s player is waiting for a partner: partners come in twos, so one would be left without a partner.",
        "%(count)s players are waiting for a partner: partners come in twos, so one would be left without a partner.",
        len(waiting),
    ) % {"count": len(waiting)}
    return OddPlayers(len(waiting), text)


def sit_out_note(tournament: Tournament, record: SeatingDraw, names: dict[int, str]) -> list[str]:
    """Who sits out the round `record` seats and why, sentence by sentence (nothing if nobody does)."""
    if not record.sitting_out:
        return []
    in_pairs = formats.in_partnerships(tournament)
    low, high = formats.side_bounds(tournament)
    out = _entrant_names(tournament, record.sitting_out, names)
    seated = sum(len(sides) for sides in record.sides)
    count = seated + len(out)
    values = {"names": and_list(out), "number": rounds.shown_number(tournament, record.round_number), "count": count,
              "low": low, "high": high, "variant": tournament.get_variant_display()}
    if in_pairs:
        # Counted in people: “Ann & Bob sit out”.
        lines = [ngettext("%(names)s sits out round %(number)s.", "%(names)s sit out round %(number)s.",
                          len(record.sitting_out)) % values,
                 _("Why: %(count)s partnerships, and a %(variant)s table seats %(low)s to %(high)s partnerships, "
                   "so not everyone can have a seat.") % values if low != high else
                 _("Why: %(count)s partnerships, and a %(variant)s table seats exactly %(high)s partnerships, "
                   "so not everyone can have a seat.") % values]
        if high < 3:
            lines.append(_("The rules of %(variant)s have no table of 3 partnerships.") % values)
    else:
        lines = [ngettext("%(names)s sits out round %(number)s.", "%(names)s sit out round %(number)s.", len(out)) % values,
                 _("Why: %(count)s players, and a %(variant)s table seats %(low)s to %(high)s players, "
                   "so not everyone can have a seat.") % values]
    lines.append(_("Who sits out is drawn by lot among those who have sat out least, so in later rounds the "
                   "sit-out passes to others in turn."))
    if record.round_number == 1:
        lines.append(_("If this event plays only one round, they do not play at all: add a substitute on the "
                       "Players page (a partnership, or a player) and draw the round again to seat everyone."))
    return lines


def _entrant_names(tournament: Tournament, ids: list[int], names: dict[int, str]) -> list[str]:
    """Those sitting out as people say them: a partnership as “Ann & Bob”, a player by name."""
    if not formats.in_partnerships(tournament):
        return [names.get(p, "?") for p in ids]
    found, done = [], set()
    teams = dict(tournament.players.filter(pk__in=ids).values_list("pk", "team_id"))
    for pk in ids:
        if pk in done:
            continue
        mates = [p for p in ids if teams.get(p) is not None and teams.get(p) == teams.get(pk)]
        done.update(mates or [pk])
        found.append(joined(names.get(p, "?") for p in (mates or [pk])))
    return found
