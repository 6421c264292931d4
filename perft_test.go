package chess

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// shortPerftLimit is the largest count that -short still checks.
const shortPerftLimit = 1_000_000

// perftTable holds the perft counts of our own table: nodes[d-1] is Perft(fen, d). The
// standard positions and counts are those of the Chess Programming Wiki ("Perft Results");
// the Chess960 ones come from the published suites in ../shared/testdata/perft (scalachess
// tricky.perft and chess960.perft, pychess frc_perftsuite.epd), copied here as literals.
var perftTable = []struct {
	name  string
	fen   string
	nodes []uint64
}{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		[]uint64{20, 400, 8902, 197281, 4865609}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]uint64{48, 2039, 97862, 4085603, 193690690}},
	{"cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]uint64{14, 191, 2812, 43238, 674624}},
	{"cpw-pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}},
	{"cpw-pos4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292}},
	{"cpw-pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]uint64{44, 1486, 62379, 2103487, 89941194}},
	{"cpw-pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]uint64{46, 2079, 89890, 3894594, 164075551}},

	// Chess960. X-FEN KQkq naming the outermost rook, king and rook on c1/e1 and the like.
	{"960-xfen-outer-rooks", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
		[]uint64{23, 522, 12333, 285754, 7096972}},
	{"960-xfen-f-rooks", "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
		[]uint64{28, 738, 20218, 541480, 15194841}},
	{"960-xfen-c1-rook-only", "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1",
		[]uint64{34, 318, 9002, 118388, 3223406}},
	{"960-xfen-rook-next-to-king", "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
		[]uint64{17, 242, 3931, 57700, 985298}},
	{"960-xfen-rook-on-a1-beside", "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
		[]uint64{19, 628, 12858, 405636, 8992652}},
	{"960-h-rook-blocks-a-side", "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
		[]uint64{42, 1743, 71908}},
	{"960-extra-outer-rooks", "R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1",
		[]uint64{25, 586, 15541, 432457, 12667098}},
	{"960-promotions", "2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
		[]uint64{51, 1904, 71005, 2583102, 94370149}},
	{"960-black-to-move", "nr1kqrbn/pbpppppp/1p6/8/8/BP6/P1PPPPPP/NR1KQRBN b BFbf - 0 1",
		[]uint64{26, 618, 15681, 382020, 10110878}},
	{"960-start-qbrnnkbr", "qbrnnkbr/pppppppp/8/8/8/8/PPPPPPPP/QBRNNKBR w CHch - 0 1",
		[]uint64{20, 400, 9006, 200996, 4968926}},
	{"960-start-rbknqnbr", "rbknqnbr/pppppppp/8/8/8/8/PPPPPPPP/RBKNQNBR w AHah - 0 1",
		[]uint64{20, 400, 9032, 203232, 5089230}},
	{"960-id0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		[]uint64{21, 528, 12189, 326672, 8146062}},
	{"960-id6-black-rights-only", "q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9",
		[]uint64{30, 860, 24566, 732757, 21093346}},
	{"960-id10-three-rights", "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
		[]uint64{33, 823, 26895, 713420, 23114629}},
	{"960-id17-en-passant", "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
		[]uint64{31, 984, 28677, 962591, 29032175}},
	{"960-id518-standard-array", "r1bqk1rb/pppnpppp/5n2/3p4/2P3PP/2N5/PP1PPP2/R1BQKNRB w GAga - 1 9",
		[]uint64{32, 821, 27121, 733155, 24923473}},
}

func TestPerftTable(t *testing.T) {
	t.Parallel()
	for _, tc := range perftTable {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := MustParseFEN(tc.fen)
			if strings.HasPrefix(tc.name, "960-") != p.Chess960() {
				t.Fatalf("ParseFEN(%q).Chess960() = %v", tc.fen, p.Chess960())
			}
			for d, want := range tc.nodes {
				if want > shortPerftLimit && testing.Short() {
					break
				}
				if got := Perft(p, d+1); got != want {
					t.Errorf("Perft(%q, %d) = %d, want %d", tc.fen, d+1, got, want)
				}
			}
		})
	}
}

func TestPerftDepthZero(t *testing.T) {
	p := StartingPosition()
	for _, d := range []int{0, -1, -100} {
		if got := Perft(p, d); got != 1 {
			t.Errorf("Perft(start, %d) = %d, want 1", d, got)
		}
		if got := Divide(p, d); got != nil {
			t.Errorf("Divide(start, %d) = %v, want nil", d, got)
		}
	}
}

// TestPerftDeep checks the long single-move "prison" line of tricky.perft: 32 plies, one
// legal move at each.
func TestPerftDeep(t *testing.T) {
	p := MustParseFEN("2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1")
	if got := Perft(p, 32); got != 1 {
		t.Errorf("Perft(prison, 32) = %d, want 1", got)
	}
}

func TestDivide(t *testing.T) {
	for _, tc := range perftTable {
		depth := len(tc.nodes)
		for depth > 1 && tc.nodes[depth-1] > 100_000 {
			depth--
		}
		p := MustParseFEN(tc.fen)
		lines := Divide(p, depth)
		if len(lines) != len(p.LegalMoves()) {
			t.Errorf("%s: Divide(%d) has %d lines, want one per legal move (%d)", tc.name, depth, len(lines), len(p.LegalMoves()))
		}
		var sum uint64
		for i, l := range lines {
			sum += l.Nodes
			if i > 0 && lines[i-1].Move.String() >= l.Move.String() {
				t.Errorf("%s: Divide lines not sorted by UCI: %v before %v", tc.name, lines[i-1].Move, l.Move)
			}
			child, err := p.Play(l.Move)
			if err != nil {
				t.Fatalf("%s: Divide move %v: %v", tc.name, l.Move, err)
			}
			if want := Perft(child, depth-1); l.Nodes != want {
				t.Errorf("%s: Divide line %v = %d, Perft of its child = %d", tc.name, l.Move, l.Nodes, want)
			}
		}
		if want := Perft(p, depth); sum != want || sum != tc.nodes[depth-1] {
			t.Errorf("%s: Divide(%d) sums to %d, Perft = %d, table = %d", tc.name, depth, sum, want, tc.nodes[depth-1])
		}
	}
}

// queensFEN is a king and 15 queens against a king walled in by its own pieces: 16 pieces
// for White, the most ParseFEN allows, and the strongest, so its move list is about as long
// as any that ParseFEN accepts (the bound is 8 + 15*27 = 413; this arrangement was found by
// a local search for the most moves).
const queensFEN = "K1QQ2nk/Q4Qpp/2Q4Q/4Q3/1Q4Q1/3Q4/Q4Q2/2QQ3Q w - - 0 1"

func TestPerftFifteenQueens(t *testing.T) {
	p := MustParseFEN(queensFEN)
	const want = 241
	if got := len(p.LegalMoves()); got != want {
		t.Errorf("len(LegalMoves()) = %d, want %d", got, want)
	}
	if got := len(p.AppendLegalMoves(make([]Move, 0, 512))); got != want {
		t.Errorf("len(AppendLegalMoves()) = %d, want %d", got, want)
	}
	if got := Perft(p, 1); got != want {
		t.Errorf("Perft(1) = %d, want %d", got, want)
	}
	if diff := diffMoveSets(refLegalMoves(p), p.LegalMoves()); diff != "" {
		t.Errorf("LegalMoves disagrees with the reference generator (-ref +got):\n%s", diff)
	}
	// Black's reply: every capture of a wall piece is a legal position two plies on.
	var nodes uint64
	for _, m := range p.LegalMoves() {
		q, _ := p.Play(m)
		nodes += uint64(len(q.LegalMoves()))
	}
	if got := Perft(p, 2); got != nodes {
		t.Errorf("Perft(2) = %d, sum of replies = %d", got, nodes)
	}
}

// perftSuiteEntry is one line of a normalized perft suite: a FEN and its counts by depth.
type perftSuiteEntry struct {
	line  int
	id    string
	fen   string
	depth []int
	nodes []uint64
}

// readPerftSuite reads the normalized line format of ../shared/testdata/perft/normalized
// (see its README): "FEN ;D1 n ;D2 n ... ;id name", # comments and blank lines ignored.
func readPerftSuite(t testing.TB, path string) []perftSuiteEntry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftSuiteEntry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, ";")
		e := perftSuiteEntry{line: n, fen: strings.TrimSpace(fields[0])}
		for _, fld := range fields[1:] {
			fld = strings.TrimSpace(fld)
			key, val, _ := strings.Cut(fld, " ")
			val = strings.TrimSpace(val)
			switch {
			case key == "id":
				e.id = val
			case len(key) > 1 && key[0] == 'D':
				d, err1 := strconv.Atoi(key[1:])
				c, err2 := strconv.ParseUint(val, 10, 64)
				if err1 != nil || err2 != nil {
					t.Fatalf("%s:%d: bad field %q", path, n, fld)
				}
				e.depth = append(e.depth, d)
				e.nodes = append(e.nodes, c)
			default:
				t.Fatalf("%s:%d: unknown field %q", path, n, fld)
			}
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPerftSuites checks every position of every suite in ../shared/testdata/perft/normalized:
// random.txt and chess960.txt to depth 3, the others to every depth whose count is below
// suiteNodeLimit. About 0.9 * 10^9 nodes; skipped by -short.
func TestPerftSuites(t *testing.T) {
	if testing.Short() {
		t.Skip("the perft suites take seconds; skipped by -short")
	}
	t.Parallel()
	dir := sharedTestdata(t, "perft/normalized")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in %s: %v", dir, err)
	}
	const suiteNodeLimit = 10_000_000
	wantPositions := map[string]int{"random.txt": 6838, "chess960.txt": 960}
	var positions, nodes, counts atomic.Uint64
	t.Run("suite", func(t *testing.T) {
		for _, path := range files {
			name := filepath.Base(path)
			t.Run(strings.TrimSuffix(name, ".txt"), func(t *testing.T) {
				t.Parallel()
				entries := readPerftSuite(t, path)
				if want, ok := wantPositions[name]; ok && len(entries) != want {
					t.Errorf("%s has %d positions, want %d", name, len(entries), want)
				}
				maxDepth := 1 << 30
				if name == "random.txt" || name == "chess960.txt" {
					maxDepth = 3
				}
				chess960 := strings.Contains(name, "960")
				for _, e := range entries {
					p, err := ParseFEN(e.fen)
					if err != nil {
						t.Errorf("%s:%d: %v", name, e.line, err)
						continue
					}
					if chess960 && !p.Chess960() {
						p = p.WithChess960(true)
					}
					positions.Add(1)
					for i, d := range e.depth {
						want := e.nodes[i]
						if d > maxDepth || want >= suiteNodeLimit {
							continue
						}
						if got := Perft(p, d); got != want {
							t.Errorf("%s:%d (%s): Perft(%q, %d) = %d, want %d", name, e.line, e.id, e.fen, d, got, want)
						}
						nodes.Add(want)
						counts.Add(1)
					}
				}
			})
		}
	})
	t.Logf("%d suites, %d positions, %d perft counts, %d nodes", len(files), positions.Load(), counts.Load(), nodes.Load())
}

// TestReadPerftSuite checks the reader on the format's corner cases.
func TestReadPerftSuite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.txt")
	data := "# comment\n\n  8/8/8/8/8/8/8/K6k w - - 0 1 ; D1 3;D32  7 ;id  a b\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	got := readPerftSuite(t, path)
	if len(got) != 1 || got[0].line != 3 || got[0].id != "a b" || got[0].fen != "8/8/8/8/8/8/8/K6k w - - 0 1" ||
		!slices.Equal(got[0].depth, []int{1, 32}) || !slices.Equal(got[0].nodes, []uint64{3, 7}) {
		t.Errorf("readPerftSuite = %+v", got)
	}
}

// forSuitePositions calls f with every position of the perft suites and the king with 15
// queens, and with each position one move after them: about 200,000 positions.
func forSuitePositions(t *testing.T, f func(where string, p *Position)) {
	dir := sharedTestdata(t, "perft/normalized")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in %s: %v", dir, err)
	}
	var children moveList
	visited := 0
	for _, path := range append(files, "") {
		entries := []perftSuiteEntry{{fen: queensFEN}}
		if path != "" {
			entries = readPerftSuite(t, path)
		}
		for _, e := range entries {
			p, err := ParseFEN(e.fen)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, e.line, err)
			}
			if strings.Contains(path, "960") {
				p = p.WithChess960(true)
			}
			where := fmt.Sprintf("%s:%d", filepath.Base(path), e.line)
			f(where, &p)
			p.generate(&children)
			for _, m := range children.moves[:children.n] {
				q := p
				q.play(m)
				f(where+" after "+m.String(), &q)
				visited++
			}
		}
	}
	if visited < 100_000 {
		t.Errorf("visited only %d positions", visited)
	}
}

// TestBulkCountMatchesGeneration is the differential test of Perft's bulk counting: on every
// suite position, countLegal (target sets counted, pawns shifted all at once) gives exactly
// the number of moves generate produces.
func TestBulkCountMatchesGeneration(t *testing.T) {
	var ml moveList
	forSuitePositions(t, func(where string, p *Position) {
		p.generate(&ml)
		if got := p.countLegal(); got != ml.n {
			t.Errorf("%s: countLegal(%q) = %d, generate makes %d moves", where, p.FEN(), got, ml.n)
		}
	})
}

// TestGivesCheckMatchesPlay is the differential test of the check test of SAN's "+" and "#"
// (PGN Standard §8.2.3.5): for every legal move of every suite position, givesCheck (direct
// and discovered attacks, without playing) agrees with playing the move and asking InCheck.
func TestGivesCheckMatchesPlay(t *testing.T) {
	var ml moveList
	checks := 0
	forSuitePositions(t, func(where string, p *Position) {
		p.generate(&ml)
		for _, m := range ml.moves[:ml.n] {
			q := *p
			q.play(m)
			if got, want := p.givesCheck(m), q.InCheck(); got != want {
				t.Errorf("%s: givesCheck(%q, %v) = %v, InCheck after it = %v", where, p.FEN(), m, got, want)
			}
			if q.InCheck() {
				checks++
			}
		}
	})
	if checks < 10_000 {
		t.Errorf("only %d checking moves seen", checks)
	}
}
