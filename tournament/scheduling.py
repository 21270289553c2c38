import logging

log = logging.getLogger(__name__)


def send_task_safely(task, *args, eta=None) -> None:
    """Queue a deadline task; if the broker is unreachable, the minute sweep does the work instead."""
    try:
        task.apply_async(args, eta=eta, retry=True, retry_policy={"max_retries": 2, "interval_start": 0.2})
    except Exception as exc:  # the sweep is the safety net, a request must not fail for a broker hiccup
        log.warning("Could not queue %s%r (%s); the minute sweep will apply it", task.name, args, exc)
