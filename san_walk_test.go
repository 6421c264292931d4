package chess

import (
	"math/rand"
	"testing"
)

// randomWalk plays n random legal moves from p with the given seed and calls visit at each
// position, the start included.
func randomWalk(p Position, seed int64, n int, visit func(Position)) {
	r := rand.New(rand.NewSource(seed))
	for i := 0; i <= n; i++ {
		visit(p)
		moves := p.LegalMoves()
		if len(moves) == 0 {
			return
		}
		p.play(moves[r.Intn(len(moves))])
	}
}

func TestSANRoundTripWalk(t *testing.T) {
	starts := []Position{StartingPosition(),
		MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
		MustParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
	}
	count := 0
	for _, start := range starts {
		for seed := int64(0); seed < 200; seed++ {
			randomWalk(start, seed, 150, func(p Position) {
				seen := map[string]Move{}
				for _, m := range p.LegalMoves() {
					san := p.SAN(m)
					count++
					if prev, dup := seen[san]; dup {
						t.Fatalf("%s: SAN %q for both %v and %v", p.FEN(), san, prev, m)
					}
					seen[san] = m
					got, dev, err := p.ParseSANDeviation(san)
					if err != nil || got != m || dev != 0 {
						t.Fatalf("%s: ParseSAN(%q) = %v, %v, %v; want %v", p.FEN(), san, got, dev, err, m)
					}
					if got, err := p.ParseSANStrict(san); err != nil || got != m {
						t.Fatalf("%s: ParseSANStrict(%q) = %v, %v; want %v", p.FEN(), san, got, err, m)
					}
					lan := p.LAN(m)
					if got, err := p.ParseSAN(lan); err != nil || got != m {
						t.Fatalf("%s: ParseSAN(LAN %q) = %v, %v; want %v", p.FEN(), lan, got, err, m)
					}
					if got, err := p.ParseSAN(m.String()); err != nil || got != m {
						t.Fatalf("%s: ParseSAN(UCI %q) = %v, %v; want %v", p.FEN(), m.String(), got, err, m)
					}
				}
			})
		}
	}
	t.Logf("%d moves", count)
}
