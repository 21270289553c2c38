"""Template filters for table-round events: what the variant decides, for the organizer's tabs,
and medals in the page's language."""

from django import template

from tournament.common import stored_words
from tournament.core import formats as formats_registry
from tournament.core import house_rules, seat_state, seated
from tournament.printing import data

register = template.Library()


@register.filter
def in_partnerships(tournament) -> bool:
    """`{% if tournament|in_partnerships %}`: the variant seats partnerships (so there is a partner draw)."""
    return house_rules.in_partnerships(tournament)


@register.filter
def duration(value) -> str:
    """`{{ tournament.game_time_limit|duration }}`: “1 h 45 min”, as the printed cards say it."""
    return data.duration_text(value) if value else ""


@register.filter
def medal_word(medal) -> str:
    """`{{ row.medal|medal_word }}`: “Gold” / “Oro”."""
    return stored_words.medal(medal)


@register.filter
def tie_for(rank) -> str:
    """`{{ tie.rank|tie_for }}`: “the win” / “the silver medal”, in the page's language."""
    return stored_words.tie_for(rank)


@register.simple_tag
def table_positions(game):
    """`{% table_positions game as seats %}`: everyone at a table with their place (North / Seat 2)."""
    return formats_registry.of_game(game).seat_positions(game)


@register.simple_tag
def seated_name(game, side):
    """`{% seated_name game side as name %}`: who sits at the side this game (a substitute named)."""
    return seated.seated_name(side, game.substitutions.all())


@register.simple_tag
def table_bonus(game):
    """`{% table_bonus game as note %}`: the first-table bonus at stake or won at this table (or None)."""
    return formats_registry.of_game(game).bonus_note(game)


@register.simple_tag
def short_table_targets(game):
    """The round's tables not started with room for this short table's players (the organizer's "move")."""
    return formats_registry.of_game(game).short_table_room(game)


@register.simple_tag
def seat_words(game, side):
    """The seat's state in words (tournament.core.seat_state), '' when simply present or waiting."""
    return seat_state.marked_words(side, game.substitutions.all() if hasattr(game, "substitutions") else ())


@register.simple_tag
def seat_rules(tournament):
    """The club's choices for people at a table (RULES-DECISIONS S1–S3), for the house-rules page."""
    return {"absent_score": seat_state.absent_hand_score(tournament), "minimum": seat_state.minimum(tournament)}
