package chess

import "testing"

// TestRulesInsufficientMaterialPerColour checks HasInsufficientMaterial for each case its doc
// comment lists, for both colours.
func TestRulesInsufficientMaterialPerColour(t *testing.T) {
	tests := []struct {
		fen          string
		white, black bool
	}{
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true, true},       // bare kings
		{"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true, true},      // K+N v K
		{"8/8/4kq2/8/8/3KN3/8/8 w - - 0 1", true, false},    // K+N v K+Q: queens cannot help
		{"8/8/3qkq2/8/8/3KN3/8/8 w - - 0 1", true, false},   // K+N v K+QQ
		{"8/8/4kr2/8/8/3KN3/8/8 w - - 0 1", false, false},   // K+N v K+R: the rook can box its king in
		{"8/8/4kb2/8/8/3KN3/8/8 w - - 0 1", false, false},   // K+N v K+B
		{"8/8/4kn2/8/8/3KN3/8/8 w - - 0 1", false, false},   // K+N v K+N
		{"8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1", false, false},  // K+N v K+P
		{"8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", false, true},    // K+NN v K
		{"8/8/4k3/8/8/3KB3/8/8 w - - 0 1", true, true},      // K+B v K
		{"8/8/4k1b1/8/8/3K1B2/8/8 w - - 0 1", true, true},   // bishops on one colour
		{"8/8/4kb2/8/8/3K1B2/8/8 w - - 0 1", false, false},  // bishops on both colours
		{"8/8/4k3/8/8/3K1B2/6B1/8 w - - 0 1", true, true},   // two light bishops v K
		{"8/8/4k3/8/8/3KBB2/8/8 w - - 0 1", false, true},    // bishops of both colours
		{"8/8/4kq2/8/8/3K1B2/8/8 w - - 0 1", true, false},   // K+B v K+Q
		{"8/8/4kr2/8/8/3K1B2/8/8 w - - 0 1", true, false},   // K+B v K+R
		{"8/8/4kn2/8/8/3K1B2/8/8 w - - 0 1", false, false},  // K+B v K+N
		{"8/8/4k3/4p3/8/3K1B2/8/8 w - - 0 1", false, false}, // K+B v K+P
		{"8/8/4k3/8/8/3KBN2/8/8 w - - 0 1", false, true},    // K+B+N v K
		{"8/8/4k3/8/8/3KP3/8/8 w - - 0 1", false, true},     // K+P v K
		{"8/8/4k3/8/8/3K4/8/R7 w - - 0 1", false, true},     // K+R v K
		{"8/8/4k3/8/8/3K4/8/Q7 w - - 0 1", false, true},     // K+Q v K
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, false},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		if got := p.HasInsufficientMaterial(White); got != tc.white {
			t.Errorf("%s: HasInsufficientMaterial(White) = %v, want %v", tc.fen, got, tc.white)
		}
		if got := p.HasInsufficientMaterial(Black); got != tc.black {
			t.Errorf("%s: HasInsufficientMaterial(Black) = %v, want %v", tc.fen, got, tc.black)
		}
		if got, want := p.IsInsufficientMaterial(), tc.white && tc.black; got != want {
			t.Errorf("%s: IsInsufficientMaterial = %v, want %v", tc.fen, got, want)
		}
	}
}

// TestRulesMateByHelp shows, for each material that only looks insufficient, a checkmate that
// the side with that material gives with the opponent's help.
func TestRulesMateByHelp(t *testing.T) {
	tests := []struct{ fen, material string }{
		{"8/8/8/8/8/6N1/7r/5K1k b - - 0 1", "K+N v K+R: the rook fills the king's flight square"},
		{"8/8/8/8/8/6NK/8/6bk b - - 0 1", "K+N v K+B"},
		{"k7/n1K5/1N6/8/8/8/8/8 b - - 0 1", "K+N v K+N"},
		{"8/8/8/8/8/6N1/5K1p/7k b - - 0 1", "K+N v K+P"},
		{"7k/4NN2/7K/8/8/8/8/8 b - - 0 1", "K+NN v K"},
		{"7k/5K1p/8/8/8/8/1B6/8 b - - 0 1", "K+B v K+P"},
		{"kn6/1B6/1K6/8/8/8/8/8 b - - 0 1", "K+B v K+N"},
		{"kb6/1B6/1K6/8/8/8/8/8 b - - 0 1", "K+B v K+B on the other colour"},
		{"7k/5B2/7K/8/8/8/8/B7 b - - 0 1", "K+BB on both colours v K"},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		if !p.IsCheckmate() {
			t.Errorf("%s (%s): IsCheckmate = false, want true", tc.fen, tc.material)
		}
		if p.HasInsufficientMaterial(p.Turn().Other()) {
			t.Errorf("%s (%s): HasInsufficientMaterial(%v) = true for the side that mates", tc.fen, tc.material, p.Turn().Other())
		}
	}
}

// TestRulesDeadPosition covers what IsDeadPosition certifies and what it does not.
func TestRulesDeadPosition(t *testing.T) {
	tests := []struct {
		fen  string
		dead bool
		why  string
	}{
		{"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1", true, "interlocked chain across the board"},
		{"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1", true, "the same, Black to move"},
		{"8/8/k7/p1p1p1p1/P1P1P1P1/8/8/7K w - - 0 1", true, "four pairs, the gaps guarded by the pawns"},
		{"4k3/5b2/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K3 w - - 0 1", true, "bishops on their own pawns' colour, behind them"},
		{"k7/8/8/8/8/8/8/K7 w - - 0 1", true, "bare kings: insufficient material is dead too"},
		{"8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1", false, "a king walks round and takes a pawn"},
		{"8/8/4k3/8/4p3/4P3/4K3/8 w - - 0 1", false, "the same, one rank lower"},
		{"4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1", false, "a single blocked pair: the kings reach it"},
		{"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3BK3 w - - 0 1", false, "a light white bishop can take the light black pawns"},
		{"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K2b w - - 0 1", false, "a black bishop behind the white wall can give check"},
		{"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3NK3 w - - 0 1", false, "a knight"},
		{"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P3/8/4K3 w - - 0 1", false, "the g4 pawn is free to advance"},
		{"4k3/8/8/1p1p1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1", true, "the h-file is open, but h3 and h4 are guarded"},
		{"4k3/8/8/1p1p1p2/pPpPpP2/P1P1P3/8/4K3 w - - 0 1", false, "g- and h-files open: the kings get through"},
		{"4k3/8/8/pp6/PP6/8/8/4K3 w - - 0 1", false, "a4 attacks b5: a pawn can capture"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, "the start"},
	}
	for _, tc := range tests {
		p := MustParseFEN(tc.fen)
		if got := p.IsDeadPosition(); got != tc.dead {
			t.Errorf("%s (%s): IsDeadPosition = %v, want %v", tc.fen, tc.why, got, tc.dead)
		}
	}
}

// TestHasLegalMoveFIDE511And521: hasLegalMove, which decides checkmate (FIDE Laws 5.1.1) and
// stalemate (5.2.1) by a king move or Perft's count, is len(LegalMoves()) > 0 on the query
// positions, random games from the standard and Chess960 starts (played to mate or
// stalemate where they get there), and fixed mates and stalemates.
func TestHasLegalMoveFIDE511And521(t *testing.T) {
	positions := queryPositions(t)
	games := 200
	if testing.Short() {
		games = 40
	}
	for i := range games {
		positions = append(positions, walk{Start: -1, Seed: int64(i), Plies: 400}.positions()...)
		positions = append(positions, walk{Start: i * 7 % 960, Seed: int64(i), Plies: 400}.positions()...)
	}
	for _, fen := range []string{
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // fool's mate
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemate, king boxed in
		"k7/P7/K7/8/8/8/8/8 b - - 0 1",                                  // stalemate by a pawn and the king
		"8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",                               // stalemate of the white king
		"6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",                              // smothered mate
		"4k3/4P3/4K3/8/8/8/8/8 b - - 0 1",                               // stalemate
	} {
		positions = append(positions, MustParseFEN(fen))
	}
	ended := 0
	for _, p := range positions {
		want := len(p.LegalMoves()) > 0
		if got := p.hasLegalMove(); got != want {
			t.Fatalf("%s: hasLegalMove = %v, LegalMoves has %d", p.FEN(), got, len(p.LegalMoves()))
		}
		if !want {
			ended++
		}
	}
	if ended < 6 {
		t.Errorf("only %d positions without a legal move", ended)
	}
	t.Logf("%d positions, %d without a legal move", len(positions), ended)
}
