package chess

import "strings"

// DiagramOptions choose how Position.Diagram draws the board. The zero value draws FEN
// letters, White's side at the bottom, without coordinates.
type DiagramOptions struct {
	// Unicode draws the chess figurines of Unicode (♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black)
	// and "·" for an empty square, instead of FEN letters and ".".
	Unicode bool
	// FromBlack draws the board as Black sees it: rank 1 at the top, the h-file on the left.
	FromBlack bool
	// Coordinates labels the ranks on the left and the files below.
	Coordinates bool
}

var unicodeFigurines = [16]string{
	WhitePawn: "♙", WhiteKnight: "♘", WhiteBishop: "♗", WhiteRook: "♖", WhiteQueen: "♕", WhiteKing: "♔",
	BlackPawn: "♟", BlackKnight: "♞", BlackBishop: "♝", BlackRook: "♜", BlackQueen: "♛", BlackKing: "♚",
}

// Diagram draws the board as 8 lines of 8 squares separated by spaces, each line ending in
// "\n", with a ninth line of file letters when opts.Coordinates is set:
//
//	8 r n b q k b n r
//	7 p p p p p p p p
//	…
//	1 R N B Q K B N R
//	  a b c d e f g h
//
// The zero Position draws an empty board.
func (p Position) Diagram(opts DiagramOptions) string {
	var sb strings.Builder
	ranks, files := [8]int{7, 6, 5, 4, 3, 2, 1, 0}, [8]int{0, 1, 2, 3, 4, 5, 6, 7}
	if opts.FromBlack {
		ranks, files = files, ranks
	}
	for _, r := range ranks {
		if opts.Coordinates {
			sb.WriteByte('1' + byte(r))
			sb.WriteByte(' ')
		}
		for i, f := range files {
			if i > 0 {
				sb.WriteByte(' ')
			}
			pc := p.board[r<<4|f]
			switch {
			case opts.Unicode && pc == NoPiece:
				sb.WriteString("·")
			case opts.Unicode:
				sb.WriteString(unicodeFigurines[pc&15])
			case pc == NoPiece:
				sb.WriteByte('.')
			default:
				sb.WriteByte(pc.fenLetter())
			}
		}
		sb.WriteByte('\n')
	}
	if opts.Coordinates {
		sb.WriteString(" ")
		for _, f := range files {
			sb.WriteByte(' ')
			sb.WriteByte('a' + byte(f))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
