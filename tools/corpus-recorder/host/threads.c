/* Threads and light synchronisation for the libctru stand-in (host/ctru_host.c), on pthreads,
 * scheduled deterministically so a recording is the same bytes every run: exactly one program
 * thread runs at a time, and control passes only where the program waits - on a LightLock,
 * LightEvent, LightSemaphore or CondVar, in threadJoin or svcSleepThread (one turn for the
 * others) - or where a frame ends (host_threads_run_others: every other thread runs until it
 * waits, before the frame's next vblank; sleeping is not waiting). Runnable threads take turns in FIFO order; a thread made runnable by a signal
 * runs when its turn comes, not at once. Timeouts are not measured: a timed wait yields once
 * and then reports whether it was satisfied. When every thread waits, the program is stopped
 * with a message (on hardware it would hang).
 *
 * The primitives' memory is the program's (LightLock is an s32, LightEvent a struct...); the
 * values used here are this file's own: a LightLock is unlocked when > 0 or 0 (a zeroed lock),
 * locked when negative. */
#include <3ds.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

enum { kRunnable, kBlocked, kDone };
enum { kWokenNone, kWokenSignal, kWokenPulse };

struct Thread_tag {
	pthread_t pthread;
	pthread_cond_t go;
	ThreadFunc entry;
	void* arg;
	int state;
	const void* waiting_on;
	int woken;
	int exit_code;
	bool detached;
	unsigned id;
};

#define kMaxThreads 64
static pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
static struct Thread_tag main_thread;
static struct Thread_tag* threads[kMaxThreads]; /* creation order; [0] the main thread */
static unsigned thread_count;
static struct Thread_tag* current;
static struct Thread_tag* queue[kMaxThreads]; /* runnable, waiting for their turn */
static unsigned queue_head, queue_len;


static void init_locked(void) {
	if (current) {
		/* Only the thread whose turn it is runs program code, so only it calls in here. */
		if (!pthread_equal(current->pthread, pthread_self()))
			host_die("a thread ran out of turn (thread %u's turn)", current->id);
		return;
	}
	main_thread.pthread = pthread_self();
	pthread_cond_init(&main_thread.go, NULL);
	main_thread.state = kRunnable;
	threads[thread_count++] = &main_thread;
	current = &main_thread;
}

static void enqueue(struct Thread_tag* t) {
	if (queue_len == kMaxThreads) host_die("more than %d runnable threads", kMaxThreads);
	queue[(queue_head + queue_len++) % kMaxThreads] = t;
}

static struct Thread_tag* dequeue(void) {
	if (!queue_len) return NULL;
	struct Thread_tag* t = queue[queue_head];
	queue_head = (queue_head + 1) % kMaxThreads;
	queue_len--;
	return t;
}

/* Gives the turn to the next runnable thread and waits for it to come back to `self` (which
 * must be queued or waiting for a wake-up). With the lock held. */
static void pass_turn(struct Thread_tag* self) {
	struct Thread_tag* next = dequeue();
	if (!next) {
		if (self->state == kRunnable) return;
		host_die("every thread waits for another (thread %u on %p): the program would hang", self->id,
		    self->waiting_on);
	}
	if (next == self) return;
	{
		/* CORPUS_THREAD_LOG: each change of turn on stderr, to compare two runs' schedules. */
		static int log = -1;
		if (log < 0) log = getenv("CORPUS_THREAD_LOG") != NULL;
		if (log) fprintf(stderr, "turn %u -> %u\n", self->id, next->id);
	}
	current = next;
	pthread_cond_signal(&next->go);
	while (current != self)
		pthread_cond_wait(&self->go, &big);
}

/* Waits, with the lock held, until a wake on `what` (wake_on); returns how it was woken. */
static int block_on(const void* what) {
	struct Thread_tag* self = current;
	self->state = kBlocked;
	self->waiting_on = what;
	self->woken = kWokenNone;
	pass_turn(self);
	return self->woken;
}

/* Makes up to `n` threads waiting on `what` runnable (n < 0: all), in creation order. */
static int wake_on(const void* what, int n, int how) {
	int woken = 0;
	for (unsigned i = 0; i < thread_count && (n < 0 || woken < n); i++) {
		struct Thread_tag* t = threads[i];
		if (t->state != kBlocked || t->waiting_on != what) continue;
		t->state = kRunnable;
		t->waiting_on = NULL;
		t->woken = how;
		enqueue(t);
		woken++;
	}
	return woken;
}

static void yield_locked(void) {
	struct Thread_tag* self = current;
	enqueue(self);
	pass_turn(self);
}

void host_threads_check_turn(void) {
	pthread_mutex_lock(&big);
	if (current && !pthread_equal(current->pthread, pthread_self()))
		host_die("a thread ran out of turn (thread %u's turn)", current->id);
	pthread_mutex_unlock(&big);
}

void host_threads_yield(void) {
	pthread_mutex_lock(&big);
	init_locked();
	yield_locked();
	pthread_mutex_unlock(&big);
}

void host_threads_run_others(void) {
	pthread_mutex_lock(&big);
	init_locked();
	/* Until every other thread waits: one that sleeps between pieces of work (craftus's chunk
	 * worker) still works, so it runs on. One that never waits would keep the frame from
	 * ending: stopped with a message. */
	for (unsigned turns = 0; queue_len > 0; turns++) {
		if (turns == 10000000u) host_die("a thread never waits: the frame cannot end");
		yield_locked();
	}
	pthread_mutex_unlock(&big);
}

/* ------------------------------------------------------------------------------------------ */
/* Threads                                                                                    */

static void finish(int code) {
	pthread_mutex_lock(&big);
	struct Thread_tag* self = current;
	self->state = kDone;
	self->exit_code = code;
	wake_on(self, -1, kWokenSignal); /* threadJoin */
	struct Thread_tag* next = dequeue();
	if (!next) host_die("thread %u ended while every other thread waits: the program would hang", self->id);
	current = next;
	pthread_cond_signal(&next->go);
	pthread_mutex_unlock(&big);
	pthread_exit(NULL);
}

static void* start(void* arg) {
	struct Thread_tag* self = arg;
	pthread_mutex_lock(&big);
	while (current != self)
		pthread_cond_wait(&self->go, &big);
	pthread_mutex_unlock(&big);
	self->entry(self->arg);
	finish(0);
	return NULL;
}

Thread threadCreate(ThreadFunc entrypoint, void* arg, size_t stack_size, int prio, int core_id,
                    bool detached) {
	(void)prio;
	(void)core_id;
	pthread_mutex_lock(&big);
	init_locked();
	if (thread_count == kMaxThreads) host_die("more than %d threads", kMaxThreads);
	struct Thread_tag* t = calloc(1, sizeof *t);
	t->entry = entrypoint;
	t->arg = arg;
	t->state = kRunnable;
	t->detached = detached;
	t->id = thread_count;
	pthread_cond_init(&t->go, NULL);
	threads[thread_count++] = t;
	enqueue(t); /* runs at its turn; the creator goes on */
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, stack_size < 65536 ? 65536 : stack_size);
	if (pthread_create(&t->pthread, &attr, start, t) != 0) host_die("pthread_create failed");
	pthread_attr_destroy(&attr);
	pthread_mutex_unlock(&big);
	return t;
}

Result threadJoin(Thread thread, u64 timeout_ns) {
	(void)timeout_ns; /* not measured: waits until the thread ends */
	if (!thread) return 0;
	pthread_mutex_lock(&big);
	init_locked();
	while (thread->state != kDone)
		block_on(thread);
	pthread_mutex_unlock(&big);
	return 0;
}

void threadFree(Thread thread) {
	if (!thread || thread == &main_thread) return;
	pthread_join(thread->pthread, NULL);
	pthread_mutex_lock(&big);
	for (unsigned i = 0; i < thread_count; i++)
		if (threads[i] == thread) {
			memmove(&threads[i], &threads[i + 1], (thread_count - i - 1) * sizeof threads[0]);
			thread_count--;
			break;
		}
	pthread_mutex_unlock(&big);
	pthread_cond_destroy(&thread->go);
	free(thread);
}

void threadDetach(Thread thread) {
	if (thread) thread->detached = true;
}
Thread threadGetCurrent(void) {
	return current == &main_thread ? NULL : current; /* libctru: NULL on the main thread */
}
int threadGetExitCode(Thread thread) {
	return thread ? thread->exit_code : 0;
}
Handle threadGetHandle(Thread thread) {
	return thread ? 0x2000u + thread->id : 0;
}
void threadExit(int rc) {
	finish(rc);
	abort(); /* not reached */
}

void svcSleepThread(s64 ns) {
	host_time_sleep(ns);
	host_threads_yield();
}

/* ------------------------------------------------------------------------------------------ */
/* Locks                                                                                      */

void LightLock_Init(LightLock* lock) { *lock = 1; }
void LightLock_Lock(LightLock* lock) {
	pthread_mutex_lock(&big);
	init_locked();
	while (*lock < 0)
		block_on(lock);
	*lock = -1;
	pthread_mutex_unlock(&big);
}
int LightLock_TryLock(LightLock* lock) {
	if (*lock < 0) return 1;
	*lock = -1;
	return 0;
}
void LightLock_Unlock(LightLock* lock) {
	pthread_mutex_lock(&big);
	*lock = 1;
	wake_on(lock, 1, kWokenSignal);
	pthread_mutex_unlock(&big);
}

void RecursiveLock_Init(RecursiveLock* lock) { memset(lock, 0, sizeof *lock); }
void RecursiveLock_Lock(RecursiveLock* lock) {
	const u32 me = (u32)(uintptr_t)(current ? current : &main_thread);
	if (lock->counter && lock->thread_tag == me) {
		lock->counter++;
		return;
	}
	LightLock_Lock(&lock->lock);
	lock->thread_tag = me;
	lock->counter = 1;
}
int RecursiveLock_TryLock(RecursiveLock* lock) {
	const u32 me = (u32)(uintptr_t)(current ? current : &main_thread);
	if (lock->counter && lock->thread_tag == me) {
		lock->counter++;
		return 0;
	}
	if (LightLock_TryLock(&lock->lock)) return 1;
	lock->thread_tag = me;
	lock->counter = 1;
	return 0;
}
void RecursiveLock_Unlock(RecursiveLock* lock) {
	if (lock->counter && --lock->counter == 0) {
		lock->thread_tag = 0;
		LightLock_Unlock(&lock->lock);
	}
}

/* ------------------------------------------------------------------------------------------ */
/* Events: state -2 cleared sticky, -1 cleared one-shot, 0 signalled one-shot, 1 signalled sticky */

void LightEvent_Init(LightEvent* event, ResetType reset_type) {
	event->state = reset_type == RESET_STICKY ? -2 : -1;
	event->lock = 1;
}
void LightEvent_Clear(LightEvent* event) {
	event->state = event->state == 1 || event->state == -2 ? -2 : -1;
}
void LightEvent_Signal(LightEvent* event) {
	pthread_mutex_lock(&big);
	init_locked();
	if (event->state == -1 || event->state == 0) {
		event->state = 0; /* one waiter takes it (or the next Wait) */
		wake_on(event, 1, kWokenSignal);
	} else {
		event->state = 1;
		wake_on(event, -1, kWokenSignal);
	}
	pthread_mutex_unlock(&big);
}
void LightEvent_Pulse(LightEvent* event) {
	/* Wakes who waits now (one for one-shot), and leaves the event cleared. */
	pthread_mutex_lock(&big);
	init_locked();
	const bool sticky = event->state == 1 || event->state == -2;
	wake_on(event, sticky ? -1 : 1, kWokenPulse);
	event->state = sticky ? -2 : -1;
	pthread_mutex_unlock(&big);
}
int LightEvent_TryWait(LightEvent* event) {
	if (event->state == 0) {
		event->state = -1;
		return 1;
	}
	return event->state == 1;
}
void LightEvent_Wait(LightEvent* event) {
	pthread_mutex_lock(&big);
	init_locked();
	while (!LightEvent_TryWait(event))
		if (block_on(event) == kWokenPulse) break;
	pthread_mutex_unlock(&big);
}
int LightEvent_WaitTimeout(LightEvent* event, s64 timeout_ns) {
	/* 0 when signalled, 1 on timeout; the time is not measured: one turn for the others. */
	if (LightEvent_TryWait(event)) return 0;
	if (timeout_ns > 0) host_threads_yield();
	return LightEvent_TryWait(event) ? 0 : 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Semaphores and condition variables                                                         */

void LightSemaphore_Init(LightSemaphore* semaphore, s16 initial_count, s16 max_count) {
	semaphore->current_count = initial_count;
	semaphore->num_threads_acq = 0;
	semaphore->max_count = max_count;
}
void LightSemaphore_Acquire(LightSemaphore* semaphore, s32 count) {
	pthread_mutex_lock(&big);
	init_locked();
	while (semaphore->current_count < count)
		block_on(semaphore);
	semaphore->current_count -= count;
	pthread_mutex_unlock(&big);
}
int LightSemaphore_TryAcquire(LightSemaphore* semaphore, s32 count) {
	if (semaphore->current_count < count) return 1;
	semaphore->current_count -= count;
	return 0;
}
void LightSemaphore_Release(LightSemaphore* semaphore, s32 count) {
	pthread_mutex_lock(&big);
	semaphore->current_count += count;
	wake_on(semaphore, -1, kWokenSignal);
	pthread_mutex_unlock(&big);
}

void CondVar_Init(CondVar* cv) { *cv = 0; }
void CondVar_Wait(CondVar* cv, LightLock* lock) {
	pthread_mutex_lock(&big);
	init_locked();
	*lock = 1; /* unlocked and the wait begun in one step: no wake-up is lost */
	wake_on(lock, 1, kWokenSignal);
	block_on(cv);
	while (*lock < 0)
		block_on(lock);
	*lock = -1;
	pthread_mutex_unlock(&big);
}
int CondVar_WaitTimeout(CondVar* cv, LightLock* lock, s64 timeout_ns) {
	/* The time is not measured: the lock is let go for one turn of the others, and the wait
	 * reports a timeout (1); callers check their condition again, as after any wake-up. */
	(void)cv;
	(void)timeout_ns;
	LightLock_Unlock(lock);
	host_threads_yield();
	LightLock_Lock(lock);
	return 1;
}
void CondVar_WakeUp(CondVar* cv, s32 num_threads) {
	pthread_mutex_lock(&big);
	init_locked();
	wake_on(cv, num_threads < 0 ? -1 : num_threads, kWokenSignal);
	pthread_mutex_unlock(&big);
}
