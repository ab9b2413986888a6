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
	if (failures) return 1;
	printf("stand-in checks passed\n");
	return 0;
}
