#!/usr/bin/env bash
# Times `chess check -j 1` and `-j 2` on the large shared corpus next to pgn-extract (Debian's
# pgn-extract, `-r -s`: replay and validate every move, write nothing), and prints MB/s and the
# ratios. Usage: bench/check.sh [PGN file]   (default: ../shared/testdata/pgn/corpus/lichess-standard-25k.pgn)
# The commands run in turn, RUNS rounds (default 7), so that a busy spell of the machine
# falls on all of them alike; the best and the median time of each count. "two -j 1 at once"
# runs two separate processes of -j 1 side by side: how much two cores of this machine give at
# that moment (its time is that of one -j 1 when they give twice one core), the bound on what
# -j 2 can get; "-j 2 vs two -j 1 at once" is -j 2's throughput as a share of theirs (the
# issue's bound: 0.9). The counts of games, moves and errors are printed once, before the rounds.
# Then the same corpus compressed by Debian's gzip, bzip2 and zstd (default levels; made here,
# in a temporary folder): MB/s of uncompressed text with -j 1 and -j 2, best of CRUNS rounds
# (default 3), and the .zst -j 1 speed as a share of the plain file's.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-../shared/testdata/pgn/corpus/lichess-standard-25k.pgn}
runs=${RUNS:-7}
[ "$runs" -ge 3 ] || { echo "RUNS=$runs: at least 3 rounds" >&2; exit 2; }
[ -f "$corpus" ] || { echo "no corpus at $corpus" >&2; exit 2; }
pgnextract=${PGN_EXTRACT:-/usr/games/pgn-extract} # Debian installs it among the games
if [ ! -x "$pgnextract" ]; then
  apt-get update -q >/dev/null && apt-get install -y -q pgn-extract >/dev/null
fi
for tool in gzip bzip2 zstd; do
  command -v "$tool" >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q "$tool" >/dev/null; }
done
bin=$(mktemp -d)/chess
go build -o "$bin" ./cmd/chess
bytes=$(stat -c %s "$corpus")

elapsed() { # wall time in seconds of running "$@" (bash's clock: no process started to read it)
  local s e
  s=$EPOCHREALTIME
  "$@" >/dev/null 2>&1 || true
  e=$EPOCHREALTIME
  awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f\n", e - s }'
}
best() { sort -n | head -1; }
median() { sort -n | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'; }

# the counts, once: every timed run below does the same work
echo "corpus: $corpus, $bytes bytes"
echo "chess check:  $("$bin" check -q -j 1 "$corpus" 2>&1 >/dev/null | sed 's/ in [0-9.]* s.*//')"
[ "$("$bin" check -q -j 2 "$corpus" 2>&1 >/dev/null | sed 's/ in [0-9.]* s.*//')" = "$("$bin" check -q -j 1 "$corpus" 2>&1 >/dev/null | sed 's/ in [0-9.]* s.*//')" ] ||
  { echo "chess check -j 2 counts differ from -j 1" >&2; exit 1; }

pair() { "$bin" check -q -j 1 "$corpus" & "$bin" check -q -j 1 "$corpus"; wait; }
t1=() t2=() tp=() tt=()
for _ in $(seq "$runs"); do
  t1+=("$(elapsed "$bin" check -q -j 1 "$corpus")")
  t2+=("$(elapsed "$bin" check -q -j 2 "$corpus")")
  tp+=("$(elapsed "$pgnextract" -r -s "$corpus")")
  tt+=("$(elapsed pair)")
done
mbs() { awk -v n="$bytes" -v t="$1" 'BEGIN { printf "%.1f", n / 1e6 / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%-20s %8s %8s %10s\n' "$runs rounds" "best s" "median s" "MB/s (best)"
for name in "chess check -j 1:t1" "chess check -j 2:t2" "pgn-extract -r -s:tp" "two -j 1 at once:tt"; do
  label=${name%:*} var=${name#*:}[@]
  b=$(printf '%s\n' "${!var}" | best) m=$(printf '%s\n' "${!var}" | median)
  mb=$(mbs "$b")
  [ "$var" = "tt[@]" ] && mb=$(awk -v m="$mb" 'BEGIN { printf "%.1f", 2 * m }') # two files' worth
  printf '%-20s %8.3f %8.3f %10s\n' "$label" "$b" "$m" "$mb"
  eval "best_${name#*:}=$b median_${name#*:}=$m"
done
twice() { awk -v t="$1" 'BEGIN { print 2 * t }'; }
echo "chess -j 1 vs pgn-extract: $(ratio "$best_tp" "$best_t1")x faster (best), $(ratio "$median_tp" "$median_t1")x (median); the issue's target: 7.5x"
echo "chess -j 2 vs -j 1:        $(ratio "$best_t1" "$best_t2")x faster (best), $(ratio "$median_t1" "$median_t2")x (median)"
echo "two cores give:            $(ratio "$(twice "$best_t1")" "$best_tt")x one core (best), $(ratio "$(twice "$median_t1")" "$median_tt")x (median): the machine's bound for -j 2"
echo "-j 2 vs two -j 1 at once:  $(ratio "$best_tt" "$(twice "$best_t2")") of their throughput (best), $(ratio "$median_tt" "$(twice "$median_t2")") (median); the issue's bound: 0.9"

# compressed copies of the corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gzip -c "$corpus" >"$work/corpus.pgn.gz"
bzip2 -c "$corpus" >"$work/corpus.pgn.bz2"
zstd -q -c "$corpus" >"$work/corpus.pgn.zst"
cruns=${CRUNS:-3}
printf '\n%-20s %10s %12s %12s\n' "best of $cruns" "size MB" "-j 1 MB/s" "-j 2 MB/s"
for f in "$corpus" "$work/corpus.pgn.gz" "$work/corpus.pgn.bz2" "$work/corpus.pgn.zst"; do
  c1=() c2=()
  for _ in $(seq "$cruns"); do
    c1+=("$(elapsed "$bin" check -q -j 1 "$f")")
    c2+=("$(elapsed "$bin" check -q -j 2 "$f")")
  done
  b1=$(printf '%s\n' "${c1[@]}" | best) b2=$(printf '%s\n' "${c2[@]}" | best)
  case "$f" in *.gz) label=gzip ;; *.bz2) label=bzip2 ;; *.zst) label=zstd ;; *) label=plain; plain1=$b1 ;; esac
  printf '%-20s %10.1f %12s %12s\n' "$label" "$(awk -v n="$(stat -c %s "$f")" 'BEGIN { print n / 1e6 }')" "$(mbs "$b1")" "$(mbs "$b2")"
  [ "$label" = zstd ] && zst1=$b1
done
echo "zstd -j 1 vs plain -j 1:   $(ratio "$plain1" "$zst1") of the plain file's speed (best; the issue's bound: 0.85)"
