// Package polyglot reads and writes opening books in the PolyGlot format: files of 16-byte
// big-endian entries (key, move, weight, learn) sorted by key, where the key is the Polyglot
// Zobrist hash of a position (chess.Position.Hash) and the move one that the book suggests
// there. The format is PolyGlot's own (/usr/share/doc/polyglot/book_format.html in Debian's
// polyglot package); the writer builds books from games as PolyGlot 2.0.4's make-book does
// and merges them as its merge-book does, byte for byte.
//
// A Book reads entries from an io.ReaderAt on demand, by binary search on the key, so after
// Open's one pass over the file (a chunk at a time, to check the order of the keys) a lookup
// costs only the entries it reads, whatever the book's size. Moves are decoded for the
// position they are looked up in; an entry whose move is not legal there is skipped and
// reported, never played.
package polyglot

import (
	"errors"
	"fmt"

	"github.com/ox88/chess"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// Entry is one entry of a book: a move suggested in the position whose Polyglot hash is Key.
type Entry struct {
	Key uint64 // the Polyglot hash of the position (chess.Position.Hash)
	// Raw is the move as the book stores it: bits 0-2 the destination file, 3-5 its rank,
	// 6-8 the origin file, 9-11 its rank, 12-14 the promotion piece (0 none, 1 knight,
	// 2 bishop, 3 rook, 4 queen); castling is the king taking its own rook (e1h1 for O-O).
	Raw uint16
	// Move is Raw decoded for the position looked up (Book.Find, Book.Choose); it is
	// chess.NullMove where no position was given (Book.All, Book.FindKey).
	Move   chess.Move
	Weight uint16 // the move's share among the entries of its position, in units of the book's choice
	Learn  uint32 // learning data; PolyGlot writes 0
	Index  int64  // the entry's index in the book (0 for the first), -1 for an entry not read from a book
}

// EncodeMove returns the book form of m (see Entry.Raw): castling as the king taking its
// rook, whether m comes from a standard or a Chess960 position. The null move encodes as 0.
func EncodeMove(m chess.Move) uint16 {
	if m == chess.NullMove {
		return 0
	}
	to := m.To()
	if m.IsCastle() {
		to = m.CastlingRook()
	}
	raw := uint16(squareIndex(to)) | uint16(squareIndex(m.From()))<<6
	switch m.Promotion() {
	case chess.Knight:
		raw |= 1 << 12
	case chess.Bishop:
		raw |= 2 << 12
	case chess.Rook:
		raw |= 3 << 12
	case chess.Queen:
		raw |= 4 << 12
	}
	return raw
}

// squareIndex is the square's number in the book format: file + 8*rank, a1 = 0, h8 = 63.
func squareIndex(sq chess.Square) int { return sq.File() + 8*sq.Rank() }

// DecodeMove returns the legal move of p whose book form is raw, and false when no legal
// move of p has that form (a corrupt entry, a hash collision, or a book made for another
// position). The king's two-square step (e1g1) is not the book form of castling and is not
// matched.
func DecodeMove(p chess.Position, raw uint16) (chess.Move, bool) {
	var buf [256]chess.Move
	return decodeAmong(p.AppendLegalMoves(buf[:0]), raw)
}

// decodeAmong returns the move of legal whose book form is raw: the one home of decoding,
// for DecodeMove and for Find, which generates a position's moves once for all its entries.
func decodeAmong(legal []chess.Move, raw uint16) (chess.Move, bool) {
	for _, m := range legal {
		if EncodeMove(m) == raw {
			return m, true
		}
	}
	return chess.NullMove, false
}

// rawString writes a raw move in coordinate form ("e2e4", "e1h1", "a7a8q") for messages.
func rawString(raw uint16) string {
	sq := func(i uint16) string { return string([]byte{'a' + byte(i&7), '1' + byte(i>>3&7)}) }
	s := sq(raw>>6&63) + sq(raw&63)
	if p := raw >> 12 & 7; p != 0 {
		s += string(" nbrq???"[p])
	}
	return s
}

// Errors of a malformed book, wrapped in a *FormatError.
var (
	ErrEmpty     = errors.New("empty book")
	ErrTruncated = errors.New("length not a multiple of 16 bytes")
	ErrUnsorted  = errors.New("keys not sorted")
)

// ErrIllegalMove is wrapped by the *IllegalMoveError of a lookup that skipped entries.
var ErrIllegalMove = errors.New("book move illegal in the position")

// FormatError reports a malformed book: Err is ErrEmpty, ErrTruncated or ErrUnsorted, Index
// the entry where the problem is (the partial entry at the end for ErrTruncated, the first
// entry whose key is smaller than its predecessor's for ErrUnsorted, 0 for ErrEmpty).
type FormatError struct {
	Err   error
	Index int64
	Size  int64 // the book's size in bytes
}

// Error says what is wrong and where: the book's size and the partial entry for
// ErrTruncated, the two entries out of order for ErrUnsorted.
func (e *FormatError) Error() string {
	switch e.Err {
	case ErrTruncated:
		return fmt.Sprintf("polyglot: book of %d bytes: %v: entry %d has only %d bytes", e.Size, e.Err, e.Index, e.Size%EntrySize)
	case ErrUnsorted:
		return fmt.Sprintf("polyglot: %v: entry %d has a smaller key than entry %d", e.Err, e.Index, e.Index-1)
	}
	return fmt.Sprintf("polyglot: %v", e.Err)
}

// Unwrap returns Err, for errors.Is.
func (e *FormatError) Unwrap() error { return e.Err }

// IllegalMoveError reports the entries of a position whose moves are not legal there; the
// lookup that returns it skipped them and returned the others.
type IllegalMoveError struct {
	FEN     string  // the position looked up
	Entries []Entry // the skipped entries, Move unset
}

// Error names the position (FEN) and each skipped entry by its index and move ("e2e5").
func (e *IllegalMoveError) Error() string {
	s := fmt.Sprintf("polyglot: %d book entr", len(e.Entries))
	if len(e.Entries) == 1 {
		s += "y"
	} else {
		s += "ies"
	}
	s += " skipped, move illegal in " + e.FEN + ":"
	for _, en := range e.Entries {
		s += fmt.Sprintf(" entry %d (%s)", en.Index, rawString(en.Raw))
	}
	return s
}

// Unwrap returns ErrIllegalMove, for errors.Is.
func (e *IllegalMoveError) Unwrap() error { return ErrIllegalMove }
