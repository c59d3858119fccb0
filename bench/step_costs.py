"""What one training step costs, measured the same way in CPython and in Pyodide.

Pure standard library plus microgpt (and labkit, for the model the capstone assembles
from the labs' solutions), so bench/training_speed.py runs `figures` both in a fresh
CPython and in a fresh Pyodide in a headless Chromium tab, and compares what comes back.
"""

import contextlib
import hashlib
import io
import json
import time
from pathlib import Path

from microgpt import TrainingRun, Value, read_names
from microgpt.autograd import computed_nodes
from microgpt.train import document_loss

WARM_UP = 10  # steps before the phases are timed: the first ones also grow the heap


def figures(names_path, parts, steps, phase_steps):
    """Everything bench/training_speed.py compares, from this runtime, in this order."""
    return {
        "course": course_run(names_path, 1000, every=steps),
        "capstone": capstone_run(names_path, parts, steps),
        "phases": step_phases(names_path, phase_steps),
        "start": [p.data for p in TrainingRun(read_names(names_path), num_steps=1000).model.parameters()],
    }


def digest(floats):
    """A short fingerprint of many floats, to compare runtimes without shipping them all."""
    return hashlib.sha256(json.dumps(floats).encode()).hexdigest()[:16]


def course_run(names_path, steps, start=None, every=1):
    """The course's model (TrainingRun.step) for `steps` steps: seconds and loss of each step,
    and the weights' digest every `every` steps. `start` replaces the starting weights."""
    run = TrainingRun(read_names(names_path), num_steps=1000)
    params = run.model.parameters()
    if start is not None:
        for p, data in zip(params, start, strict=True):
            p.data = data
    seconds, digests = [], []
    for _ in range(steps):
        started = time.perf_counter()
        run.step()
        seconds.append(time.perf_counter() - started)
        if len(run.losses) % every == 0:
            digests.append(digest([p.data for p in params]))
    return {"seconds": seconds, "losses": run.losses, "digests": digests}


def capstone_run(names_path, parts, steps):
    """The model the capstone assembles from `parts` ({lab id: code}), trained as its page
    trains it (labkit.capstone.one_step): seconds and loss of each step, the weights' digest."""
    from labkit import capstone

    capstone.NAMES = Path(names_path)  # where this runtime keeps names.txt
    capstone.names.cache_clear()
    with contextlib.redirect_stdout(io.StringIO()):  # the solutions print their try-outs
        pieces = capstone.learner_pieces(parts)
    run = capstone.new_run(1000)
    differences = capstone.Differences()
    blocks = capstone.blocks(pieces, differences)
    state = capstone.fresh_state(run)
    seconds = []
    for _ in range(steps):
        started = time.perf_counter()
        state = capstone.one_step(run, state, pieces, differences, blocks)
        seconds.append(time.perf_counter() - started)
    return {"seconds": seconds, "losses": state["losses"], "digest": digest(state["params"])}


def step_phases(names_path, steps):
    """Seconds a step spends in each phase of TrainingRun.step, summed over `steps` steps after
    WARM_UP, and what the graphs held. The topological order is timed on its own (backward()
    finds it again), so the walk back is backward() less the order; freeing is letting go of
    the graph."""
    run = TrainingRun(read_names(names_path), num_steps=1000)
    for _ in range(WARM_UP):
        run.step()
    tokenizer = run.model.tokenizer
    phases = {"forward": 0.0, "order": 0.0, "walk": 0.0, "adam": 0.0, "free": 0.0}
    graph = {"nodes": 0, "leaves": 0, "dot nodes": 0, "edges": 0, "dot edges": 0}
    for step in range(WARM_UP, WARM_UP + steps):
        started = time.perf_counter()
        loss = document_loss(run.model, tokenizer.encode(run.docs[step]))
        built = time.perf_counter()
        order = computed_nodes(loss)
        ordered = time.perf_counter()
        loss.backward()
        walked = time.perf_counter()
        run.optimizer.update(step, run.num_steps)
        updated = time.perf_counter()
        count_graph(graph, order)
        counted = time.perf_counter()
        del loss, order
        phases["forward"] += built - started
        phases["order"] += ordered - built
        phases["walk"] += walked - ordered - (ordered - built)
        phases["adam"] += updated - walked
        phases["free"] += time.perf_counter() - counted
    return {"seconds": phases, "graph": graph}


def count_graph(graph, order):
    leaves = {id(child) for node in order for child in node.children if not child.children}
    dots = [node for node in order if len(node.children) > 2]
    graph["nodes"] += len(order)
    graph["leaves"] += len(leaves)
    graph["dot nodes"] += len(dots)
    graph["edges"] += sum(len(node.children) for node in order)
    graph["dot edges"] += sum(len(node.children) for node in dots)


def maths_inputs(names_path, start, step):
    """Every input training hands a maths function in step `step` (counting from 1), from the
    starting weights `start`: exp and log (softmax, the loss), ** (divisions, rmsnorm), and
    Adam's grad**2, v_hat**0.5 and beta**t. `maths_outputs` evaluates them in a runtime."""
    run = TrainingRun(read_names(names_path), num_steps=1000)
    for p, data in zip(run.model.parameters(), start, strict=True):
        p.data = data
    for _ in range(step - 1):
        run.step()
    inputs = {"exp": [], "log": [], "pow": []}
    originals = Value.exp, Value.log, Value.__pow__

    def recorded(name, original):
        def operation(self, *exponent):
            inputs[name].append([self.data, *exponent])
            return original(self, *exponent)
        return operation

    Value.exp, Value.log, Value.__pow__ = recorded("exp", originals[0]), recorded("log", originals[1]), recorded("pow", originals[2])
    try:
        loss = document_loss(run.model, run.model.tokenizer.encode(run.docs[step - 1]))
        loss.backward()
    finally:
        Value.exp, Value.log, Value.__pow__ = originals
    inputs["pow"] += adam_powers(run.optimizer, step - 1)
    return inputs


def adam_powers(adam, step):
    """The [base, exponent] of every ** in Adam.update at `step` (counting from 0), in its order."""
    powers = [[adam.beta1, step + 1], [adam.beta2, step + 1]]
    correction2 = 1 - adam.beta2 ** (step + 1)
    for i, p in enumerate(adam.params):
        powers.append([p.grad, 2])
        v = adam.beta2 * adam.v[i] + (1 - adam.beta2) * p.grad**2
        powers.append([v / correction2, 0.5])
    return powers


def maths_outputs(inputs):
    import math

    return {
        "exp": [math.exp(x) for x, in inputs["exp"]],
        "log": [math.log(x) for x, in inputs["log"]],
        "pow": [x**exponent for x, exponent in inputs["pow"]],
    }
