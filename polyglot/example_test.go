package polyglot_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ox88/chess"
	"github.com/ox88/chess/polyglot"
)

// A book made from two games, then looked up: Find decodes each move for the position
// (castling would come back as the king's move, e1g1), with its weight: 2 for each win of
// the side that played it, 1 for each draw. Black's lost moves weigh 0 and are left out,
// so the book has 4 entries: e4, Nf3, d4 and d5.
func Example() {
	const pgn = `[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 1-0

[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
`
	mk, err := polyglot.NewMaker(polyglot.MakeOptions{MinGame: 1})
	if err != nil {
		panic(err)
	}
	for g, err := range chess.Games(strings.NewReader(pgn)) {
		if err != nil {
			panic(err)
		}
		mk.AddGame(g)
	}
	var file bytes.Buffer
	mk.WriteTo(&file)

	book, err := polyglot.Open(bytes.NewReader(file.Bytes()), int64(file.Len()))
	if err != nil {
		panic(err)
	}
	start := chess.StartingPosition()
	entries, err := book.Find(start)
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		fmt.Println(start.SAN(e.Move), e.Move, e.Weight)
	}
	e, ok, _ := book.Choose(start, rand.New(rand.NewPCG(1, 2)))
	fmt.Println(book.Len(), "entries; chosen:", start.SAN(e.Move), ok)
	// Output:
	// e4 e2e4 2
	// d4 d2d4 1
	// 4 entries; chosen: d4 true
}
