"""`course train`: train microgpt on names.txt and write the checkpoint the build reads."""

from pathlib import Path

import click

from microgpt import names_sha256_ok, read_names, sample_names, save_checkpoint, train
from microgpt.checkpoint import read_checkpoint
from microgpt.data import NAMES_SHA256
from site_builder.names_data import names_path as course_names_path


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
    with click.progressbar(length=steps, label="Training", show_pos=True, item_show_func=lambda loss: loss) as bar:

        def on_step(step, loss):
            bar.update(1, f"loss {loss:.4f}")

        run = train(names, steps=steps, on_step=on_step)
    save_checkpoint(out, run)
    checkpoint = read_checkpoint(out)  # sample from what was written, not from memory
    samples = sample_names(checkpoint.model, 20, 0.5, checkpoint.sampling_rng())
    click.echo(f"Wrote {out}: first loss {run.losses[0]:.12f}, last loss {run.losses[-1]:.12f}")
    click.echo("Samples: " + ", ".join(samples))
