# SPDX-License-Identifier: Apache-2.0
# spagm_bug_svh(<out.svh> <bugs.tsv>): the stand-in RTL's defect catalogue
# (rtl_stubs/bugs.tsv) as a SystemVerilog include, so every testbench that
# takes a defect takes it by name (+bug=NAME) and refuses one it does not
# know (N172). Used by the build and installed with the package:
# a user's testbench around the stand-ins does the same with
# ${spagm_RTL_DIR}/bugs.tsv (examples/predictor).
#
# The include defines
#   function automatic int spagm_bug_parse(string arg, string units, string who);
# arg is the +bug= value: a defect's name, or its bug_sel number; units the
# units ("pix", "attr,pix,tex") whose defects the testbench's RTL has. It
# returns the bug_sel (0 for "0" or "none"), or -1 after printing
# "<who>: unknown bug '<arg>' ..." for anything else.
#
# In script mode it writes one include: cmake -DOUT=<out.svh> -DTSV=<bugs.tsv>
# -P SpagmBugs.cmake (the FuseSoC generator, fusesoc/spagm_gen.py).
include_guard(GLOBAL)

set(SPAGM_BUGS_SVH_IN ${CMAKE_CURRENT_LIST_DIR}/spagm_bugs.svh.in)

function(spagm_bug_svh out tsv)
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${tsv})
  endif()
  file(STRINGS ${tsv} lines REGEX "^[0-9]" ENCODING UTF-8)
  set(SPAGM_BUG_CASES "")
  foreach(line IN LISTS lines)
    string(REPLACE "\t" ";" f "${line}")
    list(GET f 0 sel)
    list(GET f 1 unit)
    list(GET f 2 name)
    string(APPEND SPAGM_BUG_CASES "  if (arg == \"${name}\" || arg == \"${sel}\") begin\n"
           "    sel = ${sel};\n    unit = \"${unit}\";\n  end\n")
  endforeach()
  get_filename_component(SPAGM_BUGS_TSV_IN ${tsv} NAME)
  # configure_file touches the file only when the catalogue changed (it is
  # a Verilator input).
  configure_file(${SPAGM_BUGS_SVH_IN} ${out} @ONLY)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT OUT OR NOT TSV OR NOT EXISTS "${TSV}")
    message(FATAL_ERROR "usage: cmake -DOUT=<out.svh> -DTSV=<bugs.tsv> -P ${CMAKE_CURRENT_LIST_FILE}")
  endif()
  spagm_bug_svh(${OUT} ${TSV})
endif()
