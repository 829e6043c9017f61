# SPDX-License-Identifier: Apache-2.0
"""A testbench's whole coverage database, response order included, is the
co-simulation's for the same transactions in the same order (N232):
spagm.cosim_replay feeds a recorded order to spagm-cosim's own scoreboard
(cosim/check.c), whose database must equal, byte for byte, the one a Python
testbench sampled (Predictor.set_coverage + Coverage.sample_response, as
examples/cocotb's scoreboard does). Here the "DUT" is the predictor's own
answer delivered out of order; python.cocotb.vectors_waves_coverage does
the same with Icarus and the stand-in RTL."""
import subprocess

import pytest

import spagm

SEED, COUNT, EPOCH, PPM = 6, 240, 80, 10000


def bench_run(cov_path, order_path, hold):
    """A testbench over the seeded pixel-unit stream: every request accepted
    in order, responses delivered once `hold` are in flight, youngest first
    (so tags overtake), the rest at the end of the epoch."""
    cov = spagm.Coverage()
    cov.begin_input(f"cosim seed={SEED}")  # the name spagm-cosim +cov gives its run
    p = spagm.Predictor("pix", seed=SEED)
    p.set_coverage(cov)
    log = spagm.OrderLog(order_path, "pix", SEED, COUNT, EPOCH, PPM)
    done_max = 0

    def deliver(exp, in_flight, epoch):
        nonlocal done_max
        log.deliver(exp)
        assert p.check(exp)
        cov.sample_response("pix", exp.tag < done_max, in_flight, epoch > 0)
        done_max = max(done_max, exp.tag)

    for ep in spagm.cosim_stream(SEED, "pix", COUNT, EPOCH, PPM):
        log.epoch(ep.epoch)
        p.reset()
        part = ep.units["pix"]
        illegal = {(w.addr, w.data) for w in part.illegal}
        for addr, data in part.load:  # what spagm-cosim loads after the reset (N280)
            if (addr, data) in illegal:  # N290: the predictor refuses it, as the unit ignores it
                with pytest.raises(spagm.SpagmError):
                    p.cfg_write(addr, data)
            else:
                p.cfg_write(addr, data)
        cov.sample_load("pix", part.illegal, part.rewrites)  # as spagm-cosim does
        flight = []
        for req in part.requests:
            flight.append(p.predict(req))
            if part.unwritten:
                cov.sample_unwritten("pix", req, part.unwritten)
            log.accept(req.tag)
            if len(flight) == hold:
                while flight:
                    deliver(flight.pop(), len(flight) + 1, ep.epoch)
        while flight:
            deliver(flight.pop(), len(flight) + 1, ep.epoch)
    assert p.failures == 0, p.summary()
    cov.write(cov_path)
    log.close()


def test_replay_database_is_the_testbenchs(spagm_cli, tmp_path):
    bench_run(tmp_path / "bench.cov", tmp_path / "bench.order", hold=3)
    text = spagm.cosim_replay(tmp_path / "bench.order", tmp_path / "replay.cov")
    assert f"cosim: {COUNT} passed, 0 failed" in text, text
    assert (tmp_path / "bench.cov").read_bytes() == (tmp_path / "replay.cov").read_bytes()
    # The whole database: response samples are in it (order and depth).
    assert spagm.Coverage.read(tmp_path / "bench.cov").totals("pix")["hit"] > \
        _predictions_only(spagm_cli, tmp_path).totals("pix")["hit"]


def _predictions_only(cli, tmp_path):
    subprocess.run([cli, "gen", "--seed", str(SEED), "--count", str(COUNT), "--units", "pix",
                    "--epoch-txns", str(EPOCH), "--cov", str(tmp_path / "gen.cov"),
                    "-o", str(tmp_path / "gen.vec")], check=True, capture_output=True)
    return spagm.Coverage.read(tmp_path / "gen.cov")


def test_another_order_is_another_database(tmp_path):
    """The comparison sees the order: a run that lets 8 pile up instead of
    3 differs from the first run's replay."""
    bench_run(tmp_path / "a.cov", tmp_path / "a.order", hold=3)
    bench_run(tmp_path / "b.cov", tmp_path / "b.order", hold=8)
    spagm.cosim_replay(tmp_path / "a.order", tmp_path / "a_replay.cov")
    spagm.cosim_replay(tmp_path / "b.order", tmp_path / "b_replay.cov")
    assert (tmp_path / "b.cov").read_bytes() == (tmp_path / "b_replay.cov").read_bytes()
    assert (tmp_path / "b.cov").read_bytes() != (tmp_path / "a_replay.cov").read_bytes()


@pytest.mark.parametrize("body,message", [
    ("", "not a spagm order file"),
    ("spagm-order 1 unit=pix seed=1\n", "header lacks txns"),
    ("spagm-order 1 unit=dsp seed=1 txns=4 epoch_txns=4 illegal_ppm=0\n", "bad header"),
    ("spagm-order 1 unit=pix seed=1 txns=4 epoch_txns=4 illegal_ppm=0\nepoch 3\n", ":2: epoch 3"),
    ("spagm-order 1 unit=pix seed=1 txns=4 epoch_txns=4 illegal_ppm=0\nepoch 0\naccept 2\n",
     ":3: accepted tag 2, the stream's next request has tag 1"),
    ("spagm-order 1 unit=pix seed=1 txns=4 epoch_txns=4 illegal_ppm=0\nepoch 0\naccept x\n", ":3:"),
    ("spagm-order 1 unit=pix seed=1 txns=4 epoch_txns=4 illegal_ppm=0\nepoch 0\nsend 1\n",
     ":3: 'send' is not epoch, accept or deliver"),
    ("spagm-order 1 unit=pix seed=1 txns=4 epoch_txns=4 illegal_ppm=0\nepoch 0\naccept 1\ndeliver 1 zz\n",
     ":4:"),
])
def test_bad_order_file_names_its_line(body, message, tmp_path):
    path = tmp_path / "bad.order"
    path.write_text(body)
    with pytest.raises(spagm.SpagmError) as e:
        spagm.cosim_replay(path, tmp_path / "x.cov")
    assert "bad.order" in str(e.value) and message in str(e.value)
    assert not (tmp_path / "x.cov").exists()
