package chess

import (
	"math/bits"
	"slices"
	"testing"
)

// queryPositions are the positions of the differential tests of the move queries: the perft
// table with random games from each, and without -short the shared perft suites too.
func queryPositions(t *testing.T) []Position {
	return append(explainPositions(t), perftSuitePositions(t)...)
}

// TestGivesCheckAgreesWithPlay: GivesCheck(m) is Play(m).InCheck() for every legal move
// (FIDE Laws 3.9: direct and discovered checks, castling, promotion, en passant).
func TestGivesCheckAgreesWithPlay(t *testing.T) {
	var n, checks, kinds [4]int
	for _, p := range queryPositions(t) {
		for _, m := range p.LegalMoves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			want := q.InCheck()
			if got := p.GivesCheck(m); got != want {
				t.Fatalf("%s: GivesCheck(%v) = %v, Play(m).InCheck() = %v", p.FEN(), m, got, want)
			}
			// The plain form of m, as NewMove writes it, answers the same.
			if got := p.GivesCheck(NewMove(m.From(), m.To(), m.Promotion())); got != want {
				t.Fatalf("%s: GivesCheck(NewMove %v) = %v, want %v", p.FEN(), m, got, want)
			}
			k := 0
			switch {
			case m.IsCastle():
				k = 1
			case m.IsEnPassant():
				k = 2
			case m.Promotion() != NoPieceType:
				k = 3
			}
			n[k]++
			kinds[k] = 1
			if want {
				checks[k]++
			}
		}
	}
	t.Logf("moves (plain, castling, en passant, promotion): %v, of them checks: %v", n, checks)
	for k, c := range checks {
		if c == 0 && !testing.Short() {
			t.Errorf("no checking move of kind %d among the positions", k)
		}
	}
}

// TestGivesCheckFIDE39 has the fixed cases: direct, discovered, by castling, by promotion,
// by an en-passant capture that uncovers a line, and an illegal move (false).
func TestGivesCheckFIDE39(t *testing.T) {
	tests := []struct {
		fen, uci string
		want     bool
	}{
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8", true},     // direct
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h7", false},    // quiet
		{"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c5", true},  // discovered by the knight
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true},     // castling: the rook on f1 checks
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1", true},     // the same, written as king takes rook
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", false},    // castling, no check
		{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true},     // castling long: the rook on d1
		{"3k4/8/8/8/8/8/8/R1K5 w A - 0 1", "c1a1", true},     // Chess960: the king stays on c1, the rook to d1 checks
		{"rk6/8/8/8/8/8/8/1K4R1 w G - 0 1", "b1g1", false},   // Chess960 castling, no check
		{"1k6/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8q", true},   // promotion to a queen checks along the rank
		{"1k6/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8n", false},  // the knight on d8 does not
		{"8/8/8/1k1pP2R/8/8/8/4K3 w - d6 0 1", "e5d6", true}, // en passant uncovers the rook on h5
		{"8/8/8/3pP3/8/1k6/8/4K3 w - d6 0 1", "e5d6", false}, // en passant, no check
		{"4k3/8/5P2/8/8/8/8/4K3 w - - 0 1", "f6f7", true},    // a pawn checks
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "f1b5", true},     // a bishop checks
		{"4k3/4p3/8/8/8/8/8/4KB2 w - - 0 1", "f1b5", true},   // e7 is not on the way
		{"4k3/3p4/8/8/8/8/8/4KB2 w - - 0 1", "f1b5", false},  // d7 is
		{"4k3/8/8/8/8/8/8/B3K3 w - - 0 1", "a1e5", false},    // quiet bishop
		{"4k3/8/8/8/8/8/r7/6K1 b - - 0 1", "a2g2", true},     // Black checks along the rank
		{"4k3/8/8/8/8/8/8/4K2R b K - 0 1", "e8e7", false},    // Black, quiet
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d7", true},     // queen
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d6", false},    // queen, quiet
		{"7k/8/8/8/8/8/1N6/Q3K3 w - - 0 1", "b2d3", true},    // discovered by the knight: a1-h8
		{"7k/8/8/8/8/2N5/1Q6/5K2 w - - 0 1", "c3e2", true},   // discovered: b2-h8
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "0000", false},     // the null move
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "a1a8", false},    // illegal: no piece
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1e1", false},    // illegal: own piece
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8q", false},   // illegal: a rook's promotion
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1d1", false},    // king move
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		m := NullMove
		if tc.uci != "0000" {
			m = uciMove(t, tc.uci)
		}
		got := p.GivesCheck(m)
		if got != tc.want {
			t.Errorf("%s: GivesCheck(%s) = %v, want %v", tc.fen, tc.uci, got, tc.want)
		}
		if q, err := p.Play(m); err == nil && m != NullMove && q.InCheck() != got {
			t.Errorf("%s: GivesCheck(%s) = %v, Play(m).InCheck() = %v", tc.fen, tc.uci, got, q.InCheck())
		}
	}
	if StartingPosition().GivesCheck(NewMove(H1, NoSquare, NoPieceType)) || (Position{}).GivesCheck(NewMove(E2, E4, NoPieceType)) {
		t.Error("the zero Position: GivesCheck true")
	}
}

// TestIsCaptureFIDE31: a capture takes an opponent's piece (FIDE Laws 3.1.1) or is en passant
// (3.7.3.2); castling is none, also as Chess960 king takes own rook.
func TestIsCaptureFIDE31(t *testing.T) {
	tests := []struct {
		fen, uci string
		want     bool
	}{
		{fenStart, "e2e4", false},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", true},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", true},     // en passant
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6", false},     // no right: the square is empty
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", false}, // castling
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "e1h1", false}, // Chess960 castling, king takes rook
		{"1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1", "g1h1", false}, // Chess960: the rook next to the king
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1h1", false},       // own piece, no castling: not a capture
		{"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1d1", false},       // quiet king move
		{"4k3/8/8/8/8/8/8/r2K4 w - - 0 1", "d1d2", false},       // quiet
		{"4k3/8/8/8/8/8/8/rK6 w - - 0 1", "b1a1", true},         // the king takes a rook
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", false},     // promotion, no capture
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", true},     // promotion with capture
		{fenStart, "e3e4", false},                               // no piece
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		m := uciMove(t, tc.uci)
		if got := p.IsCapture(m); got != tc.want {
			t.Errorf("%s: IsCapture(%s) = %v, want %v", tc.fen, tc.uci, got, tc.want)
		}
		if lm, err := p.ParseUCI(tc.uci); err == nil && p.IsCapture(lm) != tc.want {
			t.Errorf("%s: IsCapture(ParseUCI(%s)) = %v, want %v", tc.fen, tc.uci, !tc.want, tc.want)
		}
	}
	// Differential: a legal move captures exactly when the opponent has fewer pieces after it.
	for _, p := range queryPositions(t) {
		them := bits.OnesCount64(p.ofColor(p.turn ^ 1))
		for _, m := range p.LegalMoves() {
			q, _ := p.Play(m)
			if want := bits.OnesCount64(q.ofColor(p.turn^1)) < them; p.IsCapture(m) != want {
				t.Fatalf("%s: IsCapture(%v) = %v, want %v", p.FEN(), m, !want, want)
			}
		}
	}
	if (Position{}).IsCapture(NewMove(E2, E4, NoPieceType)) || StartingPosition().IsCapture(Move(0xffffffff)) {
		t.Error("IsCapture of a zero position or a garbage move is true")
	}
}

// filterMoves appends to dst the moves of all that keep says yes to, sorted.
func filterMoves(dst, all []Move, keep func(Move) bool) []Move {
	for _, m := range all {
		if keep(m) {
			dst = append(dst, m)
		}
	}
	slices.Sort(dst)
	return dst
}

// TestLegalMovesFromTo is a differential test of AppendLegalMovesFrom and AppendLegalMovesTo
// against filtering LegalMoves by From and To, on every square of every position.
func TestLegalMovesFromTo(t *testing.T) {
	var from, to, want []Move
	for _, p := range queryPositions(t) {
		all := p.LegalMoves()
		for i := range 64 {
			sq := SquareAt(i)
			from = p.AppendLegalMovesFrom(from[:0], sq)
			want = filterMoves(want[:0], all, func(m Move) bool { return m.From() == sq })
			slices.Sort(from)
			if !slices.Equal(from, want) {
				t.Fatalf("%s: AppendLegalMovesFrom(%v) = %v, want %v", p.FEN(), sq, from, want)
			}
			to = p.AppendLegalMovesTo(to[:0], sq)
			want = filterMoves(want[:0], all, func(m Move) bool { return m.To() == sq })
			slices.Sort(to)
			if !slices.Equal(to, want) {
				t.Fatalf("%s: AppendLegalMovesTo(%v) = %v, want %v", p.FEN(), sq, to, want)
			}
		}
	}
	for _, sq := range []Square{NoSquare, 0x08, 0xff} {
		if got := StartingPosition().AppendLegalMovesFrom(nil, sq); got != nil {
			t.Errorf("AppendLegalMovesFrom(%#x) = %v", uint8(sq), got)
		}
		if got := StartingPosition().AppendLegalMovesTo(nil, sq); got != nil {
			t.Errorf("AppendLegalMovesTo(%#x) = %v", uint8(sq), got)
		}
	}
	if got := (Position{}).AppendLegalMovesFrom(nil, E1); got != nil {
		t.Errorf("the zero Position: AppendLegalMovesFrom(e1) = %v", got)
	}
}

func TestLegalMovesFromToAllocs(t *testing.T) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]Move, 0, 32)
	if n := testing.AllocsPerRun(100, func() {
		buf = p.AppendLegalMovesFrom(buf[:0], E1)
		buf = p.AppendLegalMovesTo(buf[:0], D7)
		_ = p.GivesCheck(NewMove(F3, F7, NoPieceType))
		_ = p.IsCapture(NewMove(E5, F7, NoPieceType))
	}); n != 0 {
		t.Errorf("AppendLegalMovesFrom/To, GivesCheck, IsCapture: %v allocations, want 0", n)
	}
}

// TestPlaySANPlayUCI: Position.PlaySAN, Position.PlayUCI and Game.PlayUCI play the move the
// text names, and on error return the position unchanged with the parser's error.
func TestPlaySANPlayUCI(t *testing.T) {
	p := StartingPosition()
	want, _ := p.Play(NewMove(G1, F3, NoPieceType))
	for _, f := range []func(string) (Position, error){p.PlaySAN, p.PlayUCI} {
		for _, s := range []string{"Nf3", "g1f3"} {
			got, err := f(s)
			if (err == nil) != (got == want) {
				t.Errorf("Play(%q) = %v, %v", s, got.FEN(), err)
			}
		}
	}
	if got, err := p.PlaySAN("Nf3"); got != want || err != nil {
		t.Errorf("PlaySAN(Nf3) = %v, %v", got.FEN(), err)
	}
	if got, err := p.PlayUCI("g1f3"); got != want || err != nil {
		t.Errorf("PlayUCI(g1f3) = %v, %v", got.FEN(), err)
	}
	if got, err := p.PlaySAN("--"); err != nil || got.Turn() != Black {
		t.Errorf("PlaySAN(--) = %v, %v", got.FEN(), err)
	}
	if got, err := p.PlayUCI("0000"); err != nil || got.Turn() != Black {
		t.Errorf("PlayUCI(0000) = %v, %v", got.FEN(), err)
	}
	if got, err := p.PlaySAN("Nf6"); got != p || err == nil {
		t.Errorf("PlaySAN(Nf6) = %v, %v", got.FEN(), err)
	}
	if got, err := p.PlayUCI("g8f6"); got != p || err == nil {
		t.Errorf("PlayUCI(g8f6) = %v, %v", got.FEN(), err)
	}
	g := NewGame(p)
	if err := g.PlayUCI("e2e4"); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayUCI("e7e5x"); err == nil || len(g.Moves()) != 1 {
		t.Errorf("Game.PlayUCI(e7e5x) = %v, %d moves", err, len(g.Moves()))
	}
	if err := g.PlayUCI("e7e5"); err != nil || g.Position().FEN() != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Errorf("Game.PlayUCI(e7e5) = %v, %s", err, g.Position().FEN())
	}
}

// The benchmarks of the queries, each beside what a caller would do without it.
var benchQueryFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" // kiwipete

func BenchmarkAppendLegalMovesFrom(b *testing.B) {
	p := MustParseFEN(benchQueryFEN)
	buf := make([]Move, 0, 64)
	b.ReportAllocs()
	for range b.N {
		buf = p.AppendLegalMovesFrom(buf[:0], F3) // the queen
	}
}

func BenchmarkAppendLegalMovesFromByFilter(b *testing.B) {
	p := MustParseFEN(benchQueryFEN)
	buf := make([]Move, 0, 256)
	out := make([]Move, 0, 64)
	b.ReportAllocs()
	for range b.N {
		buf = p.AppendLegalMoves(buf[:0])
		out = out[:0]
		for _, m := range buf {
			if m.From() == F3 {
				out = append(out, m)
			}
		}
	}
}

func BenchmarkAppendLegalMovesTo(b *testing.B) {
	p := MustParseFEN(benchQueryFEN)
	buf := make([]Move, 0, 64)
	b.ReportAllocs()
	for range b.N {
		buf = p.AppendLegalMovesTo(buf[:0], D7) // three pieces can take on d7
	}
}

func BenchmarkGivesCheck(b *testing.B) {
	p := MustParseFEN(benchQueryFEN)
	moves := p.LegalMoves()
	b.ReportAllocs()
	for range b.N {
		for _, m := range moves {
			_ = p.GivesCheck(m)
		}
	}
}

func BenchmarkGivesCheckByPlay(b *testing.B) {
	p := MustParseFEN(benchQueryFEN)
	moves := p.LegalMoves()
	b.ReportAllocs()
	for range b.N {
		for _, m := range moves {
			q, _ := p.Play(m)
			_ = q.InCheck()
		}
	}
}
