# SPDX-License-Identifier: Apache-2.0
"""`pytest examples/pyuvm`: the UVM environment of the pixel unit passes on
the stand-in RTL and catches an injected defect with the model's report."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cocotb"))
import spagm_runner  # noqa: E402

spagm_runner.require_spagm()


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("sim_build") / "pix")


def test_uvm_env_passes(tmp_path, build_dir):
    r = spagm_runner.run("pix", str(tmp_path), build_dir=build_dir, test_module="tb_pix_uvm",
                         seed=1, txns=100, epoch_txns=50)
    assert not r.failed, r.log[-4000:]
    assert "spagm predictor uvm_test_top.env: 100 passed, 0 failed" in r.log


def test_uvm_env_catches_the_defect(tmp_path, build_dir):
    r = spagm_runner.run("pix", str(tmp_path), build_dir=build_dir, test_module="tb_pix_uvm",
                         seed=1, txns=100, epoch_txns=50, bug="pix_centroid_highest_sample")
    assert r.failed, "pix_centroid_highest_sample went unnoticed"
    assert "MISMATCH pix" in r.log and "R15" in r.log
