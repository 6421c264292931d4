package chess

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"
	"testing/iotest"
)

// consumerGame is what one consumer of the events makes of a game, in words: the header
// (place, plies, final position, result, board end, tags) and each problem in file order.
type consumerGame struct {
	index    int
	offset   int64
	header   string
	problems []string
}

// readConsumer reads text with the consumer that set chooses and describes every game.
func readConsumer(text string, set func(*PGNReader)) []consumerGame {
	r := NewPGNReader(strings.NewReader(text))
	set(r)
	defer r.Close()
	var games []consumerGame
	for {
		g, _ := r.Read()
		if g == nil {
			return games
		}
		cg := consumerGame{index: g.Index, offset: g.Offset,
			header: fmt.Sprintf("game %d line %d off %d plies %d fen %s result %q end %d tags %q",
				g.Index, g.Line, g.Offset, g.Plies, g.Final.FEN(), g.Result, g.BoardEnd, g.Tags)}
		for _, e := range g.Problems {
			cg.problems = append(cg.problems, describeErr(e))
		}
		games = append(games, cg)
	}
}

// subsequence reports whether every element of sub comes in all, in the same order.
func subsequence(sub, all []string) bool {
	i := 0
	for _, s := range all {
		if i < len(sub) && sub[i] == s {
			i++
		}
	}
	return i == len(sub)
}

// compareConsumers checks the consumers of the events against one another on text: the
// validator (NoTree) gives exactly the games, errors and warnings of the tree builder; the
// skip-variations reader (with and without a tree) the same main line, and for a game whose
// text has no variation exactly the same problems, else a part of them in the same order; the
// tags-only reader the same games, tags and result, and a part of the problems.
func compareConsumers(t *testing.T, name, text string) {
	t.Helper()
	tree := readConsumer(text, func(*PGNReader) {})
	others := []struct {
		name string
		set  func(*PGNReader)
	}{
		{"validator", func(r *PGNReader) { r.NoTree = true }},
		{"skip-variations", func(r *PGNReader) { r.SkipVariations = true }},
		{"skip-variations without a tree", func(r *PGNReader) { r.SkipVariations, r.NoTree = true, true }},
		{"tags-only", func(r *PGNReader) { r.TagsOnly = true }},
	}
	for _, o := range others {
		got := readConsumer(text, o.set)
		if len(got) != len(tree) {
			t.Errorf("%s: the %s reads %d games, the tree builder %d", name, o.name, len(got), len(tree))
			continue
		}
		bad := 0
		for i, g := range got {
			w := tree[i]
			end := int64(len(text))
			if i+1 < len(tree) {
				end = tree[i+1].offset
			}
			hasRAV := strings.Contains(text[w.offset:end], "(")
			header, exact := g.header == w.header, true
			switch o.name {
			case "validator":
			case "tags-only":
				// no moves: the same place, tags and result, and a part of the problems
				a := fmt.Sprintf("%d %d", g.index, g.offset)
				header = a == fmt.Sprintf("%d %d", w.index, w.offset) && tagsAndResult(g.header) == tagsAndResult(w.header)
				exact = false
			default:
				exact = !hasRAV
			}
			// past MaxErrors each records the first errors it meets, not the same ones
			full := len(w.problems) >= DefaultMaxErrors || len(g.problems) >= DefaultMaxErrors
			same := strings.Join(g.problems, "\n") == strings.Join(w.problems, "\n")
			if !header || !full && (exact && !same || !exact && !subsequence(g.problems, w.problems)) {
				if bad++; bad <= 3 {
					t.Errorf("%s, game %d: the %s reads\n%s\n  %s\nthe tree builder\n%s\n  %s", name, w.index, o.name,
						g.header, strings.Join(first(g.problems, 6), "\n  "), w.header, strings.Join(first(w.problems, 6), "\n  "))
				}
			}
		}
	}
}

// tagsAndResult is the part of a consumerGame header after the final position: result, board
// end (of the tags-only reader: none) and tags, with the board end left out.
func tagsAndResult(header string) string {
	_, rest, _ := strings.Cut(header, " result ")
	res, tags, _ := strings.Cut(rest, " end ")
	_, tags, _ = strings.Cut(tags, " tags ")
	return res + " " + tags
}

// TestPGNConsumersAgreeOnSharedCorpora is the differential test of the consumers of the
// parser's events (issue 12, "Layers") on every shared PGN file: the validator, the
// skip-variations and tags-only readers against the tree builder.
func TestPGNConsumersAgreeOnSharedCorpora(t *testing.T) {
	files := allPGNFiles(t)
	for _, fn := range files {
		if strings.Contains(fn, "corpus") && testing.Short() {
			continue
		}
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		compareConsumers(t, fn, string(data))
	}
}

// TestPGNConsumersAgreeOnTableInputs runs the differential test of the consumers on the
// inputs of the reader's table tests, each alone and all of them in one input.
func TestPGNConsumersAgreeOnTableInputs(t *testing.T) {
	var all strings.Builder
	for _, cases := range [][]pgnReadCase{pgnStandardCases, pgnQuirkCases, pgnErrorCases} {
		for _, tc := range cases {
			compareConsumers(t, fmt.Sprintf("%q", tc.in), tc.in)
			all.WriteString(tc.in + "\n\n")
		}
	}
	compareConsumers(t, "all table inputs", all.String())
}

func first(list []string, n int) []string { return list[:min(n, len(list))] }

// TestPGNConsumersAgreeOnRandomInput runs the differential test of the consumers on random
// inputs made of the fragments that matter to the tokenizer and the parser (randomPGN): 300
// of them, 60 with -short.
func TestPGNConsumersAgreeOnRandomInput(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewSource(12))
	for i := 0; i < n && !t.Failed(); i++ {
		text := randomPGN(rng)
		compareConsumers(t, fmt.Sprintf("%q", text), text)
	}
}

// TestPGNPositionsAtReadBoundaries checks that what the reader reports, the line, column and
// offset of every game and problem included, does not depend on how the source's reads cut
// the input (iotest.OneByteReader, iotest.HalfReader, reads of 1, 3 or 5 bytes with io.EOF
// on the last): on random inputs with every policy, the overlong-line check included, and on
// hostile fragments (CRLF and CR line ends, escape lines, a tag pair across lines, a long
// line, games without tags).
func TestPGNPositionsAtReadBoundaries(t *testing.T) {
	hostile := []string{
		"[Event \"a\"]\r\n[White\r\n \"b\"]\r\n\r\n1. e4 {x\r\ny} e5 *\r\n%esc\r\n1. d4 d5 *",
		"[Event \"a\"]\r[White \"b\"\r]\r\r1. e4 e5 1-0\r\r1. d4 *\r",
		"1. e4 " + strings.Repeat("{"+strings.Repeat("x", 100)+"} ", 4) + "\n*\n1. d4 \\ *",
		"%a\n%b\r\n[Event \"a\"]\n\n1. e4 (1... c5 ; end\n) *\n1. f3 e5 2. g4 Qh4# 1-0",
	}
	rng := rand.New(rand.NewSource(4))
	for i := 0; i < len(hostile)+rounds(200, 40); i++ {
		text := hostileOrRandom(hostile, i, rng)
		bs := randomSettings(rng, []int{0})
		maxLine := []int{0, 10, 40, 255}[rng.Intn(4)]
		read := func(src io.Reader) string {
			r := NewPGNReader(src)
			r.MaxGameBytes, r.MaxTokens, r.MaxDepth, r.MaxErrors = bs.maxBytes, bs.maxTokens, bs.maxDepth, bs.maxErrors
			r.NoTree, r.SkipVariations, r.TagsOnly, r.StrictSAN = bs.noTree, bs.skipVar, bs.tagsOnly, bs.strict
			r.MaxLineLength = maxLine
			defer r.Close()
			return describeFull(r)
		}
		want := read(strings.NewReader(text))
		for name, src := range map[string]io.Reader{
			"OneByteReader": iotest.OneByteReader(strings.NewReader(text)),
			"HalfReader":    iotest.HalfReader(strings.NewReader(text)),
			"3 bytes":       &dataErrReader{text, 3, io.EOF},
			"5 bytes":       &dataErrReader{text, 5, io.EOF},
		} {
			if got := read(src); got != want {
				t.Errorf("input %q, settings %+v, MaxLineLength %d, %s:\n%s", text, bs, maxLine, name, firstDiff(want, got))
			}
		}
	}
}

// TestPGNParallelOverlongLines4_3 compares Workers 2 and 3 with one worker when
// MaxLineLength checks the lines (§4.3), on hostile inputs (CRLF and CR line ends, escape
// lines, long lines across the cut between chunks, tag pairs across lines, games without
// tags, byte budgets met at a chunk's end) and random ones, with chunks cut at every guess.
func TestPGNParallelOverlongLines4_3(t *testing.T) {
	long := strings.Repeat("x", 300)
	hostile := []string{
		"[Event \"a\"]\r\n\r\n1. e4 {" + long + "} *\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
		"1. e4 *\n{" + long + "\n[Event \"b\"]\n\n1. d4 *\n",
		"1. e4 * {" + long + "}\n[Event\n\"b\"]\n%" + long + "\n1. d4 *",
		"[Event \"" + long + "\"]\r[Site \"s\"]\r\r1. e4 *\r[Event \"c\"]\r\r*\r",
		"*\n*\n" + long + "\n*\n[A \"b\"]\n" + long + " *",
		"[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n[Event \"b\"]\n\n" + strings.Repeat("1. e4 e5 ", 40) + "*\n[Event \"c\"]\n\n*\n",
	}
	rng := rand.New(rand.NewSource(43))
	for i := 0; i < len(hostile)+rounds(150, 30); i++ {
		text := hostileOrRandom(hostile, i, rng)
		if i >= len(hostile) && rng.Intn(2) == 0 {
			at := rng.Intn(len(text) + 1)
			text = text[:at] + long[:rng.Intn(len(long))] + text[at:]
		}
		for _, maxBytes := range []int64{0, 40, 90, 350} {
			for _, maxLine := range []int{10, 255} {
				read := func(workers, target int, anywhere bool) string {
					r := NewPGNReader(strings.NewReader(text))
					r.MaxGameBytes, r.MaxLineLength = maxBytes, maxLine
					r.Workers, r.chunkTarget, r.cutAnywhere = workers, target, anywhere
					defer r.Close()
					return describeFull(r)
				}
				want := read(1, 0, false)
				for _, run := range []workerRun{{2, 1, true}, {2, 1, false}, {3, 7, true}, {2, 64, false}} {
					if got := read(run.workers, run.target, run.anywhere); got != want {
						t.Fatalf("input %q, MaxGameBytes %d, MaxLineLength %d, run %+v:\n%s", text, maxBytes, maxLine, run, firstDiff(want, got))
					}
				}
			}
		}
	}
}

// rounds returns n, or short under -short.
func rounds(n, short int) int {
	if testing.Short() {
		return short
	}
	return n
}

// hostileOrRandom returns input i of a test that reads the hostile fragments first and then
// random PGN drawn from rng.
func hostileOrRandom(hostile []string, i int, rng *rand.Rand) string {
	if i < len(hostile) {
		return hostile[i]
	}
	return randomPGN(rng)
}

// splitReader gives its text in two reads, cut at at, then io.EOF.
type splitReader struct {
	text string
	at   int
	done int
}

func (r *splitReader) Read(p []byte) (int, error) {
	if r.done == len(r.text) {
		return 0, io.EOF
	}
	end := len(r.text)
	if r.done < r.at {
		end = r.at
	}
	n := copy(p, r.text[r.done:end])
	r.done += n
	return n, nil
}

// TestPGNPositionsAtEveryCut reads inputs whose tokens span several bytes that the tokenizer
// must see together (a CRLF, a byte-order mark, "…" in UTF-8, "1-0", "1/2-1/2", "0-0-0",
// "12...", an escape line, a tag pair across lines, "$12", a long line) with the source's
// reads cut at every byte, with and without a byte budget ending there: each reads as it does
// in one piece, the line, column and offset of every game and problem included.
func TestPGNPositionsAtEveryCut(t *testing.T) {
	inputs := []string{
		"\xef\xbb\xbf[Event \"a\"]\r\n[White\r\n\"b\"]\r\n\r\n1. e4 e5 2… Nf3 1/2-1/2\r\n\r\n%esc\r\n1. e4 c5 0-1\r\n",
		"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.O-O Nf6 5.d3 b5 6.Bb3 d6 7.c3 Be7 8.Re1 O-O 9.h3 $12 {c\r\nd} 1-0",
		"[FEN \"r3k3/8/8/8/8/8/8/4K3 b q - 0 1\"]\n[SetUp \"1\"]\n\n1... O-O-O 2. Kd1 \\ *\r[A \"1\"]\r\r1. e4 1-0 x\r",
		"1. e4 {" + strings.Repeat("y", 60) + "}\r\n* 1. d4 ( 1. c4 ; z\r\n) *\n1. f3 e5 2. g4 Qh4# 1-0",
	}
	for _, text := range inputs {
		for _, maxBytes := range []int64{0, 30, 64} {
			read := func(src io.Reader) string {
				r := NewPGNReader(src)
				r.MaxGameBytes, r.MaxLineLength = maxBytes, 40
				return describeFull(r)
			}
			want := read(strings.NewReader(text))
			for at := 1; at < len(text); at++ {
				if got := read(&splitReader{text: text, at: at}); got != want {
					t.Errorf("input %q, MaxGameBytes %d, cut at %d:\n%s", text, maxBytes, at, firstDiff(want, got))
					break
				}
			}
		}
	}
}

// pgnClassInputs holds, for each class of PGNClasses, an input that the reader reports with a
// problem of that class, and the reader's settings it needs; the classes that only chess check
// reports (missing-tag, warning) have none here.
var pgnClassInputs = map[string]struct {
	in  string
	set func(*PGNReader)
}{
	"illegal-move":         {"1. e5 *", nil},
	"ambiguous-move":       {"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1\"]\n\n1. Nb3 *", nil},
	"syntax":               {"1. e4 \"x\" *", nil},
	"unterminated-comment": {"1. e4 {x", nil},
	"bad-tag":              {"[White x]\n\n1. e4 *", nil},
	"bad-fen":              {"[SetUp \"1\"]\n[FEN \"x\"]\n\n1. e4 *", nil},
	"budget":               {"1. e4 e5 2. Nf3 *", func(r *PGNReader) { r.MaxTokens = 2 }},
	"unsupported-variant":  {"[Variant \"Atomic\"]\n\n1. e4 *", nil},
	"wrong-result":         {"1. f3 e5 2. g4 Qh4# 1-0", nil},
	"unbalanced-rav":       {"1. e4 ) *", nil},
	"lenient-san":          {"1. e4 e5 2. Ng1f3 *", nil},
	"missing-move-number":  {"1. e4 e5 Nf3 *", nil},
	"move-number-mismatch": {"1. e4 e5 3. Nf3 *", nil},
	"moves-after-end":      {"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kxe2 Kd7 *", nil},
	"missing-result":       {"[White \"a\"]\n\n1. e4", nil},
	"result-mismatch":      {"[Result \"1-0\"]\n\n1. e4 0-1", nil},
	"empty-result-tag":     {"[Result \"\"]\n\n1. e4 *", nil},
	"annotation-symbol":    {"1. e4 +- *", nil},
	"text-after-result":    {"1. e4 * ff", nil},
	"bad-escape":           {"1. e4 \\ e5 *", nil},
	"overlong-line":        {"1. e4 {" + strings.Repeat("x", 300) + "} *", func(r *PGNReader) { r.MaxLineLength = PGNMaxLineLength }},
	"io":                   {"", nil}, // read from a failing source
}

// TestPGNEveryClassReachable checks every class of PGNClasses: the reader reports it (with
// Workers 1 and 2), its sentinel and severity are the table's, and the README's table of the
// classes has its row with the same severity and PGN Standard section.
func TestPGNEveryClassReachable(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range PGNClasses() {
		severity, section := "error", "—"
		if c.Warning {
			severity = "warning"
		}
		if c.Section != "" {
			section = "§" + c.Section
		}
		if row := fmt.Sprintf("| `%s` | %s | %s |", c.Name, severity, section); !strings.Contains(string(readme), row) {
			t.Errorf("README has no row %q", row)
		}
		in, ok := pgnClassInputs[c.Name]
		if !ok {
			if c.Name != "missing-tag" && c.Name != "warning" {
				t.Errorf("class %q: no input reaches it", c.Name)
			}
			continue
		}
		for _, workers := range []int{1, 2} {
			var src io.Reader = strings.NewReader(in.in + "\n")
			if c.Name == "io" {
				src = &failingReader{"1. e4 e5 2. Nf3 Nc6", errors.New("disk on fire")} // cut short
			}
			r := NewPGNReader(src)
			r.Workers = workers
			if in.set != nil {
				in.set(r)
			}
			g, _ := r.Read()
			r.Close()
			found := false
			for _, e := range g.Problems {
				if e.Class() == c.Name {
					found = true
					if e.Warning != c.Warning || c.Err != nil && !errors.Is(e, c.Err) || e.Severity() != severity {
						t.Errorf("class %q: %v has Warning %v, severity %s", c.Name, e, e.Warning, e.Severity())
					}
				}
			}
			if !found {
				t.Errorf("class %q, Workers %d: not reported for %q (problems %v)", c.Name, workers, in.in, g.Problems)
			}
		}
	}
}

// TestPGNBadFENClass9_7_2: a FEN tag that does not parse (§9.7.2) is of the class bad-fen and
// the kind "bad FEN tag", also when the FEN's own error is a syntax error (ErrSyntax), which
// it still wraps; it was "syntax" and "syntax error".
func TestPGNBadFENClass9_7_2(t *testing.T) {
	for _, fen := range []string{"x", "4k3/8/8/8/8/8/8/4K3 w - - 0 x", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"} {
		g, _ := NewPGNReader(strings.NewReader("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n1. e4 *\n")).Read()
		if len(g.Problems) != 1 {
			t.Fatalf("FEN %q: problems %v", fen, g.Problems)
		}
		if e := g.Problems[0]; e.Class() != "bad-fen" || e.Kind() != "bad FEN tag" || !errors.Is(e, ErrBadFEN) {
			t.Errorf("FEN %q: class %q, kind %q, want bad-fen and \"bad FEN tag\"", fen, e.Class(), e.Kind())
		}
	}
	var se *FENError
	g, _ := NewPGNReader(strings.NewReader("[SetUp \"1\"]\n[FEN \"x\"]\n\n*\n")).Read()
	if !errors.Is(g.Problems[0], ErrSyntax) || !errors.As(g.Problems[0], &se) {
		t.Errorf("the FEN's own error is no longer wrapped: %v", g.Problems[0])
	}
}

// TestPGNPositionsPastTheBuffer reads an input of several times the tokenizer's reads
// (pgnChunk), so that its buffer is refilled and moved between games many times, with
// problems and multi-byte tokens everywhere: each source (one byte a read, half reads, 5 bytes
// a read, whole) gives the same games and problems at the same lines, columns and offsets,
// and each problem's offset points at its token in the input.
func TestPGNPositionsPastTheBuffer(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var sb strings.Builder
	for sb.Len() < 5*pgnChunk {
		sb.WriteString(randomPGN(rng))
		sb.WriteString("\r\n[Event \"e\"]\r\n[White\r\n \"w\"]\r\n\r\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4… Ba4 Qxf2 1/2-1/2 x\r\n%e\n")
	}
	text := sb.String()
	read := func(src io.Reader) string {
		r := NewPGNReader(src)
		r.MaxLineLength = 60
		return describeFull(r)
	}
	want := read(strings.NewReader(text))
	for name, src := range map[string]io.Reader{
		"OneByteReader": iotest.OneByteReader(strings.NewReader(text)),
		"HalfReader":    iotest.HalfReader(strings.NewReader(text)),
		"5 bytes":       &dataErrReader{text, 5, io.EOF},
	} {
		if got := read(src); got != want {
			t.Errorf("%s:\n%s", name, firstDiff(want, got))
		}
	}
	// where each line starts: after LF, CRLF or CR
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' || text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
			starts = append(starts, i+1)
		}
	}
	r := NewPGNReader(strings.NewReader(text))
	problems := 0
	for g, _ := range r.All() {
		for _, e := range g.Problems {
			problems++
			// a token at its offset; a string's value, a NAG's number after its '"' or '$'
			if at := text[e.Offset:]; e.Token != "" && !strings.HasPrefix(at, e.Token) && !(strings.HasPrefix(at[1:], e.Token) && strings.ContainsAny(at[:1], "\"$")) {
				t.Fatalf("%v at offset %d: the input there is %q", e, e.Offset, text[e.Offset:min(len(text), int(e.Offset)+20)])
			}
			line := sort.SearchInts(starts, int(e.Offset)+1) // lines starting at or before the offset
			if e.Line != line || e.Column != int(e.Offset)-starts[line-1]+1 {
				t.Fatalf("%v at offset %d: line %d column %d, want %d and %d", e, e.Offset, e.Line, e.Column, line, int(e.Offset)-starts[line-1]+1)
			}
		}
	}
	if problems < 1000 {
		t.Errorf("%d problems, want many", problems)
	}
}

// TestPGNMissingResultPosition8_2_6: the missing-result warning (§8.2.6) stands at the start
// of the line where the game ends, its Offset that of its Line and Column (the offset was
// that of the game's end, past the column's, when the line went on: trailing blanks at the
// end of the input, the next game's tags on the same line), and it keeps the warnings in
// input order.
func TestPGNMissingResultPosition8_2_6(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // line:column@offset
	}{
		{"[White \"a\"]\n\n1. e4   ", "3:1@13"},
		{"[White \"a\"]\n\n1. e4\n", "4:1@19"},
		{"[White \"a\"]\r\n\r\n1. e4 e5 [White \"b\"]\n\n*\n", "3:1@15"},
		{"1. e4 e5 \t", "1:1@0"},
	} {
		g, _ := NewPGNReader(strings.NewReader(tc.in)).Read()
		var got []string
		for _, w := range g.Warnings {
			if errors.Is(w, ErrMissingResult) {
				got = append(got, fmt.Sprintf("%d:%d@%d", w.Line, w.Column, w.Offset))
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: missing-result at %q, want %q", tc.in, strings.Join(got, " "), tc.want)
		}
	}
	// and it comes before the warnings of that line, in input order
	g, _ := NewPGNReader(strings.NewReader("[White \"a\"]\n\n1. e4 e5 Nf3 \\")).Read()
	var got []string
	for _, w := range g.Warnings {
		got = append(got, fmt.Sprintf("%s@%d", w.Class(), w.Offset))
	}
	if want := "missing-result@13 missing-move-number@22 bad-escape@26"; strings.Join(got, " ") != want {
		t.Errorf("warnings %q, want %q", strings.Join(got, " "), want)
	}
}

// TestPGNLineLengthAtEveryCut4_3: a line of exactly the limit with its CRLF (counted as one
// character, §4.3) and one of a character more are told apart however the source's reads
// cut them, between the CR and the LF included, and with a byte budget ending there.
func TestPGNLineLengthAtEveryCut4_3(t *testing.T) {
	pad := func(n int) string { return "{" + strings.Repeat("x", n-2) + "}" }
	for _, tc := range []struct {
		in   string
		want int // overlong lines
	}{
		{"1. e4 " + pad(48) + "\r\n*\r\n", 0},
		{"1. e4 " + pad(49) + "\r\n*\r\n", 1},
		{"1. e4 " + pad(49) + "\r*\r", 1},
		{"[A \"" + strings.Repeat("v", 49) + "\"]\r\n\r\n1. e4 " + pad(49) + "\r\n* " + pad(53) + "\r\n", 3},
		{"[A \"" + strings.Repeat("v", 48) + "\"]\r\n\r\n1. e4 " + pad(48) + "\r\n* " + pad(52) + "\r\n", 0},
	} {
		for _, maxBytes := range []int64{0, 57, 58} {
			read := func(src io.Reader) string {
				r := NewPGNReader(src)
				r.MaxLineLength, r.MaxGameBytes = 55, maxBytes
				return describeFull(r)
			}
			want := read(strings.NewReader(tc.in))
			if maxBytes == 0 && strings.Count(want, "line too long") != tc.want {
				t.Errorf("%q: %d overlong lines, want %d\n%s", tc.in, strings.Count(want, "line too long"), tc.want, want)
			}
			for at := 1; at < len(tc.in); at++ {
				if got := read(&splitReader{text: tc.in, at: at}); got != want {
					t.Errorf("%q, MaxGameBytes %d, cut at %d:\n%s", tc.in, maxBytes, at, firstDiff(want, got))
					break
				}
			}
		}
	}
}

// TestPGNMarkerLineCRLF4_3: the line of a termination marker that ends in CRLF is checked as
// one ending in LF (§4.3); its LF was left to the next game, which did not check the line.
func TestPGNMarkerLineCRLF4_3(t *testing.T) {
	long := "1. e4 * {" + strings.Repeat("x", 60) + "}"
	for _, in := range []string{long + "\n", long + "\r\n", long + "\r\n1. d4 *\r\n", long + "\r", "1. e4 {" + strings.Repeat("x", 60) + "} *\r\n*\r\n"} {
		for _, workers := range []int{1, 2} {
			r := NewPGNReader(strings.NewReader(in))
			r.MaxLineLength, r.Workers = 55, workers
			var got []string
			for g, _ := range r.All() {
				for _, w := range g.Warnings {
					if w.Class() == "overlong-line" {
						got = append(got, fmt.Sprintf("game %d %d:%d@%d %s", g.Index, w.Line, w.Column, w.Offset, w.Message))
					}
				}
			}
			if want := "game 1 1:1@0 line of 71 characters, more than 55 with its line end"; strings.Join(got, "; ") != want {
				t.Errorf("%q, Workers %d: %q, want %q", in, workers, got, want)
			}
		}
	}
}

// TestPGNWarningsInInputOrder8_2_6: a Result tag that disagrees with the marker (§8.2.6) is
// reported at the marker, before the text after it on its line, in Warnings and Problems
// alike (an ErrorList is in input order), with every consumer; the text after the marker came
// first in both when the game had no error (found by the consumers' differential test).
func TestPGNWarningsInInputOrder8_2_6(t *testing.T) {
	const in = "[Result \"*\"]\n\n1. e4 1-0 {x}\n"
	for _, set := range []func(*PGNReader){func(*PGNReader) {}, func(r *PGNReader) { r.NoTree = true }, func(r *PGNReader) { r.TagsOnly = true }} {
		r := NewPGNReader(strings.NewReader(in))
		set(r)
		g, _ := r.Read()
		for _, list := range []ErrorList{g.Warnings, g.Problems} {
			var got []string
			for _, w := range list {
				got = append(got, fmt.Sprintf("%s@%d", w.Class(), w.Offset))
			}
			if want := "result-mismatch@20 text-after-result@24"; strings.Join(got, " ") != want {
				t.Errorf("NoTree %v, TagsOnly %v: %q, want %q", r.NoTree, r.TagsOnly, strings.Join(got, " "), want)
			}
		}
	}
}
