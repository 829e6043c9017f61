# The RTL of each unit, as one Verilog file list per unit (DESIGN §2).
#
# Cache variables (defaults: the stand-ins of rtl_stubs/; docs/cosim.md,
# "Your RTL"):
#   SPAGM_ATTR_RTL, SPAGM_PIX_RTL, SPAGM_TEX_RTL   the unit's file list (.f)
#   SPAGM_ATTR_TOP, SPAGM_PIX_TOP, SPAGM_TEX_TOP   the unit's top module
# Every build of RTL uses these: the co-simulation (testbench/CMakeLists.txt),
# the rtl.lint.* and rtl.iverilog.* tests, and the replay testbench on
# Verilator and Icarus (testbench/tb_replay.cmake).
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

# The testbenches instantiate each unit's top through these macros
# (tb_cosim_unit.sv, tb_replay_unit.sv); Verilator and Icarus read -D alike.
set(SPAGM_RTL_TOP_DEFINES -DSPAGM_ATTR_TOP=${SPAGM_ATTR_TOP} -DSPAGM_PIX_TOP=${SPAGM_PIX_TOP}
    -DSPAGM_TEX_TOP=${SPAGM_TEX_TOP})

# spagm_rtl_read_f(<out_var> <file.f>): the files a list names, as absolute
# paths, in its order. A change of the list re-runs CMake.
function(spagm_rtl_read_f out list_file)
  get_filename_component(list_file ${list_file} ABSOLUTE)
  if(NOT EXISTS ${list_file})
    message(FATAL_ERROR "RTL file list ${list_file} does not exist")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file})
  get_filename_component(dir ${list_file} DIRECTORY)
  file(STRINGS ${list_file} lines)
  set(files "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "(//|#).*$" "" line "${line}")
    string(STRIP "${line}" line)
    if(line STREQUAL "")
      continue()
    endif()
    if(line MATCHES "^[-+]" OR line MATCHES "[ \t]")
      message(FATAL_ERROR "${list_file}: '${line}': only one file path per line is supported")
    endif()
    get_filename_component(path ${line} ABSOLUTE BASE_DIR ${dir})
    if(NOT EXISTS ${path})
      message(FATAL_ERROR "${list_file}: ${line} does not exist")
    endif()
    list(APPEND files ${path})
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "RTL file list ${list_file} names no file")
  endif()
  set(${out} ${files} PARENT_SCOPE)
endfunction()

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
