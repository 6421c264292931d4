package chess

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The typed command writers replace a command where it stands or add it, keep the other text
// of the comment, and read back through a written and read game.
func TestPGNCommandWriters(t *testing.T) {
	g := readOnePGN(t, "1. e4 { a fine move [%clk 0:03:00] and more } *")
	n := nodeAt(t, g, "e4")
	if err := n.SetClock(2*time.Minute + 59*time.Second + 500*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := n.SetEval(Eval{Centipawns: -125}, 22); err != nil {
		t.Fatal(err)
	}
	if err := n.SetElapsedMoveTime(3*time.Hour + 4*time.Minute + 5*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := n.SetHighlights([]Highlight{{MarkGreen, SquareAt(24)}, {MarkRed, SquareAt(33)}}); err != nil {
		t.Fatal(err)
	}
	if err := n.SetArrows([]Arrow{{MarkYellow, SquareAt(0), SquareAt(56)}, {MarkBlue, SquareAt(9), SquareAt(25)}}); err != nil {
		t.Fatal(err)
	}
	want := "a fine move [%clk 0:02:59.5] and more [%eval -1.25,22] [%emt 3:04:05] [%csl Ga4,Rb5] [%cal Ya1a8,Bb2b4]"
	if len(n.Comments) != 1 || n.Comments[0] != want {
		t.Fatalf("comments %q, want %q", n.Comments, want)
	}
	back := nodeAt(t, readOnePGN(t, g.String()), "e4")
	clk, _ := back.Clock()
	emt, _ := back.ElapsedMoveTime()
	eval, _ := back.Eval()
	depth, _ := back.EvalDepth()
	if clk != 179500*time.Millisecond || emt != 11045*time.Second || eval != (Eval{Centipawns: -125}) || depth != 22 {
		t.Errorf("read back: clk %v emt %v eval %+v depth %d", clk, emt, eval, depth)
	}
	if got, want := back.Highlights(), []Highlight{{MarkGreen, SquareAt(24)}, {MarkRed, SquareAt(33)}}; !reflect.DeepEqual(got, want) {
		t.Errorf("highlights %v, want %v", got, want)
	}
	if got, want := back.Arrows(), []Arrow{{MarkYellow, SquareAt(0), SquareAt(56)}, {MarkBlue, SquareAt(9), SquareAt(25)}}; !reflect.DeepEqual(got, want) {
		t.Errorf("arrows %v, want %v", got, want)
	}
	for _, name := range []string{"eval", "emt", "csl"} {
		if !n.RemoveCommand(name) {
			t.Errorf("RemoveCommand(%s) = false", name)
		}
	}
	n.SetArrows(nil)
	if want := "a fine move [%clk 0:02:59.5] and more"; len(n.Comments) != 1 || n.Comments[0] != want {
		t.Errorf("after removals %q, want %q", n.Comments, want)
	}
	n.RemoveCommand("clk")
	n.RemoveCommand("clk")
	if want := "a fine move and more"; n.Comments[0] != want {
		t.Errorf("after removing clk %q", n.Comments)
	}
	m := nodeAt(t, g, "e4")
	m.SetComment("")
	m.SetClock(0)
	m.SetEval(Eval{Mate: -3}, 0)
	if want := "[%clk 0:00:00] [%eval #-3]"; len(m.Comments) != 1 || m.Comments[0] != want {
		t.Errorf("commands alone: %q", m.Comments)
	}
	m.RemoveCommand("clk")
	m.RemoveCommand("eval")
	if m.Comments != nil {
		t.Errorf("a comment left empty is removed: %q", m.Comments)
	}
}

func TestPGNCommandWritersRefuse(t *testing.T) {
	n := &PGNNode{Comments: []string{"text"}}
	errs := []error{
		n.SetClock(-time.Second),
		n.SetElapsedMoveTime(-1),
		n.SetEval(Eval{}, -1),
		n.SetCommand("clk", "1]"),
		n.SetCommand("c l", "1"),
		n.SetCommand("x", ""),
		n.SetHighlights([]Highlight{{MarkColor('X'), SquareAt(0)}}),
		n.SetHighlights([]Highlight{{MarkRed, NoSquare}}),
		n.SetArrows([]Arrow{{MarkRed, SquareAt(0), SquareAt(0)}}),
	}
	for i, err := range errs {
		if !errors.Is(err, ErrBadCommand) {
			t.Errorf("case %d: %v, want ErrBadCommand", i, err)
		}
	}
	if len(n.Comments) != 1 || n.Comments[0] != "text" {
		t.Errorf("refused writes changed the comments: %q", n.Comments)
	}
}

// SetComment folds line breaks as the reader does, so what is written reads back the same.
func TestPGNSetComment(t *testing.T) {
	g := readOnePGN(t, "{ old } 1. e4 { a } { b } *")
	g.Root.SetComment(" first\nsecond\r\nthird ")
	e4 := nodeAt(t, g, "e4")
	e4.SetComment("only")
	e4.AddComment("")
	e4.AddComment("two } braces")
	back := readOnePGN(t, g.String())
	if got := strings.Join(back.Root.Comments, "|"); got != "first second third" {
		t.Errorf("root comment %q", got)
	}
	if got := strings.Join(nodeAt(t, back, "e4").Comments, "|"); got != "only|two } braces" {
		t.Errorf("e4 comments %q", got)
	}
	e4.RemoveComments()
	if e4.Comments != nil || e4.StartingComments != nil {
		t.Error("RemoveComments left comments")
	}
}

// A clock's fraction of a second reads to the nearest nanosecond (1.001 s was 1000999999 ns).
func TestPGNClockFractionRounds(t *testing.T) {
	n := &PGNNode{Comments: []string{"[%clk 0:00:01.001] [%emt 0:00:01.005]"}}
	clk, _ := n.Clock()
	emt, _ := n.ElapsedMoveTime()
	if clk != 1001*time.Millisecond || emt != 1005*time.Millisecond {
		t.Errorf("clk %v (%d ns), emt %v", clk, clk, emt)
	}
}
