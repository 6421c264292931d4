package chess_test

import (
	"errors"
	"fmt"

	"github.com/ox88/chess"
)

func ExampleParseFEN() {
	p, err := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Turn(), p.CastlingRights(), len(p.LegalMoves()))

	_, err = chess.ParseFEN("8/8/8/8/8/8/8/K7 w - - 0 1")
	var fe *chess.FENError
	if errors.As(err, &fe) {
		fmt.Println("field", fe.Field, errors.Is(err, chess.ErrKings))
	}
	// Output:
	// white KQkq 26
	// field 1 true
}

func ExamplePosition_LegalMoves() {
	p := chess.MustParseFEN("7k/8/8/8/8/8/6PP/6K1 w - - 0 1")
	for _, m := range p.LegalMoves() {
		fmt.Print(m, " ")
	}
	fmt.Println()
	// Output:
	// g1f1 g1h1 g1f2 g2g3 g2g4 h2h3 h2h4
}

func ExamplePosition_Play() {
	p := chess.StartingPosition()
	m, _ := p.ParseUCI("e2e4")
	q, err := p.Play(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.FEN())
	fmt.Println(p == chess.StartingPosition()) // p is unchanged

	_, err = q.Play(chess.NewMove(chess.E7, chess.E4, chess.NoPieceType))
	fmt.Println(errors.Is(err, chess.ErrIllegalMove))
	// Output:
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// true
	// true
}

func ExamplePerft() {
	kiwipete := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, chess.Perft(kiwipete, depth))
	}
	// Output:
	// 1 48
	// 2 2039
	// 3 97862
}
