#!/usr/bin/env bash
# Times `chess check -j 1` and `-j 2` on the large shared corpus next to pgn-extract (Debian's
# pgn-extract, `-r -s`: replay and validate every move, write nothing), and prints MB/s and the
# ratios. Usage: bench/check.sh [PGN file]   (default: ../shared/testdata/pgn/corpus/lichess-standard-25k.pgn)
# Each command runs RUNS times (default 3); the best time counts.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/testdata/pgn/corpus/lichess-standard-25k.pgn}
runs=${RUNS:-3}
[ -f "$corpus" ] || { echo "no corpus at $corpus" >&2; exit 2; }
pgnextract=${PGN_EXTRACT:-/usr/games/pgn-extract} # Debian installs it among the games
if [ ! -x "$pgnextract" ]; then
  apt-get update -q >/dev/null && apt-get install -y -q pgn-extract >/dev/null
fi
bin=$(mktemp -d)/chess
go build -o "$bin" ./cmd/chess
bytes=$(stat -c %s "$corpus")

best() { # best wall time in seconds of running "$@" $runs times
  local b=""
  for _ in $(seq "$runs"); do
    local s e t
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    e=$(date +%s.%N)
    t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }')
    if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
  done
  echo "$b"
}

t1=$(best "$bin" check -q -j 1 "$corpus")
t2=$(best "$bin" check -q -j 2 "$corpus")
tp=$(best "$pgnextract" -r -s "$corpus")
mbs() { awk -v n="$bytes" -v t="$1" 'BEGIN { printf "%.1f", n / 1e6 / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%-28s %8.2f s %8s MB/s\n' "chess check -j 1" "$t1" "$(mbs "$t1")"
printf '%-28s %8.2f s %8s MB/s\n' "chess check -j 2" "$t2" "$(mbs "$t2")"
printf '%-28s %8.2f s %8s MB/s\n' "pgn-extract -r -s" "$tp" "$(mbs "$tp")"
echo "chess -j 1 vs pgn-extract: $(ratio "$tp" "$t1")x faster"
echo "chess -j 2 vs -j 1:        $(ratio "$t1" "$t2")x faster"
