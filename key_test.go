package chess

import "testing"

// TestPositionKeyFIDE923: positions are the same (FIDE Laws 9.2.3) when the same player has the
// move, the pieces stand on the same squares and the possible moves, castling and en passant
// included, are the same; the clocks do not count.
func TestPositionKeyFIDE923(t *testing.T) {
	same := [][2]string{
		// the clocks are not part of the identity
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 37 80"},
		// the double step d7-d5 gives no e.p. right when the capture would expose the king
		// (the e5 pawn is pinned on the e-file)
		{"4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4r2k/8/8/3pP3/8/8/8/4K3 w - - 0 2"},
	}
	for _, pair := range same {
		if MustParseFEN(pair[0]).Key() != MustParseFEN(pair[1]).Key() {
			t.Errorf("%s and %s: keys differ, want the same position (9.2.3)", pair[0], pair[1])
		}
	}
	// the Chess960 flag is not part of the identity
	if p := MustParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1"); p.Key() != p.WithChess960(true).Key() {
		t.Error("the Chess960 flag changes the key")
	}
	differ := [][2]string{
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"},    // castling rights
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R b K - 0 1"},    // side to move
		{"7k/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "7k/8/8/3pP3/8/8/8/4K3 w - - 0 2"}, // a legal e.p. capture
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/8/4K2Q w - - 0 1"},    // a piece's type
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/8/4K2r w - - 0 1"},    // a piece's colour
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/8/4KR2 w - - 0 1"},    // a piece's square
	}
	for _, pair := range differ {
		if MustParseFEN(pair[0]).Key() == MustParseFEN(pair[1]).Key() {
			t.Errorf("%s and %s: equal keys, want different positions (9.2.3)", pair[0], pair[1])
		}
	}
	// usable as a map key: the knights' dance Nf3 Nf6 Ng1 Ng8 repeats the start
	seen := map[PositionKey]int{}
	g := NewGame(StartingPosition())
	seen[g.Position().Key()]++
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"} {
		if err := g.PlaySAN(s); err != nil {
			t.Fatal(err)
		}
		seen[g.Position().Key()]++
	}
	if n := seen[StartingPosition().Key()]; n != 3 || g.RepetitionCount() != 3 {
		t.Errorf("the start appeared %d times by Key, %d by Game.RepetitionCount; want 3", n, g.RepetitionCount())
	}
}

// TestPositionKeyAgreesWithGame: Key and the repetition index of Game decide the identity of
// positions alike: over random games, two positions have equal keys exactly when their
// repetition keys are equal (a differential test of the two homes of 9.2.3).
func TestPositionKeyAgreesWithGame(t *testing.T) {
	for seed := int64(0); seed < 30; seed++ {
		game, err := randomGame(StartingPosition(), seed, 120)
		if err != nil {
			t.Fatal(err)
		}
		for i := range game {
			for j := i + 1; j < len(game); j++ {
				a, b := game[i], game[j]
				if (a.Key() == b.Key()) != (a.repetitionKey() == b.repetitionKey()) {
					t.Fatalf("%s and %s: Key equal %v, repetitionKey equal %v", a.FEN(), b.FEN(),
						a.Key() == b.Key(), a.repetitionKey() == b.repetitionKey())
				}
			}
		}
	}
}
