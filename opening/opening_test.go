package opening_test

import (
	"os"
	"strings"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/internal/sharedtest"
	"github.com/ox88/chess/opening"
)

// moves replays a table's movetext ("1. e4 e5 2. Nf3").
func moves(t testing.TB, movetext string) []chess.Move {
	t.Helper()
	p := chess.StartingPosition()
	var ms []chess.Move
	for _, tok := range strings.Fields(movetext) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		m, err := p.ParseSAN(tok)
		if err != nil {
			t.Fatalf("%s: %v", movetext, err)
		}
		ms = append(ms, m)
		p, _ = p.Play(m)
	}
	return ms
}

// TestEveryLineClassifiesToItself replays each of the tables' 3,807 lines: each reaches a
// position of its own, at its last ply, and classifies to itself. Two lines reaching the same
// position would leave the name to the later one in table order (as lichess's index does);
// this revision of the tables has no such pair, so the 3,807 lines are 3,807 positions.
func TestEveryLineClassifiesToItself(t *testing.T) {
	all := opening.Openings()
	if len(all) != 3807 {
		t.Fatalf("%d lines, want 3807 (818+770+1251+615+358 rows less the 5 headers)", len(all))
	}
	positions := map[chess.Position]bool{}
	for _, o := range all {
		ms := moves(t, o.PGN)
		m, ok := opening.ClassifyMoves(chess.StartingPosition(), ms)
		if !ok || m.Opening != o || m.Ply != len(ms) {
			t.Errorf("%s:%d %s %q: classified as %v %+v", o.File, o.Line, o.ECO, o.Name, ok, m)
		}
		p := chess.StartingPosition()
		for _, mv := range ms {
			p, _ = p.Play(mv)
		}
		positions[p.WithChess960(false)] = true
	}
	if len(positions) != 3807 {
		t.Errorf("%d distinct final positions, want 3807", len(positions))
	}
}

// TestClassifyTransposition: 1. Nf3 d5 2. d4 reaches the position of the table's
// 1. d4 d5 2. Nf3 (D02), which names it whatever the move order.
func TestClassifyTransposition(t *testing.T) {
	for _, tc := range []struct {
		line, eco, name string
		ply             int
	}{
		{"1. d4 d5 2. c4", "D06", "Queen's Gambit", 3},
		{"1. Nf3 d5 2. d4", "D02", "Queen's Pawn Game: Zukertort Variation", 3},
		{"1. d4 d5 2. Nf3", "D02", "Queen's Pawn Game: Zukertort Variation", 3},
		{"1. c4 e6 2. Nc3 d5 3. d4", "D31", "Queen's Gambit Declined: Queen's Knight Variation", 5},
		// The deepest known position counts, not the last move: 4. Qe2 leaves the tables.
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qe2 h6", "C70", "Ruy Lopez: Morphy Defense", 6},
		// By transposition: 4. Qe2 Nf6 5. Ba4 reaches the table's 4. Ba4 Nf6 5. Qe2.
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qe2 Nf6 5. Ba4", "C77", "Ruy Lopez: Morphy Defense, Wormald Attack", 9},
	} {
		m, ok := opening.ClassifyMoves(chess.StartingPosition(), moves(t, tc.line))
		if !ok || m.ECO != tc.eco || m.Name != tc.name || m.Ply != tc.ply {
			t.Errorf("%s: %v %s %q ply %d, want %s %q ply %d", tc.line, ok, m.ECO, m.Name, m.Ply, tc.eco, tc.name, tc.ply)
		}
	}
	if _, ok := opening.ClassifyMoves(chess.StartingPosition(), nil); ok {
		t.Error("the starting position classified")
	}
}

// TestClassifyPositionsAgrees: a line given as positions classifies as its moves do.
func TestClassifyPositionsAgrees(t *testing.T) {
	ms := moves(t, "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3")
	positions := []chess.Position{chess.StartingPosition()}
	for _, m := range ms {
		next, _ := positions[len(positions)-1].Play(m)
		positions = append(positions, next)
	}
	a, okA := opening.ClassifyMoves(positions[0], ms)
	b, okB := opening.ClassifyPositions(positions)
	if !okA || !okB || a != b || a.ECO != "B90" || a.Ply != 11 {
		t.Errorf("moves %+v, positions %+v", a, b)
	}
}

// TestLichessCorpusTags compares the classifier with the ECO and Opening tags of the shared
// 25,000 lichess games (April 2022), which lichess computed with an older revision of the
// same tables and the same rules (the last known position within 40 plies while 20 or
// more pieces stand). ECO agrees for 23,296 games (93.18%), Opening for 21,889 (87.56%),
// both for 21,309; 24 games are unclassified by both (tags "?"). The 3,691 others fall into
// these classes, counted below:
//   - deeper: the game reaches the position the tag names, then a deeper one that the
//     current tables name (positions added since, e.g. "Sicilian Defense: Alapin
//     Variation, Anti-Alapin Gambit" after the tag's "Alapin Variation"): 1,711;
//   - renamed: the tag's name is no longer in the tables ("Sicilian Defense: Snyder
//     Variation" is now "Czerniak Attack", "King's Pawn Game: Macleod Attack" is now
//     "MacLeod Attack", "Russian Game" is now "Petrov's Defense"): 1,121;
//   - recoded: the same name with another ECO code (Sicilian Four Knights B40 -> B45, the
//     Englund Gambit Declined: Reversed French A00 -> A40): 580;
//   - moved: the name is in the tables, but under other ECO codes only, and the game gets
//     a deeper or other position's name: 264;
//   - relined: the tag's name and code are in the tables, but the game no longer reaches a
//     position so named (its table line changed, e.g. "Ruy Lopez: Morphy Defense,
//     Neo-Arkhangelsk Variation"): 15.
func TestLichessCorpusTags(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the 78 MB corpus")
	}
	f, err := os.Open(sharedtest.Path(t, "pgn/corpus/lichess-standard-25k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	names := map[string]map[string]bool{} // name -> ECO codes
	for _, o := range opening.Openings() {
		if names[o.Name] == nil {
			names[o.Name] = map[string]bool{}
		}
		names[o.Name][o.ECO] = true
	}
	r := chess.NewPGNReader(f)
	r.SkipVariations = true
	r.Workers = 2
	games, eco, name, both := 0, 0, 0, 0
	classes := map[string]int{}
	for g, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		games++
		m, ok := opening.Classify(g)
		if !ok {
			m.ECO, m.Name = "?", "?" // what lichess writes for an unclassified game
		}
		tagECO, tagName := g.Tag("ECO"), g.Tag("Opening")
		if tagECO == m.ECO {
			eco++
		}
		if tagName == m.Name {
			name++
		}
		if tagECO == m.ECO && tagName == m.Name {
			both++
			continue
		}
		reached := false
		p := g.Root.Position
		for i, mv := range g.Moves() {
			if i == opening.MaxPly {
				break
			}
			p, _ = p.Play(mv)
			if o, in := opening.Lookup(p); in && o.Name == tagName {
				reached = true
			}
		}
		switch {
		case names[tagName] == nil:
			classes["renamed"]++
		case tagName == m.Name:
			classes["recoded"]++
		case reached:
			classes["deeper"]++
		case !names[tagName][tagECO]:
			classes["moved"]++
		default:
			classes["relined"]++
		}
	}
	if games != 25000 || eco != 23296 || name != 21889 || both != 21309 {
		t.Errorf("%d games: ECO agrees for %d, Opening for %d, both for %d; want 25000, 23296, 21889, 21309", games, eco, name, both)
	}
	want := map[string]int{"deeper": 1711, "renamed": 1121, "recoded": 580, "moved": 264, "relined": 15}
	for class, n := range want {
		if classes[class] != n {
			t.Errorf("%s: %d games, want %d", class, classes[class], n)
		}
	}
	t.Logf("ECO %d/%d (%.2f%%), Opening %d/%d (%.2f%%)", eco, games, 100*float64(eco)/float64(games), name, games, 100*float64(name)/float64(games))
}

// TestSetTags: ECO and Opening are added, or corrected, from the classification.
func TestSetTags(t *testing.T) {
	const pgn = "[Event \"x\"]\n[ECO \"A00\"]\n\n1. d4 d5 2. c4 *\n"
	for g, err := range chess.Games(strings.NewReader(pgn)) {
		if err != nil {
			t.Fatal(err)
		}
		m, ok, err := opening.SetTags(g)
		if !ok || err != nil || m.Ply != 3 {
			t.Fatalf("SetTags: %+v %v %v", m, ok, err)
		}
		if g.Tag("ECO") != "D06" || g.Tag("Opening") != "Queen's Gambit" {
			t.Errorf("tags %v", g.Tags)
		}
	}
}

// TestLookupIdentity9_2_3: positions are the same by FIDE Laws 9.2.3. The Old Benoni's
// 2... e5 leaves an en-passant capture (dxe6) that the position without the right lacks;
// after 1. d4 d5 the en-passant square d6 that a FEN may carry allows no capture and does
// not count, nor do the clocks; a castling right lost does.
func TestLookupIdentity9_2_3(t *testing.T) {
	for _, tc := range []struct {
		fen, eco string // eco "" for a position the tables do not have
	}{
		{"rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3", "A44"},
		{"rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3", ""},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2", "D00"},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 5 9", "D00"},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w Kkq - 0 2", ""},
		{"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2", ""},
	} {
		o, ok := opening.Lookup(chess.MustParseFEN(tc.fen))
		if ok != (tc.eco != "") || o.ECO != tc.eco {
			t.Errorf("%s: %v %s %q, want %q", tc.fen, ok, o.ECO, o.Name, tc.eco)
		}
	}
	// The Czech Benoni by another move order ends with the same double step and the same
	// en-passant capture.
	m, ok := opening.ClassifyMoves(chess.StartingPosition(), moves(t, "1. c4 c5 2. d4 Nf6 3. d5 e5"))
	if !ok || m.ECO != "A56" || m.Name != "Benoni Defense: Czech Benoni Defense" || m.Ply != 6 {
		t.Errorf("Czech Benoni by transposition: %v %+v", ok, m)
	}
}

// TestClassifyMovesIllegalMove: a move that is not legal ends the line; the positions
// before it still classify (1. d4 d5 2. c4 is the Queen's Gambit, then e2e5 is illegal).
func TestClassifyMovesIllegalMove(t *testing.T) {
	ms := append(moves(t, "1. d4 d5 2. c4"), chess.NewMove(chess.E2, chess.E5, chess.NoPieceType), moves(t, "1. e4")[0])
	m, ok := opening.ClassifyMoves(chess.StartingPosition(), ms)
	if !ok || m.ECO != "D06" || m.Ply != 3 {
		t.Errorf("%v %+v, want D06 at ply 3", ok, m)
	}
	if m, ok := opening.ClassifyMoves(chess.Position{}, ms); ok {
		t.Errorf("the zero Position classified: %+v", m)
	}
}
