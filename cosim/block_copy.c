// SPDX-License-Identifier: Apache-2.0
/* The block copy of block_copy.h: its own file, so that n is not a
 * constant where memcpy is called and the call reaches the C library
 * rather than GCC's `rep movsq` expansion. noipa keeps GCC from propagating the size back in under
 * link-time optimisation. */
#include "block_copy.h"

#include <string.h>

#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noipa))
#endif
void spagm__block_copy(void *dst, const void *src, size_t n) {
  memcpy(dst, src, n);
}
