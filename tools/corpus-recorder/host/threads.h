#pragma once
/* The stand-in's deterministic threads (host/threads.c), and what host/ctru_host.c gives them:
 * its clock and its fatal-error exit. */
#include <3ds/types.h>

/* The end of a frame: every other thread runs until it waits. */
void host_threads_run_others(void);
/* One turn for each other runnable thread. */
void host_threads_yield(void);
/* Advances the stand-in's clock by `ns` (what svcSleepThread sleeps). */
void host_time_sleep(s64 ns);
/* Prints "ctru_host: fatal: ..." and exits with 3. */
void host_die(const char* fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Stops the program when the calling thread is not the one whose turn it is. */
void host_threads_check_turn(void);
