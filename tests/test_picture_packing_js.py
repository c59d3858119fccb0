"""static/js/picture-packing.js, run in Node: a picture of Python's memory comes back byte for
byte once packed, whatever its length and wherever its zeros are, also straight into memory
that held something else and from any offset on; packing leaves out the pages of zeros; the
label it was packed with is read from its first bytes; and bytes that are not a whole packed
picture, or carry another label, are refused (null), never unpacked wrongly.
"""

import json
import random
import shutil
import struct
import subprocess

import pytest

from tests.conftest import PROJECT

MODULE = PROJECT / "static" / "js" / "picture-packing.js"
PAGE = 4096

LABEL = "pyodide-314.0.7-checker-5e1f"

# Reads a request (JSON on stdin) and prints the answer: "pack" takes bytes (hex), an offset to
# view them from and a label, and gives the packed bytes; "unpack" gives the picture, or null;
# "label" gives the label read from the bytes, or null.
SCRIPT = """
const { packPicture, unpackPicture, labelOf, PictureUnpacking } = await import(process.argv[1]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { action, hex, offset, label, pieces, from, dirt, stride, dirtAt, start, end } = JSON.parse(input);
const raw = Buffer.from(hex, "hex");
const asHex = (bytes) => (bytes === null ? null : Buffer.from(bytes).toString("hex"));
if (action === "pieces") {
  // The packed bytes added in pieces of the sizes given (the last piece takes the rest): what
  // the unpacking knew after each piece, and the picture it finished with.
  const unpacking = new PictureUnpacking();
  const after = [];
  let at = 0;
  for (const [index, size] of pieces.entries()) {
    const end = index === pieces.length - 1 ? raw.length : Math.min(at + size, raw.length);
    const accepted = unpacking.add(new Uint8Array(raw.subarray(at, end)));
    at = end;
    after.push({ accepted, made: unpacking.started, length: unpacking.length, label: unpacking.label });
  }
  const whole = unpacking.finish();
  const picture = whole ? new Uint8Array(unpacking.length) : null;
  if (whole) unpacking.copyInto(picture);
  console.log(JSON.stringify({ after, picture: asHex(picture) }));
} else if (action === "into") {
  // Unpacked, from the picture's byte `from` on, into memory seen from byte `offset` of its
  // buffer (which may not be a multiple of four), that holds `dirt` every `stride` bytes of
  // its buffer and at each of `dirtAt`; then the slice from `start` to `end`, before and
  // after the picture is let go of.
  const unpacking = new PictureUnpacking();
  unpacking.add(new Uint8Array(raw));
  let memory = new Uint8Array(unpacking.length + 64);
  for (let index = 0; index < memory.length; index += stride) memory[index] = dirt;
  memory = memory.subarray(offset);
  for (const at of dirtAt ?? []) memory[at] = dirt;
  unpacking.copyInto(memory, from);
  const slice = unpacking.slice(start, end);
  unpacking.release();
  let afterRelease = null;
  try {
    unpacking.slice(start, end);
  } catch (error) {
    afterRelease = error.message;
  }
  console.log(JSON.stringify({ memory: asHex(memory), slice: asHex(slice), afterRelease }));
} else if (action === "pack") {
  const room = new Uint8Array(raw.length + offset);
  room.set(raw, offset);
  console.log(JSON.stringify(asHex(packPicture(room.subarray(offset), label))));
} else if (action === "unpack") {
  console.log(JSON.stringify(asHex(unpackPicture(new Uint8Array(raw), label))));
} else {
  console.log(JSON.stringify(labelOf(new Uint8Array(raw))));
}
"""


def in_node(action, data, offset=0, label=LABEL, pieces=(), **more):
    node = shutil.which("node")
    assert node, "Node.js is needed to run the page's module"
    request = json.dumps({"action": action, "hex": data.hex(), "offset": offset, "label": label, "pieces": list(pieces), **more})
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri()], input=request,
                          capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    if action in ("label", "pieces", "into") or answer is None:
        return answer
    return bytes.fromhex(answer)


def head(label=LABEL):
    """The bytes a packed picture spends before its runs' table: 20, and the label."""
    return 20 + len(label.encode())


def picture(pages, filled, tail=0, seed=1):
    """`pages` pages and `tail` bytes more, zeros but for the pages listed in `filled`."""
    rng = random.Random(seed)
    data = bytearray(pages * PAGE + tail)
    for page in filled:
        start = page * PAGE
        end = min(start + PAGE, len(data))
        data[start:end] = bytes(rng.randrange(256) for _ in range(end - start))
    return bytes(data)


@pytest.mark.parametrize(
    "pages, filled, tail, offset",
    [
        (12, [0, 1, 2, 5, 9, 10], 0, 0),  # runs of pages, zeros between
        (6, [], 0, 0),  # nothing but zeros
        (5, [0, 1, 2, 3, 4], 0, 0),  # no zeros at all
        (7, [2, 7], 130, 0),  # a short last page that holds something
        (7, [1], 131, 0),  # a short last page of zeros, and a length no multiple of four
        (4, [0, 3], 3, 1),  # bytes that do not start on a four-byte boundary
    ],
)
def test_a_picture_comes_back_byte_for_byte(pages, filled, tail, offset):
    original = picture(pages, filled, tail)
    packed = in_node("pack", original, offset)
    assert in_node("unpack", packed) == original


def test_packing_leaves_out_the_pages_of_zeros():
    original = picture(64, [0, 1, 30, 63])
    packed = in_node("pack", original)
    runs = 3  # pages 0-1, 30, 63
    assert len(packed) == head() + runs * 8 + 4 * PAGE


def test_a_single_byte_keeps_its_page():
    original = bytearray(8 * PAGE)
    original[5 * PAGE + 4095] = 7
    packed = in_node("pack", bytes(original))
    assert len(packed) == head() + 8 + PAGE
    assert in_node("unpack", packed) == bytes(original)


def damaged(packed):
    """Ways a kept packed picture may be spoiled, each with what was done to it."""
    table = head()
    runs = struct.unpack_from("<I", packed, 16)[0]
    first_run = struct.unpack_from("<II", packed, table)
    second_run = struct.unpack_from("<II", packed, table + 8)

    def with_run(index, first, count):
        spoiled = bytearray(packed)
        struct.pack_into("<II", spoiled, table + index * 8, first, count)
        return bytes(spoiled)

    def with_word(at, value):
        spoiled = bytearray(packed)
        struct.pack_into("<I", spoiled, at, value)
        return bytes(spoiled)
    return {
        "cut short": packed[: len(packed) - 100],
        "a byte too many": packed + b"\0",
        "not packed at all": b"\0snp" + packed[4:],
        "too short for its head": packed[:10],
        "empty": b"",
        "a different page size": with_word(8, 8192),
        "more runs than it lists": with_word(16, runs + 1000),
        "a label longer than its bytes": with_word(12, 5000),
        "a label cut short": with_word(12, len(LABEL) - 1),
        "runs out of order": with_run(1, first_run[0], second_run[1]),
        "a run of no pages": with_run(0, first_run[0], 0),
        "a run past the picture's end": with_run(1, 1_000_000, second_run[1]),
        "a picture shorter than its runs": with_word(4, 100),
    }


def test_a_damaged_packed_picture_is_refused():
    packed = in_node("pack", picture(10, [0, 4, 5, 9], tail=50))
    for what, spoiled in damaged(packed).items():
        assert in_node("unpack", spoiled) is None, what


def test_the_label_is_read_from_the_first_bytes_alone():
    label = "pyodide-314.0.7-checker-é9"  # not only ASCII
    packed = in_node("pack", picture(10, [3, 4]), label=label)
    assert in_node("label", packed[: head(label)]) == label
    assert in_node("label", packed[: head(label) - 1]) is None
    assert in_node("label", picture(10, [0, 1])) is None  # a picture not packed


def test_a_picture_with_another_label_is_refused():
    packed = in_node("pack", picture(6, [1, 2]))
    assert in_node("unpack", packed, label=LABEL + "0") is None
    assert in_node("unpack", packed, label="") is None


def test_a_label_too_long_to_read_back_is_refused_when_packing():
    with pytest.raises(subprocess.CalledProcessError) as refused:
        in_node("pack", picture(2, [0]), label="x" * 1025)
    assert "at most 1024 bytes" in refused.value.stderr
    assert in_node("label", in_node("pack", picture(2, [0]), label="x" * 1024)) == "x" * 1024


def in_pieces(packed, sizes):
    answer = in_node("pieces", packed, pieces=sizes)
    picture = answer["picture"]
    return answer["after"], None if picture is None else bytes.fromhex(picture)


@pytest.mark.parametrize(
    "sizes",
    [
        [1] * 60,  # a byte at a time through the head and the first run
        [10, 7, 3, 100, 4096, 1],  # the head split three ways, then pieces across runs
        [4095, 4097, 2, 9000],  # pieces that end just inside and just past a page
        [10**9],  # all at once
    ],
)
def test_a_picture_unpacked_in_pieces_comes_back_byte_for_byte(sizes):
    original = picture(9, [0, 1, 4, 8], tail=77)
    packed = in_node("pack", original)
    _, unpacked = in_pieces(packed, sizes)
    assert unpacked == original


def test_the_picture_is_made_its_size_once_its_head_is_in_before_the_rest():
    original = picture(9, [0, 1, 4, 8], tail=77)
    packed = in_node("pack", original)
    runs = 3  # pages 0-1, 4, 8 and the tail
    whole_head = head() + runs * 8
    after, unpacked = in_pieces(packed, [whole_head - 1, 1, 100, len(packed)])
    assert [step["made"] for step in after] == [False, True, True, True]
    assert after[0]["label"] is None and after[1]["label"] == LABEL
    assert after[1]["length"] == len(original)
    assert unpacked == original


def test_a_damaged_packed_picture_is_refused_in_pieces_too():
    packed = in_node("pack", picture(10, [0, 4, 5, 9], tail=50))
    for what, spoiled in damaged(packed).items():
        if what in ("a label cut short",):
            continue  # read as another label, which only its reader can refuse (python-snapshot.js)
        after, unpacked = in_pieces(spoiled, [3, 50, 1000, len(spoiled)])
        assert unpacked is None, what
    after, _ = in_pieces(packed + b"\0" * 10, [len(packed), 10])
    assert [step["accepted"] for step in after] == [True, False]  # bytes past the last run


@pytest.mark.parametrize(
    "offset, start, stride",
    [
        (0, 0, 1),  # the whole picture, into memory as long
        (0, 16, 1),  # after a head of 16 bytes, as Pyodide's is a multiple of 16
        (4, PAGE + 48, 1),  # from inside the second page, into memory seen from byte 4 of its buffer
        (3, 7, 1),  # neither a multiple of four
        (0, 16, 1021),  # a byte here and there, at every place within a word and a page
        (3, 7, 1021),
        (0, 16, 4099),  # a lone byte in a page
        (3, 7, 4099),
        (0, 0, 4101),
    ],
)
def test_a_picture_goes_straight_into_memory_that_held_something_else(offset, start, stride):
    original = picture(9, [0, 1, 4, 8], tail=77)  # pages of zeros between runs, and after them
    packed = in_node("pack", original)
    dirt = 0xAB
    answer = in_node("into", packed, offset=offset, **{"from": start, "dirt": dirt, "stride": stride, "start": 0, "end": 0})
    memory = bytes.fromhex(answer["memory"])
    placed = len(original) - start
    assert memory[:placed] == original[start:]  # the zeros written where the memory held dirt
    past = range(placed, len(memory))
    assert [memory[at] for at in past] == [dirt if (at + offset) % stride == 0 else 0 for at in past]  # untouched


@pytest.mark.parametrize("start, end", [(0, 4), (4090, 4100), (3 * PAGE - 5, 5 * PAGE + 3), (9 * PAGE, 10**6)])
def test_a_slice_of_the_picture_is_its_bytes_there(start, end):
    original = picture(9, [0, 1, 4, 8], tail=77)
    packed = in_node("pack", original)
    answer = in_node("into", packed, **{"from": 0, "dirt": 0, "stride": 1, "start": start, "end": end})
    assert bytes.fromhex(answer["slice"]) == original[start:end]


@pytest.mark.parametrize("offset, start", [(0, 0), (0, 7), (3, 7), (1, 16), (2, 1)])
def test_memory_that_held_a_single_byte_among_zeros_gets_its_zero(offset, start):
    # The picture ends in zeros: its last byte, and the first, in whatever place within a
    # four-byte word they fall, are each the only byte the memory held there.
    original = picture(9, [1, 4, 8], tail=77)
    packed = in_node("pack", original)
    placed = len(original) - start
    for dirty in (placed - 1, 0):
        answer = in_node("into", packed, offset=offset, **{"from": start, "dirt": 0xAB, "stride": 10**9, "dirtAt": [dirty], "start": 0, "end": 0})
        assert bytes.fromhex(answer["memory"])[:placed] == original[start:], dirty


def test_a_picture_let_go_of_gives_no_bytes():
    packed = in_node("pack", picture(3, [0, 2]))
    answer = in_node("into", packed, **{"from": 0, "dirt": 0, "stride": 1, "start": 0, "end": 8})
    assert answer["slice"] and answer["afterRelease"] == "the picture's bytes were let go of"
