package chess

import (
	"fmt"
	"math/bits"
)

// IllegalReason says which rule a move breaks (FIDE Laws 3): the typed reason of a
// *MoveError or *SANError wrapping ErrIllegalMove, for a program to switch on. The square the
// reason names (the blocker, the pinner, the checker, ...) is the error's Square field.
//
// One explanation serves every path: Play, Game.Play, ParseUCI, ParseSAN, ParseSANStrict,
// ParseSANDeviation and the PGN reader give the same reason for the same move. When a move
// breaks several rules, the reason is the first of: the piece and its way (3.1 to 3.8), then
// promotion (3.7.5), then the safety of the king (3.9).
type IllegalReason uint8

// The reasons a move is illegal, with what the error's Square names.
const (
	IllegalNone                 IllegalReason = iota // not a legality error (syntax, ambiguity) or no reason known; Square: NoSquare
	IllegalOffBoard                                  // a square of the Move value is off the board
	IllegalNoPiece                                   // no piece of the side to move on the origin; Square: the origin (NoSquare when SAN names no such piece)
	IllegalOwnPiece                                  // a piece of the side to move stands on the destination; Square: the destination
	IllegalWrongWay                                  // the piece does not move that way (3.2 to 3.8); Square: the destination
	IllegalBlocked                                   // a piece stands in the way (3.5, 3.7.1, 3.7.2); Square: the first piece in the way
	IllegalPinned                                    // the piece is pinned to its king (3.9); Square: the pinning piece
	IllegalInCheck                                   // the king is in check and the move does not answer it (3.9); Square: the checker
	IllegalDoubleCheck                               // double check and not a king move (3.9); Square: one checker
	IllegalIntoCheck                                 // the king would step into check (3.9); Square: an attacker of the destination
	IllegalCastlingRight                             // no castling right on that side (3.8.2.1); Square: NoSquare
	IllegalCastlingOutOfCheck                        // castling while in check (3.8.2.2.1); Square: the checker
	IllegalCastlingBlocked                           // a square the king or rook crosses or lands on is occupied (3.8.2.2.2); Square: that square
	IllegalCastlingThroughCheck                      // the king would cross an attacked square (3.8.2.2.1); Square: that square
	IllegalCastlingIntoCheck                         // the king would end in check (3.8.2.2.1); Square: the king's destination
	IllegalEnPassantRight                            // a capture en passant without the right (3.7.3.2); Square: the destination
	IllegalEnPassantExposesKing                      // the en-passant capture would leave the king in check (3.9); Square: the attacker
	IllegalPromotionMissing                          // a pawn reaching the last rank names no promotion (3.7.5.1); Square: the destination
	IllegalPromotionPiece                            // a promotion to a king or pawn (3.7.5.1); Square: the destination
	IllegalPromotionRank                             // a promotion before the last rank (3.7.5.1); Square: the destination
	IllegalPromotionNotPawn                          // a promotion of a piece that is not a pawn (3.7.5.1); Square: the origin
	IllegalNullMoveInCheck                           // a null move while in check; Square: the checker
)

var illegalNames = [...]string{
	IllegalNone:                 "none",
	IllegalOffBoard:             "off board",
	IllegalNoPiece:              "no piece",
	IllegalOwnPiece:             "own piece",
	IllegalWrongWay:             "wrong way",
	IllegalBlocked:              "blocked",
	IllegalPinned:               "pinned",
	IllegalInCheck:              "in check",
	IllegalDoubleCheck:          "double check",
	IllegalIntoCheck:            "into check",
	IllegalCastlingRight:        "castling without the right",
	IllegalCastlingOutOfCheck:   "castling out of check",
	IllegalCastlingBlocked:      "castling blocked",
	IllegalCastlingThroughCheck: "castling through check",
	IllegalCastlingIntoCheck:    "castling into check",
	IllegalEnPassantRight:       "en passant without the right",
	IllegalEnPassantExposesKing: "en passant exposes the king",
	IllegalPromotionMissing:     "promotion missing",
	IllegalPromotionPiece:       "promotion to a king or pawn",
	IllegalPromotionRank:        "promotion before the last rank",
	IllegalPromotionNotPawn:     "promotion of a piece that is not a pawn",
	IllegalNullMoveInCheck:      "null move in check",
}

// String returns a short lower-case name ("pinned", "castling through check"), or
// "IllegalReason(N)" for a value out of range.
func (r IllegalReason) String() string {
	if int(r) < len(illegalNames) {
		return illegalNames[r]
	}
	return fmt.Sprintf("IllegalReason(%d)", uint8(r))
}

// illegality is an explanation: the reason and the square it names, and for castling across
// or into an attacked square the attacker, which only the message uses.
type illegality struct {
	reason   IllegalReason
	square   Square
	attacker Square
}

var legal = illegality{IllegalNone, NoSquare, NoSquare}

// explain says why m is not legal in p; legal (IllegalNone) when it is. It reads m as Play
// does: a plain move by its squares and promotion, castling as the king's two-square move in
// standard chess or as king takes own rook. It runs only on error paths.
func (p *Position) explain(m Move) illegality {
	us := p.turn & 1
	if m == NullMove {
		if c := p.attackersTo(p.kings[us], us^1, p.occupied()); c != 0 {
			return illegality{IllegalNullMoveInCheck, sq88(bits.TrailingZeros64(c)), NoSquare}
		}
		return legal
	}
	from, raw := m.from(), m.rawTo()
	if !from.IsValid() || !raw.IsValid() {
		return illegality{IllegalOffBoard, NoSquare, NoSquare}
	}
	to, promo := m.To(), m.Promotion()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us {
		return illegality{IllegalNoPiece, from, NoSquare}
	}
	pt := pc.Type()
	if pt == King {
		if rook, ok := p.castlingAttempt(m, from, to); ok {
			if promo != NoPieceType {
				return illegality{IllegalPromotionNotPawn, from, NoSquare}
			}
			return p.explainCastling(from, rook)
		}
	}
	if t := p.board[to]; t != NoPiece && t.Color() == us {
		return illegality{IllegalOwnPiece, to, NoSquare}
	}
	if from == to {
		return illegality{IllegalWrongWay, to, NoSquare}
	}
	if il := p.explainWay(pt, from, to); il.reason != IllegalNone {
		return il
	}
	if pt != Pawn {
		if promo != NoPieceType {
			return illegality{IllegalPromotionNotPawn, from, NoSquare}
		}
	} else {
		lastRank := to>>4 == 7 || to>>4 == 0
		switch {
		case promo == King || promo == Pawn || promo > King:
			return illegality{IllegalPromotionPiece, to, NoSquare}
		case lastRank && promo == NoPieceType:
			return illegality{IllegalPromotionMissing, to, NoSquare}
		case !lastRank && promo != NoPieceType:
			return illegality{IllegalPromotionRank, to, NoSquare}
		}
	}
	return p.explainSafety(from, to, pt)
}

// castlingAttempt reports whether the king move from from to to is meant as castling, and with
// which rook: a castling Move, king takes own rook on its back rank, or in standard chess the
// king's two-square move from the e-file of its back rank. The rook is NoSquare when the
// two-square move has no castling right behind it.
func (p *Position) castlingAttempt(m Move, from, to Square) (Square, bool) {
	us := p.turn & 1
	if m.IsCastle() {
		return m.rawTo(), true
	}
	back := Square(0)
	if us == Black {
		back = 0x70
	}
	if from&0x70 != back || to&0x70 != back {
		return NoSquare, false
	}
	if p.board[to] == NewPiece(us, Rook) {
		return to, true
	}
	if p.chess960 || from&7 != 4 || (to&7 != 6 && to&7 != 2) {
		return NoSquare, false
	}
	side := QueenSide
	if to > from {
		side = KingSide
	}
	rook := p.castling.RookSquare(us, side)
	if rook != NoSquare && castleKingTo(from, rook) != to {
		return NoSquare, false
	}
	return rook, true
}

// explainCastling says why castling with the king on ksq and the rook on rook is not legal, in
// the order of FIDE Laws 3.8.2: the right, the check, the empty squares, the attacked squares.
// The tests are genCastling's, one at a time, so that the first failing one is named.
func (p *Position) explainCastling(ksq, rook Square) illegality {
	us := p.turn & 1
	them := us ^ 1
	side := QueenSide
	if rook > ksq {
		side = KingSide
	}
	if rook == NoSquare || !rook.IsValid() || p.castling.RookSquare(us, side) != rook {
		return illegality{IllegalCastlingRight, NoSquare, NoSquare}
	}
	if c := p.attackersTo(ksq, them, p.occupied()); c != 0 {
		return illegality{IllegalCastlingOutOfCheck, sq88(bits.TrailingZeros64(c)), NoSquare}
	}
	kto, rto := castleKingTo(ksq, rook), castleRookTo(ksq, rook)
	kb, rb := uint64(1)<<ksq.bit(), uint64(1)<<rook.bit()
	others := p.occupied() &^ kb &^ rb
	for _, way := range [2][2]Square{{ksq, kto}, {rook, rto}} {
		if sq, ok := firstOnWay(way[0], way[1], others); ok {
			return illegality{IllegalCastlingBlocked, sq, NoSquare}
		}
	}
	occ := p.occupied() &^ kb
	for sq := ksq; ; {
		if sq != ksq {
			if a := p.attackersTo(sq, them, occ); a != 0 {
				r := IllegalCastlingThroughCheck
				if sq == kto {
					r = IllegalCastlingIntoCheck
				}
				return illegality{r, sq, sq88(bits.TrailingZeros64(a))}
			}
		}
		if sq == kto {
			break
		}
		if kto > sq {
			sq++
		} else {
			sq--
		}
	}
	if a := p.attackersTo(kto, them, occ&^rb|1<<rto.bit()); a != 0 {
		return illegality{IllegalCastlingIntoCheck, kto, sq88(bits.TrailingZeros64(a))}
	}
	return legal
}

// firstOnWay returns the first square of occ met going along a rank from a (excluded) to b
// (included).
func firstOnWay(a, b Square, occ uint64) (Square, bool) {
	for sq := a; sq != b; {
		if b > sq {
			sq++
		} else {
			sq--
		}
		if occ>>sq.bit()&1 != 0 {
			return sq, true
		}
	}
	return NoSquare, false
}

// explainWay says whether a piece of type pt can go from from to the empty or enemy-held
// square to by the way it moves (FIDE Laws 3.2 to 3.7), with the way clear.
func (p *Position) explainWay(pt PieceType, from, to Square) illegality {
	fb, tb := from.bit(), to.bit()
	wrong := illegality{IllegalWrongWay, to, NoSquare}
	switch pt {
	case Knight:
		if knightAttacks[fb]>>tb&1 == 0 {
			return wrong
		}
	case King:
		if kingAttacks[fb]>>tb&1 == 0 {
			return wrong
		}
	case Bishop, Rook, Queen:
		if !slidesTo(pt, int(fb), int(tb)) {
			return wrong
		}
		if b := between[fb][tb] & p.occupied(); b != 0 {
			f := bits.TrailingZeros64(b) // nearest to from when the way goes up the bit order
			if tb < fb {
				f = 63 - bits.LeadingZeros64(b)
			}
			return illegality{IllegalBlocked, sq88(f), NoSquare}
		}
	case Pawn:
		us := p.turn & 1
		up, start, epRank := 16, Square(0x10), Square(0x50)
		if us == Black {
			up, start, epRank = -16, 0x60, 0x20
		}
		switch d := int(to) - int(from); d {
		case up:
			if p.board[to] != NoPiece {
				return illegality{IllegalBlocked, to, NoSquare}
			}
		case 2 * up:
			if from&0x70 != start {
				return wrong
			}
			if mid := Square(int(from) + up); p.board[mid] != NoPiece {
				return illegality{IllegalBlocked, mid, NoSquare}
			}
			if p.board[to] != NoPiece {
				return illegality{IllegalBlocked, to, NoSquare}
			}
		case up - 1, up + 1:
			switch {
			case p.board[to] != NoPiece, to == p.ep:
			case to&0x70 == epRank && p.board[from&0x70|to&7] == NewPiece(us^1, Pawn):
				return illegality{IllegalEnPassantRight, to, NoSquare}
			default:
				return wrong
			}
		default:
			return wrong
		}
	default:
		return wrong
	}
	return legal
}

// slidesTo reports whether a bishop, rook or queen (pt) on bit a could reach bit b on an empty
// board.
func slidesTo(pt PieceType, a, b int) bool {
	var rays uint64
	switch pt {
	case Bishop:
		rays = bishopRays(a)
	case Rook:
		rays = rookRays(a)
	case Queen:
		rays = bishopRays(a) | rookRays(a)
	}
	return rays>>(b&63)&1 != 0
}

// explainSafety says whether the move of the piece (of type pt) from from to to, which moves
// the way it may, leaves its own king safe (FIDE Laws 3.9).
func (p *Position) explainSafety(from, to Square, pt PieceType) illegality {
	us := p.turn & 1
	them := us ^ 1
	ksq := p.kings[us]
	kb, fb, tb := ksq.bit(), from.bit(), to.bit()
	if pt == King {
		if a := p.attackersTo(to, them, p.occupied()&^(1<<fb)); a != 0 {
			return illegality{IllegalIntoCheck, sq88(bits.TrailingZeros64(a)), NoSquare}
		}
		return legal
	}
	checkers, pinned := p.checkersAndPins(us)
	if checkers&(checkers-1) != 0 {
		return illegality{IllegalDoubleCheck, sq88(bits.TrailingZeros64(checkers)), NoSquare}
	}
	if pt == Pawn && to == p.ep && p.board[to] == NoPiece && from&7 != to&7 {
		captured := from&0x70 | to&7
		occ := p.occupied()&^(1<<fb)&^(1<<captured.bit()) | 1<<tb
		a := p.attackersTo(ksq, them, occ)
		switch {
		case a == 0:
			return legal
		case a&checkers != 0:
			return illegality{IllegalInCheck, sq88(bits.TrailingZeros64(a & checkers)), NoSquare}
		}
		return illegality{IllegalEnPassantExposesKing, sq88(bits.TrailingZeros64(a)), NoSquare}
	}
	if pinned>>fb&1 != 0 && lineThrough[kb][fb]>>tb&1 == 0 {
		return illegality{IllegalPinned, p.pinner(from), NoSquare}
	}
	if checkers != 0 {
		c := bits.TrailingZeros64(checkers)
		if (checkers|between[kb][c])>>tb&1 == 0 {
			return illegality{IllegalInCheck, sq88(c), NoSquare}
		}
	}
	return legal
}

// pinner returns the enemy slider that pins the piece on sq to its king, or NoSquare.
func (p *Position) pinner(sq Square) Square {
	us := p.turn & 1
	ksq := p.kings[us]
	kb := ksq.bit()
	for s := (p.ofType(Bishop) | p.ofType(Rook) | p.ofType(Queen)) & p.ofColor(us^1); s != 0; s &= s - 1 {
		f := bits.TrailingZeros64(s)
		if slidesTo(p.board[sq88(f)].Type(), f, int(kb)) && between[f][kb]&p.occupied() == 1<<sq.bit() {
			return sq88(f)
		}
	}
	return NoSquare
}

// explainText puts an explanation of the move m into words. san chooses the SAN spelling of
// a missing promotion's hint (=Q) over the UCI one (q).
func (p *Position) explainText(m Move, il illegality, san bool) string {
	from, to := m.from(), m.To()
	name := func(sq Square) string {
		if !sq.IsValid() {
			return "a piece"
		}
		return "the " + p.board[sq].Type().String() + " on " + sq.String()
	}
	switch il.reason {
	case IllegalOffBoard:
		return "off-board square"
	case IllegalNoPiece:
		if pc := p.board[from]; pc != NoPiece {
			return "the piece on " + from.String() + " is " + pc.Color().String() + "'s, and it is " + p.turn.String() + " to move"
		}
		return "no piece on " + from.String()
	case IllegalOwnPiece:
		return "a " + p.turn.String() + " piece stands on " + il.square.String()
	case IllegalWrongWay:
		return name(from) + " cannot move to " + to.String()
	case IllegalBlocked:
		return name(from) + " cannot move to " + to.String() + ": the way is blocked on " + il.square.String()
	case IllegalPinned:
		return name(from) + " is pinned by " + name(il.square)
	case IllegalInCheck:
		return "the king is in check from " + name(il.square) + " and " + name(from) + " does not stop it"
	case IllegalDoubleCheck:
		return "double check: only the king can move"
	case IllegalIntoCheck:
		return "the king would be in check on " + to.String() + " from " + name(il.square)
	case IllegalCastlingRight:
		return p.turn.String() + " has no castling right on that side"
	case IllegalCastlingOutOfCheck:
		return "castling out of check"
	case IllegalCastlingBlocked:
		return "castling is blocked: " + il.square.String() + " is occupied"
	case IllegalCastlingThroughCheck:
		return "castling through check: " + il.square.String() + " is attacked by " + name(il.attacker)
	case IllegalCastlingIntoCheck:
		return "castling into check: " + il.square.String() + " is attacked by " + name(il.attacker)
	case IllegalEnPassantRight:
		return "no en-passant capture on " + il.square.String() + ": the last move was not a pawn's two-square move across it"
	case IllegalEnPassantExposesKing:
		return "the en-passant capture would leave the king in check from " + name(il.square)
	case IllegalPromotionMissing:
		if san {
			return "a pawn reaching the last rank must promote: add =Q, =R, =B or =N"
		}
		return "a pawn reaching the last rank must promote: add q, r, b or n"
	case IllegalPromotionPiece:
		return "a pawn promotes to a queen, rook, bishop or knight"
	case IllegalPromotionRank:
		return "a pawn promotes only on the last rank"
	case IllegalPromotionNotPawn:
		return "only a pawn promotes: " + name(from) + " cannot"
	case IllegalNullMoveInCheck:
		return "a null move cannot be played in check"
	}
	return ""
}

// moveError is the *MoveError of the move m, given as input, that is not legal in p.
func (p *Position) moveError(input string, m Move) *MoveError {
	il := p.explain(m)
	return &MoveError{Input: input, Position: *p, Err: ErrIllegalMove, Reason: p.explainText(m, il, false), Illegal: il.reason, Square: il.square}
}

// sanIllegal is the *SANError of the SAN s read as m, not legal in p; off is the byte offset
// of the problem in s. uci says that s was UCI text.
func (p *Position) sanIllegal(s string, off int, m Move, uci bool) *SANError {
	il := p.explain(m)
	return &SANError{Input: s, Offset: off, Err: ErrIllegalMove, Reason: p.explainText(m, il, !uci), Illegal: il.reason, Square: il.square}
}

// sanNoCandidate explains a SAN move for which no piece of type pt (with the origin file and
// rank given, -1 for none) reaches to: of that type's pieces, the one whose explanation says
// the most (a piece in the way, then a missing en-passant right), else IllegalNoPiece.
func (p *Position) sanNoCandidate(pt PieceType, fromFile, fromRank int, to Square, promo PieceType) illegality {
	best := illegality{IllegalNoPiece, NoSquare, NoSquare}
	rank := func(r IllegalReason) int {
		switch r {
		case IllegalBlocked:
			return 3
		case IllegalEnPassantRight:
			return 2
		case IllegalWrongWay:
			return 1
		}
		return 0
	}
	if pt < Pawn || pt > King {
		return best
	}
	for s := p.ofColor(p.turn&1) & p.ofType(pt); s != 0; s &= s - 1 {
		from := sq88(bits.TrailingZeros64(s))
		if fromFile >= 0 && int(from&7) != fromFile || fromRank >= 0 && int(from>>4) != fromRank {
			continue
		}
		il := p.explainWay(pt, from, to)
		if il.reason == IllegalNone {
			continue
		}
		if best.reason == IllegalNoPiece || rank(il.reason) > rank(best.reason) {
			best = il
		}
	}
	return best
}
