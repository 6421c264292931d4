package polyglot_test

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ox88/chess"
	"github.com/ox88/chess/internal/sharedtest"
	"github.com/ox88/chess/polyglot"
)

// corpusGame is a game of the shared corpus as the book writer needs it.
type corpusGame struct {
	start  chess.Position
	moves  []chess.Move
	result string
}

var corpus struct {
	once  sync.Once
	games []corpusGame
	err   error
}

// corpusGames reads the shared 25k-game lichess corpus once for all the tests.
func corpusGames(t *testing.T) []corpusGame {
	t.Helper()
	path := sharedtest.Path(t, "pgn/corpus/lichess-standard-25k.pgn")
	corpus.once.Do(func() {
		f, err := os.Open(path)
		if err != nil {
			corpus.err = err
			return
		}
		defer f.Close()
		r := chess.NewPGNReader(f)
		r.SkipVariations = true
		r.Workers = 2
		for g, err := range r.All() {
			if err != nil {
				corpus.err = err
				return
			}
			corpus.games = append(corpus.games, corpusGame{g.Root.Position, g.Moves(), g.Tag("Result")})
		}
	})
	if corpus.err != nil {
		t.Fatal(corpus.err)
	}
	return corpus.games
}

// pgnMaker returns a Maker with opts given every game of pgn.
func pgnMaker(t *testing.T, pgn []byte, opts polyglot.MakeOptions) *polyglot.Maker {
	t.Helper()
	mk, err := polyglot.NewMaker(opts)
	if err != nil {
		t.Fatal(err)
	}
	for g, err := range chess.Games(bytes.NewReader(pgn)) {
		if err != nil {
			t.Fatal(err)
		}
		if err := mk.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	return mk
}

// entryLines is "key move weight" in hexadecimal, hexadecimal and decimal for each entry.
func entryLines(entries []polyglot.Entry) []string {
	var lines []string
	for _, e := range entries {
		lines = append(lines, fmt.Sprintf("%016x %04x %d", e.Key, e.Raw, e.Weight))
	}
	return lines
}

func makeBook(t *testing.T, games []corpusGame, opts polyglot.MakeOptions) []byte {
	t.Helper()
	mk, err := polyglot.NewMaker(opts)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		if err := mk.AddMoves(g.start, g.moves, g.result); err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
	}
	var buf bytes.Buffer
	if _, err := mk.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestMakeBookGolden builds books from the shared corpus with the options of each book that
// PolyGlot 2.0.4's make-book wrote from it (books/README.md), and compares them byte for
// byte.
func TestMakeBookGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the 78 MB corpus")
	}
	games := corpusGames(t)
	if len(games) != 25000 {
		t.Fatalf("corpus: %d games, want 25000", len(games))
	}
	for _, tc := range []struct {
		file    string
		opts    polyglot.MakeOptions
		entries int
	}{
		{"polyglot-default.bin", polyglot.MakeOptions{}, 17458},
		{"polyglot-maxply20-mingame1.bin", polyglot.MakeOptions{MaxPly: 20, MinGame: 1}, 147155},
		{"polyglot-onlywhite-maxply30.bin", polyglot.MakeOptions{OnlyWhite: true, MaxPly: 30}, 8791},
		{"polyglot-uniform-mingame5.bin", polyglot.MakeOptions{Uniform: true, MinGame: 5}, 8781},
		{"polyglot-minscore50-onlyblack.bin", polyglot.MakeOptions{MinScore: 50, OnlyBlack: true}, 4744},
	} {
		t.Run(tc.file, func(t *testing.T) {
			want, err := os.ReadFile(sharedtest.Path(t, "books/"+tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got := makeBook(t, games, tc.opts)
			if len(got)/16 != tc.entries || len(want)/16 != tc.entries {
				t.Errorf("entries: got %d, golden %d, want %d", len(got)/16, len(want)/16, tc.entries)
			}
			compareBooks(t, got, want)
		})
	}
}

// compareBooks reports the first entry where two books differ.
func compareBooks(t *testing.T, got, want []byte) {
	t.Helper()
	if bytes.Equal(got, want) {
		return
	}
	for i := 0; i < min(len(got), len(want)); i += 16 {
		if !bytes.Equal(got[i:i+16], want[i:i+16]) {
			t.Fatalf("entry %d: got % x, want % x (got %d bytes, want %d)", i/16, got[i:i+16], want[i:i+16], len(got), len(want))
		}
	}
	t.Fatalf("got %d bytes, want %d", len(got), len(want))
}

// TestMergeBookGolden merges the shared -only-white and -only-black books as polyglot
// merge-book -in1 white -in2 black did (books/polyglot-merged.bin).
func TestMergeBookGolden(t *testing.T) {
	white := openShared(t, "polyglot-onlywhite-maxply30.bin")
	black := openShared(t, "polyglot-minscore50-onlyblack.bin")
	merged, err := polyglot.Merge(white, black)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := polyglot.WriteEntries(&buf, merged); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(sharedtest.Path(t, "books/polyglot-merged.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if len(merged) != 13535 {
		t.Errorf("%d entries, want 13535", len(merged))
	}
	compareBooks(t, buf.Bytes(), want)
}

// TestMergeBookSameKey: what PolyGlot 2.0.4's merge-book gives when both books have a
// position (observed by running it on these books): the first book's run of entries in its
// order, each weight plus those of the second book's entries of the same move (modulo 2^16),
// the first book's learn value, then the second book's other moves in its order; a run is a
// sequence of consecutive entries with one key, also in an unsorted book.
func TestMergeBookSameKey(t *testing.T) {
	type e = polyglot.Entry
	for _, tc := range []struct {
		name string
		a, b []e
		want []e
	}{
		{"weights added, learn of the first",
			[]e{{Key: 5, Raw: 1, Weight: 10, Learn: 7}, {Key: 5, Raw: 2, Weight: 3}, {Key: 9, Raw: 1, Weight: 60000}, {Key: 12, Raw: 4, Weight: 1}},
			[]e{{Key: 5, Raw: 2, Weight: 4, Learn: 9}, {Key: 5, Raw: 3, Weight: 20}, {Key: 9, Raw: 1, Weight: 60000}, {Key: 10, Raw: 1, Weight: 1, Learn: 1}, {Key: 12, Raw: 4}},
			[]e{{Key: 5, Raw: 1, Weight: 10, Learn: 7}, {Key: 5, Raw: 2, Weight: 7}, {Key: 5, Raw: 3, Weight: 20}, {Key: 9, Raw: 1, Weight: 54464}, {Key: 10, Raw: 1, Weight: 1, Learn: 1}, {Key: 12, Raw: 4, Weight: 1}}},
		{"first book's order kept",
			[]e{{Key: 5, Raw: 3, Weight: 1, Learn: 7}, {Key: 5, Raw: 1, Weight: 2, Learn: 8}},
			[]e{{Key: 5, Raw: 2, Weight: 5, Learn: 1}, {Key: 5, Raw: 1, Weight: 6, Learn: 2}, {Key: 5, Raw: 4, Weight: 7, Learn: 3}},
			[]e{{Key: 5, Raw: 3, Weight: 1, Learn: 7}, {Key: 5, Raw: 1, Weight: 8, Learn: 8}, {Key: 5, Raw: 2, Weight: 5, Learn: 1}, {Key: 5, Raw: 4, Weight: 7, Learn: 3}}},
		{"repeated move in the first book: the first one gets the weights",
			[]e{{Key: 5, Raw: 3, Weight: 1}, {Key: 5, Raw: 3, Weight: 2}},
			[]e{{Key: 5, Raw: 3, Weight: 4}},
			[]e{{Key: 5, Raw: 3, Weight: 5}, {Key: 5, Raw: 3, Weight: 2}}},
		{"repeated move in the second book only: both kept",
			[]e{{Key: 5, Raw: 3, Weight: 1}},
			[]e{{Key: 5, Raw: 2, Weight: 1}, {Key: 5, Raw: 2, Weight: 4}},
			[]e{{Key: 5, Raw: 3, Weight: 1}, {Key: 5, Raw: 2, Weight: 1}, {Key: 5, Raw: 2, Weight: 4}}},
		{"unsorted first book",
			[]e{{Key: 7, Raw: 3, Weight: 1}, {Key: 5, Raw: 3, Weight: 1}},
			[]e{{Key: 6, Raw: 3, Weight: 1}},
			[]e{{Key: 6, Raw: 3, Weight: 1}, {Key: 7, Raw: 3, Weight: 1}, {Key: 5, Raw: 3, Weight: 1}}},
		{"key 0 is an ordinary key",
			[]e{{Key: 0, Raw: 3, Weight: 1}, {Key: 5, Raw: 3, Weight: 1}},
			[]e{{Key: 0, Raw: 3, Weight: 1}},
			[]e{{Key: 0, Raw: 3, Weight: 2}, {Key: 5, Raw: 3, Weight: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			da, db := rawBook(tc.a...), rawBook(tc.b...)
			a, _ := polyglot.Open(bytes.NewReader(da), int64(len(da)))
			b, _ := polyglot.Open(bytes.NewReader(db), int64(len(db)))
			got, err := polyglot.Merge(a, b)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				tc.want[i].Index = -1
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("merge (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMakeBookSmall: the counting rules of make-book on games small enough to read
// (testdata/five-games.pgn): a win gives 2 to the winner's moves, a draw or "*" or no Result
// tag 1 to both sides, a loss 0; PolyGlot 2.0.4's make-book -min-game 1 wrote
// testdata/five-games.bin from them.
func TestMakeBookSmall(t *testing.T) {
	pgn, err := os.ReadFile("testdata/five-games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	mk := pgnMaker(t, pgn, polyglot.MakeOptions{MinGame: 1})
	got := entryLines(mk.Entries())
	want := []string{
		"0844931a6ef4b9a0 0195 4", // Nf3
		"1b7e13263fc0ab38 0f62 4", // Bc5
		"463b96181691fc9c 031c 4", // e4
		"463b96181691fc9c 02db 1", // d4: no Result tag
		"78cda70e17837d9e 015a 4", // Bc4
		"823c9b50fd114196 0d24 4", // e5
		"830eb9b20758d1de 0ce3 1", // d5
		"b663577df5f241bb 0107 4", // O-O as e1h1
		"d3207fec0612d89d 0e6a 4", // Nc6
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	if mk.Games() != 5 {
		t.Errorf("Games = %d", mk.Games())
	}
	golden, err := os.ReadFile("testdata/five-games.bin")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	mk.WriteTo(&buf)
	compareBooks(t, buf.Bytes(), golden)
}

// TestNewMakerRejects: options make-book would refuse or that keep nothing.
func TestNewMakerRejects(t *testing.T) {
	for _, opts := range []polyglot.MakeOptions{
		{MaxPly: -1}, {MinGame: -1}, {MinScore: -1}, {MinScore: 101}, {OnlyWhite: true, OnlyBlack: true},
	} {
		if _, err := polyglot.NewMaker(opts); err == nil {
			t.Errorf("%+v accepted", opts)
		}
	}
}

// TestZeroMaker: the zero Maker has make-book's defaults (-min-game 3).
func TestZeroMaker(t *testing.T) {
	var mk polyglot.Maker
	p := chess.StartingPosition()
	e4, _ := p.ParseUCI("e2e4")
	for range 2 {
		mk.AddMoves(p, []chess.Move{e4}, "1-0")
	}
	if n := len(mk.Entries()); n != 0 {
		t.Errorf("%d entries after 2 games, want 0", n)
	}
	mk.AddMoves(p, []chess.Move{e4}, "1-0")
	if e := mk.Entries(); len(e) != 1 || e[0].Weight != 6 || e[0].Raw != 0x031c {
		t.Errorf("entries %+v after 3 games", e)
	}
}

// TestAddMovesIllegal: a game with an illegal move adds nothing.
func TestAddMovesIllegal(t *testing.T) {
	mk, _ := polyglot.NewMaker(polyglot.MakeOptions{MinGame: 1})
	p := chess.StartingPosition()
	e4, _ := p.ParseUCI("e2e4")
	if err := mk.AddMoves(p, []chess.Move{e4, e4}, "1-0"); err == nil {
		t.Fatal("accepted e2e4 twice")
	}
	if n := len(mk.Entries()); n != 0 || mk.Games() != 0 {
		t.Errorf("%d entries, %d games after a rejected game", n, mk.Games())
	}
}

// TestMakeBookHalving: when a move's count reaches 16384, make-book halves the count and
// the score of every move of its position, rounding up, and of no other position. 3 drawn
// 1. e4 c5, 16,380 won 1. e4, 10 drawn 1. d4, then a lost 1. e4 (the 16,384th) halve e4 to
// n 8192, sum (32763+1)/2 = 16382 and d4 to n 5, sum 5; a won 1. d4 then makes d4's sum 7;
// c5 keeps 3. PolyGlot 2.0.4's make-book wrote these three entries from the same games.
func TestMakeBookHalving(t *testing.T) {
	p := chess.StartingPosition()
	e4, _ := p.ParseSAN("e4")
	d4, _ := p.ParseSAN("d4")
	afterE4, _ := p.Play(e4)
	c5, _ := afterE4.ParseSAN("c5")
	var mk polyglot.Maker
	add := func(n int, result string, moves ...chess.Move) {
		for range n {
			if err := mk.AddMoves(p, moves, result); err != nil {
				t.Fatal(err)
			}
		}
	}
	add(3, "1/2-1/2", e4, c5)
	add(16380, "1-0", e4)
	add(10, "1/2-1/2", d4)
	add(1, "0-1", e4)
	add(1, "1-0", d4)
	got := entryLines(mk.Entries())
	want := []string{
		"463b96181691fc9c 031c 16382", // e4
		"463b96181691fc9c 02db 7",     // d4
		"823c9b50fd114196 0ca2 3",     // c5
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}
