package opening_test

import (
	"os"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/internal/sharedtest"
	"github.com/ox88/chess/opening"
)

// BenchmarkClassifyGame classifies the main lines of the corpus's first 200 games, one game
// per op (the tables loaded before the timer starts).
func BenchmarkClassifyGame(b *testing.B) {
	f, err := os.Open(sharedtest.Path(b, "pgn/corpus/lichess-standard-25k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines [][]chess.Move
	r := chess.NewPGNReader(f)
	for g, err := range r.All() {
		if err != nil {
			b.Fatal(err)
		}
		lines = append(lines, g.Moves())
		if len(lines) == 200 {
			break
		}
	}
	start := chess.StartingPosition()
	opening.Lookup(start)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		opening.ClassifyMoves(start, lines[i%len(lines)])
	}
}
