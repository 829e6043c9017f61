// SPDX-License-Identifier: Apache-2.0
/* Stage legality at assembly time (N12). When the caller names the shader
 * stage (spagm_asm_opts.stage), every instruction R8 makes
 * ILLEGAL_INSTR_ENCODING in that stage is refused here with its reason, and
 * an ALD without its vertex handle in GS/TI/TS is refused as R8 and ALD.txt
 * ("Sass bug if Rb missing") require. With the stage unknown (-1) nothing
 * is checked: the same words then fault at execution. */
#include "isa/asm_internal.h"

static bool vertex_stage(int st) { return st == SPAGM_STAGE_VSA || st == SPAGM_STAGE_VSB; }

spagm_status spagm__asm_stage(spagm__asm *ctx, const spagm_insn *insn) {
  if (!ctx->opts || ctx->opts->stage < 0 || ctx->opts->stage >= (int)SPAGM_STAGE_COUNT)
    return SPAGM_OK;
  int st = ctx->opts->stage;
  const char *sn = spagm_stage_name((spagm_stage)st);
  const char *op = spagm_op_name(insn->op);
  switch (insn->op) {
    case SPAGM_OP_ALD:
    case SPAGM_OP_AST:
    case SPAGM_OP_AL2P:
      if (st == SPAGM_STAGE_PS)
        return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SEMANTIC,
                              "%s is not allowed in a PS shader: the attribute "
                              "unit serves VTG stages only (R8)", op);
      break;
    case SPAGM_OP_PIXLD:
      if (st != SPAGM_STAGE_PS)
        return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SEMANTIC,
                              "PIXLD is only allowed in a PS shader, not %s (R8)", sn);
      return SPAGM_OK;
    default:
      return SPAGM_OK;
  }
  if (insn->op == SPAGM_OP_ALD) {
    if (insn->out && st == SPAGM_STAGE_GS)
      return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SEMANTIC,
                            "ALD.O is not allowed in GS: only VSA, VSB, TI and TS "
                            "can load their output ISBE (ALD.txt, R8)");
    if (insn->patch && st != SPAGM_STAGE_TI && st != SPAGM_STAGE_TS)
      return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SEMANTIC,
                            "ALD.P is not allowed in %s: patch attributes exist "
                            "for TI and TS only (ALD.txt, R8)", sn);
    if (vertex_stage(st) && insn->rb != SPAGM_RZ)
      return spagm__asm_err(ctx, ctx->at_rb, SPAGM_E_SEMANTIC,
                            "ALD in %s must not name a vertex handle Rb: vertex "
                            "shaders raise ILLEGAL_INSTR_ENCODING when Rb != RZ "
                            "(ALD.txt, R8)", sn);
    if (!vertex_stage(st) && !insn->patch && insn->rb == SPAGM_RZ)
      return spagm__asm_err(ctx, ctx->at_end, SPAGM_E_SEMANTIC,
                            "ALD in %s needs its vertex handle Rb (', Rb' after "
                            "the address): geometry and tessellation shaders "
                            "must specify Rb (ALD.txt, R8)", sn);
  }
  if (insn->op == SPAGM_OP_AST && insn->patch && st != SPAGM_STAGE_TI)
    return spagm__asm_err(ctx, ctx->mnem, SPAGM_E_SEMANTIC,
                          "AST.P is not allowed in %s: patch attributes are TI "
                          "outputs only (AST.txt, R8)", sn);
  return SPAGM_OK;
}
