package chess

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

// describeRead describes what one Read returned: every field of the game, every error and
// warning in full (describeFull calls it for each game).
func describeRead(g *PGNGame, err error) string {
	if g == nil {
		return fmt.Sprintf("end %v\n", err)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "game %d line %d off %d-%d plies %d fen %s result %q end %d tags %q\n", g.Index, g.Line, g.Offset, g.End, g.Plies, g.Final.FEN(), g.Result, g.BoardEnd, g.Tags)
	var el ErrorList
	if err != nil && !errors.As(err, &el) {
		fmt.Fprintf(&sb, "  non-list error %v\n", err)
	}
	for _, e := range el {
		fmt.Fprintf(&sb, "  err %s\n", describeErr(e))
	}
	for _, w := range g.Warnings {
		fmt.Fprintf(&sb, "  warn %s\n", describeErr(w))
	}
	if g.Root != nil {
		sb.WriteString(g.String())
	}
	return sb.String()
}

// TestPGNTokenizerFastPathsAgreeWithOneByteReads is the differential test of the tokenizer's
// fast paths, which scan a token or a tag pair whole when the buffer holds it (next's symbols,
// move numbers and comments, exportTagPair, peekTagSection's next tag pair on the next line),
// against its general paths, which reads of one byte at a time take (the buffer then ends at
// the byte being scanned): on every shared PGN file, with and without a tree (the first 4 MB of
// the 25k corpus without, and only without -short), and on hostile and random inputs, every
// game, position, tag, error and warning is the same, game by game.
func TestPGNTokenizerFastPathsAgreeWithOneByteReads(t *testing.T) {
	compare := func(name, text string, noTree bool) {
		t.Helper()
		whole := NewPGNReader(strings.NewReader(text))
		bytewise := NewPGNReader(iotest.OneByteReader(strings.NewReader(text)))
		whole.NoTree, bytewise.NoTree = noTree, noTree
		for i := 0; ; i++ {
			want, got := describeRead(whole.Read()), describeRead(bytewise.Read())
			if got != want {
				t.Errorf("%s, NoTree %v, read %d: one-byte reads differ:\n%s", name, noTree, i+1, firstDiff(want, got))
				return
			}
			if strings.HasPrefix(want, "end ") {
				return
			}
		}
	}
	for _, fn := range allPGNFiles(t) {
		corpus := strings.Contains(fn, "corpus")
		if corpus && testing.Short() {
			continue
		}
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		if corpus && len(data) > 4<<20 {
			// its first 4 MB (some 1,300 games): one-byte reads of it all take seconds
			data = data[:4<<20]
		}
		compare(fn, string(data), true)
		if !corpus {
			compare(fn, string(data), false)
		}
	}
	hostile := []string{
		"[Event \"a\"]\n[Site \"b\"]\n[Event \"c\"]\n[White\t\"d\"]\n[Black \"e\\\"f\"]\n[Round \"g\n1. e4 *",
		"[Event \"a\"]\r\n[Site \"b\"]\r[ECO \"c\"]\n\n[Site \"d\"]\n1. e4 *",
		"[A1_ \"x\"]\n[a \"y\"]\n[1a \"z\"]\n[_ \"w\"]\n[" + strings.Repeat("N", 70) + " \"v\"]\n*",
		"1. e4 {c} 1... e5 {d}\n2. Nf3 2... Nc6 10. Bb5 10... a6 100. O-O 100... Nf6 1000. d3 1000... b5 1234567890. c3 *",
		"1.e4 1...e5 2..Nf3 3....Nc6 4… Bb5 5...a6 01. O-O 0. d3 0000 e.p. Z0 -- e4!? Nf3?! 1-0",
		"[Result \"\"]\n[Result \"1-0\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kb1 1/2-1/2",
		"[Event\"a\" ]\n[WhiteRatingDiffX \"b\"]\n[BlackRatingDiff \"-3\"]\n[Eventy \"c\"]\n[Site\t\"d\"]\n[ECO  \"e\"]\n[Round\n\"f\"]\n*",
	}
	rng := rand.New(rand.NewSource(13))
	for i := 0; i < len(hostile)+rounds(300, 60); i++ {
		text := hostileOrRandom(hostile, i, rng)
		compare(fmt.Sprintf("input %q", text), text, false)
		compare(fmt.Sprintf("input %q", text), text, true)
	}
}
