package chess

import (
	"bytes"
	"io"
	"testing"
)

// benchGames reads the first n games of the shared corpus with their trees.
func benchGames(b *testing.B, n int) []*PGNGame {
	var games []*PGNGame
	for g, err := range Games(bytes.NewReader(benchCorpus(b))) {
		if err != nil {
			b.Fatal(err)
		}
		if games = append(games, g); len(games) == n {
			break
		}
	}
	return games
}

// BenchmarkPGNWrite writes 1,000 corpus games in export format, the tree checked first.
func BenchmarkPGNWrite(b *testing.B) {
	games := benchGames(b, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			if _, err := g.WritePGN(io.Discard, PGNWriteOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPGNCheck checks the trees of 1,000 corpus games: the part of BenchmarkPGNWrite that
// validates.
func BenchmarkPGNCheck(b *testing.B) {
	games := benchGames(b, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			if err := g.Check(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
}
