// SPDX-License-Identifier: Apache-2.0
/* Internal: copy a whole response-sized block through the C library's
 * memcpy, which moves it faster than the `rep movsq` GCC expands a
 * fixed-size copy into. */
#ifndef SPAGM_BLOCK_COPY_H
#define SPAGM_BLOCK_COPY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* memcpy(dst, src, n) that the compiler cannot expand inline at the call
 * site. GCC's generic x86-64 tuning turns a struct assignment or memcpy of
 * a known size up to 8 KB into `rep movsq`, slow for a block the size of a
 * response on the predictor's every predict and check; the C library's
 * memcpy picks a vector loop for the host instead. */
void spagm__block_copy(void *dst, const void *src, size_t n);

#ifdef __cplusplus
}
#endif

#endif
