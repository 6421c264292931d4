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

func benchmarkPGN(b *testing.B, noTree bool, workers int) {
	data := benchCorpus(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	games := 0
	for i := 0; i < b.N; i++ {
		r := NewPGNReader(bytes.NewReader(data))
		r.NoTree = noTree
		r.Workers = workers
		for _, err := range r.All() {
			if err != nil {
				b.Fatal(err)
			}
			games++
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkPGNValidate(b *testing.B) { benchmarkPGN(b, true, 1) }
func BenchmarkPGNRead(b *testing.B)     { benchmarkPGN(b, false, 1) }

// BenchmarkPGNValidateParallel validates with two workers: compare with BenchmarkPGNValidate
// for the speed-up.
func BenchmarkPGNValidateParallel(b *testing.B) { benchmarkPGN(b, true, 2) }
