package polyglot_test

import (
	"bytes"
	"os"
	"sync"
	"testing"

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
