"""`course train`: train microgpt on names.txt and write what the build reads of training.

The build trains nothing: it reads the checkpoint (the trained model and the loss of each of
its steps) and, beside it, the record of the capstone's quick run (200 steps of their own,
whose learning rate falls to 0 at step 200), which the capstone draws beside a learner's run.
Once the checkpoint is written, `course record` runs too: the slowest numbers the lessons show,
some of them read from the checkpoint, are recorded in course/records/ for a build to check
and read rather than compute (course/numbers/disk_cache.py).
"""

from pathlib import Path

import click

from labkit.capstone import QUICK_RECORD, QUICK_STEPS
from microgpt import names_sha256_ok, read_names, sample_names, save_checkpoint, save_record, train
from microgpt.checkpoint import read_checkpoint
from microgpt.data import NAMES_SHA256
from site_builder.names_data import names_path as course_names_path
from site_builder.numbers import NUMBERS_DIR, Providers
from site_builder.paths import files_in


def dataset(names_path):
    """The verified names file: the one given, or the build's (NAMES_TXT, else downloaded once and cached)."""
    if names_path is None:
        names_path = course_names_path(Path.cwd())
    if not Path(names_path).is_file():
        raise click.ClickException(f"{names_path}: no such file")
    if not names_sha256_ok(names_path):
        raise click.ClickException(f"{names_path} is not makemore's names.txt (expected SHA-256 {NAMES_SHA256})")
    return read_names(names_path)


def train_checkpoint(names_path, out, steps):
    names = dataset(names_path)
    run = trained(names, steps, "Training")
    save_checkpoint(out, run)
    checkpoint = read_checkpoint(out)  # sample from what was written, not from memory
    samples = sample_names(checkpoint.model, 20, 0.5, checkpoint.sampling_rng())
    click.echo(f"Wrote {out}: first loss {run.losses[0]:.12f}, last loss {run.losses[-1]:.12f}")
    click.echo("Samples: " + ", ".join(samples))
    quick = trained(names, QUICK_STEPS, "The quick run")
    record = Path(out).with_name(QUICK_RECORD)
    save_record(record, quick)
    click.echo(f"Wrote {record}: the quick run's {QUICK_STEPS} losses, last {quick.losses[-1]:.12f}")
    numbers = Providers(Path.cwd())
    if Path(out).resolve() == numbers.module("disk_cache").CHECKPOINT.resolve():  # the checkpoint they read
        for path in record_numbers(numbers):
            click.echo(f"Wrote {path}")


def record_numbers(providers):
    """Compute the slowest numbers of the course afresh and record them in course/records/ (disk_cache.py)."""
    for module in files_in(providers.root / NUMBERS_DIR, "*.py"):
        providers.module(module.stem)  # each provider it records is listed as it is imported
    return providers.module("disk_cache").write_records()


def trained(names, steps, label):
    """A finished run of `steps` steps on `names`, its progress shown under `label`."""
    with click.progressbar(length=steps, label=label, show_pos=True, item_show_func=lambda loss: loss) as bar:

        def on_step(step, loss):
            bar.update(1, f"loss {loss:.4f}")

        return train(names, steps=steps, on_step=on_step)
