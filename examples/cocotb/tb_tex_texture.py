# SPDX-License-Identifier: Apache-2.0
"""The texture unit reading textures a testbench built with spagm.TexHeader:
a block-linear 2D texture with a mip chain of odd sizes (read with TLDS.LL)
and a block-linear 2D array whose layers each hold a mip chain and whose
layer stride is rounded up to a block (read with TLDS.LZ ARRAY_2D), every texel its own value, placed by the model's layout
code in the predictor's model; the DUT's memory port serves the same words.
SPAGM_SEED and SPAGM_BUG_SEL (a defect of rtl_stubs/bugs.tsv) steer it."""
import os
import random

import cocotb
from cocotb.clock import Clock

import spagm
from spagm.cocotb import (ConfigPort, RequestDriver, ResponseMonitor, Scoreboard, TextureMemory,
                          random_pause, reset, wait_idle)

POOL = 0x1000
MIPS = spagm.TexHeader(components="R32", data_type="UINT", width=65, height=33, max_mip_level=3,
                       view_max_level=3, block_height_log2=1, address=0x20000)
ARRAY = spagm.TexHeader(components="R32", data_type="UINT", type="2D_ARRAY", width=40, height=20,
                        depth=3, max_mip_level=2, view_max_level=2, block_height_log2=2,
                        address=0x80000)


def fill(predictor, index, h, levels, layers):
    predictor.set_header(index, h)  # refused before the pool is configured
    model = predictor.model
    for layer in range(layers):
        for lv in range(levels):
            for y in range(max(1, h.height >> lv)):
                for x in range(max(1, h.width >> lv)):
                    value = x | y << 8 | layer << 16 | lv << 24
                    model.write_texel(h, x, y, layer, lv, data=value.to_bytes(4, "little"))


def requests(rng, count):
    for tag in range(1, count + 1):
        req = spagm.Request(tag=tag)
        if tag % 2:  # TLDS.LL 2D: s, t in Ra, Ra+1, the LOD in Rb
            req.a = [[rng.randrange(66) for _ in range(32)], [rng.randrange(34) for _ in range(32)]]
            req.b[0] = [rng.randrange(4) for _ in range(32)]
            req.insn = spagm.assemble("TLDS.LL RZ, R0, R4, R6, 0x1, 2D, R;")
        else:  # TLDS.LZ ARRAY_2D: the layer in Ra, s, t in Rb, Rb+1
            req.a[0] = [rng.randrange(3) for _ in range(32)]
            req.b = [[rng.randrange(41) for _ in range(32)], [rng.randrange(21) for _ in range(32)]]
            req.insn = spagm.assemble("TLDS.LZ RZ, R0, R8, R10, 0x2, ARRAY_2D, R;")
        yield req


@cocotb.test()
async def tex_unit_reads_built_textures(dut):
    seed = int(os.environ.get("SPAGM_SEED", "1"))
    dut.bug_sel.value = int(os.environ.get("SPAGM_BUG_SEL", "0"))
    Clock(dut.clk, 10, unit="ns").start()
    cfg, mem = ConfigPort(dut, dut.clk), TextureMemory(dut, dut.clk, seed=seed)
    driver = RequestDriver(dut, dut.clk, pause=random_pause(seed, 0.3))
    monitor = ResponseMonitor(dut, dut.clk, pause=random_pause(seed + 1, 0.3))
    sb = Scoreboard(spagm.Predictor("tex", seed=seed, name="cocotb.tex_texture"), dut._log)
    sb.attach(driver, monitor)
    await reset(dut, dut.clk)
    sb.reset()
    bank = [(0x10000000 | 4 * i, i) for i in range(32)]  # #tsPtrIdxU13 i reads header i
    await cfg.load([(0x008, POOL), (0x00C, 0), (0x010, 15)] + bank, sb.predictor)
    fill(sb.predictor, 1, MIPS, levels=4, layers=1)
    fill(sb.predictor, 2, ARRAY, levels=3, layers=3)
    mem.load(sb.predictor.model.memory_words("tex"))
    await wait_idle(dut, dut.clk)
    for req in requests(random.Random(seed), 40):
        driver.send_nowait(req)
    await monitor.wait(40)
    dut._log.info("%s", sb.summary())
    assert sb.failures == 0, sb.reports[0] if sb.reports else sb.summary()
