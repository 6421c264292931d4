package chess_test

import (
	"errors"
	"fmt"

	"github.com/ox88/chess"
)

// A program switches on the typed reason of an illegal move, whichever way the move came:
// here as UCI text, as a web or GUI back end receives it.
func ExampleIllegalReason() {
	p := chess.MustParseFEN("r3kr2/8/8/8/1b6/8/3N4/R3K2R w KQq - 0 1")
	for _, uci := range []string{"d2f3", "e1g1", "d2d4", "a1a5"} {
		_, err := p.ParseUCI(uci)
		var me *chess.MoveError
		if !errors.As(err, &me) {
			fmt.Println(uci, "is legal")
			continue
		}
		switch me.Illegal {
		case chess.IllegalPinned:
			fmt.Println(uci, "pinned by the piece on", me.Square)
		case chess.IllegalCastlingThroughCheck, chess.IllegalCastlingIntoCheck:
			fmt.Println(uci, "castling across an attacked square:", me.Square)
		case chess.IllegalWrongWay:
			fmt.Println(uci, "that piece does not move so")
		default:
			fmt.Println(uci, me.Illegal, me.Reason)
		}
	}
	// Output:
	// d2f3 pinned by the piece on b4
	// e1g1 castling across an attacked square: f1
	// d2d4 that piece does not move so
	// a1a5 is legal
}
