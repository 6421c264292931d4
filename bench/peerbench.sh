#!/usr/bin/env bash
# Times this library side by side with the other peers of ../shared/peerbench (dragontoothmg,
# notnil/chess, corentings/chess, chess.js, chessops, Stockfish, pgn-extract): copies the
# harness to a work folder, adds bench/peer/main.go as the peer "ox88" built against this
# checkout, and runs it. Arguments and environment are run.sh's (e.g. PEERS="ox88 dragontooth",
# SKIP_PGN=1, REPEATS=3); the report is written to the work folder.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORKDIR:-${TMPDIR:-/tmp}/peerbench-ox88}
mkdir -p "$work"
cp -r "$repo/../shared/peerbench/." "$work/"
chmod -R u+w "$work"
mkdir -p "$work/go/cmd/ox88"
sed '/^\/\/go:build ignore$/d' "$repo/bench/peer/main.go" > "$work/go/cmd/ox88/main.go"
(
  cd "$work/go"
  go mod edit -require=github.com/ox88/chess@v0.0.0 -replace=github.com/ox88/chess="$repo"
  go mod tidy
  go build -o bin/ox88 ./cmd/ox88
)
cat > "$work/peers.local.json" <<JSON
{"ox88": {"argv": ["$work/go/bin/ox88"], "lang": "Go"}}
JSON
export TESTDATA=${TESTDATA:-$repo/../shared/testdata}
cd "$work" && exec ./run.sh "$@"
