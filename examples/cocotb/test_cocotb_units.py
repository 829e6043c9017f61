# SPDX-License-Identifier: Apache-2.0
"""`pytest examples/cocotb`: the cocotb testbench of each unit on the
stand-in RTL under Icarus (or on yours: --rtl UNIT=FILE.f --top UNIT=TOP),
green on the RTL as it is and red, with the model's mismatch report naming
the rule, with an injected defect of each unit."""
import os
import shutil
import subprocess

import pytest

import spagm_runner

spagm_runner.require_spagm()
import spagm  # noqa: E402

UNITS = ("attr", "pix", "tex")
# Short runs keep the default suite quick; --txns N (or the soak tests) run longer.
TXNS = {"attr": 80, "pix": 120, "tex": 40}
# One injected defect per unit (rtl_stubs/bugs.tsv) and the rule its report must name.
DEFECTS = {
    "attr": ("attr_default_w_zero", "R3"),
    "pix": ("pix_centroid_highest_sample", "R15"),
    "tex": ("tex_unorm_truncates", "R21"),
}


@pytest.fixture(scope="session")
def sim_builds(tmp_path_factory):
    """One Icarus build per unit (and per waves setting) for the session."""
    root = tmp_path_factory.mktemp("sim_build")
    return lambda unit, waves=False: str(root / f"{unit}{'-waves' if waves else ''}")


def _run(unit, tmp_path, opts, sim_builds, **kw):
    waves = kw.pop("waves", opts["waves"])
    kw.setdefault("seed", opts["seed"])
    kw.setdefault("txns", opts["txns"] or TXNS[unit])
    kw.setdefault("epoch_txns", max(10, kw["txns"] // 2))
    r = spagm_runner.run(unit, str(tmp_path), build_dir=sim_builds(unit, waves),
                         rtl=opts["rtl"].get(unit), top=opts["top"].get(unit), waves=waves, **kw)
    print(r.text)
    return r


@pytest.mark.parametrize("unit", UNITS)
def test_unit_passes(unit, tmp_path, cocotb_options, sim_builds):
    r = _run(unit, tmp_path, cocotb_options, sim_builds)
    assert not r.failed, f"{unit} failed:\n{r.text}\n{r.log[-4000:]}"
    txns = cocotb_options["txns"] or TXNS[unit]
    assert int(r.summary["accepted"]) == int(r.summary["responses"]) == txns
    assert r.summary["failures"] == "0" and float(r.summary["txns_per_second"]) > 0


@pytest.mark.parametrize("unit", UNITS)
def test_injected_defect_fails_with_the_rule(unit, tmp_path, cocotb_options, sim_builds):
    if unit in cocotb_options["rtl"]:
        pytest.skip(f"{unit}: your RTL has no injected defects of rtl_stubs/bugs.tsv")
    bug, rule = DEFECTS[unit]
    r = _run(unit, tmp_path, cocotb_options, sim_builds, bug=bug)
    assert r.failed, f"{unit}: defect {bug} went unnoticed:\n{r.text}"
    first = r.text.split("--- first mismatch\n", 1)[-1]
    assert "MISMATCH" in first and rule in first, f"{bug}: no report naming {rule}:\n{r.text}"
    assert "MISMATCH" in r.log  # the report is in the simulator's log too


def test_vector_file_drives_the_run(tmp_path, cocotb_options, sim_builds):
    """Stimulus from a vector file (here a golden scenario file) instead of the seed."""
    if "pix" in cocotb_options["rtl"]:
        pytest.skip("runs on the stand-in only")
    vec = os.path.join(spagm_runner.ROOT, "vectors", "golden", "pix_centroid_offset.vec")
    want = sum(1 for i in spagm.VecReader(vec) if isinstance(i, spagm.vec.TxnItem) and i.unit == "pix")
    r = _run("pix", tmp_path, cocotb_options, sim_builds, vectors=vec)
    assert not r.failed, r.text
    assert int(r.summary["accepted"]) == want > 0


def test_waves_on_request(tmp_path, cocotb_options, sim_builds):
    r = _run("pix", tmp_path, cocotb_options, sim_builds, txns=20, waves=True)
    assert not r.failed, r.text
    assert os.path.getsize(r.waves) > 1000, f"no FST waves at {r.waves}"
    # GTKWave's fst2vcd reads it back: the unit's ports are in it, with changes.
    fst2vcd = shutil.which("fst2vcd")
    if not fst2vcd:
        pytest.fail("fst2vcd (GTKWave, scripts/install-deps) not found")
    vcd = subprocess.run([fst2vcd, r.waves], check=True, capture_output=True, text=True).stdout
    for port in ("req_valid", "req_ready", "rsp_valid", "rsp_ready", "cfg_valid"):
        assert f" {port} $end" in vcd, f"{port} not in {r.waves}"
    assert vcd.count("\n#") > 100, "the waves hold almost no time steps"
    _waves_open_in_gtkwave(r.waves, vcd, tmp_path)


# The pixel unit's handshakes, as a person opens them first. (GTKWave runs no
# Tcl after drawing, so the fit must hold for the pane widths the window
# keeps: gtkwave_view.rc fixes the name pane, and these short names fit it.)
GTKWAVE_SIGNALS = [f"pix_unit.{s}" for s in ("clk", "rst_n", "req_valid", "req_ready", "rsp_valid",
                                             "rsp_ready", "cfg_valid", "idle")]


def _waves_open_in_gtkwave(fst, vcd, out):
    """GTKWave (under xvfb-run, as cosim.waves_open_in_gtkwave_at_the_mismatch)
    opens the run's FST: every signal asked for is displayed, the whole run
    (its last time step as fst2vcd reads it) is loaded, and the screenshot
    out/gtkwave.png (from Xvfb's frame buffer, -fbdir) shows traces."""
    gtkwave, xvfb_run = shutil.which("gtkwave"), shutil.which("xvfb-run")
    if not gtkwave or not xvfb_run:
        pytest.fail("gtkwave or xvfb-run (scripts/install-deps) not found")
    fb = out / "framebuffer"
    fb.mkdir()
    log = out / "gtkwave.log"
    tcl = os.path.join(os.path.dirname(__file__), "gtkwave_view.tcl")
    rc = os.path.join(os.path.dirname(__file__), "gtkwave_view.rc")  # fixed name pane
    # GTKWave stays open after its script: the shot is taken once it printed
    # READY and drew, then this script ends the GTKWave it started, by its pid.
    script = ('"$0" -r "$5" -S "$1" "$2" >"$3" 2>&1 & pid=$!\n'
              'i=0; until grep -q "^READY" "$3" || [ $i -ge 300 ]; do sleep 0.2; i=$((i+1)); done\n'
              'sleep 2; cp "$4/Xvfb_screen0" "$4/shot.xwd"; kill $pid; wait $pid; exit 0\n')
    subprocess.run([xvfb_run, "-a", "-s", f"-screen 0 1280x800x24 -fbdir {fb}", "sh", "-c", script,
                    gtkwave, tcl, fst, str(log), str(fb), rc],
                   env=dict(os.environ, GTKWAVE_SIGNALS=" ".join(GTKWAVE_SIGNALS)),
                   check=True, capture_output=True, timeout=120)
    text = log.read_text(errors="replace")
    lines = dict(ln.split(": ", 1) for ln in text.splitlines() if ": " in ln)
    assert "READY" in text.splitlines(), f"GTKWave never finished its script:\n{text}"
    assert not any(w in text.lower() for w in ("error", "could not", "cannot", "not found")), text
    assert lines.get("ADDED") == str(len(GTKWAVE_SIGNALS)), text
    assert lines.get("DISPLAYED", "").split() == GTKWAVE_SIGNALS, text
    last = vcd.rstrip().rsplit("\n#", 1)[1].split()[0]
    assert lines.get("MAX TIME") == last, f"GTKWave loaded up to {lines.get('MAX TIME')}, the dump ends at {last}"
    start, end = (int(t) for t in lines["WINDOW"].split())
    assert start == 0 and end >= int(last), f"the window shows {start}..{end}, not the whole run"
    import xwd_png
    width, height, rgb = xwd_png.xwd_rgb((fb / "shot.xwd").read_bytes())
    (out / "gtkwave.png").write_bytes(xwd_png.png(width, height, rgb))
    # GTKWave draws traces green on black: a window without them shows no waves.
    green = sum(1 for r_, g, b in zip(rgb[0::3], rgb[1::3], rgb[2::3]) if g > 150 and r_ < 100 and b < 100)
    assert green > 2000, f"{out / 'gtkwave.png'} shows almost no traces ({green} green pixels)"
    print(f"GTKWave screenshot: {out / 'gtkwave.png'}")


def test_own_rtl_by_file_list(tmp_path, cocotb_options, sim_builds):
    """A user's pixel unit, a renamed copy of the stand-in without bug_sel
    in a folder of its own, swapped in by file list and top module only."""
    stubs = os.path.join(spagm_runner.ROOT, "rtl_stubs")
    acme = tmp_path / "acme"
    acme.mkdir()
    text = open(os.path.join(stubs, "pix_unit.sv")).read()
    text = text.replace("module pix_unit\n", "module acme_pix\n")
    text = text.replace("endmodule : pix_unit", "endmodule : acme_pix")
    text = text.replace("  input  logic [7:0]     bug_sel,\n", "")
    text = text.replace("  localparam int LPC = LANES_PER_CYCLE;",
                        "  localparam logic [7:0] bug_sel = 8'd0;  // no defect port\n"
                        "  localparam int LPC = LANES_PER_CYCLE;")
    assert "module acme_pix" in text and "input  logic [7:0]     bug_sel" not in text
    (acme / "acme_pix.sv").write_text(text)
    (acme / "acme_pix.f").write_text(
        "// ACME's pixel unit, packages first\n" + os.path.join(stubs, "shader_txn_pkg.sv") + "\n"
        + "".join(os.path.join(stubs, f) + "\n" for f in
                  ("pix_cfg_regs.sv", "pix_decode.sv", "pix_lane.sv", "pix_sample_rom.sv"))
        + "acme_pix.sv\n")
    opts = dict(cocotb_options, rtl={"pix": str(acme / "acme_pix.f")}, top={"pix": "acme_pix"})
    r = _run("pix", tmp_path / "run", opts, lambda unit, waves=False: str(tmp_path / "build"),
             txns=60)
    assert not r.failed, r.text + r.log[-3000:]
    assert "acme_pix" in open(tmp_path / "build" / "build.log").read() + r.log


def test_coverage_of_a_run_is_the_c_paths(tmp_path, cocotb_options, sim_builds):
    """The cocotb run's database is the C paths' for the same transactions.
    Predictions only: `spagm gen --cov`'s for the same seed, byte for byte
    (N181). The whole database, with each response's order and depth as
    Icarus delivered them: spagm-cosim's scoreboard fed the run's recorded
    order (spagm.cosim_replay) writes the same bytes, and both merge with a
    co-simulation's database into the same file (N232)."""
    if "pix" in cocotb_options["rtl"]:
        pytest.skip("runs on the stand-in only")
    try:
        cli, cosim = spagm.find_tool("spagm"), spagm.find_tool("spagm-cosim")
    except FileNotFoundError as e:
        pytest.skip(str(e))
    seed, txns, epoch = 5, 120, 60
    name = f"gen --seed {seed} --count {txns} --units pix --epoch-txns {epoch} --illegal-ppm 10000"
    r = _run("pix", tmp_path / "model", cocotb_options, sim_builds, seed=seed, txns=txns,
             epoch_txns=epoch, cov=str(tmp_path / "cocotb.cov"), cov_input=name, cov_responses=0)
    assert not r.failed, r.text
    subprocess.run([cli, "gen", "--seed", str(seed), "--count", str(txns), "--units", "pix",
                    "--epoch-txns", str(epoch), "--cov", str(tmp_path / "gen.cov"),
                    "-o", str(tmp_path / "gen.vec")], check=True, capture_output=True)
    assert (tmp_path / "cocotb.cov").read_bytes() == (tmp_path / "gen.cov").read_bytes()
    # The whole database, under the input name spagm-cosim +cov gives the seed.
    r = _run("pix", tmp_path / "full", cocotb_options, sim_builds, seed=seed, txns=txns,
             epoch_txns=epoch, cov=str(tmp_path / "full.cov"), cov_input=f"cosim seed={seed}",
             cov_order=str(tmp_path / "full.order"))
    assert not r.failed, r.text
    text = spagm.cosim_replay(tmp_path / "full.order", tmp_path / "replay.cov")
    assert f"cosim: {txns} passed, 0 failed" in text, text
    assert (tmp_path / "full.cov").read_bytes() == (tmp_path / "replay.cov").read_bytes()
    full = spagm.Coverage.read(tmp_path / "full.cov")
    assert full.totals("pix")["hit"] > spagm.Coverage.read(tmp_path / "gen.cov").totals("pix")["hit"]
    subprocess.run([cosim, "+units=pix", "+seed=9", "+txns=200", "+cov=" + str(tmp_path / "cosim.cov")],
                   check=True, capture_output=True, cwd=tmp_path)
    for db in ("full", "replay"):
        subprocess.run([cli, "cov", "merge", str(tmp_path / f"{db}.cov"), str(tmp_path / "cosim.cov"),
                        "-o", str(tmp_path / f"merged_{db}.cov")], check=True, capture_output=True)
    assert (tmp_path / "merged_full.cov").read_bytes() == (tmp_path / "merged_replay.cov").read_bytes()
    merged = spagm.Coverage.read(tmp_path / "merged_full.cov")
    assert merged.totals("pix")["hit"] >= full.totals("pix")["hit"]


def test_short_testbench_on_spagm_cocotb(tmp_path, cocotb_options, sim_builds):
    """tb_pix_short.py, the pixel unit's testbench in under 60 lines on
    spagm.cocotb, loads the stream's illegal writes unchanged: green on the
    stand-in, red with the model's report under an injected defect."""
    if "pix" in cocotb_options["rtl"]:
        pytest.skip("runs on the stand-in only")
    tb = os.path.join(spagm_runner.HERE, "tb_pix_short.py")
    assert len(open(tb).read().splitlines()) < 60
    build = sim_builds("pix")
    kw = dict(build_dir=build, test_module="tb_pix_short", seed=cocotb_options["seed"], txns=120)
    r = spagm_runner.run("pix", str(tmp_path / "green"), **kw)
    assert not r.failed, r.log[-4000:]
    assert "spagm predictor cocotb.pix_short: 120 passed, 0 failed" in r.log, r.log[-4000:]
    assert "illegal writes ignored" in r.log, "the stream sent no illegal write"
    bug, rule = DEFECTS["pix"]
    from spagm_tb import read_bugs
    sel = read_bugs()[bug][0]
    r = spagm_runner.run("pix", str(tmp_path / "red"), bug_sel=sel, **kw)
    assert r.failed, f"{bug} went unnoticed:\n{r.log[-4000:]}"
    assert "MISMATCH pix tag" in r.log and rule in r.log, r.log[-4000:]


def test_texture_built_with_texheader(tmp_path, cocotb_options, sim_builds):
    """tb_tex_texture.py builds a mipmapped block-linear texture and a
    mipmapped block-linear 2D array with spagm.TexHeader and
    Model.write_texel; the stand-in reads them as the model does, and a
    layer stride left unrounded (N76) is caught on a layer past the first."""
    if "tex" in cocotb_options["rtl"]:
        pytest.skip("runs on the stand-in only")
    kw = dict(build_dir=sim_builds("tex"), test_module="tb_tex_texture", seed=cocotb_options["seed"])
    r = spagm_runner.run("tex", str(tmp_path / "green"), **kw)
    assert not r.failed, r.log[-4000:]
    assert "spagm predictor cocotb.tex_texture: 40 passed, 0 failed" in r.log, r.log[-4000:]
    from spagm_tb import read_bugs
    r = spagm_runner.run("tex", str(tmp_path / "red"), bug_sel=read_bugs()["tex_layer_stride_unaligned"][0], **kw)
    assert r.failed, "tex_layer_stride_unaligned went unnoticed:\n" + r.log[-4000:]
    assert "MISMATCH tex tag" in r.log and "of layer 1" in r.log, r.log[-4000:]


XWRAP = """module pix_xwrap
  import shader_txn_pkg::*;
(
  input  logic clk, input logic rst_n, input logic [7:0] bug_sel,
  input  logic cfg_valid, output logic cfg_ready, input logic cfg_write,
  input  logic [31:0] cfg_addr, input logic [31:0] cfg_mask, input logic [1023:0] cfg_wdata,
  output logic cfg_rvalid, output logic [1023:0] cfg_rdata, output logic idle,
  input  logic req_valid, output logic req_ready, input logic [REQUEST_BITS-1:0] req,
  output logic rsp_valid, input logic rsp_ready, output logic [RESPONSE_BITS-1:0] rsp
);
  logic [RESPONSE_BITS-1:0] unit_rsp;
  pix_unit u (.clk, .rst_n, .bug_sel, .cfg_valid, .cfg_ready, .cfg_write, .cfg_addr, .cfg_mask,
              .cfg_wdata, .cfg_rvalid, .cfg_rdata, .idle, .req_valid, .req_ready, .req,
              .rsp_valid, .rsp_ready, .rsp(unit_rsp));
  always_comb begin
    rsp = unit_rsp;
    rsp[`XBIT] = 1'bx;  // the one unknown bit of every response
  end
endmodule
"""


@pytest.mark.parametrize("where", ["outside", "inside"])
def test_x_in_a_response_on_icarus(where, tmp_path, cocotb_options):
    """The stand-in pixel unit behind a wrapper that drives one bit of every
    response X, under Icarus through cocotb: outside the bits the port
    contract compares (a value bit of the unused write-back slot 3) the run
    passes, inside them (bit 0 of the fault field) every response fails
    with the model's report and the X/Z line."""
    if "pix" in cocotb_options["rtl"]:
        pytest.skip("runs on the stand-in only")
    f = {x.name: x for x in spagm.Response.FIELDS}
    xbit = f["fault"].lsb if where == "inside" else f["wb_value"].lsb + (3 * 32 + 31) * 32
    (tmp_path / "pix_xwrap.sv").write_text(XWRAP)
    stubs = os.path.join(spagm_runner.ROOT, "rtl_stubs")
    (tmp_path / "xwrap.f").write_text(
        f"+define+XBIT={xbit}\n-f {os.path.join(stubs, 'pix.f')}\npix_xwrap.sv\n")
    r = _run("pix", tmp_path / "run", dict(cocotb_options, rtl={"pix": str(tmp_path / "xwrap.f")},
                                           top={"pix": "pix_xwrap"}),
             lambda unit, waves=False: str(tmp_path / "build"), txns=20, epoch_txns=20)
    if where == "outside":
        assert not r.failed and r.summary["x_failures"] == "0", r.text + r.log[-3000:]
    else:
        # every response fails in the predictor itself, not only those whose
        # expected fault bit is 1 (an X read as 0 would pass the others)
        assert r.failed and r.summary["x_failures"] == r.summary["failures"] == "20", \
            r.text + r.log[-3000:]
        assert f"X/Z: 1 unknown bit(s) where the port contract compares (the highest at rsp bit {xbit})" in r.text
