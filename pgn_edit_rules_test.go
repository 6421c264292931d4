package chess

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

// §8.1.1: a game's tags as WritePGN writes them read back the same, so the writer refuses
// what a reader would not give back: a tag name twice (a reader keeps the first value) and a
// Result tag that is not a result (§8.1.1.7), set by hand in Tags. An empty Result tag, which
// a reader reads back (with a warning), is written.
func TestPGNWriteRefusesUnreadableTags8_1_1(t *testing.T) {
	for _, tc := range []struct {
		name string
		tags []Tag
		want string
	}{
		{"a name twice", []Tag{{"Event", "x"}, {"Event", "y"}}, `chess: tag "Event": the tag appears twice (a reader keeps the first value)`},
		{"a Result that is not a result", []Tag{{"Result", "foo"}}, `chess: tag "Result": Result must be 1-0, 0-1, 1/2-1/2 or *`},
		{"an empty Result passes", []Tag{{"Result", ""}}, ""},
	} {
		g := readOnePGN(t, "1. e4 e5 *\n")
		g.Tags = tc.tags
		var sb strings.Builder
		n, err := g.WritePGN(&sb, PGNWriteOptions{})
		if tc.want == "" {
			if want := "[Result \"\"]\n\n1. e4 e5 *\n\n"; err != nil || sb.String() != want {
				t.Errorf("%s: WritePGN = %v, wrote %q; want %q", tc.name, err, sb.String(), want)
			}
			continue
		}
		var te *TagError
		if !errors.As(err, &te) || !errors.Is(err, ErrBadTag) || err.Error() != tc.want || n != 0 || sb.Len() != 0 {
			t.Errorf("%s: WritePGN = %d, %v, wrote %q; want 0, %q", tc.name, n, err, sb.String(), tc.want)
		}
	}
	if err := CheckTag("Result", "1-0 "); err == nil || err.Error() != `chess: tag "Result": Result must be 1-0, 0-1, 1/2-1/2 or *` {
		t.Errorf(`CheckTag("Result", "1-0 ") = %v`, err)
	}
}

// §8.2.6: an edit that ends the main line on the board keeps the Result tag and the
// termination marker in step when they contradict the board (a reader would refuse the file
// with ErrWrongResult); a "*" result stays, as a reader accepts it.
func TestPGNEditKeepsResult8_2_6(t *testing.T) {
	g := readOnePGN(t, "[Result \"1-0\"]\n\n1. f3 e5 2. g4 1-0\n")
	if _, err := g.AddSAN(nodeAt(t, g, "f3", "e5", "g4"), "Qh4#"); err != nil {
		t.Fatal(err)
	}
	if g.Tag("Result") != "0-1" || g.Result != "0-1" || g.BoardEnd != Checkmate {
		t.Errorf("after Qh4#: Result tag %q, marker %q, BoardEnd %v; want 0-1, 0-1, checkmate", g.Tag("Result"), g.Result, g.BoardEnd)
	}
	var sb strings.Builder
	if _, err := g.WritePGN(&sb, PGNWriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if back, err := NewPGNReader(strings.NewReader(sb.String())).Read(); err != nil || back.Result != "0-1" {
		t.Errorf("reading %q: %v", sb.String(), err)
	}
	u := readOnePGN(t, "[Result \"*\"]\n\n1. f3 e5 2. g4 *\n")
	if _, err := u.AddSAN(nodeAt(t, u, "f3", "e5", "g4"), "Qh4#"); err != nil {
		t.Fatal(err)
	}
	if u.Tag("Result") != "*" || u.Result != "*" {
		t.Errorf("a * result became tag %q, marker %q", u.Tag("Result"), u.Result)
	}
	// a stalemate on the board is a draw
	s := readOnePGN(t, "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n[Result \"1-0\"]\n\n1-0\n")
	if _, err := s.AddSAN(s.Root, "Qf7"); err != nil {
		t.Fatal(err)
	}
	if s.Tag("Result") != "1/2-1/2" || s.Result != "1/2-1/2" {
		t.Errorf("after a stalemating move: tag %q, marker %q; want 1/2-1/2", s.Tag("Result"), s.Result)
	}
}

// The [%eval] command (PGN Specification Supplement, lichess): SetEval refuses an Eval that
// ParseEval would not read back (beyond a million pawns, a mate beyond the int range's
// negation), instead of writing a command that Eval then reports missing.
func TestPGNSetEvalReadsBack(t *testing.T) {
	n := readOnePGN(t, "1. e4 *\n").Root.Children[0]
	refused := []Eval{{Centipawns: 200_000_000}, {Centipawns: math.MinInt}}
	if strconv.IntSize == 64 { // a mate beyond the 32-bit range needs a 64-bit int
		refused = append(refused, Eval{Mate: math.MinInt})
	}
	for _, e := range refused {
		if err := n.SetEval(e, 3); !errors.Is(err, ErrBadCommand) || n.Comments != nil {
			t.Errorf("SetEval(%+v) = %v, comments %q; want ErrBadCommand and none", e, err, n.Comments)
		}
	}
	for _, e := range []Eval{{Centipawns: 100_000_000}, {Centipawns: -35}, {Mate: -3}, {Checkmate: WhiteWins}} {
		if err := n.SetEval(e, 0); err != nil {
			t.Errorf("SetEval(%+v): %v", e, err)
		}
		if got, ok := n.Eval(); !ok || got.String() != e.String() {
			t.Errorf("SetEval(%+v) reads back %v, %v", e, got, ok)
		}
	}
}

// PGNNode.Game on a node whose Parent links were changed by hand into a cycle returns instead
// of looping: the line as far as it goes before the cycle.
func TestPGNNodeGameParentCycle(t *testing.T) {
	g := readOnePGN(t, "1. e4 e5 2. Nf3 *\n")
	e4 := g.Root.Children[0]
	nf3 := nodeAt(t, g, "e4", "e5", "Nf3")
	e4.Parent = nf3
	done := make(chan *Game)
	go func() { done <- nf3.Game() }()
	select {
	case game := <-done:
		if game == nil {
			t.Error("Game() = nil")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Game() loops on a cycle of Parent links")
	}
}

// [%eval #0] (mate delivered, the Eval type): SetEval writes every mate delivered so that Eval
// reads back the same side, also where the unsigned "#0" would be credited to the side that
// made the node's move.
func TestPGNSetEvalMateDeliveredReadsBack(t *testing.T) {
	g := readOnePGN(t, "1. f3 e5 2. g4 Qh4# 0-1\n")
	mate := nodeAt(t, g, "f3", "e5", "g4", "Qh4#") // White to move
	e4 := nodeAt(t, g, "f3")                       // Black to move
	for _, tc := range []struct {
		n    *PGNNode
		e    Eval
		want string
	}{
		{mate, Eval{Checkmate: BlackWins}, "[%eval #-0]"},
		{mate, Eval{Checkmate: WhiteWins}, "[%eval #+0]"},
		{e4, Eval{Checkmate: WhiteWins}, "[%eval #0]"},
		{e4, Eval{Checkmate: BlackWins}, "[%eval #-0]"},
	} {
		if err := tc.n.SetEval(tc.e, 0); err != nil {
			t.Fatal(err)
		}
		got, ok := tc.n.Eval()
		if len(tc.n.Comments) != 1 || tc.n.Comments[0] != tc.want || !ok || got != tc.e {
			t.Errorf("SetEval(%v) at %s: comments %q, Eval %+v %v; want %s and %+v", tc.e, tc.n.Label(), tc.n.Comments, got, ok, tc.want, tc.e)
		}
	}
}

// §8.2.5: edits can nest variations deeper than a reader's default MaxDepth; WritePGN writes
// such a tree all the same, and a reader with a larger budget reads it back the same, while
// the default reader reports the depth.
func TestPGNWriteDeepRAV8_2_5(t *testing.T) {
	g := readOnePGN(t, "*\n")
	n := g.Root
	for range DefaultMaxDepth + 2 {
		ms := n.Position.LegalMoves()
		if _, err := g.AddMove(n, ms[0]); err != nil {
			t.Fatal(err)
		}
		v, err := g.AddMove(n, ms[1])
		if err != nil {
			t.Fatal(err)
		}
		n = v
	}
	text := g.String()
	if _, err := NewPGNReader(strings.NewReader(text)).Read(); !errors.Is(err, ErrBudget) {
		t.Errorf("default reader: %v, want ErrBudget", err)
	}
	r := NewPGNReader(strings.NewReader(text))
	r.MaxDepth = 2 * DefaultMaxDepth
	back, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != text || len(allNodes(back.Root)) != len(allNodes(g.Root)) {
		t.Errorf("read back with MaxDepth %d: %d nodes, want %d", r.MaxDepth, len(allNodes(back.Root)), len(allNodes(g.Root)))
	}
}
