"""`make rehearsal`: docs/DEPLOYMENT.md's layout run for real on one machine's loopback addresses.

nginx on 127.0.0.1 in front of two web hosts (gunicorn on 127.0.0.2 and 127.0.0.3), PgBouncer in
transaction mode before a throw-away PostgreSQL cluster, a real redis-server, two Celery workers and
one beat, every app process started from config/processes.py with the environment a server gets.
It drives a Bayfest game day and a table-round day through nginx while it breaks things on purpose,
then prints what held and how long each fault took to heal (`python -m bench.rehearsal --help`).

- layout.py: the services and app processes, started and stopped by their own PIDs;
- keeper.py: a small supervisor that starts again an app process that died (systemd's Restart=always);
- day.py: the two events, built as the demo builds them, with short game lengths;
- drive.py: tables, spectators, an organizer and a two-host probe, all over HTTP;
- faults.py: the faults and their healing; figures.py: the checks and the printed figures.

Nothing in the app imports this package.
"""
