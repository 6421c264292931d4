package opening_test

import (
	"fmt"
	"strings"

	"github.com/ox88/chess"
	"github.com/ox88/chess/opening"
)

// A game's opening is that of its deepest known position, whatever the move order: this
// game starts 1. Nf3 d5 2. d4 and reaches the position of the table's 1. d4 Nf6 2. c4 e6
// 3. Nf3 d5 4. Bg5 h6.
func ExampleClassify() {
	const pgn = "1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Bg5 h6 *"
	for g, err := range chess.Games(strings.NewReader(pgn)) {
		if err != nil {
			panic(err)
		}
		m, ok := opening.Classify(g)
		fmt.Println(ok, m.ECO, m.Name, "at ply", m.Ply)
	}
	// Output:
	// true D30 Queen's Gambit Declined: Capablanca Variation at ply 8
}

// SetTags adds or corrects the ECO and Opening tags, as chess fmt -eco does.
func ExampleSetTags() {
	for g, err := range chess.Games(strings.NewReader("1. d4 d5 2. c4 *")) {
		if err != nil {
			panic(err)
		}
		opening.SetTags(g)
		fmt.Println(g.Tag("ECO"), g.Tag("Opening"))
	}
	// Output:
	// D06 Queen's Gambit
}

func ExampleLookup() {
	p := chess.MustParseFEN("rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2")
	o, ok := opening.Lookup(p)
	fmt.Println(ok, o.ECO, o.Name, o.PGN)
	// Output:
	// true A45 Indian Defense 1. d4 Nf6
}
