// SPDX-License-Identifier: Apache-2.0
/* spagm — library version. */
#ifndef SPAGM_VERSION_H
#define SPAGM_VERSION_H
#ifdef __cplusplus
extern "C" {
#endif
#define SPAGM_VERSION_MAJOR 0
#define SPAGM_VERSION_MINOR 2
#define SPAGM_VERSION_PATCH 0
#define SPAGM_VERSION_STRING "0.2.0"
const char *spagm_version(void);
#ifdef __cplusplus
}
#endif
#endif
