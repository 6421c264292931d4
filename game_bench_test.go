package chess

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchmarkLine returns a line of plies legal moves from the start after which the game still
// goes on: random moves that do not end the game, pawn moves preferred when the 75-move rule
// draws near. It is deterministic.
func benchmarkLine(tb testing.TB, plies int) []Move {
	for seed := uint64(1); seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		g := NewGame(StartingPosition())
		for len(g.moves) < plies {
			p := g.Position()
			legal := p.LegalMoves()
			rng.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
			if p.HalfmoveClock() > 120 {
				for i, m := range legal { // a pawn move first
					if p.PieceAt(m.From()).Type() == Pawn {
						legal[0], legal[i] = legal[i], legal[0]
						break
					}
				}
			}
			played := false
			for _, m := range legal {
				g.Play(m)
				if !g.Outcome().IsOver() {
					played = true
					break
				}
				g.Undo()
			}
			if !played {
				break
			}
		}
		if len(g.moves) == plies {
			return g.Moves()
		}
	}
	tb.Fatalf("no game of %d plies found", plies)
	return nil
}

// BenchmarkGame replays a game through Game.Play and checks its outcome after every move. The
// cost per ply (ns/ply) stays flat from 100 to 400 plies: Play does not replay the history and
// repetitions are counted in O(1).
func BenchmarkGame(b *testing.B) {
	for _, plies := range []int{100, 200, 400} {
		line := benchmarkLine(b, plies)
		b.Run(fmt.Sprintf("plies=%d", plies), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				g := NewGame(StartingPosition())
				for _, m := range line {
					if err := g.Play(m); err != nil {
						b.Fatal(err)
					}
					if g.Outcome().IsOver() {
						b.Fatal("the game ended")
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
		})
	}
}

// BenchmarkGameClaims measures the two claim queries, which try every legal move.
func BenchmarkGameClaims(b *testing.B) {
	g := NewGame(StartingPosition())
	for _, m := range benchmarkLine(b, 60) {
		g.Play(m)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g.CanClaimThreefold()
		g.CanClaimFiftyMoves()
	}
}

// TestGamePlayDoesNotAllocate: once the history slices have room, Play and Undo allocate
// nothing (the repetition index keeps its memory across irreversible moves).
func TestGamePlayDoesNotAllocate(t *testing.T) {
	line := benchmarkLine(t, 200)
	g := NewGame(StartingPosition())
	allocs := testing.AllocsPerRun(5, func() {
		for _, m := range line {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		for range line {
			g.Undo()
		}
	})
	if allocs > 0 {
		t.Errorf("replaying %d plies into a Game with room allocates %v times, want 0", len(line), allocs)
	}
}
