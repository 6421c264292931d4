package chess

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestPGNTokenizer7 checks the tokens of movetext (PGN Standard §7) with their kinds and
// positions, as the parser sees them: a move number and its periods are one token, and a move
// written right after it ("12.e4") is the next one.
func TestPGNTokenizer7(t *testing.T) {
	in := "1. e4 {a\nb} 1...e5 $12 ( 1... c5 ) ;x\n%esc\n<\\ \"s\" ] 1/2-1/2"
	s := pgnScanner{r: strings.NewReader(in), line: 1, limit: 1 << 20}
	var got []string
	for k := s.next(); k != tokEOF; k = s.next() {
		got = append(got, fmt.Sprintf("%d:%d:%d:%d:%q", k, s.tokLine, s.tokCol, s.tokOff, s.tok))
	}
	want := []string{
		fmt.Sprintf("%d:1:1:0:%q", tokInteger, "1."),
		fmt.Sprintf("%d:1:4:3:%q", tokSymbol, "e4"),
		fmt.Sprintf("%d:1:7:6:%q", tokComment, "a\nb"),
		fmt.Sprintf("%d:2:4:12:%q", tokInteger, "1...e5"),
		fmt.Sprintf("%d:2:8:16:%q", tokGlued, "e5"),
		fmt.Sprintf("%d:2:11:19:%q", tokNAG, "12"),
		fmt.Sprintf("%d:2:15:23:%q", tokRAVOpen, "("),
		fmt.Sprintf("%d:2:17:25:%q", tokInteger, "1..."),
		fmt.Sprintf("%d:2:22:30:%q", tokSymbol, "c5"),
		fmt.Sprintf("%d:2:25:33:%q", tokRAVClose, ")"),
		fmt.Sprintf("%d:2:27:35:%q", tokComment, "x"),
		fmt.Sprintf("%d:3:1:38:%q", tokEscape, ""),
		fmt.Sprintf("%d:4:1:43:%q", tokBad, "<"),
		fmt.Sprintf("%d:4:2:44:%q", tokBad, "\\"),
		fmt.Sprintf("%d:4:4:46:%q", tokString, "s"),
		fmt.Sprintf("%d:4:8:50:%q", tokTagClose, "]"),
		fmt.Sprintf("%d:4:10:52:%q", tokResult, "1/2-1/2"),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tokens:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPGNNAGValue checks the NAG of "$" and the symbol after it: $0 to $255 (§8.2.4), read
// as strconv.Atoi reads a number, else none (-1).
func TestPGNNAGValue(t *testing.T) {
	for in, want := range map[string]int{"0": 0, "1": 1, "255": 255, "256": -1, "0007": 7, "+5": 5, "-0": 0, "-5": -1,
		"": -1, "+": -1, "1a": -1, "99999999999999999999": -1} {
		if got := nagValue([]byte(in)); got != want {
			t.Errorf("nagValue(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestPGNLineLength4_3 checks the overlong-line warning: PGN Standard §4.3 limits a line to
// 255 characters, its line end included (LF, CRLF or CR counted as one), when
// MaxLineLength asks for the check; the input's last line counts as if a line end followed.
func TestPGNLineLength4_3(t *testing.T) {
	pad := func(n int) string { return "{" + strings.Repeat("x", n-2) + "}" } // a comment of n characters
	for _, tc := range []struct {
		name, pgn string
		limit     int
		want      string // line:column:offset of each warning
	}{
		{"254 characters and LF", "1. e4 " + pad(248) + "\n*\n", 255, ""},
		{"255 characters and LF", "1. e4 " + pad(249) + "\n*\n", 255, "1:1:0"},
		{"254 characters and CRLF", "1. e4 " + pad(248) + "\r\n*\r\n", 255, ""},
		{"255 characters and CRLF", "[Event \"e\"]\r\n\r\n1. e4 " + pad(249) + "\r\n*\r\n", 255, "3:1:15"},
		{"255 characters and CR", "1. e4 " + pad(249) + "\r*\r", 255, "1:1:0"},
		{"a long line inside a comment", "1. e4 {\n" + strings.Repeat("y", 300) + "\n} *\n", 255, "2:1:8"},
		{"the last line without its line end", "1. e4 " + pad(248) + " *", 255, "1:1:0"},
		{"the last line, 254 characters", "1. e4 " + pad(245) + " *", 255, ""},
		{"the marker's line", "1. e4 " + pad(247) + " *\n[Event \"e\"]\n*\n", 255, "1:1:0"},
		{"the marker's line, CRLF", "1. e4 " + pad(246) + " *\r\n*\r\n", 255, ""},
		{"no check by default", "1. e4 " + pad(400) + "\n*\n", 0, ""},
		{"a limit of 10", "[Event \"long event\"]\n\n1. e4 *\n", 10, "1:1:0"},
	} {
		for _, workers := range []int{1, 2} {
			r := NewPGNReader(strings.NewReader(tc.pgn))
			r.MaxLineLength, r.Workers = tc.limit, workers
			g, err := r.Read()
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			var got []string
			for _, w := range g.Warnings {
				if !errors.Is(w, ErrOverlongLine) || w.Class() != "overlong-line" || !w.Warning {
					t.Errorf("%s: warning %v of class %q", tc.name, w, w.Class())
				}
				got = append(got, fmt.Sprintf("%d:%d:%d", w.Line, w.Column, w.Offset))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("%s (Workers %d): overlong lines at %q, want %q", tc.name, workers, strings.Join(got, " "), tc.want)
			}
			r.Close()
		}
	}
	r := NewPGNReader(strings.NewReader("1. e4 " + pad(300) + "\n*\n"))
	r.MaxLineLength = PGNMaxLineLength
	g, _ := r.Read()
	if len(g.Warnings) != 1 || g.Warnings[0].Message != "line of 307 characters, more than 255 with its line end" {
		t.Errorf("warnings %v", g.Warnings)
	}
}

// TestPGNConsumers checks that each reader of the policy fields reads the same game through
// its own consumer of the events: the tree builder, the validator, the skip-variations and
// tags-only readers.
func TestPGNConsumers(t *testing.T) {
	const in = "[Event \"e\"]\n\n1. e4 {w} e5 $1 (1... c5 {s} 2. Nf3 (2. Nc3) d6) 2. Nf3 Qh4?? 3. Nxh4 *\n"
	read := func(set func(*PGNReader)) *PGNGame {
		r := NewPGNReader(strings.NewReader(in))
		set(r)
		g, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	tree := read(func(*PGNReader) {})
	e4 := tree.Root.Children[0]
	if tree.Plies != 5 || len(tree.Root.Children) != 1 || e4.Comments[0] != "w" || len(e4.Children) != 2 {
		t.Fatalf("tree: %d plies, e4 with %d children", tree.Plies, len(e4.Children))
	}
	if e5 := e4.Children[0]; e5.SAN() != "e5" || len(e5.NAGs) != 1 || e5.NAGs[0] != 1 {
		t.Errorf("tree: %s with NAGs %v", e5.SAN(), e5.NAGs)
	}
	if c5 := e4.Children[1]; c5.SAN() != "c5" || c5.Comments[0] != "s" || len(c5.Children) != 2 || c5.Children[1].SAN() != "Nc3" {
		t.Errorf("tree: the variation %s", c5.SAN())
	}
	val := read(func(r *PGNReader) { r.NoTree = true })
	skip := read(func(r *PGNReader) { r.SkipVariations = true })
	tags := read(func(r *PGNReader) { r.TagsOnly = true })
	if val.Final != tree.Final || skip.Final != tree.Final || val.Plies != 5 || skip.Plies != 5 || val.Root != nil {
		t.Errorf("validator or skip-variations: final %v %v, plies %d %d", val.Final, skip.Final, val.Plies, skip.Plies)
	}
	if len(skip.Root.Children[0].Children) != 1 || val.Root != nil {
		t.Errorf("skip-variations kept %d children of e4", len(skip.Root.Children[0].Children))
	}
	if tags.Plies != 0 || tags.Final != StartingPosition() || tags.Tag("Event") != "e" || tags.Result != "*" {
		t.Errorf("tags-only: %d plies, result %q", tags.Plies, tags.Result)
	}
}
