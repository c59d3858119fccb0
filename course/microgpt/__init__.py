"""microgpt: a character-level GPT in pure Python, written to be read.

It reproduces Andrej Karpathy's microgpt (https://karpathy.ai/microgpt.html)
number for number, split into small modules:

    autograd    Value, a scalar that can compute its own gradient
    data        names.txt: read, check its hash, download it
    tokenizer   characters <-> token ids, plus the BOS token
    layers      linear, softmax, rmsnorm (on Values or plain floats)
    model       GPTConfig, the weights, one attention head, the forward pass
                with its KV cache
    train       the loss, Adam, and the training loop
    sample      writing new names
    inference   fast float forward pass and attention maps
    checkpoint  saving and loading a trained model (or only a run's losses) as JSON

Only the standard library is used, so it also runs in the browser (Pyodide).
"""

from .autograd import Value
from .checkpoint import Checkpoint, load_checkpoint, read_checkpoint, read_record, save_checkpoint, save_record
from .data import DatasetError, download_names, names_sha256_ok, read_names
from .inference import attention_maps, mean_of_pairs, mean_surprise, run_many, run_name, run_tokens, surprise_per_list, surprise_per_pair
from .model import GPT, GPTConfig, KVCache, attention_head, forward, multi_head_attention
from .sample import sample_name, sample_names
from .tokenizer import Tokenizer
from .train import Adam, TrainingRun, document_loss, train

__all__ = [
    "Adam", "Checkpoint", "DatasetError", "GPT", "GPTConfig", "KVCache", "Tokenizer",
    "TrainingRun", "Value", "attention_head", "attention_maps", "document_loss", "download_names",
    "forward", "load_checkpoint", "mean_of_pairs", "mean_surprise", "multi_head_attention", "names_sha256_ok", "read_checkpoint", "read_names", "read_record", "run_many", "run_name", "run_tokens", "surprise_per_list", "surprise_per_pair",
    "sample_name", "sample_names", "save_checkpoint", "save_record", "train",
]
