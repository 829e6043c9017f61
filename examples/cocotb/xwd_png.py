# SPDX-License-Identifier: Apache-2.0
"""An X window dump (XWD version 7, the format Xvfb -fbdir keeps its screen
in) as RGB pixels and as a PNG, with the standard library only: the GTKWave
test's screenshot (test_cocotb_units.py, test_waves_open_in_gtkwave) needs
no image package."""
import struct
import zlib

_FIELDS = 25  # CARD32s of the XWD header before the window name


def xwd_rgb(xwd: bytes):
    """(width, height, rgb) of a TrueColor dump with 8-bit channels at byte
    boundaries (Xvfb's 24-bit depth, 32 bits per pixel); ValueError otherwise."""
    if len(xwd) < _FIELDS * 4:
        raise ValueError("XWD: shorter than its header")
    h = struct.unpack(f">{_FIELDS}I", xwd[:_FIELDS * 4])
    size, version, width, height, byte_order = h[0], h[1], h[4], h[5], h[7]
    bpp, bpl, masks, ncolors = h[11], h[12], h[14:17], h[19]
    step = bpp // 8
    if version != 7 or bpp not in (24, 32) or not width or not height:
        raise ValueError(f"XWD: version {version}, {bpp} bits per pixel: not a TrueColor dump")
    shifts = [(m & -m).bit_length() - 1 for m in masks]
    if any(m >> s != 0xFF or s % 8 for m, s in zip(masks, shifts)):
        raise ValueError(f"XWD: channel masks {[hex(m) for m in masks]} are not whole bytes")
    # Byte offset of each channel inside a pixel, by the dump's byte order.
    offs = [s // 8 if byte_order == 0 else step - 1 - s // 8 for s in shifts]
    start = size + ncolors * 12
    if len(xwd) < start + bpl * height:
        raise ValueError("XWD: truncated pixel data")
    rgb = bytearray(width * height * 3)
    for y in range(height):
        line = xwd[start + y * bpl:start + y * bpl + width * step]
        row = y * width * 3
        for c, off in enumerate(offs):
            rgb[row + c:row + width * 3:3] = line[off::step]
    return width, height, bytes(rgb)


def png(width: int, height: int, rgb: bytes) -> bytes:
    """8-bit RGB pixels, row by row, as PNG bytes."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    rows = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))
