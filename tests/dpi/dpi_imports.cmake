# SPDX-License-Identifier: Apache-2.0
# spagm_dpi_imports(<out-var> <sv-file>...): the names of every
# `import "DPI-C"` function of the given SystemVerilog files. Each import
# must name its function on the line of the `import` keyword (the packages
# are written that way); a line that does not is an error, so no import can
# slip past the checks that use this list.
function(spagm_dpi_imports out)
  set(names "")
  foreach(sv ${ARGN})
    file(STRINGS ${sv} lines REGEX "import[ \t]+\"DPI-C\"")
    foreach(line ${lines})
      if(line MATCHES "function[ \t]+.*[ \t]([A-Za-z_][A-Za-z0-9_]*)[ \t]*\\(")
        list(APPEND names ${CMAKE_MATCH_1})
      else()
        message(FATAL_ERROR "${sv}: cannot read the function name of: ${line}")
      endif()
    endforeach()
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()
