# SPDX-License-Identifier: Apache-2.0
# spagm_rtl_read_f(): read a Verilog file list (.f) of one unit's RTL.
# Used by the build (cmake/SpagmRtl.cmake) and installed with the package, so
# a user's project reads spagm's stand-in lists, or its own, the same way:
#   find_package(spagm)
#   spagm_rtl_read_f(PIX_RTL ${spagm_RTL_DIR}/pix.f)
include_guard(GLOBAL)

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
  set(n 0)  # file(STRINGS) keeps empty lines, so n is the line number
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    string(REGEX REPLACE "(//|#).*$" "" line "${line}")
    string(STRIP "${line}" line)
    if(line STREQUAL "")
      continue()
    endif()
    if(line MATCHES "^[-+]" OR line MATCHES "[ \t]")
      message(FATAL_ERROR "${list_file}:${n}: '${line}': only one file path per line "
                          "(options such as +incdir+ are not read)")
    endif()
    get_filename_component(path ${line} ABSOLUTE BASE_DIR ${dir})
    if(NOT EXISTS ${path})
      message(FATAL_ERROR "${list_file}:${n}: ${line} does not exist (relative to the list's folder)")
    endif()
    list(APPEND files ${path})
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "RTL file list ${list_file} names no file")
  endif()
  set(${out} ${files} PARENT_SCOPE)
endfunction()
