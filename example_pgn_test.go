package chess_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/ox88/chess"
)

func ExampleGames() {
	const pgn = `[Event "Casual"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Casual"]
[White "Ben"]
[Black "Anna"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
`
	for game, err := range chess.Games(strings.NewReader(pgn)) {
		if err != nil {
			fmt.Println(err) // game is nil only when the input failed before it
			continue
		}
		fmt.Printf("%s - %s %s after %d plies: %s\n", game.Tag("White"), game.Tag("Black"), game.Result, game.Plies, game.Final.FEN())
	}
	// Output:
	// Anna - Ben 1-0 after 7 plies: r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4
	// Ben - Anna 0-1 after 4 plies: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
}

func ExamplePGNError() {
	const pgn = `[White "Anna"]
[Black "Ben"]
[Round "3"]

1. e4 e5 2. Nf3 d6 3. Bb5+ Nc6 4. d4 Nxd4 5. Nxd4 *
`
	game, err := chess.NewPGNReader(strings.NewReader(pgn)).Read()
	var pe *chess.PGNError
	if errors.As(err, &pe) {
		fmt.Printf("line %d, column %d, %s: %s\n", pe.Line, pe.Column, pe.Move, pe.Kind())
		fmt.Println(errors.Is(err, chess.ErrIllegalMove))
		fmt.Println(err)
	}
	fmt.Println(len(game.Moves()), "moves read before it")
	// Output:
	// line 5, column 38, 4...Nxd4: illegal move
	// true
	// 5:38: game 1 (Anna - Ben, Round 3), 4...Nxd4: illegal move: the knight on c6 is pinned by the bishop on b5
	// 7 moves read before it
}

func ExamplePGNGame_WriteTo() {
	const pgn = `[Result "*"] [White "Anna"] [Event "Club"] [ECO "C50"]
1.e4 e5 2.Nf3 Nc6 3.Bc4 {Italian} Bc5 (3...Nf6 4.Ng5!?) 4.c3 *`
	game, err := chess.NewPGNReader(strings.NewReader(pgn)).Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	game.WriteTo(os.Stdout)
	// Output:
	// [Event "Club"]
	// [White "Anna"]
	// [Result "*"]
	// [ECO "C50"]
	//
	// 1. e4 e5 2. Nf3 Nc6 3. Bc4 { Italian } 3... Bc5 (3... Nf6 4. Ng5 $5) 4. c3 *
}

// A game's own text is the input from its Offset to its End; the escape line between the two
// games belongs to neither.
func ExamplePGNGame_End() {
	const pgn = "[Event \"a\"]\n\n1. e4 e5 1-0\n% private data\n[Event \"b\"]\n\n1. d4 d5 2. c4 *\n"
	for game, err := range chess.Games(strings.NewReader(pgn)) {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("game %d: %q\n", game.Index, pgn[game.Offset:game.End])
	}
	// Output:
	// game 1: "[Event \"a\"]\n\n1. e4 e5 1-0"
	// game 2: "[Event \"b\"]\n\n1. d4 d5 2. c4 *"
}
