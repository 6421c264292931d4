package chess

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
)

// pgnTree renders the tree below n on one line, canonically: moves in UCI ("0000" for a null
// move), a move's NAGs as $N and its comments as {…} after it, the comments before the first
// move of a line as {…} before it, and each variation in parentheses after the move it
// replaces. The root's comments come first.
func pgnTree(n *PGNNode) string {
	if n == nil {
		return "<no tree>"
	}
	var parts []string
	for _, c := range n.Comments {
		parts = append(parts, "{"+c+"}")
	}
	var node func(m *PGNNode)
	var line func(m *PGNNode)
	node = func(m *PGNNode) {
		for _, c := range m.StartingComments {
			parts = append(parts, "{"+c+"}")
		}
		parts = append(parts, m.Move.String())
		for _, g := range m.NAGs {
			parts = append(parts, "$"+strconv.Itoa(int(g)))
		}
		for _, c := range m.Comments {
			parts = append(parts, "{"+c+"}")
		}
	}
	line = func(m *PGNNode) {
		for len(m.Children) > 0 {
			main := m.Children[0]
			node(main)
			for _, v := range m.Children[1:] {
				parts = append(parts, "(")
				node(v)
				line(v)
				parts = append(parts, ")")
			}
			m = main
		}
	}
	line(n)
	return strings.Join(parts, " ")
}

// pgnProblems renders the errors of a game, each as "!LINE:COL kind" and its move label,
// e.g. "!6:13 illegal move 2.Nf6".
func pgnProblems(err error) string {
	if err == nil {
		return ""
	}
	var el ErrorList
	if !errors.As(err, &el) {
		return " !not an ErrorList: " + err.Error()
	}
	var sb strings.Builder
	for _, e := range el {
		fmt.Fprintf(&sb, " !%d:%d %s", e.Line, e.Column, e.Kind())
		if e.Move != "" {
			sb.WriteString(" " + e.Move)
		}
	}
	return sb.String()
}

// pgnWarnings renders the warnings of a game as "~LINE:COL" and the move label if any.
func pgnWarnings(g *PGNGame) string {
	var sb strings.Builder
	for _, e := range g.Warnings {
		fmt.Fprintf(&sb, " ~%d:%d", e.Line, e.Column)
		if e.Move != "" {
			sb.WriteString(" " + e.Move)
		}
	}
	return sb.String()
}

// pgnSummary renders a game read with its error: its tags, its tree, "=> " and the
// termination marker, then its errors and warnings.
func pgnSummary(g *PGNGame, err error) string {
	var parts []string
	for _, t := range g.Tags {
		parts = append(parts, fmt.Sprintf("[%s %q]", t.Name, t.Value))
	}
	if tree := pgnTree(g.Root); tree != "" {
		parts = append(parts, tree)
	}
	parts = append(parts, "=> "+g.Result)
	var sb strings.Builder
	sb.WriteString(strings.Join(parts, " "))
	sb.WriteString(pgnProblems(err))
	sb.WriteString(pgnWarnings(g))
	return sb.String()
}

// readAll reads every game of in with the reader set up by opt, and renders each.
func readAll(t testing.TB, in string, opt func(*PGNReader)) []string {
	t.Helper()
	r := NewPGNReader(strings.NewReader(in))
	if opt != nil {
		opt(r)
	}
	var out []string
	for {
		g, err := r.Read()
		if err == io.EOF && g == nil {
			break
		}
		if g == nil {
			t.Fatalf("Read returned no game and %v", err)
		}
		out = append(out, pgnSummary(g, err))
		if len(out) > 100 {
			t.Fatal("more than 100 games")
		}
	}
	if g, err := r.Read(); g != nil || err != io.EOF {
		t.Errorf("Read after the end = %v, %v; want nil, io.EOF", g, err)
	}
	return out
}

type pgnReadCase struct {
	name string // the rule (PGN Standard section) or the real-world quirk
	in   string
	want []string // pgnSummary of each game
}

func checkPGNCases(t *testing.T, cases []pgnReadCase, opt func(*PGNReader)) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := readAll(t, tc.in, opt)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("input:\n%s\ngot:\n\t%s\nwant:\n\t%s", tc.in, strings.Join(quoteAll(got), "\n\t"), strings.Join(quoteAll(tc.want), "\n\t"))
			}
		})
	}
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strconv.Quote(x)
	}
	return out
}

// The PGN Standard, rule by rule: the exact tree of each input.
var pgnStandardCases = []pgnReadCase{
	// §8.1 tag pairs
	{"§8.1 seven tag roster", `[Event "F/S Return Match"]
[Site "Belgrade, Serbia JUG"]
[Date "1992.11.04"]
[Round "29"]
[White "Fischer, Robert J."]
[Black "Spassky, Boris V."]
[Result "1/2-1/2"]

1. e4 e5 1/2-1/2
`, []string{`[Event "F/S Return Match"] [Site "Belgrade, Serbia JUG"] [Date "1992.11.04"] [Round "29"] [White "Fischer, Robert J."] [Black "Spassky, Boris V."] [Result "1/2-1/2"] e2e4 e7e5 => 1/2-1/2`}},
	{"§8.1 any tag order kept as in the file", `[Result "1-0"]
[ECO "C20"]
[White "A"]
[Event "E"]

1. e4 1-0
`, []string{`[Result "1-0"] [ECO "C20"] [White "A"] [Event "E"] e2e4 => 1-0`}},
	{"§7 tag escapes \\\" and \\\\", `[Event "a \"quoted\" name"]
[Site "C:\\games\\x.pgn"]
[Annotator "\\\""]

*
`, []string{`[Event "a \"quoted\" name"] [Site "C:\\games\\x.pgn"] [Annotator "\\\""] => *`}},
	{"§7 ] and [ inside a tag value", `[Event "a]b[c"] [Site "]"]
*`, []string{`[Event "a]b[c"] [Site "]"] => *`}},
	{"§8.1 white space inside the brackets", "[  Event\t \"x\"  ]\n*\n", []string{`[Event "x"] => *`}},
	{"§8.1 empty tag value", "[Event \"\"]\n[Site \"\"]\n*\n", []string{`[Event ""] [Site ""] => *`}},
	{"§8.1 tags and movetext on one line", `[White "A"] [Black "B"] 1. e4 *`, []string{`[White "A"] [Black "B"] e2e4 => *`}},
	{"§8.1 blank line inside the tag section", "[Event \"E\"]\n\n[Site \"S\"]\n\n1. d4 *\n", []string{`[Event "E"] [Site "S"] d2d4 => *`}},

	// §8.2.2 move numbers
	{"§8.2.2 move numbers with one period", "1. e4 e5 2. Nf3 *", []string{`e2e4 e7e5 g1f3 => *`}},
	{"§8.2.2 move numbers glued to the move", "1.e4 e5 2.Nf3 Nc6 *", []string{`e2e4 e7e5 g1f3 b8c6 => *`}},
	{"§8.2.2.2 black move number 12... after a comment", "1. e4 {c} 1... e5 2. Nf3 {d} 2...Nc6 *", []string{`e2e4 {c} e7e5 g1f3 {d} b8c6 => *`}},
	{"move number with the ellipsis character 1…", "1. e4 1… e5 2. Nf3 2…Nc6 *", []string{`e2e4 e7e5 g1f3 b8c6 => *`}},
	{"move number with two periods 2..", "1. e4 e5 2.. Nf3 *", []string{`e2e4 e7e5 g1f3 => *`}},
	{"move number dots written apart: 1. ... Ba5", "[FEN \"4k3/8/8/8/8/8/8/B3K3 b - - 0 1\"]\n1. ... Kd7 2. Bc3 *", []string{`[FEN "4k3/8/8/8/8/8/8/B3K3 b - - 0 1"] e8d7 a1c3 => *`}},
	{"missing move numbers: warnings", "e4 e5 Nf3 *", []string{`e2e4 e7e5 g1f3 => * ~1:1 1.e4 ~1:7 2.Nf3`}},
	{"wrong move number: a warning", "1. e4 e5 7. Nf3 *", []string{`e2e4 e7e5 g1f3 => * ~1:10`}},
	{"move numbers beyond 5000", "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 5001\"]\n5001. Kd2 Kd7 5002. Kc3 *", []string{`[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 5001"] e1d2 e8d7 d2c3 => *`}},

	// §5 comments
	{"§5 brace comment over lines, holding ; and (", "1. e4 {a comment; with (parens\nand lines} e5 *", []string{`e2e4 {a comment; with (parens and lines} e7e5 => *`}},
	{"§5 brace comment with CRLF inside folds to one space", "1. e4 {one\r\ntwo} e5 *", []string{`e2e4 {one two} e7e5 => *`}},
	{"§5 rest-of-line comment", "1. e4 ; best by test { not a brace\n1... e5 *", []string{`e2e4 {best by test { not a brace} e7e5 => *`}},
	{"§5 comment glued to moves", "1. e4{c}e5{d} *", []string{`e2e4 {c} e7e5 {d} => *`}},
	{"§5 several comments after one move", "1. e4 {a} {b} ;c\n e5 *", []string{`e2e4 {a} {b} {c} e7e5 => *`}},
	{"§5 comment before the first move belongs to the root", "{intro} 1. e4 *", []string{`{intro} e2e4 => *`}},
	{"§5 empty comment", "1. e4 {} *", []string{`e2e4 {} => *`}},
	{"§5 comment of spaces only is empty", "1. e4 {   } *", []string{`e2e4 {} => *`}},
	{"§6 escape line at column 1 in movetext", "1. e4\n% 1. d4 is not read\ne5 *", []string{`e2e4 e7e5 => *`}},
	{"§5 a comment before the first tag section makes no game", "{file header}\n\n[Event \"E\"]\n*\n", []string{`[Event "E"] => *`}},
	{"§6 escape line before the tags", "% generated by a tool\n[Event \"E\"]\n*\n", []string{`[Event "E"] => *`}},
	{"§6 % not at column 1 is a syntax error, skipped as one token", "1. e4 % e5\n*", []string{`e2e4 e7e5 => * !1:7 syntax error`}},

	// §8.2.4, §10 NAGs
	{"§10 NAGs $0, $1 and $255", "1. e4 $0 $1 $255 e5 *", []string{`e2e4 $0 $1 $255 e7e5 => *`}},
	{"§10 NAG $256 is a syntax error", "1. e4 $256 e5 *", []string{`e2e4 e7e5 => * !1:7 syntax error`}},
	{"§10 $ without digits is a syntax error", "1. e4 $ e5 *", []string{`e2e4 e7e5 => * !1:7 syntax error`}},
	{"§8.2.3.8 suffixes glued: ! ? !! ?? !? ?! are NAGs 1-6", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *",
		[]string{`e2e4 $1 e7e5 $2 g1f3 $3 b8c6 $4 f1b5 $5 a7a6 $6 => *`}},
	{"§8.2.3.8 suffixes apart from the move", "1. e4 ! e5 !? *", []string{`e2e4 $1 e7e5 $5 => *`}},
	{"suffix after check sign", "1. e4 f6 2. d4 g5 3. Qh5#! *", []string{`e2e4 f7f6 d2d4 g7g5 d1h5 $1 => *`}},
	{"evaluation symbols +- and = read as NAGs 18 and 10", "1. e4 = e5 +- *", []string{`e2e4 $10 e7e5 $18 => * ~1:7 ~1:12`}},
	{"NAG and suffix together", "1. e4!? $14 *", []string{`e2e4 $5 $14 => *`}},

	// §8.2.5 recursive annotation variations
	{"§8.2.5 a variation replaces the move before it", "1. e4 (1. d4 d5) 1... e5 *", []string{`e2e4 ( d2d4 d7d5 ) e7e5 => *`}},
	{"§8.2.5 a variation on a Black move", "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", []string{`e2e4 e7e5 ( c7c5 g1f3 ) g1f3 => *`}},
	{"§8.2.5 two variations on one move, in file order", "1. e4 (1. d4) (1. c4) (1. Nf3) e5 *", []string{`e2e4 ( d2d4 ) ( c2c4 ) ( g1f3 ) e7e5 => *`}},
	{"§8.2.5 variations nested three deep", "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6 3. e5) 3. exd5) 2... d6) 2. Nf3 *",
		[]string{`e2e4 e7e5 ( c7c5 g1f3 ( c2c3 d7d5 ( g8f6 e4e5 ) e4d5 ) d7d6 ) g1f3 => *`}},
	{"§8.2.5 a variation on the first move of a variation is one more alternative", "1. e4 (1. d4 (1. c4) d5) e5 *", []string{`e2e4 ( d2d4 d7d5 ) ( c2c4 ) e7e5 => *`}},
	{"§8.2.5 comment at the start of a variation", "1. e4 ({why not} 1. d4 {solid}) e5 *", []string{`e2e4 ( {why not} d2d4 {solid} ) e7e5 => *`}},
	{"§8.2.5 comment after a variation belongs to the move it replaced", "1. e4 (1. d4) {after} e5 *", []string{`e2e4 {after} ( d2d4 ) e7e5 => *`}},
	{"§8.2.5 NAG after a variation belongs to the move it replaced", "1. e4 (1. d4) $1 e5 *", []string{`e2e4 $1 ( d2d4 ) e7e5 => *`}},
	{"§8.2.5 variation at the end, before the marker", "1. e4 e5 (1... d5) *", []string{`e2e4 e7e5 ( d7d5 ) => *`}},
	{"§8.2.5 variation repeating the game move", "1. e4 e5 (1... e5 2. Nf3) 2. Nf3 *", []string{`e2e4 e7e5 ( e7e5 g1f3 ) g1f3 => *`}},

	// §8.2.6 termination markers
	{"§8.2.6 marker 1-0", "1. e4 1-0", []string{`e2e4 => 1-0`}},
	{"§8.2.6 marker 0-1", "1. e4 0-1", []string{`e2e4 => 0-1`}},
	{"§8.2.6 marker 1/2-1/2", "1. e4 1/2-1/2", []string{`e2e4 => 1/2-1/2`}},
	{"§8.2.6 marker *", "1. e4 *", []string{`e2e4 => *`}},
	{"§8.2.6 a game of only a marker", "[Event \"E\"]\n\n*\n", []string{`[Event "E"] => *`}},
	{"§8.2.6 marker missing at the end of the input: a warning", "[Event \"E\"]\n\n1. e4 e5", []string{`[Event "E"] e2e4 e7e5 =>  ~3:1`}},

	// null moves (ChessBase, lichess; not in the 1994 standard)
	{"null move --", "1. e4 -- 2. d4 *", []string{`e2e4 0000 d2d4 => *`}},
	{"null move Z0", "1. e4 Z0 2. d4 *", []string{`e2e4 0000 d2d4 => *`}},
	{"null move 0000", "1. e4 0000 2. d4 *", []string{`e2e4 0000 d2d4 => *`}},
	{"null move inside a variation", "1. e4 e5 (1... -- 2. d4) 2. Nf3 *", []string{`e2e4 e7e5 ( 0000 d2d4 ) g1f3 => *`}},
	{"null move in check is illegal", "1. e4 f5 2. Qh5+ -- 3. Qxf5 *", []string{`e2e4 f7f5 d1h5 => * !1:18 illegal move 2...--`}},

	// §9.7 SetUp and FEN, Chess960
	{"§9.7 SetUp/FEN with Black to move", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *",
		[]string{`[SetUp "1"] [FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"] e8d7 e2e4 => *`}},
	{"§9.7 FEN without SetUp is used", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 *",
		[]string{`[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"] e2e4 => *`}},
	{"§9.7 bad FEN: the movetext is not replayed", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\"]\n\n1. Kc2 *",
		[]string{`[SetUp "1"] [FEN "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"] => * !2:6 bad FEN tag`}},
	{"Chess960 from Variant \"Chess960\" with X-FEN KQkq", "[Variant \"Chess960\"]\n[FEN \"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1\"]\n\n1. O-O O-O-O *",
		[]string{`[Variant "Chess960"] [FEN "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1"] b1h1 b8a8 => *`}},
	{"Chess960 castling king takes rook in UCI", "[Variant \"chess 960\"]\n[FEN \"1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1\"]\n\n1. O-O O-O-O *",
		[]string{`[Variant "chess 960"] [FEN "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1"] e1h1 e8b8 => *`}},
	{"Chess960 from a Shredder-FEN without Variant", "[FEN \"1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1\"]\n\n1. O-O-O O-O *",
		[]string{`[FEN "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1"] e1b1 e8h8 => *`}},
	{"Chess960 from an X-FEN whose rooks are not on a and h", "[FEN \"1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1\"]\n\n1. O-O O-O-O *",
		[]string{`[FEN "1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1"] e1h1 e8b8 => *`}},
	{"Chess960 spelled fischerandom", "[Variant \"fischerandom\"]\n[FEN \"1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1\"]\n\n1. O-O *",
		[]string{`[Variant "fischerandom"] [FEN "1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1"] e1h1 => *`}},
}

func TestPGNStandard(t *testing.T) { checkPGNCases(t, pgnStandardCases, nil) }
