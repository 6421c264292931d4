package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors of ParseFEN, wrapped by *FENError together with ErrInvalidFEN (and ErrSyntax
// for text that is not well formed).
var (
	ErrInvalidFEN      = errors.New("invalid FEN")
	ErrKings           = errors.New("not exactly one king per side")
	ErrPawnOnBackRank  = errors.New("pawn on the first or last rank")
	ErrTooManyPieces   = errors.New("too many pieces")
	ErrOppositeCheck   = errors.New("the side not to move is in check")
	ErrCastlingRights  = errors.New("castling right without its king and rook")
	ErrEnPassantSquare = errors.New("impossible en-passant square")
)

// FENError is the error of ParseFEN: which of the six fields is wrong (1 placement, 2 side to
// move, 3 castling, 4 en passant, 5 halfmove clock, 6 fullmove number; 0 for the field count),
// the byte offset in the input where the problem is, and why. It matches ErrInvalidFEN and
// its Err (ErrSyntax, ErrKings, ErrPawnOnBackRank, ErrTooManyPieces, ErrOppositeCheck,
// ErrCastlingRights or ErrEnPassantSquare) under errors.Is.
type FENError struct {
	FEN    string // the input
	Field  int    // 1-6, or 0 when the number of fields is wrong
	Offset int    // byte offset in FEN
	Reason string // what is wrong, in words
	Err    error  // the sentinel
}

// maxFENQuoted is how much of the input a FENError message quotes: every FEN of a legal
// position, and no more.
const maxFENQuoted = 100

// Error quotes the input (its first 100 bytes when longer) and says where and why it is wrong.
func (e *FENError) Error() string {
	return fmt.Sprintf("chess: invalid FEN %s: field %d, offset %d: %s", quoteCut(e.FEN, maxFENQuoted), e.Field, e.Offset, e.Reason)
}

// Unwrap returns ErrInvalidFEN and the specific sentinel.
func (e *FENError) Unwrap() []error { return []error{ErrInvalidFEN, e.Err} }

// MustParseFEN is ParseFEN for strings known to be valid, like those of tests and examples;
// it panics on an error.
func MustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// ParseFEN parses a position in Forsyth-Edwards Notation (PGN Standard §16.1): placement,
// side to move, castling, en passant, halfmove clock and fullmove number, separated by
// spaces. Four fields (EPD style) default the clocks to "0 1"; whitespace around fields is
// tolerated; a fullmove number of 0 reads as 1.
//
// The castling field may be standard FEN ("KQkq"), X-FEN (K and Q name the outermost rook on
// that side of the king, a file letter an inner rook) or Shredder-FEN (file letters only,
// "HAha"). The position is Chess960 (see Chess960) when the field uses file letters, or when
// a castling king or rook stands off its standard square.
//
// An en-passant square that no pawn of the side to move can capture on is dropped (see
// Position): only its well-formedness is checked.
//
// Rejected, with a *FENError: a wrong number of fields; a rank that is not 8 squares; an
// unknown piece letter; not exactly one king per side; pawns on the first or last rank; more
// than 16 pieces or 8 pawns for a side; the side not to move in check; a castling right
// without the king on its first rank and the rook; an en-passant square not on the sixth
// (White to move) or third rank, without the pawn that just made a double step in front of
// it, or with the squares that pawn passed occupied; negative, non-numeric or too large clocks.
func ParseFEN(fen string) (Position, error) {
	fillTables() // a package-level value may be parsed before init runs
	p := Position{ep: NoSquare}
	var fields [6]string
	var offsets [6]int
	n := 0
	for i := 0; i < len(fen); {
		if isFENSpace(fen[i]) {
			i++
			continue
		}
		j := i
		for j < len(fen) && !isFENSpace(fen[j]) {
			j++
		}
		if n == 6 {
			return p, fenErr(fen, 0, i, ErrSyntax, "more than six fields")
		}
		fields[n], offsets[n] = fen[i:j], i
		n++
		i = j
	}
	switch n {
	case 4:
		fields[4], fields[5] = "0", "1"
		offsets[4], offsets[5] = len(fen), len(fen)
	case 6:
	default:
		return p, fenErr(fen, 0, len(fen), ErrSyntax, fmt.Sprintf("%d fields, want 6 (or 4)", n))
	}

	if err := p.parsePlacement(fen, fields[0], offsets[0]); err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return Position{}, fenErr(fen, 2, offsets[1], ErrSyntax, "side to move must be w or b")
	}
	if err := p.parseCastling(fen, fields[2], offsets[2]); err != nil {
		return Position{}, err
	}
	if err := p.parseEnPassant(fen, fields[3], offsets[3]); err != nil {
		return Position{}, err
	}
	half, err := parseClock(fields[4])
	if err != nil {
		return Position{}, fenErr(fen, 5, offsets[4], ErrSyntax, "halfmove clock: "+err.Error())
	}
	full, err := parseClock(fields[5])
	if err != nil {
		return Position{}, fenErr(fen, 6, offsets[5], ErrSyntax, "fullmove number: "+err.Error())
	}
	p.halfmove, p.fullmove = half, max(full, 1)

	if p.attacked(p.kings[p.turn^1], p.turn, p.occupied()) {
		return Position{}, fenErr(fen, 2, offsets[1], ErrOppositeCheck, p.turn.Other().String()+" is in check with "+p.turn.String()+" to move")
	}
	p.hash = p.computeHash()
	return p, nil
}

func isFENSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func fenErr(fen string, field, offset int, err error, reason string) *FENError {
	return &FENError{FEN: fen, Field: field, Offset: offset, Reason: reason, Err: err}
}

// maxClock bounds the clocks so that counting moves cannot overflow.
const maxClock = 1 << 30

func parseClock(s string) (uint32, error) {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%s is not a non-negative integer", quoteCut(s, maxQuoted))
		}
	}
	digits := strings.TrimLeft(s, "0")
	if len(digits) > 10 { // ParseUint's error would copy the whole input
		return 0, fmt.Errorf("%s is too large", quoteCut(s, maxQuoted))
	}
	if digits == "" {
		digits = "0"
	}
	v, err := strconv.ParseUint(digits, 10, 32)
	if err != nil || v > maxClock {
		return 0, fmt.Errorf("%s is too large", quoteCut(s, maxQuoted))
	}
	return uint32(v), nil
}

func (p *Position) parsePlacement(fen, field string, off int) error {
	rank, file := 7, 0
	var kings, pawns, count [2]int
	for i := 0; i < len(field); i++ {
		c := field[i]
		switch {
		case c == '/':
			if file != 8 {
				return fenErr(fen, 1, off+i, ErrSyntax, fmt.Sprintf("rank %d has %d squares, want 8", rank+1, file))
			}
			if rank == 0 {
				return fenErr(fen, 1, off+i, ErrSyntax, "more than 8 ranks")
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
			if file > 8 {
				return fenErr(fen, 1, off+i, ErrSyntax, fmt.Sprintf("rank %d has more than 8 squares", rank+1))
			}
		default:
			pc := pieceFromLetter(c)
			if pc == NoPiece {
				return fenErr(fen, 1, off+i, ErrSyntax, fmt.Sprintf("unknown piece letter %q", c))
			}
			if file >= 8 {
				return fenErr(fen, 1, off+i, ErrSyntax, fmt.Sprintf("rank %d has more than 8 squares", rank+1))
			}
			sq := NewSquare(file, rank)
			c := pc.Color()
			switch pc.Type() {
			case King:
				kings[c]++
				p.kings[c] = sq
			case Pawn:
				if rank == 0 || rank == 7 {
					return fenErr(fen, 1, off+i, ErrPawnOnBackRank, "pawn on "+sq.String())
				}
				pawns[c]++
			}
			count[c]++
			p.put(sq, pc)
			file++
		}
	}
	if rank != 0 || file != 8 {
		return fenErr(fen, 1, off+len(field), ErrSyntax, fmt.Sprintf("%d ranks, the last of %d squares; want 8 ranks of 8", 8-rank, file))
	}
	for c := White; c <= Black; c++ {
		switch {
		case kings[c] != 1:
			return fenErr(fen, 1, off, ErrKings, fmt.Sprintf("%s has %d kings", c, kings[c]))
		case count[c] > 16:
			return fenErr(fen, 1, off, ErrTooManyPieces, fmt.Sprintf("%s has %d pieces, at most 16 are possible", c, count[c]))
		case pawns[c] > 8:
			return fenErr(fen, 1, off, ErrTooManyPieces, fmt.Sprintf("%s has %d pawns, at most 8 are possible", c, pawns[c]))
		}
	}
	return nil
}

func (p *Position) parseCastling(fen, field string, off int) error {
	if field == "-" {
		return nil
	}
	letters := false
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c, ch = Black, ch-'a'+'A'
		}
		backRank := Square(int(c) * 0x70)
		ksq := p.kings[c]
		if ksq&0x70 != backRank {
			return fenErr(fen, 3, off+i, ErrCastlingRights, fmt.Sprintf("castling right %q, but the %s king is not on its first rank", field[i], c))
		}
		rook := NewPiece(c, Rook)
		rsq := NoSquare
		switch {
		case ch == 'K':
			for sq := backRank | 7; sq > ksq; sq-- {
				if p.board[sq] == rook {
					rsq = sq
					break
				}
			}
		case ch == 'Q':
			for sq := backRank; sq < ksq; sq++ {
				if p.board[sq] == rook {
					rsq = sq
					break
				}
			}
		case ch >= 'A' && ch <= 'H':
			letters = true
			if sq := backRank | Square(ch-'A'); p.board[sq] == rook {
				rsq = sq
			}
		default:
			return fenErr(fen, 3, off+i, ErrSyntax, fmt.Sprintf("unknown castling letter %q", field[i]))
		}
		if rsq == NoSquare {
			return fenErr(fen, 3, off+i, ErrCastlingRights, fmt.Sprintf("castling right %q without a %s rook for it", field[i], c))
		}
		side := KingSide
		if rsq < ksq {
			side = QueenSide
		}
		if p.castling.Has(c, side) {
			return fenErr(fen, 3, off+i, ErrSyntax, fmt.Sprintf("castling right %q repeats a right", field[i]))
		}
		p.castling = p.castling.with(c, side, rsq.File())
	}
	p.chess960 = letters || p.needsChess960()
	return nil
}

func (p *Position) parseEnPassant(fen, field string, off int) error {
	if field == "-" {
		return nil
	}
	sq, err := ParseSquare(field)
	if err != nil {
		return fenErr(fen, 4, off, ErrSyntax, fmt.Sprintf("en-passant square %s is not a square", quoteCut(field, maxQuoted)))
	}
	up := Square(16) // from the en-passant square to the pawn that passed it
	wantRank := 2
	if p.turn == White {
		up, wantRank = 256-16, 5 // Square arithmetic wraps: one rank down
	}
	switch {
	case sq.Rank() != wantRank:
		return fenErr(fen, 4, off, ErrEnPassantSquare, fmt.Sprintf("en-passant square %s is not on rank %d", sq, wantRank+1))
	case p.board[sq+up] != NewPiece(p.turn^1, Pawn):
		return fenErr(fen, 4, off, ErrEnPassantSquare, fmt.Sprintf("en-passant square %s without the %s pawn that passed it on %s", sq, p.turn.Other(), sq+up))
	case p.board[sq] != NoPiece || p.board[sq-up] != NoPiece:
		return fenErr(fen, 4, off, ErrEnPassantSquare, fmt.Sprintf("en-passant square %s: the pawn's path %s-%s is occupied", sq, sq-up, sq))
	}
	p.setEnPassant(sq, sq+up)
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation with X-FEN castling: "KQkq" for
// castling with the outermost rook on either side of the king (which is all of standard
// chess), the rook's file letter for a Chess960 right with an inner rook. The en-passant
// field holds the square only when a pawn of the side to move can capture there (see
// Position). An invalid position (the zero Position) has no FEN: FEN returns "".
func (p Position) FEN() string {
	if p.invalid() {
		return ""
	}
	return string(p.AppendFEN(make([]byte, 0, 90)))
}

// AppendFEN appends FEN() to b and returns the extended buffer; it allocates only to grow b.
// It appends nothing for an invalid position.
func (p Position) AppendFEN(b []byte) []byte {
	return p.appendFEN(b, false, true)
}

// appendFEN appends the FEN of p, with Shredder-FEN castling (file letters) when shredder is
// set, and without the clocks (the four fields of EPD) when clocks is not.
func (p *Position) appendFEN(b []byte, shredder, clocks bool) []byte {
	if p.invalid() {
		return b
	}
	for r := 7; r >= 0; r-- {
		empty := byte(0)
		for f := 0; f < 8; f++ {
			pc := p.board[r<<4|f]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, '0'+empty)
				empty = 0
			}
			b = append(b, pc.fenLetter())
		}
		if empty > 0 {
			b = append(b, '0'+empty)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', "wb"[p.turn])
	b = append(b, ' ')
	b = p.appendCastling(b, shredder)
	b = append(b, ' ')
	if p.ep == NoSquare {
		b = append(b, '-')
	} else {
		b = append(b, 'a'+byte(p.ep&7), '1'+byte(p.ep>>4))
	}
	if !clocks {
		return b
	}
	b = append(b, ' ')
	b = strconv.AppendUint(b, uint64(p.halfmove), 10)
	b = append(b, ' ')
	return strconv.AppendUint(b, uint64(p.fullmove), 10)
}

func (p *Position) appendCastling(b []byte, shredder bool) []byte {
	if p.castling == 0 {
		return append(b, '-')
	}
	for c := White; c <= Black; c++ {
		for side := KingSide; side <= QueenSide; side++ {
			rsq := p.castling.RookSquare(c, side)
			if rsq == NoSquare {
				continue
			}
			ch := byte('K')
			if side == QueenSide {
				ch = 'Q'
			}
			if shredder || !p.outermostRook(c, rsq) {
				ch = 'A' + byte(rsq&7)
			}
			if c == Black {
				ch += 'a' - 'A'
			}
			b = append(b, ch)
		}
	}
	return b
}

// outermostRook reports whether no rook of colour c stands between rsq and the edge of the
// board on rsq's side of the king: then X-FEN writes K or Q for it.
func (p *Position) outermostRook(c Color, rsq Square) bool {
	step := Square(1)
	if rsq < p.kings[c] {
		step = ^Square(0)
	}
	rook := NewPiece(c, Rook)
	for sq := rsq + step; sq&0x88 == 0 && sq>>4 == rsq>>4; sq += step {
		if p.board[sq] == rook {
			return false
		}
	}
	return true
}
