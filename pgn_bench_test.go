package chess

import (
	"bytes"
	"os"
	"testing"
)

func benchCorpus(b *testing.B) []byte {
	data, err := os.ReadFile("../shared/testdata/pgn/corpus/lichess-standard-25k.pgn")
	if err != nil {
		b.Skip("shared corpus absent:", err)
	}
	return data
}

func benchmarkPGN(b *testing.B, noTree bool) {
	data := benchCorpus(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	games := 0
	for i := 0; i < b.N; i++ {
		r := NewPGNReader(bytes.NewReader(data))
		r.NoTree = noTree
		for _, err := range r.All() {
			if err != nil {
				b.Fatal(err)
			}
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkPGNValidate(b *testing.B) { benchmarkPGN(b, true) }
func BenchmarkPGNRead(b *testing.B)     { benchmarkPGN(b, false) }

func BenchmarkPGNValidateParallel(b *testing.B) {
	data := benchCorpus(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewPGNReader(bytes.NewReader(data))
		r.NoTree = true
		r.Workers = 2
		for _, err := range r.All() {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
