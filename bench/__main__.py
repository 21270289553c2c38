"""`python -m bench [--clients 8] [--seconds 6] [--requests 3000] [--workers 2] [--threads 4] [--json PATH] [--quick]`"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import time
import traceback
from pathlib import Path

from bench import report
from bench.services import ROOT, Services


def parse(argv):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients per load measurement (8)")
    parser.add_argument("--seconds", type=float, default=6.0, help="time bound of each load measurement (6 s)")
    parser.add_argument("--requests", type=int, default=3000, help="request bound of each load measurement (3000)")
    parser.add_argument("--workers", type=int, default=max(2, os.cpu_count() or 2), help="gunicorn workers (CPU count, at least 2)")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker (4)")
    parser.add_argument("--budget", type=float, default=900, help="skip what is left after this many seconds (900)")
    parser.add_argument("--json", type=Path, default=None, help="where to write the JSON (var/bench.json)")
    parser.add_argument("--quick", action="store_true", help="tiny bounds, for a smoke test")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="measure only scenarios whose name contains NAME (repeatable; the baseline always runs)")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.requests, args.clients = 1.0, 100, 2
    return args


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    load_before = [round(x, 2) for x in os.getloadavg()]
    given_database = bool(os.environ.get("DATABASE_URL"))
    json_path = args.json or Path(os.environ.get("MELDBOARD_VAR_DIR") or ROOT / "var") / "bench.json"
    log = lambda text: print(text, flush=True)  # noqa: E731
    services = Services(log=log)
    try:
        services.start_database()
        services.start_redis()
        os.environ.update({k: v for k, v in services.env().items() if k in (
            "DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "MELDBOARD_VAR_DIR", "SECRET_KEY", "DEBUG",
            "LOG_LEVEL", "CELERY_TASK_ALWAYS_EAGER", "DJANGO_ALLOW_ASYNC_UNSAFE", "ALLOWED_HOSTS")})
        import django

        django.setup()
        from django.core.management import call_command

        log("migrating …")
        call_command("migrate", verbosity=0, interactive=False)
        log("collecting static files …")  # as a deploy does: the pages link the fingerprinted names
        call_command("collectstatic", verbosity=0, interactive=False)
        services.plan_cache()
        port = services.start_web(args.workers, args.threads)
        cache_port = services.start_cache()
        services.start_worker()
        from bench import fixture as fixtures
        from bench import scenarios

        log("building the 64-, 16- and 128-team tournaments (models, draw, schedule page, tables) …")
        fixture = fixtures.build(port, log)
        ctx = scenarios.Context(port=port, fixture=fixture, services=services, clients=args.clients,
                                seconds=args.seconds, requests=args.requests, log=log, cache_port=cache_port)
        rows = []
        chosen = [s for s in scenarios.ALL if s is scenarios.baseline or not args.only
                  or any(name in s.__name__ for name in args.only)]
        for scenario in chosen:
            if time.monotonic() - started > args.budget:
                rows.append(report.missing_row(scenario.__name__, "", f"skipped: the run's {args.budget:.0f} s budget was spent"))
                continue
            log(f"measuring {scenario.__name__.replace('_', ' ')} …")
            try:
                rows += scenario(ctx)
            except Exception as exc:
                traceback.print_exc()
                rows.append(report.error_row(scenario.__name__.replace("_", " "), "", exc))
        rows += scenarios.worker_memory(ctx)
        meta = {
            "when": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            "commit": _git("rev-parse", "--short", "HEAD"),
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}",
            "python": platform.python_version(),
            "gunicorn": f"{args.workers} workers × {args.threads} threads (gthread)",
            "clients": args.clients, "seconds_per_measurement": args.seconds, "requests_per_measurement": args.requests,
            "database": "PostgreSQL (" + ("DATABASE_URL" if given_database else "throw-away cluster") + ")",
            "duration_s": round(time.monotonic() - started, 1),
            "load_average_before": load_before, "load_average_after": [round(x, 2) for x in os.getloadavg()],
            "fixture_missing": fixture.missing,
        }
        print()
        print(report.table(rows))
        report.write_json(json_path, rows, meta)
        json_path.with_suffix(".md").write_text(report.markdown(rows, meta))
        misses = [r["name"] for r in rows if r.get("ok") is False]
        print(f"\n{len(rows)} rows in {meta['duration_s']:.0f} s; JSON: {json_path}; "
              f"for docs/PERFORMANCE.md: {json_path.with_suffix('.md')}")
        print("misses: " + (", ".join(misses) if misses else "none"))
        if max(load_before[0], os.getloadavg()[0]) > (os.cpu_count() or 1):
            print(f"note: the machine was busy (load average {load_before[0]} before, {os.getloadavg()[0]:.2f} after, "
                  f"{os.cpu_count()} CPUs); other processes shared the CPUs with this run.")
        return 0
    finally:
        services.stop()


def _git(*args) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


if __name__ == "__main__":
    sys.exit(main())
