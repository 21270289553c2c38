import logging

log = logging.getLogger(__name__)


def send_task_safely(task, *args, eta=None) -> None:
    """Queue a task; if the broker is unreachable, or hangs (its sockets time out after 2 s, settings),
    the request goes on: a deadline's work is done by the minute sweep instead.

    Every task Meldboard sends goes through here, so no request fails or hangs for the broker."""
    try:
        task.apply_async(args, eta=eta, retry=True, retry_policy={"max_retries": 2, "interval_start": 0.2})
    except Exception as exc:  # the sweep is the safety net, a request must not fail for a broker hiccup
        log.warning("Could not queue %s%r (%s); the minute sweep will apply it", task.name, args, exc)
