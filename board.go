package chess

import (
	"math/bits"
	"strings"
	"unsafe"
)

// Position is a chess position: the placement of the pieces, the side to move, the castling
// rights, the en-passant square, the halfmove clock and the fullmove number (the six fields
// of FEN), and whether the game is Chess960.
//
// A Position is an immutable value. Its methods never change it: Play returns a new Position.
// It holds no pointers, slices or maps, so it can be copied, shared between goroutines without
// locks, compared with == and used as a map key, like netip.Addr. Two positions are == exactly
// when they have the same FEN (clocks included) and the same Chess960 flag: the derived data
// kept with the 0x88 board (occupancy sets, king squares, the Polyglot hash) is a function of
// those fields, never of the moves that led to the position. A Position is 152 bytes.
//
// En passant follows one rule for the whole value: a position keeps an en-passant square only
// when a pawn of the side to move stands ready to capture on it (the Polyglot rule, whether or
// not the capture is legal), and FEN writes what is kept. This departs from PGN Standard
// §16.1.3.4, which records the square after every double step. FIDE Laws 9.2.3 goes further
// for repetition (the right counts only when the capture is legal); Game handles that.
//
// The zero Position is not a valid position (it has no kings); IsValid reports false for it.
// Build positions with StartingPosition, ParseFEN or Play.
type Position struct {
	board    [128]Piece // 0x88: square s is board[s]; the off-board half holds the bitboards (word)
	hash     uint64     // Polyglot Zobrist key of the position
	halfmove uint32
	fullmove uint32
	castling CastlingRights
	kings    [2]Square
	ep       Square
	turn     Color
	chess960 bool
}

// CastlingSide tells the two castlings apart: with the rook on the king's h-side (KingSide,
// O-O) or on its a-side (QueenSide, O-O-O), in standard chess and in Chess960 alike.
type CastlingSide uint8

// The two castling sides.
const (
	KingSide CastlingSide = iota
	QueenSide
)

// CastlingRights are the castling rights of both players (FIDE Laws 3.8.2.1): for each colour
// and side, whether castling is still allowed and the file of the rook it would castle with.
// Storing the rook's file makes Chess960 castling work like standard castling. The zero value
// is no rights at all.
type CastlingRights uint16

func castlingSlot(c Color, side CastlingSide) uint { return (uint(c&1)*2 + uint(side&1)) * 4 }

// Has reports whether colour c may still castle on side.
func (cr CastlingRights) Has(c Color, side CastlingSide) bool {
	return cr>>castlingSlot(c, side)&8 != 0
}

// RookSquare returns the square of the rook that colour c would castle with on side, or
// NoSquare when that right is gone.
func (cr CastlingRights) RookSquare(c Color, side CastlingSide) Square {
	v := cr >> castlingSlot(c, side) & 15
	if v&8 == 0 {
		return NoSquare
	}
	return Square(int(c)*0x70 + int(v&7))
}

func (cr CastlingRights) with(c Color, side CastlingSide, file int) CastlingRights {
	s := castlingSlot(c, side)
	return cr&^(15<<s) | CastlingRights(8|file&7)<<s
}

func (cr CastlingRights) without(c Color) CastlingRights {
	return cr &^ (0xff << (uint(c&1) * 8))
}

// withoutRook drops the right of the rook standing on sq, if any.
func (cr CastlingRights) withoutRook(sq Square) CastlingRights {
	var c Color
	switch sq & 0x70 {
	case 0x00:
		c = White
	case 0x70:
		c = Black
	default:
		return cr
	}
	for side := KingSide; side <= QueenSide; side++ {
		if cr.RookSquare(c, side) == sq {
			cr &^= 15 << castlingSlot(c, side)
		}
	}
	return cr
}

// String returns the rights in the style of FEN: "KQkq" when the rooks stand on the h- and
// a-files, "-" for none. A right with its rook on another file is the side letter followed by
// the rook's file: "Kf" (White castles on the king side with the rook on f1), "qb". Unlike a
// FEN field it needs no king to be read back (see UnmarshalText); Position.FEN writes the
// X-FEN form, which depends on the other rooks.
func (cr CastlingRights) String() string { return string(cr.appendText(nil)) }

// SquareSet is a set of squares, one bit per square in the order of Square.Index
// (a1 = bit 0, h8 = bit 63). The zero value is the empty set.
type SquareSet uint64

// Has reports whether sq is in the set.
func (s SquareSet) Has(sq Square) bool { return sq.IsValid() && s>>sq.bit()&1 != 0 }

// Len returns the number of squares in the set.
func (s SquareSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Squares returns the squares of the set in increasing order (a1, b1, …, h8).
func (s SquareSet) Squares() []Square {
	out := make([]Square, 0, s.Len())
	for b := uint64(s); b != 0; b &= b - 1 {
		out = append(out, sq88(bits.TrailingZeros64(b)))
	}
	return out
}

// String lists the squares, like "[e4 d5]".
func (s SquareSet) String() string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, sq := range s.Squares() {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(sq.String())
	}
	sb.WriteByte(']')
	return sb.String()
}

// sq88 converts a 0..63 bit index to a 0x88 square.
func sq88(b int) Square { return Square(b + b&^7) }

// The tables below are computed once at start-up and only read afterwards.
var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	pawnAttacks   [2][64]uint64 // pawnAttacks[c][s]: squares a pawn of colour c on s attacks
	between       [64][64]uint64
	lineThrough   [64][64]uint64 // the whole rank, file or diagonal through both squares

	// rayStep[to-from+119]: the step of the line from from to to, 0 when not on one line.
	rayStep [239]int8
)

var (
	knightSteps = [8]int8{33, 31, 18, 14, -14, -18, -31, -33}
	kingSteps   = [8]int8{1, -1, 16, -16, 17, 15, -15, -17}
)

// tablesFilled tells whether the attack tables are filled. Go computes package-level values
// (startingPosition, and any a test file declares) before it runs init, so ParseFEN, through
// which every position comes, fills them first when they are not: no value is computed from
// empty tables. Filling happens while the package initialises, on one goroutine; later the
// flag is only read.
var tablesFilled bool

func init() { fillTables() }

// fillTables fills the attack tables of this file and of attacks.go, once.
func fillTables() {
	if tablesFilled {
		return
	}
	tablesFilled = true
	fillAttackTables()
	fillBoardTables()
	fillKeyTables()
}

func fillBoardTables() {
	for f := Square(0); f < 128; f++ {
		if !f.IsValid() {
			continue
		}
		fb := f.bit()
		for _, d := range knightSteps {
			if t := f + Square(d); t.IsValid() {
				knightAttacks[fb] |= 1 << t.bit()
			}
		}
		for _, d := range kingSteps {
			if t := f + Square(d); t.IsValid() {
				kingAttacks[fb] |= 1 << t.bit()
			}
		}
		for c, dirs := range [2][2]int8{{15, 17}, {-15, -17}} {
			for _, d := range dirs {
				if t := f + Square(d); t.IsValid() {
					pawnAttacks[c][fb] |= 1 << t.bit()
				}
			}
		}
		for _, d := range kingSteps {
			var path uint64
			for t := f + Square(d); t.IsValid(); t += Square(d) {
				tb := t.bit()
				rayStep[int(t)-int(f)+119] = d
				between[fb][tb] = path
				path |= 1 << tb
			}
		}
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			if a == b {
				continue
			}
			d := rayStep[int(sq88(b))-int(sq88(a))+119]
			if d == 0 {
				continue
			}
			var line uint64
			for t := sq88(a); t.IsValid(); t -= Square(d) {
				line |= 1 << t.bit()
			}
			for t := sq88(a); t.IsValid(); t += Square(d) {
				line |= 1 << t.bit()
			}
			lineThrough[a][b] = line
		}
	}
}

// StartingPosition returns the standard starting position (FIDE Laws 2.3):
// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.
func StartingPosition() Position { return startingPosition }

var startingPosition = MustParseFEN(startingFEN)

const startingFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// The 0x88 board is 8 ranks of 16 bytes: a rank's 8 squares, then 8 bytes off the board that
// no square uses. Those 8 words of 8 bytes hold the bitboards, so that the derived sets cost no
// bytes beside the board (Position is 152 bytes, not 224): word 0 holds the squares of White's
// pieces, word 1 Black's, and word t+1 (t = Pawn..King) those of both colours' pieces of type t.
// Like all derived data they are a function of the board, so == keeps its meaning.

// word returns bitboard word k&7, the 8 bytes after the squares of rank k&7.
func (p *Position) word(k uint) *uint64 {
	return (*uint64)(unsafe.Add(unsafe.Pointer(&p.board), k&7<<4+8))
}

// ofColor returns the squares of colour c's pieces.
func (p *Position) ofColor(c Color) uint64 { return *p.word(uint(c & 1)) }

// ofType returns the squares of both colours' pieces of type t (Pawn..King).
func (p *Position) ofType(t PieceType) uint64 { return *p.word(uint(t) + 1) }

// occupied returns the squares of all pieces.
func (p *Position) occupied() uint64 { return *p.word(0) | *p.word(1) }

// flip flips the squares b in the words of pc's colour and of its type (word takes them modulo
// 8, and a Black piece's value is its type's plus 8): it puts pc on those squares, or takes it
// off them.
func (p *Position) flip(pc Piece, b uint64) {
	*p.word(uint(pc >> 3)) ^= b
	*p.word(uint(pc) + 1) ^= b
}

// put places pc on the empty square sq, keeping the derived data in step.
func (p *Position) put(sq Square, pc Piece) {
	bit := sq.bit() & 63
	p.board[sq] = pc
	p.flip(pc, 1<<bit)
	p.hash ^= pieceSquareKeys[pc&15][bit]
}

// remove empties the occupied square sq.
func (p *Position) remove(sq Square) {
	pc, bit := p.board[sq], sq.bit()&63
	p.board[sq] = NoPiece
	p.flip(pc, 1<<bit)
	p.hash ^= pieceSquareKeys[pc&15][bit]
}

// IsValid reports whether p is a position of the kind ParseFEN returns: in particular false
// for the zero Position. Positions from StartingPosition, ParseFEN and Play are always valid.
// An invalid position has no legal moves: Play, PlayNull, ParseSAN and ParseUCI return an
// error wrapping ErrInvalidPosition, SAN and LAN return "", FEN returns "".
func (p Position) IsValid() bool {
	return p.board[p.kings[White]&0x77] == WhiteKing && p.board[p.kings[Black]&0x77] == BlackKing &&
		p.fullmove >= 1
}

// invalid is the cheap validity test of the hot paths. A Position is built only by the
// zero value, ParseFEN (never a fullmove number of 0) and the methods that derive one position
// from another, so the positions that lack kings are exactly those with a fullmove number of 0.
func (p *Position) invalid() bool { return p.fullmove == 0 }

// Turn returns the side to move.
func (p Position) Turn() Color { return p.turn }

// PieceAt returns the piece on sq, or NoPiece for an empty or off-board square.
func (p Position) PieceAt(sq Square) Piece {
	if !sq.IsValid() {
		return NoPiece
	}
	return p.board[sq]
}

// Pieces returns the squares of the pieces of colour c and type t; t = NoPieceType gives all
// pieces of colour c.
func (p Position) Pieces(c Color, t PieceType) SquareSet {
	switch {
	case t > King:
		return 0
	case t == NoPieceType:
		return SquareSet(p.ofColor(c))
	}
	return SquareSet(p.ofType(t) & p.ofColor(c))
}

// EnPassant returns the en-passant target square (the square a pawn passed over in a double
// step, FIDE Laws 3.7.3.2) when a pawn of the side to move stands ready to capture on it, and
// NoSquare otherwise.
func (p Position) EnPassant() Square { return p.ep }

// CastlingRights returns both players' remaining castling rights (FIDE Laws 3.8.2.1).
func (p Position) CastlingRights() CastlingRights { return p.castling }

// HalfmoveClock returns the number of halfmoves since the last capture or pawn move, the
// count of the 50- and 75-move rules (FIDE Laws 9.3, 9.6.2).
func (p Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the current move: 1 at the start, incremented after
// each move of Black.
func (p Position) FullmoveNumber() int { return int(p.fullmove) }

// KingSquare returns the square of the king of colour c.
func (p Position) KingSquare(c Color) Square { return p.kings[c&1] }

// Chess960 reports whether the position is of a Chess960 game (FIDE Laws, Guidelines III):
// castling then follows the Chess960 rules and UCI writes castling as king takes rook.
func (p Position) Chess960() bool { return p.chess960 }

// WithChess960 returns p marked as a Chess960 position (on = true) or as standard chess.
// Marking standard is refused when a castling right needs Chess960 rules (the king or the
// castling rook off its standard square): p is then returned unchanged.
func (p Position) WithChess960(on bool) Position {
	if !on && p.needsChess960() {
		return p
	}
	p.chess960 = on
	return p
}

// needsChess960 reports whether some castling right cannot be standard castling.
func (p Position) needsChess960() bool {
	for c := White; c <= Black; c++ {
		for side := KingSide; side <= QueenSide; side++ {
			r := p.castling.RookSquare(c, side)
			if r == NoSquare {
				continue
			}
			want := [2]int{7, 0}[side]
			if p.kings[c].File() != 4 || r.File() != want {
				return true
			}
		}
	}
	return false
}

// InCheck reports whether the side to move is in check (FIDE Laws 3.9).
func (p Position) InCheck() bool {
	return p.attackersTo(p.kings[p.turn], p.turn.Other(), p.occupied()) != 0
}

// Checkers returns the squares of the pieces that give check to the side to move.
func (p Position) Checkers() SquareSet {
	return SquareSet(p.attackersTo(p.kings[p.turn], p.turn.Other(), p.occupied()))
}

// IsAttacked reports whether a piece of colour by attacks sq (FIDE Laws 3.1.3): could move
// there or capture there, pins ignored. An off-board square is never attacked.
func (p Position) IsAttacked(sq Square, by Color) bool {
	return sq.IsValid() && p.attackersTo(sq, by&1, p.occupied()) != 0
}

// Attackers returns the squares of the pieces of colour by that attack sq.
func (p Position) Attackers(sq Square, by Color) SquareSet {
	if !sq.IsValid() {
		return 0
	}
	return SquareSet(p.attackersTo(sq, by&1, p.occupied()))
}

// Pinned returns the squares of the pieces of colour c that are pinned to their own king:
// moving one off the line between its king and the enemy bishop, rook or queen behind it would
// expose the king (FIDE Laws 3.9).
func (p Position) Pinned(c Color) SquareSet {
	_, pinned := p.checkersAndPins(c & 1)
	return SquareSet(pinned)
}

// attackersTo returns the pieces of colour by that attack sq when the occupied squares are
// occupied; a piece off occupied does not attack.
func (p *Position) attackersTo(sq Square, by Color, occupied uint64) uint64 {
	return p.attackersToBit(int(sq.bit()), by, occupied)
}

func (p *Position) attackersToBit(b int, by Color, occupied uint64) uint64 {
	b &= 63
	queens := p.ofType(Queen)
	return (knightAttacks[b]&p.ofType(Knight) | pawnAttacks[by^1][b]&p.ofType(Pawn) |
		kingAttacks[b]&p.ofType(King) |
		bishopAttacks(b, occupied)&(p.ofType(Bishop)|queens) |
		rookAttacks(b, occupied)&(p.ofType(Rook)|queens)) & p.ofColor(by&1) & occupied
}

// attacked reports whether sq is attacked by colour by, cheaper than attackersTo != 0.
func (p *Position) attacked(sq Square, by Color, occupied uint64) bool {
	return p.attackedBit(int(sq.bit()), by, occupied)
}

// attackedBit is attacked for the square of bit b. The sliders are tried only when some
// enemy slider stands on a line through the square.
func (p *Position) attackedBit(b int, by Color, occupied uint64) bool {
	b &= 63
	their := p.ofColor(by&1) & occupied
	if (knightAttacks[b]&p.ofType(Knight)|pawnAttacks[by^1][b]&p.ofType(Pawn)|
		kingAttacks[b]&p.ofType(King))&their != 0 {
		return true
	}
	queens := p.ofType(Queen)
	if diag := (p.ofType(Bishop) | queens) & their; diag&bishopRays(b) != 0 && bishopAttacks(b, occupied)&diag != 0 {
		return true
	}
	straight := (p.ofType(Rook) | queens) & their
	return straight&rookRays(b) != 0 && rookAttacks(b, occupied)&straight != 0
}

// attackedOnLines reports whether one of the pieces of their, all of colour by, attacks the
// square of bit b when occ is occupied: knights, pawns and kings by their tables, bishops,
// rooks and queens when they stand on a line through b with nothing of occ between (one
// lookup per such slider). It is attackedBit with the attackers given apart from the
// blockers (a piece just captured is in occ but not in their), without sliding attacks.
func (p *Position) attackedOnLines(b int, by Color, their, occ uint64) bool {
	b &= 63
	if (knightAttacks[b]&p.ofType(Knight)|pawnAttacks[by&1^1][b]&p.ofType(Pawn)|kingAttacks[b]&p.ofType(King))&their != 0 {
		return true
	}
	queens := p.ofType(Queen)
	for s := (bishopRays(b)&(p.ofType(Bishop)|queens) | rookRays(b)&(p.ofType(Rook)|queens)) & their; s != 0; s &= s - 1 {
		if between[b][bits.TrailingZeros64(s)&63]&occ == 0 {
			return true
		}
	}
	return false
}

// checkersAndPins finds the enemy pieces that give check to the king of colour us and the
// pieces of us pinned to that king.
func (p *Position) checkersAndPins(us Color) (checkers, pinned uint64) {
	us &= 1
	them := us ^ 1
	kb := int(p.kings[us].bit())
	their := p.ofColor(them)
	checkers = (knightAttacks[kb]&p.ofType(Knight) | pawnAttacks[us][kb]&p.ofType(Pawn)) & their
	queens := p.ofType(Queen)
	snipers := (bishopRays(kb)&(p.ofType(Bishop)|queens) | rookRays(kb)&(p.ofType(Rook)|queens)) & their
	for ; snipers != 0; snipers &= snipers - 1 {
		f := bits.TrailingZeros64(snipers)
		switch blockers := between[f][kb] & p.occupied(); {
		case blockers == 0:
			checkers |= 1 << f
		case blockers&(blockers-1) == 0 && blockers&p.ofColor(us) != 0:
			pinned |= blockers
		}
	}
	return checkers, pinned
}

// maxMoves bounds the legal moves of any position ParseFEN accepts: a king and 15 queens have
// at most 8 + 15*27 = 413.
const maxMoves = 512

// moveList is a fixed-size list the move generator fills without allocating.
type moveList struct {
	n     int
	moves [maxMoves]Move
}

func (ml *moveList) add(m Move) {
	ml.moves[ml.n&(maxMoves-1)] = m
	ml.n++
}

// addTargets adds a move from from to each square of targets, in the order of the squares.
func (ml *moveList) addTargets(from Square, targets uint64) {
	for ; targets != 0; targets &= targets - 1 {
		ml.add(Move(from) | Move(sq88(bits.TrailingZeros64(targets)))<<8)
	}
}

// addPawn adds a pawn move, as four promotions when it reaches the last rank.
func (ml *moveList) addPawn(from, to Square) {
	m := Move(from) | Move(to)<<8
	if r := to >> 4; r == 7 || r == 0 {
		ml.add(m | Move(Queen)<<16)
		ml.add(m | Move(Rook)<<16)
		ml.add(m | Move(Bishop)<<16)
		ml.add(m | Move(Knight)<<16)
		return
	}
	ml.add(m)
}

// LegalMoves returns the legal moves of the side to move (FIDE Laws 3), in a new slice.
// The order is the generator's: the king's moves first, then castling, then each other piece
// in the order of its square (a1, b1, …, h8), its moves by destination square (a pawn's:
// push, double step, captures); it is stable for a position.
// An invalid position (the zero Position) has none.
func (p Position) LegalMoves() []Move {
	if p.invalid() {
		return []Move{}
	}
	var ml moveList
	p.generate(&ml)
	out := make([]Move, ml.n)
	copy(out, ml.moves[:ml.n])
	return out
}

// AppendLegalMoves appends the legal moves of the side to move to dst and returns the
// extended slice; with enough capacity in dst (218 suffices for every position reachable in a
// game) it does not allocate. An invalid position (the zero Position) appends nothing.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if p.invalid() {
		return dst
	}
	var ml moveList
	p.generate(&ml)
	return append(dst, ml.moves[:ml.n]...)
}

// generate fills ml with the legal moves of the side to move. It generates legal moves
// directly: checkers and pins come from the king's lines, so no move is made and taken back.
// countLegal counts the same moves without producing them (a test keeps the two in step).
func (p *Position) generate(ml *moveList) {
	ml.n = 0
	us := p.turn & 1
	them := us ^ 1
	ksq := p.kings[us]
	kb := int(ksq.bit())
	own := p.ofColor(us)
	all := p.occupied()
	checkers, pinned := p.checkersAndPins(us)

	// King moves: the destination must not be attacked once the king has left its square.
	for t := kingAttacks[kb] &^ own; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		if !p.attackedBit(to, them, all&^(1<<kb)) {
			ml.add(Move(ksq) | Move(sq88(to))<<8)
		}
	}
	if checkers&(checkers-1) != 0 {
		return // double check: only the king moves
	}
	target := ^own
	if checkers != 0 {
		target = checkers | between[kb][bits.TrailingZeros64(checkers)]
	} else if p.castling != 0 {
		p.genCastling(ml, us)
	}

	for s := own &^ (1 << kb); s != 0; s &= s - 1 {
		f := bits.TrailingZeros64(s)
		from := sq88(f)
		allowed := target
		if pinned&(1<<f) != 0 {
			allowed &= lineThrough[kb][f]
		}
		switch PieceType(p.board[from] & 7) {
		case Pawn:
			p.genPawn(ml, from, allowed)
		case Knight:
			ml.addTargets(from, knightAttacks[f]&allowed)
		case Bishop:
			ml.addTargets(from, bishopAttacks(f, all)&allowed)
		case Rook:
			ml.addTargets(from, rookAttacks(f, all)&allowed)
		case Queen:
			ml.addTargets(from, (bishopAttacks(f, all)|rookAttacks(f, all))&allowed)
		}
	}
}

// Rank sets of the pawn rules (draw.go has the files).
const (
	rank1     uint64 = 0xff
	rank3            = rank1 << 16
	rank6            = rank1 << 40
	rank8            = rank1 << 56
	lastRanks        = rank1 | rank8 // a pawn arriving there promotes: four moves
)

// countLegal returns the number of legal moves of the side to move: the moves generate makes,
// counted as the sizes of target sets (bulk counting in Perft), with the pawns that are not
// pinned moved all at once by shifting their set.
func (p *Position) countLegal() int {
	us := p.turn & 1
	them := us ^ 1
	kb := int(p.kings[us].bit())
	own, their := p.ofColor(us), p.ofColor(them)
	all := p.occupied()
	checkers, pinned := p.checkersAndPins(us)

	n := 0
	for t := kingAttacks[kb] &^ own; t != 0; t &= t - 1 {
		if !p.attackedBit(bits.TrailingZeros64(t), them, all&^(1<<kb)) {
			n++
		}
	}
	if checkers&(checkers-1) != 0 {
		return n
	}
	target := ^own
	if checkers != 0 {
		target = checkers | between[kb][bits.TrailingZeros64(checkers)]
	} else if p.castling != 0 {
		n += p.countCastling(us)
	}

	for s := p.ofType(Knight) & own &^ pinned; s != 0; s &= s - 1 {
		n += bits.OnesCount64(knightAttacks[bits.TrailingZeros64(s)] & target)
	}
	queens := p.ofType(Queen)
	for s := (p.ofType(Bishop) | queens) & own; s != 0; s &= s - 1 {
		f := bits.TrailingZeros64(s)
		a := bishopAttacks(f, all) & target
		if pinned>>f&1 != 0 {
			a &= lineThrough[kb][f]
		}
		n += bits.OnesCount64(a)
	}
	for s := (p.ofType(Rook) | queens) & own; s != 0; s &= s - 1 {
		f := bits.TrailingZeros64(s)
		a := rookAttacks(f, all) & target
		if pinned>>f&1 != 0 {
			a &= lineThrough[kb][f]
		}
		n += bits.OnesCount64(a)
	}

	pawns := p.ofType(Pawn) & own
	free := pawns &^ pinned
	empty := ^all
	var push, double, left, right uint64
	if us == White {
		push = free << 8 & empty
		double = (push & rank3) << 8 & empty & target
		left = (free &^ fileA) << 7 & their & target
		right = (free &^ fileH) << 9 & their & target
	} else {
		push = free >> 8 & empty
		double = (push & rank6) >> 8 & empty & target
		left = (free &^ fileA) >> 9 & their & target
		right = (free &^ fileH) >> 7 & their & target
	}
	push &= target
	n += bits.OnesCount64(push) + bits.OnesCount64(double) + bits.OnesCount64(left) + bits.OnesCount64(right) +
		3*(bits.OnesCount64(push&lastRanks)+bits.OnesCount64(left&lastRanks)+bits.OnesCount64(right&lastRanks))
	for s := pawns & pinned; s != 0; s &= s - 1 {
		f := bits.TrailingZeros64(s)
		allowed := target & lineThrough[kb][f]
		a := pawnAttacks[us][f] & their
		up, start := f+8, rank1<<8
		if us == Black {
			up, start = f-8, rank1<<48
		}
		if all>>(up&63)&1 == 0 {
			a |= 1 << (up & 63)
			if start>>f&1 != 0 {
				a |= (1 << (up & 63)) << 8 >> (16 * uint(us)) &^ all
			}
		}
		a &= allowed
		n += bits.OnesCount64(a) + 3*bits.OnesCount64(a&lastRanks)
	}
	if p.ep != NoSquare {
		eb := p.ep.bit()
		for s := pawnAttacks[them][eb] & pawns; s != 0; s &= s - 1 {
			if p.epLegal(sq88(bits.TrailingZeros64(s)), p.ep) {
				n++
			}
		}
	}
	return n
}

// genPawn adds the moves of the pawn on from that land on allowed squares, and its en-passant
// capture, which gets a test of its own.
func (p *Position) genPawn(ml *moveList, from Square, allowed uint64) {
	up := Square(16)
	startRank := Square(0x10)
	if p.turn == Black {
		up = 256 - 16 // Square arithmetic wraps: adding it steps one rank down
		startRank = 0x60
	}
	if to := from + up; p.board[to&0x7f] == NoPiece {
		if allowed>>to.bit()&1 != 0 {
			ml.addPawn(from, to)
		}
		if to2 := to + up; from&0x70 == startRank && p.board[to2&0x7f] == NoPiece && allowed>>to2.bit()&1 != 0 {
			ml.add(Move(from) | Move(to2)<<8)
		}
	}
	for _, to := range [2]Square{from + up - 1, from + up + 1} {
		if to&0x88 != 0 {
			continue
		}
		if pc := p.board[to&0x7f]; pc != NoPiece && pc>>3 != Piece(p.turn) && allowed>>to.bit()&1 != 0 {
			ml.addPawn(from, to)
		} else if to == p.ep && p.epLegal(from, to) {
			ml.add(Move(from) | Move(to)<<8 | moveEnPassant)
		}
	}
}

// epLegal tests an en-passant capture by its result: two pawns leave one rank and a third
// square fills, so no pin or check mask can tell; the king must not be attacked afterwards.
func (p *Position) epLegal(from, to Square) bool {
	captured := from&0x70 | to&7
	occ := p.occupied()&^(1<<from.bit())&^(1<<captured.bit()) | 1<<to.bit()
	return !p.attacked(p.kings[p.turn], p.turn^1, occ)
}

// genCastlingOnly fills ml with the legal castling moves of the side to move.
func (p *Position) genCastlingOnly(ml *moveList) {
	ml.n = 0
	if p.castling != 0 && !p.attacked(p.kings[p.turn], p.turn^1, p.occupied()) {
		p.genCastling(ml, p.turn)
	}
}

// genCastling adds the castling moves of colour us, who is not in check.
func (p *Position) genCastling(ml *moveList, us Color) {
	for side := KingSide; side <= QueenSide; side++ {
		if m, ok := p.castlingMove(us, side); ok {
			ml.add(m)
		}
	}
}

// countCastling counts the castling moves of colour us, who is not in check.
func (p *Position) countCastling(us Color) int {
	n := 0
	for side := KingSide; side <= QueenSide; side++ {
		if _, ok := p.castlingMove(us, side); ok {
			n++
		}
	}
	return n
}

// castlingMove returns the castling move of colour us on side and whether it is legal, us not
// being in check (FIDE Laws 3.8.2 and the Chess960 rules of Guidelines III): every square
// between the king and its destination and between the rook and its destination must be
// empty but for these two pieces; the squares the king crosses and its destination must not
// be attacked; and the king must not be in check once the rook stands on its own destination.
func (p *Position) castlingMove(us Color, side CastlingSide) (Move, bool) {
	rsq := p.castling.RookSquare(us, side)
	if rsq == NoSquare {
		return NullMove, false
	}
	ksq := p.kings[us&1]
	kto, rto := castleKingTo(ksq, rsq), castleRookTo(ksq, rsq)
	kb, rb := uint64(1)<<ksq.bit(), uint64(1)<<rsq.bit()
	path := between[ksq.bit()][kto.bit()] | between[rsq.bit()][rto.bit()] |
		1<<kto.bit() | 1<<rto.bit()
	if path&p.occupied()&^kb&^rb != 0 {
		return NullMove, false
	}
	occ := p.occupied() &^ kb
	for t := between[ksq.bit()][kto.bit()] | 1<<kto.bit(); t != 0; t &= t - 1 {
		if p.attackedBit(bits.TrailingZeros64(t), us^1, occ) {
			return NullMove, false
		}
	}
	if p.attacked(kto, us^1, occ&^rb|1<<rto.bit()) {
		return NullMove, false
	}
	m := Move(ksq) | Move(rsq)<<8 | moveCastle
	if p.chess960 {
		m |= moveChess960
	}
	return m, true
}

// play makes the move m, which must be legal in p, updating every field incrementally. The
// rare work (castling, en passant, the castling rights, the en-passant square after a
// double step) is left to calls at the end, which keeps the common path in registers.
func (p *Position) play(m Move) {
	if m&moveCastle != 0 {
		p.playCastling(m)
		return
	}
	us := p.turn & 1
	from, to := m.from(), m.rawTo()
	pc, captured := p.board[from], p.board[to]
	placed := pc
	if promo := m.Promotion(); promo != NoPieceType {
		placed = Piece(us)<<3 | Piece(promo)
	}
	fb, tb := from.bit()&63, to.bit()&63
	fromBit, toBit := uint64(1)<<fb, uint64(1)<<tb
	hash := p.hash ^ turnKey ^ pieceSquareKeys[pc&15][fb] ^ pieceSquareKeys[placed&15][tb]
	if p.ep != NoSquare {
		hash ^= epKey(p.ep)
		p.ep = NoSquare
	}
	p.turn = us ^ 1
	p.fullmove += uint32(us) // after Black's move
	p.halfmove++
	// remove and put, merged: the mover's colour bits flip in one XOR
	p.board[from] = NoPiece
	p.board[to] = placed
	if captured != NoPiece {
		p.flip(captured, toBit)
		hash ^= pieceSquareKeys[captured&15][tb]
		p.halfmove = 0
	}
	*p.word(uint(us)) ^= fromBit | toBit
	*p.word(uint(pc) + 1) ^= fromBit
	*p.word(uint(placed) + 1) ^= toBit
	p.hash = hash
	if PieceType(pc&7) == King {
		p.kings[us] = to
	}
	if p.castling != 0 && (PieceType(pc&7) == King || PieceType(pc&7) == Rook || PieceType(captured&7) == Rook) {
		p.loseCastling(pc, from, to, captured)
	}
	if PieceType(pc&7) == Pawn {
		p.halfmove = 0
		if m&moveEnPassant != 0 {
			p.remove(from&0x70 | to&7)
		} else if to-from == 32 || from-to == 32 {
			p.setEnPassant((from+to)/2, to)
		}
	}
}

// playCastling is play for a castling move.
func (p *Position) playCastling(m Move) {
	us := p.turn & 1
	from, to := m.from(), m.rawTo()
	if p.ep != NoSquare {
		p.hash ^= epKey(p.ep)
		p.ep = NoSquare
	}
	p.turn = us ^ 1
	p.fullmove += uint32(us)
	p.halfmove++
	p.hash ^= turnKey
	king, rook := p.board[from], p.board[to]
	kto, rto := castleKingTo(from, to), castleRookTo(from, to)
	p.remove(from)
	p.remove(to)
	p.put(kto, king)
	p.put(rto, rook)
	p.kings[us] = kto
	rights := p.castling
	p.castling = rights.without(us)
	p.hash ^= castlingKey(rights) ^ castlingKey(p.castling)
}

// loseCastling takes away the castling rights that the move of pc from from to to, taking
// captured, ends (FIDE Laws 3.8.2.1): all of the king's, those of a rook that moves or is
// taken.
func (p *Position) loseCastling(pc Piece, from, to Square, captured Piece) {
	rights := p.castling
	left := rights
	switch PieceType(pc & 7) {
	case King:
		left = left.without(pc.Color())
	case Rook:
		left = left.withoutRook(from)
	}
	if PieceType(captured&7) == Rook {
		left = left.withoutRook(to)
	}
	if left != rights {
		p.castling = left
		p.hash ^= castlingKey(rights ^ left) // the rights lost: those of left are kept whole
	}
}

// undo is what play overwrites that neither the move nor the position after it tells: with
// it unplay takes the move back, so that a caller that rarely needs the position before a
// move keeps this instead of a copy of the position.
type undo struct {
	hash     uint64
	halfmove uint32
	castling CastlingRights
	ep       Square
	captured Piece // what stood on the destination: NoPiece but for a capture (and castling's rook)
}

// undoOf returns the undo of the move m (NullMove too) in p, before it is played.
func (p *Position) undoOf(m Move) undo {
	return undo{hash: p.hash, halfmove: p.halfmove, castling: p.castling, ep: p.ep, captured: p.board[m.rawTo()]}
}

// unplay takes back the move m (NullMove too) that play (PlayNull) just made, u being its
// undoOf: p is then again the position before m.
func (p *Position) unplay(m Move, u undo) {
	p.turn ^= 1
	us := p.turn & 1
	if us == Black {
		p.fullmove--
	}
	switch from, to := m.from(), m.rawTo(); {
	case m == NullMove:
	case m&moveCastle != 0:
		kto, rto := castleKingTo(from, to), castleRookTo(from, to)
		king, rook := p.board[kto], p.board[rto]
		p.remove(kto)
		p.remove(rto)
		p.put(from, king)
		p.put(to, rook)
		p.kings[us] = from
	default:
		pc := p.board[to]
		if m.Promotion() != NoPieceType {
			pc = NewPiece(us, Pawn)
		}
		p.remove(to)
		p.put(from, pc)
		if u.captured != NoPiece {
			p.put(to, u.captured)
		}
		if m&moveEnPassant != 0 {
			p.put(from&0x70|to&7, NewPiece(us^1, Pawn))
		}
		if PieceType(pc&7) == King {
			p.kings[us] = from
		}
	}
	p.hash, p.halfmove, p.castling, p.ep = u.hash, u.halfmove, u.castling, u.ep
}

// setEnPassant records sq as the en-passant square after a double step to pawnTo, but only
// when a pawn of the side to move (the opponent of the pawn that stepped) stands next to
// pawnTo, ready to capture (the Polyglot rule).
func (p *Position) setEnPassant(sq, pawnTo Square) {
	enemyPawn := NewPiece(p.turn, Pawn)
	if l := pawnTo - 1; l&0x88 == 0 && p.board[l] == enemyPawn ||
		(pawnTo+1)&0x88 == 0 && p.board[pawnTo+1] == enemyPawn {
		p.ep = sq
		p.hash ^= epKey(sq)
	}
}

// matchMove returns the legal move that m names: m itself when it is legal, or the legal move
// with the same squares and promotion, castling written as king takes rook or (in standard
// chess) as the king's two-square move.
func (p *Position) matchMove(m Move) (Move, bool) {
	var ml moveList
	p.generate(&ml)
	from, to, promo := m.from(), m.To(), m.Promotion()
	for _, lm := range ml.moves[:ml.n] {
		if lm == m {
			return lm, true
		}
	}
	for _, lm := range ml.moves[:ml.n] {
		if lm.from() != from || lm.Promotion() != promo {
			continue
		}
		if lm.rawTo() == to || lm.IsCastle() && !p.chess960 && lm.To() == to {
			return lm, true
		}
	}
	return NullMove, false
}

// IsLegal reports whether m is a legal move in p (FIDE Laws 3.10.1); a plain move from
// NewMove counts when it names a legal move as Play accepts it. No move is legal in an
// invalid position.
func (p Position) IsLegal(m Move) bool {
	if p.invalid() {
		return false
	}
	if p.isLegal(m) {
		return true
	}
	_, ok := p.matchMove(m)
	return ok
}

// Play returns the position after the legal move m (FIDE Laws 3 and 4). p is not changed.
// When m is not legal, Play returns p unchanged and a *MoveError wrapping ErrIllegalMove.
// m may come from LegalMoves, ParseUCI, ParseSAN or NewMove; Play(NullMove) is PlayNull().
// In an invalid position (the zero Position) the error wraps ErrInvalidPosition.
func (p Position) Play(m Move) (Position, error) {
	if p.invalid() {
		return p, errInvalidPositionMove(p, m)
	}
	if m == NullMove {
		return p.PlayNull()
	}
	if p.isLegal(m) { // m as the generator makes it: checked without generating every move
		p.play(m)
		return p, nil
	}
	lm, ok := p.matchMove(m)
	if !ok {
		return p, p.moveError(m.String(), m)
	}
	p.play(lm)
	return p, nil
}

// PlayNull returns the position after a null move, the pass that PGN readers and engines
// write as "--" or "0000": the turn passes, the en-passant square is cleared, the halfmove
// clock counts a halfmove. Not a move of the FIDE Laws: refused with a *MoveError wrapping
// ErrIllegalMove when the side to move is in check, and wrapping ErrInvalidPosition in an
// invalid position.
func (p Position) PlayNull() (Position, error) {
	if p.invalid() {
		return p, errInvalidPositionMove(p, NullMove)
	}
	if p.InCheck() {
		return p, p.moveError("0000", NullMove)
	}
	if p.ep != NoSquare {
		p.hash ^= epKey(p.ep)
		p.ep = NoSquare
	}
	p.halfmove++
	if p.turn == Black {
		p.fullmove++
	}
	p.turn ^= 1
	p.hash ^= turnKey
	return p, nil
}

// String returns the position as one line of text: its FEN, or "invalid position" for an
// invalid position (the zero Position), as netip.Addr writes "invalid IP". Diagram draws the
// board.
func (p Position) String() string {
	if p.invalid() {
		return "invalid position"
	}
	return p.FEN()
}

func errInvalidPositionMove(p Position, m Move) error {
	return &MoveError{Input: m.String(), Position: p, Err: ErrInvalidPosition, Reason: "the position is not valid"}
}

// givesCheck reports whether the legal move m puts the opponent's king in check, without
// playing it: the moved piece attacks the king from its destination (direct check), or the
// squares it leaves (the captured pawn's too, en passant) open a line from one of our
// bishops, rooks or queens to the king (discovered check). Castling, rare, is played.
func (p *Position) givesCheck(m Move) bool {
	if m&moveCastle != 0 {
		q := *p
		q.play(m)
		return q.InCheck()
	}
	us := p.turn & 1
	from, to := m.from(), m.rawTo()
	kb := int(p.kings[us^1].bit())
	fb, tb := int(from.bit()), int(to.bit())
	occ := p.occupied()&^(1<<fb) | 1<<tb
	if m&moveEnPassant != 0 {
		occ &^= 1 << (from&0x70 | to&7).bit()
	}
	pt := PieceType(p.board[from&0x7f] & 7)
	if promo := m.Promotion(); promo != NoPieceType {
		pt = promo
	}
	var direct uint64
	switch pt {
	case Pawn:
		direct = pawnAttacks[us][tb]
	case Knight:
		direct = knightAttacks[tb]
	case Bishop:
		direct = bishopAttacks(tb, occ)
	case Rook:
		direct = rookAttacks(tb, occ)
	case Queen:
		direct = bishopAttacks(tb, occ) | rookAttacks(tb, occ)
	}
	if direct>>kb&1 != 0 {
		return true
	}
	if m&moveEnPassant == 0 && (bishopRays(kb)|rookRays(kb))>>fb&1 == 0 {
		return false // nothing leaves a line through the king
	}
	queens := p.ofType(Queen)
	return (bishopAttacks(kb, occ)&(p.ofType(Bishop)|queens)|rookAttacks(kb, occ)&(p.ofType(Rook)|queens))&
		p.ofColor(us)&^(1<<fb) != 0
}

// checkSuffix returns the SAN suffix of the legal move m (PGN Standard §8.2.3.5): '+' for
// check, '#' for checkmate, 0 for neither. Only a checking move is played, to look for a reply.
func (p *Position) checkSuffix(m Move) byte {
	if !p.givesCheck(m) {
		return 0
	}
	child := *p
	child.play(m)
	if child.kingCanMove() || child.countLegal() != 0 {
		return '+'
	}
	return '#'
}

// kingCanMove reports whether the king of the side to move has a legal move other than
// castling: most checks are answered so, without looking at the other pieces.
func (p *Position) kingCanMove() bool {
	us := p.turn & 1
	kb := int(p.kings[us].bit())
	occ := p.occupied() &^ (1 << kb)
	for t := kingAttacks[kb] &^ p.ofColor(us); t != 0; t &= t - 1 {
		if !p.attackedBit(bits.TrailingZeros64(t), us^1, occ) {
			return true
		}
	}
	return false
}
