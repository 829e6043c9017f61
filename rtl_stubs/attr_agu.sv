// SPDX-License-Identifier: Apache-2.0
// attr_agu: address generation of one lane (combinational).
//
// Turns the lane's operands into up to four access descriptors
// (attr_pkg::acc_t), one per component, plus its VTX_OUT_OF_RANGE flag and
// its AL2P predicate. The address stage instantiates LANES_PER_CYCLE of
// these. The rules, by instruction (ALD.txt, AST.txt, ISBE-layout.txt,
// DESIGN R1-R12, spec-notes N20-N34):
//
// Address: (Ra, or 0 for RZ) + immediate as a signed value, LSBs dropped
// for the size (.32 two, .64 three, .96/.128 four; R10). Component i is at
// address + 4i and is checked on its own (R4).
//
// ALD, immediate or .PHYS form. The attribute is address / 4, or for .PHYS
// the attribute of rank Ra[17:10] in the BMAP (R7, N31; Ra loses [1:0]).
// The handle is the implicit vertex in VSA/VSB, Rb in GS/TI/TS (RZ: 0),
// and the lane's primitive for PRIMITIVE_ID (N27). Per component, first
// that applies: address outside 0..1023 -> 0 (R4); handle >= vertex count
// -> 0 and a trap when enabled (R9, N25, N34); BMAP 0 (or an unmapped
// .PHYS result) -> the default of the address (R3); else the ISBE word,
// with its write status and, for .I, the HW value of an unwritten HW
// attribute (R2): resolved in the memory stage.
// ALD.P: the patch region of the space, address < 4 x patch words, no
// BMAP, no handle (R4, N34); outside -> 0.
//
// AST: .P stores go to the output space's patch region (R4); in GS the
// store goes to the lane's GS buffer word index * N + rank, index = Rc[15:0]
// (R12, N26), dropped when index >= MaxOutputVertexCount, the BMAP bit is 0
// or the word is past 1024; otherwise to the output ISBE space at the
// lane's implicit vertex (N25: out of range drops every component and
// traps), BMAP 0 or out of bounds dropping the component.
//
// AL2P (R7, N30): result [9:0] address, [17:10] rank, bit 31 when the base
// is unmapped or outside 0..1023; Pd = every component in range and mapped.
//
// ISBERD (N29): Ra is a byte offset into the region (MAP, PATCH, PRIM, or
// ATTR in the physical SKEW layout with .SKEW), aligned to the access size;
// ATTR without .SKEW is the vertex-major view translated through
// attr_vdiv. An access past the region reads 0.
module attr_agu
  import attr_pkg::*;
(
  // instruction
  input  logic          op_ald,
  input  logic          op_ast,
  input  logic          op_al2p,
  input  logic          op_isberd,
  input  logic [1:0]    size,
  input  logic          patch,
  input  logic          phys,
  input  logic          hw_allowed,    // ALD.I: HW values replace unwritten words
  input  logic          ra_rz,
  input  logic [33:0]   imm,
  input  logic          vs,
  input  logic          rb_rz,
  input  logic          gs_store,
  input  logic [1:0]    region,
  input  logic          skew,
  // lane
  input  logic [4:0]    lane,
  input  logic          active,
  input  logic [31:0]   ra,
  input  logic [31:0]   rb,
  input  logic [31:0]   rc,
  input  logic [31:0]   vertex,
  input  logic [31:0]   primitive_index,
  input  logic [127:0]  data,          // store data, component i at [32i +: 32]
  // configuration
  input  logic [8:0]    vertex_count,
  input  logic          trap_enable,
  input  logic [7:0]    patch_words,
  input  logic [10:0]   gs_max,
  input  logic [255:0]  bmap,          // BMAP of the space the instruction uses
  input  logic [71:0]   pre,
  input  logic [8:0]    n,
  input  logic [8191:0] defaults,
  // injected defects
  input  logic          bug_rank_off_by_one,
  input  logic          bug_default_w_zero,
  input  logic          bug_skew_drops_n,
  input  logic          bug_vertex_range_off_by_one,
  input  logic          bug_al2p_pd_base_only,
  input  logic          bug_trap_ignores_enable,
  input  logic          bug_patch_bound_max,
  // results
  output logic [4*ACC_W-1:0] acc,      // component i at [ACC_W*i +: ACC_W]
  output logic          trap_hit,
  output logic          pd_bit
);

  // Patch region size in words (R4); the defect attr_patch_bound_max checks
  // against the largest patch instead.
  logic [7:0] patch_limit;
  assign patch_limit = bug_patch_bound_max ? 8'd128 : patch_words;

  // ---- Address (R5, R10) ---------------------------------------------------------
  logic [33:0] ra_s, sum, base, drop;

  assign ra_s = ra_rz ? 34'd0 : {{2{ra[31]}}, ra};
  assign sum = ra_s + imm;
  assign drop = size == 2'd0 ? 34'h3 : size == 2'd1 ? 34'h7 : 34'hF;
  assign base = sum & ~drop;   // rounds down: negative stays negative (R4)

  // ---- .PHYS operand (R7, N31) -------------------------------------------------------
  logic [31:0] phys_r;
  logic [7:0]  phys_rank, phys_attr;
  logic        phys_unmapped;

  assign phys_r = {ra[31:2], 2'b00};
  assign phys_rank = phys_r[17:10];
  assign phys_unmapped = phys_r[31] || {1'b0, phys_rank} >= n;
  // R7 defines nothing in [30:18].
  logic unused_phys_bits;
  assign unused_phys_bits = ^{phys_r[30:18], phys_r[1:0]};

  // Operand isolation: the selector sees a rank only for .PHYS, so its
  // inputs stand still for other instructions (on Icarus its loops ran for
  // every lane group).
  attr_select u_select (
    .bmap(phys ? bmap : 256'd0), .pre(phys ? pre : 72'd0), .rank(phys ? phys_rank : 8'd0),
    .attr(phys_attr));

  // ---- Handles ---------------------------------------------------------------------
  // ALD: implicit vertex in a vertex stage, else Rb (RZ: handle 0, R8).
  logic [31:0] ald_vertex;
  assign ald_vertex = vs ? vertex : (rb_rz ? 32'd0 : rb);

  // AST outside GS writes the lane's own (implicit) vertex (AST.txt, N25).
  logic ast_vertex_ok;
  assign ast_vertex_ok = bug_vertex_range_off_by_one ? vertex <= {23'd0, vertex_count}
                                                     : vertex < {23'd0, vertex_count};

  // GS output vertex index (R12).
  logic [15:0] gs_index;
  logic        gs_index_ok;
  assign gs_index = rc[15:0];
  // Rc above [15:0] is the opaque part of the GS state (AST.txt).
  logic unused_gs_state;
  assign unused_gs_state = ^rc[31:16];
  assign gs_index_ok = {1'b0, gs_index} < {6'd0, gs_max};

  // Descriptors are assembled field by field in continuous assignments,
  // not by functions: on Icarus a function in a continuous assignment runs
  // as a thread of its own a delta later, and these change every lane
  // group. Fields a kind does not use are 0.
  //   K_NONE   value: the result
  //   K_PLAIN  bank, row: byte address [6:2], [18:7]; attr: [1:0]
  //   K_ATTR   bank, row from the R1 SKEW offset; group: handle / 32;
  //            attr; hw: an unwritten word returns the HW value (R2)
  //   K_GS     bank: the lane; row: the GS buffer word

  // ---- Components ---------------------------------------------------------------------
  logic [3:0]  comp_trap, comp_mapped_in_range;
  logic [7:0]  base_rank;          // rank of the base address (AL2P)
  logic [4*ACC_W-1:0] vec_acc;     // ALD / AST components

  for (genvar i = 0; i < 4; i++) begin : g_comp
    logic [33:0] a;
    logic        in_attr, in_patch, used;
    logic [7:0]  imm_attr, v_attr, v_rank;
    logic [8:0]  imm_rank;
    logic        v_mapped, v_oob;
    logic [31:0] handle, dflt, store_data;
    logic        handle_ok;
    logic [18:0] patch_addr;
    logic [17:0] gs_base, gs_word;
    logic        gs_ok;

    assign a = base + 34'(4 * i);
    assign in_attr = !a[33] && a[32:10] == 23'd0;                       // 0..1023 (R4)
    assign in_patch = !a[33] && a[32:0] < {23'd0, patch_limit, 2'b00};  // R4
    assign imm_attr = a[9:2];
    // .PHYS is scalar (R6): with a vector size only component 0 exists.
    assign used = i <= int'(size) && !(phys && i != 0);

    attr_rank u_rank (
      .bmap(bmap), .pre(pre), .attr(imm_attr),
      .bug_include_self(bug_rank_off_by_one), .rank(imm_rank));
    if (i == 0) begin : g_base_rank
      assign base_rank = imm_rank[7:0];
    end
    // A rank is below 256 (the defect attr_rank_off_by_one can reach 256).
    logic unused_rank_msb;
    assign unused_rank_msb = imm_rank[8];

    assign v_attr = phys ? (phys_unmapped ? phys_r[9:2] : phys_attr) : imm_attr;
    assign v_rank = phys ? phys_rank : imm_rank[7:0];
    assign v_mapped = phys ? !phys_unmapped : bmap[imm_attr];
    assign v_oob = !phys && !in_attr;
    assign comp_mapped_in_range[i] = in_attr && bmap[imm_attr];

    // ALD: PRIMITIVE_ID uses the primitive handle (N27).
    assign handle = v_attr == ATTR_PRIMITIVE_ID ? primitive_index : ald_vertex;
    assign handle_ok = bug_vertex_range_off_by_one ? handle <= {23'd0, vertex_count}
                                                   : handle < {23'd0, vertex_count};
    assign dflt = (bug_default_w_zero && v_attr == 8'h1F) ? 32'd0 : defaults[32*v_attr +: 32];
    assign store_data = data[32*i +: 32];
    assign patch_addr = {ROW_PATCH, 7'd0} + {10'd0, a[8:0]};

    // R12 / N26: index below MaxOutputVertexCount, BMAP 1, word < 1024.
    assign gs_base = {8'd0, gs_index[9:0]} * {9'd0, n};
    assign gs_word = gs_base + {10'd0, v_rank};
    assign gs_ok = gs_index_ok && v_mapped && !v_oob && gs_index[15:10] == 6'd0 &&
                   gs_word < 18'd1024;

    // Candidate descriptors, then the one the instruction and checks pick.
    acc_t d_zero, d_patch, d_default, d_ald, d_ast, d_gs, d;
    logic [17:0] off_ald, off_ast;
    logic [3:0]  hk;
    assign d_zero = '0;

    assign d_patch.kind = K_PLAIN;
    assign d_patch.bank = patch_addr[6:2];
    assign d_patch.row = patch_addr[18:7];
    assign d_patch.group = 3'd0;
    assign d_patch.attr = {6'd0, patch_addr[1:0]};
    assign d_patch.hw = 1'b0;
    assign d_patch.value = op_ast ? store_data : 32'd0;

    assign d_default.kind = K_NONE;
    assign d_default.bank = 5'd0;
    assign d_default.row = 12'd0;
    assign d_default.group = 3'd0;
    assign d_default.attr = 8'd0;
    assign d_default.hw = 1'b0;
    assign d_default.value = dflt;

    // ALD reads the handle's word, AST writes the lane's own vertex.
    attr_skew u_skew_ald (
      .v(handle[7:0]), .k(v_rank), .n(n), .drop_n(bug_skew_drops_n), .offset(off_ald));
    attr_skew u_skew_ast (
      .v(vertex[7:0]), .k(v_rank), .n(n), .drop_n(bug_skew_drops_n), .offset(off_ast));
    assign hk = HW_KINDS[4*v_attr +: 4];

    assign d_ald.kind = K_ATTR;
    assign d_ald.bank = off_ald[6:2];
    assign d_ald.row = {1'b0, off_ald[17:7]};
    assign d_ald.group = handle[7:5];
    assign d_ald.attr = v_attr;
    assign d_ald.hw = hw_allowed && hk[3];
    assign d_ald.value = 32'd0;

    assign d_ast.kind = K_ATTR;
    assign d_ast.bank = off_ast[6:2];
    assign d_ast.row = {1'b0, off_ast[17:7]};
    assign d_ast.group = vertex[7:5];
    assign d_ast.attr = v_attr;
    assign d_ast.hw = 1'b0;
    assign d_ast.value = store_data;

    assign d_gs.kind = K_GS;
    assign d_gs.bank = lane;
    assign d_gs.row = {2'd0, gs_word[9:0]};
    assign d_gs.group = 3'd0;
    assign d_gs.attr = 8'd0;
    assign d_gs.hw = 1'b0;
    assign d_gs.value = store_data;

    // Words are aligned; the HW kind itself is the memory stage's.
    logic unused_desc_bits;
    assign unused_desc_bits = ^{off_ald[1:0], off_ast[1:0], hk[2:0]};

    assign d = (!active || !used) ? d_zero
             : patch ? (in_patch ? d_patch : d_zero)                      // ALD.P / AST.P
             : op_ald ? ((v_oob || !handle_ok) ? d_zero                   // R4, R9
                         : !v_mapped ? d_default                          // R3
                                     : d_ald)
             : !op_ast ? d_zero
             : gs_store ? (gs_ok ? d_gs : d_zero)
             : (ast_vertex_ok && v_mapped && !v_oob) ? d_ast : d_zero;

    assign vec_acc[ACC_W*i +: ACC_W] = d;
    // R9 / N34: an ALD component whose handle is out of range.
    assign comp_trap[i] = active && used && op_ald && !patch && !v_oob && !handle_ok;
  end

  // ---- AL2P (R7, N30) ------------------------------------------------------------------
  logic        base_in_attr;
  logic [31:0] al2p_result;
  logic [3:0]  comp_used;

  assign base_in_attr = !base[33] && base[32:10] == 23'd0;
  assign al2p_result = (base_in_attr && bmap[base[9:2]])
                     ? {14'd0, base_rank, base[9:0]}
                     : {1'b1, 21'd0, base[9:0]};
  for (genvar i = 0; i < 4; i++) begin : g_used
    assign comp_used[i] = i <= int'(size);
  end
  assign pd_bit = bug_al2p_pd_base_only ? comp_mapped_in_range[0]
                                        : &(comp_mapped_in_range | ~comp_used);

  // ---- ISBERD (N29) --------------------------------------------------------------------
  logic [31:0] ia;
  logic [32:0] region_end, region_bytes;
  logic [18:0] region_base, plain_addr, vm_addr, isbe_addr;
  logic        plain_mode, plain_ok, vm_ok, isbe_ok;
  logic [7:0]  vm_vertex, vm_rank;
  logic [17:0] vm_off;

  assign ia = (ra_rz ? 32'd0 : ra) & ~(size == 2'd1 ? 32'd1 : size == 2'd2 ? 32'd3 : 32'd0);
  assign region_bytes = region == 2'd0 ? 33'h400                      // MAP
                      : region == 2'd1 ? {23'd0, patch_limit, 2'b00}  // PATCH (R4)
                      : region == 2'd2 ? 33'h400                      // PRIM
                                       : 33'h40000;                   // ATTR
  assign region_base = region == 2'd0 ? BASE_MAP
                     : region == 2'd1 ? BASE_PATCH
                     : region == 2'd2 ? BASE_PRIM
                                      : 19'd0;
  assign region_end = {1'b0, ia} + (33'd1 << size);
  assign plain_mode = region != 2'd3 || skew;
  assign plain_ok = region_end <= region_bytes;
  assign plain_addr = region_base + ia[18:0];

  // Vertex-major view: word ia/4 is vertex (ia/4)/N, rank (ia/4)%N.
  assign vm_ok = n != 9'd0 && {2'd0, ia[31:2]} < {15'd0, n, 8'd0};
  // Operand isolation, as for u_select: only ISBERD of the vertex-major
  // view divides.
  attr_vdiv u_vdiv (
    .word((op_isberd && !plain_mode) ? ia[17:2] : 16'd0), .n(n), .vertex(vm_vertex),
    .rank(vm_rank));
  attr_skew u_skew_vm (
    .v(vm_vertex), .k(vm_rank), .n(n), .drop_n(bug_skew_drops_n), .offset(vm_off));
  assign vm_addr = {1'b0, vm_off} + {17'd0, ia[1:0]};

  assign isbe_ok = plain_mode ? plain_ok : vm_ok;
  assign isbe_addr = plain_mode ? plain_addr : vm_addr;

  // ---- Outputs -----------------------------------------------------------------------------
  // AL2P's result (K_NONE) or ISBERD's word (K_PLAIN); 0 when inactive or
  // outside the region.
  acc_t scalar;
  logic isbe_read;
  assign isbe_read = active && !op_al2p && isbe_ok;
  assign scalar.kind = isbe_read ? K_PLAIN : K_NONE;
  assign scalar.bank = isbe_read ? isbe_addr[6:2] : 5'd0;
  assign scalar.row = isbe_read ? isbe_addr[18:7] : 12'd0;
  assign scalar.group = 3'd0;
  assign scalar.attr = isbe_read ? {6'd0, isbe_addr[1:0]} : 8'd0;
  assign scalar.hw = 1'b0;
  assign scalar.value = (active && op_al2p) ? al2p_result : 32'd0;

  assign acc = (op_al2p || op_isberd)
             ? {{(3*ACC_W){1'b0}}, scalar}
             : vec_acc;

  // R9 / N34 (AST: N25), reported when the trap is enabled.
  logic trap_any;
  assign trap_any = (|comp_trap) || (active && op_ast && !patch && !gs_store && !ast_vertex_ok);
  assign trap_hit = trap_any && (trap_enable || bug_trap_ignores_enable);

endmodule : attr_agu
