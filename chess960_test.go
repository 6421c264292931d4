package chess

import (
	"math"
	"testing"
)

// TestChess960StartNumbering (FIDE Laws, Guidelines III; the Scharnagl numbering): known
// arrays by number, and Chess960Number inverts Chess960Start for all 960.
func TestChess960StartNumbering(t *testing.T) {
	tests := []struct {
		n   int
		fen string
	}{
		{0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
		{518, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"},
		{1, "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1"},
	}
	for _, tt := range tests {
		p := Chess960Start(tt.n)
		if got := p.ShredderFEN(); got != tt.fen {
			t.Errorf("Chess960Start(%d) = %s, want %s", tt.n, got, tt.fen)
		}
	}
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		p := Chess960Start(n)
		if !p.IsValid() || !p.Chess960() {
			t.Fatalf("Chess960Start(%d) = %v: not a valid Chess960 position", n, p)
		}
		if got, ok := p.Chess960Number(); !ok || got != n {
			t.Errorf("Chess960Start(%d).Chess960Number() = %d, %v", n, got, ok)
		}
		q, err := ParseFEN(p.ShredderFEN())
		if err != nil || q != p {
			t.Errorf("ParseFEN(%s) = %v, %v; want Chess960Start(%d)", p.ShredderFEN(), q, err, n)
		}
		seen[p.FEN()] = true
	}
	if len(seen) != 960 {
		t.Errorf("%d different arrays, want 960", len(seen))
	}
	for _, n := range []int{-1, 960, math.MaxInt} {
		if p := Chess960Start(n); p != (Position{}) {
			t.Errorf("Chess960Start(%d) = %v, want the zero Position", n, p)
		}
	}
	if n, ok := StartingPosition().Chess960Number(); !ok || n != 518 {
		t.Errorf("StartingPosition().Chess960Number() = %d, %v; want 518, true", n, ok)
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", // a pawn moved
		"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",      // not mirrored
		"bnbrkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNBRKRQN w - - 0 1",      // bishops on one colour
		"nrbqbnkr/pppppppp/8/8/8/8/PPPPPPPP/NRBQBNKR w - - 0 1",      // bishops on one colour
		"rnbqrbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQRBNK w - - 0 1",      // king outside the rooks
	} {
		if n, ok := MustParseFEN(fen).Chess960Number(); ok {
			t.Errorf("%s: Chess960Number() = %d, true; want false", fen, n)
		}
	}
	if _, ok := (Position{}).Chess960Number(); ok {
		t.Error("Position{}.Chess960Number() is true")
	}
}
