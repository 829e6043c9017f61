// SPDX-License-Identifier: Apache-2.0
/* The shader stage of the running program, for units other than the
 * attribute unit that owns it (model_internal.h). The pixel unit needs it
 * for R8: PIXLD outside PS is ILLEGAL_INSTR_ENCODING. */
#include "core/model_internal.h"

spagm_stage spagm__model_stage(const spagm_model *m) {
  return m->attr.cfg.stage;
}
