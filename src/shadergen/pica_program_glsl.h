#pragma once

// A PICA shader program (decoded code, an entry point) translated to GLSL that computes what the
// interpreter (pica/shader/shader_interpreter.cpp, the reference) computes: the float24 rules
// that change results (flushing, inf * 0 = 0 in MUL, MAD, DST and the dot products, NaN
// comparisons, MAX/MIN's NaN side), relative addressing with its out-of-range rules, and the
// CALL/IF/LOOP stacks with their depths, ring-buffer overflow and end-of-scope priorities.
//
// The code runs the program's basic blocks from a dispatch loop over the program counter, so
// every jump the hardware can make is expressible; a program without flow control is one block
// and needs no loop. The wrapper (a vertex shader, or the compute shader of the differential
// test) declares what the code reads and writes:
//   vec4 pica_v[16];   inputs v0-v15, as the input permutation placed them
//   vec4 pica_o[16];   outputs o0-o15 (the wrapper zeroes them)
//   vec4 pica_c[96]; uvec4 pica_ints[4]; uint pica_bools;   the uniforms (a uniform block)
//   vec4 pica_cf[96];  pica_c with float24's flush applied (pica::float24_flush)
// and calls pica_main(). pica_fault then holds the first fault (pica::ShaderFault numbering).
//
// Where the host can differ from the interpreter (the differential test states the tolerances):
// - EX2 and LG2 use the host's exp2/log2 (Vulkan allows 3 ULP and more); RCP and RSQ divide
//   (2.5 ULP allowed; exact on lavapipe). Their special values (0, inf, NaN, the float24 range
//   limits) are decided before the host function, so those are exact.
// - The instruction budget that stops an endless loop is checked per block, not per
//   instruction: a stopped invocation's outputs can differ (the hardware would hang).
// - Temporaries, outputs, a0, aL and the condition flags start at 0 in every invocation; the
//   interpreter keeps them from the previous vertex (on hardware, whichever unit ran it).

#include "pica/shader/shader_program.h"

#include <cstdint>
#include <string>

namespace picavk::shadergen {

struct PicaProgramGlsl {
    // Goes right after #version: with `preserve_nan`, the SPIR-V execution mode that keeps the
    // optimiser from assuming no inf, NaN or -0.
    std::string header;
    std::string code;               // globals, helpers and `void pica_main()`; empty when refused
    std::string error;              // why the program was refused (empty: translated)
    std::uint32_t blocks = 0;       // basic blocks reached from the entry point
    std::uint32_t instructions = 0; // instructions reached
};

// `budget`: instructions after which an invocation stops (ShaderInterpreter::kDefaultBudget).
// `preserve_nan`: the device takes SignedZeroInfNanPreserve (HostProfile::float_nan_preserve).
// A second guard only: the helpers already decide NaN, inf and every comparison on the float
// bits, and the differential test finds the results exact on lavapipe with and without it.
PicaProgramGlsl translate_pica_program(const pica::ShaderProgram& program, std::uint32_t entry,
                                       std::uint32_t budget, bool preserve_nan);

} // namespace picavk::shadergen
