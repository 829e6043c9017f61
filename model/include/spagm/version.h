// SPDX-License-Identifier: Apache-2.0
/** \file
 * spagm — library version.
 *
 * Example (examples/api/version.c, run by the test api_example.version): a
 * program checks that the library it runs with is the one its headers
 * describe.
 * \snippet examples/api/version.c version_check
 */
#ifndef SPAGM_VERSION_H
#define SPAGM_VERSION_H
#ifdef __cplusplus
extern "C" {
#endif
/** Major version of these headers (semantic versioning; the API may change
 * between 0.x minors). */
#define SPAGM_VERSION_MAJOR 0
/** Minor version of these headers. */
#define SPAGM_VERSION_MINOR 2
/** Patch version of these headers. */
#define SPAGM_VERSION_PATCH 0
/** The three as a string; the top-level CMakeLists.txt's project(VERSION)
 * must say the same (the build checks). */
#define SPAGM_VERSION_STRING "0.2.0"
/** The version of the library linked: SPAGM_VERSION_STRING when it was
 * built, so a program can tell headers and library apart. Never NULL. */

const char *spagm_version(void);

#ifdef __cplusplus
}
#endif
#endif
