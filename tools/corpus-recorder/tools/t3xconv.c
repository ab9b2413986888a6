/*
 * t3xconv: a small stand-in for devkitPro's tex3ds, enough for the 3ds-examples GPU programs.
 * Reads a .t3s (tex3ds option file: options, then image names relative to it) and writes the
 * .t3x that citro3d's Tex3DS_TextureImport reads:
 *
 *   u16 numSubTextures; u8 (log2(w)-3) | (log2(h)-3) << 3 | cube << 6; u8 GPU_TEXCOLOR format;
 *   u8 mipmap levels; numSubTextures x { u16 width, height, left, top, right, bottom (x1024) };
 *   then one "compressed" stream: u32 header (type 0x00 = uncompressed, size << 8), the
 *   texel data of every face and level, padded to 4 bytes.
 *
 * Texel data: 8x8 tiles, left to right, from the image's top row down; inside a tile Morton
 * order (ETC1/ETC1A4: four 4x4 blocks, top-left, top-right, bottom-left, bottom-right, each a
 * little-endian 64-bit ETC1 word, ETC1A4 preceded by 8 bytes of 4-bit alpha).
 *
 * Supported: -f rgba8888/rgba8/rgba, rgb888/rgb8/rgb, rgb565, rgba5551, rgba4444/rgba4,
 * la88/la8/la, l8/l, a8/a, etc1, etc1a4, auto-etc1; -m FILTER (mipmaps, generated with a 2x2
 * box filter whatever FILTER names); --skybox and --cubemap (4x3 cross); -z is ignored (the
 * output is always uncompressed); --atlas (several images packed into one texture, one
 * sub-texture per image in the order the .t3s names them: what citro2d's C2D_SpriteSheet reads).
 * Differences from tex3ds: a simpler ETC1 encoder, box-filtered mipmaps, and a simple atlas
 * packer (shelves, tallest first, never rotated, no padding), so sub-texture positions differ
 * from a tex3ds atlas. All of it is deterministic.
 *
 * usage: t3xconv INPUT.t3s OUTPUT.t3x
 */
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb/stb_image.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct { int w, h; uint8_t* p; } Image; /* RGBA8, row 0 = top */

static void die(const char* msg, const char* arg) {
	fprintf(stderr, "t3xconv: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
	exit(1);
}

static Image img_new(int w, int h) {
	Image im = { w, h, (uint8_t*)calloc((size_t)w * h, 4) };
	if (!im.p) die("out of memory", NULL);
	return im;
}

static uint8_t* px(Image* im, int x, int y) { return im->p + ((size_t)y * im->w + x) * 4; }

/* Crop (x0, y0, w, h); optionally mirror horizontally (flop) and vertically (flip). */
static Image crop(Image* src, int x0, int y0, int w, int h, int flop, int flip) {
	Image out = img_new(w, h);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			int sx = x0 + (flop ? w - 1 - x : x), sy = y0 + (flip ? h - 1 - y : y);
			memcpy(px(&out, x, y), px(src, sx, sy), 4);
		}
	return out;
}

static Image half(Image* src) {
	Image out = img_new(src->w / 2, src->h / 2);
	for (int y = 0; y < out.h; y++)
		for (int x = 0; x < out.w; x++)
			for (int c = 0; c < 4; c++) {
				int s = px(src, 2 * x, 2 * y)[c] + px(src, 2 * x + 1, 2 * y)[c] +
				        px(src, 2 * x, 2 * y + 1)[c] + px(src, 2 * x + 1, 2 * y + 1)[c];
				px(&out, x, y)[c] = (uint8_t)((s + 2) / 4);
			}
	return out;
}

/* ---- output buffer ---- */
static uint8_t* out_buf;
static size_t out_len, out_cap;
static void put8(unsigned v) {
	if (out_len == out_cap) {
		out_cap = out_cap ? out_cap * 2 : 65536;
		out_buf = (uint8_t*)realloc(out_buf, out_cap);
		if (!out_buf) die("out of memory", NULL);
	}
	out_buf[out_len++] = (uint8_t)v;
}
static void put16(unsigned v) { put8(v); put8(v >> 8); }

/* ---- formats (GPU_TEXCOLOR values) ---- */
enum { RGBA8 = 0, RGB8, RGBA5551, RGB565, RGBA4, LA8, HILO8, L8, A8, LA4, L4, A4, ETC1, ETC1A4, AUTO_ETC1 = 100 };

static const struct { const char* name; int fmt; } kFormats[] = {
	{ "rgba8888", RGBA8 }, { "rgba8", RGBA8 }, { "rgba", RGBA8 },
	{ "rgb888", RGB8 }, { "rgb8", RGB8 }, { "rgb", RGB8 },
	{ "rgba5551", RGBA5551 }, { "rgb565", RGB565 }, { "rgba4444", RGBA4 }, { "rgba4", RGBA4 },
	{ "la88", LA8 }, { "la8", LA8 }, { "la", LA8 }, { "l8", L8 }, { "l", L8 }, { "a8", A8 }, { "a", A8 },
	{ "etc1", ETC1 }, { "etc1a4", ETC1A4 }, { "auto-etc1", AUTO_ETC1 },
};

static unsigned lum(const uint8_t* p) { return (p[0] * 299u + p[1] * 587u + p[2] * 114u + 500u) / 1000u; }
static unsigned q(unsigned v, int bits) { return (v * ((1u << bits) - 1) + 127) / 255; }

static int morton(int x, int y) {
	return (x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2 | (x & 4) << 2 | (y & 4) << 3;
}

static void encode_pixel(int fmt, const uint8_t* p) {
	switch (fmt) {
	case RGBA8: put8(p[3]); put8(p[2]); put8(p[1]); put8(p[0]); break;
	case RGB8: put8(p[2]); put8(p[1]); put8(p[0]); break;
	case RGBA5551: put16(q(p[0], 5) << 11 | q(p[1], 5) << 6 | q(p[2], 5) << 1 | q(p[3], 1)); break;
	case RGB565: put16(q(p[0], 5) << 11 | q(p[1], 6) << 5 | q(p[2], 5)); break;
	case RGBA4: put16(q(p[0], 4) << 12 | q(p[1], 4) << 8 | q(p[2], 4) << 4 | q(p[3], 4)); break;
	case LA8: put8(p[3]); put8(lum(p)); break;
	case L8: put8(lum(p)); break;
	case A8: put8(p[3]); break;
	default: die("format not supported by t3xconv", NULL);
	}
}

/* ---- ETC1 ---- */
static const int kEtcTable[8][2] = { { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 }, { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 } };

static int clamp255(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

/* Best table and indices for the pixels `idx` (n of them) of block `b` around base colour c. */
static long etc_sub(const uint8_t b[16][4], const int* idx, int n, const int c[3], int* table_out, int sel[16]) {
	long best = -1;
	for (int t = 0; t < 8; t++) {
		long err = 0;
		int s[16];
		for (int i = 0; i < n; i++) {
			const uint8_t* p = b[idx[i]];
			long be = -1;
			for (int m = 0; m < 4; m++) {
				int d = (m & 1) ? kEtcTable[t][1] : kEtcTable[t][0];
				if (m & 2) d = -d;
				long e = 0;
				for (int k = 0; k < 3; k++) {
					int v = clamp255(c[k] + d) - p[k];
					e += (long)v * v;
				}
				if (be < 0 || e < be) { be = e; s[idx[i]] = m; }
			}
			err += be;
		}
		if (best < 0 || err < best) {
			best = err;
			*table_out = t;
			for (int i = 0; i < n; i++) sel[idx[i]] = s[idx[i]];
		}
	}
	return best;
}

/* b: 16 pixels, index y*4+x. Returns the 64-bit ETC1 word. */
static uint64_t etc1_block(const uint8_t b[16][4]) {
	uint64_t best_word = 0;
	long best_err = -1;
	for (int flip = 0; flip < 2; flip++) {
		int idx[2][8], n[2] = { 0, 0 };
		for (int y = 0; y < 4; y++)
			for (int x = 0; x < 4; x++) {
				int s = flip ? (y >= 2) : (x >= 2);
				idx[s][n[s]++] = y * 4 + x;
			}
		int avg[2][3];
		for (int s = 0; s < 2; s++)
			for (int k = 0; k < 3; k++) {
				int sum = 0;
				for (int i = 0; i < 8; i++) sum += b[idx[s][i]][k];
				avg[s][k] = (sum + 4) / 8;
			}
		for (int diff = 0; diff < 2; diff++) {
			int base[2][3], enc[2][3];
			int ok = 1;
			for (int s = 0; s < 2; s++)
				for (int k = 0; k < 3; k++) {
					if (diff) {
						enc[s][k] = (avg[s][k] * 31 + 127) / 255;
						base[s][k] = (enc[s][k] << 3) | (enc[s][k] >> 2);
					} else {
						enc[s][k] = (avg[s][k] * 15 + 127) / 255;
						base[s][k] = enc[s][k] * 17;
					}
				}
			if (diff)
				for (int k = 0; k < 3; k++) {
					int d = enc[1][k] - enc[0][k];
					if (d < -4 || d > 3) ok = 0;
				}
			if (!ok) continue;
			int table[2], sel[16];
			long err = etc_sub(b, idx[0], 8, base[0], &table[0], sel) + etc_sub(b, idx[1], 8, base[1], &table[1], sel);
			if (best_err >= 0 && err >= best_err) continue;
			best_err = err;
			uint64_t w = 0;
			if (diff) {
				for (int k = 0; k < 3; k++) {
					int d = (enc[1][k] - enc[0][k]) & 7;
					w |= (uint64_t)(enc[0][k] << 3 | d) << (56 - 8 * k);
				}
			} else {
				for (int k = 0; k < 3; k++)
					w |= (uint64_t)(enc[0][k] << 4 | enc[1][k]) << (56 - 8 * k);
			}
			w |= (uint64_t)table[0] << 37 | (uint64_t)table[1] << 34 | (uint64_t)diff << 33 | (uint64_t)flip << 32;
			for (int y = 0; y < 4; y++)
				for (int x = 0; x < 4; x++) {
					int m = sel[y * 4 + x], bit = x * 4 + y;
					/* pixel index: msb = negative, lsb = large */
					w |= (uint64_t)((m >> 1) & 1) << (16 + bit) | (uint64_t)(m & 1) << bit;
				}
			best_word = w;
		}
	}
	return best_word;
}

static void encode_level(int fmt, Image* im) {
	for (int ty = 0; ty < im->h; ty += 8)
		for (int tx = 0; tx < im->w; tx += 8) {
			if (fmt == ETC1 || fmt == ETC1A4) {
				for (int by = 0; by < 8; by += 4)
					for (int bx = 0; bx < 8; bx += 4) {
						uint8_t b[16][4];
						uint8_t alpha[8] = { 0 };
						for (int y = 0; y < 4; y++)
							for (int x = 0; x < 4; x++) {
								memcpy(b[y * 4 + x], px(im, tx + bx + x, ty + by + y), 4);
								unsigned a = q(b[y * 4 + x][3], 4);
								alpha[2 * x + y / 2] |= (uint8_t)(a << ((y & 1) * 4));
							}
						if (fmt == ETC1A4)
							for (int i = 0; i < 8; i++) put8(alpha[i]);
						uint64_t w = etc1_block(b);
						for (int i = 0; i < 8; i++) put8((unsigned)(w >> (8 * i)));
					}
			} else {
				const uint8_t* tile[64];
				for (int y = 0; y < 8; y++)
					for (int x = 0; x < 8; x++) tile[morton(x, y)] = px(im, tx + x, ty + y);
				for (int i = 0; i < 64; i++) encode_pixel(fmt, tile[i]);
			}
		}
}

static int log2i(int v) { int l = 0; while ((1 << l) < v) l++; return l; }

int main(int argc, char** argv) {
	if (argc != 3) die("usage: t3xconv INPUT.t3s OUTPUT.t3x", NULL);
	FILE* f = fopen(argv[1], "r");
	if (!f) die("cannot open", argv[1]);
	char tok[128][256];
	int ntok = 0;
	while (ntok < 128 && fscanf(f, "%255s", tok[ntok]) == 1) ntok++;
	fclose(f);

	int fmt = RGBA8, mip = 0, mode = 0, atlas = 0; /* mode: 0 normal, 1 cubemap, 2 skybox */
	const char* names[64];
	int nnames = 0;
	for (int i = 0; i < ntok; i++) {
		const char* t = tok[i];
		if (!strcmp(t, "-f") || !strcmp(t, "--format")) {
			if (++i >= ntok) die("-f needs a value", NULL);
			size_t k;
			for (k = 0; k < sizeof(kFormats) / sizeof(kFormats[0]); k++)
				if (!strcasecmp(kFormats[k].name, tok[i])) break;
			if (k == sizeof(kFormats) / sizeof(kFormats[0])) die("unsupported format", tok[i]);
			fmt = kFormats[k].fmt;
		} else if (!strcmp(t, "-m") || !strcmp(t, "--mipmap")) {
			if (++i >= ntok) die("-m needs a value", NULL);
			mip = 1;
		} else if (!strcmp(t, "-z") || !strcmp(t, "--compress") || !strcmp(t, "-q") || !strcmp(t, "--quality")) {
			i++; /* always uncompressed; one ETC1 quality */
		} else if (!strcmp(t, "--skybox")) {
			mode = 2;
		} else if (!strcmp(t, "--cubemap")) {
			mode = 1;
		} else if (!strcmp(t, "--atlas") || !strcmp(t, "-a")) {
			atlas = 1;
		} else if (t[0] == '-') {
			die("unsupported option", t);
		} else {
			if (nnames && !atlas) die("more than one image without --atlas:", t);
			if (nnames == 64) die("more than 64 images in", argv[1]);
			names[nnames++] = t;
		}
	}
	if (!nnames) die("no image named in", argv[1]);
	if (ntok == 128) die("too many words in", argv[1]);
	if (atlas && mode) die("--atlas with a cube map is not supported", NULL);

	Image imgs[64];
	char path[4096];
	const char* slash = strrchr(argv[1], '/');
	for (int n = 0; n < nnames; n++) {
		snprintf(path, sizeof(path), "%.*s%s", slash ? (int)(slash - argv[1] + 1) : 0, argv[1], names[n]);
		int comp;
		imgs[n].p = stbi_load(path, &imgs[n].w, &imgs[n].h, &comp, 4);
		if (!imgs[n].p) die("cannot read image", path);
	}
	Image src = imgs[0];

	Image faces[6];
	/* sub-textures: pixel rectangles (x, y, w, h) in faces[0], row 0 = top */
	int nsub = 0, subx[64], suby[64], subw[64], subh[64];
	int nfaces = 1;
	if (atlas) {
		/* Shelf packing: images sorted by height (then width, then .t3s order), placed left to
		 * right in rows; the smallest power-of-two texture (by area, then wider first) that
		 * holds them all wins. */
		int order[64];
		for (int n = 0; n < nnames; n++) order[n] = n;
		for (int a = 1; a < nnames; a++)
			for (int b = a; b > 0; b--) {
				Image *x = &imgs[order[b - 1]], *y = &imgs[order[b]];
				if (y->h > x->h || (y->h == x->h && y->w > x->w)) {
					int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
				} else break;
			}
		int W = 0, H = 0;
		for (int area = 64; area <= 1024 * 1024 && !W; area *= 2)
			for (int w = 1024; w >= 8 && !W; w /= 2) {
				int h = area / w;
				if (h < 8 || h > 1024) continue;
				int x = 0, y = 0, rowh = 0, ok = 1;
				for (int k = 0; k < nnames && ok; k++) {
					Image* im = &imgs[order[k]];
					if (im->w > w) { ok = 0; break; }
					if (x + im->w > w) { x = 0; y += rowh; rowh = 0; }
					if (y + im->h > h) { ok = 0; break; }
					subx[order[k]] = x; suby[order[k]] = y;
					x += im->w;
					if (im->h > rowh) rowh = im->h;
				}
				if (ok) { W = w; H = h; }
			}
		if (!W) die("atlas images do not fit in 1024x1024", NULL);
		faces[0] = img_new(W, H); /* transparent between the images */
		for (int n = 0; n < nnames; n++) {
			for (int y = 0; y < imgs[n].h; y++)
				memcpy(px(&faces[0], subx[n], suby[n] + y), imgs[n].p + (size_t)y * imgs[n].w * 4, (size_t)imgs[n].w * 4);
			subw[n] = imgs[n].w; subh[n] = imgs[n].h;
		}
		nsub = nnames;
	} else if (mode) {
		int w = src.w / 4, h = src.h / 3;
		if (w * 4 != src.w || h * 3 != src.h || w < 8 || h < 8 || (w & (w - 1)) || (h & (h - 1)))
			die("cube map image must be a 4x3 cross of power-of-two faces:", path);
		int sky = mode == 2;
		/* Faces +X, -X, +Y, -Y, +Z, -Z from the cross; the PICA's cube maps run bottom-up. */
		faces[0] = crop(&src, 2 * w, h, w, h, sky, 1);
		faces[1] = crop(&src, 0, h, w, h, sky, 1);
		faces[2] = crop(&src, w, 0, w, h, 0, !sky);
		faces[3] = crop(&src, w, 2 * h, w, h, 0, !sky);
		faces[4] = sky ? crop(&src, 3 * w, h, w, h, 1, 1) : crop(&src, w, h, w, h, 0, 1);
		faces[5] = sky ? crop(&src, w, h, w, h, 1, 1) : crop(&src, 3 * w, h, w, h, 0, 1);
		nfaces = 6;
	} else {
		if (src.w > 1024 || src.h > 1024) die("image larger than 1024", path);
		int W = 8, H = 8;
		while (W < src.w) W *= 2;
		while (H < src.h) H *= 2;
		faces[0] = img_new(W, H); /* transparent padding, image at the top left */
		for (int y = 0; y < src.h; y++) memcpy(px(&faces[0], 0, y), src.p + (size_t)y * src.w * 4, (size_t)src.w * 4);
		if (W != src.w || H != src.h) {
			nsub = 1; subx[0] = suby[0] = 0; subw[0] = src.w; subh[0] = src.h;
		}
	}
	int W = faces[0].w, H = faces[0].h;

	if (fmt == AUTO_ETC1) {
		fmt = ETC1;
		for (int fi = 0; fi < nfaces && fmt == ETC1; fi++)
			for (size_t i = 0; i < (size_t)W * H; i++)
				if (q(faces[fi].p[i * 4 + 3], 4) != 15) { fmt = ETC1A4; break; }
	}
	int levels = mip ? (log2i(W < H ? W : H) - 3) : 0;

	/* texel data first (to know its size) */
	for (int fi = 0; fi < nfaces; fi++) {
		Image level = faces[fi];
		for (int l = 0; l <= levels; l++) {
			encode_level(fmt, &level);
			if (l < levels) level = half(&level);
		}
	}
	uint8_t* data = out_buf;
	size_t data_len = out_len;
	out_buf = NULL;
	out_len = out_cap = 0;

	put16((unsigned)nsub);
	put8((unsigned)(log2i(W) - 3) | (unsigned)(log2i(H) - 3) << 3 | (mode ? 1u << 6 : 0));
	put8((unsigned)fmt);
	put8((unsigned)levels);
	for (int n = 0; n < nsub; n++) { /* texcoords x1024; v = 1 at the image's top row */
		put16((unsigned)subw[n]);
		put16((unsigned)subh[n]);
		put16((unsigned)(subx[n] * 1024 / W));                     /* left   */
		put16((unsigned)(1024 - suby[n] * 1024 / H));              /* top    */
		put16((unsigned)((subx[n] + subw[n]) * 1024 / W));         /* right  */
		put16((unsigned)(1024 - (suby[n] + subh[n]) * 1024 / H)); /* bottom */
	}
	if (data_len < (1u << 24)) {
		put8(0x00); put8(data_len); put8(data_len >> 8); put8(data_len >> 16);
	} else {
		put8(0x00); put8(0); put8(0); put8(0);
		put8(data_len); put8(data_len >> 8); put8(data_len >> 16); put8(data_len >> 24);
	}
	for (size_t i = 0; i < data_len; i++) put8(data[i]);
	while (out_len & 3) put8(0);

	FILE* o = fopen(argv[2], "wb");
	if (!o || fwrite(out_buf, 1, out_len, o) != out_len || fclose(o)) die("cannot write", argv[2]);
	fprintf(stderr, "t3xconv: %s: %dx%d%s format 0x%X, %d mipmap levels, %d sub-textures, %zu bytes\n", argv[2],
		W, H, mode ? " cube" : "", fmt, levels, nsub, out_len);
	return 0;
}
