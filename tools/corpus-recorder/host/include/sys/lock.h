/* Host stand-in for newlib's <sys/lock.h> as devkitARM provides it: libctru's
 * synchronization.h names these lock types. Single-threaded host: plain integers. */
#pragma once
#include <stdint.h>
typedef int32_t _LOCK_T;
typedef struct { _LOCK_T lock; uint32_t thread_tag; uint32_t counter; } _LOCK_RECURSIVE_T;
