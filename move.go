package chess

import (
	"fmt"
	"strings"
)

// Move is a move of a piece, in 32 bits: the origin and destination squares, the piece a pawn
// promotes to, and whether the move is castling (with whether it was generated in a Chess960
// position) or an en-passant capture. Moves are comparable: a move read from UCI or SAN equals
// the same move taken from LegalMoves.
//
// The zero value is NullMove, the "pass" of PGN and UCI ("0000"); Position.PlayNull plays it.
//
// Castling is stored as the king capturing its own rook (the UCI_Chess960 form), so that one
// encoding covers standard chess and Chess960; From is the king's square and To is what UCI
// writes: the king's destination in standard chess (e1g1), the rook's square in Chess960
// (e1h1). Use CastlingRook for the rook's square in both.
type Move uint32

// NullMove passes the turn; it is the zero Move and prints as "0000".
const NullMove Move = 0

const (
	moveCastle    Move = 1 << 20
	moveEnPassant Move = 1 << 21
	moveChess960  Move = 1 << 22 // a castling move of a Chess960 position
)

// NewMove returns a plain move from one square to another, with promo the piece a pawn
// promotes to (NoPieceType for none). It carries no castling or en-passant flag;
// Position.Play matches it with the legal move of the same squares (castling written as the
// king's two-square move, or as king takes rook, is recognised as in ParseUCI).
func NewMove(from, to Square, promo PieceType) Move {
	return Move(from&0x7f) | Move(to&0x7f)<<8 | Move(promo&7)<<16
}

func (m Move) from() Square  { return Square(m & 0x7f) }
func (m Move) rawTo() Square { return Square(m >> 8 & 0x7f) }

// From returns the square the moving piece (the king, for castling) leaves.
func (m Move) From() Square { return m.from() }

// To returns the destination square as UCI writes it: for castling in standard chess the
// king's destination (g1, c1, g8, c8), for castling in Chess960 the castling rook's square.
func (m Move) To() Square {
	to := m.rawTo()
	if m&(moveCastle|moveChess960) == moveCastle {
		return castleKingTo(m.from(), to)
	}
	return to
}

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 16 & 7) }

// IsCastle reports whether m is castling (FIDE Laws 3.8.2).
func (m Move) IsCastle() bool { return m&moveCastle != 0 }

// IsEnPassant reports whether m is an en-passant capture (FIDE Laws 3.7.3.2).
func (m Move) IsEnPassant() bool { return m&moveEnPassant != 0 }

// CastlingRook returns the square of the rook that castles, or NoSquare when m is not castling.
func (m Move) CastlingRook() Square {
	if m&moveCastle == 0 {
		return NoSquare
	}
	return m.rawTo()
}

// kingSide reports whether a castling move is with the rook on the h-side of the king
// (O-O, "short" castling).
func (m Move) kingSide() bool { return m.rawTo() > m.from() }

// castleKingTo is the king's destination when the king on from castles with the rook on rook:
// the g-file with a rook on its h-side, the c-file otherwise (FIDE Laws 3.8.2.1, Chess960 rules).
func castleKingTo(from, rook Square) Square {
	if rook > from {
		return from&0x70 | 6
	}
	return from&0x70 | 2
}

// castleRookTo is the castling rook's destination: the f-file or the d-file.
func castleRookTo(from, rook Square) Square {
	if rook > from {
		return from&0x70 | 5
	}
	return from&0x70 | 3
}

// String returns the move in UCI notation: "e2e4", "e7e8q", "e1g1" (standard castling),
// "e1h1" (Chess960 castling, king takes rook), "0000" for NullMove. A bit pattern that no UCI
// text names (an off-board square, the same square twice, a promotion field other than none,
// knight, bishop, rook or queen) is written "Move(0x…)" with its eight hex digits, as
// time.Month(13) prints "%!Month(13)"; MarshalText refuses it.
func (m Move) String() string {
	if !m.hasUCIText() {
		return fmt.Sprintf("Move(0x%08x)", uint32(m))
	}
	return string(m.appendUCI(make([]byte, 0, 5)))
}

// hasUCIText reports whether UCI text names m: NullMove, or two different on-board squares and
// no promotion or a promotion to a knight, bishop, rook or queen. The castling and en-passant
// flags are not written: the position supplies them when the text is read back.
func (m Move) hasUCIText() bool {
	if m == NullMove {
		return true
	}
	from, to, pr := m.from(), m.To(), m.Promotion()
	return from.IsValid() && to.IsValid() && from != to && (pr == NoPieceType || pr >= Knight && pr <= Queen)
}

// appendUCI appends the UCI text of m, which hasUCIText accepts.
func (m Move) appendUCI(b []byte) []byte {
	if m == NullMove {
		return append(b, "0000"...)
	}
	from, to := m.from(), m.To()
	b = append(b, 'a'+byte(from&7), '1'+byte(from>>4&7), 'a'+byte(to&7), '1'+byte(to>>4&7))
	if pr := m.Promotion(); pr != NoPieceType {
		b = append(b, pieceLetters[pr&7])
	}
	return b
}

// MoveError is the error of Play, PlayNull and ParseUCI: the move, the position it was tried
// in and why it failed. Err is ErrIllegalMove, ErrSyntax or ErrInvalidPosition. For
// ErrIllegalMove, Illegal is the typed reason and Square the square it names (see
// IllegalReason).
type MoveError struct {
	Input    string        // the move as given (UCI text), or the UCI form of a Move value
	Position Position      // the position the move was tried in
	Reason   string        // a short explanation, may be empty
	Err      error         // ErrIllegalMove, ErrSyntax or ErrInvalidPosition
	Illegal  IllegalReason // why the move is illegal; IllegalNone for ErrSyntax
	Square   Square        // the square Illegal names, NoSquare when it names none
}

// Error describes the move, the position (as FEN) and the reason, prefixed "chess:".
func (e *MoveError) Error() string {
	var sb strings.Builder
	err := e.Err
	if err == nil {
		err = ErrIllegalMove // the zero MoveError
	}
	fmt.Fprintf(&sb, "chess: %v %s in %s", err, quoteCut(e.Input, maxQuoted), e.Position.String())
	if e.Reason != "" {
		sb.WriteString(": ")
		sb.WriteString(e.Reason)
	}
	return sb.String()
}

// Unwrap returns the sentinel, ErrIllegalMove, ErrSyntax or ErrInvalidPosition.
func (e *MoveError) Unwrap() error { return e.Err }

// ParseUCI parses a move in UCI long algebraic notation (from square, to square, and a
// promotion letter q/r/b/n: "e2e4", "e7e8q", "0000" for the null move) and returns the legal
// move it names. Castling is accepted as king takes own rook ("e1h1", the UCI_Chess960 form),
// and in standard chess also as the king's two-square move ("e1g1"). The error is a *MoveError
// wrapping ErrSyntax for malformed text, ErrIllegalMove for a move that is not legal here (a
// promotion to a king or pawn, "e7e8k", included, and "0000" in check; the typed reason is in
// Illegal) and
// ErrInvalidPosition when p is not valid (the zero Position).
func (p Position) ParseUCI(s string) (Move, error) {
	if p.invalid() {
		return NullMove, &MoveError{Input: s, Position: p, Err: ErrInvalidPosition, Reason: "the position is not valid"}
	}
	if s == "0000" {
		if p.InCheck() { // as ParseSAN refuses "--": a null move cannot answer a check
			return NullMove, p.moveError(s, NullMove)
		}
		return NullMove, nil
	}
	m, ok := parseUCIText(s)
	if !ok && len(s) == 5 && (s[4]|0x20 == 'k' || s[4]|0x20 == 'p') {
		// A promotion to a king or pawn is well-formed but illegal (FIDE Laws 3.7.5.1).
		if m, ok = parseUCIText(s[:4]); ok {
			m = m&^(7<<16) | Move(King)<<16
		}
	}
	if !ok {
		return NullMove, &MoveError{Input: s, Position: p, Err: ErrSyntax, Reason: "want from and to squares and an optional promotion letter, like e2e4 or e7e8q", Square: NoSquare}
	}
	lm, ok := p.matchMove(m)
	if !ok {
		return NullMove, p.moveError(s, m)
	}
	return lm, nil
}

// parseUCIText reads the squares and promotion of a UCI move without looking at a position.
func parseUCIText(s string) (Move, bool) {
	if len(s) != 4 && len(s) != 5 {
		return NullMove, false
	}
	from, ok1 := squareOf(s[0], s[1])
	to, ok2 := squareOf(s[2], s[3])
	if !ok1 || !ok2 || from == to {
		return NullMove, false
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'N':
			promo = Knight
		case 'b', 'B':
			promo = Bishop
		case 'r', 'R':
			promo = Rook
		case 'q', 'Q':
			promo = Queen
		default:
			return NullMove, false
		}
	}
	return NewMove(from, to, promo), true
}

// UCI returns the move in the UCI form that fits the position: king to its destination for
// castling in standard chess (e1g1), king takes rook in Chess960 (e1h1). A move that is not
// legal here (and any move in an invalid position) is written as m.String() writes it.
func (p Position) UCI(m Move) string {
	if p.invalid() {
		return m.String()
	}
	if lm, ok := p.matchMove(m); ok {
		m = lm
	}
	return m.String()
}
