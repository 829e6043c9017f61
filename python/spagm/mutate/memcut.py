# SPDX-License-Identifier: Apache-2.0
"""Memories taken out of the formal check's miter (formal.py; docs/mutate.md,
"Proving survivors"; rulings N473-N476).

A memory of the unit (a Yosys `$mem_v2` cell after `memory_collect`) that
would become thousands of registers under `memory_map` is replaced in each
copy of the miter, on the RTLIL text Yosys writes after elaboration, by one
of two models:

- **cut** (the proof): the cell is removed; what the copy asks of the
  memory becomes outputs of the copy, compared by the miter like the
  unit's outputs (per write port: the bit enables, the address when a bit
  is enabled, the data of the enabled bits; per read port: the address
  when enabled), and its read data one input shared by both copies. When
  both copies issue the same memory operations in every cycle from reset,
  their memories hold the same words, so the same read data is what both
  see; a free input allows every value a memory could return and more. So
  "no output differs" holds for the real design too (equivalent), while a
  difference found with the memories cut may need read data no memory
  gives (a spurious counterexample) and is only a candidate.
- **history** (the counterexample): the cell becomes an instance of a
  small module that keeps the last K writes (address, bit enables, data)
  and answers a read with the newest written value of each bit, else 0
  (the power-on content the prepared design has, `setundef -zero -init`).
  While at most K writes have happened it is the memory exactly; the
  module raises `OVF` when a write drops an older one off, and the harness
  counts an output difference only while no copy's memory overflowed. So
  every difference found with it is one the real design shows.

Only memories with asynchronous read ports and clocked write ports (what
`memory_collect` makes of the stand-in's arrays, their read registers left
as flip-flops of the design), no wide ports and no initial content other
than x or 0 are replaced; the rest, and memories under `min_bits` bits,
stay as they are (`memory_map` later).
"""
import re
from collections import OrderedDict

PREFIX = "spagm_mem_"
OVERFLOW = "spagm_mem_overflow"


def _const_bits(text):
    """The bits (MSB first) of an RTLIL constant `N'bits`, or None."""
    m = re.fullmatch(r"(\d+)'([01xzm-]*)", text.strip())
    return m.group(2) if m else None


def _bits(text, n):
    """The bits of a parameter `n` bits wide: an RTLIL constant, or an
    integer (how RTLIL writes a 32-bit constant without x or z)."""
    bits = _const_bits(text)
    if bits is None and re.fullmatch(r"\d+", text.strip()):
        bits = bin(int(text))[2:].zfill(n)
    return bits if bits is not None else "x" * n


def _int(text):
    text = text.strip()
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    bits = _const_bits(text)
    if bits is not None and bits and set(bits) <= {"0", "1"}:
        return int(bits, 2)
    return None


class Memory:
    """One `$mem_v2` cell of a module's RTLIL text."""

    def __init__(self, name, start, end, params, conns):
        self.name, self.start, self.end = name, start, end
        self.params, self.conns = params, conns
        self.memid = params.get("MEMID", '"' + name + '"').strip('"').replace("\\\\", "\\")
        self.memid = self.memid.lstrip("\\")
        g = lambda k: _int(params.get(k, "0")) or 0  # noqa: E731
        self.width, self.size, self.abits = g("WIDTH"), g("SIZE"), g("ABITS")
        self.offset, self.rd_ports, self.wr_ports = g("OFFSET"), g("RD_PORTS"), g("WR_PORTS")

    @property
    def bits(self):
        return self.width * self.size

    def signature(self):
        """What the two copies' memory must share to be compared port by
        port: every parameter (sizes, ports, clocking, initial content)."""
        return tuple(sorted(self.params.items()))

    def why_kept(self, min_bits):
        """None when the memory can be replaced, else why not."""
        p = self.params
        if self.bits < min_bits:
            return f"{self.bits} bits, under {min_bits}"
        if self.wr_ports < 1:
            return "no write port (a ROM)"
        rd, wr = max(1, self.rd_ports), self.wr_ports
        if self.rd_ports and set(_bits(p.get("RD_CLK_ENABLE", "x"), rd)) - {"0"}:
            return "a clocked read port"
        if set(_bits(p.get("WR_CLK_ENABLE", "x"), wr)) - {"1"}:
            return "an unclocked write port"
        if set(_bits(p.get("WR_CLK_POLARITY", "x"), wr)) - {"1"}:
            return "a write port on the falling edge"
        if set(_bits(p.get("RD_WIDE_CONTINUATION", "0"), rd)) - {"0"} or \
                set(_bits(p.get("WR_WIDE_CONTINUATION", "0"), wr)) - {"0"}:
            return "a wide port"
        init = _const_bits(p.get("INIT", "1'x"))
        if init is None or set(init) - {"x", "0"}:
            return "initial content"
        return None

    def base(self):
        return PREFIX + re.sub(r"[^A-Za-z0-9_]", "_", self.memid)


def _module_span(lines, module):
    start = next((i for i, l in enumerate(lines) if l.strip() == f"module \\{module}"), None)
    if start is None:
        raise ValueError(f"no module {module} in the RTLIL text")
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == "end")
    return start, end


def memories(il_text, module):
    """The `$mem_v2` cells of `module` in RTLIL text, in text order."""
    lines = il_text.split("\n")
    start, end = _module_span(lines, module)
    out, i = [], start
    while i < end:
        s = lines[i].strip()
        if s.startswith("cell $mem_v2 "):
            name = s.split()[2]
            j, params, conns = i + 1, OrderedDict(), OrderedDict()
            while lines[j].strip() != "end":
                w = lines[j].strip().split(None, 2)
                if w[0] == "parameter":
                    params[w[1].lstrip("\\")] = w[2] if len(w) > 2 else ""
                elif w[0] == "connect":
                    conns[w[1].lstrip("\\")] = w[2]
                j += 1
            a = i
            while a > start and lines[a - 1].strip().startswith("attribute "):
                a -= 1
            out.append(Memory(name, a, j, params, conns))
            i = j
        i += 1
    return out


def chosen(il_text, module, min_bits):
    """{memid: Memory} of the memories to replace, and [(memid, why)] kept."""
    take, kept = OrderedDict(), []
    for m in memories(il_text, module):
        why = m.why_kept(min_bits)
        if why:
            kept.append((m.memid, why))
        else:
            take[m.memid] = m
    return take, kept


class _Writer:
    """New wires, cells and connections for one module's RTLIL text."""

    def __init__(self, next_port):
        self.wires, self.cells, self.conns, self.port = [], [], [], next_port
        self.ports = OrderedDict()   # name -> (direction, width)

    def wire(self, name, width, direction=None):
        if direction:
            self.port += 1
            self.wires.append(f"  wire width {width} {direction} {self.port} \\{name}")
            self.ports[name] = (direction, width)
        else:
            self.wires.append(f"  wire width {width} \\{name}")
        return "\\" + name

    def cell(self, kind, name, params, conns):
        self.cells.append(f"  cell ${kind} \\{name}")
        self.cells += [f"    parameter \\{k} {v}" for k, v in params.items()]
        self.cells += [f"    connect \\{k} {v}" for k, v in conns.items()]
        self.cells.append("  end")

    def instance(self, module, name, conns):
        self.cells.append(f"  cell \\{module} \\{name}")
        self.cells += [f"    connect \\{k} {v}" for k, v in conns.items()]
        self.cells.append("  end")

    def connect(self, lhs, rhs):
        self.conns.append(f"  connect {lhs} {rhs}")


def _zero(n):
    return f"{n}'" + "0" * n


def _port_bus(w, m, b, key, width):
    """A wire holding the cell's connection `key` whole, to slice."""
    name = w.wire(f"{b}_{key}", width)
    w.connect(name, m.conns[key])
    return name


def _cut_one(w, m):
    """The cut model of memory `m` (module comment): compared ports and the
    shared read data."""
    b, W, A = m.base(), m.width, m.abits
    en = _port_bus(w, m, b, "WR_EN", W * m.wr_ports)
    addr = _port_bus(w, m, b, "WR_ADDR", A * m.wr_ports)
    data = _port_bus(w, m, b, "WR_DATA", W * m.wr_ports)
    for p in range(m.wr_ports):
        en_p, a_p, d_p = (f"{en} [{W * (p + 1) - 1}:{W * p}]",
                          f"{addr} [{A * (p + 1) - 1}:{A * p}]",
                          f"{data} [{W * (p + 1) - 1}:{W * p}]")
        any_p = w.wire(f"{b}_wr{p}_any", 1)
        w.cell("reduce_or", f"{b}_wr{p}_any_c",
               OrderedDict([("A_SIGNED", 0), ("A_WIDTH", W), ("Y_WIDTH", 1)]),
               OrderedDict([("A", en_p), ("Y", any_p)]))
        w.connect(w.wire(f"{b}_wr{p}_en", W, "output"), en_p)
        w.cell("mux", f"{b}_wr{p}_addr_c", OrderedDict([("WIDTH", A)]),
               OrderedDict([("A", _zero(A)), ("B", a_p), ("S", any_p),
                            ("Y", w.wire(f"{b}_wr{p}_addr", A, "output"))]))
        w.cell("and", f"{b}_wr{p}_data_c",
               OrderedDict([("A_SIGNED", 0), ("B_SIGNED", 0), ("A_WIDTH", W),
                            ("B_WIDTH", W), ("Y_WIDTH", W)]),
               OrderedDict([("A", d_p), ("B", en_p),
                            ("Y", w.wire(f"{b}_wr{p}_data", W, "output"))]))
    if m.rd_ports:
        ra = _port_bus(w, m, b, "RD_ADDR", A * m.rd_ports)
        re_ = _port_bus(w, m, b, "RD_EN", m.rd_ports)
        for p in range(m.rd_ports):
            w.cell("mux", f"{b}_rd{p}_addr_c", OrderedDict([("WIDTH", A)]),
                   OrderedDict([("A", _zero(A)), ("B", f"{ra} [{A * (p + 1) - 1}:{A * p}]"),
                                ("S", f"{re_} [{p}]"),
                                ("Y", w.wire(f"{b}_rd{p}_addr", A, "output"))]))
        w.connect(m.conns["RD_DATA"], w.wire(f"{b}_rd_data", W * m.rd_ports, "input"))


def history_module(m, depth):
    """The Verilog of the history model of `m` (module comment): its name
    and text. The name holds every size, so copies share the module."""
    W, A, WP, RP, K = m.width, m.abits, m.wr_ports, max(1, m.rd_ports), max(2, depth)
    name = f"spagm_hist_w{W}_a{A}_s{m.size}_o{m.offset}_wp{WP}_rp{RP}_k{K}"
    text = f"""module {name} (
  input wire clk,
  input wire [{WP * W - 1}:0] WR_EN,
  input wire [{WP * A - 1}:0] WR_ADDR,
  input wire [{WP * W - 1}:0] WR_DATA,
  input wire [{RP * A - 1}:0] RD_ADDR,
  output reg [{RP * W - 1}:0] RD_DATA,
  output reg OVF);
  // The last {K} writes, newest at slot 0: address, bit enables, data.
  reg [{K * A - 1}:0] ha, na;
  reg [{K * W - 1}:0] he, ne, hd, nd;
  reg no;
  reg [{W - 1}:0] v;
  integer p, r, i;
  initial begin ha = 0; he = 0; hd = 0; OVF = 0; end
  always @* begin
    na = ha; ne = he; nd = hd; no = OVF;
    for (p = 0; p < {WP}; p = p + 1)
      if (|WR_EN[p * {W} +: {W}] && WR_ADDR[p * {A} +: {A}] >= {m.offset}
          && WR_ADDR[p * {A} +: {A}] < {m.offset + m.size}) begin
        if (|ne[{(K - 1) * W} +: {W}]) no = 1'b1;
        na = {{na[{(K - 1) * A - 1}:0], WR_ADDR[p * {A} +: {A}]}};
        ne = {{ne[{(K - 1) * W - 1}:0], WR_EN[p * {W} +: {W}]}};
        nd = {{nd[{(K - 1) * W - 1}:0], WR_DATA[p * {W} +: {W}]}};
      end
  end
  always @(posedge clk) begin
    ha <= na; he <= ne; hd <= nd; OVF <= no;
  end
  always @* begin
    for (r = 0; r < {RP}; r = r + 1) begin
      v = {W}'d0;
      for (i = {K - 1}; i >= 0; i = i - 1)
        if (ha[i * {A} +: {A}] == RD_ADDR[r * {A} +: {A}])
          v = (v & ~he[i * {W} +: {W}]) | (hd[i * {W} +: {W}] & he[i * {W} +: {W}]);
      RD_DATA[r * {W} +: {W}] = v;
    end
  end
endmodule
"""
    return name, text


def _history_one(w, m, depth):
    """The history model of memory `m`: an instance; its overflow wire."""
    name, _ = history_module(m, depth)
    b = m.base()
    ovf = w.wire(f"{b}_ovf", 1)
    clk = m.conns["WR_CLK"].strip()
    if clk.startswith("{"):
        clk = clk.strip("{} ").split()[0]
    rd_data = m.conns["RD_DATA"] if m.rd_ports else w.wire(f"{b}_rd_unused", m.width)
    rd_addr = m.conns["RD_ADDR"] if m.rd_ports else _zero(m.abits)
    w.instance(name, f"{b}_hist", OrderedDict([
        ("clk", clk), ("WR_EN", m.conns["WR_EN"]), ("WR_ADDR", m.conns["WR_ADDR"]),
        ("WR_DATA", m.conns["WR_DATA"]), ("RD_ADDR", rd_addr), ("RD_DATA", rd_data),
        ("OVF", ovf)]))
    return ovf


def replace(il_text, module, take, model, depth=0):
    """`il_text` with the memories `take` ({memid: Memory} of this text) of
    `module` replaced by `model` ("cut" or "history"): (text, {port:
    (direction, width)} added). History adds one output, OVERFLOW."""
    lines = il_text.split("\n")
    start, end = _module_span(lines, module)
    ports = [int(m.group(1)) for l in lines[start:end]
             for m in [re.match(r"\s*wire .*\b(?:input|output|inout) (\d+) ", l)] if m]
    w = _Writer(max(ports, default=0))
    drop = set()
    ovfs = []
    for m in memories(il_text, module):
        if m.memid not in take:
            continue
        drop.update(range(m.start, m.end + 1))
        if model == "cut":
            _cut_one(w, m)
        else:
            ovfs.append(_history_one(w, m, depth))
    if model == "history":
        o = w.wire(OVERFLOW, 1, "output")
        if ovfs:
            w.cell("reduce_or", "spagm_mem_overflow_c",
                   OrderedDict([("A_SIGNED", 0), ("A_WIDTH", len(ovfs)), ("Y_WIDTH", 1)]),
                   OrderedDict([("A", "{ " + " ".join(ovfs) + " }"), ("Y", o)]))
        else:
            w.connect(o, "1'0")
    body = [l for i, l in enumerate(lines[start + 1:end], start + 1) if i not in drop]
    # New wires first (an RTLIL name is declared before it is used), the
    # cells and connections last.
    new = lines[:start + 1] + w.wires + body + w.cells + w.conns + lines[end:]
    return "\n".join(new), w.ports
