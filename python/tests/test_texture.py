# SPDX-License-Identifier: Apache-2.0
"""Texture content from Python (spagm.TexHeader, Model.set_header,
Model.write_texel): headers and texels land where TLDS reads them, through
the model's own packing and layout code."""
import pytest

import spagm


def tex_model(header, index=1, pool=0x1000):
    m = spagm.Model()
    m.set_header_pool(pool, 15)
    m.set_header(index, header)
    m.set_cbank_word(0, index, index)  # #tsPtrIdxU13 = index reads header `index`
    return m


def test_header_is_the_image_the_pool_holds():
    h = spagm.TexHeader(components="R32_G32_B32_A32", data_type="UINT", layout="pitch",
                        pitch=256, width=16, height=2, address=0x100000)
    m = tex_model(h, index=3)
    image = h.encode()
    words = dict(m.memory_words("tex"))
    assert [words.get(0x1000 + 96 + 4 * k, 0) for k in range(8)] == \
        [int.from_bytes(image[4 * k:4 * k + 4], "little") for k in range(8)]
    back = spagm.TexHeader.decode(image)
    assert back == h and back.width == 16 and back.data_type == [4] * 4 and back.layout == 2
    assert spagm.TexHeader(components=0x01, data_type=4, layout=2, pitch=256, width=16, height=2,
                           address=0x100000).encode() == image  # numbers and names agree
    assert {"components", "msaa", "max_mip_level"} <= set(dir(h))


def test_texel_address_of_the_layout_pages_worked_example():
    """docs/texture-layout.md, "Worked example": texel (20, 10) of level 1,
    layer 0 of a 100 x 50 2D_ARRAY, 3 layers, 3 levels, 16 GOBs a block."""
    a = 0x40000
    h = spagm.TexHeader(components="A8B8G8R8", type="2D_ARRAY", width=100, height=50, depth=3,
                        max_mip_level=2, block_height_log2=4, address=a)
    assert h.texel_address(20, 10, 0, level=1) == a + 28672 + 2048 + 512 + 96
    assert h.texel_address(0, 0, 1) == a + 40960  # the layer stride
    assert h.texel_bytes == 4 and h.samples == 1


def test_tlds_reads_each_level_written():
    """A block-linear mipmapped 2D texture, every texel of every level its
    own value: TLDS.LL reads lane l's (x, y) at LOD l % 4."""
    h = spagm.TexHeader(components="R32", data_type="UINT", width=40, height=20, max_mip_level=3,
                        view_max_level=3, block_height_log2=1, address=0x200000)
    m = tex_model(h)
    for lv in range(4):
        for y in range(max(1, 20 >> lv)):
            for x in range(max(1, 40 >> lv)):
                m.write_texel(h, x, y, level=lv, data=(x | y << 8 | lv << 16).to_bytes(4, "little"))
    req = spagm.Request()
    req.a = [list(range(32)), [lane % 2 for lane in range(32)]]
    req.b[0] = [lane % 4 for lane in range(32)]
    rsp, ex = m.execute("TLDS.LL RZ, R0, R4, R6, 0x1, 2D, R;", req)
    want = [lane | (lane % 2) << 8 | (lane % 4) << 16 if lane < 40 >> (lane % 4) else 0
            for lane in range(32)]
    assert rsp.fault_name == "NONE" and rsp.wb_value[0] == want


def test_tlds_reads_each_sample_written():
    """A 2X2 multisampled texture: TLDS.LZ.MS reads sample Rb of (s, t)."""
    h = spagm.TexHeader(components="R32", data_type="UINT", width=4, height=4, msaa="2X2",
                        address=0x200000)
    assert h.samples == 4
    m = tex_model(h, index=0)
    for s in range(4):
        for y in range(4):
            for x in range(4):
                m.write_texel(h, x, y, sample=s, data=(x | y << 8 | s << 20).to_bytes(4, "little"))
    req = spagm.Request()
    req.a = [[lane % 4 for lane in range(32)], [(lane // 4) % 4 for lane in range(32)]]
    req.b[0] = [lane // 8 for lane in range(32)]
    rsp, _ = m.execute("TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;", req)
    assert rsp.wb_value[0] == [lane % 4 | ((lane // 4) % 4) << 8 | (lane // 8) << 20
                               for lane in range(32)]


def test_bad_header_and_texel_are_refused_naming_what():
    with pytest.raises(spagm.SpagmError, match=r"TexHeader.components: 'RGB9' is none of .*A8B8G8R8"):
        spagm.TexHeader(components="RGB9")
    with pytest.raises(spagm.SpagmError, match=r"TexHeader.source takes one value or four, not 3"):
        spagm.TexHeader(source=["R", "G", "B"])
    with pytest.raises(AttributeError, match="no field 'widht'"):
        spagm.TexHeader(widht=4)
    with pytest.raises(spagm.SpagmError) as e:
        spagm.TexHeader(address=0x100, layout="blocklinear").encode()  # not a multiple of 512
    assert "address" in e.value.message
    h = spagm.TexHeader(components="R32", width=4, height=4)
    with pytest.raises(spagm.SpagmError, match=r"texel \(4, 0, 0\) outside 4x4x1 at level 0"):
        h.texel_address(4, 0)
    with pytest.raises(spagm.SpagmError, match="a texel of this format is 4 bytes, not 2"):
        spagm.Model().write_texel(h, 0, 0, data=b"\x01\x02")


def test_predictor_takes_a_texheader_after_the_pool():
    h = spagm.TexHeader(components="R32", width=4, height=4, address=0x200000)
    p = spagm.Predictor("tex")
    with pytest.raises(spagm.SpagmError):
        p.set_header(1, h)  # before the pool is configured
    p.cfg_write(0x008, 0x1000)
    p.set_header(1, h)
    words = dict(p.model.memory_words("tex"))
    image = b"".join(words.get(0x1020 + 4 * k, 0).to_bytes(4, "little") for k in range(8))
    assert image == h.encode()
