#pragma once

// Sets an environment variable for its lifetime, then restores it. Devices read
// PICAVK_DEVICE_DISABLE and PICAVK_DEVICE_ASSUME when they are made, so a test that needs a path
// on or off makes its session inside one.

#include <cstdlib>
#include <string>

namespace picavk::test {

class ScopedEnv {
  public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (const char* v = std::getenv(name)) {
            saved_ = v;
            had_ = true;
        }
        setenv(name, value, 1);
    }
    ~ScopedEnv() {
        if (had_)
            setenv(name_, saved_.c_str(), 1);
        else
            unsetenv(name_);
    }
    // `item` added to the variable's comma-separated list (PICAVK_DEVICE_DISABLE=a,b).
    static std::string plus(const char* name, const char* item) {
        const char* v = std::getenv(name);
        return v && *v ? std::string(v) + "," + item : std::string(item);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

  private:
    const char* name_;
    std::string saved_;
    bool had_ = false;
};

// A test fixture: the compute rasteriser off, whatever else PICAVK_DEVICE_DISABLE names (tests of
// the GPU vertex path: the compute rasteriser shades its draws' vertices on the CPU).
struct WithoutComputeRaster {
    ScopedEnv off{"PICAVK_DEVICE_DISABLE",
                  ScopedEnv::plus("PICAVK_DEVICE_DISABLE", "compute-raster").c_str()};
};

} // namespace picavk::test
