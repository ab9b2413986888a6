#pragma once

// Shaders being compiled, by id (a kind and a key's hash), so that a thread that asks for one
// another thread is compiling waits for it rather than compiling it again beside it: several
// compile jobs share a module (PipelineCache: a key's specialised pipeline and its GPU vertex
// path's share a fragment shader, the vertex paths of one program its vertex shader). An id two
// keys share only makes one wait. No Vulkan here.

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <unordered_set>

namespace picavk::vk {

class CompileClaims {
  public:
    // `lock` holds the owner's mutex, the one every claim's end takes: returns once no thread
    // holds a claim on `id`.
    void wait(std::unique_lock<std::mutex>& lock, std::uint64_t id) {
        built_.wait(lock, [&] { return !building_.count(id); });
    }

    // Made with the owner's mutex held, after wait(): `id` is this thread's to compile until
    // the claim goes (the mutex not held then), whether the compile worked or threw; then
    // those waiting look again.
    class Claim {
      public:
        Claim(CompileClaims& claims, std::mutex& mutex, std::uint64_t id)
            : claims_(claims), mutex_(mutex), id_(id) {
            claims_.building_.insert(id_);
        }
        ~Claim() {
            {
                const std::lock_guard lock(mutex_);
                claims_.building_.erase(id_);
            }
            claims_.built_.notify_all();
        }
        Claim(const Claim&) = delete;
        Claim& operator=(const Claim&) = delete;

      private:
        CompileClaims& claims_;
        std::mutex& mutex_;
        std::uint64_t id_;
    };

  private:
    std::unordered_set<std::uint64_t> building_; // guarded by the owner's mutex
    std::condition_variable built_;
};

} // namespace picavk::vk
