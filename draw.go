package chess

// The rules of the FIDE Laws of Chess (edition in force since 1 January 2023) that end a game on
// the board by the position alone: checkmate (5.1.1), stalemate (5.2.1) and the dead position
// (5.2.2), with its most common case, insufficient material. The rules that depend on the
// game's history (repetition, the 50- and 75-move rules) are in game.go.

// Square-colour masks of the occupancy sets (bit i is square i, a1 = 0): a1 is dark.
const (
	darkSquares  uint64 = 0xAA55AA55AA55AA55
	lightSquares        = ^darkSquares
	fileA        uint64 = 0x0101010101010101
	fileH               = fileA << 7
)

// IsCheckmate reports whether the side to move is checkmated: in check with no legal move
// (FIDE Laws 5.1.1). Checkmate ends the game at once; the side that gave mate wins.
func (p Position) IsCheckmate() bool { return p.InCheck() && !p.hasLegalMove() }

// IsStalemate reports whether the side to move has no legal move and is not in check
// (FIDE Laws 5.2.1). Stalemate ends the game at once in a draw. It is false for an invalid
// position (the zero Position), which is no game at all.
func (p Position) IsStalemate() bool { return !p.invalid() && !p.InCheck() && !p.hasLegalMove() }

// HasInsufficientMaterial reports whether colour c could never checkmate the opponent with the
// material on the board, whatever either side plays, the opponent's help included. It is the
// test of FIDE Laws 6.9: a player whose flag falls loses, unless the opponent cannot checkmate
// by any possible series of legal moves, in which case the game is drawn.
//
// It is true in exactly these cases, each of which can never mate:
//
//   - A bare king ("8/8/4k3/8/8/3K4/8/8 w - - 0 1"): a king never gives check.
//   - King and one knight, while the opponent has nothing but its king and queens
//     ("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", also with a black queen added). A knight's check
//     cannot be blocked, so a mate needs every flight square of the king covered or filled by
//     its own pieces, and a queen on a flight square can always take the checking knight. Any
//     other enemy piece or pawn can fill a flight square without that power and allow a mate by
//     help: with a black rook, "8/8/8/8/8/6N1/7r/5K1k b - - 0 1" is checkmate.
//   - King and any number of bishops all on squares of one colour, while the opponent has no
//     pawn, no knight and no bishop on the other colour ("8/8/4k3/8/8/3K1B2/6B1/8 w - - 0 1",
//     both bishops on light squares). Such bishops attack squares of one colour only, so a mate
//     needs a flight square of the other colour next to the king filled by its own piece; a
//     rook, a queen or a bishop of the bishops' colour there can always block the check or
//     take the checker, a pawn, a knight or a bishop of the other colour need not: with a black
//     pawn, "7k/5K1p/8/8/8/8/1B6/8 b - - 0 1" is checkmate.
//
// Any pawn, rook or queen of c, a bishop and a knight, or two knights can mate with help, so
// HasInsufficientMaterial is false for them.
func (p Position) HasInsufficientMaterial(c Color) bool { return p.insufficientMaterial(c) }

// insufficientMaterial is HasInsufficientMaterial without a copy of the position.
func (p *Position) insufficientMaterial(c Color) bool {
	c &= 1
	us, them := p.ofColor(c), p.ofColor(c^1)
	if us&(p.ofType(Pawn)|p.ofType(Rook)|p.ofType(Queen)) != 0 {
		return false
	}
	knights, bishops := us&p.ofType(Knight), us&p.ofType(Bishop)
	switch {
	case knights == 0 && bishops == 0:
		return true
	case bishops == 0:
		return knights&(knights-1) == 0 && them&^(p.ofType(King)|p.ofType(Queen)) == 0
	case knights == 0:
		all := p.ofType(Bishop) // ours and the opponent's: all must be on one colour
		oneColour := all&darkSquares == 0 || all&lightSquares == 0
		return oneColour && them&(p.ofType(Pawn)|p.ofType(Knight)) == 0
	}
	return false
}

// IsInsufficientMaterial reports whether neither player can checkmate by any series of legal
// moves with the material on the board: HasInsufficientMaterial holds for both colours
// (K v K, K+N v K, K+B v K, K+B v K+B with the bishops on one colour, …). Such a position is
// dead (FIDE Laws 5.2.2) and the game is drawn at once. K+N v K+N and K+B v K+B with bishops on
// opposite colours are not insufficient: a mate by help exists.
func (p Position) IsInsufficientMaterial() bool { return p.bothInsufficient() }

// bothInsufficient is IsInsufficientMaterial without a copy of the position.
func (p *Position) bothInsufficient() bool {
	return p.insufficientMaterial(White) && p.insufficientMaterial(Black)
}

// IsDeadPosition reports whether neither player can checkmate the opponent by any series of
// legal moves (FIDE Laws 5.2.2), which ends the game at once in a draw. It is true when
// IsInsufficientMaterial is, and also in the case of a closed position, which it certifies:
//
//   - only kings and pawns remain, and maybe bishops;
//   - every pawn is blocked head to head by an enemy pawn, no pawn can capture anything and
//     no en-passant square is set, so no pawn can ever move;
//   - each bishop stands on the colour of squares on which no enemy pawn stands, so it can
//     never capture a pawn nor be captured by one;
//   - neither king can walk to a square next to an enemy pawn that no other enemy pawn
//     defends (a flood fill of the squares the king can reach, with its own pawns, the enemy
//     pawns and the squares they attack as barriers), so no pawn can ever be taken;
//   - no bishop can reach a square from which it would attack a square the enemy king can
//     reach (a flood fill over its own colour, its own pawns as barriers), so no check, and
//     hence no mate, can ever happen.
//
// "8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1" is not dead: a king walks round and takes a pawn.
// "8/8/k7/p1p1p1p1/P1P1P1P1/8/8/7K w - - 0 1" (a full interlocked wall, kings on either side)
// is. It reports false whenever it is not certain: positions that are dead for other reasons
// (a wall that a bishop could cross but never to any effect, forced sequences, pieces that
// are trapped for good) are not detected.
func (p Position) IsDeadPosition() bool {
	return p.bothInsufficient() || p.isClosed()
}

// isClosed certifies the closed pawn-wall case of IsDeadPosition.
func (p *Position) isClosed() bool {
	if p.ofType(Knight)|p.ofType(Rook)|p.ofType(Queen) != 0 || p.ep != NoSquare {
		return false
	}
	wp := p.ofType(Pawn) & p.ofColor(White)
	bp := p.ofType(Pawn) & p.ofColor(Black)
	if wp == 0 || wp<<8 != bp {
		return false // no pawns (a matter of material), or a pawn not blocked head to head
	}
	wAtt := (wp<<7)&^fileH | (wp<<9)&^fileA
	bAtt := (bp>>7)&^fileA | (bp>>9)&^fileH
	if wAtt&p.ofColor(Black) != 0 || bAtt&p.ofColor(White) != 0 {
		return false // a pawn can capture, or gives check
	}
	wb := p.ofType(Bishop) & p.ofColor(White)
	bb := p.ofType(Bishop) & p.ofColor(Black)
	if !apartColours(wb, bp) || !apartColours(bb, wp) {
		return false
	}
	wKing := flood(uint64(1)<<p.kings[White].bit(), ^(wp | bp | bAtt), kingStep)
	bKing := flood(uint64(1)<<p.kings[Black].bit(), ^(wp | bp | wAtt), kingStep)
	if kingStep(wKing)&bp&^bAtt != 0 || kingStep(bKing)&wp&^wAtt != 0 {
		return false // a king can take an undefended pawn
	}
	if diagStep(flood(wb, ^wp, diagStep))&bKing != 0 || diagStep(flood(bb, ^bp, diagStep))&wKing != 0 {
		return false // a bishop might give check
	}
	return true
}

// apartColours reports whether no bishop of bishops stands on a square colour that holds one of
// the enemy pawns.
func apartColours(bishops, enemyPawns uint64) bool {
	return !(bishops&darkSquares != 0 && enemyPawns&darkSquares != 0 ||
		bishops&lightSquares != 0 && enemyPawns&lightSquares != 0)
}

// kingStep returns the squares of b and the squares one king step from them.
func kingStep(b uint64) uint64 {
	b |= (b<<1)&^fileA | (b>>1)&^fileH
	return b | b<<8 | b>>8
}

// diagStep returns the squares of b and the squares one diagonal step from them.
func diagStep(b uint64) uint64 {
	h := (b<<1)&^fileA | (b>>1)&^fileH
	return b | h<<8 | h>>8
}

// flood returns the squares reachable from seed by repeated steps within passable (the seed
// squares are included whether or not they are passable).
func flood(seed, passable uint64, step func(uint64) uint64) uint64 {
	r := seed
	for {
		n := r | step(r)&passable
		if n == r {
			return r
		}
		r = n
	}
}

// hasLegalEnPassant reports whether the side to move has a legal en-passant capture.
func (p *Position) hasLegalEnPassant() bool {
	if p.ep == NoSquare {
		return false
	}
	behind := p.ep - 16 // the capturing pawns stand beside the double-stepped pawn
	if p.turn == Black {
		behind = p.ep + 16
	}
	pawn := NewPiece(p.turn, Pawn)
	for _, from := range [2]Square{behind - 1, behind + 1} {
		if from&0x88 == 0 && p.board[from] == pawn && p.epLegal(from, p.ep) {
			return true
		}
	}
	return false
}

// repetitionKey is the key of the position's identity for repetition (FIDE Laws 9.2.3): the
// Polyglot key, without the en-passant file when no en-passant capture is legal (the Polyglot
// key keeps it whenever a pawn stands ready, pinned or not).
func (p *Position) repetitionKey() uint64 {
	if p.ep == NoSquare {
		return p.hash // the common case, inlined
	}
	return p.repetitionKeyEnPassant()
}

// repetitionKeyEnPassant is repetitionKey when an en-passant square is set.
func (p *Position) repetitionKeyEnPassant() uint64 {
	if !p.hasLegalEnPassant() {
		return p.hash ^ epKey(p.ep)
	}
	return p.hash
}
