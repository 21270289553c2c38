from django.urls import path

from tournament.views import gameday

app_name = "gameday_table"
urlpatterns = [
    path("<str:token>/status/", gameday.table_status, name="status"),
    path("<str:token>/check-in/", gameday.table_check_in, name="check_in"),
    path("<str:token>/start/", gameday.table_start, name="start"),
]
