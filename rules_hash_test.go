package chess

import (
	"strings"
	"testing"
)

// polyglotVectors are the test positions published with the Polyglot book format (the
// "Random64" documentation): the moves from the start, the FEN and the key.
var polyglotVectors = []struct {
	moves, fen string
	key        uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
}

// TestRulesPolyglotVectors checks Position.Hash against every published test key of the
// Polyglot book format, both for the FEN and for the position reached by playing the moves
// (the incremental update of Play).
func TestRulesPolyglotVectors(t *testing.T) {
	for _, v := range polyglotVectors {
		p := MustParseFEN(v.fen)
		if got := p.Hash(); got != v.key {
			t.Errorf("%s: Hash = %#016x, want %#016x", v.fen, got, v.key)
		}
		if got := p.computeHash(); got != v.key {
			t.Errorf("%s: computeHash = %#016x, want %#016x", v.fen, got, v.key)
		}
		q := StartingPosition()
		for _, s := range strings.Fields(v.moves) {
			m, err := q.ParseUCI(s)
			if err != nil {
				t.Fatalf("%s: %v", v.moves, err)
			}
			q, _ = q.Play(m)
		}
		if got := q.Hash(); got != v.key {
			t.Errorf("after %q: Hash = %#016x, want %#016x", v.moves, got, v.key)
		}
		if got, want := fenNoClocks(q), fenNoClocks(p); got != want { // the published clocks are all 0
			t.Errorf("after %q: %s, want %s", v.moves, got, want)
		}
	}
}

// TestRulesRepetitionKeyEnPassant shows where the FIDE 9.2.3 key departs from the Polyglot key:
// an en-passant right that no legal capture can use.
func TestRulesRepetitionKeyEnPassant(t *testing.T) {
	pinned := MustParseFEN("1n2k3/6b1/8/3pP3/8/2K5/8/6N1 w - d6 0 2") // exd6 would expose c3
	free := MustParseFEN("1n2k3/8/8/3pP3/8/2K5/8/6N1 w - d6 0 2")
	without := MustParseFEN("1n2k3/6b1/8/3pP3/8/2K5/8/6N1 w - - 0 2")
	if pinned.EnPassant() != D6 {
		t.Fatalf("%s: the en-passant square is kept by the Polyglot rule", pinned.FEN())
	}
	if pinned.Hash() == without.Hash() {
		t.Errorf("the Polyglot key must hash the en-passant file even when the pawn is pinned")
	}
	if pinned.repetitionKey() != without.repetitionKey() {
		t.Errorf("FIDE 9.2.3: a pinned pawn gives no en-passant right, the keys must agree")
	}
	if !free.hasLegalEnPassant() || free.repetitionKey() != free.Hash() {
		t.Errorf("a legal en-passant capture must stay in the repetition key")
	}
}

// fenNoClocks is the FEN without the halfmove clock and the fullmove number.
func fenNoClocks(p Position) string {
	f := strings.Fields(p.FEN())
	return strings.Join(f[:4], " ")
}
