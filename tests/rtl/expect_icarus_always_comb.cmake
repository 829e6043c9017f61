# SPDX-License-Identifier: Apache-2.0
# CTest step for rtl.icarus_always_comb_example: the Icarus behaviour that
# docs/icarus.md (rule 1) describes still holds, and `always @*` avoids it.
#   -DIVERILOG=iverilog -DVVP=vvp -DEXAMPLE=docs/examples/icarus_always_comb.sv
#   -DDIR=scratch directory
# The example prints the counts of three always_comb processes, two of them
# in instances without a clock: "101 101 101" as written, "0 0 100" with
# always @*. If an Icarus release fixes the wake-up, the first run prints
# "1 1 101" and this test fails: docs/icarus.md rule 1 then needs a version.
file(MAKE_DIRECTORY "${DIR}")
file(READ "${EXAMPLE}" text)
string(REPLACE "always_comb" "always @*" star "${text}")
file(WRITE "${DIR}/star.sv" "${star}")
foreach(form comb star)
  if(form STREQUAL "comb")
    set(src "${EXAMPLE}")
    set(want "101 101 101")
  else()
    set(src "${DIR}/star.sv")
    set(want "0 0 100")
  endif()
  execute_process(COMMAND "${IVERILOG}" -g2012 -o "${DIR}/${form}.vvp" "${src}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "iverilog failed on ${src}: ${err}")
  endif()
  execute_process(COMMAND "${VVP}" -n "${DIR}/${form}.vvp" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${out}" out)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
    message(FATAL_ERROR "${form}: expected \"${want}\", vvp printed \"${out}\" ${err}")
  endif()
  message(STATUS "${form}: ${out}")
endforeach()
