package chess_test

import (
	"fmt"
	"strings"

	"github.com/ox88/chess"
)

func ExamplePosition_GivesCheck() {
	// Which of White's moves give check?
	p := chess.MustParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	var checks []string
	for _, m := range p.LegalMoves() {
		if p.GivesCheck(m) {
			checks = append(checks, p.SAN(m))
		}
	}
	fmt.Println(checks)
	// A discovered check by en passant: the capture opens the rank for the rook.
	q := chess.MustParseFEN("8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1")
	fmt.Println(q.GivesCheck(chess.NewMove(chess.E5, chess.D6, chess.NoPieceType)))
	// Output:
	// [Qxf7# Bxf7+]
	// true
}

func ExamplePosition_IsCapture() {
	p := chess.MustParseFEN("r3k2r/8/8/3pP3/8/8/8/R3K2R w HAha d6 0 1") // Chess960 rights
	for _, uci := range []string{"e5d6", "a1a8", "e1h1", "e5e6"} {
		m, _ := p.ParseUCI(uci)
		fmt.Println(p.SAN(m), p.IsCapture(m))
	}
	// Output:
	// exd6 true
	// Rxa8+ true
	// O-O false
	// e6 false
}

// A board interface asks for the moves of the piece picked up, and for the pieces that can
// go to a square, without generating every move.
func ExamplePosition_AppendLegalMovesFrom() {
	p := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [32]chess.Move
	var san []string
	for _, m := range p.AppendLegalMovesFrom(buf[:0], chess.E1) {
		san = append(san, p.SAN(m))
	}
	fmt.Println(strings.Join(san, " "))
	san = san[:0]
	for _, m := range p.AppendLegalMovesTo(buf[:0], chess.D7) {
		san = append(san, p.SAN(m))
	}
	fmt.Println(strings.Join(san, " "))
	// Output:
	// Kd1 Kf1 O-O O-O-O
	// Nxd7
}

// An Eval is from White's point of view; a mate score says who mates, so "White is mated"
// and "White mates" are told apart.
func ExampleEval() {
	for _, arg := range []string{"0.35", "-1.25", "#3", "#-2", "#-0"} {
		e, _ := chess.ParseEval(arg)
		switch e.Kind() {
		case chess.EvalCentipawns:
			fmt.Printf("%s: %d centipawns for White\n", e, e.Centipawns)
		case chess.EvalMateIn:
			fmt.Printf("%s: %v mates in %d\n", e, e.Winner(), max(e.Mate, -e.Mate))
		case chess.EvalMateDelivered:
			fmt.Printf("%s: %v has mated\n", e, e.Winner())
		}
	}
	// A PGN [%eval #0] is credited to the side that made the mating move.
	g, _ := chess.NewPGNReader(strings.NewReader("1. f3 e5 2. g4 Qh4# { [%eval #0] } 0-1")).Read()
	mate := g.Root.Children[0].Children[0].Children[0].Children[0]
	e, _ := mate.Eval()
	fmt.Println(mate.SAN(), e, e.Winner())
	// Output:
	// 0.35: 35 centipawns for White
	// -1.25: -125 centipawns for White
	// #3: white mates in 3
	// #-2: black mates in 2
	// #-0: black has mated
	// Qh4# #-0 black
}
