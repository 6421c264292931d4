package chess_test

// The examples of the README's tour: TestREADMECodeBlocks checks that every Go block of the
// README stands, line for line, in this file, so the README cannot drift from code that runs.

import (
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/ox88/chess"
)

func Example_positions() {
	p, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		log.Fatal(err)
	}
	var knightMoves []string
	for _, m := range p.LegalMoves() {
		if p.PieceAt(m.From()).Type() == chess.Knight {
			knightMoves = append(knightMoves, p.SAN(m))
		}
	}
	fmt.Println(strings.Join(knightMoves, " "))
	next, _ := p.Play(p.LegalMoves()[0]) // p itself never changes
	fmt.Println(next.FEN(), next.Hash() != p.Hash())
	// Output:
	// Na3 Nc3 Ng1 Nd4 Nh4 Nxe5 Ng5
	// r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPPKPPP/RNBQ1B1R b kq - 3 3 true
}

func Example_game() {
	game := chess.NewGame(chess.StartingPosition())
	for _, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		if err := game.PlaySAN(san); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(game.Outcome())
	fmt.Println(game.Play(chess.NewMove(chess.E1, chess.F2, chess.NoPieceType)))
	// Output:
	// 0-1 checkmate
	// chess: Game.Play: game over (0-1 checkmate)
}

func Example_readPGN() {
	pgn := `[White "Anna"] [Black "Bruno"] 1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 1-0
[White "Carla"] [Black "David"] 1. d4 d5 2. c4 (2. Ng1f3 Nf6) dxc4 1/2-1/2`
	for game, err := range chess.Games(strings.NewReader(pgn)) {
		fmt.Println(game.Index, game.Tag("White"), game.Plies, game.Final.FEN())
		var list chess.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				fmt.Printf("  line %d, column %d, %s: %s\n", e.Line, e.Column, e.Move, e.Message)
			}
		}
		for _, w := range game.Warnings {
			fmt.Println("  warning:", w.Move, w.Message)
		}
	}
	// Output:
	// 1 Anna 4 r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
	//   line 1, column 55, 3.Ke3: illegal move: no king can move to e3
	// 2 Carla 4 rnbqkbnr/ppp1pppp/8/8/2pP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3
	//   warning: 2.Ng1f3 lenient SAN: over-disambiguation
}

func Example_writePGN() {
	game := chess.NewGame(chess.StartingPosition())
	for _, san := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5"} {
		game.PlaySAN(san)
	}
	pgn := chess.NewPGNGame(game)
	pgn.SetTag("White", "Anna")
	pgn.SetTag("Black", "Bruno")
	for n := range pgn.Root.MainLine() {
		if n.SAN() == "Bb5" {
			n.SetComment("the Ruy Lopez")
			n.NAGs = append(n.NAGs, 1)  // $1, a good move
			pgn.AddSAN(n.Parent, "Bc4") // the Italian, as a variation
		}
	}
	pgn.WriteTo(os.Stdout)
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Anna"]
	// [Black "Bruno"]
	// [Result "*"]
	//
	// 1. e4 e5 2. Nf3 Nc6 3. Bb5 $1 { the Ruy Lopez } (3. Bc4) *
}
