package chess

import (
	"bufio"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ruleState is everything the rules say about the end of a game, for comparing with a table.
type ruleState struct {
	Outcome      Outcome
	Checkmate    bool // Position.IsCheckmate
	Stalemate    bool // Position.IsStalemate
	Insufficient bool // Position.IsInsufficientMaterial
	Dead         bool // Position.IsDeadPosition
	Threefold    bool // Game.CanClaimThreefold
	Fifty        bool // Game.CanClaimFiftyMoves
	Repetitions  int  // Game.RepetitionCount
}

func stateOf(g *Game) ruleState {
	p := g.Position()
	return ruleState{
		Outcome:      g.Outcome(),
		Checkmate:    p.IsCheckmate(),
		Stalemate:    p.IsStalemate(),
		Insufficient: p.IsInsufficientMaterial(),
		Dead:         p.IsDeadPosition(),
		Threefold:    g.CanClaimThreefold(),
		Fifty:        g.CanClaimFiftyMoves(),
		Repetitions:  g.RepetitionCount(),
	}
}

// playLine plays a space-separated line of UCI moves and actions on g: "claim" (ClaimDraw),
// "agree" (AgreeDraw), "resign-white", "resign-black", "flag-white", "flag-black".
func playLine(t *testing.T, g *Game, line string) {
	t.Helper()
	for _, tok := range strings.Fields(line) {
		var err error
		switch tok {
		case "claim":
			err = g.ClaimDraw()
		case "agree":
			err = g.AgreeDraw()
		case "resign-white", "resign-black":
			err = g.Resign(map[string]Color{"resign-white": White, "resign-black": Black}[tok])
		case "flag-white", "flag-black":
			err = g.FlagFall(map[string]Color{"flag-white": White, "flag-black": Black}[tok])
		default:
			var m Move
			m, err = g.Position().ParseUCI(tok)
			if err == nil {
				err = g.Play(m)
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
}

const (
	knightDance = "g1f3 g8f6 f3g1 f6g8" // four plies back to where they started
	startFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
)

// TestRulesFIDE has one row per rule of the FIDE Laws of Chess (2023) that ends a game, with
// the article in the row: the position, the moves and actions, and the exact state after them.
func TestRulesFIDE(t *testing.T) {
	draw := func(t Termination) Outcome { return Outcome{Termination: t} }
	win := func(c Color, t Termination) Outcome { return Outcome{Winner: WinnerOf(c), Termination: t} }
	tests := []struct {
		article string
		name    string
		fen     string
		moves   string
		rules   Rules
		want    ruleState
	}{
		{"5.1.1", "fool's mate", startFEN, "f2f3 e7e5 g2g4 d8h4", FIDERules,
			ruleState{Outcome: win(Black, Checkmate), Checkmate: true, Repetitions: 1}},
		{"5.1.1", "back-rank mate", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 3 30", "a1a8", FIDERules,
			ruleState{Outcome: win(White, Checkmate), Checkmate: true, Repetitions: 1}},
		{"5.1.1", "check is not mate", "6k1/6pp/8/8/8/8/5PPP/R5K1 w - - 3 30", "a1a8", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.1.1", "knight mate by help: K+N v K+R", "8/8/8/8/8/8/4N2r/5K1k w - - 0 1", "e2g3", FIDERules,
			ruleState{Outcome: win(White, Checkmate), Checkmate: true, Repetitions: 1}},
		{"5.1.1", "bishop mate by help: K+B v K+P", "7k/5K1p/8/8/8/8/8/2B5 w - - 0 1", "c1b2", FIDERules,
			ruleState{Outcome: win(White, Checkmate), Checkmate: true, Repetitions: 1}},
		{"5.2.1", "stalemate", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7", FIDERules,
			ruleState{Outcome: draw(Stalemate), Stalemate: true, Repetitions: 1}},
		{"5.2.1", "stalemate with a pinned knight, from the start of the game", "7k/6n1/4Q1K1/8/8/8/8/B7 b - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(Stalemate), Stalemate: true, Repetitions: 1}},

		{"5.2.2", "insufficient: K v K after a capture", "8/8/4k3/8/3r4/3K4/8/8 w - - 0 1", "d3d4", FIDERules,
			ruleState{Outcome: draw(InsufficientMaterial), Insufficient: true, Dead: true, Repetitions: 1}},
		{"5.2.2", "insufficient: K+N v K", "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(InsufficientMaterial), Insufficient: true, Dead: true, Repetitions: 1}},
		{"5.2.2", "insufficient: K+B v K", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(InsufficientMaterial), Insufficient: true, Dead: true, Repetitions: 1}},
		{"5.2.2", "insufficient: K+B v K+B, bishops on one colour", "8/8/4k1b1/8/8/3K1B2/8/8 w - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(InsufficientMaterial), Insufficient: true, Dead: true, Repetitions: 1}},
		{"5.2.2", "insufficient: K+BB v K+B, all on light squares", "8/8/4k1b1/8/8/3K1B2/6B1/8 w - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(InsufficientMaterial), Insufficient: true, Dead: true, Repetitions: 1}},
		{"5.2.2", "looks insufficient: K+B v K+B on opposite colours", "8/8/4kb2/8/8/3K1B2/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "looks insufficient: K+N v K+N", "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "looks insufficient: K+NN v K", "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "looks insufficient: K+N v K+P", "8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "looks insufficient: K+B v K+N", "8/8/4kn2/8/8/3KB3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "looks insufficient: K+N v K+Q (the queen can mate)", "8/8/4kq2/8/8/3KN3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "dead: interlocked pawn chain, kings on either side", "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(DeadPosition), Dead: true, Repetitions: 1}},
		{"5.2.2", "dead: the move that closes the wall", "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P3/6P1/4K3 w - - 0 1", "g2g3", FIDERules,
			ruleState{Outcome: draw(DeadPosition), Dead: true, Repetitions: 1}},
		{"5.2.2", "dead: wall with bishops that can never attack a pawn", "4k3/5b2/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K3 w - - 0 1", "", FIDERules,
			ruleState{Outcome: draw(DeadPosition), Dead: true, Repetitions: 1}},
		{"5.2.2", "not dead: a king walks round and takes a pawn", "8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},
		{"5.2.2", "not dead: a bishop of the pawns' colour can take one", "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3BK3 w - - 0 1", "", FIDERules,
			ruleState{Repetitions: 1}},

		{"9.2", "threefold: not yet, after six plies", startFEN, knightDance + " g1f3 g8f6", FIDERules,
			ruleState{Repetitions: 2}},
		{"9.2.1.1", "threefold claimable on the next move, by writing it", startFEN, knightDance + " g1f3 g8f6 f3g1", FIDERules,
			ruleState{Threefold: true, Repetitions: 2}},
		{"9.2.1.2", "threefold claimable now", startFEN, knightDance + " " + knightDance, FIDERules,
			ruleState{Threefold: true, Repetitions: 3}},
		{"9.2.1.2", "threefold claimed", startFEN, knightDance + " " + knightDance + " claim", FIDERules,
			ruleState{Outcome: draw(ThreefoldRepetition), Threefold: true, Repetitions: 3}},
		{"9.2", "threefold ends the game under OnlineRules", startFEN, knightDance + " " + knightDance, OnlineRules,
			ruleState{Outcome: draw(ThreefoldRepetition), Threefold: true, Repetitions: 3}},
		{"9.2.3", "castling rights differ: not the same position", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			"a1b1 a8b8 b1a1 b8a8 a1b1 a8b8 b1a1 b8a8", FIDERules,
			ruleState{Repetitions: 2}},
		{"9.2.3", "a legal en-passant capture at the first occurrence: not the same position (no claim by f6g8)", "4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1",
			"d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1", FIDERules,
			ruleState{Repetitions: 2}},
		{"9.2.3", "…and the placement's third appearance is its second", "4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1",
			"d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", FIDERules,
			ruleState{Threefold: true, Repetitions: 2}},
		{"9.2.3", "an en-passant right without a legal capture (pinned pawn): the same position", "1n2k3/3p2b1/8/4P3/8/2K5/8/6N1 b - - 0 1",
			"d7d5 g1f3 b8c6 f3g1 c6b8 g1f3 b8c6 f3g1 c6b8", FIDERules,
			ruleState{Threefold: true, Repetitions: 3}},
		{"9.6.1", "fivefold repetition ends the game", startFEN, strings.Repeat(knightDance+" ", 4), FIDERules,
			ruleState{Outcome: draw(FivefoldRepetition), Threefold: true, Repetitions: 5}},
		{"9.6.1", "four times is not yet five", startFEN, strings.Repeat(knightDance+" ", 3) + "g1f3 g8f6 f3g1", FIDERules,
			ruleState{Threefold: true, Repetitions: 4}},

		{"9.3", "fifty moves: not claimable at 98 halfmoves", "8/8/4k3/8/8/3K4/8/7R w - - 97 80", "h1h2", FIDERules,
			ruleState{Repetitions: 1}},
		{"9.3.2", "fifty moves claimable by writing the move (99 halfmoves)", "8/8/4k3/8/8/3K4/8/7R w - - 98 80", "h1h2", FIDERules,
			ruleState{Fifty: true, Repetitions: 1}},
		{"9.3.1", "fifty moves claimable now", "8/8/4k3/8/8/3K4/8/7R w - - 99 80", "h1h2", FIDERules,
			ruleState{Fifty: true, Repetitions: 1}},
		{"9.3", "fifty moves claimed", "8/8/4k3/8/8/3K4/8/7R w - - 99 80", "h1h2 claim", FIDERules,
			ruleState{Outcome: draw(FiftyMoves), Fifty: true, Repetitions: 1}},
		{"9.3", "fifty moves end the game under OnlineRules", "8/8/4k3/8/8/3K4/8/7R w - - 99 80", "h1h2", OnlineRules,
			ruleState{Outcome: draw(FiftyMoves), Fifty: true, Repetitions: 1}},
		{"9.3", "a capture resets the count", "8/8/4k3/8/8/3K4/7r/7R w - - 99 80", "h1h2", FIDERules,
			ruleState{Repetitions: 1}},
		{"9.6.2", "seventy-five moves end the game", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 149 100", "g1f1", FIDERules,
			ruleState{Outcome: draw(SeventyFiveMoves), Fifty: true, Repetitions: 1}},
		{"9.6.2", "mate on the 75th move is checkmate", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 149 100", "a1a8", FIDERules,
			ruleState{Outcome: win(White, Checkmate), Checkmate: true, Repetitions: 1}},
		{"9.6.2", "a start past 150 halfmoves is over at once", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 160 100", "", FIDERules,
			ruleState{Outcome: draw(SeventyFiveMoves), Fifty: true, Repetitions: 1}},

		{"5.1.2", "resignation", startFEN, "e2e4 resign-black", FIDERules,
			ruleState{Outcome: win(White, Resignation), Repetitions: 1}},
		{"5.2.3", "agreement", startFEN, "e2e4 e7e5 agree", FIDERules,
			ruleState{Outcome: draw(Agreement), Repetitions: 1}},
		{"6.9", "flag fall: the opponent wins", "8/8/4k3/8/8/3K4/8/Q7 w - - 0 1", "flag-black", FIDERules,
			ruleState{Repetitions: 1, Outcome: win(White, TimeForfeit)}},
		{"6.9", "flag fall against a bare king is a draw", "8/8/4k3/8/8/3K4/8/Q7 w - - 0 1", "flag-white", FIDERules,
			ruleState{Repetitions: 1, Outcome: draw(TimeForfeit)}},
		{"6.9", "flag fall against K+N with only a queen left is a draw", "8/8/4kn2/8/8/3K4/8/Q7 w - - 0 1", "flag-white", FIDERules,
			ruleState{Repetitions: 1, Outcome: draw(TimeForfeit)}},
		{"6.9", "flag fall against K+N with a rook left loses (mate by help)", "8/8/4kn2/8/8/3K4/8/R7 w - - 0 1", "flag-white", FIDERules,
			ruleState{Repetitions: 1, Outcome: win(Black, TimeForfeit)}},
	}
	for _, tc := range tests {
		t.Run(tc.article+" "+tc.name, func(t *testing.T) {
			g := NewGame(MustParseFEN(tc.fen))
			g.Rules = tc.rules
			playLine(t, g, tc.moves)
			if diff := cmp.Diff(tc.want, stateOf(g)); diff != "" {
				t.Errorf("FIDE %s: %s after %q: state mismatch (-want +got):\n%s", tc.article, tc.fen, tc.moves, diff)
			}
			if g.Outcome().IsOver() {
				before := g.Position()
				n := len(g.Moves())
				m := g.Position().LegalMoves()
				if len(m) > 0 {
					err := g.Play(m[0])
					if !errors.Is(err, ErrGameOver) {
						t.Errorf("Play after %v: err = %v, want ErrGameOver", g.Outcome(), err)
					}
					if g.Position() != before || len(g.Moves()) != n {
						t.Errorf("Play after the end changed the game")
					}
				}
			}
		})
	}
}

func TestGameZeroValueIsTheStart(t *testing.T) {
	var g Game
	if g.Position() != StartingPosition() {
		t.Fatalf("zero Game: Position = %s, want the start", g.Position().FEN())
	}
	if o := g.Outcome(); o != (Outcome{}) {
		t.Errorf("zero Game: Outcome = %v, want the zero Outcome", o)
	}
	playLine(t, &g, "e2e4 e7e5")
	if got := len(g.Moves()); got != 2 {
		t.Errorf("zero Game after two moves: %d moves", got)
	}
}

func TestGamePlayIllegalMoveChangesNothing(t *testing.T) {
	g := NewGame(StartingPosition())
	err := g.Play(NewMove(E2, E5, NoPieceType))
	var me *MoveError
	if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &me) {
		t.Fatalf("Play(e2e5) = %v, want a *MoveError wrapping ErrIllegalMove", err)
	}
	if len(g.Moves()) != 0 || g.Position() != StartingPosition() {
		t.Errorf("an illegal move changed the game")
	}
}

func TestGameHistory(t *testing.T) {
	g := NewGame(StartingPosition())
	playLine(t, g, "e2e4 e7e5 g1f3")
	want := []string{"e2e4", "e7e5", "g1f3"}
	var got []string
	for _, m := range g.Moves() {
		got = append(got, m.String())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Moves (-want +got):\n%s", diff)
	}
	var fens []string
	for p := range g.Positions() {
		fens = append(fens, p.FEN())
	}
	wantFENs := []string{
		startFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
	}
	if diff := cmp.Diff(wantFENs, fens); diff != "" {
		t.Errorf("Positions (-want +got):\n%s", diff)
	}
	for range g.Positions() {
		break // an iterator stopped early must not panic
	}
	ms := g.Moves()
	ms[0] = NullMove
	if g.Moves()[0] == NullMove {
		t.Errorf("Moves returned the game's own slice")
	}
}

func TestGameUndo(t *testing.T) {
	g := NewGame(StartingPosition())
	if m, ok := g.Undo(); ok || m != NullMove {
		t.Errorf("Undo with no moves = %v, %v; want NullMove, false", m, ok)
	}
	// Fivefold, then take the last move back: the game goes on with four appearances.
	playLine(t, g, strings.Repeat(knightDance+" ", 4))
	if g.Outcome().Termination != FivefoldRepetition {
		t.Fatalf("Outcome = %v, want fivefold", g.Outcome())
	}
	if m, ok := g.Undo(); !ok || m.String() != "f6g8" {
		t.Fatalf("Undo = %v, %v; want f6g8, true", m, ok)
	}
	if o, n := g.Outcome(), g.RepetitionCount(); o.IsOver() || n != 4 {
		t.Errorf("after Undo: Outcome %v, RepetitionCount %d; want the game going on, 4", o, n)
	}
	playLine(t, g, "f6g8")
	if g.Outcome().Termination != FivefoldRepetition {
		t.Errorf("replaying the move: Outcome = %v, want fivefold", g.Outcome())
	}

	// Undo across an irreversible move recounts the window before it.
	g = NewGame(StartingPosition())
	playLine(t, g, knightDance+" "+knightDance+" e2e4")
	if n := g.RepetitionCount(); n != 1 {
		t.Fatalf("after e2e4: RepetitionCount = %d, want 1", n)
	}
	g.Undo()
	if n, claim := g.RepetitionCount(), g.CanClaimThreefold(); n != 3 || !claim {
		t.Errorf("after taking back e2e4: RepetitionCount %d, CanClaimThreefold %v; want 3, true", n, claim)
	}

	// Undo clears a recorded result.
	g = NewGame(StartingPosition())
	playLine(t, g, "e2e4 resign-black")
	g.Undo()
	if o := g.Outcome(); o.IsOver() {
		t.Errorf("after Undo of a resigned game: Outcome = %v, want the game going on", o)
	}
}

func TestGameErrors(t *testing.T) {
	g := NewGame(StartingPosition())
	err := g.ClaimDraw()
	var ge *GameError
	if !errors.Is(err, ErrNoClaim) || !errors.As(err, &ge) || ge.Op != "ClaimDraw" {
		t.Errorf("ClaimDraw at the start = %v, want a *GameError wrapping ErrNoClaim", err)
	}
	if g.Outcome().IsOver() {
		t.Errorf("a refused claim ended the game")
	}
	for _, o := range []Outcome{
		{Termination: Checkmate, Winner: WhiteWins},
		{Termination: Resignation},
		{Termination: Agreement, Winner: BlackWins},
		{Termination: Unknown, Winner: 7},
		{},
	} {
		if err := g.SetOutcome(o); !errors.Is(err, ErrInvalidOutcome) {
			t.Errorf("SetOutcome(%+v) = %v, want ErrInvalidOutcome", o, err)
		}
	}
	if err := g.SetOutcome(Outcome{Termination: Abandoned, Winner: BlackWins}); err != nil {
		t.Fatalf("SetOutcome(abandoned) = %v", err)
	}
	for name, f := range map[string]func() error{
		"Play":      func() error { return g.Play(NewMove(E2, E4, NoPieceType)) },
		"ClaimDraw": g.ClaimDraw,
		"Resign":    func() error { return g.Resign(White) },
		"AgreeDraw": g.AgreeDraw,
		"FlagFall":  func() error { return g.FlagFall(White) },
	} {
		err := f()
		if !errors.Is(err, ErrGameOver) || !errors.As(err, &ge) || ge.Op != name || ge.Outcome.Termination != Abandoned {
			t.Errorf("%s after the end = %v, want a *GameError wrapping ErrGameOver", name, err)
		}
	}
	if got, want := g.Outcome().String(), "0-1 abandoned"; got != want {
		t.Errorf("Outcome = %q, want %q", got, want)
	}
	want := "chess: Game.Play: game over (0-1 abandoned)"
	if err := g.Play(NewMove(E2, E4, NoPieceType)); err.Error() != want {
		t.Errorf("error text %q, want %q", err.Error(), want)
	}
}

func TestGameNullMove(t *testing.T) {
	g := NewGame(StartingPosition())
	playLine(t, g, "e2e4")
	if err := g.Play(NullMove); err != nil {
		t.Fatalf("Play(NullMove) = %v", err)
	}
	if got, want := g.Position().FEN(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"; got != want {
		t.Errorf("after a null move: %s, want %s", got, want)
	}
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/8/4K2r w - - 0 1"))
	if err := g.Play(NullMove); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("a null move in check = %v, want ErrIllegalMove", err)
	}
}

func TestOutcomeStrings(t *testing.T) {
	tests := []struct {
		o            Outcome
		result, text string
	}{
		{Outcome{}, "*", "*"},
		{Outcome{WhiteWins, Checkmate}, "1-0", "1-0 checkmate"},
		{Outcome{BlackWins, TimeForfeit}, "0-1", "0-1 time forfeit"},
		{Outcome{NoWinner, SeventyFiveMoves}, "1/2-1/2", "1/2-1/2 seventy-five-move rule"},
	}
	for _, tc := range tests {
		if got := tc.o.Result(); got != tc.result {
			t.Errorf("%+v.Result() = %q, want %q", tc.o, got, tc.result)
		}
		if got := tc.o.String(); got != tc.text {
			t.Errorf("%+v.String() = %q, want %q", tc.o, got, tc.text)
		}
	}
	for term := NoTermination; term <= Unknown; term++ {
		if term != NoTermination && term.String() == "" {
			t.Errorf("Termination(%d) has no name", term)
		}
	}
	if c, ok := WinnerOf(Black).Color(); !ok || c != Black {
		t.Errorf("WinnerOf(Black).Color() = %v, %v", c, ok)
	}
	if _, ok := NoWinner.Color(); ok {
		t.Errorf("NoWinner.Color() reports a colour")
	}
}

// rulesTestdata returns the path of rel under ../shared/testdata, and skips the test when that
// folder is absent (a clone without the shared data) or the run is -short.
func rulesTestdata(t testing.TB, rel string) string {
	t.Helper()
	dir := filepath.Join("..", "shared", "testdata")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared test data not found: %v", err)
	}
	if testing.Short() {
		t.Skip("golden data skipped in -short mode")
	}
	return filepath.Join(dir, rel)
}

// readTSV returns the rows of a tab-separated file, without its "#" comment lines.
func readTSV(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, strings.Split(line, "\t"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// goldenFlags are the columns of golden/final-states.tsv that classify a final position.
type goldenFlags struct {
	Checkmate, Stalemate, Insufficient, Threefold, Fifty, Fivefold, SeventyFive bool
}

// fenLegalEP is the FEN with the en-passant square only when a legal capture exists, as the
// golden files (python-chess) write it.
func fenLegalEP(p Position) string {
	f := strings.Fields(p.FEN())
	if !p.hasLegalEnPassant() {
		f[3] = "-"
	}
	return strings.Join(f, " ")
}

// TestRulesGoldenFinalStates replays every game of golden/final-states.tsv from the per-ply
// moves of golden/moves.tsv through Game.Play (and on past an automatic end, as a reader of
// recorded games does) and compares the classification of the final position: checkmate,
// stalemate, insufficient material, threefold and fifty-move claims, fivefold, 75 moves.
func TestRulesGoldenFinalStates(t *testing.T) {
	finals := readTSV(t, rulesTestdata(t, "golden/final-states.tsv"))
	type gameID struct{ file, game string }
	type ply struct{ fenBefore, uci string }
	plies := map[gameID][]ply{}
	for _, r := range readTSV(t, rulesTestdata(t, "golden/moves.tsv")) {
		id := gameID{r[0], r[1]}
		plies[id] = append(plies[id], ply{r[3], r[4]})
	}
	b := func(s string) bool { return s == "1" }
	var games, playedPast, dead int
	for _, r := range finals {
		id := gameID{r[0], r[1]}
		want := goldenFlags{b(r[5]), b(r[6]), b(r[7]), b(r[8]), b(r[9]), b(r[10]), b(r[11])}
		line := plies[id]
		if n, _ := strconv.Atoi(r[2]); n != len(line) {
			t.Errorf("%s game %s: %d plies in moves.tsv, final-states.tsv says %s", id.file, id.game, len(line), r[2])
			continue
		}
		startFEN := r[3]
		if len(line) > 0 {
			startFEN = line[0].fenBefore
		}
		start, err := ParseFEN(startFEN)
		if err != nil {
			t.Errorf("%s game %s: %v", id.file, id.game, err)
			continue
		}
		g := NewGame(start)
		ok := true
		for i, pl := range line {
			m, err := g.Position().ParseUCI(pl.uci)
			if err == nil {
				err = g.Play(m)
				if errors.Is(err, ErrGameOver) {
					playedPast++
					next, perr := g.Position().Play(m)
					if perr != nil {
						t.Fatal(perr)
					}
					g.push(m, next)
					err = nil
				}
			}
			if err != nil {
				t.Errorf("%s game %s ply %d %s: %v", id.file, id.game, i+1, pl.uci, err)
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		games++
		p := g.Position()
		if got := fenLegalEP(p); got != r[3] {
			t.Errorf("%s game %s: final position %s, want %s", id.file, id.game, got, r[3])
		}
		got := goldenFlags{
			Checkmate:    p.IsCheckmate(),
			Stalemate:    p.IsStalemate(),
			Insufficient: p.IsInsufficientMaterial(),
			Threefold:    g.CanClaimThreefold(),
			Fifty:        g.CanClaimFiftyMoves(),
			Fivefold:     g.RepetitionCount() >= 5,
			SeventyFive:  p.HalfmoveClock() >= 150 && p.hasLegalMove(),
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s game %s (%s): flags (-want +got):\n%s", id.file, id.game, r[3], diff)
		}
		// The game's outcome is the first automatic ending the flags name.
		wantTerm := NoTermination
		switch {
		case want.Checkmate:
			wantTerm = Checkmate
		case want.Stalemate:
			wantTerm = Stalemate
		case want.Insufficient:
			wantTerm = InsufficientMaterial
		case want.Fivefold:
			wantTerm = FivefoldRepetition
		case want.SeventyFive:
			wantTerm = SeventyFiveMoves
		}
		gotTerm := g.Outcome().Termination
		if gotTerm == DeadPosition && wantTerm == NoTermination {
			dead++ // beyond the oracle's insufficient material: certified closed position
		} else if gotTerm != wantTerm {
			t.Errorf("%s game %s: Outcome %v, want %v", id.file, id.game, g.Outcome(), wantTerm)
		}
	}
	if games < 900 {
		t.Errorf("replayed %d games, want the 909 of final-states.tsv", games)
	}
	t.Logf("%d games replayed, %d moves played past an automatic end, %d dead positions beyond material", games, playedPast, dead)
}

// TestRepetitionsFilter: the count of repetitions.push, which skips the list when the key's bit
// of the filter is clear, is the count of the key in the list, for positions that repeat
// often (knights and kings shuffling, a pawn move now and then), with moves taken back (pop,
// which may rebuild the list) in between.
func TestRepetitionsFilter(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	most := 0
	for game := 0; game < 50; game++ {
		positions := []Position{StartingPosition()}
		var reps repetitions
		reps.reset(&positions[0])
		for ply := 0; ply < 300; ply++ {
			p := positions[len(positions)-1]
			if len(positions) > 1 && r.Intn(6) == 0 {
				positions = positions[:len(positions)-1]
				reps.pop(positions)
				continue
			}
			var shuffles, others []Move
			for _, m := range p.LegalMoves() {
				if pt := p.PieceAt(m.From()).Type(); (pt == Knight || pt == King) && p.PieceAt(m.To()) == NoPiece {
					shuffles = append(shuffles, m)
				} else {
					others = append(others, m)
				}
			}
			moves := shuffles
			if len(moves) == 0 || len(others) > 0 && r.Intn(20) == 0 {
				moves = others
			}
			if len(moves) == 0 {
				break
			}
			next, err := p.Play(moves[r.Intn(len(moves))])
			if err != nil {
				t.Fatal(err)
			}
			positions = append(positions, next)
			got := reps.push(&p, &positions[len(positions)-1])
			if want := reps.count(next.repetitionKey()); got != want {
				t.Fatalf("game %d ply %d, %s: push counts %d, the list %d", game, ply, next.FEN(), got, want)
			}
			most = max(most, got)
		}
	}
	if most < 5 {
		t.Errorf("no position appeared more than %d times", most)
	}
}
