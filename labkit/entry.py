"""The one entry point the browser's worker calls, with and returning plain dicts."""

from labkit import grading, realmodel, stoppable_sleep, training
from labkit.bundled import lab_bundle

stoppable_sleep.install()


def handle(request, report=None):
    """`{"action": "run" | "check" | "compare", "lab": id, "code": str, "name": str}`,
    `{"action": "attention", "name": str}`, `{"action": "next_letters", "prefix": str}` or
    `{"action": "train", "code": str, "counts": JSON text, "steps": str, "lr": str}` -> a result dict.

    `report(text)`, when given, hears a training run's progress as it goes (a JSON line per step).
    """
    request = dict(request)
    action = request.get("action")
    code = str(request.get("code", ""))
    if action == "run":
        return grading.run(code)
    if action == "check":
        return grading.check(lab_bundle(str(request.get("lab", ""))), code)
    if action == "attention":
        return realmodel.attention(str(request.get("name", "")))
    if action == "next_letters":
        return realmodel.next_letter_bars(str(request.get("prefix", "")))
    if action == "train":
        return training.train(code, request.get("counts", ""), request.get("steps", ""), request.get("lr", ""), report)
    if action == "compare":
        return realmodel.compare(str(request.get("lab", "")), code, str(request.get("name", "")))
    raise ValueError(f"Unknown action {action!r}: expected 'run', 'check', 'attention', 'next_letters', 'train' or 'compare'.")
