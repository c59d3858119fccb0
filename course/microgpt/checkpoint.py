"""Saving a trained model to JSON and loading it back.

The file holds the config, the vocabulary, every weight (full-precision
floats, by name), the loss of every training step, and the state of the
random number generator at the end of training.

Why the generator state: the reference microgpt samples its names right after
training, from the same random stream. Training draws no random numbers
after the shuffle and the weight initialisation, so this is simply the state
after those draws. Storing it (625 integers) lets anyone holding only the
checkpoint continue the stream and get exactly the reference's names.
"""

import json
import random
from dataclasses import dataclass, field

from .autograd import Value
from .model import GPT, GPTConfig, parameter_shapes
from .tokenizer import Tokenizer

FORMAT = "zero-to-microgpt checkpoint"
VERSION = 1
# A run kept for its losses alone (a shorter run drawn beside the learner's, say): no weights.
RECORD_FORMAT = "zero-to-microgpt training record"


@dataclass
class Checkpoint:
    model: GPT
    losses: list  # loss of each training step, step 1 first
    rng_state: tuple  # random.Random().getstate() right after training
    training: dict = field(default_factory=dict)  # the training settings

    def sampling_rng(self):
        """A fresh generator that continues where training left off."""
        rng = random.Random()
        rng.setstate(self.rng_state)
        return rng


def checkpoint_from_run(run):
    """Capture a finished (or partly finished) TrainingRun."""
    return Checkpoint(run.model, list(run.losses), run.rng.getstate(), run.settings())


def save_checkpoint(path, checkpoint):
    """Write a Checkpoint (or a TrainingRun) to `path` as JSON."""
    if not isinstance(checkpoint, Checkpoint):
        checkpoint = checkpoint_from_run(checkpoint)
    model = checkpoint.model
    version, internal, gauss_next = checkpoint.rng_state
    data = {
        "format": FORMAT,
        "version": VERSION,
        "config": model.config.to_dict(),
        "vocabulary": {"chars": "".join(model.tokenizer.chars), "bos": model.tokenizer.bos},
        "num_params": model.num_params,
        "training": checkpoint.training,
        "losses": checkpoint.losses,
        "rng_state": [version, list(internal), gauss_next],
        "weights": model.plain_weights(),
    }
    with open(path, "w", encoding="utf-8") as file:
        file.write(_to_json(data) + "\n")


def read_checkpoint(path):
    """Everything in a checkpoint file, as a Checkpoint."""
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{path} is not a version-{VERSION} {FORMAT}")
    config = GPTConfig(**data["config"])
    tokenizer = Tokenizer(data["vocabulary"]["chars"])
    if tokenizer.bos != data["vocabulary"]["bos"] or tokenizer.vocab_size != config.vocab_size:
        raise ValueError(f"{path}: the vocabulary does not match the config")
    weights = {}
    for name, rows, cols in parameter_shapes(config):
        matrix = data["weights"][name]
        if len(matrix) != rows or any(len(row) != cols for row in matrix):
            raise ValueError(f"{path}: weight {name} is not {rows} x {cols}")
        weights[name] = [[Value(float(x)) for x in row] for row in matrix]
    model = GPT(config, tokenizer, weights)
    if model.num_params != data["num_params"]:
        raise ValueError(f"{path}: expected {data['num_params']} parameters, found {model.num_params}")
    version, internal, gauss_next = data["rng_state"]
    return Checkpoint(model, data["losses"], (version, tuple(internal), gauss_next), data["training"])


def save_record(path, run):
    """Write a TrainingRun's settings and the loss of each of its steps (not its weights) to `path`."""
    data = {"format": RECORD_FORMAT, "version": VERSION, "training": run.settings(), "losses": run.losses}
    with open(path, "w", encoding="utf-8") as file:
        file.write(_to_json(data) + "\n")


def read_record(path):
    """(training settings, losses) from a file save_record wrote."""
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{path} is not a version-{VERSION} {RECORD_FORMAT}")
    losses = data.get("losses")
    if not isinstance(losses, list) or not all(type(loss) is float for loss in losses):
        raise ValueError(f"{path}: its losses are not a list of numbers")
    return data.get("training", {}), losses


def load_checkpoint(path):
    """The trained model stored at `path`, ready for forward passes."""
    return read_checkpoint(path).model


def _to_json(value, indent=""):
    """JSON with one line per matrix row, so the file stays small and readable.

    Numbers are written by json itself, which uses repr(): the shortest text
    that reads back as exactly the same float.
    """
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {_to_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (list, dict)) for v in value):
        items = [inner + _to_json(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value)
