package main

import (
	"io"
	"os"
	"testing"

	"github.com/ox88/chess/internal/sharedtest"
)

// benchmarkCheck runs chess check -q -j N on the shared 25k corpus in this process: the whole
// command but its start-up, for the cost of what lies around the reader (opening and reading
// the file, the problems of each game, the summary). Compare with the root package's
// BenchmarkPGNValidate (-j 1) and BenchmarkPGNValidateParallel (-j 2), the reader alone on the
// text in memory.
func benchmarkCheck(b *testing.B, workers string, extra ...string) {
	corpus := sharedtest.Path(b, "pgn/corpus/lichess-standard-25k.pgn")
	fi, err := os.Stat(corpus)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	args := append(append([]string{"check", "-q", "-j", workers}, extra...), corpus)
	for b.Loop() {
		if status := run(args, nil, io.Discard, io.Discard); status != exitOK {
			b.Fatalf("exit status %d", status)
		}
	}
}

func BenchmarkCheck(b *testing.B)         { benchmarkCheck(b, "1") }
func BenchmarkCheckParallel(b *testing.B) { benchmarkCheck(b, "2") }

// BenchmarkCheckJSON writes a JSON object for every game.
func BenchmarkCheckJSON(b *testing.B) { benchmarkCheck(b, "1", "-json") }
