package polyglot_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/internal/sharedtest"
	"github.com/ox88/chess/polyglot"
)

// BenchmarkFind looks up the positions along a main line of the GNU Chess book (2.8 MB,
// read from memory through a bytes.Reader), decoding each entry's move: the cost of one
// lookup, and lookups per second.
func BenchmarkFind(b *testing.B) {
	data, err := os.ReadFile(sharedtest.Path(b, "books/gnuchess-book.bin"))
	if err != nil {
		b.Fatal(err)
	}
	book, err := polyglot.Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	var positions []chess.Position
	p := chess.StartingPosition()
	for range 12 {
		positions = append(positions, p)
		entries, _ := book.Find(p)
		if len(entries) == 0 {
			break
		}
		p, _ = p.Play(entries[0].Move)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := book.Find(positions[i%len(positions)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}
