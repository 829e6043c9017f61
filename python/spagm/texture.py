# SPDX-License-Identifier: Apache-2.0
"""Texture content as a user builds it (docs/texture-layout.md): a texture
header (TIC) from named fields, and texels placed where TLDS reads them,
through the model's own header packing and layout code (spagm/tex.h), so a
testbench never re-derives block-linear, mipmap, array or MSAA addressing.

A testbench builds the content in a ``Model`` (the predictor's, or one of
its own) and gives its DUT the same bytes: ``model.memory_words("tex")`` is
every non-zero 32-bit word of texture memory, as the examples load their
memory port (spagm.cocotb.TextureMemory.load).
"""
from typing import Iterable, List, Sequence, Tuple, Union

from ._lib import arg_error, ffi, lib, new_diag, raise_for

__all__ = ["TexHeader"]

# The named values of each enumerated field: name -> C enum prefix.
_ENUM_FIELDS = {"components": "SPAGM_TEXFMT_", "data_type": "SPAGM_TEXDT_",
                "source": "SPAGM_TEXSRC_", "layout": "SPAGM_TEXLAYOUT_", "type": "SPAGM_TEXTYPE_",
                "msaa": "SPAGM_TEXMS_"}
_FIELDS = ("components", "data_type", "source", "layout", "address", "pitch",
           "block_height_log2", "block_depth_log2", "max_mip_level", "width", "height", "depth",
           "type", "srgb", "view_min_level", "view_max_level", "msaa")


def _names(prefix: str) -> List[str]:
    return [k[len(prefix):] for k in dir(lib) if k.startswith(prefix)]


def _value(field: str, v: Union[int, str]) -> int:
    """A field's number from a number or a name ("A8B8G8R8", "blocklinear")."""
    prefix = _ENUM_FIELDS.get(field)
    if isinstance(v, str) and prefix is not None:
        name = prefix + v.upper().replace("-", "_")
        if not hasattr(lib, name):
            raise arg_error(f"TexHeader.{field}: {v!r} is none of {', '.join(_names(prefix))}")
        return int(getattr(lib, name))
    if isinstance(v, bool) and field != "srgb" or not isinstance(v, int):
        raise arg_error(f"TexHeader.{field} takes an int{' or a name' if prefix else ''}, "
                        f"not {type(v).__name__}")
    if v < 0:
        raise arg_error(f"TexHeader.{field}: {v} is negative")
    return v


class TexHeader:
    """A texture header (spagm_tic): ``TexHeader(components="A8B8G8R8",
    data_type="UNORM", layout="BLOCKLINEAR", type="2D_ARRAY", width=64,
    height=32, depth=4, max_mip_level=3, view_max_level=3, msaa="1X1",
    address=0x10000)``. Fields not given keep spagm_tic_init's values (a
    1x1 2D block-linear A8B8G8R8 UNORM texture at address 0, swizzle RGBA,
    one level). Enumerated fields take a number or its name (docs/
    texture-layout.md, section 2); ``data_type`` and ``source`` take one
    value for all four components or four. ``cdata`` is the C struct."""

    __slots__ = ("cdata",)

    def __init__(self, **fields):
        """The header of spagm_tic_init, then ``fields``."""
        object.__setattr__(self, "cdata", ffi.new("spagm_tic *"))
        lib.spagm_tic_init(self.cdata)
        for k, v in fields.items():
            setattr(self, k, v)

    def __getattr__(self, name):
        if name not in _FIELDS:
            raise AttributeError(f"TexHeader has no field {name!r}")
        v = getattr(object.__getattribute__(self, "cdata"), name)
        return list(v) if name in ("data_type", "source") else v

    def __setattr__(self, name, value):
        if name not in _FIELDS:
            raise AttributeError(f"TexHeader has no field {name!r}")
        c = self.cdata
        if name in ("data_type", "source"):
            vals = [value] * 4 if isinstance(value, (int, str)) else list(value)
            if len(vals) != 4:
                raise arg_error(f"TexHeader.{name} takes one value or four, not {len(vals)}")
            nums = [_value(name, v) for v in vals]
            for i, n in enumerate(nums):
                if n >= 8:
                    raise arg_error(f"TexHeader.{name}[{i}]: {n} does not fit 3 bits")
                getattr(c, name)[i] = n
            return
        n = _value(name, value)
        try:
            setattr(c, name, bool(n) if name == "srgb" else n)
        except OverflowError:
            raise arg_error(f"TexHeader.{name}: {n} does not fit the field") from None

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(_FIELDS))

    def __eq__(self, other):
        return isinstance(other, TexHeader) and self.encode() == other.encode()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self):
        return "TexHeader(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in _FIELDS) + ")"

    def encode(self) -> bytes:
        """The 32-byte header image, as TLDS reads it from the header pool
        (spagm_tic_encode); SpagmError naming the field that does not fit
        or is misaligned."""
        out = ffi.new("uint8_t[32]")
        d = new_diag()
        raise_for(lib.spagm_tic_encode(self.cdata, out, d), d, "TexHeader.encode")
        return bytes(ffi.buffer(out))

    @classmethod
    def decode(cls, image: bytes) -> "TexHeader":
        """The header of a 32-byte image (fields the model does not use are dropped)."""
        if not isinstance(image, (bytes, bytearray)) or len(image) != 32:
            raise arg_error("TexHeader.decode takes the 32 bytes of a header")
        h = cls()
        raise_for(lib.spagm_tic_decode(bytes(image), h.cdata), None, "TexHeader.decode")
        return h

    @property
    def texel_bytes(self) -> int:
        """Bytes of one texel of this format (0: a format the model does not convert)."""
        return int(lib.spagm_tex_texel_bytes(self.cdata.components))

    @property
    def samples(self) -> int:
        """Samples per pixel of the header's MSAA mode (R20)."""
        n = ffi.new("unsigned *")
        if not lib.spagm_tex_msaa_grid(self.cdata.msaa, n, ffi.NULL, ffi.NULL):
            raise arg_error(f"TexHeader.msaa: {self.cdata.msaa} is a reserved mode")
        return int(n[0])

    def texel_address(self, x: int, y: int = 0, z: int = 0, level: int = 0,
                      sample: int = 0) -> int:
        """The byte address of texel (x, y, z) of ``level``, ``sample``: z is
        the slice of a 3D texture or the layer of an array (the layout code
        TLDS uses, docs/texture-layout.md). SpagmError for a coordinate,
        level, layer or sample out of range."""
        va = ffi.new("uint64_t *")
        d = new_diag()
        raise_for(lib.spagm_tex_texel_address(self.cdata, *_coords(x, y, z, level, sample), va, d),
                  d, "TexHeader.texel_address")
        return int(va[0])


def _coords(x, y, z, level, sample) -> Tuple[int, int, int, int, int]:
    out = []
    for name, v in (("x", x), ("y", y), ("z", z), ("level", level), ("sample", sample)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 1 << 32:
            raise arg_error(f"texel {name} must be an int in 0..2^32-1, not {v!r}")
        out.append(v)
    return out[0], out[1], out[2], out[3], out[4]


def set_header_pool(model_ptr, base: int, max_index: int) -> None:
    raise_for(lib.spagm_tex_set_header_pool(model_ptr, base, max_index), None,
              "spagm_tex_set_header_pool")


def set_header(model_ptr, index: int, header: TexHeader) -> None:
    if not isinstance(header, TexHeader):
        raise arg_error(f"set_header takes a spagm.TexHeader, not {type(header).__name__}")
    d = new_diag()
    raise_for(lib.spagm_tex_set_header(model_ptr, index, header.cdata, d), d, "set_header")


def write_texel(model_ptr, header: TexHeader, coords: Sequence[int], data: bytes) -> None:
    if not isinstance(header, TexHeader):
        raise arg_error(f"write_texel takes a spagm.TexHeader, not {type(header).__name__}")
    n = header.texel_bytes
    if not isinstance(data, (bytes, bytearray)) or len(data) != n or n == 0:
        raise arg_error(f"write_texel: a texel of this format is {n} bytes, not "
                        f"{len(data) if isinstance(data, (bytes, bytearray)) else type(data).__name__}")
    d = new_diag()
    raise_for(lib.spagm_tex_texel_write(model_ptr, header.cdata, *_coords(*coords), bytes(data),
                                        d), d, "write_texel")
