#include "shadergen/spirv_compiler.h"

#include <glslang/Public/ResourceLimits.h>
#include <glslang/Public/ShaderLang.h>
#include <glslang/SPIRV/GlslangToSpv.h>

#include <mutex>

namespace picavk::shadergen {

namespace {
// glslang keeps process-wide tables: initialise once, never finalise (other users may share it).
void ensure_initialised() {
    static std::once_flag once;
    std::call_once(once, [] { glslang::InitializeProcess(); });
}
} // namespace

SpirvResult compile_glsl(ShaderStage stage, const std::string& source) {
    ensure_initialised();
    const EShLanguage lang = stage == ShaderStage::Vertex     ? EShLangVertex
                             : stage == ShaderStage::Fragment ? EShLangFragment
                             : stage == ShaderStage::Geometry ? EShLangGeometry
                                                              : EShLangCompute;
    glslang::TShader shader(lang);
    const char* text = source.c_str();
    shader.setStrings(&text, 1);
    shader.setEnvInput(glslang::EShSourceGlsl, lang, glslang::EShClientVulkan, 100);
    shader.setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_3);
    // Compute shaders (tests) stay at SPIR-V 1.5: 1.6 states the work-group size with
    // LocalSizeId, which needs the maintenance4 feature the device does not enable.
    shader.setEnvTarget(glslang::EShTargetSpv, stage == ShaderStage::Compute
                                                   ? glslang::EShTargetSpv_1_5
                                                   : glslang::EShTargetSpv_1_6);
    SpirvResult r;
    const auto messages = static_cast<EShMessages>(EShMsgSpvRules | EShMsgVulkanRules);
    if (!shader.parse(GetDefaultResources(), 450, false, messages)) {
        r.log = shader.getInfoLog();
        return r;
    }
    glslang::TProgram program;
    program.addShader(&shader);
    if (!program.link(messages)) {
        r.log = program.getInfoLog();
        return r;
    }
    glslang::SpvOptions options;
    options.disableOptimizer = false;
    options.optimizeSize = false;
    spv::SpvBuildLogger logger;
    glslang::GlslangToSpv(*program.getIntermediate(lang), r.code, &logger, &options);
    r.log = logger.getAllMessages();
    return r;
}

} // namespace picavk::shadergen
