package chess

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// The properties below run over positions reached by random legal play from the standard
// starting position and from random Chess960 starting positions. Every position of a game is
// checked, not only the last one.

// propertyRuns is how many random games each property plays; -short plays fewer (CI runs the
// short suite under the race detector).
func propertyRuns() int {
	if testing.Short() {
		return 40
	}
	return 300
}

// propertySeed is the seed of the property run: $CHESS_PROPERTY_SEED when set (to replay a
// failure, whose seed gopter prints), else the clock.
func propertySeed(t *testing.T) int64 {
	if s := os.Getenv("CHESS_PROPERTY_SEED"); s != "" {
		seed, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("CHESS_PROPERTY_SEED=%q: %v", s, err)
		}
		return seed
	}
	return time.Now().UnixNano()
}

const maxPlies = 200

// randomGame plays up to plies random legal moves from start, seeded by seed, and returns
// every position of the game, start included. Castling, en passant and promotions are rare
// among random moves, so when one is legal it is played half of the time.
func randomGame(start Position, seed int64, plies int) ([]Position, error) {
	rng := rand.New(rand.NewSource(seed))
	game := []Position{start}
	p := start
	for range plies {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		var special []Move
		for _, m := range moves {
			if m.IsCastle() || m.IsEnPassant() || m.Promotion() != NoPieceType {
				special = append(special, m)
			}
		}
		m := moves[rng.Intn(len(moves))]
		if len(special) > 0 && rng.Intn(2) == 0 {
			m = special[rng.Intn(len(special))]
		}
		q, err := p.Play(m)
		if err != nil {
			return game, fmt.Errorf("Play(%v) of a move of LegalMoves in %s: %v", m, p.FEN(), err)
		}
		p = q
		game = append(game, p)
	}
	return game, nil
}

// chess960BackRank returns the white back rank of Chess960 starting position n (0..959) in
// Scharnagl's numbering, where 518 is the standard array: the light-squared bishop on b, d,
// f or h, the dark-squared bishop on a, c, e or g, the queen on one of the six free squares,
// the knights on two of the five left, and rook, king, rook on the last three in that order.
func chess960BackRank(n int) [8]PieceType {
	var r [8]PieceType
	n, light := n/4, n%4
	r[2*light+1] = Bishop
	n, dark := n/4, n%4
	r[2*dark] = Bishop
	n, queen := n/6, n%6
	free := func() []int {
		var out []int
		for f, t := range r {
			if t == NoPieceType {
				out = append(out, f)
			}
		}
		return out
	}
	r[free()[queen]] = Queen
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	f := free()
	r[f[knights[0]]], r[f[knights[1]]] = Knight, Knight
	f = free()
	r[f[0]], r[f[1]], r[f[2]] = Rook, King, Rook
	return r
}

// chess960FEN returns the FEN of Chess960 starting position n with Shredder-FEN castling
// (the rooks' file letters, h-side first: "HAha" for the standard array).
func chess960FEN(n int) string {
	r := chess960BackRank(n)
	var back, rooks []byte
	for f, t := range r {
		back = append(back, NewPiece(Black, t).fenLetter())
		if t == Rook {
			rooks = append([]byte{'A' + byte(f)}, rooks...)
		}
	}
	castling := string(rooks) + strings.ToLower(string(rooks))
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1", back, strings.ToUpper(string(back)), castling)
}

func TestChess960StartingPositions(t *testing.T) {
	seen := map[[8]PieceType]int{}
	for n := range 960 {
		r := chess960BackRank(n)
		if m, ok := seen[r]; ok {
			t.Fatalf("positions %d and %d have the same back rank %v", m, n, r)
		}
		seen[r] = n
		var bishops, rooks []int
		king := -1
		count := map[PieceType]int{}
		for f, pt := range r {
			count[pt]++
			switch pt {
			case Bishop:
				bishops = append(bishops, f)
			case Rook:
				rooks = append(rooks, f)
			case King:
				king = f
			}
		}
		if count[King] != 1 || count[Queen] != 1 || count[Rook] != 2 || count[Bishop] != 2 || count[Knight] != 2 {
			t.Fatalf("position %d: back rank %v", n, r)
		}
		if (bishops[0]+bishops[1])%2 == 0 {
			t.Errorf("position %d: bishops on files %v are on squares of one colour", n, bishops)
		}
		if !(rooks[0] < king && king < rooks[1]) {
			t.Errorf("position %d: king on file %d is not between the rooks on %v", n, king, rooks)
		}
		p, err := ParseFEN(chess960FEN(n))
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		if !p.Chess960() {
			t.Errorf("position %d: ParseFEN(%q).Chess960() = false", n, chess960FEN(n))
		}
	}
	if got, want := chess960FEN(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"; got != want {
		t.Errorf("chess960FEN(518) = %q, want %q", got, want)
	}
	if got := MustParseFEN(chess960FEN(518)); got != StartingPosition().WithChess960(true) {
		t.Errorf("Chess960 position 518 = %s, want the standard starting position marked Chess960", got.FEN())
	}
}

// positionCheck is one property: it returns "" when p has it, else what is wrong.
type positionCheck func(p Position) string

func TestProperties(t *testing.T) {
	t.Parallel()
	seed := propertySeed(t)
	t.Logf("gopter seed %d (set CHESS_PROPERTY_SEED to replay)", seed)
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = propertyRuns()
	props := gopter.NewProperties(params)

	checks := []struct {
		name  string
		check positionCheck
	}{
		{"FEN round trip", checkFENRoundTrip},
		{"no legal move leaves the king attacked", checkKingSafe},
		{"LegalMoves equals the reference generator", checkReference},
		{"Play never changes its receiver", checkPlayImmutable},
		{"Play sets board, turn, clocks, castling and en passant by the rules", checkPlayFields},
		{"Perft(p, 1) == len(LegalMoves)", checkPerftOne},
		{"Hash equals computeHash after every move", checkHash},
	}
	for _, c := range checks {
		props.Property(c.name+" (standard)", prop.ForAll(
			func(seed int64, plies int) string {
				return checkGame(StartingPosition(), seed, plies, c.check)
			},
			gen.Int64(), gen.IntRange(0, maxPlies)))
		props.Property(c.name+" (Chess960)", prop.ForAll(
			func(n int, seed int64, plies int) string {
				start, err := ParseFEN(chess960FEN(n))
				if err != nil {
					return err.Error()
				}
				return checkGame(start, seed, plies, c.check)
			},
			gen.IntRange(0, 959), gen.Int64(), gen.IntRange(0, maxPlies)))
	}
	props.TestingRun(t)
}

// checkGame plays a random game and checks every position of it.
func checkGame(start Position, seed int64, plies int, check positionCheck) string {
	game, err := randomGame(start, seed, plies)
	if err != nil {
		return err.Error()
	}
	for i, p := range game {
		if msg := check(p); msg != "" {
			return fmt.Sprintf("ply %d, %s: %s", i, p.FEN(), msg)
		}
	}
	return ""
}

func checkFENRoundTrip(p Position) string {
	q, err := ParseFEN(p.FEN())
	if err != nil {
		return fmt.Sprintf("ParseFEN(FEN()): %v", err)
	}
	if q = q.WithChess960(p.Chess960()); q != p {
		return fmt.Sprintf("ParseFEN(FEN()) != p: %s (chess960 %v), want %s (chess960 %v)", q.FEN(), q.Chess960(), p.FEN(), p.Chess960())
	}
	return ""
}

func checkKingSafe(p Position) string {
	mover := p.Turn()
	for _, m := range p.LegalMoves() {
		q, err := p.Play(m)
		if err != nil {
			return fmt.Sprintf("Play(%v): %v", m, err)
		}
		k := q.KingSquare(mover)
		if q.PieceAt(k) != NewPiece(mover, King) {
			return fmt.Sprintf("after %v KingSquare(%v) = %v holds %v", m, mover, k, q.PieceAt(k))
		}
		if q.IsAttacked(k, mover.Other()) {
			return fmt.Sprintf("%v leaves the king on %v attacked (IsAttacked)", m, k)
		}
		if r := newRefPos(q); r.attacked(k, mover.Other()) {
			return fmt.Sprintf("%v leaves the king on %v attacked (naive scan)", m, k)
		}
	}
	return ""
}

func checkReference(p Position) string {
	if diff := diffMoveSets(refLegalMoves(p), p.LegalMoves()); diff != "" {
		return "LegalMoves differs from the reference (-ref +LegalMoves):\n" + diff
	}
	return ""
}

func checkPlayImmutable(p Position) string {
	before := p
	for _, m := range p.LegalMoves() {
		q, err := p.Play(m)
		if err != nil {
			return fmt.Sprintf("Play(%v): %v", m, err)
		}
		if p != before {
			return fmt.Sprintf("Play(%v) changed its receiver to %s", m, p.FEN())
		}
		if q == p {
			return fmt.Sprintf("Play(%v) returned its receiver", m)
		}
	}
	// An illegal move: the receiver comes back unchanged with an error.
	bad := NewMove(p.KingSquare(p.Turn()), p.KingSquare(p.Turn().Other()), NoPieceType)
	q, err := p.Play(bad)
	if !errors.Is(err, ErrIllegalMove) || q != before || p != before {
		return fmt.Sprintf("Play(%v) = %s, %v; want the receiver and ErrIllegalMove", bad, q.FEN(), err)
	}
	if _, err := p.PlayNull(); p != before || (err != nil) != p.InCheck() {
		return fmt.Sprintf("PlayNull: %v, receiver now %s", err, p.FEN())
	}
	return ""
}

func checkPlayFields(p Position) string {
	us := p.Turn()
	r := newRefPos(p)
	for _, m := range p.LegalMoves() {
		q, err := p.Play(m)
		if err != nil {
			return fmt.Sprintf("Play(%v): %v", m, err)
		}
		rm := refMove{from: m.From(), to: m.To(), promo: m.Promotion(), castle: m.IsCastle(), ep: m.IsEnPassant()}
		if m.IsCastle() {
			rm.to = m.CastlingRook()
		}
		want := r.after(rm)
		if got := newRefPos(q); got.board != want.board {
			return fmt.Sprintf("after %v the board is %s", m, q.FEN())
		}
		moved := p.PieceAt(m.From())
		capture := !m.IsCastle() && p.PieceAt(m.To()) != NoPiece || m.IsEnPassant()
		halfmove := p.HalfmoveClock() + 1
		if capture || moved.Type() == Pawn {
			halfmove = 0
		}
		fullmove := p.FullmoveNumber()
		if us == Black {
			fullmove++
		}
		if q.Turn() != us.Other() || q.HalfmoveClock() != halfmove || q.FullmoveNumber() != fullmove {
			return fmt.Sprintf("after %v: turn %v, clocks %d %d; want %v, %d %d", m, q.Turn(), q.HalfmoveClock(), q.FullmoveNumber(), us.Other(), halfmove, fullmove)
		}
		// FIDE Laws 3.8.2.1: the right is lost when the king or that rook has moved (or the
		// rook was captured).
		var rights CastlingRights
		for c := White; c <= Black; c++ {
			for side := KingSide; side <= QueenSide; side++ {
				rsq := p.CastlingRights().RookSquare(c, side)
				if rsq == NoSquare || c == us && moved.Type() == King || rsq == m.From() || rsq == m.To() && !m.IsCastle() {
					continue
				}
				rights = rights.with(c, side, rsq.File())
			}
		}
		if q.CastlingRights() != rights {
			return fmt.Sprintf("after %v: castling rights %v, want %v", m, q.CastlingRights(), rights)
		}
		// En passant: kept only after a double step, and only when a pawn of the side to move
		// stands beside the pawn that made it.
		ep := NoSquare
		if moved.Type() == Pawn && abs(m.To().Rank()-m.From().Rank()) == 2 {
			for _, df := range []int{-1, 1} {
				if q.PieceAt(NewSquare(m.To().File()+df, m.To().Rank())) == NewPiece(us.Other(), Pawn) {
					ep = NewSquare(m.From().File(), (m.From().Rank()+m.To().Rank())/2)
				}
			}
		}
		if q.EnPassant() != ep {
			return fmt.Sprintf("after %v: en-passant square %v, want %v", m, q.EnPassant(), ep)
		}
		if q.Chess960() != p.Chess960() {
			return fmt.Sprintf("after %v: Chess960() = %v", m, q.Chess960())
		}
	}
	return ""
}

func checkPerftOne(p Position) string {
	if n, want := Perft(p, 1), len(p.LegalMoves()); n != uint64(want) {
		return fmt.Sprintf("Perft(p, 1) = %d, len(LegalMoves) = %d", n, want)
	}
	return ""
}

func checkHash(p Position) string {
	if h, want := p.Hash(), p.computeHash(); h != want {
		return fmt.Sprintf("Hash() = %#x, computeHash() = %#x", h, want)
	}
	for _, m := range p.LegalMoves() {
		q, _ := p.Play(m)
		if h, want := q.Hash(), q.computeHash(); h != want {
			return fmt.Sprintf("after %v: Hash() = %#x, computeHash() = %#x", m, h, want)
		}
	}
	if q, err := p.PlayNull(); err == nil && q.Hash() != q.computeHash() {
		return fmt.Sprintf("after a null move: Hash() = %#x, computeHash() = %#x", q.Hash(), q.computeHash())
	}
	return ""
}

// moveKey writes a move with its flags, for comparing move sets: castling as king takes
// rook, whatever the variant.
func moveKey(from, to Square, promo PieceType, castle, ep bool) string {
	s := from.String() + to.String()
	if promo != NoPieceType {
		s += string(pieceLetters[promo])
	}
	if castle {
		s += " castle"
	}
	if ep {
		s += " e.p."
	}
	return s
}

// diffMoveSets compares the reference's moves with the library's as sorted lists (a move
// listed twice shows as a difference) and returns go-cmp's diff, "" when they agree.
func diffMoveSets(ref []refMove, got []Move) string {
	want := make([]string, len(ref))
	for i, m := range ref {
		want[i] = moveKey(m.from, m.to, m.promo, m.castle, m.ep)
	}
	have := make([]string, len(got))
	for i, m := range got {
		to := m.To()
		if m.IsCastle() {
			to = m.CastlingRook()
		}
		have[i] = moveKey(m.From(), to, m.Promotion(), m.IsCastle(), m.IsEnPassant())
	}
	slices.Sort(want)
	slices.Sort(have)
	return cmp.Diff(want, have)
}

// The reference move generator: slow and plain. It walks the board square by square,
// generates every pseudo-legal move, plays it on a copy of the board and keeps it when a
// naive scan of every enemy piece finds the mover's king not attacked.

// refPos is the reference generator's position: a plain 8x8 board indexed [file][rank].
type refPos struct {
	board  [8][8]Piece
	turn   Color
	ep     Square
	rights CastlingRights
}

// refMove is a move of the reference generator; castling is king takes rook (to is the rook).
type refMove struct {
	from, to Square
	promo    PieceType
	castle   bool
	ep       bool
}

func newRefPos(p Position) refPos {
	r := refPos{turn: p.Turn(), ep: p.EnPassant(), rights: p.CastlingRights()}
	for f := range 8 {
		for rk := range 8 {
			r.board[f][rk] = p.PieceAt(NewSquare(f, rk))
		}
	}
	return r
}

func (r *refPos) at(sq Square) Piece      { return r.board[sq.File()][sq.Rank()] }
func (r *refPos) set(sq Square, pc Piece) { r.board[sq.File()][sq.Rank()] = pc }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int { return max(x, -x) }

// attacked reports whether a piece of colour by attacks sq: every piece of that colour is
// asked whether it reaches sq, sliders square by square.
func (r *refPos) attacked(sq Square, by Color) bool {
	tf, tr := sq.File(), sq.Rank()
	for f := range 8 {
		for rk := range 8 {
			pc := r.board[f][rk]
			if pc == NoPiece || pc.Color() != by || (f == tf && rk == tr) {
				continue
			}
			df, dr := tf-f, tr-rk
			switch pc.Type() {
			case Pawn:
				forward := 1
				if by == Black {
					forward = -1
				}
				if dr == forward && abs(df) == 1 {
					return true
				}
			case Knight:
				if abs(df)*abs(dr) == 2 {
					return true
				}
			case King:
				if abs(df) <= 1 && abs(dr) <= 1 {
					return true
				}
			default:
				straight := df == 0 || dr == 0
				diagonal := abs(df) == abs(dr)
				t := pc.Type()
				if straight && (t == Rook || t == Queen) || diagonal && (t == Bishop || t == Queen) {
					clear := true
					for x, y := f+sign(df), rk+sign(dr); x != tf || y != tr; x, y = x+sign(df), y+sign(dr) {
						if r.board[x][y] != NoPiece {
							clear = false
							break
						}
					}
					if clear {
						return true
					}
				}
			}
		}
	}
	return false
}

func (r *refPos) kingSquare(c Color) Square {
	for f := range 8 {
		for rk := range 8 {
			if r.board[f][rk] == NewPiece(c, King) {
				return NewSquare(f, rk)
			}
		}
	}
	return NoSquare
}

// after returns the position after m, for the king-safety test only (the clocks, rights and
// en-passant square are not kept up).
func (r refPos) after(m refMove) refPos {
	pc := r.at(m.from)
	switch {
	case m.castle:
		rook := r.at(m.to)
		r.set(m.from, NoPiece)
		r.set(m.to, NoPiece)
		kingFile, rookFile := 6, 5 // g and f
		if m.to.File() < m.from.File() {
			kingFile, rookFile = 2, 3 // c and d
		}
		r.set(NewSquare(kingFile, m.from.Rank()), pc)
		r.set(NewSquare(rookFile, m.from.Rank()), rook)
	case m.ep:
		r.set(m.from, NoPiece)
		r.set(m.to, pc)
		r.set(NewSquare(m.to.File(), m.from.Rank()), NoPiece)
	default:
		r.set(m.from, NoPiece)
		if m.promo != NoPieceType {
			pc = NewPiece(r.turn, m.promo)
		}
		r.set(m.to, pc)
	}
	r.turn = r.turn.Other()
	return r
}

// refLegalMoves is the reference: the pseudo-legal moves of p that do not leave the mover's
// king attacked.
func refLegalMoves(p Position) []refMove {
	r := newRefPos(p)
	us := r.turn
	var legal []refMove
	for _, m := range r.pseudoLegal() {
		q := r.after(m)
		if !q.attacked(q.kingSquare(us), us.Other()) {
			legal = append(legal, m)
		}
	}
	return legal
}

func (r *refPos) pseudoLegal() []refMove {
	us := r.turn
	var out []refMove
	add := func(from, to Square) { out = append(out, refMove{from: from, to: to}) }
	// empty or enemy: a square the piece may move to.
	free := func(sq Square) bool { pc := r.at(sq); return pc == NoPiece || pc.Color() != us }
	for f := range 8 {
		for rk := range 8 {
			from := NewSquare(f, rk)
			pc := r.at(from)
			if pc == NoPiece || pc.Color() != us {
				continue
			}
			switch pc.Type() {
			case Pawn:
				forward, startRank, lastRank := 1, 1, 7
				if us == Black {
					forward, startRank, lastRank = -1, 6, 0
				}
				pawnTo := func(to Square) {
					if to.Rank() == lastRank {
						for _, t := range []PieceType{Queen, Rook, Bishop, Knight} {
							out = append(out, refMove{from: from, to: to, promo: t})
						}
						return
					}
					add(from, to)
				}
				if one := NewSquare(f, rk+forward); r.at(one) == NoPiece {
					pawnTo(one)
					if two := NewSquare(f, rk+2*forward); rk == startRank && r.at(two) == NoPiece {
						add(from, two)
					}
				}
				for _, df := range []int{-1, 1} {
					to := NewSquare(f+df, rk+forward)
					if !to.IsValid() {
						continue
					}
					if target := r.at(to); target != NoPiece && target.Color() != us {
						pawnTo(to)
					} else if to == r.ep && r.at(NewSquare(f+df, rk)) == NewPiece(us.Other(), Pawn) {
						out = append(out, refMove{from: from, to: to, ep: true})
					}
				}
			case Knight:
				for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
					if to := NewSquare(f+d[0], rk+d[1]); to.IsValid() && free(to) {
						add(from, to)
					}
				}
			case King:
				for df := -1; df <= 1; df++ {
					for dr := -1; dr <= 1; dr++ {
						if to := NewSquare(f+df, rk+dr); (df != 0 || dr != 0) && to.IsValid() && free(to) {
							add(from, to)
						}
					}
				}
			default:
				var dirs [][2]int
				if pc.Type() != Bishop {
					dirs = append(dirs, [2]int{1, 0}, [2]int{-1, 0}, [2]int{0, 1}, [2]int{0, -1})
				}
				if pc.Type() != Rook {
					dirs = append(dirs, [2]int{1, 1}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{-1, -1})
				}
				for _, d := range dirs {
					for to := NewSquare(f+d[0], rk+d[1]); to.IsValid(); to = NewSquare(to.File()+d[0], to.Rank()+d[1]) {
						if !free(to) {
							break
						}
						add(from, to)
						if r.at(to) != NoPiece {
							break
						}
					}
				}
			}
		}
	}
	return append(out, r.castlings()...)
}

// castlings returns the castling moves that FIDE Laws 3.8.2 and the Chess960 rules allow,
// except the last test, that the king is not attacked on its destination, which the caller
// makes for every move: the right is still held; the king is not in check; every square
// between the king and its destination and between the rook and its destination, both
// included, is empty or holds the castling king or rook; the king passes over no attacked
// square.
func (r *refPos) castlings() []refMove {
	us := r.turn
	king := r.kingSquare(us)
	var out []refMove
	for _, side := range []CastlingSide{KingSide, QueenSide} {
		rook := r.rights.RookSquare(us, side)
		if rook == NoSquare || r.at(rook) != NewPiece(us, Rook) || king.Rank() != rook.Rank() {
			continue
		}
		kingTo, rookTo := NewSquare(6, king.Rank()), NewSquare(5, king.Rank())
		if side == QueenSide {
			kingTo, rookTo = NewSquare(2, king.Rank()), NewSquare(3, king.Rank())
		}
		if r.attacked(king, us.Other()) {
			continue
		}
		ok := true
		for _, span := range [][2]Square{{king, kingTo}, {rook, rookTo}} {
			lo, hi := min(span[0].File(), span[1].File()), max(span[0].File(), span[1].File())
			for f := lo; f <= hi; f++ {
				if sq := NewSquare(f, king.Rank()); sq != king && sq != rook && r.at(sq) != NoPiece {
					ok = false
				}
			}
		}
		for f := king.File() + sign(kingTo.File()-king.File()); ok && f != kingTo.File(); f += sign(kingTo.File() - king.File()) {
			if r.attacked(NewSquare(f, king.Rank()), us.Other()) {
				ok = false
			}
		}
		if ok {
			out = append(out, refMove{from: king, to: rook, castle: true})
		}
	}
	return out
}

// TestReferenceGenerator checks the reference itself against published perft counts, so a
// disagreement in the properties points at the library, not at the test.
func TestReferenceGenerator(t *testing.T) {
	var refPerft func(p Position, depth int) uint64
	refPerft = func(p Position, depth int) uint64 {
		moves := refLegalMoves(p)
		if depth == 1 {
			return uint64(len(moves))
		}
		var n uint64
		for _, m := range moves {
			var lm Move
			if m.castle {
				lm = NewMove(m.from, m.to, NoPieceType) // king takes rook is accepted by Play
			} else {
				lm = NewMove(m.from, m.to, m.promo)
			}
			q, err := p.Play(lm)
			if err != nil {
				t.Fatalf("reference move %v not playable in %s: %v", m, p.FEN(), err)
			}
			n += refPerft(q, depth-1)
		}
		return n
	}
	for _, tc := range perftTable {
		depth := len(tc.nodes)
		for depth > 1 && tc.nodes[depth-1] > 10_000 {
			depth--
		}
		if got := refPerft(MustParseFEN(tc.fen), depth); got != tc.nodes[depth-1] {
			t.Errorf("reference perft(%s, %d) = %d, want %d", tc.name, depth, got, tc.nodes[depth-1])
		}
	}
}

// TestRandomGamesReachRareMoves makes sure the random games of the properties reach the
// positions where move generators go wrong: castling, en passant, promotion, check, double
// check. It uses fixed seeds, so it fails only when randomGame changes.
func TestRandomGamesReachRareMoves(t *testing.T) {
	counts := map[string]int{}
	for seed := range int64(100) {
		for _, start := range []Position{StartingPosition(), MustParseFEN(chess960FEN(int(seed * 9 % 960)))} {
			game, err := randomGame(start, seed, maxPlies)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range game {
				counts["positions"]++
				if n := p.Checkers().Len(); n == 1 {
					counts["check"]++
				} else if n == 2 {
					counts["double check"]++
				}
				for _, m := range p.LegalMoves() {
					switch {
					case m.IsCastle() && p.Chess960():
						counts["Chess960 castling"]++
						if m.CastlingRook().File() == 0 || m.CastlingRook().File() == 7 {
							continue
						}
						counts["Chess960 castling with an inner rook"]++
					case m.IsCastle():
						counts["castling"]++
					case m.IsEnPassant():
						counts["en passant"]++
					case m.Promotion() != NoPieceType:
						counts["promotion"]++
					}
				}
			}
		}
	}
	t.Logf("%v", counts)
	for _, k := range []string{"check", "double check", "castling", "Chess960 castling", "Chess960 castling with an inner rook", "en passant", "promotion"} {
		if counts[k] == 0 {
			t.Errorf("no %s in %d positions of random games", k, counts["positions"])
		}
	}
}

// TestPolyglotHash checks Hash against the test keys published with the Polyglot book
// format, which also pin down its en-passant rule: the file key only when a pawn of the side
// to move stands beside the pawn that made the double step.
func TestPolyglotHash(t *testing.T) {
	tests := []struct {
		moves string
		want  uint64
	}{
		{"", 0x463b96181691fc9c},
		{"e2e4", 0x823c9b50fd114196},
		{"e2e4 d7d5", 0x0756b94461c50fb0},
		{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
		{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
		{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
		{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
		{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
		{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
	}
	for _, tc := range tests {
		p := StartingPosition()
		for _, uci := range strings.Fields(tc.moves) {
			m, err := p.ParseUCI(uci)
			if err != nil {
				t.Fatal(err)
			}
			p, _ = p.Play(m)
		}
		if got := p.Hash(); got != tc.want {
			t.Errorf("after %q: Hash() = %#016x, want %#016x", tc.moves, got, tc.want)
		}
		if got := MustParseFEN(p.FEN()).Hash(); got != tc.want {
			t.Errorf("after %q: ParseFEN(%q).Hash() = %#016x, want %#016x", tc.moves, p.FEN(), got, tc.want)
		}
	}
}

// TestPlayAcceptsExactlyLegalMoves: Play's fast legality test (the move checked without
// generating every move) accepts a move value exactly when LegalMoves holds it, for every
// origin, destination, promotion and flag, in positions of every perft suite; and a plain
// NewMove is accepted exactly when it names a legal move.
func TestPlayAcceptsExactlyLegalMoves(t *testing.T) {
	var positions []Position
	for _, name := range []string{"tricky.txt", "sedlak.txt", "tricky-chess960.txt", "ferdy-double-checks.txt", "random.txt"} {
		entries := readPerftSuite(t, sharedTestdata(t, "perft/normalized/"+name))
		for i, e := range entries {
			if testing.Short() && i >= 8 || i >= 100 {
				break
			}
			p := MustParseFEN(e.fen)
			if strings.Contains(name, "960") {
				p = p.WithChess960(true)
			}
			positions = append(positions, p)
		}
	}
	flags := []Move{0, moveEnPassant, moveCastle, moveCastle | moveChess960}
	checked := 0
	for _, p := range positions {
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		for from := Square(0); from < 128; from++ {
			if !from.IsValid() {
				continue
			}
			for to := Square(0); to < 128; to++ {
				if !to.IsValid() {
					continue
				}
				for promo := NoPieceType; promo <= King; promo++ {
					for _, f := range flags {
						m := NewMove(from, to, promo) | f
						checked++
						if got := p.isLegal(m); got != legal[m] {
							t.Fatalf("%s: isLegal(%v, flags %x) = %v, LegalMoves says %v", p.FEN(), m, uint32(f), got, legal[m])
						}
						if f == 0 && m != NullMove {
							_, err := p.Play(m)
							_, ok := p.matchMove(m)
							if (err == nil) != ok {
								t.Fatalf("%s: Play(%v) = %v, but matchMove says %v", p.FEN(), m, err, ok)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d positions, %d move values", len(positions), checked)
}
