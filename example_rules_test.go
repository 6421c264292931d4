package chess_test

import (
	"fmt"

	"github.com/ox88/chess"
)

// playUCI plays UCI moves on g and stops at the first error.
func playUCI(g *chess.Game, moves ...string) error {
	for _, s := range moves {
		m, err := g.Position().ParseUCI(s)
		if err != nil {
			return err
		}
		if err := g.Play(m); err != nil {
			return err
		}
	}
	return nil
}

func ExamplePosition_Hash() {
	p := chess.StartingPosition()
	fmt.Printf("%016x\n", p.Hash())
	m, _ := p.ParseUCI("e2e4")
	p, _ = p.Play(m)
	fmt.Printf("%016x\n", p.Hash()) // no en-passant file: no black pawn stands next to e4

	// The same position read from FEN has the same key: the clocks do not count.
	q := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 5 9")
	fmt.Println(q.Hash() == p.Hash())
	// Output:
	// 463b96181691fc9c
	// 823c9b50fd114196
	// true
}

func ExampleGame_Outcome() {
	g := chess.NewGame(chess.StartingPosition())
	fmt.Println(g.Outcome().IsOver())
	if err := playUCI(g, "f2f3", "e7e5", "g2g4", "d8h4"); err != nil {
		fmt.Println(err)
	}
	o := g.Outcome()
	fmt.Println(o, "-", o.Winner, "wins")

	// Once the game is over on the board, Play refuses any move.
	err := g.Play(chess.NewMove(chess.G4, chess.G5, chess.NoPieceType))
	fmt.Println(err)
	// Output:
	// false
	// 0-1 checkmate - black wins
	// chess: Game.Play: game over (0-1 checkmate)
}

func ExampleGame_CanClaimThreefold() {
	g := chess.NewGame(chess.StartingPosition())
	playUCI(g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
	// The start position (Black to move after f6g8) would appear for the third time:
	// Black can claim by writing that move (FIDE Laws 9.2.1.1).
	fmt.Println(g.RepetitionCount(), g.CanClaimThreefold())

	playUCI(g, "f6g8") // Black did not claim: the position is there now, White may claim
	fmt.Println(g.RepetitionCount(), g.CanClaimThreefold(), g.Outcome())
	fmt.Println(g.ClaimDraw(), g.Outcome())

	// Under OnlineRules the third repetition ends the game by itself.
	online := chess.NewGame(chess.StartingPosition())
	online.Rules = chess.OnlineRules
	playUCI(online, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8")
	fmt.Println(online.Outcome())
	// Output:
	// 2 true
	// 3 true *
	// <nil> 1/2-1/2 threefold repetition
	// 1/2-1/2 threefold repetition
}

func ExampleGame_FlagFall() {
	// White has a queen, Black a bare king. Black's flag falls: White wins. Had White's flag
	// fallen, Black could never checkmate: a draw (FIDE Laws 6.9).
	p := chess.MustParseFEN("8/8/4k3/8/8/3K4/8/Q7 w - - 0 1")
	g := chess.NewGame(p)
	g.FlagFall(chess.Black)
	fmt.Println(g.Outcome())

	g = chess.NewGame(p)
	g.FlagFall(chess.White)
	fmt.Println(g.Outcome())
	// Output:
	// 1-0 time forfeit
	// 1/2-1/2 time forfeit
}

func ExamplePosition_IsDeadPosition() {
	wall := chess.MustParseFEN("4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1")
	open := chess.MustParseFEN("8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1")
	fmt.Println(wall.IsDeadPosition(), wall.IsInsufficientMaterial())
	fmt.Println(open.IsDeadPosition())
	// Output:
	// true false
	// false
}
