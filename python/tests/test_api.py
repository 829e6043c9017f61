# SPDX-License-Identifier: Apache-2.0
"""The Python API as a user meets it (docs/python.md, "Fields"): fields are
sequences, values are checked against the contract's widths, illegal words
disassemble, every public member is documented and typed, and the build's
programs are found without environment variables."""
import importlib
import importlib.util
import inspect
import os
import subprocess
import sys

import pytest

import spagm

PKG = os.path.dirname(os.path.dirname(os.path.abspath(spagm.errors.__file__)))


def test_array_field_equals_a_list_of_its_values():
    req = spagm.Request()
    req.coverage = [0xF] * 32
    assert req.coverage == [0xF] * 32 and req.coverage == tuple([0xF] * 32)
    assert req.coverage != [0xF] * 31 and req.coverage != [0xE] + [0xF] * 31
    req.a[1][5] = 7
    assert req.a[1][5] == 7 and req.a[1] == [0] * 5 + [7] + [0] * 26
    assert req.a == [[0] * 32, [0] * 5 + [7] + [0] * 26]
    assert len(req.d) == 4 and list(req.a[1])[5] == 7 and req.a[1][-27] == 7
    assert req.a[1][4:7] == [0, 7, 0]
    rsp, _ = spagm.Model().execute("PIXLD.MSCOUNT R3, [RZ];")
    assert rsp.wb_valid == list(rsp.wb_valid) and rsp.copy().wb_value == rsp.wb_value


def test_operand_slot_c_is_a_field_like_the_others():
    req = spagm.Request(c=list(range(32)))
    assert req.c == list(range(32)) and req.cdata.c[31] == 31


def test_short_or_long_list_is_refused_naming_the_field():
    req = spagm.Request()
    for bad in ([1] * 16, [1] * 33):
        with pytest.raises(spagm.SpagmError) as e:
            req.coverage = bad
        assert e.value.status_name == "bad argument"
        assert f"Request.coverage takes 32 values, got {len(bad)}" in e.value.message
    with pytest.raises(spagm.SpagmError, match=r"Request\.a\[1\] takes 32 values, got 2"):
        req.a = [[0] * 32, [1, 2]]
    with pytest.raises(spagm.SpagmError, match=r"Request\.b\[0\]\[2:\] takes 3 values, got 1"):
        req.b[0][2:5] = [1]
    assert req.coverage == [0] * 32 and req.a == [[0] * 32] * 2  # nothing written


def test_value_wider_than_its_field_names_field_and_width():
    req = spagm.Request()
    with pytest.raises(spagm.SpagmError, match=r"Request\.sample\[3\]: 16 does not fit the field's 4 bits \(0\.\.15\)"):
        req.sample[3] = 16
    with pytest.raises(spagm.SpagmError, match=r"Request\.sample\[0\]: 16 does not fit the field's 4 bits"):
        req.sample = [16] * 32
    with pytest.raises(spagm.SpagmError, match=r"Request\.coverage\[0\]: 65536 does not fit the field's 16 bits"):
        spagm.Request(coverage=[1 << 16] * 32)
    with pytest.raises(spagm.SpagmError, match=r"Response\.wb_reg\[0\]: -1 does not fit the field's 8 bits"):
        spagm.Response().wb_reg[0] = -1
    with pytest.raises(spagm.SpagmError, match=r"Request\.a\[0\]\[0\] takes an int of 32 bits, not str"):
        req.a[0][0] = "7"
    req.sample[3] = 15
    assert req.sample[3] == 15 and spagm.Request.from_bits(req.to_bits()) == req


def test_insn_wider_than_64_bits_names_the_field():
    with pytest.raises(spagm.SpagmError, match=r"Request\.insn: 18446744073709551616 does not fit the field's 64 bits"):
        spagm.Request(insn=2**64)
    with pytest.raises(spagm.SpagmError, match=r"Request\.tag: .* 32 bits"):
        spagm.Request(tag=1 << 32)
    with pytest.raises(spagm.SpagmError, match=r"Request\.lane_mask takes an int of 32 bits, not float"):
        spagm.Request(lane_mask=1.0)


def test_unknown_field_is_an_attribute_error():
    with pytest.raises(AttributeError, match="Request has no field 'coverge'"):
        spagm.Request().coverge = [0] * 32


def test_fields_are_in_dir_and_their_layout_is_public():
    for cls in (spagm.Request, spagm.Response):
        names = [f.name for f in cls.FIELDS]
        assert set(names) <= set(dir(cls()))
        assert sum(f.width for f in cls.FIELDS) == cls.BITS
        assert cls.FIELDS[-1].lsb == 0 and cls.FIELDS[0].lsb + cls.FIELDS[0].width == cls.BITS
        # the annotations a type checker reads are the C field table's names
        assert [k for k in cls.__annotations__ if k in names] == names == list(cls.__annotations__)
    sample = {f.name: f for f in spagm.Request.FIELDS}["sample"]
    assert (sample.bits, sample.shape) == (4, (32,))
    assert {f.name: f for f in spagm.Response.FIELDS}["wb_value"].shape == (4, 32)


def test_disassemble_of_the_stimulus_illegal_words():
    """The seeded stream sends illegal words on purpose: disassemble raises
    IllegalWord (a SpagmError) with the reason, or returns the reports' text."""
    words = [r.insn for ep in spagm.cosim_stream(1, "pix", txns=300, epoch_txns=300)
             for r in ep.units["pix"].requests]
    illegal = []
    for w in words:
        try:
            spagm.disassemble(w)
        except spagm.IllegalWord as e:
            illegal.append(e)
    assert illegal, "the stream sent no illegal word"
    e = illegal[0]
    assert isinstance(e, spagm.SpagmError) and e.status_name == "illegal instruction word"
    assert e.reason and e.text == f"<illegal: {e.reason}>" and f"{e.word:#018x}" in e.message
    assert spagm.disassemble(e.word, strict=False) == e.text
    legal = next(w for w in words if w not in {i.word for i in illegal})
    assert spagm.disassemble(legal, strict=False) == spagm.disassemble(legal)


def _public_members():
    """Every public class and function the package's modules export, and
    each public method and property those classes define."""
    found = {}
    cocotb_ext = ["spagm.cocotb"] if importlib.util.find_spec("cocotb") else []
    for mod_name in ["spagm"] + [f"spagm.{m}" for m in spagm._SUBMODULES] + cocotb_ext:
        mod = importlib.import_module(mod_name)
        for name in mod.__all__:
            obj = getattr(mod, name)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                found.setdefault(f"{obj.__module__}.{obj.__qualname__}", obj)
    for qual, obj in list(found.items()):
        if inspect.isclass(obj):
            for k, v in vars(obj).items():
                raw = v.__func__ if isinstance(v, (classmethod, staticmethod)) else v
                if not k.startswith("_") and (inspect.isfunction(raw) or isinstance(raw, property)):
                    found[f"{qual}.{k}"] = raw
    return found


def test_every_public_member_has_a_docstring():
    members = _public_members()
    assert len(members) > 90 and "spagm.predictor.Predictor.check" in members
    assert "spagm.cocotb.Scoreboard.check" in members or not importlib.util.find_spec("cocotb")
    missing = sorted(k for k, v in members.items() if not (v.__doc__ or "").strip())
    assert not missing, f"no docstring: {missing}"


def test_package_is_typed():
    assert os.path.isfile(os.path.join(PKG, "spagm", "py.typed"))


USER_SCRIPT = '''
import spagm

def run(p: spagm.Predictor) -> int:
    req = spagm.Request(spagm.assemble("PIXLD.MSCOUNT R3, [RZ];"), tag=1)
    exp: spagm.Response = p.predict(req)
    res: spagm.CheckResult = p.check(exp)
    lanes: spagm.Lanes = exp.wb_value[0]
    return res.diffs + lanes[0] + p.failures
'''
USER_MISTAKES = '''
import spagm
p = spagm.Predictor("pix")
name: int = p.summary()
r = spagm.Request(tag=1)
r.tag = "one"
spagm.Predictr("pix")
'''


def test_mypy_sees_the_types(tmp_path):
    """mypy reads the package's annotations (py.typed): a correct user script
    passes, and its mistakes are each reported on their line."""
    pytest.importorskip("mypy", reason="mypy (the [test] extra) is not installed")
    config = os.path.join(PKG, "pyproject.toml")
    (tmp_path / "good.py").write_text(USER_SCRIPT)
    (tmp_path / "bad.py").write_text(USER_MISTAKES)
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", config, "--no-incremental",
                          "--cache-dir", os.devnull, "good.py", "bad.py"], cwd=tmp_path,
                         env=dict(os.environ, MYPYPATH=PKG), capture_output=True, text=True)
    out = run.stdout
    assert run.returncode == 1 and "good.py" not in out, out + run.stderr
    assert 'bad.py:4: error: Incompatible types in assignment (expression has type "str"' in out, out
    assert 'bad.py:6: error: Incompatible types in assignment (expression has type "str", variable has type "int")' in out, out
    assert 'bad.py:7: error: Module has no attribute "Predictr"' in out, out


def test_programs_are_found_without_environment_variables(tmp_path):
    """With SPAGM_CLI unset, find_tool finds the build beside the source (or
    PATH); a variable that names nothing is an error naming it; a program
    that is nowhere is refused naming every place looked at."""
    env = {k: v for k, v in os.environ.items() if k not in ("SPAGM_CLI", "SPAGM_COSIM")}
    code = "import spagm; print(spagm.find_tool('spagm'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if "SPAGM_CLI" in os.environ:  # CTest names the build's: the lookup finds that one
        assert out.stdout.strip() == os.path.abspath(os.environ["SPAGM_CLI"]), out.stderr
    elif out.returncode:
        pytest.skip(out.stderr.strip().splitlines()[-1])
    assert os.access(out.stdout.strip(), os.X_OK) and os.path.basename(out.stdout.strip()) == "spagm"
    env["SPAGM_CLI"] = str(tmp_path / "nothing")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert f"SPAGM_CLI={tmp_path / 'nothing'} is not an executable file" in out.stderr
    places = [w for w, _ in spagm.tools.tool_places("spagm-cosim")]
    assert places[0] == "$SPAGM_COSIM" and places[-1] == "PATH"
    with pytest.raises(ValueError):
        spagm.find_tool("gcc")
