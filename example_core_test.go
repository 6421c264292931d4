package chess_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ox88/chess"
)

// Values go into JSON in their usual notation: squares and moves as text, positions as FEN.
func ExamplePosition_MarshalText() {
	type record struct {
		Sq  chess.Square
		M   chess.Move
		Pos chess.Position
	}
	b, _ := json.Marshal(record{chess.E4, chess.NewMove(chess.E2, chess.E4, chess.NoPieceType), chess.StartingPosition()})
	fmt.Println(string(b))

	var back record
	_ = json.Unmarshal(b, &back)
	next, _ := back.Pos.Play(back.M)
	fmt.Println(next)

	chess960, _ := json.Marshal(chess.Chess960Start(0))
	fmt.Println(string(chess960))
	// Output:
	// {"Sq":"e4","M":"e2e4","Pos":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
}

// String is the one-line FEN; Diagram draws the board, in letters or figurines, from either
// side.
func ExamplePosition_Diagram() {
	p := chess.MustParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	fmt.Println(p)
	fmt.Print(p.Diagram(chess.DiagramOptions{Coordinates: true}))
	fmt.Print(p.Diagram(chess.DiagramOptions{Unicode: true, FromBlack: true}))
	// Output:
	// 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1
	// 8 . . . . . . k .
	// 7 . . . . . p p p
	// 6 . . . . . . . .
	// 5 . . . . . . . .
	// 4 . . . . . . . .
	// 3 . . . . . . . .
	// 2 . . . . . P P P
	// 1 . . . R . . K .
	//   a b c d e f g h
	// · ♔ · · ♖ · · ·
	// ♙ ♙ ♙ · · · · ·
	// · · · · · · · ·
	// · · · · · · · ·
	// · · · · · · · ·
	// · · · · · · · ·
	// ♟ ♟ ♟ · · · · ·
	// · ♚ · · · · · ·
}

// The Chess960 starting positions by their Scharnagl number, and back.
func ExampleChess960Start() {
	for _, n := range []int{0, 518, 959} {
		p := chess.Chess960Start(n)
		number, _ := p.Chess960Number()
		fmt.Println(n, p.ShredderFEN(), number)
	}
	n, ok := chess.StartingPosition().Chess960Number()
	fmt.Println(n, ok)
	// Output:
	// 0 bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 0
	// 518 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 518
	// 959 rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1 959
	// 518 true
}

// An EPD record: the position, its operations, the best move resolved.
func ExampleParseEPD() {
	e, err := chess.ParseEPD(`r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id "scholar's mate"; hmvc 4; fmvn 4;`)
	if err != nil {
		fmt.Println(err)
		return
	}
	bm, _ := e.Operation("bm")
	id, _ := e.Operation("id")
	fmt.Println(id.Operands[0], bm.Moves[0], e.Position.SAN(bm.Moves[0]))
	fmt.Println(e.Position.FEN())
	fmt.Println(e.Position.EPD())

	_, err = chess.ParseEPD("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;")
	fmt.Println(err)
	// Output:
	// scholar's mate h5f7 Qxf7#
	// r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4
	// r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq -
	// chess: invalid EPD "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e5;": operation bm, offset 56: chess: illegal move "e5": no pawn can move to e5
}

// int(sq) is the 0x88 index; Index and SquareAt convert to and from 0..63, the index of a
// [64]T array.
func ExampleSquare_Index() {
	var attacked [64]bool
	p := chess.StartingPosition()
	for _, m := range p.LegalMoves() {
		attacked[m.To().Index()] = true
	}
	var reached []string
	for i, a := range attacked {
		if a {
			reached = append(reached, chess.SquareAt(i).String())
		}
	}
	fmt.Println(strings.Join(reached, " "))
	fmt.Println(int(chess.E4), chess.E4.Index(), chess.SquareAt(28))
	// Output:
	// a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4
	// 52 28 e4
}

// Key is the identity of FIDE Laws 9.2.3, for counting repetitions in a map; == on positions
// also compares the clocks.
func ExamplePosition_Key() {
	seen := map[chess.PositionKey]int{}
	p := chess.StartingPosition()
	seen[p.Key()]++
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, _ := p.ParseSAN(s)
		p, _ = p.Play(m)
		seen[p.Key()]++
	}
	fmt.Println(seen[p.Key()], p == chess.StartingPosition())
	// Output:
	// 2 false
}
