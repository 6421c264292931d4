package chess

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// The tree builder hands out a node's first child and first comment as one-element windows on
// the node's own slot (pgnNodeSlot), and the comments' text from a block shared by the game
// (pgnTreeBuilder.text): an edit that appends to one node must copy out, leaving every other
// node as it was read.
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

// BenchmarkPGNRead's allocations: 4 a game, not per move: the game with its tags, 2.6 node
// blocks and 0.4 blocks of comment text (100,148 for the 25k corpus; 250 a game, 6,251,122,
// before the blocks; 9.6 a game before the node slots and the tree's game block).
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
	if allocs > 100500 {
		t.Errorf("%.0f allocations for the tree of 25,000 games, want at most 100,500 (4.02 a game)", allocs)
	}
}

// The tree builder's foldComment, with its shortcuts, folds every comment as foldComment does:
// every string of up to four pieces from an alphabet of ASCII and Unicode white space, line ends
// and other bytes, told (as the scanner tells) whether it holds no line end.
func TestPGNTreeFoldCommentIsFoldComment(t *testing.T) {
	pieces := []string{" ", "\t", "\r", "\n", "\r\n", "\v", "\f", "a", "]", "\u00a0", "\u0085", "\u2003", "\u00e9", "\xe2", "\x80"}
	var tb pgnTreeBuilder
	tb.p = &pgnParser{s: &pgnScanner{}}
	checked := 0
	var walk func(prefix string, depth int)
	walk = func(prefix string, depth int) {
		tb.p.s.oneLine = !strings.ContainsAny(prefix, "\r\n")
		if got, want := tb.foldComment([]byte(prefix)), foldComment([]byte(prefix)); got != want {
			t.Errorf("foldComment(%q) = %q, want %q", prefix, got, want)
		}
		checked++
		if depth < 4 {
			for _, p := range pieces {
				walk(prefix+p, depth+1)
			}
		}
	}
	walk("", 0)
	if checked != 1+15+15*15+15*15*15+15*15*15*15 {
		t.Errorf("%d strings checked", checked)
	}
}

// A game kept alone keeps little of the games read after it: not their long comments (over
// 1,024 bytes, strings of their own, which a block of comment strings shared from game to
// game would keep alive) nor their nodes.
func TestPGNTreeKeptGameKeepsNoOtherGames(t *testing.T) {
	var in strings.Builder
	in.WriteString("1. e4 { small } *\n\n")
	long := strings.Repeat("x", 200<<10)
	for i := 0; i < 63; i++ {
		fmt.Fprintf(&in, "1. d4 { %s%d } d5 { %d } *\n\n", long, i, i)
	}
	text := in.String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := NewPGNReader(strings.NewReader(text))
	var first *PGNGame
	games := 0
	for g, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = g
		}
		games++
	}
	r = nil
	runtime.GC()
	runtime.ReadMemStats(&after)
	if games != 64 || first.Root.Children[0].Comments[0] != "small" {
		t.Fatalf("%d games, first comment %q", games, first.Root.Children[0].Comments)
	}
	// the input (12.6 MB, alive before and after) aside, the other games' comments are 12.6 MB
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 2<<20 {
		t.Errorf("the heap grew by %d bytes for one game kept, want at most 2 MB", grown)
	}
	runtime.KeepAlive(text)
}

// A game's comments keep their text while later games are read: the comments' text blocks go
// on from game to game (pgnTreeBuilder.text), and a block that is full is never written again.
func TestPGNTreeCommentsOutliveLaterGames(t *testing.T) {
	var in strings.Builder
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&in, "[Round \"%d\"]\n\n1. e4 { game %d: %s } e5 { %d } *\n\n", i, i, strings.Repeat("x", i*7%300), i)
	}
	r := NewPGNReader(strings.NewReader(in.String()))
	var games []*PGNGame
	for g, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if len(games) != 200 {
		t.Fatalf("%d games, want 200", len(games))
	}
	for i, g := range games {
		e4 := g.Root.Children[0]
		want := strings.TrimSpace(fmt.Sprintf("game %d: %s", i, strings.Repeat("x", i*7%300)))
		if len(e4.Comments) != 1 || e4.Comments[0] != want || e4.Children[0].Comments[0] != strconv.Itoa(i) {
			t.Errorf("game %d: comments %q and %q, want %q and %q", i, e4.Comments, e4.Children[0].Comments, want, strconv.Itoa(i))
		}
	}
}

// newNode's blocks (62 and 20 slots) fill the allocator's size classes of 19,072 and 6,144
// bytes, with its 8-byte header for objects that hold pointers: a slot of another size, or
// other counts, need other classes.
func TestPGNNodeBlocksFillSizeClasses(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("the counts are those of 64-bit pointers")
	}
	const header = 8
	slot := int(unsafe.Sizeof(pgnNodeSlot{}))
	for _, b := range []struct{ slots, class int }{{pgnFirstBlockSlots, 19072}, {pgnNextBlockSlots, 6144}} {
		if size := b.slots*slot + header; size > b.class || size+slot <= b.class {
			t.Errorf("%d slots of %d bytes are %d bytes with the header: not the fill of the %d-byte size class", b.slots, slot, size, b.class)
		}
	}
}
