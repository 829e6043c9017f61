# SPDX-License-Identifier: Apache-2.0
# The Debian package spagm_<version>_<arch>.deb, made by CPack from the
# install rules (cmake/SpagmPackage.cmake):
#   cmake --build build --target package     (or: cd build && cpack)
# It installs to /usr in the FHS places: bin/, lib/ (the build
# tree's CMAKE_INSTALL_LIBDIR, not a multiarch folder), include/spagm/,
# share/spagm/ (SV packages, stand-in RTL, the Icarus replay image),
# share/doc/spagm/ (guides, CHANGELOG, examples), and the lintian overrides
# of the warnings that stay, each with its reason.
# One package: the tools, the libraries, the headers and the CMake and
# pkg-config files a testbench builds with (a verification team installs
# the tools and builds against them on the same machines).
# Depends come from the binaries (dpkg-shlibdeps: libc, zlib, libstdc++,
# SystemC's runtime); Recommends are what a user's own testbench needs
# beside spagm. Checked by tests/install/deb_package.sh (soak).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME spagm)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "spagm developers")
# The maintainer: the project's commit identity unless told otherwise.
set(SPAGM_DEB_MAINTAINER "Seed f5d7f38d maintainers <maintainers@users.noreply.a-seed-f5d7f38d.example>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_PACKAGE_CONTACT "${SPAGM_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "golden model for verifying SM50 shader-core units")
set(CPACK_PACKAGE_DESCRIPTION
    "spagm is a C11 golden model of three SM50 shader-core units (attribute,\n\
pixel and texture load), with a DPI-C layer, stand-in RTL, Verilator and\n\
Icarus co-simulation and replay, SystemC TLM-2.0 wrappers, golden vector\n\
files and functional coverage. This package holds the command-line tools,\n\
the libraries, headers, CMake and pkg-config files to build a testbench\n\
against them, the SystemVerilog packages and the documentation.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_SET_DESTDIR OFF)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # spagm_0.2.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The shlibs file of libspagm.so (Debian policy 8.6), and dpkg's ldconfig
# trigger (policy 8.1.1; the control file `triggers` below): lintian's
# no-shlibs and lacks-ldconfig-trigger are errors. CPack's own postinst and
# postrm still call ldconfig too (a lintian warning).
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "verilator, iverilog, libsystemc-dev, zlib1g-dev, cmake, pkg-config, gcc | c-compiler")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gtkwave, slurm-client")

# What Debian policy asks of every package's doc folder: the copyright in
# its machine-readable form and a changelog (changelog.gz: the version has
# no Debian revision, so this is a native package; gzip -n: no time stamp,
# so the package is the same bytes from the same tree).
set(_deb ${PROJECT_BINARY_DIR}/deb)
file(WRITE ${_deb}/triggers "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${_deb}/triggers)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
configure_file(${CMAKE_CURRENT_LIST_DIR}/deb-copyright.in ${_deb}/copyright @ONLY)
# The entry's date is the release's in CHANGELOG.md, which must have one.
file(STRINGS ${PROJECT_SOURCE_DIR}/CHANGELOG.md _rel REGEX "^## \\[${PROJECT_VERSION}\\] - ")
if(NOT _rel MATCHES "- ([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])")
  message(FATAL_ERROR "CHANGELOG.md has no entry `## [${PROJECT_VERSION}] - YYYY-MM-DD` for "
                      "project(VERSION ${PROJECT_VERSION})")
endif()
# In the RFC 5322 form dpkg wants (GNU date, in the C locale).
execute_process(COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C date -u -R -d "${CMAKE_MATCH_1}-${CMAKE_MATCH_2}-${CMAKE_MATCH_3}"
                OUTPUT_VARIABLE _deb_date OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "date could not read the release date in CHANGELOG.md: ${_rel}")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/deb-changelog.in ${_deb}/changelog @ONLY)
execute_process(COMMAND gzip -9nf ${_deb}/changelog RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "gzip ${_deb}/changelog failed")
endif()
install(FILES ${_deb}/copyright ${_deb}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_CURRENT_LIST_DIR}/deb-lintian-overrides
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME spagm)
include(CPack)
