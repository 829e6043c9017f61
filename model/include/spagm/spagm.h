// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — umbrella header of the golden model's public C API.
 *
 * Example (examples/api/spagm.c, run by the test api_example.spagm): a whole
 * program using the three units through this one include.
 * \snippet examples/api/spagm.c spagm_umbrella
 */
#ifndef SPAGM_SPAGM_H
#define SPAGM_SPAGM_H
#include "spagm/status.h"
#include "spagm/insn.h"
#include "spagm/asm.h"
#include "spagm/txn.h"
#include "spagm/txn_pack.h"
#include "spagm/explain.h"
#include "spagm/model.h"
#include "spagm/regfile.h"
#include "spagm/attr.h"
#include "spagm/pix.h"
#include "spagm/tex.h"
#include "spagm/version.h"
#endif
