package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ox88/chess/internal/sharedtest"
)

// TestBookList: the GNU Chess book's moves in the starting position and after 1. e4, with
// weight and share of the position's total weight.
func TestBookList(t *testing.T) {
	book := sharedtest.Path(t, "books/gnuchess-book.bin")
	stdout, stderr, code := runChess(t, nil, "book", book)
	want := "e4        12135  39.4%\nd4        11257  36.6%\nNf3        3745  12.2%\nc4         3294  10.7%\n"
	if code != exitOK || !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 13 || stderr != "" {
		t.Errorf("exit %d\n%s\nstderr %s", code, stdout, stderr)
	}
	// The FEN may come as one argument or as its six fields.
	stdout, _, code = runChess(t, nil, "book", book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "b", "KQkq", "-", "0", "1")
	if code != exitOK || !strings.HasPrefix(stdout, "c5        14550  41.7%\ne5        10621  30.4%\n") {
		t.Errorf("after 1. e4: exit %d\n%s", code, stdout)
	}
}

// TestBookListIllegalEntry: an entry whose move is illegal is reported, the others listed,
// exit status 1.
func TestBookListIllegalEntry(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "bad.bin")
	// start position key; e2e4 weight 3, e2e5 weight 1
	data := []byte{0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x03, 0x1c, 0, 3, 0, 0, 0, 0,
		0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x03, 0x24, 0, 1, 0, 0, 0, 0}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runChess(t, nil, "book", name)
	if code != exitProblems || stdout != "e4            3 100.0%\n" || !strings.Contains(stderr, "entry 1 (e2e5)") {
		t.Errorf("exit %d\n%s\nstderr %s", code, stdout, stderr)
	}
}

// The games of polyglot's TestMakeBookSmall and the book PolyGlot 2.0.4's make-book
// -min-game 1 wrote from them.
const (
	fiveGames = "polyglot/testdata/five-games.pgn"
	fiveBook  = "polyglot/testdata/five-games.bin"
)

func TestBookMake(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	out := filepath.Join(dir, "out.bin")
	if err := os.WriteFile(pgn, append(readFile(t, "../../"+fiveGames), "\n[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runChess(t, nil, "book", "-make", "-o", out, "-min-game", "1", pgn)
	// The sixth game has an illegal move: reported, left out, exit status 1.
	if code != exitProblems || !strings.Contains(stderr, "game 6") || !strings.Contains(stderr, "5 games (1 left out), 9 entries written") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
	if got, want := readFile(t, out), readFile(t, "../../"+fiveBook); !bytes.Equal(got, want) {
		t.Errorf("book % x\nwant % x", got, want)
	}
	// -only-white keeps the 5 entries of White's moves.
	_, _, code = runChess(t, readFile(t, "../../"+fiveGames), "book", "-make", "-o", out, "-min-game", "1", "-only-white", "-")
	if got := len(readFile(t, out)) / 16; code != exitOK || got != 5 {
		t.Errorf("-only-white: exit %d, %d entries", code, got)
	}
	for _, args := range [][]string{
		{"book", "-make", pgn},
		{"book", "-make", "-o", out, "-only-white", "-only-black", pgn},
		{"book", "-make", "-o", out, "-max-ply", "0", pgn},
		{"book", "-make", "-merge", "-o", out, pgn},
		{"book", "-o", out, "x.bin"},
	} {
		if _, _, code := runChess(t, nil, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestBookMerge: the shared -only-white and -only-black books merge into the shared
// merge-book output, byte for byte.
func TestBookMerge(t *testing.T) {
	out := filepath.Join(t.TempDir(), "merged.bin")
	_, stderr, code := runChess(t, nil, "book", "-merge", "-o", out,
		sharedtest.Path(t, "books/polyglot-onlywhite-maxply30.bin"), sharedtest.Path(t, "books/polyglot-minscore50-onlyblack.bin"))
	if code != exitOK || stderr != "13535 entries written to "+out+"\n" {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	if string(readFile(t, out)) != string(readFile(t, sharedtest.Path(t, "books/polyglot-merged.bin"))) {
		t.Error("merged book differs from polyglot-merged.bin")
	}
}

// TestFmtECO: chess fmt -eco adds the ECO and Opening tags and corrects wrong ones; a game
// of no known opening keeps its tags.
func TestFmtECO(t *testing.T) {
	in := "[Event \"a\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"b\"]\n[ECO \"A00\"]\n[Opening \"Wrong\"]\n\n1. Nf3 d5 2. d4 *\n\n[Event \"c\"]\n[ECO \"X\"]\n\n*\n"
	stdout, stderr, code := runChess(t, []byte(in), "fmt", "-eco")
	for _, want := range []string{
		"[ECO \"D06\"]\n[Opening \"Queen's Gambit\"]\n\n1. d4 d5 2. c4 *",
		"[ECO \"D02\"]\n[Opening \"Queen's Pawn Game: Zukertort Variation\"]\n\n1. Nf3 d5 2. d4 *",
		"[ECO \"X\"]\n\n*",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s", want, stdout)
		}
	}
	if code != exitOK || stderr != "" {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}

// TestBookMakeInputErrorKeepsOutput: bad input loses nothing. An input that cannot be read
// (a missing file, a binary one) writes no book, so an existing OUT.bin stays as it was
// (it was replaced by an empty or partial book), exit status 2; a game with an error is
// only left out (TestBookMake).
func TestBookMakeInputErrorKeepsOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.bin")
	old := readFile(t, "../../"+fiveBook)
	binary := filepath.Join(dir, "not.pgn")
	for _, name := range []string{out, binary} {
		if err := os.WriteFile(name, old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, inputs := range [][]string{
		{filepath.Join(dir, "missing.pgn")},
		{binary},
		{"../../" + fiveGames, filepath.Join(dir, "missing.pgn")},
	} {
		_, stderr, code := runChess(t, nil, append([]string{"book", "-make", "-o", out, "-min-game", "1"}, inputs...)...)
		if code != exitUsage || !strings.HasSuffix(stderr, "chess book: "+out+" not written\n") {
			t.Errorf("%v: exit %d, stderr %s", inputs, code, stderr)
		}
		if got := readFile(t, out); !bytes.Equal(got, old) {
			t.Errorf("%v: %s changed to %d bytes", inputs, out, len(got))
		}
	}
}
