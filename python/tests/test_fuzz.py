# SPDX-License-Identifier: Apache-2.0
"""Bad arguments from Python never kill the interpreter.

test_null_for_each_pointer_argument makes the calls of
tests/model/api_null_test.cpp through the binding: every function bound in
spagm/_cdef.h with NULL for each of its pointer parameters, each call in a
forked child so a crash is reported with its call. test_random_arguments
feeds random values to the Python API in a child interpreter, which must
end normally, having seen only Python exceptions."""
import os
import random
import subprocess
import sys
import textwrap

import pytest

from spagm._lib import ffi, lib
from spagm import _ffi_build


def _valid_vec_text() -> bytes:
    h = ffi.new("spagm_vec_header *")
    assert lib.spagm_vec_header_random(h, 1, 2, 1000, 0, 2, ffi.NULL) == lib.SPAGM_OK
    w = lib.spagm_vec_writer_open_mem(h, ffi.NULL)
    assert lib.spagm_vec_gen_random(w, h, ffi.NULL) == lib.SPAGM_OK
    assert lib.spagm_vec_writer_finish_mem(w, ffi.NULL) == lib.SPAGM_OK
    n = ffi.new("size_t *")
    text = ffi.unpack(lib.spagm_vec_writer_text(w, n), n[0])
    lib.spagm_vec_writer_abort(w)
    return text


def _handle(ctype: str, keep: list):
    """A valid value of a pointer type, for the parameters not under test."""
    name = ctype.replace(" const", "").replace("const ", "").strip()
    if name == "spagm_model *":
        return lib.spagm_model_new()
    if name == "spagm_predictor *":
        return lib.spagm_predictor_new(1, 0, ffi.NULL)
    if name == "spagm_cov *":
        return lib.spagm_cov_new()
    if name == "spagm_stim *":
        o = ffi.new("spagm_stim_opts *")
        lib.spagm_stim_opts_default(o)
        return lib.spagm_stim_new(o, ffi.NULL)
    if name == "spagm_vec_writer *":
        h = ffi.new("spagm_vec_header *")
        lib.spagm_vec_header_random(h, 1, 2, 1000, 0, 2, ffi.NULL)
        return lib.spagm_vec_writer_open_mem(h, ffi.NULL)
    if name == "spagm_vec_reader *":
        text = _valid_vec_text()
        keep.append(text)
        return lib.spagm_vec_reader_open_mem(text, len(text), b"t.vec", ffi.NULL, ffi.NULL)
    if name == "char *":
        return b"pix"
    if name == "void *":
        return ffi.NULL
    if name.endswith("*"):
        p = ffi.new(name.replace("void *", "char *") if name == "void *" else name)
        keep.append(p)
        return p
    raise AssertionError(name)


def _cases():
    ffi_parsed = _ffi_build.make_ffi()
    decls = ffi_parsed._parser._declarations
    for key in sorted(decls):
        kind, _, name = key.partition(" ")
        # free and the libc calls cosim.py makes take what C gives them; the
        # co-simulation's scoreboard (cosim/include/cosim.h, no NULL checks: spagm-cosim's
        # testbench is its only other caller) is reached through
        # spagm.cosim_replay, which never passes NULL (N232).
        if kind != "function" or name in ("free", "fclose", "open_memstream") \
                or name.startswith("spagm_cosim_"):
            continue
        tp = decls[key][0]
        for k, arg in enumerate(tp.args):
            if arg.is_raw_function or not hasattr(arg, "totype"):
                continue
            yield name, k, [a.get_c_name("") for a in tp.args], tp.result.get_c_name("")


CASES = list(_cases())


def _call(name, null_at, arg_types):
    keep = []
    args = []
    for k, t in enumerate(arg_types):
        if k == null_at:
            args.append(ffi.NULL)
        elif "*" in t:
            args.append(_handle(t, keep))
        elif t == "size_t":
            # A NULL buffer comes with size 0 (the snprintf convention of
            # spagm_disasm and spagm_explain_format, as in api_null_test).
            args.append(0 if k == null_at + 1 and arg_types[null_at] == "char *" else 4)
        elif t == "spagm_unit":
            args.append(1)
        else:
            args.append(0)
    return getattr(lib, name)(*args)


def test_null_cases_cover_every_bound_function():
    named = {c[0] for c in CASES}
    assert {"spagm_predictor_predict", "spagm_vec_next", "spagm_cov_sample",
            "spagm_execute_explained", "spagm_asm_one"} <= named
    assert len(CASES) > 150


@pytest.mark.parametrize("name,null_at,arg_types,result", CASES,
                         ids=[f"{c[0]}-arg{c[1]}" for c in CASES])
def test_null_for_each_pointer_argument(name, null_at, arg_types, result, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a path argument ("pix") names a file here
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:  # the child makes the call; a crash is its signal
        code = 0
        try:
            r = _call(name, null_at, arg_types)
            if result == "spagm_status" and not 0 <= int(r) <= lib.SPAGM_E_STATE:
                code = 4
        except BaseException:
            code = 5
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert not os.WIFSIGNALED(status), f"{name} with NULL argument {null_at} crashed " \
        f"(signal {os.WTERMSIG(status)})"
    assert os.WEXITSTATUS(status) == 0, f"{name} with NULL argument {null_at}: exit {os.WEXITSTATUS(status)}"


FUZZ = textwrap.dedent(r'''
    import random, sys
    import spagm
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    print("fuzz seed", seed, flush=True)
    pool = [None, -1, 0, 1, 5, 2**32, 2**64, -2**70, 3.5, "", "pix", "gpu", "x" * 5000, "a\0b",
            b"", b"\xff" * 64, [], [1] * 40, {}, object(), spagm.Request(), spagm.Response(),
            spagm.Explanation(), "PIXLD.MSCOUNT R3, [RZ];", 0xefe8e00080470102]
    ok = (spagm.SpagmError, TypeError, ValueError, OverflowError)
    p = spagm.Predictor("pix")
    m = spagm.Model()
    calls = [
        spagm.Predictor, p.cfg_write, p.cfg_read, p.predict, p.check, p.set_coverage,
        m.execute, m.write_word, m.read_word, m.state_words, m.readback_words, m.memory_words,
        m.write_memory, spagm.assemble, spagm.assemble_all, spagm.disassemble,
        spagm.Request.from_bits, spagm.Response.from_bits, spagm.Coverage.read,
        spagm.Stimulus, spagm.Explanation().rule, spagm.Explanation().text,
        lambda *a: spagm.VecReader(text=rng.choice([b"", b"spagm-vectors 2\n", bytes(a[:1] and
                                   str(a[0]).encode())]) if a else b"x"),
        lambda *a: list(spagm.cosim_stream(*a[:2], txns=3)),
        spagm.cosim_replay, spagm.OrderLog,
        lambda *a: spagm.Request(*a[:1], **({"a": a[1]} if len(a) > 1 else {})),
    ]
    done = 0
    for i in range(4000):
        f = rng.choice(calls)
        args = [rng.choice(pool) for _ in range(rng.randrange(0, 4))]
        try:
            f(*args)
        except ok:
            pass
        except Exception as e:
            print(f"call {i}: {getattr(f, '__qualname__', f)}{tuple(map(repr, args))[:3]} raised "
                  f"{type(e).__name__}: {e}", flush=True)
            sys.exit(3)
        done += 1
    print("fuzz calls", done)
''')


@pytest.mark.parametrize("seed", [int(s) for s in os.environ.get("SPAGM_FUZZ_SEEDS", "1,2").split(",")])
def test_random_arguments_never_kill_the_interpreter(tmp_path, seed):
    env = dict(os.environ)
    out = subprocess.run([sys.executable, "-c", FUZZ, str(seed)], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=300)
    assert out.returncode == 0, f"seed {seed}: exit {out.returncode}\n{out.stdout}\n{out.stderr}"
    assert "fuzz calls 4000" in out.stdout


def test_random_byte_flips_of_a_vec_raise_or_read(tmp_path):
    text = bytearray(_valid_vec_text())
    rng = random.Random(11)
    for _ in range(300):
        t = bytearray(text)
        for _ in range(rng.randrange(1, 4)):
            t[rng.randrange(len(t))] = rng.randrange(256)
        try:
            import spagm
            list(spagm.VecReader(text=bytes(t), name="flip.vec"))
        except spagm.SpagmError as e:
            assert e.message
