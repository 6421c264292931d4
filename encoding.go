package chess

import (
	"errors"
	"fmt"
	"strconv"
)

// Text encodings: every value type of the package implements encoding.TextMarshaler,
// encoding.TextAppender and encoding.TextUnmarshaler, so encoding/json, encoding/xml and flag
// read and write them in their usual notation:
//
//	Square          "e4" (NoSquare "-")
//	Color           "white", "black"
//	PieceType       "pawn" … "king" (NoPieceType "")
//	Piece           FEN letters "P" … "k" (NoPiece ".")
//	Move            UCI "e2e4", "e7e8q", "e1g1" (NullMove "0000")
//	Position        FEN; Shredder-FEN for Chess960 (the zero Position "")
//	CastlingRights  "KQkq" (see CastlingRights.String), "-" for none
//	Termination     "checkmate" … (NoTermination "")
//	Winner          "white", "black", "none"
//	Outcome         "1-0 checkmate", "1/2-1/2 stalemate", "*" while the game goes on
//	NAG             "$1" … "$255"
//
// Decoding gives the value back (==) for each type, with two exceptions the text cannot carry:
// a Move decodes as the plain move of its squares and promotion, without the castling and
// en-passant flags, so p.Play of the decoded move plays the same move as p.Play of the
// original; a Chess960 position without castling rights decodes as a standard position (its
// Chess960 flag has no effect without castling rights, and no FEN form marks it).
//
// Marshalling a value out of range (a Square off the board other than NoSquare, a Color of 2,
// a Move that String writes as "Move(0x…)") fails with an error wrapping ErrInvalidValue.

// ErrInvalidValue is the error of MarshalText and AppendText for a value outside its type's
// range, which has no text form.
var ErrInvalidValue = errors.New("value out of range")

func errNoText(typ string, v uint64) error {
	return fmt.Errorf("chess: %s(%d) has no text form: %w", typ, v, ErrInvalidValue)
}

func errBadText(typ string, b []byte) error {
	return fmt.Errorf("chess: invalid %s %s: %w", typ, quoteCut(b, maxQuoted), ErrSyntax)
}

// MustParseSquare is ParseSquare for squares known to be valid, like those of tests; it panics
// on an error.
func MustParseSquare(s string) Square {
	sq, err := ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return sq
}

// AppendText appends the square in algebraic notation ("e4"), or "-" for NoSquare; other
// off-board values are an error wrapping ErrInvalidValue.
func (s Square) AppendText(b []byte) ([]byte, error) {
	switch {
	case s.IsValid():
		return append(b, 'a'+byte(s&7), '1'+byte(s>>4)), nil
	case s == NoSquare:
		return append(b, '-'), nil
	}
	return b, errNoText("Square", uint64(s))
}

// MarshalText returns AppendText(nil).
func (s Square) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText reads a square as ParseSquare does, or "-" as NoSquare.
func (s *Square) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*s = NoSquare
		return nil
	}
	sq, err := ParseSquare(string(b))
	if err != nil {
		return err
	}
	*s = sq
	return nil
}

// AppendText appends "white" or "black"; other values are an error wrapping ErrInvalidValue.
func (c Color) AppendText(b []byte) ([]byte, error) {
	if c > Black {
		return b, errNoText("Color", uint64(c))
	}
	return append(b, c.String()...), nil
}

// MarshalText returns AppendText(nil).
func (c Color) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText reads "white" or "black".
func (c *Color) UnmarshalText(b []byte) error {
	switch string(b) {
	case "white":
		*c = White
	case "black":
		*c = Black
	default:
		return errBadText("colour", b)
	}
	return nil
}

// AppendText appends the piece type's name as String writes it ("pawn", …, "" for
// NoPieceType); other values are an error wrapping ErrInvalidValue.
func (t PieceType) AppendText(b []byte) ([]byte, error) {
	if t > King {
		return b, errNoText("PieceType", uint64(t))
	}
	return append(b, t.String()...), nil
}

// MarshalText returns AppendText(nil).
func (t PieceType) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText reads a name as String writes it: "pawn", "knight", …, "" for NoPieceType.
func (t *PieceType) UnmarshalText(b []byte) error {
	for pt := NoPieceType; pt <= King; pt++ {
		if pt.String() == string(b) {
			*t = pt
			return nil
		}
	}
	return errBadText("piece type", b)
}

// AppendText appends the piece's FEN letter ("K", "p"), or "." for NoPiece; other values are
// an error wrapping ErrInvalidValue.
func (p Piece) AppendText(b []byte) ([]byte, error) {
	switch {
	case p.IsValid():
		return append(b, p.fenLetter()), nil
	case p == NoPiece:
		return append(b, '.'), nil
	}
	return b, errNoText("Piece", uint64(p))
}

// MarshalText returns AppendText(nil).
func (p Piece) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText reads a FEN piece letter, or "." for NoPiece.
func (p *Piece) UnmarshalText(b []byte) error {
	if len(b) == 1 {
		if b[0] == '.' {
			*p = NoPiece
			return nil
		}
		if pc := pieceFromLetter(b[0]); pc != NoPiece {
			*p = pc
			return nil
		}
	}
	return errBadText("piece", b)
}

// AppendText appends the move in UCI notation, as String writes it ("0000" for NullMove). A
// bit pattern that UCI cannot write (see String) is an error wrapping ErrInvalidValue.
func (m Move) AppendText(b []byte) ([]byte, error) {
	if !m.hasUCIText() {
		return b, errNoText("Move", uint64(m))
	}
	return m.appendUCI(b), nil
}

// MarshalText returns AppendText(nil).
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText reads a move in UCI notation without a position: "0000" is NullMove, other
// text gives NewMove of its squares and promotion, which Position.Play matches with the legal
// move of the position (castling and en passant included). Malformed text is an error
// wrapping ErrSyntax.
func (m *Move) UnmarshalText(b []byte) error {
	if string(b) == "0000" {
		*m = NullMove
		return nil
	}
	mv, ok := parseUCIText(string(b))
	if !ok {
		return errBadText("UCI move", b)
	}
	*m = mv
	return nil
}

// AppendText appends the position's FEN, its Shredder-FEN when it is a Chess960 position (so
// that it reads back as Chess960), or nothing for an invalid position (the zero Position).
func (p Position) AppendText(b []byte) ([]byte, error) {
	if p.chess960 {
		return p.appendFEN(b, true, true), nil
	}
	return p.AppendFEN(b), nil
}

// MarshalText returns AppendText(nil): FEN, Shredder-FEN for Chess960, "" for an invalid
// position.
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText reads a FEN as ParseFEN does (X-FEN and Shredder-FEN included), or "" as the
// zero Position. The error is ParseFEN's *FENError.
func (p *Position) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*p = Position{}
		return nil
	}
	q, err := ParseFEN(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// AppendText appends the rights as String writes them.
func (cr CastlingRights) AppendText(b []byte) ([]byte, error) { return cr.appendText(b), nil }

// MarshalText returns AppendText(nil).
func (cr CastlingRights) MarshalText() ([]byte, error) { return cr.appendText(nil), nil }

// UnmarshalText reads rights as String writes them: "-", or for each right the side letter
// (K, Q for White; k, q for Black) followed by the rook's file letter when the rook is not on
// the h-file (K) or a-file (Q): "KQkq", "KcQ", "kg". Malformed text and a repeated right are
// errors wrapping ErrSyntax.
func (cr *CastlingRights) UnmarshalText(b []byte) error {
	if string(b) == "-" {
		*cr = 0
		return nil
	}
	var out CastlingRights
	for i := 0; i < len(b); i++ {
		c, side := White, KingSide
		switch b[i] {
		case 'K':
		case 'Q':
			side = QueenSide
		case 'k':
			c = Black
		case 'q':
			c, side = Black, QueenSide
		default:
			return errBadText("castling rights", b)
		}
		file := 7 * int(1-side) // h for the king side, a for the queen side
		if i+1 < len(b) && isFile(b[i+1]) {
			i++
			file = int(b[i] - 'a')
		}
		if out.Has(c, side) {
			return errBadText("castling rights", b)
		}
		out = out.with(c, side, file)
	}
	if len(b) == 0 {
		return errBadText("castling rights", b)
	}
	*cr = out
	return nil
}

// AppendText appends the termination's name as String writes it ("" for NoTermination); other
// values are an error wrapping ErrInvalidValue.
func (t Termination) AppendText(b []byte) ([]byte, error) {
	if int(t) >= len(terminationNames) {
		return b, errNoText("Termination", uint64(t))
	}
	return append(b, terminationNames[t]...), nil
}

// MarshalText returns AppendText(nil).
func (t Termination) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText reads a name as String writes it ("checkmate", "fifty-move rule", …, "" for
// NoTermination).
func (t *Termination) UnmarshalText(b []byte) error {
	for i, name := range terminationNames {
		if name == string(b) {
			*t = Termination(i)
			return nil
		}
	}
	return errBadText("termination", b)
}

// AppendText appends "white", "black" or "none"; other values are an error wrapping
// ErrInvalidValue.
func (w Winner) AppendText(b []byte) ([]byte, error) {
	if w > BlackWins {
		return b, errNoText("Winner", uint64(w))
	}
	return append(b, w.String()...), nil
}

// MarshalText returns AppendText(nil).
func (w Winner) MarshalText() ([]byte, error) { return w.AppendText(nil) }

// UnmarshalText reads "white", "black" or "none".
func (w *Winner) UnmarshalText(b []byte) error {
	for v := NoWinner; v <= BlackWins; v++ {
		if v.String() == string(b) {
			*w = v
			return nil
		}
	}
	return errBadText("winner", b)
}

// AppendText appends the outcome as String writes it: "1-0 checkmate", "1/2-1/2 agreement",
// "*" for the zero Outcome. An outcome with a field out of range, or whose winner contradicts
// its termination (a winner but no termination, "0-1 stalemate", "1/2-1/2 checkmate": see
// Termination), is an error wrapping ErrInvalidValue.
func (o Outcome) AppendText(b []byte) ([]byte, error) {
	if !o.consistent() {
		return b, fmt.Errorf("chess: Outcome{%d, %d} has no text form: %w", o.Winner, o.Termination, ErrInvalidValue)
	}
	return append(b, o.String()...), nil
}

// MarshalText returns AppendText(nil).
func (o Outcome) MarshalText() ([]byte, error) { return o.AppendText(nil) }

// UnmarshalText reads an outcome as String writes it: a result (1-0, 0-1, 1/2-1/2), a space
// and a termination name the result agrees with (not "0-1 stalemate"); or "*" for the zero
// Outcome.
func (o *Outcome) UnmarshalText(b []byte) error {
	s := string(b)
	if s == "*" {
		*o = Outcome{}
		return nil
	}
	for _, r := range [...]struct {
		result string
		w      Winner
	}{{"1-0 ", WhiteWins}, {"0-1 ", BlackWins}, {"1/2-1/2 ", NoWinner}} {
		if len(s) > len(r.result) && s[:len(r.result)] == r.result {
			var t Termination
			if err := t.UnmarshalText(b[len(r.result):]); err != nil || t == NoTermination ||
				!(Outcome{Winner: r.w, Termination: t}).consistent() {
				break
			}
			*o = Outcome{Winner: r.w, Termination: t}
			return nil
		}
	}
	return errBadText("outcome", b)
}

// String returns the NAG as the PGN Standard writes it (§8.2.4): "$" and its number, "$1".
func (n NAG) String() string { return "$" + strconv.Itoa(int(n)) }

// AppendText appends String().
func (n NAG) AppendText(b []byte) ([]byte, error) {
	return strconv.AppendUint(append(b, '$'), uint64(n), 10), nil
}

// MarshalText returns AppendText(nil).
func (n NAG) MarshalText() ([]byte, error) { return n.AppendText(nil) }

// UnmarshalText reads "$" and a number from 0 to 255 ("$1"), or one of the suffix glyphs
// that stand for NAGs 1 to 6 (§8.2.3.8): "!", "?", "!!", "??", "!?", "?!".
func (n *NAG) UnmarshalText(b []byte) error {
	if g, ok := glyphNAG(b); ok {
		*n = g
		return nil
	}
	if len(b) >= 2 && len(b) <= 4 && b[0] == '$' {
		v, err := strconv.ParseUint(string(b[1:]), 10, 8)
		if err == nil && b[1] >= '0' && b[1] <= '9' {
			*n = NAG(v)
			return nil
		}
	}
	return errBadText("NAG", b)
}

// appendText appends the rights as String writes them.
func (cr CastlingRights) appendText(b []byte) []byte {
	n := len(b)
	for c := White; c <= Black; c++ {
		for side := KingSide; side <= QueenSide; side++ {
			sq := cr.RookSquare(c, side)
			if sq == NoSquare {
				continue
			}
			b = append(b, "KQkq"[2*int(c)+int(side)])
			if file := sq.File(); file != 7*int(1-side) {
				b = append(b, 'a'+byte(file))
			}
		}
	}
	if len(b) == n {
		b = append(b, '-')
	}
	return b
}
