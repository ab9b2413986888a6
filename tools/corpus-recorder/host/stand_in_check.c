/* Checks of the stand-in's own services, run by `make check`: sdmc:/ and romfs:/ paths through
 * fopen, mkdir, access, stat and opendir, and scripted input (CORPUS_INPUT). Prints what failed
 * and exits non-zero, or prints "stand-in checks passed". */
#include <3ds.h>

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures;
#define CHECK(c)                                                                                   \
	do {                                                                                           \
		if (!(c)) {                                                                                \
			printf("stand_in_check: failed: %s (line %d)\n", #c, __LINE__);                       \
			failures++;                                                                            \
		}                                                                                          \
	} while (0)

/* Threads: a worker that counts each event it is given, and holds a lock while it "works". */
static LightEvent work;
static LightLock guard;
static volatile int done_work, stop_worker;
static char order[64];
static int order_len;

static void note(char c) {
	if (order_len < (int)sizeof order - 1) order[order_len++] = c;
}

static void worker(void* arg) {
	(void)arg;
	for (;;) {
		LightEvent_Wait(&work);
		if (stop_worker) break;
		LightLock_Lock(&guard);
		note('w');
		svcSleepThread(1000000); /* the main thread runs meanwhile and waits for the lock */
		done_work++;
		LightLock_Unlock(&guard);
	}
	threadExit(7);
}

static LightSemaphore items;
static volatile int consumed;
static void consumer(void* arg) {
	(void)arg;
	for (int i = 0; i < 3; i++) {
		LightSemaphore_Acquire(&items, 1);
		note('c');
		consumed++;
	}
}

int main(void) {
	/* sdmc:/ is CORPUS_SDMC (the Makefile sets it to a fresh folder). */
	CHECK(mkdir("sdmc:/3ds", 0777) == 0);
	CHECK(mkdir("sdmc:/3ds/data", 0777) == 0);
	FILE* f = fopen("sdmc:/3ds/data/save.txt", "w");
	CHECK(f != NULL);
	if (f) {
		fputs("saved", f);
		fclose(f);
	}
	CHECK(access("sdmc:/3ds/data/save.txt", F_OK) == 0);
	CHECK(access("sdmc:/3ds/data/none.txt", F_OK) != 0);
	struct stat st;
	CHECK(stat("sdmc:/3ds/data/save.txt", &st) == 0 && st.st_size == 5);
	DIR* d = opendir("sdmc:/3ds/data");
	CHECK(d != NULL);
	int found = 0;
	if (d) {
		struct dirent* e;
		while ((e = readdir(d)))
			found += strcmp(e->d_name, "save.txt") == 0;
		closedir(d);
	}
	CHECK(found == 1);
	const char* root = getenv("CORPUS_SDMC");
	char host[512];
	snprintf(host, sizeof host, "%s/3ds/data/save.txt", root ? root : "sdmc");
	CHECK(access(host, F_OK) == 0); /* where it really is */
	/* romfs:/ is CORPUS_ROMFS. */
	f = fopen("romfs:/hello.txt", "r");
	CHECK(f != NULL);
	if (f) {
		char text[16] = {0};
		CHECK(fgets(text, sizeof text, f) && strcmp(text, "hello") == 0);
		fclose(f);
	}
	/* Scripted input: the script (frame 0 nothing, frame 1 A and the circle pad, frame 2 A and
	 * a touch) as four loop iterations see it. */
	u32 down[4], held[4], up[4];
	circlePosition cpad[4];
	touchPosition touch[4];
	for (int i = 0; i < 4 && aptMainLoop(); i++) {
		hidScanInput();
		down[i] = hidKeysDown();
		held[i] = hidKeysHeld();
		up[i] = hidKeysUp();
		hidCircleRead(&cpad[i]);
		hidTouchRead(&touch[i]);
	}
	CHECK(held[0] == 0 && down[0] == 0);
	CHECK(held[1] == KEY_A && down[1] == KEY_A && cpad[1].dx == 100 && cpad[1].dy == -20);
	CHECK(held[2] == (KEY_A | KEY_TOUCH) && down[2] == KEY_TOUCH && touch[2].px == 160 &&
	      touch[2].py == 120 && cpad[2].dx == 0);
	CHECK(held[3] == 0 && up[3] == (KEY_A | KEY_TOUCH));

	/* Threads. A new thread runs at its turn: the creator goes on first. */
	LightEvent_Init(&work, RESET_ONESHOT);
	LightLock_Init(&guard);
	Thread t = threadCreate(worker, NULL, 32 * 1024, 0x30, -2, false);
	CHECK(t != NULL && done_work == 0);
	/* A frame's end runs it until it waits; a signal wakes it for one piece of work. */
	CHECK(aptMainLoop());
	note('m');
	LightEvent_Signal(&work);
	CHECK(done_work == 0); /* runnable, not yet run */
	CHECK(aptMainLoop());  /* the frame ends once the worker waits again */
	CHECK(done_work == 1);
	/* The lock: the worker sleeps holding it; the main thread waits for it. */
	LightEvent_Signal(&work);
	svcSleepThread(1); /* the worker's turn: it takes the lock and sleeps */
	note('m');
	LightLock_Lock(&guard); /* waits until the worker lets go */
	note('M');
	CHECK(done_work == 2);
	LightLock_Unlock(&guard);
	/* A semaphore: three items released one by one, consumed at the consumer's turns. */
	LightSemaphore_Init(&items, 0, 8);
	Thread c = threadCreate(consumer, NULL, 32 * 1024, 0x30, -2, false);
	for (int i = 0; i < 3; i++) {
		LightSemaphore_Release(&items, 1);
		note('p');
		svcSleepThread(1);
	}
	threadJoin(c, U64_MAX);
	threadFree(c);
	CHECK(consumed == 3);
	/* Join: the worker leaves its loop and ends with code 7. */
	stop_worker = 1;
	LightEvent_Signal(&work);
	CHECK(threadJoin(t, 100000000) == 0);
	CHECK(threadGetExitCode(t) == 7);
	threadFree(t);
	order[order_len] = 0;
	/* The whole interleaving, the same every run. */
	CHECK(strcmp(order, "mwwmMpcpcpc") == 0);
	if (strcmp(order, "mwwmMpcpcpc") != 0) printf("stand_in_check: order %s\n", order);
	if (failures) return 1;
	printf("stand-in checks passed\n");
	return 0;
}
