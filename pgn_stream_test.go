package chess

import (
	"io"
	"runtime"
	"testing"
)

// repeatReader yields text n times over, without holding more than one copy.
type repeatReader struct {
	text string
	n    int
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.text[r.off:])
	r.off += k
	if r.off == len(r.text) {
		r.off, r.n = 0, r.n-1
	}
	return k, nil
}

// TestPGNStreamingMemory: reading 100 MB of PGN keeps the live heap bounded by about one
// game, whatever the input's size: the reader holds the game it is reading and one read-ahead
// chunk, nothing of the games before.
func TestPGNStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	game := `[Event "Stream"]
[Site "?"]
[Date "2026.01.01"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6
5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5
axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7
19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7
25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6
31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1
Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 1/2-1/2

`
	const total = 100 << 20
	r := &repeatReader{text: game, n: total / len(game)}
	reader := NewPGNReader(r)
	reader.NoTree = true
	var ms runtime.MemStats
	var peak uint64
	games := 0
	for g, err := range reader.All() {
		if err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
		games++
		if games%20000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	if want := total / len(game); games != want {
		t.Fatalf("%d games, want %d", games, want)
	}
	t.Logf("%d games, %d MB read, live heap at most %.1f MB", games, total>>20, float64(peak)/(1<<20))
	// One game is 1.4 KB and the read-ahead 64 KB; 8 MB leaves room for the runtime and the
	// test binary's own data, and is a small fraction of the 100 MB read.
	if peak > 8<<20 {
		t.Errorf("live heap reached %d bytes while streaming 100 MB", peak)
	}
}
