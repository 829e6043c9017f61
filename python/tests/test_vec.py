# SPDX-License-Identifier: Apache-2.0
"""Vector files and the seeded stream from Python: the same bytes as `spagm
gen`, bulk reads, and bad files refused with their line."""
import subprocess

import pytest

import spagm

OPTS = dict(seed=3, count=300, units="attr,pix", epoch_txns=100, illegal_ppm=10000)


def gen(spagm_cli, path, **o):
    subprocess.run([spagm_cli, "gen", "--seed", str(o["seed"]), "--count", str(o["count"]),
                    "--units", o["units"], "--epoch-txns", str(o["epoch_txns"]),
                    "--illegal-ppm", str(o["illegal_ppm"]), "-o", str(path)],
                   check=True, capture_output=True)


def write_like_gen(path, **o):
    """A random run written from Python: the stream of spagm.cosim_stream
    executed on a model loaded through the configuration words only."""
    with spagm.VecWriter(path, seed=o["seed"], count=o["count"], units=o["units"],
                         epoch_txns=o["epoch_txns"], illegal_ppm=o["illegal_ppm"]) as w:
        for ep in spagm.cosim_stream(o["seed"], o["units"], o["count"], o["epoch_txns"],
                                     o["illegal_ppm"]):
            w.epoch(ep.epoch)
            m = spagm.Model()
            for u, part in ep.units.items():
                m.load_words(u, part.words)
                for va, data in part.memory:
                    m.write_memory(u, va, data)
                w.state(u, part.words, part.memory, part.summary)
            for u, part in ep.units.items():
                for req in part.requests:
                    rsp, ex = m.execute(req.insn, req)
                    w.txn(u, req, rsp, ex)
            for u in ep.units:
                w.readback(u, m.readback_words(u))


def test_python_writes_the_bytes_of_spagm_gen(spagm_cli, tmp_path):
    gen(spagm_cli, tmp_path / "c.vec", **OPTS)
    write_like_gen(tmp_path / "py.vec", **OPTS)
    assert (tmp_path / "py.vec").read_bytes() == (tmp_path / "c.vec").read_bytes()


def test_iterate_and_bulk_read_agree(spagm_cli, tmp_path):
    path = tmp_path / "c.vec"
    gen(spagm_cli, path, **OPTS)
    r = spagm.VecReader(path)
    assert r.header["seed"] == 3 and r.header["unit_names"] == ["attr", "pix"]
    items = list(r)
    txns = [i for i in items if isinstance(i, spagm.vec.TxnItem)]
    assert isinstance(items[0], spagm.vec.EpochItem) and isinstance(items[-1], spagm.vec.EndItem)
    assert items[-1].txns == len(txns) == 600
    bulk = spagm.read_transactions(path)
    assert len(bulk) == 600
    for k in (0, 299, 599):
        unit, req, rsp = bulk[k]
        assert (unit, req, rsp) == (txns[k].unit, txns[k].request, txns[k].response)
    np = pytest.importorskip("numpy", reason="numpy views are optional")
    insn = bulk.numpy("insn")
    assert insn.shape == (600,) and int(insn[5]) == txns[5].request.insn
    wb = bulk.numpy("wb_value", response=True)
    assert wb.shape == (600, 4, 32) and int(wb[7, 0, 3]) == txns[7].response.wb_value[0][3]
    assert np.array_equal(bulk.numpy("coverage")[9], list(txns[9].request.coverage))


def test_corrupted_file_raises_format_with_its_line(spagm_cli, tmp_path):
    path = tmp_path / "c.vec"
    gen(spagm_cli, path, **dict(OPTS, count=20))
    text = bytearray(path.read_bytes())
    at = text.index(b"\ntxn ") + 40
    text[at] = ord("Z") if text[at] != ord("Z") else ord("Y")
    with pytest.raises(spagm.SpagmError) as e:
        list(spagm.VecReader(text=bytes(text), name="edited.vec"))
    assert e.value.status_name == "malformed file" and e.value.line > 1
    assert "edited.vec" in str(e.value)


def test_missing_file_and_truncated_text(tmp_path):
    with pytest.raises(spagm.SpagmError) as e:
        spagm.VecReader(tmp_path / "none.vec")
    assert "none.vec" in str(e.value)
    with pytest.raises(spagm.SpagmError):
        list(spagm.VecReader(text=b"spagm-vectors 2\n", name="short.vec"))


def test_writer_leaves_nothing_on_error(tmp_path):
    path = tmp_path / "w.vec"
    with pytest.raises(RuntimeError):
        with spagm.VecWriter(path, scenario="x.scn", units="pix") as w:
            w.epoch(0)
            raise RuntimeError("stop")
    assert list(tmp_path.iterdir()) == []


def check_state(spagm_cli, path, words):
    """`spagm check` of one pixel epoch whose state block is `words`."""
    m = spagm.Model()
    m.load_words("pix", words)
    with spagm.VecWriter(path, scenario="s.scn", units="pix") as w:
        w.epoch(0)
        w.state("pix", words)
        w.readback("pix", m.readback_words("pix"))
    return subprocess.run([spagm_cli, "check", str(path)], capture_output=True, text=True)


def test_check_accepts_a_state_leaving_registers_at_power_on(spagm_cli, tmp_path):
    # Stage and position mode written, the sample count and the table left
    # to the reset, as a seeded co-simulation epoch may leave them.
    r = check_state(spagm_cli, tmp_path / "s.vec", [(0x0, 5), (0x8, 1)])
    assert r.returncode == 0, r.stdout + r.stderr


def test_check_refuses_state_words_out_of_the_load_lists_order(spagm_cli, tmp_path):
    r = check_state(spagm_cli, tmp_path / "s.vec", [(0x8, 1), (0x0, 5)])
    assert r.returncode == 1
    assert "the state map does not round-trip" in r.stdout + r.stderr
