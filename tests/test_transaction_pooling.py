"""Behind PgBouncer in transaction mode (DB_TRANSACTION_POOLING=true) nothing may live in a server
session between two transactions: no server-side cursors, no prepared statements. Without the
setting a PostgreSQL connection keeps both (they are faster on a direct connection)."""

import json
import os
import subprocess
import sys

import pytest

from config.supervisord_conf import BASE_DIR

SHOW = ("from django.conf import settings; d = settings.DATABASES['default']; "
        "print(json.dumps([d.get('DISABLE_SERVER_SIDE_CURSORS', False), d.get('OPTIONS', {}), d['CONN_MAX_AGE']]))")


def database_settings(**env) -> list:
    run = subprocess.run([sys.executable, "-c", f"import json, django; django.setup(); {SHOW}"], cwd=BASE_DIR, check=True,
                         capture_output=True, text=True,
                         env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "x" * 50, **env})
    return json.loads(run.stdout)


def test_behind_pgbouncer_no_server_side_cursor_and_no_prepared_statement():
    cursors_off, options, _ = database_settings(DATABASE_URL="postgres://u@127.0.0.1:6432/db", DB_TRANSACTION_POOLING="true")
    assert cursors_off is True
    assert "prepare_threshold" in options and options["prepare_threshold"] is None


def test_a_direct_postgresql_connection_keeps_them():
    cursors_off, options, _ = database_settings(DATABASE_URL="postgres://u@127.0.0.1:5432/db", DB_TRANSACTION_POOLING="")
    assert cursors_off is False and "prepare_threshold" not in options


def test_a_typo_in_the_setting_stops_start_up():
    with pytest.raises(subprocess.CalledProcessError) as failed:
        database_settings(DATABASE_URL="postgres://u@127.0.0.1:6432/db", DB_TRANSACTION_POOLING="ture")
    assert "DB_TRANSACTION_POOLING must be true or false" in failed.value.stderr
