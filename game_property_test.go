package chess

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// propertyStarts are the starting positions of the random games: the start, castling and
// en-passant pins, bare endgames that end by material, clocks close to the 50- and 75-move
// rules, pawn walls, and a Chess960 start.
var propertyStarts = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"1n2k3/3p2b1/8/4P3/8/2K5/8/6N1 b - - 0 1",
	"8/8/4k3/8/8/3K4/8/7R w - - 140 80",
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 95 60",
	"4k3/8/8/1p1p1p2/pPpPpP2/P1P1P3/8/4K3 w - - 0 1",
	"4k3/8/3n4/8/8/3B4/8/4K3 w - - 0 1",
	"rbbkrqnn/pppppppp/8/8/8/8/PPPPPPPP/RBBKRQNN w KQkq - 0 1",
}

// randomMove picks a legal move: half the time the move that takes back the mover's own last
// move when there is one, so that positions repeat; otherwise any legal move.
func randomMove(rng *rand.Rand, g *Game, legal []Move) Move {
	moves := g.moves
	if n := len(moves); n >= 2 && rng.IntN(2) == 0 {
		last := moves[n-2]
		for _, m := range legal {
			if !m.IsCastle() && !last.IsCastle() && m.From() == last.To() && m.To() == last.From() {
				return m
			}
		}
	}
	return legal[rng.IntN(len(legal))]
}

// identity is the position as FIDE Laws 9.2.3 tells positions apart, computed the slow way:
// placement, side to move, castling rights and the en-passant square only when LegalMoves
// holds an en-passant capture.
func identity(p Position) string {
	f := strings.Fields(p.FEN())
	f[3] = "-"
	for _, m := range p.LegalMoves() {
		if m.IsEnPassant() {
			f[3] = m.To().String()
		}
	}
	return strings.Join(f[:4], " ")
}

// naiveRules recomputes what Game answers from its whole history, the slow way.
type naiveRules struct {
	ids []string // identity of every position since the start
}

func (n *naiveRules) count(id string) int {
	c := 0
	for _, x := range n.ids {
		if x == id {
			c++
		}
	}
	return c
}

func (n *naiveRules) claimThreefold(p Position) bool {
	if n.count(n.ids[len(n.ids)-1]) >= 3 {
		return true
	}
	for _, m := range p.LegalMoves() {
		q, _ := p.Play(m)
		if n.count(identity(q))+1 >= 3 {
			return true
		}
	}
	return false
}

func claimFifty(p Position) bool {
	if p.HalfmoveClock() >= 100 {
		return len(p.LegalMoves()) > 0
	}
	for _, m := range p.LegalMoves() {
		q, _ := p.Play(m)
		if q.HalfmoveClock() >= 100 && len(q.LegalMoves()) > 0 {
			return true
		}
	}
	return false
}

// expectedOutcome is the outcome the FIDE Laws (or the Online profile) give the position.
func (n *naiveRules) expectedOutcome(p Position, rules Rules) Outcome {
	reps := n.count(n.ids[len(n.ids)-1])
	switch {
	case len(p.LegalMoves()) == 0 && p.InCheck():
		return Outcome{Winner: WinnerOf(p.Turn().Other()), Termination: Checkmate}
	case len(p.LegalMoves()) == 0:
		return Outcome{Termination: Stalemate}
	case p.IsInsufficientMaterial():
		return Outcome{Termination: InsufficientMaterial}
	case p.IsDeadPosition():
		return Outcome{Termination: DeadPosition}
	case reps >= 5:
		return Outcome{Termination: FivefoldRepetition}
	case p.HalfmoveClock() >= 150:
		return Outcome{Termination: SeventyFiveMoves}
	case rules == OnlineRules && reps >= 3:
		return Outcome{Termination: ThreefoldRepetition}
	case rules == OnlineRules && p.HalfmoveClock() >= 100:
		return Outcome{Termination: FiftyMoves}
	}
	return Outcome{}
}

func propertyParams() *gopter.TestParameters {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 150
	if testing.Short() {
		params.MinSuccessfulTests = 25
	}
	return params
}

// TestRulesPropertiesRandomGames checks Game against the rules recomputed from scratch over
// random games: the outcome is decided exactly when the rules say so (no legal move and in
// check iff Checkmate, …), the repetition count and both claims agree with a count over the
// whole history, and a game that is over refuses moves and stays unchanged.
func TestRulesPropertiesRandomGames(t *testing.T) {
	props := gopter.NewProperties(propertyParams())
	props.Property("Game agrees with the rules recomputed from its history", prop.ForAll(
		func(seed uint64, start, plies int, online bool) string {
			rng := rand.New(rand.NewPCG(seed, 0))
			g := NewGame(MustParseFEN(propertyStarts[start]))
			if online {
				g.Rules = OnlineRules
			}
			naive := &naiveRules{ids: []string{identity(g.Position())}}
			for ply := 0; ; ply++ {
				p := g.Position()
				where := fmt.Sprintf("%s after %v", propertyStarts[start], g.Moves())
				want := naive.expectedOutcome(p, g.Rules)
				if got := g.Outcome(); got != want {
					return fmt.Sprintf("%s: Outcome %v, want %v", where, got, want)
				}
				if got, want := g.RepetitionCount(), naive.count(naive.ids[len(naive.ids)-1]); got != want {
					return fmt.Sprintf("%s: RepetitionCount %d, want %d", where, got, want)
				}
				if got, want := g.CanClaimThreefold(), naive.claimThreefold(p); got != want {
					return fmt.Sprintf("%s: CanClaimThreefold %v, want %v", where, got, want)
				}
				if got, want := g.CanClaimFiftyMoves(), claimFifty(p); got != want {
					return fmt.Sprintf("%s: CanClaimFiftyMoves %v, want %v", where, got, want)
				}
				legal := p.LegalMoves()
				if g.Outcome().IsOver() {
					if len(legal) > 0 {
						n := len(g.Moves())
						if err := g.Play(legal[0]); !errors.Is(err, ErrGameOver) || len(g.Moves()) != n || g.Position() != p {
							return fmt.Sprintf("%s: Play after %v = %v, or the game changed", where, g.Outcome(), err)
						}
					}
					return ""
				}
				if ply == plies {
					return ""
				}
				if err := g.Play(randomMove(rng, g, legal)); err != nil {
					return fmt.Sprintf("%s: %v", where, err)
				}
				naive.ids = append(naive.ids, identity(g.Position()))
			}
		},
		gen.UInt64(), gen.IntRange(0, len(propertyStarts)-1), gen.IntRange(0, 160), gen.Bool(),
	))
	props.TestingRun(t)
}

// TestRulesPropertiesHash checks over random games that the Polyglot key kept up to date by Play
// equals the key computed from scratch, and that for standard chess two positions have the same
// key exactly when their FENs without the clocks are equal.
func TestRulesPropertiesHash(t *testing.T) {
	props := gopter.NewProperties(propertyParams())
	props.Property("incremental hash = hash from scratch; equal hash iff equal FEN", prop.ForAll(
		func(seed uint64, start, plies int) string {
			rng := rand.New(rand.NewPCG(seed, 1))
			g := NewGame(MustParseFEN(propertyStarts[start]))
			for ply := 0; ply < plies && !g.Outcome().IsOver(); ply++ {
				g.Play(randomMove(rng, g, g.Position().LegalMoves()))
			}
			byHash := map[uint64]string{}
			byFEN := map[string]uint64{}
			for p := range g.Positions() {
				if got, want := p.Hash(), p.computeHash(); got != want {
					return fmt.Sprintf("%s: Hash %#x, from scratch %#x", p.FEN(), got, want)
				}
				if p.Chess960() {
					continue
				}
				fen := fenNoClocks(p)
				if f, ok := byHash[p.Hash()]; ok && f != fen {
					return fmt.Sprintf("same hash %#x for %s and %s", p.Hash(), f, fen)
				}
				if h, ok := byFEN[fen]; ok && h != p.Hash() {
					return fmt.Sprintf("%s: two hashes %#x and %#x", fen, h, p.Hash())
				}
				byHash[p.Hash()], byFEN[fen] = fen, p.Hash()
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(propertyStarts)-1), gen.IntRange(0, 300),
	))
	props.TestingRun(t)
}

// TestRulesPropertiesUndo checks over random sequences of moves and take-backs that a Game
// answers exactly as a new Game that played only the moves left.
func TestRulesPropertiesUndo(t *testing.T) {
	props := gopter.NewProperties(propertyParams())
	props.Property("Undo leaves the game a replay of the moves left would give", prop.ForAll(
		func(seed uint64, start, steps int) string {
			rng := rand.New(rand.NewPCG(seed, 2))
			g := NewGame(MustParseFEN(propertyStarts[start]))
			for step := 0; step < steps; step++ {
				if rng.IntN(3) == 0 || g.Outcome().IsOver() {
					g.Undo()
				} else {
					g.Play(randomMove(rng, g, g.Position().LegalMoves()))
				}
				replay := NewGame(MustParseFEN(propertyStarts[start]))
				for _, m := range g.Moves() {
					if err := replay.Play(m); err != nil {
						return fmt.Sprintf("replaying %v: %v", g.Moves(), err)
					}
				}
				if g.Position() != replay.Position() || g.Outcome() != replay.Outcome() ||
					g.RepetitionCount() != replay.RepetitionCount() ||
					g.CanClaimThreefold() != replay.CanClaimThreefold() ||
					g.CanClaimFiftyMoves() != replay.CanClaimFiftyMoves() {
					return fmt.Sprintf("after %v: the game differs from its replay", g.Moves())
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(propertyStarts)-1), gen.IntRange(0, 120),
	))
	props.TestingRun(t)
}
