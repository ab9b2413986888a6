/*
 * ctru_host.c - a small host (Linux, 32-bit x86) stand-in for the parts of libctru that
 * citro3d and the 3ds-examples GPU programs use. Written for picavk's corpus recorder; it
 * contains no libctru or Citra code. See README.md for the design.
 *
 *  - Memory: the linear heap (FCRAM) is mapped at its real virtual address 0x14000000
 *    (physical 0x20000000) and VRAM at 0x1F000000 (physical 0x18000000), so every pointer the
 *    programs hand the GPU is the pointer a real 3DS would see.
 *  - GX commands (gspSubmitGxCommand) run at once: they are recorded as the GPU register writes
 *    GSP would make, after a MemoryLoad of every arena byte that changed since the last sync.
 *    Their completion interrupts are queued and delivered (to libctru's gxqueue.c and to
 *    gspSetEventCallback handlers) when the program next waits for an event or calls
 *    aptMainLoop, as GSP's event thread would deliver them asynchronously.
 *  - Frames: a buffer swap programs the LCD framebuffer registers; a frame marker follows once
 *    the pending events are delivered. aptMainLoop returns true CORPUS_FRAMES times (default 4).
 *  - Time advances deterministically (one VBlank = 1/60 s of system ticks).
 */
#define _GNU_SOURCE
#include <3ds.h>

#include "threads.h"

#include <errno.h>
#include <stdarg.h>
#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "trace_sink.h"

#if UINTPTR_MAX != 0xFFFFFFFFu
#error "ctru_host.c must be built 32-bit (-m32): citro3d and the examples cast pointers to u32"
#endif

/* ------------------------------------------------------------------------------------------ */
/* Diagnostics                                                                                */

void host_die(const char* fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "ctru_host: fatal: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(3);
}

/* ------------------------------------------------------------------------------------------ */
/* Memory arenas and allocators                                                               */

#define LINEAR_VADDR 0x14000000u
#define LINEAR_PADDR 0x20000000u
#define LINEAR_SIZE  (64u << 20)
#define VRAM_VADDR   0x1F000000u
#define VRAM_PADDR   0x18000000u
#define VRAM_SIZE    (6u << 20)
#define MAX_BLOCKS   4096

typedef struct { u32 addr, size; } Block;

typedef struct {
	const char* name;
	u32 vbase, pbase, size;
	u8* shadow;        /* the bytes the GPU side (trace) has seen */
	u32 highwater;     /* offset past the highest byte ever allocated */
	Block blocks[MAX_BLOCKS]; /* allocated blocks, sorted by address */
	int count;
} Arena;

static Arena linear_arena = { "linear", LINEAR_VADDR, LINEAR_PADDR, LINEAR_SIZE, NULL, 0, {{0, 0}}, 0 };
static Arena vram_arena   = { "vram",   VRAM_VADDR,   VRAM_PADDR,   VRAM_SIZE,   NULL, 0, {{0, 0}}, 0 };

/* libctru exports these (citro3d's C3D_FrameEnd flushes the whole linear heap with them). */
u32 __ctru_linear_heap = LINEAR_VADDR;
u32 __ctru_linear_heap_size = LINEAR_SIZE;

static void map_fixed(u32 vaddr, u32 size, const char* what) {
	void* p = mmap((void*)(uintptr_t)vaddr, size, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED || p != (void*)(uintptr_t)vaddr)
		host_die("cannot map %s at 0x%08X (%s)", what, vaddr, strerror(errno));
}

static u32 align_up(u32 v, u32 a) { return (v + a - 1) & ~(a - 1); }

/* First fit in [lo, hi) (arena offsets); returns the virtual address or 0. */
static u32 arena_alloc_in(Arena* a, u32 size, u32 align, u32 lo, u32 hi) {
	if (size == 0) size = 1;
	size = align_up(size, 16);
	if (align < 16) align = 16;
	if (align & (align - 1)) return 0;
	u32 cur = a->vbase + lo;
	int i;
	for (i = 0; i <= a->count; i++) {
		u32 start = align_up(cur, align);
		u32 limit = i < a->count ? a->blocks[i].addr : a->vbase + hi;
		if (limit > a->vbase + hi) limit = a->vbase + hi;
		if (start >= cur && start <= limit && limit - start >= size) {
			if (a->count == MAX_BLOCKS) return 0;
			memmove(&a->blocks[i + 1], &a->blocks[i], (a->count - i) * sizeof(Block));
			a->blocks[i].addr = start;
			a->blocks[i].size = size;
			a->count++;
			if (start + size - a->vbase > a->highwater) a->highwater = start + size - a->vbase;
			return start;
		}
		if (i < a->count && a->blocks[i].addr + a->blocks[i].size > cur)
			cur = a->blocks[i].addr + a->blocks[i].size;
	}
	return 0;
}

static int arena_find(Arena* a, u32 addr) {
	int i;
	for (i = 0; i < a->count; i++)
		if (a->blocks[i].addr == addr) return i;
	return -1;
}

static void arena_free(Arena* a, void* mem) {
	if (!mem) return;
	int i = arena_find(a, (u32)mem);
	if (i < 0) return;
	memmove(&a->blocks[i], &a->blocks[i + 1], (a->count - i - 1) * sizeof(Block));
	a->count--;
}

static u32 arena_used(const Arena* a) {
	u32 used = 0;
	int i;
	for (i = 0; i < a->count; i++) used += a->blocks[i].size;
	return used;
}

void* linearMemAlign(size_t size, size_t alignment) {
	host_threads_check_turn();
	return (void*)arena_alloc_in(&linear_arena, size, alignment, 0, LINEAR_SIZE);
}
void* linearAlloc(size_t size) { return linearMemAlign(size, 0x80); }
size_t linearGetSize(void* mem) {
	int i = arena_find(&linear_arena, (u32)mem);
	return i < 0 ? 0 : linear_arena.blocks[i].size;
}
void linearFree(void* mem) { arena_free(&linear_arena, mem); }
void* linearRealloc(void* mem, size_t size) {
	(void)mem; (void)size;
	return NULL; /* libctru does not implement it either */
}
u32 linearSpaceFree(void) { return LINEAR_SIZE - arena_used(&linear_arena); }

static void* vram_alloc_pos(size_t size, size_t alignment, vramAllocPos pos) {
	u32 half = VRAM_SIZE / 2;
	u32 lo = (pos & VRAM_ALLOC_A) ? 0 : half;
	u32 hi = (pos & VRAM_ALLOC_B) ? VRAM_SIZE : half;
	return (void*)arena_alloc_in(&vram_arena, size, alignment, lo, hi);
}
void* vramMemAlignAt(size_t size, size_t alignment, vramAllocPos pos) { return vram_alloc_pos(size, alignment, pos); }
void* vramMemAlign(size_t size, size_t alignment) { return vram_alloc_pos(size, alignment, VRAM_ALLOC_ANY); }
void* vramAllocAt(size_t size, vramAllocPos pos) { return vram_alloc_pos(size, 0x80, pos); }
void* vramAlloc(size_t size) { return vram_alloc_pos(size, 0x80, VRAM_ALLOC_ANY); }
void* vramRealloc(void* mem, size_t size) { (void)mem; (void)size; return NULL; }
size_t vramGetSize(void* mem) {
	int i = arena_find(&vram_arena, (u32)mem);
	return i < 0 ? 0 : vram_arena.blocks[i].size;
}
void vramFree(void* mem) { arena_free(&vram_arena, mem); }
u32 vramSpaceFree(void) { return VRAM_SIZE - arena_used(&vram_arena); }

u32 osConvertVirtToPhys(const void* vaddr) {
	u32 v = (u32)vaddr;
	if (v >= OS_OLD_FCRAM_VADDR && v < OS_OLD_FCRAM_VADDR + OS_OLD_FCRAM_SIZE)
		return v - OS_OLD_FCRAM_VADDR + OS_OLD_FCRAM_PADDR;
	if (v >= OS_VRAM_VADDR && v < OS_VRAM_VADDR + OS_VRAM_SIZE)
		return v - OS_VRAM_VADDR + OS_VRAM_PADDR;
	if (v >= OS_FCRAM_VADDR && v < OS_FCRAM_VADDR + OS_FCRAM_SIZE)
		return v - OS_FCRAM_VADDR + OS_FCRAM_PADDR;
	return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Memory sync: every arena byte that changed since the last sync becomes a MemoryLoad.       */

#define SYNC_PAGE 4096u
#define SYNC_MERGE_GAP 16u /* merging runs this close costs less than a 20-byte element */

static u64 synced_bytes, synced_loads;

static void sync_emit(Arena* a, u32 start, u32 end) {
	const u8* mem = (const u8*)(uintptr_t)a->vbase;
	trace_sink_memory_load(a->pbase + start, mem + start, end - start);
	memcpy(a->shadow + start, mem + start, end - start);
	synced_bytes += end - start;
	synced_loads++;
}

static void sync_arena(Arena* a) {
	const u8* mem = (const u8*)(uintptr_t)a->vbase;
	u32 limit = align_up(a->highwater, SYNC_PAGE);
	u32 run_start = 0, run_end = 0, p, w;
	int open = 0;
	for (p = 0; p < limit; p += SYNC_PAGE) {
		if (!memcmp(mem + p, a->shadow + p, SYNC_PAGE)) continue;
		for (w = p; w < p + SYNC_PAGE; w += 4) {
			if (*(const u32*)(mem + w) == *(const u32*)(a->shadow + w)) continue;
			if (open && w - run_end <= SYNC_MERGE_GAP) {
				run_end = w + 4;
			} else {
				if (open) sync_emit(a, run_start, run_end);
				run_start = w;
				run_end = w + 4;
				open = 1;
			}
		}
	}
	if (open) sync_emit(a, run_start, run_end);
}

static void sync_memory(void) {
	host_threads_check_turn();
	sync_arena(&linear_arena);
	sync_arena(&vram_arena);
}

/* ------------------------------------------------------------------------------------------ */
/* Time (deterministic)                                                                       */

#define TICKS_PER_VBLANK ((u64)SYSCLOCK_ARM11 / 60u)
static u64 vblank_count;
static u64 tick_extra; /* a little time passes with every query, so spin loops finish */

u64 svcGetSystemTick(void) {
	tick_extra += 64;
	return vblank_count * TICKS_PER_VBLANK + tick_extra;
}

u64 osGetTime(void) {
	/* Milliseconds since 1900-01-01, like libctru; fixed start: 2024-01-01 00:00:00. */
	const u64 start_ms = 3913056000000ULL;
	return start_ms + svcGetSystemTick() / (SYSCLOCK_ARM11 / 1000u);
}

double osTickCounterRead(const TickCounter* cnt) {
	return (double)cnt->elapsed / CPU_TICKS_PER_MSEC;
}

void host_time_sleep(s64 ns) {
	if (ns > 0) tick_extra += (u64)ns * (SYSCLOCK_ARM11 / 1000000u) / 1000u;
}

/* time(): newlib on the 3DS answers from osGetTime (ms since 1900), so it follows the same
 * fixed clock (linked with -Wl,--wrap=time). */
time_t __wrap_time(time_t* t) {
	time_t now = (time_t)(osGetTime() / 1000u - 2208988800ULL); /* 1900 -> 1970 epoch */
	if (t) *t = now;
	return now;
}

/* rand()/srand(): newlib's generator (the one a 3DS build links), not glibc's, so a program
 * seeded the same way draws the same numbers as on hardware (-Wl,--wrap=rand,--wrap=srand). */
static unsigned long long rand_next = 1;
void __wrap_srand(unsigned int seed) { rand_next = seed; }
int __wrap_rand(void) {
	rand_next = rand_next * 6364136223846793005ULL + 1;
	return (int)((rand_next >> 32) & 0x7fffffff);
}

void svcBreak(UserBreakType breakReason) { host_die("svcBreak(%d) called by the program", (int)breakReason); }

Result svcCreateEvent(Handle* event, ResetType reset_type) { (void)reset_type; if (event) *event = 0x1234; return 0; }
Result svcSignalEvent(Handle handle) { (void)handle; return 0; }
Result svcClearEvent(Handle handle) { (void)handle; return 0; }
Result svcCloseHandle(Handle handle) { (void)handle; return 0; }
Result svcWaitSynchronization(Handle handle, s64 nanoseconds) { (void)handle; (void)nanoseconds; return 0; }

/* Threads, locks, events, semaphores, condition variables: host/threads.c. */

/* ------------------------------------------------------------------------------------------ */
/* GPU register writes (3dbrew "GPU/External Registers")                                      */

#define REG_PSC0        0x10400010u /* memory fill unit 0: +0 start>>3, +4 end>>3, +8 value, +C control */
#define REG_PSC1        0x10400020u
#define REG_LCD_TOP     0x10400400u /* framebuffer setup, top screen */
#define REG_LCD_BOTTOM  0x10400500u
#define LCD_SIZE        0x5Cu
#define LCD_LEFT_A      0x68u
#define LCD_LEFT_B      0x6Cu
#define LCD_FORMAT      0x70u
#define LCD_SELECT      0x78u
#define LCD_STRIDE      0x90u
#define LCD_RIGHT_A     0x94u
#define LCD_RIGHT_B     0x98u
#define REG_PPF         0x10400C00u /* display transfer / texture copy */
#define REG_P3D(id)     (0x10401000u + 4u * (id)) /* internal PICA registers */

static void reg(u32 addr, u32 value) { trace_sink_register_write(addr, value); }

static u32 phys_or_die(const void* p, const char* what) {
	u32 pa = osConvertVirtToPhys(p);
	if (!pa && p) host_die("%s: address %p is in neither the linear heap nor VRAM", what, p);
	return pa;
}

/* ------------------------------------------------------------------------------------------ */
/* GSP: command submission and events                                                         */

static struct { ThreadFunc cb; void* data; bool oneShot; } gsp_handlers[GSPGPU_EVENT_MAX];
static GSPGPU_Event event_queue[256];
static unsigned event_head, event_tail;
static bool event_seen[GSPGPU_EVENT_MAX];
static bool swap_since_marker;
static unsigned frames_marked;
static u64 gx_commands;

extern void gxCmdQueueInterrupt(GSPGPU_Event irq); /* libctru gxqueue.c */

static void push_event(GSPGPU_Event ev) {
	if (event_tail - event_head >= 256) host_die("GSP event queue overflow");
	event_queue[event_tail++ % 256] = ev;
}

Result gspInit(void) { return 0; }
void gspExit(void) {}
bool gspHasGpuRight(void) { return true; }

void gspSetEventCallback(GSPGPU_Event id, ThreadFunc cb, void* data, bool oneShot) {
	if ((unsigned)id >= GSPGPU_EVENT_MAX) return;
	gsp_handlers[id].cb = cb;
	gsp_handlers[id].data = data;
	gsp_handlers[id].oneShot = oneShot;
}

static void deliver(GSPGPU_Event ev) {
	event_seen[ev] = true;
	gxCmdQueueInterrupt(ev);
	if (gsp_handlers[ev].cb) {
		ThreadFunc cb = gsp_handlers[ev].cb;
		void* data = gsp_handlers[ev].data;
		if (gsp_handlers[ev].oneShot) gsp_handlers[ev].cb = NULL;
		cb(data);
	}
}

static void end_frame_if_swapped(void) {
	if (!swap_since_marker) return;
	swap_since_marker = false;
	sync_memory(); /* CPU-drawn framebuffer contents, if any */
	trace_sink_frame_marker();
	frames_marked++;
}

/* Delivers every queued event (more may be queued while doing so). Returns how many. */
static GSPGPU_Event last_event = GSPGPU_EVENT_VBlank0;
static int pump(void) {
	static bool pumping;
	if (pumping) return 0;
	pumping = true;
	int n = 0;
	while (event_head != event_tail) {
		GSPGPU_Event ev = event_queue[event_head++ % 256];
		deliver(ev);
		last_event = ev;
		n++;
	}
	pumping = false;
	end_frame_if_swapped();
	return n;
}

static void vblank(void) {
	host_threads_run_others(); /* other threads work until they wait, then the vblank comes */
	vblank_count++;
	deliver(GSPGPU_EVENT_VBlank0);
	deliver(GSPGPU_EVENT_VBlank1);
	last_event = GSPGPU_EVENT_VBlank0;
}

void gspWaitForEvent(GSPGPU_Event id, bool nextEvent) {
	(void)nextEvent;
	pump();
	if (id == GSPGPU_EVENT_VBlank0 || id == GSPGPU_EVENT_VBlank1) vblank();
}

GSPGPU_Event gspWaitForAnyEvent(void) {
	if (pump() == 0) vblank();
	return last_event;
}

static void gx_exec(const u32* c) {
	gx_commands++;
	switch (c[0] & 0xFF) {
	case 0x00: /* RequestDma: a copy the program sees; it reaches the trace with the next sync */
		memcpy((void*)c[2], (const void*)c[1], c[3]);
		push_event(GSPGPU_EVENT_DMA);
		break;
	case 0x01: { /* ProcessCommandList */
		sync_memory();
		u32 pa = phys_or_die((const void*)c[1], "GX_ProcessCommandList");
		reg(REG_P3D(0x238), c[2]);     /* CMDBUF_SIZE0: bytes (old Citra layout, as picavk writes) */
		reg(REG_P3D(0x23A), pa >> 3);  /* CMDBUF_ADDR0 */
		reg(REG_P3D(0x23C), 1);        /* CMDBUF_JUMP0: run it */
		push_event(GSPGPU_EVENT_P3D);
		break;
	}
	case 0x02: { /* MemoryFill */
		sync_memory();
		if (c[1]) {
			reg(REG_PSC0 + 0x0, phys_or_die((const void*)c[1], "GX_MemoryFill") >> 3);
			reg(REG_PSC0 + 0x4, phys_or_die((const void*)c[3], "GX_MemoryFill") >> 3);
			reg(REG_PSC0 + 0x8, c[2]);
			reg(REG_PSC0 + 0xC, c[7] & 0xFFFF);
		}
		if (c[4]) {
			reg(REG_PSC1 + 0x0, phys_or_die((const void*)c[4], "GX_MemoryFill") >> 3);
			reg(REG_PSC1 + 0x4, phys_or_die((const void*)c[6], "GX_MemoryFill") >> 3);
			reg(REG_PSC1 + 0x8, c[5]);
			reg(REG_PSC1 + 0xC, c[7] >> 16);
		}
		push_event(GSPGPU_EVENT_PSC0);
		if (c[4]) push_event(GSPGPU_EVENT_PSC1);
		break;
	}
	case 0x03: /* DisplayTransfer */
		sync_memory();
		reg(REG_PPF + 0x00, phys_or_die((const void*)c[1], "GX_DisplayTransfer") >> 3);
		reg(REG_PPF + 0x04, phys_or_die((const void*)c[2], "GX_DisplayTransfer") >> 3);
		reg(REG_PPF + 0x08, c[4]); /* output dimensions */
		reg(REG_PPF + 0x0C, c[3]); /* input dimensions */
		reg(REG_PPF + 0x10, c[5]);
		reg(REG_PPF + 0x18, 1);
		push_event(GSPGPU_EVENT_PPF);
		break;
	case 0x04: /* TextureCopy: GSP sets the texture-copy mode bit (3) itself */
		sync_memory();
		reg(REG_PPF + 0x00, phys_or_die((const void*)c[1], "GX_TextureCopy") >> 3);
		reg(REG_PPF + 0x04, phys_or_die((const void*)c[2], "GX_TextureCopy") >> 3);
		reg(REG_PPF + 0x20, c[3]);
		reg(REG_PPF + 0x24, c[4]);
		reg(REG_PPF + 0x28, c[5]);
		reg(REG_PPF + 0x10, c[6] | 8);
		reg(REG_PPF + 0x18, 1);
		push_event(GSPGPU_EVENT_PPF);
		break;
	case 0x05: /* FlushCacheRegions: the host has no caches; memory is synced before each command */
		break;
	default:
		fprintf(stderr, "ctru_host: unknown GX command 0x%08X ignored\n", c[0]);
		break;
	}
}

Result gspSubmitGxCommand(const u32 gxCommand[0x8]) {
	gx_exec(gxCommand);
	return 0;
}

Result GSPGPU_FlushDataCache(const void* adr, u32 size) { (void)adr; (void)size; return 0; }
Result GSPGPU_InvalidateDataCache(const void* adr, u32 size) { (void)adr; (void)size; return 0; }
Result GSPGPU_SetLcdForceBlack(u8 flags) { (void)flags; return 0; }

/* ------------------------------------------------------------------------------------------ */
/* gfx: framebuffers and presenting                                                           */

static GSPGPU_FramebufferFormat fb_format[2];
static u8* fb_mem[2][2];
static u32 fb_maxsize[2];
static int fb_cur[2];
static int fb_double[2] = { 1, 1 };
static bool fb_in_vram;
static bool top_3d, top_wide;

static u32 bytes_per_pixel(GSPGPU_FramebufferFormat f) {
	switch (f) {
	case GSP_RGBA8_OES: return 4;
	case GSP_BGR8_OES: return 3;
	default: return 2;
	}
}

static void* fb_alloc(u32 size) { return fb_in_vram ? vramAlloc(size) : linearAlloc(size); }
static void fb_free(void* p) { if (fb_in_vram) vramFree(p); else linearFree(p); }

void gfxSetScreenFormat(gfxScreen_t screen, GSPGPU_FramebufferFormat format) {
	u32 size = GSP_SCREEN_WIDTH * bytes_per_pixel(format) *
		(screen == GFX_TOP ? GSP_SCREEN_HEIGHT_TOP_2X : GSP_SCREEN_HEIGHT_BOTTOM);
	if (fb_maxsize[screen] < size) {
		int i;
		for (i = 0; i < 2; i++) {
			if (fb_mem[screen][i]) fb_free(fb_mem[screen][i]);
			fb_mem[screen][i] = (u8*)fb_alloc(size);
			if (!fb_mem[screen][i]) host_die("cannot allocate framebuffers");
		}
		fb_maxsize[screen] = size;
	}
	fb_format[screen] = format;
}

GSPGPU_FramebufferFormat gfxGetScreenFormat(gfxScreen_t screen) { return fb_format[screen]; }
void gfxSetDoubleBuffering(gfxScreen_t screen, bool enable) { fb_double[screen] = enable ? 1 : 0; }
void gfxSet3D(bool enable) { top_3d = enable; }
bool gfxIs3D(void) { return top_3d; }
void gfxSetWide(bool enable) { top_wide = enable; }
bool gfxIsWide(void) { return top_wide; }

/* What GSP does when a new framebuffer is presented: program the LCD framebuffer registers. */
static void present(gfxScreen_t screen, int id, bool stereo) {
	const u32 base = screen == GFX_TOP ? REG_LCD_TOP : REG_LCD_BOTTOM;
	const u32 stride = GSP_SCREEN_WIDTH * bytes_per_pixel(fb_format[screen]);
	u32 mode = fb_format[screen];
	u32 height = GSP_SCREEN_HEIGHT_BOTTOM;
	const u8* a = fb_mem[screen][id];
	const u8* b = a;
	if (screen == GFX_TOP) {
		height = GSP_SCREEN_HEIGHT_TOP;
		if (top_wide) {
			height = GSP_SCREEN_HEIGHT_TOP_2X;
		} else if (top_3d) {
			mode |= BIT(5);
			if (stereo) b = a + fb_maxsize[screen] / 2;
		} else {
			mode |= BIT(6);
		}
	}
	mode |= fb_in_vram ? (3u << 8) : (1u << 8);
	sync_memory();
	reg(base + LCD_SIZE, GSP_SCREEN_WIDTH | (height << 16));
	reg(base + (id ? LCD_LEFT_B : LCD_LEFT_A), phys_or_die(a, "framebuffer"));
	reg(base + (id ? LCD_RIGHT_B : LCD_RIGHT_A), phys_or_die(b, "framebuffer"));
	reg(base + LCD_FORMAT, mode);
	reg(base + LCD_STRIDE, stride);
	reg(base + LCD_SELECT, (u32)id);
}

void gfxInit(GSPGPU_FramebufferFormat topFormat, GSPGPU_FramebufferFormat bottomFormat, bool vrambuffers) {
	fb_in_vram = vrambuffers;
	top_3d = false;
	gfxSetScreenFormat(GFX_TOP, topFormat);
	gfxSetScreenFormat(GFX_BOTTOM, bottomFormat);
	fb_double[0] = fb_double[1] = 1;
	fb_cur[0] = fb_cur[1] = 0;
	present(GFX_TOP, 0, false);
	present(GFX_BOTTOM, 0, false);
}

void gfxInitDefault(void) { gfxInit(GSP_BGR8_OES, GSP_BGR8_OES, false); }

void gfxExit(void) {
	int s, i;
	for (s = 0; s < 2; s++)
		for (i = 0; i < 2; i++) {
			if (fb_mem[s][i]) fb_free(fb_mem[s][i]);
			fb_mem[s][i] = NULL;
		}
	fb_maxsize[0] = fb_maxsize[1] = 0;
}

u8* gfxGetFramebuffer(gfxScreen_t screen, gfx3dSide_t side, u16* width, u16* height) {
	int id = fb_cur[screen] ^ fb_double[screen]; /* the buffer not on display */
	u8* fb = fb_mem[screen][id];
	u16 h = GSP_SCREEN_HEIGHT_BOTTOM;
	if (screen == GFX_TOP) {
		h = GSP_SCREEN_HEIGHT_TOP;
		if (top_wide) h = GSP_SCREEN_HEIGHT_TOP_2X;
		else if (top_3d && side == GFX_RIGHT) fb += fb_maxsize[screen] / 2;
	}
	if (width) *width = GSP_SCREEN_WIDTH;
	if (height) *height = h;
	return fb;
}

void gfxFlushBuffers(void) {}

void gfxScreenSwapBuffers(gfxScreen_t scr, bool hasStereo) {
	fb_cur[scr] ^= fb_double[scr];
	present(scr, fb_cur[scr], hasStereo);
	swap_since_marker = true;
}

void gfxConfigScreen(gfxScreen_t scr, bool immediate) { (void)immediate; gfxScreenSwapBuffers(scr, true); }
void gfxSwapBuffers(void) { gfxScreenSwapBuffers(GFX_TOP, true); gfxScreenSwapBuffers(GFX_BOTTOM, true); }
void gfxSwapBuffersGpu(void) { gfxSwapBuffers(); }

/* ------------------------------------------------------------------------------------------ */
/* Console: accepted, draws nothing (text goes to stdout through the C library).              */

static PrintConsole host_console;
PrintConsole* consoleInit(gfxScreen_t screen, PrintConsole* console) {
	(void)screen;
	return console ? console : &host_console;
}
PrintConsole* consoleSelect(PrintConsole* console) { return console; }
void consoleClear(void) {}
void consoleSetWindow(PrintConsole* console, int x, int y, int width, int height) {
	(void)console; (void)x; (void)y; (void)width; (void)height;
}

/* ------------------------------------------------------------------------------------------ */
/* APT, HID                                                                                   */

static unsigned frames_wanted = 4, frames_started;

Result aptInit(void) { return 0; }
void aptExit(void) {}
void aptHook(aptHookCookie* cookie, aptHookFn callback, void* param) {
	/* No suspend/resume ever happens on the host; hooks never run. */
	cookie->next = NULL;
	cookie->callback = callback;
	cookie->param = param;
}
void aptUnhook(aptHookCookie* cookie) { (void)cookie; }
void aptSetHomeAllowed(bool allowed) { (void)allowed; }
void aptSetSleepAllowed(bool allowed) { (void)allowed; }

bool aptMainLoop(void) {
	host_threads_run_others(); /* the frame ends when every other thread waits */
	pump(); /* completes the previous frame: transfers finish, buffers swap, frame marker */
	if (frames_started >= frames_wanted) return false;
	frames_started++;
	return true;
}

extern FILE* __real_fopen(const char* path, const char* mode);

/* Scripted input (CORPUS_INPUT=FILE). Each line: a frame number (0 = the first aptMainLoop
 * iteration), then what is held from that frame until the next line's: key names (A B X Y L R
 * ZL ZR START SELECT DUP DDOWN DLEFT DRIGHT CPAD_UP CPAD_DOWN CPAD_LEFT CPAD_RIGHT CSTICK_UP
 * CSTICK_DOWN CSTICK_LEFT CSTICK_RIGHT), `cpad=X,Y` (the circle pad, -156..156), `cstick=X,Y`
 * (the New 3DS C-stick) and `touch=X,Y` (the bottom screen, KEY_TOUCH held). '#' starts a comment; lines in frame order. The circle
 * pad's direction bits are not derived from its position: name them. Down and up are what
 * changed since the previous hidScanInput, as HID reports them. */
typedef struct {
	unsigned frame;
	u32 keys;
	circlePosition cpad, cstick;
	touchPosition touch;
} InputStep;
static InputStep input_steps[4096];
static unsigned input_count;
static bool input_loaded;
static u32 keys_held, keys_prev;
static circlePosition cpad_now, cstick_now;
static touchPosition touch_now;

static const struct {
	const char* name;
	u32 bit;
} key_names[] = {
	{"A", KEY_A}, {"B", KEY_B}, {"X", KEY_X}, {"Y", KEY_Y}, {"L", KEY_L}, {"R", KEY_R},
	{"ZL", KEY_ZL}, {"ZR", KEY_ZR}, {"START", KEY_START}, {"SELECT", KEY_SELECT},
	{"DUP", KEY_DUP}, {"DDOWN", KEY_DDOWN}, {"DLEFT", KEY_DLEFT}, {"DRIGHT", KEY_DRIGHT},
	{"CPAD_UP", KEY_CPAD_UP}, {"CPAD_DOWN", KEY_CPAD_DOWN}, {"CPAD_LEFT", KEY_CPAD_LEFT},
	{"CPAD_RIGHT", KEY_CPAD_RIGHT}, {"CSTICK_UP", KEY_CSTICK_UP},
	{"CSTICK_DOWN", KEY_CSTICK_DOWN}, {"CSTICK_LEFT", KEY_CSTICK_LEFT},
	{"CSTICK_RIGHT", KEY_CSTICK_RIGHT},
};

static void load_input(void) {
	input_loaded = true;
	const char* path = getenv("CORPUS_INPUT");
	if (!path) return;
	FILE* f = __real_fopen(path, "r");
	if (!f) host_die("CORPUS_INPUT: cannot open %s", path);
	char line[512];
	unsigned number = 0;
	while (fgets(line, sizeof line, f)) {
		number++;
		char* hash = strchr(line, '#');
		if (hash) *hash = 0;
		char* word = strtok(line, " \t\r\n");
		if (!word) continue;
		if (input_count == sizeof input_steps / sizeof input_steps[0])
			host_die("%s:%u: more than %u input lines", path, number, input_count);
		InputStep st;
		memset(&st, 0, sizeof st);
		char* end = NULL;
		st.frame = (unsigned)strtoul(word, &end, 10);
		if (*end || (input_count && st.frame < input_steps[input_count - 1].frame))
			host_die("%s:%u: '%s' is not a frame number in order", path, number, word);
		while ((word = strtok(NULL, " \t\r\n"))) {
			int x, y;
			if (sscanf(word, "cpad=%d,%d", &x, &y) == 2) {
				st.cpad.dx = (s16)x;
				st.cpad.dy = (s16)y;
			} else if (sscanf(word, "cstick=%d,%d", &x, &y) == 2) {
				st.cstick.dx = (s16)x;
				st.cstick.dy = (s16)y;
			} else if (sscanf(word, "touch=%d,%d", &x, &y) == 2) {
				st.touch.px = (u16)x;
				st.touch.py = (u16)y;
				st.keys |= KEY_TOUCH;
			} else {
				unsigned k = 0;
				while (k < sizeof key_names / sizeof key_names[0] && strcmp(key_names[k].name, word))
					k++;
				if (k == sizeof key_names / sizeof key_names[0])
					host_die("%s:%u: unknown key '%s'", path, number, word);
				st.keys |= key_names[k].bit;
			}
		}
		input_steps[input_count++] = st;
	}
	fclose(f);
}

Result hidInit(void) { return 0; }
void hidExit(void) {}
void hidScanInput(void) {
	if (!input_loaded) load_input();
	const unsigned frame = frames_started ? frames_started - 1 : 0;
	const InputStep* now = NULL;
	for (unsigned i = 0; i < input_count && input_steps[i].frame <= frame; i++)
		now = &input_steps[i];
	keys_prev = keys_held;
	keys_held = now ? now->keys : 0;
	memset(&cpad_now, 0, sizeof cpad_now);
	memset(&cstick_now, 0, sizeof cstick_now);
	memset(&touch_now, 0, sizeof touch_now);
	if (now) {
		cpad_now = now->cpad;
		cstick_now = now->cstick;
		touch_now = now->touch;
	}
}
u32 hidKeysHeld(void) { return keys_held; }
u32 hidKeysDown(void) { return keys_held & ~keys_prev; }
u32 hidKeysDownRepeat(void) { return keys_held & ~keys_prev; } /* no key repeat */
u32 hidKeysUp(void) { return keys_prev & ~keys_held; }
void hidTouchRead(touchPosition* pos) { if (pos) *pos = touch_now; }
void hidCircleRead(circlePosition* pos) { if (pos) *pos = cpad_now; }
void irrstCstickRead(circlePosition* pos) { if (pos) *pos = cstick_now; } /* New 3DS C-stick */

/* ------------------------------------------------------------------------------------------ */
/* romfs and sdmc: "romfs:/x" is CORPUS_ROMFS/x (default ./romfs), "sdmc:/x" CORPUS_SDMC/x
 * (default ./sdmc, made on first use; the Makefile empties it before each recording, so saves
 * of an earlier run do not change the trace). fopen, opendir, mkdir, chdir, access and stat take
 * either, and so do C++ file streams (fopen64) (linked with -Wl,--wrap=... and a static
 * libstdc++). */

Result romfsMountSelf(const char* name) { (void)name; return 0; }
Result romfsUnmount(const char* name) { (void)name; return 0; }

/* The two roots as absolute paths, fixed at start: a program may chdir into sdmc:/ (craftus
 * does, into its world's folder), and the roots must not move with it. */
static char romfs_root[4096], sdmc_root[4096];
__attribute__((constructor)) static void resolve_roots(void) {
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd)) host_die("getcwd failed");
	const char* romfs = getenv("CORPUS_ROMFS");
	const char* sdmc = getenv("CORPUS_SDMC");
	if (!romfs) romfs = "romfs";
	if (!sdmc) sdmc = "sdmc";
	snprintf(romfs_root, sizeof romfs_root, "%s%s%s", romfs[0] == '/' ? "" : cwd,
	         romfs[0] == '/' ? "" : "/", romfs);
	snprintf(sdmc_root, sizeof sdmc_root, "%s%s%s", sdmc[0] == '/' ? "" : cwd,
	         sdmc[0] == '/' ? "" : "/", sdmc);
}

/* The host path of a program's path: `buf` for a romfs:/ or sdmc:/ path, else `path`. */
static const char* host_path(const char* path, char* buf, size_t size) {
	if (strncmp(path, "romfs:/", 7) == 0) {
		snprintf(buf, size, "%s/%s", romfs_root, path + 7);
		return buf;
	}
	if (strncmp(path, "sdmc:/", 6) == 0) {
		mkdir(sdmc_root, 0777);
		snprintf(buf, size, "%s/%s", sdmc_root, path + 6);
		return buf;
	}
	return path;
}

extern FILE* __real_fopen(const char* path, const char* mode);
FILE* __wrap_fopen(const char* path, const char* mode) {
	char buf[4096];
	return __real_fopen(host_path(path, buf, sizeof buf), mode);
}
extern FILE* __real_fopen64(const char* path, const char* mode);
FILE* __wrap_fopen64(const char* path, const char* mode) { /* libstdc++'s file streams */
	char buf[4096];
	return __real_fopen64(host_path(path, buf, sizeof buf), mode);
}
extern DIR* __real_opendir(const char* path);
DIR* __wrap_opendir(const char* path) {
	char buf[4096];
	return __real_opendir(host_path(path, buf, sizeof buf));
}
extern int __real_mkdir(const char* path, mode_t mode);
int __wrap_mkdir(const char* path, mode_t mode) {
	char buf[4096];
	return __real_mkdir(host_path(path, buf, sizeof buf), mode);
}
extern int __real_chdir(const char* path);
int __wrap_chdir(const char* path) {
	char buf[4096];
	return __real_chdir(host_path(path, buf, sizeof buf));
}
extern int __real_access(const char* path, int mode);
int __wrap_access(const char* path, int mode) {
	char buf[4096];
	return __real_access(host_path(path, buf, sizeof buf), mode);
}
extern int __real_stat(const char* path, struct stat* st);
int __wrap_stat(const char* path, struct stat* st) {
	char buf[4096];
	return __real_stat(host_path(path, buf, sizeof buf), st);
}

/* ------------------------------------------------------------------------------------------ */
/* Decompression: only the uncompressed ("dummy", type 0x00) container the recorder's         */
/* texture converter writes. Other types are refused.                                         */

ssize_t decompressCallback_Stdio(void* userdata, void* buffer, size_t size) {
	return (ssize_t)fread(buffer, 1, size, (FILE*)userdata);
}

ssize_t decompressCallback_FD(void* userdata, void* buffer, size_t size) {
	(void)userdata; (void)buffer; (void)size;
	return -1;
}

typedef struct { decompressCallback cb; void* user; const u8* mem; size_t left; } Src;

static bool src_read(Src* s, void* out, size_t n) {
	if (s->cb) return s->cb(s->user, out, n) == (ssize_t)n;
	if (n > s->left) return false;
	memcpy(out, s->mem, n);
	s->mem += n;
	s->left -= n;
	return true;
}

bool decompressV(const decompressIOVec* iov, size_t iovcnt, decompressCallback callback, void* userdata, size_t insize) {
	Src s = { callback, userdata, (const u8*)userdata, insize };
	u8 hdr[4];
	size_t i, total = 0;
	if (!src_read(&s, hdr, 4)) return false;
	u32 type = hdr[0];
	u32 size = hdr[1] | hdr[2] << 8 | (u32)hdr[3] << 16;
	if (size == 0) {
		u8 ext[4];
		if (!src_read(&s, ext, 4)) return false;
		size = ext[0] | ext[1] << 8 | ext[2] << 16 | (u32)ext[3] << 24;
	}
	if (type != DECOMPRESS_DUMMY) {
		fprintf(stderr, "ctru_host: decompress type 0x%02X not supported (only uncompressed)\n", type);
		return false;
	}
	for (i = 0; i < iovcnt; i++) total += iov[i].size;
	if (size < total) return false;
	for (i = 0; i < iovcnt; i++)
		if (!src_read(&s, iov[i].data, iov[i].size)) return false;
	return true;
}

/* ------------------------------------------------------------------------------------------ */
/* Start-up and the trace file                                                                */

static void finish(void) {
	pump();
	size_t bytes = 0, frames = 0;
	const char* path = getenv("CORPUS_TRACE");
	if (!path) path = "trace.ctf";
	if (trace_sink_write(path, &bytes, &frames) != 0) {
		fprintf(stderr, "ctru_host: cannot write %s\n", path);
		_exit(4);
	}
	fprintf(stderr, "ctru_host: wrote %s: %zu frames, %zu bytes, %llu GX commands, %llu memory loads (%llu bytes)\n",
		path, frames, bytes, (unsigned long long)gx_commands, (unsigned long long)synced_loads,
		(unsigned long long)synced_bytes);
}

__attribute__((constructor)) static void host_start(void) {
	map_fixed(LINEAR_VADDR, LINEAR_SIZE, "the linear heap");
	map_fixed(VRAM_VADDR, VRAM_SIZE, "VRAM");
	/* The kernel and shared configuration pages (os.h reads them inline: osGet3DSliderState,
	 * osGetWifiStrength, ...). Zero, except the 3D slider (CORPUS_3D_SLIDER, default 0). */
	map_fixed(OS_KERNELCFG_VADDR, 0x2000, "the configuration pages");
	const char* slider = getenv("CORPUS_3D_SLIDER");
	OS_SharedConfig->slider_3d = slider ? (float)atof(slider) : 0.0f;
	linear_arena.shadow = (u8*)calloc(1, LINEAR_SIZE);
	vram_arena.shadow = (u8*)calloc(1, VRAM_SIZE);
	if (!linear_arena.shadow || !vram_arena.shadow) host_die("out of memory for shadow copies");
	const char* n = getenv("CORPUS_FRAMES");
	if (n && atoi(n) > 0) frames_wanted = (unsigned)atoi(n);
	atexit(finish);
}
