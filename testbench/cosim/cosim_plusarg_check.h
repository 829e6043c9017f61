// SPDX-License-Identifier: Apache-2.0
// spagm-cosim: every plusarg checked before the simulation starts (// docs/cosim.md "Plusargs"). The testbench reads its values with
// $value$plusargs("%d"), which takes "abc" as 0 and "-1" as a huge count;
// so each value is parsed here strictly, against its range, first.
#ifndef SPAGM_COSIM_PLUSARG_CHECK_H
#define SPAGM_COSIM_PLUSARG_CHECK_H

#include <string>
#include <vector>

namespace cosim {

// Checks args (argv; args[0] is the program). +bug= must already be a
// number (resolve_bug_names). Returns "" when every plusarg is known and
// in range, else one line naming the plusarg and what is wrong with it.
// Plusargs that are not spagm's pass through to the simulation (a user's
// RTL may read its own; +verilator+... are Verilator's), unless they look
// like a misspelt spagm plusarg (they start with one of its names, or one
// of its names starts with them).
std::string check_plusargs(const std::vector<std::string> &args);

// The units of a +units= value, split at its commas ("" gives one empty
// name): the one reading of the list, for its check and for comparing it
// with the units a build holds.
std::vector<std::string> split_units(const std::string &list);

}  // namespace cosim

#endif
