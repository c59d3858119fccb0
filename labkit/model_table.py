"""What the Module 9 model views share: the learner's numbers beside the course's, as a table and a sentence.

A view (labkit/whole_forward.py, labkit/whole_training.py) runs the learner's function on
the trained model and the course's own code on the same input, then replies with a
summary that says whether the two agree and to how many decimal places, and a small
table the page draws as it is (`table`: a caption, column headings, rows of text).
"""

import math

from labkit.dropin import MATCH_DECIMALS, MOST_DECIMALS, decimals_alike
from labkit.realmodel import BlockFailed, clean_name, learner_function, load_model, name_problem, reply
from labkit.values import show

__all__ = ["MATCH_DECIMALS", "agree", "decimals_alike", "fixed", "how_close", "opened", "run_view", "table", "table_reply"]


def agree(got, want):
    """True when two numbers agree to at least MATCH_DECIMALS decimal places."""
    return decimals_alike(got, want) >= MATCH_DECIMALS


def how_close(decimals):
    """"to the last digit" or "to at least 11 decimal places", for numbers that agree."""
    return "to the last digit" if decimals >= MOST_DECIMALS else f"to at least {decimals} decimal places"


def places(decimals):
    """"0 decimal places", "1 decimal place", "4 decimal places"."""
    return f"{decimals} decimal place" + ("" if decimals == 1 else "s")


def apart(got, want):
    """Both numbers, written with enough digits to see them differ, and how many decimals they share."""
    digits = next((d for d in range(4, 18) if round(got, d) != round(want, d)), 17) if math.isfinite(got) else 4
    return show(got, digits), show(want, digits), places(decimals_alike(got, want))


def fixed(x, decimals=MATCH_DECIMALS):
    """A table cell: the number with a fixed count of decimals, or words when it is not finite."""
    return f"{x:.{decimals}f}" if isinstance(x, (int, float)) and math.isfinite(x) else "not a number"


def table(caption, columns, rows):
    return {"caption": caption, "columns": list(columns), "rows": [list(row) for row in rows]}


def table_reply(hook, name, summary, match, table, **fields):
    return reply("compare", "ok", summary, hook=hook, view="table", name=name, match=match, table=table, **fields)


def opened(code, name, hook, checkpoint_path=None):
    """(the trained model, `name` as the model reads it, the learner's `hook` function): how every
    view begins. Raises BlockFailed, in words for the learner, for a name the model cannot read."""
    model = load_model(checkpoint_path)
    name = clean_name(name)
    problem = name_problem(name)
    if problem:
        raise BlockFailed(problem)
    return model, name, learner_function(code, hook)


def run_view(view, code, name, checkpoint_path=None):
    """The view's reply, or the reply for a learner's function that could not run or was stopped."""
    try:
        return view(code, name, checkpoint_path)
    except BlockFailed as failure:
        return reply("compare", "error", failure.summary, failure.details)
    except KeyboardInterrupt:
        return reply("compare", "stopped", "Stopped before the model finished.")
