"""`python -m bench.rehearsal [--fast | --smoke] [--seconds N] [--beat-seconds N] [--smtp-seconds N] [--keep]`

Full (`make rehearsal`): a 330 s day with every fault, beat stopped for two minutes, the SMTP server
down for a minute; about 8 minutes. --fast: a 90 s day, beat stopped 20 s, SMTP down 15 s. --smoke: the suite's run: no workers, no beat, no faults, an
8 s day, one gunicorn worker a host (PgBouncer, two hosts, nginx; a hand written through one host read through the other).
Exit status 0 when every check held. Everything it started is stopped on the way out (Ctrl-C too).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time

from bench.rehearsal import layout as layouts
from bench.rehearsal.faults import Faults

MODES = {"full": (330.0, 120.0, 60.0), "fast": (90.0, 20.0, 15.0), "smoke": (8.0, 0.0, 0.0)}
SMTP_DOWN_AT = 0.12  # share of the day: between the web host's kill and the worker's, so mail is queued all through it
MAIL_SETTLE = 90.0  # seconds the end waits for the outbox to empty


def parse(argv):
    parser = argparse.ArgumentParser(prog="python -m bench.rehearsal", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--fast", action="store_const", dest="mode", const="fast", help="a 90 s day, beat stopped 20 s")
    mode.add_argument("--smoke", action="store_const", dest="mode", const="smoke", help="no faults, no workers (the suite)")
    parser.add_argument("--seconds", type=float, help="the day's length (full 330, fast 90, smoke 8)")
    parser.add_argument("--beat-seconds", type=float, help="how long beat is stopped (full 120, fast 20)")
    parser.add_argument("--smtp-seconds", type=float, help="how long the SMTP server is down (full 60, fast 15)")
    parser.add_argument("--free-ports", action="store_true", help="ports nobody uses now instead of 18080, 18001, 16432 …")
    parser.add_argument("--keep", action="store_true", help="keep the logs' directory after the run")
    args = parser.parse_args(argv)
    args.mode = args.mode or "full"
    seconds, beat, smtp = MODES[args.mode]
    args.seconds = args.seconds or seconds
    args.beat_seconds = beat if args.beat_seconds is None else args.beat_seconds
    args.smtp_seconds = smtp if args.smtp_seconds is None else args.smtp_seconds
    return args


def _stop_on_signals() -> None:
    def leave(signum, frame):
        raise SystemExit(128 + signum)

    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, leave)


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    began = time.monotonic()
    log = lambda text: print(text, flush=True)  # noqa: E731
    _stop_on_signals()
    layouts.install_missing(log)
    smoke = args.mode == "smoke"
    layout = layouts.Layout(layouts.Ports.free() if args.free_ports or smoke else layouts.Ports(), log=log,
                            workers=0 if smoke else 2, web_workers=1 if smoke else 2)
    try:
        ports = layout.ports
        log(f"rehearsal ({args.mode}): files in {layout.dir}")
        layout.start_postgres()
        layout.start_pgbouncer()
        layout.start_redis()
        if not smoke:
            layout.start_smtp()
        log(f"  PostgreSQL 127.0.0.1:{ports.postgres}, PgBouncer (transaction) 127.0.0.1:{ports.pgbouncer}, "
            f"Redis 127.0.0.1:{ports.redis}" + ("" if smoke else f", SMTP (aiosmtpd) 127.0.0.1:{ports.smtp}"))
        layout.release(static=not smoke)
        layout.start_web()
        layout.start_workers()
        if not smoke:
            layout.start_beat()
        layout.start_nginx()
        layout.start_varnish()
        log(f"  Varnish 127.0.0.1:{ports.varnish} → nginx 127.0.0.1:{ports.nginx} → gunicorn {', '.join(f'{h}:{ports.web}' for h in layouts.HOSTS)}; "
            f"{layout.workers} workers, {'no' if smoke else 'one'} beat ({time.monotonic() - began:.0f} s)")
        # The rehearsal's own process builds the day and reads the figures; its mail is not the servers'.
        os.environ.update(layout.env(layout.var("driver")), EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
        import django

        django.setup()
        return _day(args, layout, log, began)
    finally:
        stopping = time.monotonic()
        layout.stop(keep_dir=args.keep)
        log(f"stopped everything it started in {time.monotonic() - stopping:.0f} s; {time.monotonic() - began:.0f} s in all"
            + (f"; logs kept in {layout.dir}" if args.keep else ""))


def _day(args, layout, log, began: float) -> int:
    from django.utils import timezone

    from bench.rehearsal import day, figures, mail
    from bench.rehearsal.drive import Drivers, Recorder

    # The day's clock starts once every gunicorn worker has served its first pages (the warm-up below).
    plan = day.build(args.seconds, lead=4.0 if args.mode == "smoke" else 30.0)
    log(f"  day built: bayfest ({len(plan.tables) - 2} tables in play, 2 no-shows), tables-day (2 tables, one "
        f"empty seat); the day runs {args.seconds:.0f} s")
    recorder = Recorder()
    drivers = Drivers(plan, layout.ports.varnish, layout.ports.web, layouts.HOSTS, recorder, log)
    if args.mode != "smoke":
        drivers.announce_every = max(5.0, args.seconds / 20)  # mail queued all day, through the outage too
    drivers.warm_up(rounds=1 if args.mode == "smoke" else 3)  # each gunicorn worker's first page imports its views: not a figure of the day
    started = time.monotonic() + (plan.started - timezone.now()).total_seconds()
    if started < time.monotonic():
        log(f"  the warm-up ended {time.monotonic() - started:.0f} s after the day began (a busy machine)")
    time.sleep(max(0.0, started - time.monotonic()))
    drivers.start(started)
    faults = outage = None
    if args.mode != "smoke":
        faults = Faults(layout, args.seconds, args.beat_seconds, log)
        faults.start(started)
        if args.smtp_seconds:
            outage = mail.Outage(layout.mail, SMTP_DOWN_AT, args.smtp_seconds, args.seconds, log)
            outage.start(started)
    # The day lasts its length from its start, or from the drivers' start if the warm-up ran late.
    time.sleep(max(0.0, max(started, time.monotonic()) + args.seconds - time.monotonic()))
    if args.mode == "smoke":  # on a busy machine: until the probe has gone both ways (bounded)
        until = time.monotonic() + 45
        while len(recorder.probes) < 2 and time.monotonic() < until:
            time.sleep(0.5)
    drivers.finish()
    if faults:
        faults.thread.join(timeout=120)
        faults.stop.set()
    if outage:
        outage.thread.join(timeout=120)
        outage.stop.set()
    if args.mode != "smoke":
        _settle(plan, log)
        mail.settle(log, MAIL_SETTLE)
    every_fault = (faults.faults if faults else []) + ([outage.fault] if outage else [])
    ok = figures.report(plan, recorder, every_fault, started, timezone.now(), log, check_deadlines=args.mode != "smoke")
    if args.mode != "smoke":
        ok &= mail.report(layout.mail, outage, recorder.announcements, log)
    log(f"\n{'ALL CHECKS HELD' if ok else 'SOME CHECKS FAILED'} in {time.monotonic() - began:.0f} s")
    return 0 if ok else 1


def _settle(plan, log, limit: float = 30) -> None:
    """Wait (bounded) for the deadlines that fell due in the last seconds: the sweep, a task or a page applies them."""
    from django import db
    from django.utils import timezone

    from tournament.models import Game

    db.connection.close()  # opened before the faults: PgBouncer and PostgreSQL have restarted since
    games = Game.objects.filter(division__tournament__slug__in=(plan.bracket_slug, plan.tables_slug))
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        now = timezone.now()
        if not (games.no_show_due(now).exists() or games.time_limit_due(now).exists()):
            return
        time.sleep(1)
    log(f"  deadlines still due after {limit:.0f} s of waiting")


if __name__ == "__main__":
    sys.exit(main())
