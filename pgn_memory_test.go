package chess

import (
	"math/rand"
	"runtime"
	"testing"
)

// TestPGNMemoryBoundedByBytes: the reader's memory is bounded whatever the input's shape, at
// Workers 1, 2 and 8: millions of tagless empty games (nowhere to cut a chunk at a tag
// section), tag-only records, and random bytes. The heap in use, sampled as the games are
// read by a slow consumer, stays under the bound.
func TestPGNMemoryBoundedByBytes(t *testing.T) {
	size := int64(8 << 20)
	if testing.Short() {
		size = 1 << 20
	}
	random := make([]byte, 1<<20)
	rand.New(rand.NewSource(1)).Read(random)
	shapes := []struct {
		name string
		unit string
	}{
		{"tagless empty games", "*\n"},
		{"tag-only records", "[White \"a\"]\n\n"},
		{"random bytes", string(random)},
	}
	const bound = 64 << 20
	for _, sh := range shapes {
		for _, workers := range []int{1, 2, 8} {
			runtime.GC()
			r := NewPGNReader(&repeatReader{text: sh.unit, left: size})
			r.NoTree = true
			r.Workers = workers
			var peak uint64
			var ms runtime.MemStats
			games := 0
			for g, _ := range r.All() {
				if g == nil {
					break
				}
				games++
				_ = g.Final.FEN() // a consumer slower than the reader, as chess check -json is
				if games%500 == 0 {
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapInuse)
				}
			}
			r.Close()
			if peak > bound {
				t.Errorf("%s, Workers %d: %d games, %d MB of heap in use, want under %d MB", sh.name, workers, games, peak>>20, bound>>20)
			}
			t.Logf("%s, Workers %d: %d games, peak heap %d MB", sh.name, workers, games, peak>>20)
		}
	}
}
