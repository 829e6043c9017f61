# SPDX-License-Identifier: Apache-2.0
# FuseSoC (docs/install.md, "FuseSoC"): the cores are rtl_stubs/*.core,
# fusesoc/*.core and examples/predictor/pix_predictor.core; what they need
# from a build (the generated transaction package, libspagm_dpi.so) the
# generator fusesoc/spagm_gen.py finds through an index, spagm-fusesoc.json:
#   in a build tree   build/spagm-fusesoc.json, absolute paths;
#   installed         P/share/spagm/fusesoc/spagm-fusesoc.json, paths
#                     relative to it, so the prefix can move.
# `fusesoc library add spagm P/share/spagm` (or the repository) finds every
# core; FUSESOC_IGNORE keeps FuseSoC out of the build tree when the library
# is a repository with build/ inside.
file(TOUCH ${PROJECT_BINARY_DIR}/FUSESOC_IGNORE)
if(NOT TARGET spagm_dpi)
  return()
endif()
function(_spagm_fusesoc_index out dpi txn pkg tsv bugs_cmake)
  file(GENERATE OUTPUT ${out} CONTENT "{
  \"dpi_library\": \"${dpi}\",
  \"sv_packages\": [\"${txn}\", \"${pkg}\"],
  \"bugs_tsv\": \"${tsv}\",
  \"bugs_cmake\": \"${bugs_cmake}\"
}
")
endfunction()
_spagm_fusesoc_index(${PROJECT_BINARY_DIR}/spagm-fusesoc.json $<TARGET_FILE:spagm_dpi>
  ${SPAGM_TXN_PKG} ${PROJECT_SOURCE_DIR}/dpi/spagm_pkg.sv
  ${PROJECT_SOURCE_DIR}/rtl_stubs/bugs.tsv ${PROJECT_SOURCE_DIR}/cmake/SpagmBugs.cmake)

set(_fs ${CMAKE_INSTALL_DATADIR}/spagm/fusesoc)
file(RELATIVE_PATH _to_lib /p/${_fs} /p/${CMAKE_INSTALL_LIBDIR})
file(RELATIVE_PATH _to_cmake /p/${_fs} /p/${CMAKE_INSTALL_LIBDIR}/cmake/spagm)
_spagm_fusesoc_index(${PROJECT_BINARY_DIR}/fusesoc-install/spagm-fusesoc.json
  ${_to_lib}/$<TARGET_FILE_NAME:spagm_dpi> ../sv/spagm_txn_pkg.sv ../sv/spagm_pkg.sv
  ../rtl_stubs/bugs.tsv ${_to_cmake}/SpagmBugs.cmake)
install(FILES ${PROJECT_SOURCE_DIR}/fusesoc/spagm_gen.core
              ${PROJECT_SOURCE_DIR}/fusesoc/spagm_predictor.core
              ${PROJECT_BINARY_DIR}/fusesoc-install/spagm-fusesoc.json DESTINATION ${_fs})
install(FILES ${PROJECT_SOURCE_DIR}/fusesoc/spagm_gen.py DESTINATION ${_fs})  # run as python3 spagm_gen.py
# The example's core with its files, under the library (the guide's copy
# is in the documentation's examples/).
install(FILES ${PROJECT_SOURCE_DIR}/examples/predictor/pix_predictor.core
              ${PROJECT_SOURCE_DIR}/examples/predictor/my_pix_dut.sv
              ${PROJECT_SOURCE_DIR}/examples/predictor/tb_pix_predictor.sv
              ${PROJECT_SOURCE_DIR}/examples/predictor/sim_main.cpp
        DESTINATION ${CMAKE_INSTALL_DATADIR}/spagm/examples/predictor)
