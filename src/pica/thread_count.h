#pragma once

// How many threads one of picavk's pools takes: what the embedder asked for, or a count from the
// host's hardware threads, and an environment variable over both (to measure what threads gain
// on a given host without rebuilding the embedder).

namespace picavk::pica {

struct ThreadCountRule {
    const char* env;     // the override: a decimal count of 1 or more; anything else is ignored
    unsigned host_spare; // by host: the hardware threads less these (threads others need)
    unsigned auto_limit; // ... and at most this
    unsigned limit;      // any count at most this
};

// `asked` 0: by host. Always from 1 to rule.limit.
unsigned thread_count(const ThreadCountRule& rule, unsigned asked);

} // namespace picavk::pica
