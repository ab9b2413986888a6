#!/bin/bash
# Two builds against each other on this machine (issue 32: "no loss on lavapipe: BM_RendererDemoScale
# and the corpus within 5%"). The machines here are shared and noisy, so the two are run in
# turn, round after round, and each figure is the median over the rounds (also the fastest run,
# which noise can only slow): BM_RendererDemoScale's benchmarks (Google Benchmark's own median of
# its repetitions), then every corpus trace but craftus (660 frames) replayed LOOP times by
# picavk-render, its median frame time. Ratios are NEW / OLD: below 1 is faster.
#   bash scripts/lavapipe_ab.sh OLD_BUILD NEW_BUILD [ROUNDS]
# e.g. an older commit built beside this tree:
#   git worktree add /tmp/old COMMIT && (cd /tmp/old && cmake --preset dev &&
#     ninja -C build/dev picavk-bench picavk-render)
#   bash scripts/lavapipe_ab.sh /tmp/old/build/dev build/dev 3
# BENCH (a benchmark filter, default BM_RendererDemoScale; none: no benchmark), TRACES (names,
# default the corpus), LOOP (default 5) and SCALE (default 1) narrow or widen it.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
old=$1 new=$2 rounds=${3:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
for b in "$old" "$new"; do
    for tool in bench/picavk-bench src/apps/picavk-render; do
        [ -x "$b/$tool" ] || { echo "lavapipe_ab.sh: no $b/$tool (build it first)" >&2; exit 1; }
    done
done
bench_filter=${BENCH:-BM_RendererDemoScale}
if [ -z "${TRACES:-}" ]; then
    TRACES=$(cd "$here/tests/corpus" && ls *.ctf | sed 's/\.ctf$//' | grep -vx craftus)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for ((r = 1; r <= rounds; r++)); do
    for side in old new; do
        build=$old
        [ $side = new ] && build=$new
        if [ "$bench_filter" != none ]; then
            "$build/bench/picavk-bench" --benchmark_filter="$bench_filter" \
                --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
                --benchmark_format=json >"$work/bench.$side.$r.json" 2>/dev/null
        fi
        for t in $TRACES; do
            ms=$("$build/src/apps/picavk-render" "$here/tests/corpus/$t.ctf" --loop "${LOOP:-5}" \
                --scale "${SCALE:-1}" --stats 2>/dev/null |
                sed -n 's/.*median frame time: \([0-9.]*\) ms.*/\1/p')
            echo "$t $side ${ms:-nan}" >>"$work/corpus.txt"
        done
    done
done

python3 - "$work" <<'EOF'
import collections, glob, json, math, os, statistics, sys
work = sys.argv[1]
rows = collections.defaultdict(lambda: {"old": [], "new": []})
for path in sorted(glob.glob(os.path.join(work, "bench.*.json"))):
    side = os.path.basename(path).split(".")[1]
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") == "median":
            name = b["run_name"].replace("/real_time", "")
            rows[name][side].append(b["real_time"])  # ms
corpus = os.path.join(work, "corpus.txt")
if os.path.exists(corpus):
    for line in open(corpus):
        name, side, ms = line.split()
        rows["corpus " + name][side].append(float(ms))
print(f"{'what (ms)':46s} {'old':>8s} {'new':>8s} {'ratio':>6s} {'fastest':>8s}")
ratios = []
for name, v in rows.items():
    o = [x for x in v["old"] if not math.isnan(x)]
    n = [x for x in v["new"] if not math.isnan(x)]
    if not o or not n:
        print(f"{name:46s} no figure (a run failed)")
        continue
    mo, mn = statistics.median(o), statistics.median(n)
    ratios.append(mn / mo)
    print(f"{name:46s} {mo:8.3f} {mn:8.3f} {mn / mo:6.3f} {min(n) / min(o):8.3f}")
if ratios:
    print(f"ratios new/old over {len(ratios)} figures: median {statistics.median(ratios):.3f}, "
          f"from {min(ratios):.3f} to {max(ratios):.3f}")
EOF
