package chess

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// FuzzPGNCommentCommands reads the commands of an arbitrary comment: it never panics, what
// Arrows, Highlights, Clock and Eval read is written back by the typed writers and read again
// the same, and a command set and removed leaves the comment's other text as it was.
func FuzzPGNCommentCommands(f *testing.F) {
	for _, s := range []string{
		"[%clk 0:03:00]", "[%clk 1:02:03.456] text [%emt 0:00:05]", "[%eval 0.35,22]", "[%eval #-3]",
		"[%csl Ga4,Rb5] [%cal Ga1a8,Rb2b4,Ya1a1]", "before [%eval -1.25] after", "[%clk", "[%cal Gz9a1,]",
		"[%eval 1e9] [%clk -1:00]", "a ] b [% c", "", "[%eval #0]", "[%eval #-0,5]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := &PGNNode{Comments: []string{s}}
		arrows, highlights := n.Arrows(), n.Highlights()
		clk, clkOK := n.Clock()
		eval, evalOK := n.Eval()
		depth, _ := n.EvalDepth()
		n.ElapsedMoveTime()

		m := &PGNNode{}
		if err := m.SetArrows(arrows); err != nil {
			t.Fatalf("SetArrows(%v) of a read [%%cal]: %v", arrows, err)
		}
		if err := m.SetHighlights(highlights); err != nil {
			t.Fatalf("SetHighlights(%v) of a read [%%csl]: %v", highlights, err)
		}
		if got := m.Arrows(); !reflect.DeepEqual(got, arrows) && len(arrows) > 0 {
			t.Fatalf("arrows %v, then %v", arrows, got)
		}
		if got := m.Highlights(); !reflect.DeepEqual(got, highlights) && len(highlights) > 0 {
			t.Fatalf("highlights %v, then %v", highlights, got)
		}
		if clkOK && clk >= 0 && clk < 1000*time.Hour {
			m.SetClock(clk)
			if got, _ := m.Clock(); got != clk.Round(time.Millisecond) {
				t.Fatalf("clock %v, then %v", clk, got)
			}
		}
		if evalOK && eval.Mate > -1e6 && eval.Mate < 1e6 {
			m.SetEval(eval, depth)
			got, _ := m.Eval()
			gotDepth, _ := m.EvalDepth()
			if got != eval || gotDepth != depth {
				t.Fatalf("eval %+v depth %d, then %+v %d", eval, depth, got, gotDepth)
			}
		}

		if strings.Contains(s, "[%zz") {
			return
		}
		k := &PGNNode{Comments: []string{strings.TrimSpace(s)}}
		if err := k.SetCommand("zz", "1"); err != nil {
			t.Fatal(err)
		}
		k.RemoveCommand("zz")
		if want := strings.TrimSpace(s); want == "" && k.Comments != nil || want != "" && (len(k.Comments) != 1 || k.Comments[0] != want) {
			t.Fatalf("set and removed: %q, want %q", k.Comments, want)
		}
	})
}
