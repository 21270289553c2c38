from django.urls import path

from tournament.gameday import views

app_name = "gameday_table"
urlpatterns = [
    path("<token:token>/status/", views.table_status, name="status"),
    path("<token:token>/check-in/", views.table_check_in, name="check_in"),
    path("<token:token>/start/", views.table_start, name="start"),
]
