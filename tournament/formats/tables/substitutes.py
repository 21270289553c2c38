"""A substitute after the draw, for one round or for the rest of the event (seed 000 rule 3: a partner
who cannot play may be replaced). See tournament.formats.tables.after_draw for whom the points go to."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common.names import partners_name
from tournament.core import actions
from tournament.core.game_log import Entrant, dump
from tournament.core.game_rows import log_event
from tournament.formats.tables import after_draw, formats, rounds
from tournament.models import Game, PeopleChange, Player, Substitution, TableEntry, Team, Tournament


def _log_game(tournament: Tournament, seat: after_draw.Seat | None) -> Game | None:
    """The table a change is written at: the entrant's own, else the first table of the last round."""
    if seat is not None:
        return seat.game
    return (Game.objects.filter(division__tournament=tournament, division__kind="tables", round__isnull=False)
            .order_by("-round__number", "number").first())


def log_change(tournament: Tournament, seat, kind: str, *, by=None, note: str = "", **data) -> None:
    """Log a change at its table; before any table exists, in the event's own list (PeopleChange)."""
    game = _log_game(tournament, seat)
    if game is not None:
        log_event(game, kind, by=by, note=note, **data)
    else:
        PeopleChange.objects.create(tournament=tournament, kind=kind, by=by, note=note, data=dump(kind, data))


def _round_number(seat, tournament) -> int:
    record = seat.record if seat else after_draw.open_record(tournament)
    return record.round_number if record else 0


def rename(team: Team) -> None:
    """A partnership named after its players is named again when one changes."""
    mates = partners_name(Player.objects.filter(team=team).order_by("created_at", "id").values_list("name", flat=True))
    Team.objects.filter(pk=team.pk).update(name=mates, from_players=True)


def substitute(tournament: Tournament, replaced: Player, *, typed: str = "", chosen: int | None = None,
               rest_of_event: bool, by=None) -> str:
    """Record the substitute; returns what happened, in words. ValidationError (nothing saved) when refused."""
    with after_draw.atomic():
        replaced = Player.objects.select_for_update(of=("self",)).select_related("table_entry", "team").get(pk=replaced.pk)
        entry = getattr(replaced, "table_entry", None)
        if entry is None:
            raise ValidationError(_("%(name)s is a substitute, not a signed-up player.") % {"name": replaced.name})
        if formats.in_partnerships(tournament):
            return _for_partner(tournament, replaced, typed, chosen, rest_of_event, by)
        return _for_player(tournament, replaced, typed, chosen, rest_of_event, by)


def _person(tournament, typed, chosen, replaced, *, entrant: bool) -> Player:
    return _person_was(tournament, typed, chosen, replaced, entrant=entrant)[0]


def _person_was(tournament, typed, chosen, replaced, *, entrant: bool) -> tuple[Player, str]:
    """The substitute, and their sign-up before (logged, so the change can be undone): "active",
    "withdrawn" or "none"."""
    person = after_draw.substitute_person(tournament, typed, chosen, replaced)
    if person is None:
        return after_draw.new_player(tournament, typed, entrant=entrant), "none"
    entry = TableEntry.objects.filter(player=person).first()
    was = "none" if entry is None else ("withdrawn" if entry.withdrawn_at else "active")
    if entrant:
        after_draw.make_entrant(person)
    return person, was


def _same_again(tournament: Tournament, typed: str, chosen: int | None, person_ids) -> bool:
    """A double submit: the substitute asked for is the one already recorded."""
    wanted = Player.objects.filter(pk__in=person_ids)
    if chosen:
        return wanted.filter(pk=chosen).exists()
    return bool(typed.strip()) and any(p.name.casefold() == " ".join(typed.split()).casefold() for p in wanted)


def _recorded_before(tournament, replaced: Player, typed, chosen, rest_of_event) -> bool:
    """A double submit: this very substitute was recorded for `replaced` (this round, or for good)."""
    record = after_draw.open_record(tournament)
    logged = after_draw.logged(tournament, ["partner_replaced", "change_undone"])
    undone = [(e.at, e.data.get("other")) for e in logged if e.kind == "change_undone"]
    earlier = [entry.data for entry in logged if entry.kind == "partner_replaced"
               and entry.data.get("replaced") == replaced.pk and bool(entry.data.get("rest_of_event")) == rest_of_event
               and not any(at >= entry.at and other == entry.data["substitute"] for at, other in undone)]
    if not rest_of_event:
        earlier = [data for data in earlier if data.get("round") == (record.round_number if record else -1)]
    return _same_again(tournament, typed, chosen, [data["substitute"] for data in earlier])


def _withdrawn_partner(tournament, team: Team) -> int | None:
    """Who left `team`: the partner named in its last withdrawal (the log keeps it)."""
    found = [entry.data for entry in after_draw.logged(tournament, ["withdrawn"])
             if entry.data.get("entrant", {}).get("team") == team.pk and entry.data.get("player")]
    return found[-1]["player"] if found else None


def _for_partner(tournament, replaced: Player, typed, chosen, rest_of_event, by) -> str:
    if rest_of_event and _recorded_before(tournament, replaced, typed, chosen, True):
        return _("%(name)s already has that substitute.") % {"name": replaced.name}
    if not replaced.team_id:
        raise ValidationError(_("%(name)s has no partner yet: draw the partners first.") % {"name": replaced.name})
    team = replaced.team
    mates = list(Player.objects.filter(team=team).order_by("created_at", "id"))
    seat = after_draw.seat_of(tournament, [p.pk for p in mates])
    lone = len(mates) == 1
    if not rest_of_event:
        if lone:
            return _round_partner(tournament, replaced, team, typed, chosen, by)
        if seat is None:
            raise ValidationError(_("%(team)s is not seated at a table this round: a substitute for one round needs a table.")
                                  % {"team": team.name})
        earlier = Substitution.objects.filter(game=seat.game, replaced=replaced).values_list("substitute_id", flat=True)
        if earlier and _same_again(tournament, typed, chosen, earlier):
            return _("%(name)s already has that substitute this round.") % {"name": replaced.name}
        person = _person(tournament, typed, chosen, replaced, entrant=False)
        actions.record_substitute(seat.game, team, replaced, person, by=by)
        after_draw.rewrite_record(seat.record, {replaced.pk: person.pk})
        return _("%(substitute)s plays for %(name)s at table %(table)s in round %(round)s; the points stay with %(team)s.") % {
            "substitute": person.name, "name": replaced.name, "table": seat.table, "round": seat.round, "team": team.name}
    if replaced.table_entry.withdrawn_at:
        raise ValidationError(_("%(name)s has withdrawn already.") % {"name": replaced.name})
    if _same_again(tournament, typed, chosen, [p.pk for p in mates if p.pk != replaced.pk]):
        return _("%(name)s already has that partner.") % {"name": replaced.name}
    person, was = _person_was(tournament, typed, chosen, replaced, entrant=True)
    now = timezone.now()
    left = replaced.pk
    their_team = Player.objects.filter(pk=person.pk).values_list("team_id", flat=True).first()
    if lone:
        # The partner left earlier: the substitute fills the empty place, and an empty seat if one is left.
        if seat is not None and seat.not_started:
            side = next((s for s in seat.record.sides[seat.table - 1] if replaced.pk in s), [])
            gone = [p for p in side if p != replaced.pk]
            if gone:
                left = gone[0]
                after_draw.rewrite_record(seat.record, {gone[0]: person.pk})
        left = (_withdrawn_partner(tournament, team) or replaced.pk) if left == replaced.pk else left
        message = _("%(substitute)s is %(name)s's partner from now on.")
    else:
        TableEntry.objects.filter(player=replaced).update(withdrawn_at=now)
        Player.objects.filter(pk=replaced.pk).update(team=None)
        if seat is not None and (seat.not_started or seat.game.status == Game.Status.IN_PLAY):
            after_draw.rewrite_record(seat.record, {replaced.pk: person.pk})
        message = _("%(substitute)s plays for %(name)s for the rest of the event; the points stay with the partnership.")
    Player.objects.filter(pk=person.pk).update(team=team)
    if their_team and their_team != team.pk and not Player.objects.filter(team_id=their_team).exists():
        # A player left alone joins this partnership: theirs has nobody left (it keeps what it played).
        Team.objects.filter(pk=their_team, withdrawn_at__isnull=True).update(withdrawn_at=now)
    rename(team)
    log_change(tournament, seat, "partner_replaced", by=by, entrant=Entrant(team=team.pk), replaced=left,
               substitute=person.pk, round=_round_number(seat, tournament), rest_of_event=True, alone=lone,
               from_team=their_team if their_team != team.pk else None, was=was)
    after_draw.bump(tournament, seat.game if seat else None)
    return message % {"substitute": person.name, "name": replaced.name}


def _round_partner(tournament, replaced: Player, team: Team, typed, chosen, by) -> str:
    """A partner for the next round only, for a player whose partner withdrew: seated with them when that
    round is drawn (tournament.formats.tables.rounds.entrants); the points go to their partnership."""
    number = rounds.next_round_number(tournament)
    shown = rounds.shown_number(tournament, number)
    earlier = after_draw.round_partners(tournament, number).get(team.pk)
    if earlier is not None:
        if _same_again(tournament, typed, chosen, [earlier]):
            return _("%(name)s already has that partner for round %(round)s.") % {"name": replaced.name, "round": shown}
        raise ValidationError(_("%(name)s already has a partner for round %(round)s.") % {"name": replaced.name, "round": shown})
    person = _person(tournament, typed, chosen, replaced, entrant=False)
    entry = getattr(person, "table_entry", None)
    if entry is not None and entry.withdrawn_at is None:
        raise ValidationError(_("%(name)s is in the event: pair them with %(partner)s for the rest of the event instead.")
                              % {"name": person.name, "partner": replaced.name})
    log_change(tournament, None, "partner_replaced", by=by, entrant=Entrant(team=team.pk),
               replaced=_withdrawn_partner(tournament, team) or replaced.pk, substitute=person.pk, round=number,
               rest_of_event=False, alone=True)
    after_draw.bump(tournament)
    return _("%(substitute)s partners %(name)s in round %(round)s only, when it is drawn; the points go to %(team)s.") % {
        "substitute": person.name, "name": replaced.name, "round": shown, "team": team.name}


def _for_player(tournament, replaced: Player, typed, chosen, rest_of_event, by) -> str:
    if _recorded_before(tournament, replaced, typed, chosen, rest_of_event):
        return _("%(name)s already has that substitute.") % {"name": replaced.name}
    seat = after_draw.seat_of(tournament, [replaced.pk])
    if not rest_of_event:
        if seat is None:
            raise ValidationError(_("%(name)s is not seated at a table this round: a substitute for one round needs a table.")
                                  % {"name": replaced.name})
        person = _person(tournament, typed, chosen, replaced, entrant=False)
        after_draw.hand_over_side(seat, replaced, team=None, player=person)
        after_draw.rewrite_record(seat.record, {replaced.pk: person.pk})
        # Still in the event, without a seat this round: listed with those sitting out.
        seat.record.sitting_out = [*seat.record.sitting_out, replaced.pk]
        seat.record.save(update_fields=["sitting_out"])
        log_change(tournament, seat, "partner_replaced", by=by, entrant=Entrant(player=replaced.pk), replaced=replaced.pk,
                   substitute=person.pk, round=seat.record.round_number, rest_of_event=False)
        after_draw.bump(tournament, seat.game)
        return _("%(substitute)s takes %(name)s's seat at table %(table)s in round %(round)s and scores in their own name; "
                 "%(name)s sits this round out.") % {
            "substitute": person.name, "name": replaced.name, "table": seat.table, "round": seat.round}
    if replaced.table_entry.withdrawn_at:
        raise ValidationError(_("%(name)s has withdrawn already.") % {"name": replaced.name})
    if seat is not None and not seat.not_started:
        seat = None  # their table has started: they keep what they played, the substitute plays from the next round
    person, was = _person_was(tournament, typed, chosen, replaced, entrant=True)
    TableEntry.objects.filter(player=replaced).update(withdrawn_at=timezone.now())
    if seat is not None:
        after_draw.hand_over_side(seat, replaced, team=None, player=person)
        after_draw.rewrite_record(seat.record, {replaced.pk: person.pk})
    log_change(tournament, seat, "partner_replaced", by=by, entrant=Entrant(player=replaced.pk), replaced=replaced.pk,
               substitute=person.pk, round=_round_number(seat, tournament), rest_of_event=True, was=was)
    after_draw.bump(tournament, seat.game if seat else None)
    return _("%(substitute)s takes %(name)s's place for the rest of the event.") % {"substitute": person.name, "name": replaced.name}
