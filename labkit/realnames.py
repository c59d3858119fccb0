"""The learner's counting model on the real names: their own functions count, smooth and sample.

`sample` runs the code of the labs before this one (their drafts, in order) and then this
lab's code, all in one fresh namespace, and calls the learner's `bigram_counts` on all of
makemore's names (shipped in the wheel, protocol.NAMES), `row_probs` on each row, and
`sample_name` with a `random.Random(seed)`. The course's own counting model samples with
the same seed beside it, so the page can say whether the two agree. Every reply is a plain,
JSON-safe dict, like the rest of labkit's.
"""

import functools
import json
import random
from pathlib import Path

from labkit import protocol
from labkit.grading import describe_error
from labkit.learner import LearnerError, exception_details, run_code

NAMES = Path(__file__).parent / protocol.NAMES
COUNT = 10  # names per press of "Sample again"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
BOS = len(LETTERS)
SIZE = BOS + 1
NEEDED = ("bigram_counts", "row_probs", "sample_name")


class SamplerFailed(Exception):
    def __init__(self, summary, details=None):
        super().__init__(summary)
        self.summary = summary
        self.details = details


@functools.cache
def names():
    return tuple(line.strip() for line in NAMES.read_text(encoding="utf-8").splitlines() if line.strip())


def reply(status, summary, error=None, **fields):
    return {"action": "sample", "status": status, "summary": summary, "error": error, **fields}


def sample(lab_id, code, parts, seed, count=COUNT):
    """`parts`: a JSON list of {"title", "code"} for the earlier labs, run before `code`."""
    try:
        namespace = learner_functions(json.loads(parts or "[]"), code)
        drawn = learner_names(namespace, int(seed), count)
    except SamplerFailed as failure:
        return reply("error", failure.summary, failure.details)
    except KeyboardInterrupt:
        return reply("stopped", "Stopped before your model finished.")
    reference = course_names(int(seed), count)
    known = set(names())
    same = drawn == reference
    summary = (
        f"Your model counted the {len(names()):,} names and invented these {count}."
        + (" They are exactly the names the course's own counting model draws with the same seed." if same else "")
    )
    return reply(
        "ok", summary, names=drawn, reference=reference, same=same, seed=int(seed),
        known=[name in known for name in drawn], data_names=len(names()),
    )


def learner_functions(parts, code):
    """One namespace with every earlier lab's code and then this lab's, each run as the learner's code."""
    namespace = {}
    for part in [*parts, {"title": "this lab", "code": code}]:
        try:
            namespace.update(run_code(str(part.get("code", "")), "learner"))
        except LearnerError as failure:
            where = part.get("title", "an earlier lab")
            raise SamplerFailed(f"Your code from {where} did not run: {describe_error(failure.details)}", failure.details) from None
    missing = [name for name in NEEDED if not callable(namespace.get(name))]
    if missing:
        raise SamplerFailed(f"Your code does not define {', '.join(f'{name}()' for name in missing)}: pass the labs that write them first.")
    return namespace


def call(namespace, name, *args):
    try:
        return namespace[name](*args)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: exit() is the learner's, not the checker's
        details = exception_details(error, "")
        where = f" on line {details['line']}" if details["line"] else ""
        raise SamplerFailed(f"Your {name}() raised {details['type']}{where} on the real names: {details['message']}", details) from None


def learner_names(namespace, seed, count):
    counts = call(namespace, "bigram_counts", list(names()))
    if not (isinstance(counts, list) and len(counts) == SIZE and all(isinstance(row, list) and len(row) == SIZE for row in counts)):
        raise SamplerFailed(f"Your bigram_counts() did not return {SIZE} rows of {SIZE} counts on the real names.")
    P = [call(namespace, "row_probs", list(row)) for row in counts]
    rng = random.Random(seed)
    drawn = []
    for _ in range(count):
        name = call(namespace, "sample_name", P, rng)
        if not isinstance(name, str):
            raise SamplerFailed(f"Your sample_name() returned {type(name).__name__}, not a string, on the real names.")
        drawn.append(name)
    return drawn


@functools.cache
def course_table():
    """The course's own counting model of the real names: counts plus 1, over each row's total."""
    counts = [[1] * SIZE for _ in range(SIZE)]
    for name in names():
        tokens = [BOS] + [LETTERS.index(c) for c in name] + [BOS]
        for a, b in zip(tokens, tokens[1:]):
            counts[a][b] += 1
    return [[count / sum(row) for count in row] for row in counts]


def course_names(seed, count):
    P = course_table()
    rng = random.Random(seed)
    drawn = []
    for _ in range(count):
        token, name = BOS, ""
        while True:
            token = rng.choices(range(SIZE), weights=P[token])[0]
            if token == BOS:
                break
            name += LETTERS[token]
        drawn.append(name)
    return drawn
