package chess

import (
	"errors"
	"slices"
	"testing"
)

// fuzzFENSeeds are the seed corpus of FuzzParseFEN: every kind of field the parser knows.
var fuzzFENSeeds = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1",
	"1k2r2r/8/8/8/8/8/8/1K2R2R w Ee - 0 1",
	"R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1",
	"2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
	"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
	"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
	"3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1",
	queensFEN,
	"\t rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq -  0 1 \r\n",
	"4k3/8/8/8/8/8/8/4K3 b - - 99 0",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
	"rnbqkbnr.pppppppp.8.8.8.8.PPPPPPPP.RNBQKBNR w KQkq - 0 1",
	"nnnnknnn/nnnnnnnn/8/8/8/8/NNNNNNNN/NNNNKNNN w - -0 1",
	"",
	"hello have a nice day w - -0 1",
}

// FuzzParseFEN: ParseFEN never panics, fails only with a *FENError, and whatever it accepts
// writes back to a FEN that parses to the same position, whose moves agree with the
// reference generator and can all be played.
func FuzzParseFEN(f *testing.F) {
	for _, s := range fuzzFENSeeds {
		f.Add(s)
	}
	for _, tc := range perftTable {
		f.Add(tc.fen)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalidFEN) || fe.Err == nil {
				t.Fatalf("ParseFEN(%q): error %v (%T) is not a *FENError", s, err, err)
			}
			if fe.Field < 0 || fe.Field > 6 || fe.Offset < 0 || fe.Offset > len(s) {
				t.Fatalf("ParseFEN(%q): field %d, offset %d", s, fe.Field, fe.Offset)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) = %q, which does not parse: %v", s, fen, err)
		}
		if q.WithChess960(p.Chess960()) != p {
			t.Fatalf("ParseFEN(%q) = %q, which parses to another position", s, fen)
		}
		if got := q.FEN(); got != fen {
			t.Fatalf("FEN of ParseFEN(%q) = %q, want %q", fen, got, fen)
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("ParseFEN(%q): Hash %#x, computeHash %#x", s, p.Hash(), p.computeHash())
		}
		moves := p.LegalMoves()
		if diff := diffMoveSets(refLegalMoves(p), moves); diff != "" {
			t.Fatalf("%s: LegalMoves differs from the reference (-ref +LegalMoves):\n%s", fen, diff)
		}
		for _, m := range moves {
			c, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: Play(%v): %v", fen, m, err)
			}
			if msg := checkFENRoundTrip(c); msg != "" {
				t.Fatalf("%s, %v: %s", fen, m, msg)
			}
		}
	})
}

// fuzzUCIPositions are the positions FuzzParseUCI reads moves in: castling both ways in
// standard chess and Chess960, en passant, promotions, check.
var fuzzUCIPositions = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1",
	"2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
	"1k2r2r/8/8/8/8/8/8/1K2R2R w Ee - 0 1",
	"rbknqnbr/pppppppp/8/8/8/8/PPPPPPPP/RBKNQNBR w AHah - 0 1",
	"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
	"4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
}

// FuzzParseUCI: ParseUCI never panics, fails only with a *MoveError, and every move it
// returns is in LegalMoves, plays, and writes back to the same text form.
func FuzzParseUCI(f *testing.F) {
	for i, uci := range []string{"e2e4", "e1g1", "e1h1", "e1c1", "e1a1", "e5f6", "d4e3", "a7b8q", "b7a8N",
		"f7f8r", "d1c1", "c1a1", "b1e1", "b1c1", "0000", "e2e5", "", "e7e8k", "e2e4 ", "g1g1", "h9h1", "d1e1", "e8d8"} {
		f.Add(uint8(i), uci)
	}
	positions := make([]Position, len(fuzzUCIPositions))
	for i, fen := range fuzzUCIPositions {
		positions[i] = MustParseFEN(fen)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		before := p
		m, err := p.ParseUCI(s)
		if p != before {
			t.Fatalf("ParseUCI(%q) changed its receiver", s)
		}
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || !(errors.Is(err, ErrSyntax) || errors.Is(err, ErrIllegalMove)) {
				t.Fatalf("%s: ParseUCI(%q): error %v (%T) is not a *MoveError", p.FEN(), s, err, err)
			}
			return
		}
		if m == NullMove {
			if s != "0000" {
				t.Fatalf("%s: ParseUCI(%q) = NullMove", p.FEN(), s)
			}
			return
		}
		if !slices.Contains(p.LegalMoves(), m) {
			t.Fatalf("%s: ParseUCI(%q) = %v, not in LegalMoves", p.FEN(), s, m)
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: IsLegal(%v) = false", p.FEN(), m)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: Play(%v): %v", p.FEN(), m, err)
		}
		if msg := checkFENRoundTrip(q); msg != "" {
			t.Fatalf("%s, %v: %s", p.FEN(), m, msg)
		}
		if uci := p.UCI(m); uci != m.String() {
			t.Fatalf("%s: UCI(%v) = %q, String() = %q", p.FEN(), m, uci, m.String())
		}
		if again, err := p.ParseUCI(p.UCI(m)); err != nil || again != m {
			t.Fatalf("%s: ParseUCI(UCI(%v)) = %v, %v", p.FEN(), m, again, err)
		}
	})
}

// TestParseUCI has the fixed cases of FuzzParseUCI's territory: both castling forms in
// standard chess, only king takes rook in Chess960, and the errors.
func TestParseUCI(t *testing.T) {
	const (
		standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		kingG1   = "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1" // Chess960: king g1, rooks b1, h1
	)
	tests := []struct {
		fen, uci string
		want     string // Move.String of the result, "" for an error
		err      error
	}{
		{standard, "e1g1", "e1g1", nil},
		{standard, "e1h1", "e1g1", nil},
		{standard, "e1c1", "e1c1", nil},
		{standard, "e1a1", "e1c1", nil},
		{standard, "e1f1", "e1f1", nil},
		{standard, "e1e3", "", ErrIllegalMove},
		{standard, "e1g1q", "", ErrIllegalMove},
		{standard, "e1", "", ErrSyntax},
		{standard, "e1e1", "", ErrSyntax},
		{standard, "e1g1x", "", ErrSyntax},
		{standard, "E1G1", "", ErrSyntax},
		{StartingPosition().WithChess960(true).FEN(), "e2e4", "e2e4", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "e1h1", "e1h1", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "e1a1", "e1a1", nil},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "e1g1", "", ErrIllegalMove},
		{kingG1, "g1h1", "g1h1", nil},
		{kingG1, "g1b1", "g1b1", nil},
		{kingG1, "g1f1", "g1f1", nil},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "e5f6", nil},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5d6", "", ErrIllegalMove},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8N", "b7b8n", nil},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "", ErrIllegalMove},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8k", "", ErrIllegalMove}, // a promotion to a king: well-formed, illegal (FIDE Laws 3.7.5.1),
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		m, err := p.ParseUCI(tc.uci)
		if tc.err != nil {
			var me *MoveError
			if !errors.Is(err, tc.err) || !errors.As(err, &me) || me.Position != p || me.Input != tc.uci {
				t.Errorf("%s: ParseUCI(%q) = %v, %v; want a *MoveError wrapping %v", tc.fen, tc.uci, m, err, tc.err)
			}
			continue
		}
		if err != nil || m.String() != tc.want || p.UCI(m) != tc.want {
			t.Errorf("%s: ParseUCI(%q) = %v (UCI %q), %v; want %s", tc.fen, tc.uci, m, p.UCI(m), err, tc.want)
		}
	}
}

func TestWithChess960(t *testing.T) {
	start := StartingPosition()
	on := start.WithChess960(true)
	if !on.Chess960() || on == start || on.WithChess960(false) != start || on.Hash() != start.Hash() {
		t.Errorf("WithChess960(true) and back: %v %v", on.Chess960(), on.WithChess960(false) == start)
	}
	// A right that only Chess960 castling can use keeps the flag on.
	p := MustParseFEN("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1")
	if !p.Chess960() || p.WithChess960(false) != p {
		t.Errorf("WithChess960(false) of %s changed it", p.FEN())
	}
}
