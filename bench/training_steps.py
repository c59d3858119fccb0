"""Training steps timed with the fast engine and with the reference one (tests/reference_engine.py).

Pure standard library plus microgpt, so the same code runs under CPython
(bench/model.py) and inside Pyodide (bench/train_in_pyodide.mjs). Steps of
the two engines alternate, so both see the same load on the machine.
"""

import hashlib
import json
import statistics
import time

from microgpt import TrainingRun, read_names

from tests import reference_engine


def weights_digest(run):
    """A short fingerprint of every weight, to compare runtimes without shipping 4,192 floats."""
    floats = [p.data for p in run.model.parameters()]
    return hashlib.sha256(json.dumps(floats).encode()).hexdigest()[:16]


def compare_engines(names_path, steps):
    """Both engines for `steps` steps, alternating: seconds per step (CPU time) and the losses."""
    names = read_names(names_path)
    fast = TrainingRun(names, num_steps=1000)
    with reference_engine.installed():
        slow = TrainingRun(names, num_steps=1000)
    times = {"fast": [], "reference": []}
    for _ in range(steps):
        started = time.process_time()
        fast.step()
        times["fast"].append(time.process_time() - started)
        with reference_engine.installed():
            started = time.process_time()
            slow.step()
            times["reference"].append(time.process_time() - started)
    return {
        "median_s": {engine: statistics.median(t) for engine, t in times.items()},
        "min_s": {engine: min(t) for engine, t in times.items()},  # the least disturbed by other work
        "same_losses": fast.losses == slow.losses,
        "same_weights": fast.model.plain_weights() == slow.model.plain_weights(),
        "losses": fast.losses,
    }


def full_run(names_path, steps=1000, every=100):
    """The fast engine alone for `steps` steps: wall time, every loss, the weights' digest now and then."""
    run = TrainingRun(read_names(names_path), num_steps=steps)
    digests = {}
    started = time.perf_counter()
    while not run.done:
        run.step()
        if len(run.losses) % every == 0:
            digests[len(run.losses)] = weights_digest(run)
    return {"seconds": time.perf_counter() - started, "losses": run.losses, "digests": digests}


def log_calls(names_path, steps):
    """The first `steps` steps with every Value.log recorded as (input, output), to compare runtimes."""
    from microgpt import Value

    calls = []
    original = Value.log

    def recording_log(self):
        result = original(self)
        calls.append((self.data, result.data))
        return result

    Value.log = recording_log
    try:
        run = TrainingRun(read_names(names_path), num_steps=1000)
        for _ in range(steps):
            run.step()
    finally:
        Value.log = original
    return {"losses": run.losses, "calls": calls, "digest": weights_digest(run)}


def libm_inputs(names_path, steps):
    """What training hands the C maths library: the inputs of math.log, exp, cos and sin.

    random.gauss draws the starting weights with log, cos and sin; the loss
    takes log of a probability; softmax takes exp. Evaluate them with
    `libm_outputs` in two runtimes to see which function rounds differently.
    """
    import math
    import random

    from microgpt import Value

    rng = random.Random(42)
    rng.shuffle(list(range(len(read_names(names_path)))))
    inputs = {"log": [], "exp": [], "cos": [], "sin": []}
    for _ in range(4192 // 2):  # as random.gauss does: two weights per pair of draws
        x2pi = rng.random() * 2 * math.pi
        inputs["log"].append(1.0 - rng.random())
        inputs["cos"].append(x2pi)
        inputs["sin"].append(x2pi)
    originals = Value.log, Value.exp

    def recording(name, original):
        def operation(self):
            inputs[name].append(self.data)
            return original(self)
        return operation

    Value.log, Value.exp = recording("log", originals[0]), recording("exp", originals[1])
    try:
        run = TrainingRun(read_names(names_path), num_steps=1000)
        for _ in range(steps):
            run.step()
    finally:
        Value.log, Value.exp = originals
    return inputs


def libm_outputs(inputs):
    import math

    return {name: [getattr(math, name)(x) for x in xs] for name, xs in inputs.items()}
