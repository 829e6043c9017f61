# SPDX-License-Identifier: Apache-2.0
# spagm_verilate(<target> <verilate() arguments>): Verilator's CMake
# verilate(), built so that an RTL edit always rebuilds, whatever it does
# to the set of files Verilator writes (N376).
#
# verilate() compiles the list of generated .cpp files of the Verilator run
# at configure time, and a build re-runs Verilator when the RTL changes. An
# edit can change how Verilator splits its output (the number of __N files,
# the DepSet hashes in their names). Ninja builds the inputs of its
# manifest first, so it re-runs Verilator and then CMake before it compiles
# anything: the new list is compiled. The Makefile generators check the
# configuration before the build and only then run Verilator, so the build
# compiles the old list: a function that moved to a new file is undefined,
# a stale file left beside its successor defines one twice, and the link
# fails until the next build re-configures.
#
# With a generator other than Ninja the target therefore compiles a fixed
# set of files instead: <prefix>__spagm_fast_<k>.cpp and
# <prefix>__spagm_slow_<k>.cpp, k < SPAGM_VERILATE_UNITY_FILES, each
# #including the generated fast (slow) files whose name hashes to k, with
# verilate()'s OPT_FAST (OPT_SLOW) flags, rewritten after every Verilator
# run from the list that run wrote, only where their text changes.
# Compiling Verilator's files together is what Verilator's own makefiles do
# (<prefix>__ALL.cpp). With Ninja it is verilate() unchanged.
include_guard(GLOBAL)
set(SPAGM_VERILATE_UNITY_FILES 4 CACHE STRING
    "files the fast (and the slow) Verilated C++ of a spagm_verilate() target is compiled in")
set(_SPAGM_VERILATE_UNITY_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/spagm_verilate_unity.cmake)

function(spagm_verilate target)
  # verilate()'s own keywords, all of them: a list argument ends at the
  # next keyword, so OPT_SLOW followed by VERILATOR_ARGS must not take the
  # Verilator options as compiler flags.
  cmake_parse_arguments(V "COVERAGE;TRACE;TRACE_FST;SYSTEMC;TRACE_STRUCTS"
                        "PREFIX;TOP_MODULE;THREADS;TRACE_THREADS;DIRECTORY"
                        "SOURCES;VERILATOR_ARGS;INCLUDE_DIRS;OPT_SLOW;OPT_FAST;OPT_GLOBAL" ${ARGN})
  if(NOT V_PREFIX)
    message(FATAL_ERROR "spagm_verilate(${target}): PREFIX is required")
  endif()
  verilate(${target} ${ARGN})
  if(CMAKE_GENERATOR MATCHES "Ninja")
    return()
  endif()
  # verilate()'s output folder, as it computes it.
  get_target_property(bdir ${target} BINARY_DIR)
  set(vdir "${bdir}/CMakeFiles/${target}.dir/${V_PREFIX}.dir")
  if(V_DIRECTORY)
    set(vdir "${V_DIRECTORY}")
  endif()
  # The configure-time list verilate() gave the target: taken out.
  include("${vdir}/${V_PREFIX}_copy.cmake")
  set(split ${${V_PREFIX}_CLASSES_FAST} ${${V_PREFIX}_CLASSES_SLOW}
            ${${V_PREFIX}_SUPPORT_FAST} ${${V_PREFIX}_SUPPORT_SLOW})
  get_target_property(sources ${target} SOURCES)
  list(REMOVE_ITEM sources ${split})
  set(unity "")
  math(EXPR last "${SPAGM_VERILATE_UNITY_FILES} - 1")
  foreach(speed fast slow)
    string(TOUPPER ${speed} SPEED)
    string(REPLACE ";" " " flags "${V_OPT_${SPEED}};${${V_PREFIX}_USER_CFLAGS}")
    foreach(k RANGE 0 ${last})
      set(f "${vdir}/${V_PREFIX}__spagm_${speed}_${k}.cpp")
      list(APPEND unity ${f})
      set_property(SOURCE ${f} APPEND_STRING PROPERTY COMPILE_FLAGS " ${flags}")
    endforeach()
  endforeach()
  # After every Verilator run (it rewrites <prefix>.cmake, the list of the
  # files it wrote).
  add_custom_command(OUTPUT ${unity}
    COMMAND ${CMAKE_COMMAND} -DLIST=${vdir}/${V_PREFIX}.cmake -DPREFIX=${V_PREFIX}
            -DOUT=${vdir}/${V_PREFIX}__spagm_ -DFILES=${SPAGM_VERILATE_UNITY_FILES}
            -P ${_SPAGM_VERILATE_UNITY_SCRIPT}
    DEPENDS "${vdir}/${V_PREFIX}.cmake" ${_SPAGM_VERILATE_UNITY_SCRIPT}
    COMMENT "${V_PREFIX}: the Verilated C++ through fixed files"
    VERBATIM)
  set_property(TARGET ${target} PROPERTY SOURCES ${sources} ${unity})
endfunction()
