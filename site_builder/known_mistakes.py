"""What a lab's known mistakes do with its cases, worked out once for every program the build grades.

When a check fails, the checker runs each known mistake of the failing function on every
case of that function, to see which one the learner made (labkit/mistakes.py). A mistake
made of the checker's code alone gives the same outcome on the same case every time, yet
the build grades each lab's starter and all its wrong answers, each in a Check of its own,
and each Check worked the same outcomes out again: most of the build's time in the labs.

So the build gives every Check of one lab a KnownMistakes. Its outcomes come from a copy of
checks.py loaded for it alone, which no graded program is handed; a mistake and a case are
matched to that copy's by their places in the lists checks.py registers them in. What a
trial grading worked out counts only when that grading changed nothing of the checker's
world (site_builder/one_guard.py): otherwise the world it was worked out in was not the
one a Check has.
"""

import random

from labkit import grading
from labkit.values import all_one_plain_type


class KnownMistakes:
    """The outcomes of one lab's mistakes on its cases, for each Check of that lab (see `outcome`)."""

    def __init__(self, clean, kept=None, places=None):
        self.clean = clean  # the lab's Checks, loaded for this alone
        self.kept = {} if kept is None else kept  # (mistake's place, case's place) -> Outcome
        self.places = {} if places is None else places  # id(a Check's Checks) -> (those Checks, {id(mistake): its place}, {case's place: the same as the clean copy's})

    @classmethod
    def of(cls, lab):
        return cls(grading.load_checks(lab.checks_source, lab.id))

    def trial(self):
        """A KnownMistakes for one trial grading: what it works out is kept only when `adopt`ed."""
        return KnownMistakes(self.clean, dict(self.kept), self.places)

    def adopt(self, trial):
        self.kept.update(trial.kept)

    def outcome(self, checks, mistake, case):
        """What `mistake` of `checks` (a Check's own copy) does with `case` of it; None when the clean copy differs there."""
        key = self.key(checks, mistake, case)
        if key is None:
            return None
        if key not in self.kept:
            place, index = key
            self.kept[key] = self.clean.mistakes[place].outcome(self.clean.cases[index].args, {})
        return self.kept[key]

    def key(self, checks, mistake, case):
        """(the mistake's place, the case's), when the clean copy has the same mistake and case there; else None."""
        known = self.places.get(id(checks))
        if known is None or known[0] is not checks:
            places = {id(each): place for place, each in enumerate(checks.mistakes)}
            known = self.places[id(checks)] = (checks, places, {})  # the Checks held: its id is not reused
        checks, places, same_cases = known
        place = places.get(id(mistake))
        if place is None or checks.mistakes[place] is not mistake or not 0 <= case.index < len(checks.cases) or checks.cases[case.index] is not case:
            return None
        if case.index not in same_cases:  # compared once for each Check: its arguments can be large
            same_cases[case.index] = same_case(case, self.clean.cases, case.index)
        if not (same_cases[case.index] and same_mistake(mistake, self.clean.mistakes, place)):
            return None  # a checks.py that registers something else on each load: worked out afresh
        return place, case.index


def same_mistake(mistake, clean_mistakes, place):
    clean = clean_mistakes[place] if place < len(clean_mistakes) else None
    return clean is not None and (clean.function, clean.says, clean.uses) == (mistake.function, mistake.says, mistake.uses)


def same_case(case, clean_cases, place):
    """The same call with the same arguments."""
    clean = clean_cases[place] if place < len(clean_cases) else None
    if clean is None or (clean.function, clean.shown_as) != (case.function, case.shown_as):
        return False
    try:
        return same_value(clean.args, case.args)
    except Exception:  # noqa: BLE001 - arguments that cannot be compared are not known to be the same
        return False


def same_value(one, other):
    """Equal, and of the same types all the way down; two random.Random alike when in the same state."""
    if type(one) is not type(other):
        return False
    if isinstance(one, random.Random):  # equal only to itself
        return one.getstate() == other.getstate()
    if isinstance(one, (list, tuple)):
        if len(one) != len(other):
            return False
        if all_one_plain_type(one) and all_one_plain_type(other) and (not one or type(one[0]) is type(other[0])):
            return one == other  # a row of numbers, compared in C
        return all(map(same_value, one, other))
    if isinstance(one, dict):
        return one.keys() == other.keys() and all(same_value(one[key], other[key]) for key in one)
    return bool(one == other)
