# SPDX-License-Identifier: Apache-2.0
"""The model, assembler and transactions from Python (docs/python.md)."""
import pytest

import spagm

COVMASK = "PIXLD.COVMASK R2, [R1+0x4];"


def ps_model(samples=4):
    m = spagm.Model()
    m.write_word("pix", 0x00, 5)  # stage PS (docs/port-contract.md, pixel unit)
    m.write_word("pix", 0x04, samples)
    return m


def test_assemble_disassemble_round_trip():
    word = spagm.assemble(COVMASK)
    assert spagm.disassemble(word) == "PIXLD.COVMASK R2, [R1+4];"
    assert spagm.assemble(spagm.disassemble(word)) == word
    assert spagm.assemble_all("PIXLD.MSCOUNT R3, [RZ];\n" + COVMASK) == [
        spagm.assemble("PIXLD.MSCOUNT R3, [RZ];"), word]


def test_assembler_errors_carry_status_and_position():
    with pytest.raises(spagm.SpagmError) as e:
        spagm.assemble("PIXLD.NOPE R2, [R1];")
    assert e.value.status == 5 and e.value.status_name == "syntax error"
    assert (e.value.line, e.value.col) == (1, 7) and "NOPE" in e.value.message
    with pytest.raises(spagm.SpagmError) as e:
        spagm.disassemble(0xFFFFFFFFFFFFFFFF)
    assert e.value.status_name == "illegal instruction word"


def test_execute_by_word_and_by_text_agree_with_explanation():
    req = spagm.Request(lane_mask=0x0000FFFF)
    req.coverage = [0xFFFF] * 32
    a, ex = ps_model().execute(spagm.assemble(COVMASK), req.copy())
    b, _ = ps_model().execute(COVMASK, req.copy())
    assert a == b
    assert a.fault == 0 and a.wb_reg[0] == 2 and a.wb_valid[0] == 0x0000FFFF
    assert list(a.wb_value[0][0:16]) == [0xF] * 16  # bits at or above 4 samples cleared (R13)
    rule_id, name = ex.rule(0, 0)
    assert rule_id and name.startswith("PIX")
    assert "R13" in ex.text(0, 0)


def test_illegal_stage_faults_with_its_rule():
    rsp, ex = spagm.Model().execute(COVMASK)  # VSA stage: not PS (R8)
    assert rsp.fault_name == "ILLEGAL_INSTR_ENCODING"
    assert ex.fault_rule[1] == "PIX_STAGE_ILLEGAL" and "R8" in ex.fault_text()


def test_state_words_are_the_cosim_load_and_read_back():
    m = ps_model(8)
    words = m.state_words("pix")
    assert (0x00, 5) in words and (0x04, 8) in words
    other = spagm.Model()
    other.load_words("pix", words)
    assert other.state_words("pix") == words and other.read_word("pix", 0x04) == 8
    with pytest.raises(spagm.SpagmError) as e:
        m.write_word("pix", 0x04, 3)  # 3 samples: not a legal count
    assert e.value.status == 1 and e.value.message


def test_packed_wire_format_round_trips():
    req = spagm.Request(spagm.assemble(COVMASK), tag=77, lane_mask=0x80000001)
    req.a[0] = list(range(32))
    req.sample[31] = 15
    bits = req.to_bits()
    assert bits >> (spagm.Request.BITS - 32) == 77  # tag: the most significant field
    assert spagm.Request.from_bits(bits) == req
    rsp, _ = ps_model().execute(COVMASK)
    assert spagm.Response.from_bits(rsp.to_bits()) == rsp
    with pytest.raises(spagm.SpagmError):
        spagm.Request.from_bits(1 << spagm.Request.BITS)


def test_compare_mask_leaves_dontcare_and_tag_out():
    rsp, _ = ps_model().execute(COVMASK)
    mask = rsp.compare_mask()
    assert mask.tag == 0 and mask.wb_valid[0] == 0xFFFFFFFF


def test_import_without_binding_names_the_fix(tmp_path):
    """`import spagm` and the pure-Python parts work without the binding."""
    import subprocess
    import sys
    import os
    pkg = os.path.dirname(os.path.dirname(spagm.errors.__file__))
    code = ("import spagm, spagm.errors\n"
            "try:\n    spagm.Model\nexcept ImportError as e:\n    print('IMPORT', e)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, env={"PYTHONPATH": pkg, "PATH": os.environ["PATH"]})
    assert out.returncode == 0, out.stderr
    assert "IMPORT" in out.stdout and "pip install ./python" in out.stdout


def test_explanation_names_a_tlds_lanes_texel_header_and_value_type():
    """A TLDS explanation carries the header it used, each lane's texel
    location (address None when out of range, R18) and the slot's number
    type (R21); a PIXLD's has none of them."""
    m = spagm.Model()
    m.write_word("tex", 0x008, 0x10000)
    m.write_word("tex", 0x010, 7)  # MaximumIndex
    h = spagm.TexHeader(components="R32", data_type="SINT", width=8, height=8, address=0x40000)
    m.set_header(3, h)
    m.set_cbank_word(0, 1, 3)
    req = spagm.Request(lane_mask=0b1_0001_0000)
    req.a[0][4], req.b[0][4] = 5, 6
    req.a[0][8], req.b[0][8] = 9, 0  # s past the 8-texel width
    rsp, ex = m.execute("TLDS.LZ RZ, R0, R2, R4, 0x1, 2D, R;", req)
    assert rsp.fault == 0
    assert ex.tex_header == 3 and ex.value_type(0) == "sint"
    assert ex.texel(4) == spagm.TexelLocation(5, 6, 0, 0, 0, 0, h.texel_address(5, 6))
    assert ex.texel(8) == spagm.TexelLocation(9, 0, 0, 0, 0, 0, None)
    assert ex.texel(0) is None
    _, pix = ps_model().execute(COVMASK)
    assert pix.tex_header is None and pix.value_type(0) == "" and pix.texel(0) is None
    with pytest.raises(spagm.SpagmError):
        ex.texel(32)
