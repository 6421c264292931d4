package chess

import (
	"errors"
	"fmt"
	"strconv"
)

// Color is the colour of a player or a piece. The zero value is White.
type Color uint8

// The two colours. Color values index two-element arrays: White is 0, Black is 1.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// PieceType is a kind of chess piece without its colour. The zero value,
// NoPieceType, is no piece at all; a Move's Promotion uses it for "no promotion".
type PieceType uint8

// The six piece types (FIDE Laws 2.2), in order of the letters P N B R Q K.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

const pieceLetters = " pnbrqk"

// String returns the English name in lower case: "pawn", "knight", …, or "" for NoPieceType.
func (t PieceType) String() string {
	switch t {
	case NoPieceType:
		return ""
	case Pawn:
		return "pawn"
	case Knight:
		return "knight"
	case Bishop:
		return "bishop"
	case Rook:
		return "rook"
	case Queen:
		return "queen"
	case King:
		return "king"
	}
	return fmt.Sprintf("PieceType(%d)", uint8(t))
}

// Letter returns the upper-case English letter used by SAN and FEN ('P', 'N', 'B', 'R', 'Q', 'K'),
// or 0 for NoPieceType and invalid values.
func (t PieceType) Letter() byte {
	if t < Pawn || t > King {
		return 0
	}
	return pieceLetters[t] - 'a' + 'A'
}

// Piece is a coloured piece. The zero value, NoPiece, is an empty square.
// A Piece is the PieceType in the low three bits and the Color in bit 3.
type Piece uint8

// NoPiece marks an empty square; it is the zero value of Piece.
const NoPiece Piece = 0

// The twelve pieces.
const (
	WhitePawn   = Piece(White<<3) | Piece(Pawn)
	WhiteKnight = Piece(White<<3) | Piece(Knight)
	WhiteBishop = Piece(White<<3) | Piece(Bishop)
	WhiteRook   = Piece(White<<3) | Piece(Rook)
	WhiteQueen  = Piece(White<<3) | Piece(Queen)
	WhiteKing   = Piece(White<<3) | Piece(King)
	BlackPawn   = Piece(Black<<3) | Piece(Pawn)
	BlackKnight = Piece(Black<<3) | Piece(Knight)
	BlackBishop = Piece(Black<<3) | Piece(Bishop)
	BlackRook   = Piece(Black<<3) | Piece(Rook)
	BlackQueen  = Piece(Black<<3) | Piece(Queen)
	BlackKing   = Piece(Black<<3) | Piece(King)
)

// NewPiece returns the piece of type t and colour c, or NoPiece when c is neither White nor
// Black or t is not Pawn … King (as NewSquare answers NoSquare off the board).
func NewPiece(c Color, t PieceType) Piece {
	if c > Black || t-Pawn > King-Pawn {
		return NoPiece
	}
	return Piece(c)<<3 | Piece(t)
}

// Color returns the piece's colour (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// Type returns the piece's type (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// IsValid reports whether p is one of the twelve pieces.
func (p Piece) IsValid() bool { return p&^15 == 0 && p&7 >= 1 && p&7 <= 6 }

// String returns the FEN letter of the piece: upper case for White ("K"), lower case for
// Black ("k"), and "." for NoPiece.
func (p Piece) String() string {
	if !p.IsValid() {
		if p == NoPiece {
			return "."
		}
		return fmt.Sprintf("Piece(%d)", uint8(p))
	}
	return string(p.fenLetter())
}

func (p Piece) fenLetter() byte {
	b := pieceLetters[p&7]
	if p.Color() == White {
		b -= 'a' - 'A'
	}
	return b
}

// pieceFromLetter returns the piece of a FEN letter, or NoPiece.
func pieceFromLetter(b byte) Piece {
	switch b {
	case 'P':
		return WhitePawn
	case 'N':
		return WhiteKnight
	case 'B':
		return WhiteBishop
	case 'R':
		return WhiteRook
	case 'Q':
		return WhiteQueen
	case 'K':
		return WhiteKing
	case 'p':
		return BlackPawn
	case 'n':
		return BlackKnight
	case 'b':
		return BlackBishop
	case 'r':
		return BlackRook
	case 'q':
		return BlackQueen
	case 'k':
		return BlackKing
	}
	return NoPiece
}

// Square is a square of the board as a 0x88 index: int(sq) is 16*rank + file, with files and
// ranks counted from 0 (A1 is 0x00, H1 0x07, A2 0x10, H8 0x77), so int(sq) runs over 0..119
// with gaps and is not a 0..63 index. A value with a bit of 0x88 set is off the board;
// NoSquare is such a value. The zero value is A1. Build squares with NewSquare, ParseSquare
// or the constants; for a [64]T array indexed a1 = 0 … h8 = 63 use sq.Index() and its
// inverse SquareAt(i).
type Square uint8

// NoSquare is an off-board square: no en-passant square, no square at all.
const NoSquare Square = 0x80

// The 64 squares, one group per rank: rank 1 (0x00 … 0x07 in the 0x88 index).
const (
	A1 Square = 0x00 + iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
)

// The squares of rank 2 (0x10 … 0x17).
const (
	A2 Square = 0x10 + iota
	B2
	C2
	D2
	E2
	F2
	G2
	H2
)

// The squares of rank 3 (0x20 … 0x27).
const (
	A3 Square = 0x20 + iota
	B3
	C3
	D3
	E3
	F3
	G3
	H3
)

// The squares of rank 4 (0x30 … 0x37).
const (
	A4 Square = 0x30 + iota
	B4
	C4
	D4
	E4
	F4
	G4
	H4
)

// The squares of rank 5 (0x40 … 0x47).
const (
	A5 Square = 0x40 + iota
	B5
	C5
	D5
	E5
	F5
	G5
	H5
)

// The squares of rank 6 (0x50 … 0x57).
const (
	A6 Square = 0x50 + iota
	B6
	C6
	D6
	E6
	F6
	G6
	H6
)

// The squares of rank 7 (0x60 … 0x67).
const (
	A7 Square = 0x60 + iota
	B7
	C7
	D7
	E7
	F7
	G7
	H7
)

// The squares of rank 8 (0x70 … 0x77).
const (
	A8 Square = 0x70 + iota
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NewSquare returns the square on file (0 = a … 7 = h) and rank (0 = rank 1 … 7 = rank 8),
// or NoSquare when either is outside 0..7.
func NewSquare(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(rank<<4 | file)
}

// SquareAt returns the square of a 0..63 index (a1 = 0, b1 = 1, …, h8 = 63, rank by rank),
// the inverse of Square.Index, or NoSquare when i is outside 0..63.
func SquareAt(i int) Square {
	if i < 0 || i > 63 {
		return NoSquare
	}
	return Square(i + i&^7)
}

// ParseSquare parses a square in algebraic notation: a file letter a-h and a rank digit 1-8,
// both lower case ("e4"). Anything else returns an error wrapping ErrSyntax.
func ParseSquare(s string) (Square, error) {
	if len(s) == 2 {
		if sq, ok := squareOf(s[0], s[1]); ok {
			return sq, nil
		}
	}
	return NoSquare, fmt.Errorf("chess: invalid square %s: %w", quoteCut(s, maxQuoted), ErrSyntax)
}

// squareOf reads a file letter and a rank digit.
func squareOf(file, rank byte) (Square, bool) {
	if file < 'a' || file > 'h' || rank < '1' || rank > '8' {
		return NoSquare, false
	}
	return Square((rank-'1')<<4 | (file - 'a')), true
}

// IsValid reports whether s is one of the 64 squares.
func (s Square) IsValid() bool { return s&0x88 == 0 }

// File returns the file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s >> 4 & 7) }

// Index returns the square's 0..63 index (a1 = 0, h1 = 7, a8 = 56, h8 = 63: 8*rank + file),
// the index of a [64]T array of squares, or -1 for an off-board square. SquareAt is its
// inverse. It differs from int(s), the 0x88 index.
func (s Square) Index() int {
	if !s.IsValid() {
		return -1
	}
	return int(s.bit())
}

// bit is the 0..63 index of an on-board square, the bit of the occupancy sets: one lookup.
func (s Square) bit() uint { return uint(squareBits[s]) }

// squareBits[s] is (s + s&7) / 2 in Square arithmetic, for every byte s: on the board, the
// rank times 8 plus the file.
var squareBits = func() (t [256]uint8) {
	for s := range t {
		t[s] = uint8(Square(s)+Square(s)&7) >> 1
	}
	return t
}()

// String returns the square in algebraic notation ("e4"), or "-" for an off-board square
// (as the en-passant field of FEN writes no square).
func (s Square) String() string {
	if !s.IsValid() {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>4)})
}

// Sentinel errors, wrapped by the typed errors of the codecs; test with errors.Is.
var (
	// ErrSyntax: the input is not well formed (a FEN field, a square, a UCI or SAN move).
	ErrSyntax = errors.New("syntax error")
	// ErrIllegalMove: the move is not legal in the position (FIDE Laws 3).
	ErrIllegalMove = errors.New("illegal move")
	// ErrInvalidPosition: the position is not valid (Position.IsValid is false, as for the
	// zero Position), so no move can be played, parsed or written in it.
	ErrInvalidPosition = errors.New("invalid position")
)

// maxQuoted is how many bytes of a move, a name or a field an error message quotes, so that
// messages stay short whatever the input.
const maxQuoted = 40

// cutText returns s, or its first n bytes and "…" when it is longer.
func cutText[T string | []byte](s T, n int) string {
	if len(s) > n {
		return string(s[:n]) + "…"
	}
	return string(s)
}

// quoteCut returns s quoted as strconv.Quote does, or its first n bytes quoted and "…" when
// it is longer.
func quoteCut[T string | []byte](s T, n int) string {
	if len(s) > n {
		return strconv.Quote(string(s[:n])) + "…"
	}
	return strconv.Quote(string(s))
}
