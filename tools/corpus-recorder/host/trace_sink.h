/* Interface between the C stand-in for libctru (ctru_host.c) and the CiTrace writer
 * (trace_sink.cpp, which uses picavk's own src/pica/trace/citrace.cpp). All addresses are
 * physical 3DS addresses. */
#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void trace_sink_memory_load(uint32_t paddr, const void* data, size_t size);
void trace_sink_register_write(uint32_t paddr, uint32_t value);
void trace_sink_frame_marker(void);
/* Writes the file; returns 0 on success. */
int trace_sink_write(const char* path, size_t* out_bytes, size_t* out_frames);

#ifdef __cplusplus
}
#endif
