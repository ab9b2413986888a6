#!/bin/sh
# picavk-precompile fills a cache from a trace; picavk-render then replays that trace with the
# cache and compiles no shader (its --stats line says "0 shaders compiled").
# usage: warm_start_test.sh PICAVK_PRECOMPILE PICAVK_RENDER TRACE WORKDIR
set -eu
precompile=$1 render=$2 trace=$3 work=$4
rm -rf "$work"
"$precompile" --cache "$work" -j 2 "$trace"
"$render" --cache "$work" --stats "$trace"
