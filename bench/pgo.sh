#!/usr/bin/env bash
# Makes cmd/chess/default.pgo, the CPU profile that `go build ./cmd/chess` uses for
# profile-guided optimization (Go 1.21+: a main package's default.pgo is used unless -pgo=off).
# The profile is of the two works the bench scripts time: chess check on the 25k lichess corpus
# (BenchmarkCheck, cmd/chess) and perft from the two standard positions (BenchmarkPerft),
# merged. Run it again after large changes to the hot paths; a stale profile only optimizes
# less, it never changes what the program does. Usage: bench/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd cmd/chess && go test -pgo=off -run XXX -bench 'Check$' -benchtime 25x -cpuprofile "$tmp/check.prof" -o "$tmp/cmd.test" . >/dev/null)
[ -s "$tmp/check.prof" ] || { echo "no profile of BenchmarkCheck (is ../shared/testdata there?)" >&2; exit 2; }
go test -pgo=off -run XXX -bench 'Perft' -benchtime 10x -cpuprofile "$tmp/perft.prof" -o "$tmp/chess.test" . >/dev/null
go tool pprof -proto "$tmp/check.prof" "$tmp/perft.prof" >cmd/chess/default.pgo 2>/dev/null
echo "cmd/chess/default.pgo: $(stat -c %s cmd/chess/default.pgo) bytes"
