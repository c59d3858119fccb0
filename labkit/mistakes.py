"""A diagnosis is a claim: it is said only when the mistake it names reproduces the learner's code.

A lab's checks.py writes each known mistake as the small mistaken computation itself:

    @checks.mistake("attend", "You divided each score by len(q); divide by its square root.")
    def divides_by_len(q, keys, values):
        ...

When a check fails, every mistake in the failing function is run on the same inputs
as the learner's code, on the failing call and on every case of that function. Only a
mistake that behaves exactly like the learner's code on all of them (the same values
within tolerance, the same arguments left behind, or the same error), and the only
one that does, is named; otherwise the learner is told only what differs.
"""

from dataclasses import dataclass

from labkit.calls import run, same_behaviour

# Relative. A mistake computed in another order than the learner's agrees to the last few
# bits; a different mistake (1e-5 in the wrong place, say) is off by far more.
AGREEMENT = 1e-9


@dataclass(frozen=True)
class Mistake:
    function: str  # the learner's function this is a mistake in
    says: str  # the diagnosis, said only when the mistake reproduces the learner's code
    computes: object  # the mistaken computation: called like the learner's function
    uses: tuple = ()  # names of learner functions `computes` takes as keyword arguments

    def outcome(self, args, learner_functions):
        """What the mistake does with `args`; None when it needs a learner function that is missing."""
        helpers = {name: learner_functions.get(name) for name in self.uses}
        if not all(callable(helper) for helper in helpers.values()):
            return None
        # The learner's code runs only in the helpers it is handed.
        return run(lambda *copies: self.computes(*copies, **helpers), self.function, "", args, learner_code=bool(helpers))


def reproduces(mistake, outcomes, learner_functions, tolerance, outcome_of=None):
    """True when `mistake` behaves like the learner's code in every one of `outcomes`.

    `outcome_of(mistake, args)` (a Check's) gives what a mistake made of the checker's code
    alone did with `args`, remembered: every failing check of a function tries its mistakes
    on that function's cases again, and the answer cannot have changed.
    """
    for learner in outcomes:
        if learner.function != mistake.function:
            return False
        if outcome_of is None or mistake.uses:  # the learner's code runs in it: each time afresh
            guessed = mistake.outcome(learner.args, learner_functions)
        else:
            guessed = outcome_of(mistake, learner.args)
        if guessed is None or not same_behaviour(learner, guessed, tolerance):
            return False
    return bool(outcomes)


def fitting_diagnosis(mistakes, outcomes, learner_functions, tolerance, outcome_of=None):
    """What the one mistake that reproduces all of `outcomes` says; "" when none does, or several do.

    Several mistakes (with different words) that all fit cannot all be the learner's: the
    outcomes do not tell them apart, so naming one would be a guess. Mistakes written
    with the same words count as one (two ways to make the same slip).
    """
    said = []
    for mistake in mistakes:
        if mistake.says not in said and reproduces(mistake, outcomes, learner_functions, tolerance, outcome_of):
            said.append(mistake.says)
            if len(said) > 1:
                return ""
    return said[0] if said else ""
