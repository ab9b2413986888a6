/* System services a game asks for besides the GPU (host/ctru_host.c has gfx, GSP, APT, HID):
 * the console's configuration (CFGU, APT's model), sound (NDSP, DSP), the software keyboard, and
 * what the system font needs. Each
 * answers as a fixed console would, so a recording is the same on every run:
 *  - CFGU and APT: a New 3DS XL (so games offer the 800-pixel wide mode and New 3DS controls),
 *    region USA, user name "picavk"; CPU time limits are accepted;
 *  - the software keyboard: the user types CORPUS_SWKBD (default "picavk"), cut to the buffer,
 *    and presses the confirm button;
 *  - NDSP: accepts everything and plays nothing. A wave buffer is done as soon as it is queued;
 *    the frame callback (ndspSetCallback) is never called, as no audio frame ever passes;
 *  - the system font: Nintendo's is not ours to ship. CORPUS_SYSTEM_FONT names a .bcfnt that
 *    stands in for it (citro2d's text functions need one mapped even when a program draws with
 *    its own fonts); it is loaded into the linear heap, where the GPU can sample its sheets, and
 *    its offsets made pointers as the system does for the shared font. Without it the call fails,
 *    and citro2d's text stops the program;
 *  - system titles' romfs (the system font archive): not there, the call fails. */
#include <3ds.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CFGU */
Result cfguInit(void) { return 0; }
void cfguExit(void) {}
Result CFGU_GetSystemModel(u8* model) {
	*model = CFG_MODEL_N3DSXL;
	return 0;
}
Result CFGU_SecureInfoGetRegion(u8* region) {
	*region = CFG_REGION_USA;
	return 0;
}
Result CFGU_GetConfigInfoBlk2(u32 size, u32 blkID, void* outData) {
	memset(outData, 0, size);
	if (blkID == 0x000A0000u) { /* the user name: UTF-16, zero-terminated, 0x1C bytes */
		static const char name[] = "picavk";
		u16* out = outData;
		for (u32 i = 0; name[i] && (i + 1) * 2 < size; i++)
			out[i] = (u16)name[i];
	}
	return 0;
}

Result APT_CheckNew3DS(bool* out) {
	*out = true;
	return 0;
}
Result APT_SetAppCpuTimeLimit(u32 percent) {
	(void)percent;
	return 0;
}

/* The software keyboard */
void swkbdInit(SwkbdState* swkbd, SwkbdType type, int numButtons, int maxTextLength) {
	memset(swkbd, 0, sizeof *swkbd);
	swkbd->type = type;
	swkbd->num_buttons_m1 = numButtons - 1;
	swkbd->max_text_len = (u16)maxTextLength;
}
void swkbdSetHintText(SwkbdState* swkbd, const char* text) {
	(void)swkbd;
	(void)text;
}
SwkbdButton swkbdInputText(SwkbdState* swkbd, char* buf, size_t bufsize) {
	const char* text = getenv("CORPUS_SWKBD");
	if (!text) text = "picavk";
	size_t n = strlen(text);
	if (swkbd->max_text_len && n > swkbd->max_text_len) n = swkbd->max_text_len;
	if (bufsize == 0) return SWKBD_BUTTON_NONE;
	if (n >= bufsize) n = bufsize - 1;
	memcpy(buf, text, n);
	buf[n] = 0;
	return SWKBD_BUTTON_CONFIRM;
}

/* NDSP and DSP */
Result ndspInit(void) { return 0; }
void ndspExit(void) {}
void ndspSetOutputMode(ndspOutputMode mode) { (void)mode; }
void ndspSetCallback(ndspCallback callback, void* data) {
	(void)callback;
	(void)data;
}
void ndspChnReset(int id) { (void)id; }
void ndspChnSetPaused(int id, bool paused) {
	(void)id;
	(void)paused;
}
void ndspChnSetFormat(int id, u16 format) {
	(void)id;
	(void)format;
}
void ndspChnSetInterp(int id, ndspInterpType type) {
	(void)id;
	(void)type;
}
void ndspChnSetRate(int id, float rate) {
	(void)id;
	(void)rate;
}
void ndspChnSetMix(int id, float mix[12]) {
	(void)id;
	(void)mix;
}
void ndspChnWaveBufClear(int id) { (void)id; }
void ndspChnWaveBufAdd(int id, ndspWaveBuf* buf) {
	(void)id;
	for (; buf; buf = buf->next)
		buf->status = NDSP_WBUF_DONE;
}
Result DSP_FlushDataCache(const void* address, u32 size) {
	(void)address;
	(void)size;
	return 0;
}

/* The system font: CORPUS_SYSTEM_FONT's .bcfnt, after a 0x80-byte header as in shared memory
 * (libctru's fontEnsureMapped reads the font at the mapping + 0x80). */
extern FILE* __real_fopen(const char* path, const char* mode);
static u8* shared_font;
Result APT_GetSharedFont(Handle* fontHandle, u32* mapAddr) {
	const Result missing = MAKERESULT(RL_PERMANENT, RS_NOTFOUND, RM_APPLICATION, RD_NOT_FOUND);
	if (!shared_font) {
		const char* path = getenv("CORPUS_SYSTEM_FONT");
		FILE* f = path ? __real_fopen(path, "rb") : NULL;
		if (!f) return missing;
		fseek(f, 0, SEEK_END);
		const long size = ftell(f);
		fseek(f, 0, SEEK_SET);
		u8* mem = linearAlloc(0x80 + (size_t)size);
		if (!mem || fread(mem + 0x80, 1, (size_t)size, f) != (size_t)size) {
			fclose(f);
			return missing;
		}
		fclose(f);
		memset(mem, 0, 0x80);
		fontFixPointers((CFNT_s*)(mem + 0x80));
		shared_font = mem;
	}
	*fontHandle = 0x3000;
	*mapAddr = (u32)(uintptr_t)shared_font;
	return 0;
}
Result svcMapMemoryBlock(Handle memblock, u32 addr, MemPerm my_perm, MemPerm other_perm) {
	(void)addr;
	(void)my_perm;
	(void)other_perm;
	return memblock == 0x3000 ? 0 : MAKERESULT(RL_PERMANENT, RS_NOTFOUND, RM_KERNEL, RD_NOT_FOUND);
}
Result romfsMountFromTitle(u64 tid, FS_MediaType mediatype, const char* name) {
	(void)tid;
	(void)mediatype;
	(void)name;
	return MAKERESULT(RL_PERMANENT, RS_NOTFOUND, RM_FS, RD_NOT_FOUND);
}
/* Only the system font's data is LZ11-compressed on this path, and it is never there. */
bool decompressV_LZ11(const decompressIOVec* iov, size_t iovcnt, decompressCallback callback,
                      void* userdata, size_t insize) {
	(void)iov;
	(void)iovcnt;
	(void)callback;
	(void)userdata;
	(void)insize;
	return false;
}

Result svcGetThreadPriority(s32* out, Handle handle) {
	(void)handle;
	*out = 0x30; /* libctru: the main thread's usual priority */
	return 0;
}
