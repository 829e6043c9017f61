# SPDX-License-Identifier: Apache-2.0
# The RTL of each unit, as one Verilog file list per unit (DESIGN §2).
#
# Cache variables (defaults: the stand-ins of rtl_stubs/; docs/cosim.md,
# "Your RTL"):
#   SPAGM_ATTR_RTL, SPAGM_PIX_RTL, SPAGM_TEX_RTL   the unit's file list (.f)
#   SPAGM_ATTR_TOP, SPAGM_PIX_TOP, SPAGM_TEX_TOP   the unit's top module
# Every build of RTL uses these: the co-simulation (testbench/cosim/CMakeLists.txt),
# the rtl.lint.* and rtl.iverilog.* tests, and the replay testbench on
# Verilator and Icarus (testbench/replay/CMakeLists.txt).
#
# A file list names one file per line, relative to the list's folder (as
# `-F` reads it) or absolute, packages first; `//` and `#` start comments.
# Options (+incdir+, -y, +define+ ...) are not read: such a line is an error.
include_guard(GLOBAL)

set(SPAGM_ATTR_RTL ${PROJECT_SOURCE_DIR}/rtl_stubs/attr.f CACHE FILEPATH
    "File list (.f) of the attribute unit's RTL")
set(SPAGM_PIX_RTL ${PROJECT_SOURCE_DIR}/rtl_stubs/pix.f CACHE FILEPATH
    "File list (.f) of the pixel unit's RTL")
set(SPAGM_TEX_RTL ${PROJECT_SOURCE_DIR}/rtl_stubs/tex.f CACHE FILEPATH
    "File list (.f) of the texture-load unit's RTL")
set(SPAGM_ATTR_TOP attr_unit CACHE STRING "Top module of the attribute unit's RTL")
set(SPAGM_PIX_TOP pix_unit CACHE STRING "Top module of the pixel unit's RTL")
set(SPAGM_TEX_TOP tex_unit CACHE STRING "Top module of the texture-load unit's RTL")

# The version of each top's configuration port (docs/port-contract.md): 2,
# or 1 for an RTL with the one-word port of version 1, which the
# testbenches then connect through tb_cfg_v1_bridge.sv (docs/own-rtl.md).
set(SPAGM_ATTR_CFG_PORT 2 CACHE STRING "Configuration port version of the attribute unit's RTL (1 or 2)")
set(SPAGM_PIX_CFG_PORT 2 CACHE STRING "Configuration port version of the pixel unit's RTL (1 or 2)")
set(SPAGM_TEX_CFG_PORT 2 CACHE STRING "Configuration port version of the texture-load unit's RTL (1 or 2)")

# The testbenches instantiate each unit's top through these macros
# (tb_dut.svh in tb_cosim_unit.sv and tb_replay_unit.sv); Verilator and
# Icarus read -D alike.
set(SPAGM_RTL_TOP_DEFINES -DSPAGM_ATTR_TOP=${SPAGM_ATTR_TOP} -DSPAGM_PIX_TOP=${SPAGM_PIX_TOP}
    -DSPAGM_TEX_TOP=${SPAGM_TEX_TOP})
foreach(_u ATTR PIX TEX)
  if(NOT SPAGM_${_u}_CFG_PORT MATCHES "^[12]$")
    message(FATAL_ERROR "SPAGM_${_u}_CFG_PORT is '${SPAGM_${_u}_CFG_PORT}': 1 or 2")
  endif()
  if(SPAGM_${_u}_CFG_PORT EQUAL 1)
    list(APPEND SPAGM_RTL_TOP_DEFINES -DSPAGM_${_u}_CFG_V1)
  endif()
endforeach()

# spagm_rtl_read_f(<out_var> <file.f>) is in SpagmFileList.cmake, which the
# installed package carries too (find_package(spagm)).
include(${CMAKE_CURRENT_LIST_DIR}/SpagmFileList.cmake)

# spagm_rtl_sources(<out_var> <unit>...): the RTL files of these units
# (attr, pix, tex), from their lists in this order, each file once (the
# shared transaction package is in every list; Icarus refuses a package
# given twice).
function(spagm_rtl_sources out)
  set(all "")
  foreach(unit IN LISTS ARGN)
    string(TOUPPER ${unit} u)
    if(NOT DEFINED SPAGM_${u}_RTL)
      message(FATAL_ERROR "spagm_rtl_sources: unknown unit '${unit}' (attr, pix, tex)")
    endif()
    spagm_rtl_read_f(files ${SPAGM_${u}_RTL})
    list(APPEND all ${files})
  endforeach()
  list(REMOVE_DUPLICATES all)
  # Two different files of one name are almost always two copies of one
  # package (a user's list with its own shader_txn_pkg.sv beside the
  # stand-ins'): Verilator 5.006 crashes on the duplicate package, so say so.
  set(seen "")
  foreach(f IN LISTS all)
    get_filename_component(name ${f} NAME)
    list(FIND seen ${name} at)
    if(NOT at EQUAL -1)
      list(GET all ${at} first)
      message(FATAL_ERROR "two RTL files named ${name} in the lists of units ${ARGN}: ${first} "
                          "and ${f}; name one file in every list (docs/own-rtl.md)")
    endif()
    list(APPEND seen ${name})
  endforeach()
  set(${out} ${all} PARENT_SCOPE)
endfunction()

# spagm_rtl_is_stand_in(<out_var> <unit>): TRUE when the unit's RTL is the
# stand-in of rtl_stubs/ (its injected defects and their tests exist).
function(spagm_rtl_is_stand_in out unit)
  string(TOUPPER ${unit} u)
  get_filename_component(f ${SPAGM_${u}_RTL} ABSOLUTE)
  if(f STREQUAL "${PROJECT_SOURCE_DIR}/rtl_stubs/${unit}.f" AND SPAGM_${u}_TOP STREQUAL "${unit}_unit")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()
