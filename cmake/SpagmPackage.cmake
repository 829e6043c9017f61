# SPDX-License-Identifier: Apache-2.0
# What `cmake --install build --prefix P` installs, and the packages that let
# another project use it (docs/install.md):
#   P/include/spagm/...                 public C headers (model, vec, predictor)
#   P/lib/libspagm.{a,so}               the model        spagm::model, spagm::model_shared
#   P/lib/libspagm_util.a               JSON, progress   spagm::util (include/spagm/util/)
#   P/lib/libspagm_stim.a               stimulus         spagm::stim (include/spagm/stim/)
#   P/lib/libspagm_coverage.a           coverage         spagm::coverage (include/spagm/cov/)
#   P/lib/libspagm_vectors.a            vector library   spagm::vec (and the libraries above)
#   P/lib/libspagm_dpi.so               DPI-C layer      spagm::dpi (-sv_lib spagm_dpi)
#   P/lib/libspagm_systemc.a            TLM-2.0 units    spagm::systemc (include/spagm/sc/)
#   P/bin/spagm, spagm-cosim, ...       the tools
#   P/share/spagm/sv/*.sv               SystemVerilog packages to compile with your testbench
#   P/share/spagm/rtl_stubs/            the stand-in RTL, its file lists and FuseSoC cores
#   P/share/spagm/fusesoc/              FuseSoC generator and predictor core (SpagmFuseSoC.cmake)
#   P/share/spagm/examples/predictor/   the predictor example's FuseSoC core and files
#   P/lib/cmake/spagm/spagmConfig.cmake find_package(spagm), with spagm_rtl_read_f()
#   P/lib/pkgconfig/spagm.pc            pkg-config --cflags --libs spagm
#   P/lib/pkgconfig/spagm-dpi.pc        pkg-config --cflags --libs spagm-dpi (libspagm_dpi)
#   P/share/doc/spagm/                  guides, CHANGELOG, and examples/ a user copies
# cmake/SpagmDeb.cmake makes the Debian package from these rules (CPack).
include(CMakePackageConfigHelpers)
set(SPAGM_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/spagm)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/model/include/spagm
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
set(_spagm_targets spagm)
if(TARGET spagm_shared)  # not built under SPAGM_SANITIZE (model/CMakeLists.txt)
  list(APPEND _spagm_targets spagm_shared)
endif()
if(TARGET spagm_vectors)
  # The libraries' headers, and vectors/compat: the earlier <spagm/vec/...>
  # paths of headers that moved, each forwarding to its new place.
  foreach(dir util/include stim/include coverage/include vectors/include vectors/compat)
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/spagm
            DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
  endforeach()
  list(APPEND _spagm_targets spagm_util spagm_stim spagm_coverage spagm_vectors)
endif()
if(TARGET spagm_dpi)
  install(FILES ${PROJECT_SOURCE_DIR}/cosim/include/spagm/predictor.h
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/spagm)
  list(APPEND _spagm_targets spagm_dpi)
endif()
install(TARGETS ${_spagm_targets} EXPORT spagmTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT spagmTargets NAMESPACE spagm:: DESTINATION ${SPAGM_CMAKE_DIR})

# The TLM-2.0 units (docs/systemc.md): their own export set, so a config
# file without SystemC on the user's machine still gives the other targets.
set(SPAGM_HAS_SYSTEMC OFF)
if(TARGET spagm_systemc)
  set(SPAGM_HAS_SYSTEMC ON)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/systemc/include/spagm
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
  install(TARGETS spagm_systemc EXPORT spagmSystemcTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT spagmSystemcTargets NAMESPACE spagm:: DESTINATION ${SPAGM_CMAKE_DIR})
endif()

# The tools that exist in this build.
foreach(tool spagm-cli spagm-cosim spagm-replay spagm-sc-cosim)
  if(TARGET ${tool})
    install(TARGETS ${tool} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
if(SPAGM_REPLAY_VVP)
  install(FILES ${SPAGM_REPLAY_VVP} DESTINATION ${CMAKE_INSTALL_DATADIR}/spagm OPTIONAL)
  install(PROGRAMS ${SPAGM_REPLAY_ICARUS} DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# SystemVerilog: the transaction package (generated) and the DPI packages,
# and the stand-in RTL so a user can start from it.
if(NOT SPAGM_MODEL_ONLY)
  install(FILES ${SPAGM_TXN_PKG} ${PROJECT_SOURCE_DIR}/dpi/spagm_dpi_pkg.sv
                ${PROJECT_SOURCE_DIR}/dpi/spagm_pkg.sv DESTINATION ${CMAKE_INSTALL_DATADIR}/spagm/sv)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/rtl_stubs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/spagm/rtl_stubs)
endif()
# FuseSoC cores: `fusesoc library add spagm P/share/spagm`.
if(NOT SPAGM_MODEL_ONLY)
  include(${CMAKE_CURRENT_LIST_DIR}/SpagmFuseSoC.cmake)
endif()
# The guides (docs/site is how the site is made: not a guide).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        PATTERN site EXCLUDE)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
              ${PROJECT_SOURCE_DIR}/CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Examples a user copies and builds against the installed spagm.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/out-of-tree ${PROJECT_SOURCE_DIR}/examples/predictor
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
if(SPAGM_HAS_SYSTEMC)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/systemc-vp DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
endif()

# find_package(spagm [VERSION]) and pkg-config.
set(SPAGM_HAS_VEC OFF)
if(TARGET spagm_vectors)
  set(SPAGM_HAS_VEC ON)
endif()
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/spagmConfig.cmake.in
  ${PROJECT_BINARY_DIR}/spagmConfig.cmake INSTALL_DESTINATION ${SPAGM_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/spagmConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/spagmConfig.cmake ${PROJECT_BINARY_DIR}/spagmConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/SpagmFileList.cmake ${CMAKE_CURRENT_LIST_DIR}/SpagmBugs.cmake
              ${CMAKE_CURRENT_LIST_DIR}/SpagmVerilate.cmake
              ${CMAKE_CURRENT_LIST_DIR}/spagm_verilate_unity.cmake
              ${CMAKE_CURRENT_LIST_DIR}/spagm_bugs.svh.in
        DESTINATION ${SPAGM_CMAKE_DIR})
# Relocatable: the prefix is found from the .pc file's own place.
file(RELATIVE_PATH SPAGM_PC_TO_PREFIX /p/${CMAKE_INSTALL_LIBDIR}/pkgconfig /p)
configure_file(${CMAKE_CURRENT_LIST_DIR}/spagm.pc.in ${PROJECT_BINARY_DIR}/spagm.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/spagm.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
# The DPI library for a simulator's link line (docs/install.md, "Link lines
# without CMake"): pkg-config --cflags --libs spagm-dpi, and its svdir and
# rtldir variables for the SystemVerilog packages and the stand-in RTL.
if(TARGET spagm_dpi)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/spagm-dpi.pc.in ${PROJECT_BINARY_DIR}/spagm-dpi.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/spagm-dpi.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endif()

# The Debian package (cpack, or cmake --build build --target package).
if(NOT SPAGM_MODEL_ONLY)
  include(${CMAKE_CURRENT_LIST_DIR}/SpagmDeb.cmake)
endif()
