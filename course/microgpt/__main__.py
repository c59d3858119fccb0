"""Train from the command line and write a checkpoint:

    python -m microgpt --names path/to/names.txt --out checkpoint.json
"""

import argparse
import sys
import time

from .checkpoint import read_checkpoint, save_checkpoint
from .data import NAMES_SHA256, names_sha256_ok, read_names
from .sample import sample_names
from .train import train


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m microgpt", description=__doc__.split("\n")[0])
    parser.add_argument("--names", required=True, help="makemore's names.txt")
    parser.add_argument("--out", required=True, help="where to write the checkpoint JSON")
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args(argv)

    if not names_sha256_ok(args.names):
        sys.exit(f"{args.names} is not makemore's names.txt (expected SHA-256 {NAMES_SHA256})")
    start = time.perf_counter()

    def report(step, loss):
        elapsed = time.perf_counter() - start
        print(f"step {step:4d} / {args.steps:4d} | loss {loss!r} | {elapsed:7.1f} s", flush=True)

    run = train(read_names(args.names), steps=args.steps, on_step=report)
    save_checkpoint(args.out, run)
    print(f"wrote {args.out}")
    checkpoint = read_checkpoint(args.out)  # sample from what was written, not from memory
    for name in sample_names(checkpoint.model, 20, 0.5, checkpoint.sampling_rng()):
        print(name)


if __name__ == "__main__":
    main()
