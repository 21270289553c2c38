"""Table-round events: the organizer's pages (under /organizer/, login) and the public sign-up."""

from django.urls import path

from tournament.formats.tables import (
    views_after_draw,
    views_board,
    views_my_entry,
    views_odd_counts,
    views_organizer,
    views_public,
    views_public_seating,
    views_rounds,
    views_seats,
    views_signed_up,
    views_standings,
)

app_name = "tables"
urlpatterns = [
    path("organizer/t/<slug:slug>/players/", views_organizer.players, name="players"),
    path("organizer/t/<slug:slug>/players/add/", views_organizer.add_player, name="add_player"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/edit/", views_organizer.edit_player, name="edit_player"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/withdraw/", views_organizer.withdraw_player, name="withdraw_player"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/after-draw/", views_after_draw.changes, name="player_changes"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/substitute/", views_after_draw.substitute, name="substitute"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/substitute/undo/", views_after_draw.undo_substitute,
         name="undo_substitute"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/withdraw/undo/", views_after_draw.undo_withdrawal,
         name="undo_withdrawal"),
    path("organizer/t/<slug:slug>/players/<id:player_id>/substitute/rest/undo/", views_after_draw.undo_rest_substitute,
         name="undo_rest_substitute"),
    path("organizer/t/<slug:slug>/partners/", views_rounds.partners, name="partners"),
    path("organizer/t/<slug:slug>/partners/preview/", views_rounds.partners_preview, name="partners_preview"),
    path("organizer/t/<slug:slug>/partners/publish/", views_rounds.partners_publish, name="partners_publish"),
    path("organizer/t/<slug:slug>/partners/substitute/", views_odd_counts.add_substitute, name="partners_substitute"),
    path("organizer/t/<slug:slug>/rounds/", views_rounds.round_list, name="rounds"),
    path("organizer/t/<slug:slug>/rounds/settings/", views_rounds.save_settings, name="settings"),
    path("organizer/t/<slug:slug>/rounds/<id:number>/preview/", views_rounds.round_preview, name="round_preview"),
    path("organizer/t/<slug:slug>/rounds/<id:number>/publish/", views_rounds.round_publish, name="round_publish"),
    path("organizer/t/<slug:slug>/rounds/<id:number>/take-back/", views_seats.take_back_round, name="round_take_back"),
    path("organizer/t/<slug:slug>/standings/", views_standings.standings, name="standings"),
    path("organizer/t/<slug:slug>/standings/playoff/", views_standings.create_playoff, name="playoff"),
    path("organizer/t/<slug:slug>/standings/finish/", views_standings.finish_event, name="finish_event"),
    path("organizer/t/<slug:slug>/standings/reopen/", views_standings.reopen_event, name="reopen_event"),
    path("organizer/t/<slug:slug>/rounds/<id:number>/bonus/", views_standings.bonus_override, name="bonus_override"),
    path("t/<slug:slug>/join/", views_public.signup, name="signup"),
    path("t/<slug:slug>/join/done/", views_signed_up.signed_up, name="signed_up"),
    path("t/<slug:slug>/join/mine/<str:secret>/", views_my_entry.page, name="my_entry"),
    path("t/<slug:slug>/join/mine/<str:secret>/withdraw/", views_my_entry.withdraw, name="my_entry_withdraw"),
    path("t/<slug:slug>/standings/", views_standings.public_standings, name="public_standings"),
]

# Public pages of table events (phone first, live) and the organizer's round board.
urlpatterns += [
    path("t/<slug:slug>/seating/", views_public_seating.seating, name="public_seating"),
    path("t/<slug:slug>/seating/<id:number>/", views_public_seating.seating, name="public_seating_round"),
]
urlpatterns += [
    path("organizer/t/<slug:slug>/round-board/", views_board.board, name="board"),
    path("organizer/t/<slug:slug>/round-board/<id:number>/", views_board.board, name="board_round"),
    path("organizer/t/<slug:slug>/round-board/<id:number>/start-all/", views_board.start_all, name="board_start_all"),
    path("organizer/t/<slug:slug>/round-board/table/<id:game_id>/start/", views_board.start, name="board_start"),
    path("organizer/t/<slug:slug>/round-board/table/<id:game_id>/check-in/", views_board.check_in, name="board_check_in"),
    path("organizer/t/<slug:slug>/round-board/table/<id:game_id>/seat-back/", views_seats.seat_back, name="board_seat_back"),
    path("organizer/t/<slug:slug>/round-board/table/<id:game_id>/seat-left/", views_seats.seat_left, name="board_seat_left"),
    path("organizer/t/<slug:slug>/round-board/table/<id:game_id>/short/", views_seats.short_table, name="board_short_table"),
]
