package chess

import "testing"

// benchPositions are the positions of the move-generation benchmarks: the opening, a busy
// middlegame, an endgame, a Chess960 position, and the king with 15 queens.
var benchPositions = []struct{ name, fen string }{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
	{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	{"15-queens", queensFEN},
}

func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"start-5", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
		{"kiwipete-4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := MustParseFEN(bc.fen)
			b.ReportAllocs()
			for range b.N {
				if n := Perft(p, bc.depth); n != bc.nodes {
					b.Fatalf("Perft = %d, want %d", n, bc.nodes)
				}
			}
			b.ReportMetric(float64(bc.nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, bc := range benchPositions {
		b.Run(bc.name, func(b *testing.B) {
			p := MustParseFEN(bc.fen)
			buf := make([]Move, 0, 512)
			b.ReportAllocs()
			for range b.N {
				buf = p.AppendLegalMoves(buf[:0])
			}
			if len(buf) == 0 {
				b.Fatal("no moves")
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	for _, bc := range benchPositions {
		b.Run(bc.name, func(b *testing.B) {
			p := MustParseFEN(bc.fen)
			moves := p.LegalMoves()
			b.ReportAllocs()
			i := 0
			for range b.N {
				q, err := p.Play(moves[i])
				if err != nil || q == p {
					b.Fatal(err)
				}
				if i++; i == len(moves) {
					i = 0
				}
			}
		})
	}
}

func BenchmarkParseFEN(b *testing.B) {
	for _, bc := range benchPositions {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := ParseFEN(bc.fen); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFEN(b *testing.B) {
	for _, bc := range benchPositions {
		p := MustParseFEN(bc.fen)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				_ = p.FEN()
			}
		})
		b.Run(bc.name+"-append", func(b *testing.B) {
			buf := make([]byte, 0, 128)
			b.ReportAllocs()
			for range b.N {
				buf = p.AppendFEN(buf[:0])
			}
		})
	}
}
