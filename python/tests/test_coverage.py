# SPDX-License-Identifier: Apache-2.0
"""Coverage sampled from Python (a predictor's predictions) is the database
the C path writes for the same transactions, byte for byte, and merges with
a co-simulation's as that one does (N181)."""
import subprocess

import spagm

SEED, COUNT, EPOCH = 4, 400, 100
INPUT = f"gen --seed {SEED} --count {COUNT} --units pix --epoch-txns {EPOCH} --illegal-ppm 10000"


def python_db(path):
    cov = spagm.Coverage()
    cov.begin_input(INPUT)  # the input name spagm gen gives these transactions
    p = spagm.Predictor("pix", seed=SEED)
    p.set_coverage(cov)
    for ep in spagm.cosim_stream(SEED, "pix", COUNT, EPOCH):
        p.reset()  # each epoch loads a unit just reset (docs/port-contract.md), as spagm gen does
        for addr, data in ep.units["pix"].words:
            p.cfg_write(addr, data)
        for req in ep.units["pix"].requests:
            assert p.check(p.predict(req))
    assert p.failures == 0
    cov.write(path)
    return cov


def test_python_database_is_the_c_paths(spagm_cli, spagm_cosim, tmp_path):
    cov = python_db(tmp_path / "py.cov")
    assert cov.totals("pix")["hit"] > 0
    subprocess.run([spagm_cli, "gen", "--seed", str(SEED), "--count", str(COUNT), "--units", "pix",
                    "--epoch-txns", str(EPOCH), "--cov", str(tmp_path / "c.cov"),
                    "-o", str(tmp_path / "c.vec")], check=True, capture_output=True)
    assert (tmp_path / "py.cov").read_bytes() == (tmp_path / "c.cov").read_bytes()
    # Merged with a co-simulation's database, both give the same file.
    subprocess.run([spagm_cosim, "+units=pix", "+seed=9", "+txns=200", "+cov=" + str(tmp_path / "cosim.cov")],
                   check=True, capture_output=True, cwd=tmp_path)
    for name in ("py", "c"):
        subprocess.run([spagm_cli, "cov", "merge", str(tmp_path / f"{name}.cov"),
                        str(tmp_path / "cosim.cov"), "-o", str(tmp_path / f"m_{name}.cov")],
                       check=True, capture_output=True)
    assert (tmp_path / "m_py.cov").read_bytes() == (tmp_path / "m_c.cov").read_bytes()
    merged = spagm.Coverage.read(tmp_path / "m_py.cov")
    assert merged.totals("pix")["hit"] >= cov.totals("pix")["hit"]


def test_coverage_refuses_a_corrupt_database(tmp_path):
    path = tmp_path / "x.cov"
    spagm.Coverage().write(path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    try:
        spagm.Coverage.read(path)
    except spagm.SpagmError as e:
        assert "x.cov" in str(e) and e.status in (7, 8)
    else:
        raise AssertionError("a corrupt database was accepted")
