package chess

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
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
	{"§5 brace comment with a lone CR inside folds to one space", "1. e4 {one\rtwo} e5 {three\r} *", []string{`e2e4 {one two} e7e5 {three} => *`}},
	{"§5 comment trimmed of Unicode white space at its ends", "1. e4 { \u00a0one\u00a0 } e5 {\u2003two } 2. Nf3 { \u00e9 } *", []string{"e2e4 {one} e7e5 {two} g1f3 {\u00e9} => *"}},
	{"§5 rest-of-line comment", "1. e4 ; best by test { not a brace\n1... e5 *", []string{`e2e4 {best by test { not a brace} e7e5 => *`}},
	{"§5 comment glued to moves", "1. e4{c}e5{d} *", []string{`e2e4 {c} e7e5 {d} => *`}},
	{"§5 several comments after one move", "1. e4 {a} {b} ;c\n e5 *", []string{`e2e4 {a} {b} {c} e7e5 => *`}},
	{"§5 comment before the first move belongs to the root", "{intro} 1. e4 *", []string{`{intro} e2e4 => *`}},
	{"§5 empty comment", "1. e4 {} *", []string{`e2e4 {} => *`}},
	{"§5 comment of spaces only is empty", "1. e4 {   } *", []string{`e2e4 {} => *`}},
	{"§6 escape line at column 1 in movetext", "1. e4\n% 1. d4 is not read\ne5 *", []string{`e2e4 e7e5 => *`}},
	{"§5 a comment before the first tag section makes no game", "{file header}\n\n[Event \"E\"]\n*\n", []string{`[Event "E"] => *`}},
	{"§6 escape line before the tags", "% generated by a tool\n[Event \"E\"]\n*\n", []string{`[Event "E"] => *`}},
	{"§6 escape line between tag pairs", "[Event \"E\"]\n% a note\n[Site \"S\"]\n\n1. e4 *\n", []string{`[Event "E"] [Site "S"] e2e4 => *`}},
	{"§6 escape line between repeated tags is no gap: a duplicate tag", "[Site \"a\"]\n%\n[Site \"b\"]\n1. e4 *", []string{`[Site "a"] e2e4 => * !3:2 bad tag pair`}},
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

// What real files do, quirk by quirk (the list): the exact games read.
var pgnQuirkCases = []pgnReadCase{
	{"UTF-8 byte-order mark", "\xEF\xBB\xBF[Event \"E\"]\n*\n", []string{`[Event "E"] => *`}},
	{"byte-order mark: columns count from after it", "\xEF\xBB\xBF1. e4 e5 2. Ke3 *", []string{`e2e4 e7e5 => * !1:13 illegal move 2.Ke3`}},
	{"Latin-1 bytes in a tag value pass through", "[White \"M\xfcller, J\xf6rg\"]\n*\n", []string{`[White "M\xfcller, J\xf6rg"] => *`}},
	{"Latin-1 bytes in a comment pass through", "1. e4 {Sch\xe4fer \xbd} *", []string{"e2e4 {Sch\xe4fer \xbd} => *"}},
	{"UTF-8 text in tags and comments", "[White \"Nepomniachtchi, Ян\"]\n1. e4 {Ходы ♔} *", []string{`[White "Nepomniachtchi, Ян"] e2e4 {Ходы ♔} => *`}},
	{"CRLF line ends: lines counted once", "[Event \"E\"]\r\n\r\n1. e4 e5\r\n2. Ke3 *\r\n", []string{`[Event "E"] e2e4 e7e5 => * !4:4 illegal move 2.Ke3`}},
	{"CR line ends", "[Event \"E\"]\r\r1. e4 e5\r2. Ke3 *\r", []string{`[Event "E"] e2e4 e7e5 => * !4:4 illegal move 2.Ke3`}},
	{"LF CR mixed", "[Event \"E\"]\n\r1. e4 e5\n\r2. Ke3 *\n", []string{`[Event "E"] e2e4 e7e5 => * !5:4 illegal move 2.Ke3`}},
	{"tabs between tokens; a column is a byte", "1.\te4\te5\t2.\tKe3 *", []string{`e2e4 e7e5 => * !1:13 illegal move 2.Ke3`}},
	{"blank lines inside movetext", "[Event \"E\"]\n\n1. e4\n\n\ne5\n\n2. Nf3 *\n", []string{`[Event "E"] e2e4 e7e5 g1f3 => *`}},
	{"leading white space before tags and moves", "   [Event \"E\"]\n\t 1. e4 *\n", []string{`[Event "E"] e2e4 => *`}},
	{"games separated by no blank line", "[Event \"A\"]\n1. e4 *\n[Event \"B\"]\n1. d4 *\n", []string{`[Event "A"] e2e4 => *`, `[Event "B"] d2d4 => *`}},
	{"next game's tags on the marker's line", "[Event \"A\"] 1. e4 * [Event \"B\"] 1. d4 *", []string{`[Event "A"] e2e4 => *`, `[Event "B"] d2d4 => *`}},
	{"movetext without tags", "1. e4 e5 1-0\n", []string{`e2e4 e7e5 => 1-0`}},
	{"tagless games one per line", "1. e4 e5 *\n1. d4 d5 1-0\n1. c4 0-1\n", []string{`e2e4 e7e5 => *`, `d2d4 d7d5 => 1-0`, `c2c4 => 0-1`}},
	{"run-together games without markers: 1. at the start of a line begins a game", "1. e4 e5 2. Nf3\n1. d4 d5\n",
		[]string{`e2e4 e7e5 g1f3 =>  ~2:1`, `d2d4 d7d5 =>  ~3:1`}},
	{"1. at the start of a line after one move is a wrong move number, not a game", "1. e4\n1. e5 *\n", []string{`e2e4 e7e5 => *`}},
	{"game without marker followed by tags", "[Event \"A\"]\n1. e4 e5\n\n[Event \"B\"]\n1. d4 *\n", []string{`[Event "A"] e2e4 e7e5 =>  ~4:1`, `[Event "B"] d2d4 => *`}},
	{"text after the marker on its line is ignored with a warning", "1. e4 1-0 ff\n1. d4 * *\n", []string{`e2e4 => 1-0 ~1:11`, `d2d4 => * ~2:9`}},
	{"trailing garbage after the last game", "1. e4 *\n\nthis is not PGN\n", []string{`e2e4 => *`, `=>  !3:1 syntax error 1.this ~3:1 1.this`}},
	{"trailing white space and comments make no game", "1. e4 *\n\n{ the end }\n\n% done\n\n", []string{`e2e4 => *`}},
	{"result missing at the end of the file, no final newline", "[Event \"E\"]\n\n1. e4 e5 2. Nf3", []string{`[Event "E"] e2e4 e7e5 g1f3 =>  ~3:1`}},
	{"empty Result tag: a warning", "[Result \"\"]\n1. e4\n", []string{`[Result ""] e2e4 =>  ~1:9 ~3:1`}},
	{"en passant remark e.p. after the move is skipped", "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 *", []string{`e2e4 d7d5 e4e5 f7f5 e5f6 g8f6 => *`}},
	{"lichess comment commands stay in the comment", "1. e4 { [%clk 0:03:00] [%eval 0.17] } 1... e5 { [%clk 0:02:58.5] } *",
		[]string{`e2e4 {[%clk 0:03:00] [%eval 0.17]} e7e5 {[%clk 0:02:58.5]} => *`}},

	// Variant values
	{"Variant Standard", "[Variant \"Standard\"]\n1. e4 *", []string{`[Variant "Standard"] e2e4 => *`}},
	{"Variant empty", "[Variant \"\"]\n1. e4 *", []string{`[Variant ""] e2e4 => *`}},
	{"Variant chess", "[Variant \"chess\"]\n1. e4 *", []string{`[Variant "chess"] e2e4 => *`}},
	{"Variant Normal", "[Variant \"Normal\"]\n1. e4 *", []string{`[Variant "Normal"] e2e4 => *`}},
	{"Variant From Position", "[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 *", []string{`[Variant "From Position"] [FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"] e2e4 => *`}},
	{"Variant 960 on the standard start", "[Variant \"960\"]\n1. e4 *", []string{`[Variant "960"] e2e4 => *`}},
	{"Variant CHESS960 upper case", "[Variant \"CHESS960\"]\n[FEN \"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1\"]\n1. O-O *", []string{`[Variant "CHESS960"] [FEN "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1"] b1h1 => *`}},
	{"Variant Fischerandom", "[Variant \"Fischerandom\"]\n[FEN \"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1\"]\n1. O-O-O *", []string{`[Variant "Fischerandom"] [FEN "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1"] b1a1 => *`}},
	{"Variant Atomic: reported once at the Variant tag, moves not replayed", "[Variant \"Atomic\"]\n[Event \"E\"]\n1. e4 d5 2. Qh5 Qxd2 3. Ke8 1-0\n",
		[]string{`[Variant "Atomic"] [Event "E"] => 1-0 !1:10 unsupported variant`}},
	{"Variant Crazyhouse with drops", "[Variant \"Crazyhouse\"]\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n", []string{`[Variant "Crazyhouse"] => * !1:10 unsupported variant`}},
	{"Variant Antichess, then a standard game", "[Variant \"Antichess\"]\n1. e3 b5 2. Bxb5 *\n\n[Event \"B\"]\n1. e4 *\n",
		[]string{`[Variant "Antichess"] => * !1:10 unsupported variant`, `[Event "B"] e2e4 => *`}},
	{"bad FEN reported at the FEN tag, not the last tag", "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[Event \"E\"]\n\n1. e4 *",
		[]string{`[FEN "8/8/8/8/8/8/8/8 w - - 0 1"] [Event "E"] => * !1:6 bad FEN tag`}},
}

func TestPGNQuirks(t *testing.T) { checkPGNCases(t, pgnQuirkCases, nil) }

// Errors and recovery: a move error ends the line it is in; a syntax error skips one token;
// the next game is read normally.
var pgnErrorCases = []pgnReadCase{
	{"illegal move in the main line: the rest up to the marker is skipped", "1. e4 e5 2. Ke3 Nc6 3. Bb5 *\n1. d4 *",
		[]string{`e2e4 e7e5 => * !1:13 illegal move 2.Ke3`, `d2d4 => *`}},
	{"illegal Black move labelled N...", "1. e4 e5 2. Nf3 Nf6 3. Nxe5 Ke6 *", []string{`e2e4 e7e5 g1f3 g8f6 f3e5 => * !1:29 illegal move 3...Ke6`}},
	{"ambiguous move", "1. Nf3 d5 2. d4 Nf6 3. Nd2 *", []string{`g1f3 d7d5 d2d4 g8f6 => * !1:24 ambiguous move 3.Nd2`}},
	{"a word where a move belongs is an unreadable move", "1. e4 e5 2. Sf3 Nc6 *", []string{`e2e4 e7e5 => * !1:13 syntax error 2.Sf3`}},
	{"pawn to the last rank without a piece", "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8 Ka1 *", []string{`[FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"] => * !2:4 illegal move 1.e8`}},
	{"move after checkmate", "1. f3 e5 2. g4 Qh4# 3. Nc3 0-1", []string{`f2f3 e7e5 g2g4 d8h4 => 0-1 !1:24 illegal move 3.Nc3`}},
	{"the skipped rest is still checked for syntax", "1. e4 e5 2. Ke3 ) Nc6 $300 *", []string{`e2e4 e7e5 => * !1:13 illegal move 2.Ke3 !1:17 unbalanced variation !1:23 syntax error`}},
	{"illegal move in a variation skips the rest of that variation only", "1. e4 e5 (1... Ke6 2. d4) 2. Nf3 (2. Bb5 Nf6 3. Kxe8) 2... Nc6 *",
		[]string{`e2e4 e7e5 g1f3 ( f1b5 g8f6 ) b8c6 => * !1:16 illegal move 1...Ke6 !1:49 illegal move 3.Kxe8`}},
	{"variations inside a skipped variation are skipped", "1. e4 e5 (1... Ke6 (1... d5 2. exd5) 2. d4) 2. Nf3 *",
		[]string{`e2e4 e7e5 g1f3 => * !1:16 illegal move 1...Ke6`}},
	{"illegal move in a nested variation: the outer variation goes on", "1. e4 e5 (1... c5 2. Nf3 (2. Ke3) 2... d6) 2. Nf3 *",
		[]string{`e2e4 e7e5 ( c7c5 g1f3 d7d6 ) g1f3 => * !1:30 illegal move 2.Ke3`}},
	{"syntax error skips one token", "1. e4 < e5 > 2. Nf3 ] Nc6 *", []string{`e2e4 e7e5 g1f3 b8c6 => * !1:7 syntax error !1:12 syntax error !1:21 syntax error`}},
	{"a string in movetext is one token (§7), an error", "1. e4 \"a (string\" e5 *", []string{`e2e4 e7e5 => * !1:7 syntax error`}},
	{"stray } is a syntax error", "1. e4 } e5 *", []string{`e2e4 e7e5 => * !1:7 syntax error`}},
	{"stray backslash: a warning", "1. e4 \\ e5 *", []string{`e2e4 e7e5 => * ~1:7`}},
	{"unclosed variation: reported at its (", "1. e4 e5 2. Nf3 (2. d4 exd4 3. c3 *", []string{`e2e4 e7e5 g1f3 ( d2d4 e5d4 c2c3 ) => * !1:17 unbalanced variation`}},
	{"unclosed variation at the end of the input, then no game", "1. e4 (1. d4\n", []string{`e2e4 ( d2d4 ) =>  !1:7 unbalanced variation ~2:1`}},
	{") without its (", "1. e4 e5 2. Nf3 ) Nc6 *", []string{`e2e4 e7e5 g1f3 b8c6 => * !1:17 unbalanced variation`}},
	{"variation before the first move", "(1. d4 d5) 1. e4 e5 *", []string{`e2e4 e7e5 => * !1:1 unbalanced variation`}},
	{"NAG before the first move of a variation", "1. e4 ($1 1. d4) e5 *", []string{`e2e4 ( d2d4 ) e7e5 => * !1:8 syntax error`}},
	{"NAG before the first move of the game", "$1 1. e4 *", []string{`e2e4 => * !1:1 syntax error`}},
	{"suffix glyph before the first move of the game", "{c} ! 1. e4 *", []string{`{c} e2e4 => * !1:5 syntax error`}},
	{"unterminated comment swallows the rest of the input", "1. e4 e5 { never closed 2. Nf3 *\n\n[Event \"B\"]\n1. d4 *\n",
		[]string{`e2e4 e7e5 =>  !1:10 unterminated comment ~5:1`}},
	{"result contradicts checkmate: reported at the marker", "1. f3 e5 2. g4 Qh4# 1-0", []string{`f2f3 e7e5 g2g4 d8h4 => 1-0 !1:21 result contradicts the final position`}},
	{"result contradicts stalemate: reported at the Result tag when no marker", "[Result \"1-0\"]\n[FEN \"k7/8/8/2Q5/8/8/8/7K w - - 0 1\"]\n1. Qb6\n",
		[]string{`[Result "1-0"] [FEN "k7/8/8/2Q5/8/8/8/7K w - - 0 1"] c5b6 =>  !1:9 result contradicts the final position ~4:1`}},
	{"Result tag and marker disagree: a warning at the marker", "[Result \"1-0\"]\n1. e4 0-1", []string{`[Result "1-0"] e2e4 => 0-1 ~2:7`}},

	// tag section errors
	{"tag value without quotes", "[Site testdata]\n1. e4 *", []string{`[Site "testdata"] e2e4 => * !1:7 bad tag pair`}},
	{"tag without ]", "[Site \"x\"\n[Event \"E\"]\n1. e4 *", []string{`[Site "x"] [Event "E"] e2e4 => * !1:10 bad tag pair`}},
	{"unescaped quote in a tag value", "[Site \"te\"st\"]\n1. e4 *", []string{`[Site "te"] e2e4 => * !1:11 bad tag pair`}},
	{"duplicate tag: the first value is kept, reported at the name", "[Site \"a\"]\n[Site \"b\"]\n1. e4 *", []string{`[Site "a"] e2e4 => * !2:2 bad tag pair`}},
	{"duplicate tag after a blank line starts a tag-only record", "[Site \"a\"]\n\n[Site \"b\"]\n1. e4 *", []string{`[Site "a"] =>  ~3:1`, `[Site "b"] e2e4 => *`}},
	{"bad tag name", "[1Bad-Name \"x\"]\n1. e4 *", []string{`e2e4 => * !1:2 bad tag pair`}},
	{"empty tag name", "[ \"x\"]\n1. e4 *", []string{`e2e4 => * !1:3 bad tag pair`}},
	{"invalid Result value", "[Result \"1:0\"]\n1. e4 *", []string{`[Result "1:0"] e2e4 => * !1:9 bad tag pair ~2:7`}},
	{"file ends inside a tag", "[Event \"E\"]\n[Site \"tes", []string{`[Event "E"] [Site "tes"] =>  !2:7 bad tag pair ~2:1`}},
}

func TestPGNErrors(t *testing.T) { checkPGNCases(t, pgnErrorCases, nil) }

// The exact text of errors and warnings: LINE:COL: game N (White - Black, Round R), label: message.
func TestPGNErrorMessages(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // every error, then every warning, as printed
	}{
		{"illegal move with players and round", "[White \"Kasparov\"]\n[Black \"Topalov\"]\n[Round \"4\"]\n[FEN \"4k3/3n4/8/1B6/8/8/8/4K3 b - - 0 12\"]\n\n12... Nf6 13. Kd2 *\n",
			[]string{`6:7: game 1 (Kasparov - Topalov, Round 4), 12...Nf6: illegal move: the knight on d7 is pinned by the bishop on b5`}},
		{"round ? is left out", "[White \"A\"]\n[Black \"B\"]\n[Round \"?\"]\n1. e4 e5 2. Ke3 *",
			[]string{`4:13: game 1 (A - B), 2.Ke3: illegal move: no king can move to e3`}},
		{"no players: no parentheses", "1. Nf3 d5 2. d4 Nf6 3. Nd2 *",
			[]string{`1:24: game 1, 3.Nd2: ambiguous move: more than one knight can move to d2 (Nbd2, Nfd2)`}},
		{"a token that is not a move is quoted", "[White \"A\"]\n[Black \"B\"]\n1. e4 $300 *",
			[]string{`3:7: game 1 (A - B), "300": a NAG is $0 to $255`}},
		{"unsupported variant at the Variant tag", "[Variant \"Atomic\"]\n[Event \"E\"]\n*",
			[]string{`1:10: game 1, "Atomic": variant "Atomic" is not supported: only standard chess and Chess960`}},
		{"bad FEN at the FEN tag", "[FEN \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\"]\n[Event \"E\"]\n*",
			[]string{`1:6: game 1, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1": bad FEN tag: field 1, offset 0: white has 2 kings`}},
		{"unescaped quote: the text after the value", "[Site \"te\"st\"]\n*",
			[]string{`1:11: game 1, "st\"]": unescaped '"' in the tag value or text after it`}},
		{"duplicate tag at its name", "[Site \"a\"]\n[Site \"b\"]\n*",
			[]string{`2:2: game 1, "Site": duplicate tag Site: the first value is kept`}},
		{"missing ] names no token", "[Site \"a\"\n*",
			[]string{`1:10: game 1: missing ']' after the tag pair`}},
		{"wrong result at the marker", "[White \"A\"]\n[Black \"B\"]\n1. f3 e5 2. g4 Qh4# 1-0",
			[]string{`3:21: game 1 (A - B), "1-0": the game ends in checkmate but the result is 1-0`}},
		{"warnings say so", "[Result \"1-0\"]\n1. e4 e5 Nf3 0-1\n",
			[]string{`2:10: game 1, 2.Nf3: warning: missing move number`, `2:14: game 1, "0-1": warning: the Result tag says 1-0 but the movetext ends with 0-1`}},
		{"game index counts every game", "1. e4 *\n1. d4 *\n1. c4 *\n[White \"A\"]\n[Black \"B\"]\n1. Ke2 Ke7 2. Ke4 *\n",
			[]string{`6:4: game 4 (A - B), 1.Ke2: illegal move: a white piece stands on e2`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for g, err := range Games(strings.NewReader(tc.in)) {
				if err != nil {
					for _, e := range err.(ErrorList) {
						got = append(got, e.Error())
					}
				}
				for _, w := range g.Warnings {
					got = append(got, w.Error())
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.Join(quoteAll(got), "\n\t"), strings.Join(quoteAll(tc.want), "\n\t"))
			}
		})
	}
}

// Budgets end a game with ErrBudget, never a stack overflow or unbounded memory, and the
// reader goes on at the next line that starts with a tag pair.
func TestPGNBudgets(t *testing.T) {
	deep := "[Event \"A\"]\n\n1. e4 " + strings.Repeat("(", 100000) + "\n\n[Event \"B\"]\n\n1. d4 *\n"
	huge := "[Event \"A\"]\n\n1. e4 {" + strings.Repeat("a comment line that never ends [Event \"X\"]\n", 30000) + "[Event \"B\"]\n\n1. d4 *\n"
	manyErrs := "1. e4 $300 $301 $302 $303 $304 $305 e5 *\n"
	tests := []struct {
		name   string
		in     string
		opt    func(*PGNReader)
		want   []string
		maxBuf int // the reader's buffer never grows past this
	}{
		{"MaxDepth 8: 100,000 nested (", deep, func(r *PGNReader) { r.MaxDepth = 8 },
			[]string{`[Event "A"] e2e4 =>  !3:8 unbalanced variation !3:15 budget exceeded ~5:1`, `[Event "B"] d2d4 => *`}, 1 << 20},
		{"MaxDepth 8: 100,000 nested variations with moves", "1. e4 " + strings.Repeat("(1. d4 ", 100000) + "\n[Event \"B\"]\n1. d4 *\n", func(r *PGNReader) { r.MaxDepth = 8 },
			[]string{`e2e4 ( d2d4 ) ( d2d4 ) ( d2d4 ) ( d2d4 ) ( d2d4 ) ( d2d4 ) ( d2d4 ) ( d2d4 ) =>  !1:63 budget exceeded ~2:1`, `[Event "B"] d2d4 => *`}, 1 << 20},
		{"default MaxDepth: 100,000 nested (", deep, nil,
			[]string{`[Event "A"] e2e4 =>  !3:8 unbalanced variation !3:` + strconv.Itoa(7+DefaultMaxDepth) + ` budget exceeded ~5:1`, `[Event "B"] d2d4 => *`}, 1 << 20},
		{"MaxTokens 5 (a tag pair is a token)", "[Event \"A\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n[Event \"B\"]\n1. d4 *\n", func(r *PGNReader) { r.MaxTokens = 5 },
			[]string{`[Event "A"] e2e4 e7e5 =>  !2:13 budget exceeded ~3:1`, `[Event "B"] d2d4 => *`}, 1 << 20},
		{"MaxGameBytes 4096: a huge unterminated comment", huge, func(r *PGNReader) { r.MaxGameBytes = 4096 },
			[]string{`[Event "A"] e2e4 =>  !97:35 budget exceeded ~30003:1`, `[Event "B"] d2d4 => *`}, 3 * pgnChunk},
		{"MaxErrors 3", manyErrs, func(r *PGNReader) { r.MaxErrors = 3 },
			[]string{`e2e4 e7e5 => * !1:7 syntax error !1:12 syntax error !1:17 syntax error`}, 1 << 20},
		{"MaxErrors 3: a budget error is recorded past it", "1. e4 $300 $301 $302 $303 $304 e5 2. Nf3 *\n[Event \"B\"]\n*\n", func(r *PGNReader) { r.MaxErrors = 3; r.MaxTokens = 9 },
			[]string{`e2e4 e7e5 =>  !1:7 syntax error !1:12 syntax error !1:17 syntax error !1:38 budget exceeded ~2:1`, `[Event "B"] => *`}, 1 << 20},
		{"MaxGameBytes 10: a record of broken tags over the budget is a game with its errors", "[1 \"a\"] [2 \"b\"] [3 \"c\"]\n[Event \"x\"]\n*\n", func(r *PGNReader) { r.MaxGameBytes = 10 },
			[]string{`=>  !1:2 bad tag pair !1:10 bad tag pair !1:11 budget exceeded`, `[Event "x"] =>  !2:11 bad tag pair !2:11 budget exceeded ~4:1`}, 1 << 20},
		{"MaxGameBytes 6: a game of exactly 6 bytes at the end is within it", "1. e4\n", func(r *PGNReader) { r.MaxGameBytes = 6 },
			[]string{`e2e4 =>  ~2:1`}, 1 << 20},
		{"MaxGameBytes 9 ends between CR and LF: one line end", "1. e4 e5\r\n[Event \"b\"]\r\n1. d4 *\r\n", func(r *PGNReader) { r.MaxGameBytes = 9 },
			[]string{`e2e4 e7e5 =>  !1:10 budget exceeded ~2:1`, `[Event "b"] =>  !2:8 bad tag pair !2:10 budget exceeded ~4:1`}, 1 << 20},
		{"MaxErrors 2: unclosed variations count", "1. e4 (1. d4 (1. c4 (1. Nf3 *\n", func(r *PGNReader) { r.MaxErrors = 2 },
			[]string{`e2e4 ( d2d4 ) ( c2c4 ) ( g1f3 ) => * !1:7 unbalanced variation !1:14 unbalanced variation`}, 1 << 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewPGNReader(strings.NewReader(tc.in))
			if tc.opt != nil {
				tc.opt(r)
			}
			var got []string
			for g, err := range r.All() {
				got = append(got, pgnSummary(g, err))
				if c := cap(r.s.buf); c > tc.maxBuf {
					t.Errorf("buffer of %d bytes", c)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.Join(quoteAll(got), "\n\t"), strings.Join(quoteAll(tc.want), "\n\t"))
			}
		})
	}
}

// The reader's options: StrictSAN, NoTree, SkipVariations, TagsOnly.
func TestPGNReaderOptions(t *testing.T) {
	in := "[Event \"A\"]\n1. e4 e5 (1... Ke6 2. d4) 2. Ngf3 {c} Nc6 3. Bb5 $1 *\n\n" +
		"[Event \"B\"]\n1. e2e4 e7e5 2. Ke3 *\n\n" +
		"[Event \"C\"]\n1. d4 ) d5 *\n"
	tests := []struct {
		name string
		opt  func(*PGNReader)
		want []string
	}{
		{"lenient SAN (default): deviations are warnings", nil, []string{
			`[Event "A"] e2e4 e7e5 g1f3 {c} b8c6 f1b5 $1 => * !2:16 illegal move 1...Ke6 ~2:30 2.Ngf3`,
			`[Event "B"] e2e4 e7e5 => * !5:17 illegal move 2.Ke3 ~5:4 1.e2e4 ~5:9 1...e7e5`,
			`[Event "C"] d2d4 d7d5 => * !8:7 unbalanced variation`}},
		{"StrictSAN: deviations are errors that end the line", func(r *PGNReader) { r.StrictSAN = true }, []string{
			`[Event "A"] e2e4 e7e5 => * !2:16 illegal move 1...Ke6 !2:30 syntax error 2.Ngf3`,
			`[Event "B"] => * !5:4 syntax error 1.e2e4`,
			`[Event "C"] d2d4 d7d5 => * !8:7 unbalanced variation`}},
		{"NoTree: no tree, every move still checked", func(r *PGNReader) { r.NoTree = true }, []string{
			`[Event "A"] <no tree> => * !2:16 illegal move 1...Ke6 ~2:30 2.Ngf3`,
			`[Event "B"] <no tree> => * !5:17 illegal move 2.Ke3 ~5:4 1.e2e4 ~5:9 1...e7e5`,
			`[Event "C"] <no tree> => * !8:7 unbalanced variation`}},
		{"SkipVariations: variations checked for syntax only", func(r *PGNReader) { r.SkipVariations = true }, []string{
			`[Event "A"] e2e4 e7e5 g1f3 {c} b8c6 f1b5 $1 => * ~2:30 2.Ngf3`,
			`[Event "B"] e2e4 e7e5 => * !5:17 illegal move 2.Ke3 ~5:4 1.e2e4 ~5:9 1...e7e5`,
			`[Event "C"] d2d4 d7d5 => * !8:7 unbalanced variation`}},
		{"TagsOnly: movetext checked for syntax only", func(r *PGNReader) { r.TagsOnly = true }, []string{
			`[Event "A"] => *`,
			`[Event "B"] => *`,
			`[Event "C"] => * !8:7 unbalanced variation`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := readAll(t, in, tc.opt)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.Join(quoteAll(got), "\n\t"), strings.Join(quoteAll(tc.want), "\n\t"))
			}
		})
	}
	// NoTree finds the same problems as the tree.
	for _, in := range []string{"$1 1. e4 *", "1. e4 ($2 1. d4) e5 *", "1. e4 ! (1. d4 ?) e5 *", in} {
		tree, noTree := readAll(t, in, nil), readAll(t, in, func(r *PGNReader) { r.NoTree = true })
		for i := range tree {
			if a, b := tree[i][strings.Index(tree[i], "=>"):], noTree[i][strings.Index(noTree[i], "=>"):]; a != b {
				t.Errorf("%q: with the tree %q, without %q", in, a, b)
			}
		}
	}
	// NoTree still gives the final position and the number of plies of the main line.
	for _, noTree := range []bool{false, true} {
		r := NewPGNReader(strings.NewReader("1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 3. Bb5 a6 *"))
		r.NoTree = noTree
		g, err := r.Read()
		if err != nil || g.Plies != 6 || g.Final.FEN() != "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4" {
			t.Errorf("NoTree=%v: %v, %d plies, %s", noTree, err, g.Plies, g.Final.FEN())
		}
		if noTree != (g.Root == nil) {
			t.Errorf("NoTree=%v: Root %v", noTree, g.Root)
		}
	}
}

// Games and All yield what Read returns and stop early when asked.
func TestPGNGamesIterator(t *testing.T) {
	in := "1. e4 *\n1. d4 e5 2. Ke3 *\n1. c4 *\n1. Nf3 *\n"
	var idx []int
	var errs []bool
	for g, err := range Games(strings.NewReader(in)) {
		idx = append(idx, g.Index)
		errs = append(errs, err != nil)
	}
	if fmt.Sprint(idx, errs) != "[1 2 3 4] [false true false false]" {
		t.Errorf("Games yielded %v %v", idx, errs)
	}
	idx = nil
	for g := range Games(strings.NewReader(in)) {
		idx = append(idx, g.Index)
		if g.Index == 2 {
			break
		}
	}
	if fmt.Sprint(idx) != "[1 2]" {
		t.Errorf("break: %v", idx)
	}
	// All goes on where Read left off.
	r := NewPGNReader(strings.NewReader(in))
	if g, err := r.Read(); err != nil || g.Index != 1 {
		t.Fatalf("Read: %v %v", g, err)
	}
	idx = nil
	for g := range r.All() {
		idx = append(idx, g.Index)
	}
	if fmt.Sprint(idx) != "[2 3 4]" {
		t.Errorf("All after Read: %v", idx)
	}
	for range Games(strings.NewReader("")) {
		t.Error("a game in empty input")
	}
	for range Games(strings.NewReader("\n\n  {just a comment}\n% and an escape\n")) {
		t.Error("a game in input without games")
	}
}

// failingReader gives its data a few bytes at a time, then fails.
type failingReader struct {
	data string
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.data == "" {
		return 0, f.err
	}
	n := copy(p[:min(len(p), 7)], f.data)
	f.data = f.data[n:]
	return n, nil
}

// An I/O error ends the input: the game read so far comes back with an ErrorList whose
// last entry wraps the I/O error; later calls return nil and the error.
func TestPGNReadError(t *testing.T) {
	disk := errors.New("disk on fire")
	for _, tc := range []struct {
		name, data string
		want       []string
	}{
		{"between moves", "[Event \"A\"]\n1. e4 *\n[Event \"B\"]\n1. d4 e5 2. Nf3 ", []string{`[Event "A"] e2e4 => *`, `[Event "B"] d2d4 e7e5 g1f3 =>  !4:17 I/O error ~4:1`}},
		// the errors that the cut causes (a half-read token, a comment or variation never closed)
		// are not reported: the I/O error is the game's problem
		{"inside a tag", "[Event \"A\"]\n1. e4 *\n[Event \"B", []string{`[Event "A"] e2e4 => *`, `[Event "B"] =>  !3:10 I/O error ~3:1`}},
		{"inside a comment", "1. e4 {no end", []string{`e2e4 =>  !1:14 I/O error ~1:1`}},
		{"inside a move", "1. e4 e5 2. Nf", []string{`e2e4 e7e5 =>  !1:15 I/O error ~1:1`}},
		{"inside a variation", "1. e4 e5 (1... d5 2. exd5", []string{`e2e4 e7e5 ( d7d5 e4d5 ) =>  !1:26 I/O error ~1:1`}},
		{"inside a NAG", "1. e4 $", []string{`e2e4 =>  !1:8 I/O error ~1:1`}},
		{"after a real error", "1. e4 e5 2. Ke3 Nf", []string{`e2e4 e7e5 =>  !1:13 illegal move 2.Ke3 !1:19 I/O error ~1:1`}},
		{"at once", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewPGNReader(&failingReader{tc.data, disk})
			var got []string
			for {
				g, err := r.Read()
				if g == nil {
					if err != disk {
						t.Errorf("Read at the end = nil, %v; want the I/O error", err)
					}
					break
				}
				got = append(got, pgnSummary(g, err))
				if err != nil {
					el := err.(ErrorList)
					if last := el[len(el)-1]; !errors.Is(last, disk) || last.Kind() != "I/O error" {
						t.Errorf("last error %v does not wrap the I/O error", last)
					}
				}
			}
			if g, err := r.Read(); g != nil || err != disk {
				t.Errorf("Read after the error = %v, %v", g, err)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.Join(quoteAll(got), "\n\t"), strings.Join(quoteAll(tc.want), "\n\t"))
			}
			// Games yields the same games, and the I/O error alone only when no game had it.
			var yields []string
			for g, err := range Games(&failingReader{tc.data, disk}) {
				if g == nil {
					yields = append(yields, fmt.Sprint("nil, ", err))
				} else {
					yields = append(yields, pgnSummary(g, err))
				}
			}
			want := tc.want
			if len(want) == 0 {
				want = []string{"nil, disk on fire"}
			}
			if strings.Join(yields, "\n") != strings.Join(want, "\n") {
				t.Errorf("Games yielded:\n\t%s", strings.Join(quoteAll(yields), "\n\t"))
			}
		})
	}
}

// errors.Is and errors.As see through the ErrorList to the *PGNError and the *SANError, and
// the PGNError's fields locate the move.
func TestPGNErrorFields(t *testing.T) {
	in := "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Nf6 4. O-O Nxe4 5. Re1 Nd6 6. Nxe5 Be7 7. Bf1 Nxe5 8. Rxe5 O-O 9. Bxe7 *\n"
	r := NewPGNReader(strings.NewReader("1. e4 *\n" + in))
	r.Read()
	_, err := r.Read()
	if !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("%v is not ErrIllegalMove", err)
	}
	var pe *PGNError
	var se *SANError
	if !errors.As(err, &pe) || !errors.As(err, &se) {
		t.Fatalf("%v: no *PGNError or *SANError", err)
	}
	want := PGNError{Game: 2, GameLine: 2, Players: "A - B", Line: 6, Column: 74, Offset: int64(strings.Index("1. e4 *\n"+in, "Bxe7")),
		Ply: 17, Move: "9.Bxe7", Token: "Bxe7", Message: pe.Message}
	got := *pe
	got.Err = nil
	if got != want {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if se.Input != "Bxe7" || !errors.Is(se, ErrIllegalMove) {
		t.Errorf("SANError %+v", se)
	}
	if pe.Kind() != "illegal move" || pe.Warning {
		t.Errorf("Kind %q, Warning %v", pe.Kind(), pe.Warning)
	}
	el := ErrorList{pe, pe, pe}
	if !strings.HasSuffix(el.Error(), " (and 2 more errors)") || ErrorList(nil).Error() != "no errors" || el[:1].Error() != pe.Error() {
		t.Errorf("ErrorList.Error: %q", el.Error())
	}
}

// The typed accessors of lichess and ChessBase comment commands.
func TestPGNCommentCommands(t *testing.T) {
	in := `1. e4 { [%clk 0:03:00] [%eval 0.17] } 1... e5 { [%clk 1:02:58.5] [%eval #-3] [%emt 0:00:01.2] }
2. Nf3 { [%eval -1.25,22] [%csl Ga4,Rb5] [%cal Ga1a8,Rh1h8] } 2... Nc6 { no commands here }
3. Bb5 { [%eval #4] [%clk 0:00:07] } 3... a6 { [%clk 7] [%eval 300] [%emt 90] } 4. Ba4 { [%clk x] [%eval #0] [%eval2 1] }
4... Nf6 { [%eval -0.004] [%clk 1:2:3:4] } 5. O-O { [%clkx 0:01] [%eval nan] } *`
	g, err := NewPGNReader(strings.NewReader(in)).Read()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for n := range g.Root.MainLine() {
		var parts []string
		if d, ok := n.Clock(); ok {
			parts = append(parts, "clk "+d.String())
		}
		if e, ok := n.Eval(); ok {
			parts = append(parts, fmt.Sprintf("eval %v (%v, %v)", e, e.Kind(), e.Winner()))
		}
		if d, ok := n.ElapsedMoveTime(); ok {
			parts = append(parts, "emt "+d.String())
		}
		for _, c := range []string{"csl", "cal"} {
			if v, ok := n.Command(c); ok {
				parts = append(parts, c+" "+v)
			}
		}
		got = append(got, n.SAN()+": "+strings.Join(parts, ", "))
	}
	want := []string{
		"e4: clk 3m0s, eval 0.17 (centipawns, none)",
		"e5: clk 1h2m58.5s, eval #-3 (mate in, black), emt 1.2s",
		"Nf3: eval -1.25 (centipawns, none), csl Ga4,Rb5, cal Ga1a8,Rh1h8",
		"Nc6: ",
		"Bb5: clk 7s, eval #4 (mate in, white)",
		"a6: clk 7s, eval 300.00 (centipawns, none), emt 1m30s",
		"Ba4: eval #0 (mate delivered, white)", // #0 credited to the mover, White
		"Nf6: eval 0.00 (centipawns, none)",
		"O-O: ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}

}

// The export format (§8): exact text.
func TestPGNWrite(t *testing.T) {
	tests := []struct {
		name, in string
		opts     PGNWriteOptions
		want     string
	}{
		{"§8.1.1 seven tag roster first in its order, then the others by name; comments, NAGs, nested variations",
			"[White \"Fischer, Robert J.\"]\n[ECO \"C95\"]\n[Event \"F/S Return Match\"]\n[Result \"1/2-1/2\"]\n[Annotator \"Zz\"]\n[Black \"Spassky, Boris V.\"]\n[Round \"29\"]\n[Date \"1992.11.04\"]\n[Site \"Belgrade, Serbia JUG\"]\n[BlackElo \"2560\"]\n\n" +
				"{The opening} 1. e4 e5! {Good} (1... c5 {Sicilian} 2. Nf3 (2. c3 d5 3. exd5 Qxd5) 2... d6 $14) 2. Nf3 Nc6 3. Bb5 {The Spanish} 3... a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2",
			PGNWriteOptions{},
			`[Event "F/S Return Match"]
[Site "Belgrade, Serbia JUG"]
[Date "1992.11.04"]
[Round "29"]
[White "Fischer, Robert J."]
[Black "Spassky, Boris V."]
[Result "1/2-1/2"]
[Annotator "Zz"]
[BlackElo "2560"]
[ECO "C95"]

{ The opening } 1. e4 e5 $1 { Good } (1... c5 { Sicilian } 2. Nf3 (2. c3 d5
3. exd5 Qxd5) 2... d6 $14) 2. Nf3 Nc6 3. Bb5 { The Spanish } 3... a6 4. Ba4 Nf6
5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2

`},
		{"KeepTagOrder keeps the file's order", "[White \"W\"]\n[ECO \"C95\"]\n[Event \"E\"]\n\n1. e4 *", PGNWriteOptions{KeepTagOrder: true},
			"[White \"W\"]\n[ECO \"C95\"]\n[Event \"E\"]\n\n1. e4 *\n\n"},
		{"§7 tag values escaped", "[Event \"a \\\"b\\\" c\\\\d\"]\n\n*", PGNWriteOptions{},
			"[Event \"a \\\"b\\\" c\\\\d\"]\n\n*\n\n"},
		{"§8.2.2.2 Black first from a FEN", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 Ke6 14. Ke2 *",
			PGNWriteOptions{}, "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n[SetUp \"1\"]\n\n12... Kd7 13. e4 Ke6 14. Ke2 *\n\n"},
		{"§5 a comment holding } becomes a ; comment to the end of its line", "1. e4 ;a } brace\n1... e5 {x} 2. Nf3 *", PGNWriteOptions{},
			"1. e4 ;a } brace\n1... e5 { x } 2. Nf3 *\n\n"},
		{"no tags: no blank line; result from the marker", "1. e4 1-0", PGNWriteOptions{}, "1. e4 1-0\n\n"},
		{"§8.2.6: the marker kept as read where the Result tag disagrees", "[Result \"0-1\"]\n1. e4 1-0", PGNWriteOptions{}, "[Result \"0-1\"]\n\n1. e4 1-0\n\n"},
		{"no marker: the Result tag's value is the marker", "[Result \"0-1\"]\n1. e4", PGNWriteOptions{}, "[Result \"0-1\"]\n\n1. e4 0-1\n\n"},
		{"no marker and no Result tag: *", "1. e4", PGNWriteOptions{}, "1. e4 *\n\n"},
		{"null moves written --, glyphs as NAGs", "1. e4 Z0 2. d4!? 0000 *", PGNWriteOptions{}, "1. e4 -- 2. d4 $5 -- *\n\n"},
		{"a variation after a null move; a comment at the start of a variation", "1. e4 e5 ({why} 1... -- 2. d4) *", PGNWriteOptions{}, "1. e4 e5 ({ why } 1... -- 2. d4) *\n\n"},
		{"exact SAN: check, promotion, no needless disambiguation, castling", "[FEN \"r3k2r/1P6/8/8/8/8/8/R3K1NR w KQkq - 0 1\"]\n1. b8Q+ Rxb8 2. N1f3 O-O 3. O-O *", PGNWriteOptions{},
			"[FEN \"r3k2r/1P6/8/8/8/8/8/R3K1NR w KQkq - 0 1\"]\n\n1. b8=Q+ Rxb8 2. Nf3 O-O 3. O-O *\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewPGNReader(strings.NewReader(tc.in)).Read()
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			n, err := g.WritePGN(&sb, tc.opts)
			if err != nil || n != int64(sb.Len()) {
				t.Errorf("WritePGN = %d, %v; wrote %d bytes", n, err, sb.Len())
			}
			if got := sb.String(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			if !tc.opts.KeepTagOrder {
				if s := g.String(); s != tc.want {
					t.Errorf("String differs from WritePGN:\n%s", s)
				}
				var sb2 strings.Builder
				if n, err := g.WriteTo(&sb2); err != nil || n != int64(len(tc.want)) || sb2.String() != tc.want {
					t.Errorf("WriteTo = %d, %v:\n%s", n, err, sb2.String())
				}
			}
			checkLineWidths(t, sb.String())
			checkRoundTrip(t, g, sb.String())
		})
	}
}

// checkLineWidths fails when a line of text is longer than 79 bytes (§8.2.1) and is not a
// single token: a tag pair, a ";" comment, or a word without spaces.
func checkLineWidths(t testing.TB, text string) {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		if len(line) <= pgnLineWidth {
			continue
		}
		single := !strings.Contains(line, " ") || strings.HasPrefix(line, ";") ||
			strings.HasPrefix(line, "[") && strings.HasSuffix(line, "\"]") && strings.Count(line, "\"]") == 1
		if !single {
			t.Errorf("line %d has %d bytes: %q", i+1, len(line), line)
		}
	}
}

// checkRoundTrip reads text, written from g, and fails unless it is one game with the same
// tags (as a set) and the same tree.
func checkRoundTrip(t testing.TB, g *PGNGame, text string) {
	t.Helper()
	r := NewPGNReader(strings.NewReader(text))
	g2, err := r.Read()
	if g2 == nil {
		t.Errorf("nothing read back: %v\n%s", err, text)
		return
	}
	if err != nil && !(resultDisagrees(g) && onlyWrongResult(err)) {
		t.Errorf("read back with %v\n%s", err, text)
		return
	}
	if d := sameGame(g, g2); d != "" {
		t.Errorf("round trip differs: %s\n%s", d, text)
	}
	if g3, err := r.Read(); g3 != nil || err != io.EOF {
		t.Errorf("more than one game read back: %v\n%s", err, text)
	}
}

// resultDisagrees tells whether the Result tag and the marker of g differ: the writer writes
// the tag's value as the marker, which may then contradict the final position.
func resultDisagrees(g *PGNGame) bool {
	tag := g.Tag("Result")
	return g.Result != "" && tag != "" && tag != g.Result
}

func onlyWrongResult(err error) bool {
	var el ErrorList
	if !errors.As(err, &el) {
		return false
	}
	for _, e := range el {
		if !errors.Is(e, ErrWrongResult) {
			return false
		}
	}
	return true
}

// sameGame returns the first difference between the tags (as a set of name/value pairs)
// and the trees of a and b, or "".
func sameGame(a, b *PGNGame) string {
	ta, tb := slices.Clone(a.Tags), slices.Clone(b.Tags)
	cmpTag := func(x, y Tag) int {
		if c := strings.Compare(x.Name, y.Name); c != 0 {
			return c
		}
		return strings.Compare(x.Value, y.Value)
	}
	slices.SortFunc(ta, cmpTag)
	slices.SortFunc(tb, cmpTag)
	if !slices.Equal(ta, tb) {
		return fmt.Sprintf("tags %q, then %q", ta, tb)
	}
	if (a.Root == nil) != (b.Root == nil) {
		return "one game has no tree"
	}
	if a.Root == nil {
		return ""
	}
	return sameTree(a.Root, b.Root, "")
}

// sameTree compares the nodes of two trees: moves, positions, comments, NAGs and
// variations. It follows main lines by iteration, so long games cost no deep recursion.
func sameTree(a, b *PGNNode, path string) string {
	for {
		switch {
		case a.Move != b.Move:
			return fmt.Sprintf("%s: move %v, then %v", path, a.Move, b.Move)
		case a.Position != b.Position:
			return fmt.Sprintf("%s: position %s, then %s", path, a.Position.FEN(), b.Position.FEN())
		case !slices.Equal(a.StartingComments, b.StartingComments):
			return fmt.Sprintf("%s: comments before %q, then %q", path, a.StartingComments, b.StartingComments)
		case !slices.Equal(a.Comments, b.Comments):
			return fmt.Sprintf("%s: comments %q, then %q", path, a.Comments, b.Comments)
		case !slices.Equal(a.NAGs, b.NAGs):
			return fmt.Sprintf("%s: NAGs %v, then %v", path, a.NAGs, b.NAGs)
		case len(a.Children) != len(b.Children):
			return fmt.Sprintf("%s: %d continuations, then %d", path, len(a.Children), len(b.Children))
		case len(a.Children) == 0:
			return ""
		}
		for i := 1; i < len(a.Children); i++ {
			if d := sameTree(a.Children[i], b.Children[i], path+" ("+a.Children[i].SAN()); d != "" {
				return d
			}
		}
		a, b = a.Children[0], b.Children[0]
		path += " " + a.SAN()
	}
}

// repeatReader gives text over and over, n bytes in all.
type repeatReader struct {
	text string
	off  int
	left int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	n := 0
	for n < len(p) {
		c := copy(p[n:], r.text[r.off:])
		n += c
		r.off = (r.off + c) % len(r.text)
	}
	r.left -= int64(n)
	return n, nil
}

// Streaming: memory stays bounded by the largest game, whatever the size of the input.
func TestPGNStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	game := "[Event \"E\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n" +
		"1. e4 { [%clk 0:03:00] } e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n" +
		"8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1/2-1/2\n\n"
	const size = 100 << 20
	r := NewPGNReader(&repeatReader{text: game, left: size})
	r.NoTree = true
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	games, maxBuf := 0, 0
	for g, err := range r.All() {
		if err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
		games++
		maxBuf = max(maxBuf, cap(r.s.buf))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if want := (size + len(game) - 1) / len(game); games != want { // the last one cut short
		t.Errorf("%d games, want %d", games, want)
	}
	if maxBuf > 4*pgnChunk {
		t.Errorf("the buffer grew to %d bytes", maxBuf)
	}
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 1<<20 {
		t.Errorf("the heap grew by %d bytes", grown)
	}
	t.Logf("%d games, buffer %d bytes, %d MB allocated in all", games, maxBuf, (after.TotalAlloc-before.TotalAlloc)>>20)
}

// A comment that holds "}" becomes a ";" comment (§5): it starts a new line rather than
// make one longer than 79 characters, and a line break in it (possible in a game built in
// code) becomes a space instead of ending the comment early.
func TestPGNWriteSemicolonComments(t *testing.T) {
	g, err := NewPGNReader(strings.NewReader("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O\n" +
		"9. h3 Nb8 ;a comment with } in it, long enough not to fit after the move any more\n10. d4 Nbd7 *")).Read()
	if err != nil {
		t.Fatal(err)
	}
	want := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n" +
		"O-O 9. h3 Nb8\n;a comment with } in it, long enough not to fit after the move any more\n10. d4 Nbd7 *\n\n"
	if got := g.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	checkLineWidths(t, g.String())
	checkRoundTrip(t, g, g.String())

	g.Root.Children[0].Comments = []string{"two}\nlines", "three}\r\nmore\rlines"}
	want = "1. e4 ;two} lines\n;three} more lines\n1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n" +
		"O-O 9. h3 Nb8\n;a comment with } in it, long enough not to fit after the move any more\n10. d4 Nbd7 *\n\n"
	if got := g.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	g2, err := NewPGNReader(strings.NewReader(g.String())).Read()
	if err != nil || fmt.Sprint(g2.Root.Children[0].Comments) != "[two} lines three} more lines]" || g2.Plies != 20 {
		t.Errorf("read back: %v, %q, %d plies", err, g2.Root.Children[0].Comments, g2.Plies)
	}
}

// PGNGame.Offset and End bound a game's text: from its first token to just past its
// termination marker (what follows the marker on its line, ignored with a warning, is no
// game's), or without a marker to where its reading stopped: the next game's tag section or
// the end of the input; for a game a budget cut short, where the reader found the next game.
// The same with Workers = 2 (TestPGNParallelSameAsSequential and the one-byte-reads test
// compare End too).
func TestPGNGameOffsetAndEnd(t *testing.T) {
	for _, tc := range []struct {
		in       string
		want     []string
		maxBytes int64
	}{
		{"[Event \"a\"]\n\n1. e4 e5 1-0 junk\n\n%x\n{c}\n[Event \"b\"]\n1. d4 *",
			[]string{"[Event \"a\"]\n\n1. e4 e5 1-0", "[Event \"b\"]\n1. d4 *"}, 0},
		{"\n\n1. e4 e5\n[Event \"b\"]\n1. d4 1/2-1/2\n", []string{"1. e4 e5\n", "[Event \"b\"]\n1. d4 1/2-1/2"}, 0},
		{"1. e4 e5  \n", []string{"1. e4 e5  \n"}, 0},
		{"[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n0-1", []string{"[Event \"a\"]\n[Site \"b\"]\n\n", "[Event \"c\"]\n0-1"}, 0},
		{"1. e4 {unterminated", []string{"1. e4 {unterminated"}, 0},
		{"1. e4 e5 1-0 " + strings.Repeat("x", 20) + "\n1. d4 d5 2. c4 *\n[A \"b\"]\n*",
			[]string{"1. e4 e5 1-0 " + strings.Repeat("x", 20) + "\n1. d4 d5 2. c4 *\n", "[A \"b\"]\n*"}, 20},
	} {
		for _, workers := range []int{1, 2} {
			r := NewPGNReader(strings.NewReader(tc.in))
			r.Workers, r.MaxGameBytes = workers, tc.maxBytes
			var got []string
			for g := range r.All() {
				if g != nil {
					got = append(got, tc.in[g.Offset:g.End])
				}
			}
			r.Close()
			if fmt.Sprint(quoteAll(got)) != fmt.Sprint(quoteAll(tc.want)) {
				t.Errorf("%q, Workers %d: games %q, want %q", tc.in, workers, got, tc.want)
			}
		}
	}
}

// §6 and §8.2.1: the writer never begins a line with "%", which would read as an escape line:
// a comment's word beginning with "%" that does not fit on the line goes to the next one with
// the word before it (or stays on the line, past the width, when no word before it can go: a
// line is longer than 79 bytes only when its spaces are all before a "%").
// The comment reads back as it was.
func TestPGNWriteNoLineBeginsWithPercent6(t *testing.T) {
	for n := 1; n <= 80; n++ {
		for _, text := range []string{
			strings.Repeat("x", n) + " %ooo pppp",
			"aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm " + strings.Repeat("x", n) + " %o %p %q r",
			strings.Repeat("%a ", n) + "%z",
			strings.Repeat("y", n) + "\n%evp 1,2\r%x\r\n%y",
		} {
			g, err := NewPGNReader(strings.NewReader("1. e4 e5 *")).Read()
			if err != nil {
				t.Fatal(err)
			}
			g.Root.Children[0].Comments = []string{text}
			out := g.String()
			for i, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "%") {
					t.Fatalf("comment %q: line %d begins with %%:\n%s", text, i+1, out)
				}
				if len(line) > 79 && strings.Contains(strings.ReplaceAll(line, " %", ""), " ") {
					t.Errorf("comment %q: line %d is %d bytes long, and could break:\n%s", text, i+1, len(line), out)
				}
			}
			back, err := NewPGNReader(strings.NewReader(out)).Read()
			folded := foldComment([]byte(text)) // the text as reading it gives it
			if err != nil || len(back.Root.Children) != 1 || fmt.Sprint(back.Root.Children[0].Comments) != fmt.Sprint([]string{folded}) {
				t.Fatalf("comment %q: read back %v, %q", text, err, back.Root.Children[0].Comments)
			}
		}
	}
}

// The project's fixtures (testdata/pgn, also the fuzz seeds), game by game.
func TestPGNFixtures(t *testing.T) {
	want := map[string][]string{
		"annotated.pgn": {
			`[Event "Fixture: annotations"] [Site "Nowhere"] [Date "2024.01.02"] [Round "1"] [White "Doe, \"Jack\""] [Black "Roe, C:\\Jane"] [Result "1-0"] [Annotator "ox88"] [PlyCount "21"] {An opening comment; with (parens) and a line break.} e2e4 e7e5 $1 g1f3 $1 b8c6 $6 ( d7d6 {Philidor} d2d4 e5d4 ( g8f6 d4e5 ( b1c3 b8d7 ) f6e4 ) f3d4 ) f1b5 a7a6 {rest-of-line comment} b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 $14 {[%clk 0:10:00] [%eval 0.35]} c6b8 d2d4 b8d7 c3c4 => 1-0`,
			`[Event "Fixture: from a position, Black first, null moves"] [Site "Nowhere"] [Date "????.??.??"] [Round "2"] [White "?"] [Black "?"] [Result "*"] [SetUp "1"] [FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17"] e8c8 0000 c8b8 ( 0000 a2a3 ) e1g1 => *`,
			`[Event "Fixture: Chess960"] [Variant "Chess960"] [SetUp "1"] [FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"] [Result "1/2-1/2"] b1h1 b8a8 => 1/2-1/2`,
		},
		"quirks.pgn": {
			"[Event \"Fixture: BOM, CRLF, Latin-1 M\\xfcller\"] [White \"J\\xf6rg\"] e2e4 e7e5 g1f3 {caf\xe9} b8c6 => 1-0",
			`[Event "no blank line before me"] d2d4 d7d5 => *`,
			`c2c4 e7e5 =>  ~11:1`,
		},
		"errors.pgn": {
			`[Event "Fixture: an illegal move in a variation and in the main line"] [Result "*"] e2e4 e7e5 g1f3 ( f1b5 g8f6 ) b8c6 => * !4:16 illegal move 1...Ke6 !4:49 illegal move 3.Kxe8 !4:67 illegal move 3.Ke3`,
			`[Event "Fixture: syntax errors"] [Site "testdata"] [Result "1:0"] e2e4 e7e5 g1f3 b8c6 =>  !7:7 bad tag pair !8:9 bad tag pair !10:7 syntax error !10:12 syntax error !10:24 unbalanced variation !10:30 unbalanced variation !10:31 unbalanced variation !10:31 unbalanced variation !10:32 unbalanced variation !10:33 unbalanced variation ~11:1`,
		},
	}
	for file, want := range want {
		data, err := os.ReadFile(filepath.Join("testdata", "pgn", file))
		if err != nil {
			t.Fatal(err)
		}
		got := readAll(t, string(data), nil)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\ngot:\n\t%s\nwant:\n\t%s", file, strings.Join(quoteAll(got), "\n\t"), strings.Join(quoteAll(want), "\n\t"))
		}
	}
}

// Validation (NoTree) allocates once a game: the game, its tags and their values in one block
// (the players' label for messages is made only for a message). The tree reader adds one block
// of nodes, each with room for its first child and comment, and now and then a block for the
// text of comments, shared with later games; reading only the tags, it adds the Root alone.
func TestPGNAllocsPerGame(t *testing.T) {
	var sb strings.Builder
	for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "UTCDate", "UTCTime",
		"WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "Variant", "TimeControl", "ECO", "Opening", "Termination"} {
		value := tag + " value"
		switch tag {
		case "Result":
			value = "*"
		case "Variant":
			value = "Standard"
		}
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", tag, value)
	}
	sb.WriteString("\n1. e4 { [%eval 0.3] [%clk 0:01:00] } e5 { [%clk 0:01:00] } 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *\n\n")
	game := sb.String()
	for _, c := range []struct {
		noTree, tagsOnly bool
		plies            int
		allocs, bytes    uint64 // a game; bytes as the allocator rounds them
		textBytes        uint64 // at most, for the comments' text: a block of 4,096 bytes in 100 games
	}{
		{true, false, 8, 1, 1408, 0},           // the game block
		{false, false, 8, 2, 1408 + 19072, 64}, // and a block of nodes, and the comments' text
		{false, true, 0, 2, 1408 + 320, 0},     // and the Root's slot alone
		{true, true, 0, 1, 1408, 0},            // the game block
	} {
		r := NewPGNReader(&repeatReader{text: game, left: 1 << 40})
		r.NoTree, r.TagsOnly = c.noTree, c.tagsOnly
		r.Read() // the reader's own buffers
		// games of this loop, and the bytes a game that another goroutine (one a test before
		// left winding down) may allocate meanwhile
		const games, others = 200, 64
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range games {
			if g, err := r.Read(); err != nil || g.Plies != c.plies || len(g.Warnings) != 0 {
				t.Fatalf("%v, %v", g, err)
			}
		}
		runtime.ReadMemStats(&after)
		allocs, bytes := (after.Mallocs-before.Mallocs)/games, (after.TotalAlloc-before.TotalAlloc)/games
		if strconv.IntSize != 64 { // the bytes are those of 64-bit pointers
			bytes, c.bytes, c.textBytes = 0, 0, 0
		}
		if allocs != c.allocs || bytes < c.bytes || bytes > c.bytes+c.textBytes+others {
			t.Errorf("NoTree %v, TagsOnly %v: %d allocations and %d bytes a game, want %d and %d (+%d)", c.noTree, c.tagsOnly, allocs, bytes, c.allocs, c.bytes, c.textBytes+others)
		}
	}
}

// The blocks of a game and its tags (gameWithTags) fill the allocator's size classes of 896
// and 1,408 bytes with its 8-byte header for objects that hold pointers (a field added to
// PGNGame pushed the larger one into the class of 1,536 bytes: 3.2 MB more a run of
// BenchmarkPGNValidate).
func TestPGNGameBlocksFillSizeClasses(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("the blocks are sized for 64-bit pointers")
	}
	const header = 8
	if size := unsafe.Sizeof(pgnGameBlockSmall{}) + header; size != 896 {
		t.Errorf("small block: %d bytes with the header, want 896", size)
	}
	if size := unsafe.Sizeof(pgnGameBlockLarge{}) + header; size != 1408 {
		t.Errorf("large block: %d bytes with the header, want 1408", size)
	}
}

// TestPGNValidateTagsEveryBlock reads games whose tag sections fall in each block size of
// validation (none, small, large, none fits) and the same games with a tree: the tags agree.
func TestPGNValidateTagsEveryBlock(t *testing.T) {
	var sb strings.Builder
	for _, n := range []int{0, 1, 8, 9, 20, 21, 40} {
		for _, width := range []int{1, 30, 200} {
			for i := range n {
				fmt.Fprintf(&sb, "[T%d \"%s\"]\n", i, strings.Repeat(string(rune('a'+i%26)), width))
			}
			sb.WriteString("\n1. e4 e5 *\n\n")
		}
	}
	read := func(noTree bool) []*PGNGame {
		r := NewPGNReader(strings.NewReader(sb.String()))
		r.NoTree = noTree
		var games []*PGNGame
		for g, err := range r.All() {
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
		}
		return games
	}
	validated, read2 := read(true), read(false)
	if len(validated) != 21 || len(read2) != 21 {
		t.Fatalf("%d and %d games, want 21", len(validated), len(read2))
	}
	for i := range validated {
		if !slices.Equal(validated[i].Tags, read2[i].Tags) || validated[i].Result != "*" || validated[i].Plies != 2 {
			t.Errorf("game %d: validated %v %q %d, read %v", i+1, validated[i].Tags, validated[i].Result, validated[i].Plies, read2[i].Tags)
		}
	}
}
