package chess

import "math/bits"

// IsCapture reports whether the move m takes a piece (FIDE Laws 3.1.1): a piece of the other
// colour stands on its destination, or it is an en-passant capture (3.7.3.2). Castling is
// never a capture, also in Chess960 where it is stored as the king taking its own rook. It
// looks at the board only, not at legality (use IsLegal for that); a plain move from NewMove
// is read as Play reads it, so a pawn's diagonal step to the en-passant square counts.
func (p Position) IsCapture(m Move) bool {
	from, to := m.from(), m.rawTo()
	if m.IsCastle() || !from.IsValid() || !to.IsValid() {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece {
		return false
	}
	if m.IsEnPassant() {
		return true
	}
	if t := p.board[to]; t != NoPiece {
		return t.Color() != pc.Color()
	}
	return pc.Type() == Pawn && to == p.ep && from&7 != to&7
}

// GivesCheck reports whether the legal move m puts the opponent's king in check (FIDE Laws
// 3.9): by the moved piece (the promoted piece, the castling rook) or by a piece it uncovers,
// en-passant captures included. It equals the InCheck of the position after m, computed
// without playing m. It is false when m is not legal in p (m is matched as Play matches it).
func (p Position) GivesCheck(m Move) bool {
	if !p.IsValid() {
		return false
	}
	if !p.isLegal(m) {
		lm, ok := p.matchMove(m)
		if !ok {
			return false
		}
		m = lm
	}
	return p.givesCheck(m)
}

// PlaySAN returns the position after the move written in SAN s, read leniently as ParseSAN
// reads it ("--" is the null move). On error it returns p and the error of ParseSAN (a
// *SANError) or of PlayNull.
func (p Position) PlaySAN(s string) (Position, error) {
	m, err := p.ParseSAN(s)
	return p.playParsed(m, err)
}

// PlayUCI returns the position after the move written in UCI s ("e2e4", "e7e8q", "0000" for
// the null move), read as ParseUCI reads it. On error it returns p and the *MoveError of
// ParseUCI or PlayNull.
func (p Position) PlayUCI(s string) (Position, error) {
	m, err := p.ParseUCI(s)
	return p.playParsed(m, err)
}

// playParsed plays a move a parser has already found legal (or the null move), or returns p
// and the parser's error.
func (p Position) playParsed(m Move, err error) (Position, error) {
	if err != nil {
		return p, err
	}
	if m == NullMove {
		return p.PlayNull()
	}
	p.play(m)
	return p, nil
}

// AppendLegalMovesFrom appends to dst the legal moves of the piece on sq (none when sq holds
// no piece of the side to move), castling included for the king, and returns the extended
// slice. It generates only that piece's moves, the question a board interface asks when a
// piece is picked up; with room for 27 moves in dst (a queen's most) it does not allocate.
// The moves are those of LegalMoves whose From is sq.
func (p Position) AppendLegalMovesFrom(dst []Move, sq Square) []Move {
	if !sq.IsValid() || !p.IsValid() {
		return dst
	}
	us := p.turn & 1
	pc := p.board[sq]
	if pc == NoPiece || pc.Color() != us {
		return dst
	}
	fb := sq.bit()
	kb := p.kings[us].bit()
	checkers, pinned := p.checkersAndPins(us)
	if pc.Type() == King {
		for t := kingAttacks[fb] &^ p.ofColor(us); t != 0; t &= t - 1 {
			to := sq88(bits.TrailingZeros64(t))
			if !p.attacked(to, us^1, p.occupied()&^(1<<fb)) {
				dst = append(dst, Move(sq)|Move(to)<<8)
			}
		}
		if checkers == 0 && p.castling != 0 {
			var ml moveList
			p.genCastling(&ml, us)
			dst = append(dst, ml.moves[:ml.n]...)
		}
		return dst
	}
	if checkers&(checkers-1) != 0 {
		return dst // double check: only the king moves
	}
	allowed := ^p.ofColor(us)
	if checkers != 0 {
		allowed = checkers | between[kb][bits.TrailingZeros64(checkers)]
	}
	if pinned>>fb&1 != 0 {
		allowed &= lineThrough[kb][fb]
	}
	var targets uint64
	switch pc.Type() {
	case Pawn:
		return p.appendPawnMovesFrom(dst, sq, allowed)
	case Knight:
		targets = knightAttacks[fb]
	case Bishop:
		targets = bishopAttacks(int(fb), p.occupied())
	case Rook:
		targets = rookAttacks(int(fb), p.occupied())
	default:
		targets = bishopAttacks(int(fb), p.occupied()) | rookAttacks(int(fb), p.occupied())
	}
	for t := targets & allowed &^ p.ofColor(us); t != 0; t &= t - 1 {
		dst = append(dst, Move(sq)|Move(sq88(bits.TrailingZeros64(t)))<<8)
	}
	return dst
}

// appendPawnMovesFrom appends the legal moves of the pawn on from that land on allowed
// squares, and its en-passant capture, which has a test of its own.
func (p *Position) appendPawnMovesFrom(dst []Move, from Square, allowed uint64) []Move {
	us := p.turn & 1
	up, start := Square(16), Square(0x10)
	if us == Black {
		up, start = 256-16, 0x60 // Square arithmetic wraps: adding it steps one rank down
	}
	if to := from + up; to&0x88 == 0 && p.board[to] == NoPiece {
		if allowed>>to.bit()&1 != 0 {
			dst = appendPawnMove(dst, from, to)
		}
		if to2 := to + up; from&0x70 == start && p.board[to2] == NoPiece && allowed>>to2.bit()&1 != 0 {
			dst = append(dst, Move(from)|Move(to2)<<8)
		}
	}
	for _, to := range [2]Square{from + up - 1, from + up + 1} {
		if to&0x88 != 0 {
			continue
		}
		if t := p.board[to]; t != NoPiece && t.Color() != us && allowed>>to.bit()&1 != 0 {
			dst = appendPawnMove(dst, from, to)
		} else if t == NoPiece && to == p.ep && p.epLegal(from, to) {
			dst = append(dst, Move(from)|Move(to)<<8|moveEnPassant)
		}
	}
	return dst
}

// appendPawnMove appends a pawn's move, as the four promotions (queen, rook, bishop, knight,
// the generator's order) when it reaches the last rank.
func appendPawnMove(dst []Move, from, to Square) []Move {
	m := Move(from) | Move(to)<<8
	if r := to >> 4; r == 7 || r == 0 {
		return append(dst, m|Move(Queen)<<16, m|Move(Rook)<<16, m|Move(Bishop)<<16, m|Move(Knight)<<16)
	}
	return append(dst, m)
}

// AppendLegalMovesTo appends to dst the legal moves whose To is sq, and returns the extended
// slice: the moves of every piece that can go there, castling when sq is what UCI writes as
// its destination (g1 or c1 in standard chess, the rook's square in Chess960). It finds the
// pieces from sq (the 0x88 difference tables) instead of generating every move; with room
// for 16 moves in dst it does not allocate. The moves are those of LegalMoves whose To is sq.
func (p Position) AppendLegalMovesTo(dst []Move, sq Square) []Move {
	if !sq.IsValid() || !p.IsValid() {
		return dst
	}
	us := p.turn & 1
	checkers, pinned := p.checkersAndPins(us)
	if checkers == 0 && p.castling != 0 {
		var ml moveList
		p.genCastling(&ml, us)
		for _, m := range ml.moves[:ml.n] {
			if m.To() == sq {
				dst = append(dst, m)
			}
		}
	}
	if p.ofColor(us)>>sq.bit()&1 != 0 {
		return dst
	}
	for pt := Pawn; pt <= King; pt++ {
		for c := p.reachers(pt, sq); c != 0; c &= c - 1 {
			from := sq88(bits.TrailingZeros64(c))
			m := Move(from) | Move(sq)<<8
			if pt == Pawn && sq == p.ep && p.board[sq] == NoPiece && from&7 != sq&7 {
				m |= moveEnPassant
			}
			if p.legality(m, checkers, pinned) != legalOK {
				continue
			}
			if pt == Pawn && m&moveEnPassant == 0 {
				dst = appendPawnMove(dst, from, sq)
			} else {
				dst = append(dst, m)
			}
		}
	}
	return dst
}
