package chess

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// The tree builder hands out a node's first child and first comment as one-element windows of
// blocks shared by the game (pgnTreeBuilder.kids, texts, text): an edit that appends to one
// node must copy out, leaving every other node as it was read.
func TestPGNTreeBlocksAreWindows(t *testing.T) {
	g, err := NewPGNReader(strings.NewReader("1. e4 { one } e5 { two } 2. Nf3 { three } *\n")).Read()
	if err != nil {
		t.Fatal(err)
	}
	e4 := g.Root.Children[0]
	e5 := e4.Children[0]
	nf3 := e5.Children[0]
	e4.AddComment("more")
	if _, err := g.AddSAN(e4, "c5"); err != nil {
		t.Fatal(err)
	}
	if got := e4.Comments; len(got) != 2 || got[0] != "one" || got[1] != "more" {
		t.Errorf("e4 comments %q, want [one more]", got)
	}
	if got := e5.Comments; len(got) != 1 || got[0] != "two" {
		t.Errorf("e5 comments %q, want [two]", got)
	}
	if got := nf3.Comments; len(got) != 1 || got[0] != "three" {
		t.Errorf("Nf3 comments %q, want [three]", got)
	}
	if len(e4.Children) != 2 || e4.Children[0] != e5 || e4.Children[1].Move.String() != "c7c5" {
		t.Errorf("e4 children %v, want e5 then c5", e4.Children)
	}
	if len(e5.Children) != 1 || e5.Children[0] != nf3 || len(g.Root.Children) != 1 || g.Root.Children[0] != e4 {
		t.Error("an edit of e4 changed the children of another node")
	}
}

// BenchmarkPGNRead's allocations: a handful per game, not per move (250 a game before the
// blocks, 6,251,122 for the 25k corpus).
func TestPGNTreeAllocsPerGame(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the 25k corpus")
	}
	text, err := os.ReadFile(sharedTestdata(t, "pgn/corpus/lichess-standard-25k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	allocs := testing.AllocsPerRun(1, func() {
		r := NewPGNReader(bytes.NewReader(text))
		for games = 0; ; games++ {
			if _, err := r.Read(); err == io.EOF {
				break
			}
		}
	})
	if games != 25000 {
		t.Fatalf("%d games, want 25000", games)
	}
	if allocs > 12*25000 {
		t.Errorf("%.0f allocations for the tree of 25,000 games, want at most 12 a game", allocs)
	}
}
