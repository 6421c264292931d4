#!/usr/bin/env bash
# Times `chess perft FEN DEPTH` (bulk counting) next to Stockfish's `go perft DEPTH` on the two
# standard perft positions, and prints the ratio. Usage: bench/perft.sh
# Ours is timed as the whole process: start-up, table set-up, the walk, printing the count
# (its first line of stdout). Stockfish (Debian's /usr/games/stockfish, STOCKFISH= to change)
# runs as one engine process, started and made ready before the rounds; it is timed from
# sending `go perft N` to reading `Nodes searched`, so its start-up is left out. The commands
# run in turn, RUNS rounds (default 5), so that a busy spell of the machine falls on both
# alike; the best and the median time of each count. Node counts are checked against the
# Chess Programming Wiki's ("Perft Results").
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
[ "$runs" -ge 3 ] || { echo "RUNS=$runs: at least 3 rounds" >&2; exit 2; }
stockfish=${STOCKFISH:-/usr/games/stockfish}
if [ ! -x "$stockfish" ]; then
  apt-get update -q >/dev/null && apt-get install -y -q stockfish >/dev/null
fi
bin=$(mktemp -d)/chess
go build -o "$bin" ./cmd/chess

names=(start kiwipete)
fens=("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
depths=(6 5)
want=(119060324 193690690)

coproc SF { "$stockfish"; }
sf_send() { printf '%s\n' "$1" >&"${SF[1]}"; }
sf_wait() { # reads Stockfish's output up to a line starting with $1; sets sf_line to it
  while IFS= read -r sf_line <&"${SF[0]}"; do
    [[ $sf_line == "$1"* ]] && return 0
  done
  echo "stockfish ended before \"$1\"" >&2
  exit 1
}
sf_send uci
sf_wait uciok
sf_send "setoption name Threads value 1"
sf_send isready
sf_wait readyok
echo "stockfish: $("$stockfish" </dev/null 2>/dev/null | head -1)"
echo "chess:     $(go version) $(git rev-parse --short HEAD 2>/dev/null || echo ?)"

secs() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.3f\n", e - s }'; }
ours() { # $1 fen, $2 depth, $3 expected count; prints the seconds of the whole process
  local s e out
  s=$EPOCHREALTIME
  out=$("$bin" perft "$1" "$2" 2>/dev/null | head -1)
  e=$EPOCHREALTIME
  [ "$out" = "$3" ] || { echo "chess perft $2 gave \"$out\", want $3" >&2; exit 1; }
  secs "$s" "$e"
}
theirs() { # same for Stockfish's go perft, start-up left out
  local s e
  sf_send "position fen $1"
  sf_send isready
  sf_wait readyok
  s=$EPOCHREALTIME
  sf_send "go perft $2"
  sf_wait "Nodes searched"
  e=$EPOCHREALTIME
  [ "${sf_line##*: }" = "$3" ] || { echo "stockfish gave \"$sf_line\", want $3" >&2; exit 1; }
  secs "$s" "$e"
}
best() { sort -n | head -1; }
median() { sort -n | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mnps() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.1f", n / 1e6 / t }'; }

printf '%-12s %-16s %8s %8s %12s\n' "$runs rounds" "" "best s" "median s" "Mnodes/s"
for i in "${!names[@]}"; do
  to=() ts=()
  for _ in $(seq "$runs"); do
    to+=("$(ours "${fens[i]}" "${depths[i]}" "${want[i]}")")
    ts+=("$(theirs "${fens[i]}" "${depths[i]}" "${want[i]}")")
  done
  bo=$(printf '%s\n' "${to[@]}" | best) mo=$(printf '%s\n' "${to[@]}" | median)
  bs=$(printf '%s\n' "${ts[@]}" | best) ms=$(printf '%s\n' "${ts[@]}" | median)
  label="${names[i]} d${depths[i]}"
  printf '%-12s %-16s %8.3f %8.3f %12s\n' "$label" "chess perft" "$bo" "$mo" "$(mnps "${want[i]}" "$bo")"
  printf '%-12s %-16s %8.3f %8.3f %12s\n' "" "stockfish" "$bs" "$ms" "$(mnps "${want[i]}" "$bs")"
  echo "$label: chess perft is $(ratio "$bs" "$bo")x Stockfish's speed (best), $(ratio "$ms" "$mo")x (median); ${want[i]} nodes"
done
sf_send quit
wait "$SF_PID" 2>/dev/null || true
