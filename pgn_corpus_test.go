package chess

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pgnCounts are what reading a file gives: games read, games with errors, main-line plies.
type pgnCounts struct{ games, errs, plies int }

// pgnDeliberate lists the files of ../shared/testdata/pgn where this reader's counts differ
// from python-chess 1.11.2's (the README's tables) on purpose, with ours and the reason.
// Every other file must give exactly the README's counts.
var pgnDeliberate = map[string]struct {
	ours   pgnCounts
	reason string
}{
	// one game per record
	"focused/scalachess-FWWRC.pgn":                                {pgnCounts{605, 0, 0}, "605 tag-only records without movetext or marker: a repeated tag name after a blank line starts the next game (python-chess: one game)"},
	"focused/scalachess-uzchesscup.pgn":                           {pgnCounts{45, 0, 0}, "45 tag-only records, split as above (python-chess: one game)"},
	"focused/sunfish-pgns-tagless.pgn":                            {pgnCounts{278, 0, 15896}, "278 tagless games one per line, each ended by its marker (python-chess: one game with an error)"},
	"focused/pgnextract-test-fuzzydepth.pgn":                      {pgnCounts{4, 0, 20}, "4 tagless games one per line, each ended by \"*\" (python-chess: one game with an error)"},
	"malformed/pgnextract-test-nobadresults.pgn":                  {pgnCounts{9, 0, 9}, "9 one-line games `[Result \"1-0\"] e4 0-1`: tags and moves on one line are a game; the Result mismatches are warnings (python-chess: one game without moves)"},
	"focused/dartchess-leading-whitespace.pgn":                    {pgnCounts{4, 0, 20}, "4 records (the last tagless, indented, after a game without marker): 4 games of 5 plies (python-chess: 3 games)"},
	"real/pgnextract-eco.pgn":                                     {pgnCounts{2014, 0, 20697}, "the { comment } before the first tag section is no game (python-chess returns it as a game without moves)"},
	"focused/pgnextract-test-checkmate.pgn":                       {pgnCounts{2, 0, 76}, pgnCommentSplit},
	"focused/pgnextract-test-stalemate.pgn":                       {pgnCounts{3, 0, 178}, pgnCommentSplit},
	"focused/pgnextract-test-nomovenumbers.pgn":                   {pgnCounts{1, 0, 72}, pgnCommentSplit},
	"focused/pgnextract-test-notags.pgn":                          {pgnCounts{1, 0, 72}, pgnCommentSplit},
	"malformed/chessjs-0-br-newlines.pgn":                         {pgnCounts{8, 8, 0}, "one line of tags glued to \"<br />\": each tag pair after movetext junk starts a game, the HTML is syntax errors (python-chess: one game)"},
	"malformed/pgnread-Little_01.pgn":                             {pgnCounts{3, 3, 0}, "\"<br>\" after the tag lines: each tag pair after junk starts a game; \"<\", \">\" are syntax errors and \"br\" an unreadable move"},
	"malformed/pgnread-Little_05.pgn":                             {pgnCounts{2, 2, 0}, "\"<br>\" after the tags: \"br\" is an unreadable move that ends the main line before 1.d2-d4 (python-chess skips it: 11 plies)"},
	"malformed/pgnread-Little_17.pgn":                             {pgnCounts{5, 5, 0}, "as Little_01/05: HTML junk splits the records and ends their main lines"},
	"malformed/pgnread-crafty06_02-html-junk.pgn":                 {pgnCounts{10, 10, 0}, "an HTML e-mail: every tag-like line after junk begins a game, no legal move (python-chess: 17 games, 12 with errors, 3 plies)"},
	"focused/dartchess-headers-and-moves-on-the-same-line.pgn":    {pgnCounts{3, 3, 0}, "3 records, each [Variant \"Antichess\"]: unsupported variant, reported once, moves not replayed (python-chess: 2 games, 10 plies)"},
	"variants/lichess-variants.pgn":                               {pgnCounts{159, 159, 0}, "every game is a non-standard variant: ErrUnsupportedVariant, moves not replayed"},
	"variants/pythonchess-antichess-programfox.pgn":               {pgnCounts{2, 2, 0}, "Antichess: ErrUnsupportedVariant"},
	"variants/pythonchess-knightvuillaume-jannlee-zh-lichess.pgn": {pgnCounts{1, 1, 0}, "Crazyhouse: ErrUnsupportedVariant"},
	// errors python-chess does not see
	"focused/pychess-mate_in_4.pgn":                         {pgnCounts{373, 3, 2611}, "3 tags with unescaped quotes ([White \"\"Mephisto\"\"]): ErrBadTag (python-chess ignores tag syntax)"},
	"real/pychess-world_matches.pgn":                        {pgnCounts{580, 2, 49364}, "Levenfish - Botvinnik 1937, rounds 3 and 11: a fivefold repetition (FIDE Laws 9.6.1) before the game went on to 1-0: ErrWrongResult"},
	"malformed/pgnextract-test-fixresulttags-in.pgn":        {pgnCounts{5, 5, 417}, "each game's result contradicts its final checkmate or stalemate: ErrWrongResult"},
	"malformed/pgnread-twic9nn_error.pgn":                   {pgnCounts{7, 4, 139}, "Result tags \"(+)-(-)\" and \"1-0 ff\" are ErrBadTag (3 games), besides python-chess's 69... b1 without promotion piece"},
	"malformed/pychess-badpgn.pgn":                          {pgnCounts{1, 1, 0}, "[kj90trkm\"sdfsdf\"yl] is ErrBadTag, \"g(erg)\" an unreadable move"},
	"malformed/mliebelt-sampleGameThrow.pgn":                {pgnCounts{1, 1, 2}, "German \"Sf3\" is an unreadable move that ends the main line (python-chess skips the token and reads on)"},
	"malformed/pgnextract-nested-comment.pgn":               {pgnCounts{1, 1, 1}, "a comment ends at the first \"}\" (§5: no nesting): \"which\" is an unreadable move (python-chess reads \"--\" of \"--nestedcomment\" as a null move)"},
	"malformed/constructed-illegal-moves.pgn":               {pgnCounts{15, 15, 49}, "[TestExpect]: also the impossible SetUp positions (two white kings; side not to move in check) are ErrBadFEN and not replayed"},
	"malformed/constructed-syntax-bad-tags.pgn":             {pgnCounts{10, 7, 23}, "[TestExpect]: unquoted value, missing ], unescaped quote, duplicate tag, bad and empty tag names, invalid Result are ErrBadTag; Result mismatch and missing marker are warnings"},
	"malformed/constructed-syntax-unbalanced-rav.pgn":       {pgnCounts{4, 4, 13}, "[TestExpect]: unclosed \"(\", stray \")\" and a RAV before the first move are ErrUnbalancedRAV (that RAV is not played), plus the illegal move in a RAV"},
	"malformed/constructed-syntax-unterminated-comment.pgn": {pgnCounts{1, 1, 2}, "[TestExpect]: ErrUnterminatedComment"},
	"malformed/constructed-truncated-in-tag.pgn":            {pgnCounts{1, 1, 0}, "the file ends inside a tag value: ErrBadTag"},
	"malformed/constructed-truncated-no-newline.pgn":        {pgnCounts{1, 1, 5}, "[TestExpect]: the final fragment \"a\" is a syntax error"},
}

// pgnCommentSplit is why four pgn-extract files have one game fewer here.
const pgnCommentSplit = "a { comment } between the tags and the moves, with blank lines around it, stays in its game " +
	"(python-chess ends the game there: a game of tags and comment without moves, then a game of the moves)"

// pgnRenumbered maps python-chess's game numbers to ours where a split (pgnCommentSplit)
// shifts them, so that golden/moves.tsv can be compared game by game.
var pgnRenumbered = map[string]map[int]int{
	"focused/pgnextract-test-checkmate.pgn":     {3: 2},
	"focused/pgnextract-test-stalemate.pgn":     {3: 2, 4: 3},
	"focused/pgnextract-test-notags.pgn":        {2: 1},
	"focused/pgnextract-test-nomovenumbers.pgn": {2: 1},
}

// pgnWarningCounts are the warnings of files whose moves are not SAN: UCI coordinates and
// long algebraic notation are read as lenient moves, each with a warning.
var pgnWarningCounts = map[string]int{
	"focused/notnil-0015.pgn":                       2,
	"malformed/pythonchess-uci-moves.pgn":           100,
	"malformed/pgnextract-test-promotion-in.pgn":    16,
	"malformed/pychess-eco-en-coordinate-moves.pgn": 52445,
}

// sharedPGNFiles returns the PGN files of the shared test data, relative to its pgn folder.
func sharedPGNFiles(t testing.TB) (dir string, files []string) {
	dir = sharedTestdata(t, "pgn")
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.pgn"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no PGN files in %s: %v", dir, err)
	}
	for _, p := range paths {
		rel, _ := filepath.Rel(dir, p)
		files = append(files, filepath.ToSlash(rel))
	}
	return dir, files
}

// readmeCounts reads the python-chess counts of the README's PGN tables, by file.
func readmeCounts(t testing.TB) map[string]pgnCounts {
	data, err := os.ReadFile(sharedTestdata(t, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([^`]+\\.pgn)` \\| [^|]+ \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|")
	out := map[string]pgnCounts{}
	dir := ""
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "### pgn/"); ok {
			dir, _, _ = strings.Cut(rest, " ")
		}
		if m := row.FindStringSubmatch(line); m != nil && dir != "" {
			var c [3]int
			for i := range c {
				c[i], _ = strconv.Atoi(m[i+2])
			}
			out[dir+m[1]] = pgnCounts{c[0], c[1], c[2]}
		}
	}
	return out
}

// countPGN reads a file and counts its games, games with errors, plies and warnings.
func countPGN(t testing.TB, path string, noTree bool) (c pgnCounts, warnings int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewPGNReader(f)
	r.NoTree = noTree
	for g, err := range r.All() {
		if g == nil {
			t.Fatalf("%s: %v", path, err)
		}
		c.games++
		c.plies += g.Plies
		warnings += len(g.Warnings)
		if err != nil {
			c.errs++
		}
	}
	return c, warnings
}

// Every PGN file of the shared test data: games, games with errors and main-line plies equal
// python-chess's counts in the README, or this reader's own in pgnDeliberate.
func TestPGNSharedCounts(t *testing.T) {
	dir, files := sharedPGNFiles(t)
	readme := readmeCounts(t)
	seen := map[string]bool{}
	for _, rel := range files {
		seen[rel] = true
		py, ok := readme[rel]
		if !ok {
			t.Errorf("%s: not in the README's tables", rel)
			continue
		}
		if strings.HasPrefix(rel, "corpus/") && testing.Short() {
			continue
		}
		got, warnings := countPGN(t, filepath.Join(dir, rel), true)
		want := py
		if d, ok := pgnDeliberate[rel]; ok {
			want = d.ours
			if py == d.ours {
				t.Errorf("%s: python-chess now agrees (%v): drop it from pgnDeliberate", rel, py)
			}
		}
		if got != want {
			t.Errorf("%s: games, errors, plies = %v; want %v (python-chess %v)", rel, got, want, py)
		}
		if w, ok := pgnWarningCounts[rel]; ok && warnings != w {
			t.Errorf("%s: %d warnings, want %d", rel, warnings, w)
		}
		if !strings.HasPrefix(rel, "corpus/") {
			// Building the tree changes nothing in the counts.
			if tree, _ := countPGN(t, filepath.Join(dir, rel), false); tree != got {
				t.Errorf("%s: with the tree %v, without %v", rel, tree, got)
			}
		}
	}
	for rel := range readme {
		if !seen[rel] {
			t.Errorf("%s: in the README but not in %s", rel, dir)
		}
	}
	for rel := range pgnDeliberate {
		if !seen[rel] {
			t.Errorf("%s: in pgnDeliberate but not in %s", rel, dir)
		}
	}
}

// The constructed malformed files report their errors where their [TestExpect] tags say:
// game, line, column, sentinel and move.
func TestPGNConstructedMalformed(t *testing.T) {
	want := map[string][]string{
		"constructed-illegal-moves.pgn": {
			"1 6:13 illegal move 2.Nf6",    // error at 2. Nf6 (no white knight reaches f6)
			"2 13:18 illegal move 2...Nf6", // error at 2... Nf6 (does not answer 2. Qh5+)
			"3 20:34 illegal move 4.Nd5",   // error at 4. Nd5 (knight on c3 is pinned)
			"4 27:57 illegal move 6.O-O",   // error at 6. O-O (white lost castling rights with 2. Ke2)
			"5 34:46 illegal move 5.O-O",   // error at 5. O-O (white king is in check from Bb4)
			"6 41:24 ambiguous move 3.Nd2", // error at 3. Nd2 (ambiguous: Nbd2 or Nfd2)
			"7 50:4 illegal move 1.e8",     // error at 1. e8 (promotion piece missing)
			"8 59:4 illegal move 1.e8=K",   // error at 1. e8=K
			"9 66:31 illegal move 4.exd6",  // error at 4. exd6 (not a double step)
			"10 73:31 illegal move 4.exd6", // error at 4. exd6 (the e.p. right expired)
			"11 82:4 illegal move 1.Kd4",   // error at 1. Kd4
			"12 89:24 illegal move 3.Nc3",  // error at 3. Nc3 (game already over after 2... Qh4#)
			"13 95:6 bad FEN tag",          // invalid FEN in FEN tag (two white kings)
			"14 104:6 bad FEN tag",         // invalid position (black king in check, white to move)
			"15 113:6 bad FEN tag",         // castling right K without rook on h1
		},
		"constructed-syntax-bad-tags.pgn": {
			"1 2:7 bad tag pair",   // unquoted tag value in [Site testdata]
			"2 9:17 bad tag pair",  // missing ']' after [Site "testdata"
			"3 16:13 bad tag pair", // unescaped '"' inside tag value
			"4 24:2 bad tag pair",  // duplicate Site tag: the first value is kept
			"5 32:2 bad tag pair",  // tag names must start with a letter and use [A-Za-z0-9_]
			"6 40:3 bad tag pair",  // empty tag name
			"7 51:21 warning",      // Result tag 1-0 but movetext ends with 0-1
			"8 55:9 bad tag pair",  // Result must be one of 1-0, 0-1, 1/2-1/2, *
			"8 58:10 syntax error", // "1:0" where the marker belongs
			"8 60:1 warning",       // ... so no termination marker
			"9 67:1 warning",       // no termination marker before next tag section
		},
		"constructed-syntax-unbalanced-rav.pgn": {
			"1 6:17 unbalanced variation",  // '(' before 2. d4 is never closed
			"2 13:17 unbalanced variation", // unmatched ')'
			"3 20:1 unbalanced variation",  // RAV with no preceding move
			"4 27:25 illegal move 2...Ng6", // (2. Nf3 Ng6) - no black knight can reach g6
		},
		"constructed-syntax-unterminated-comment.pgn": {
			"1 6:10 unterminated comment", // comment opened at 1... e5 is never closed
			"1 13:1 warning",              // it swallowed the rest, marker included
		},
		"constructed-truncated-in-tag.pgn": {
			"1 2:7 bad tag pair", // the file ends inside a tag value
			"1 2:1 warning",      // and so without a marker
		},
		"constructed-truncated-no-newline.pgn": {
			"1 6:28 syntax error 3...a", // the file ends in the middle of a SAN token
			"1 6:1 warning",             // without a termination marker
		},
	}
	dir := sharedTestdata(t, "pgn/malformed")
	for file, want := range want {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var got []string
			for g, err := range Games(f) {
				if g.Tag("TestExpect") == "" && file != "constructed-truncated-in-tag.pgn" && !strings.HasPrefix(g.Tag("Event"), "constructed: next game") {
					t.Errorf("game %d has no TestExpect tag", g.Index)
				}
				var el ErrorList
				errors.As(err, &el)
				for _, e := range append(el, g.Warnings...) {
					s := fmt.Sprintf("%d %d:%d %s", e.Game, e.Line, e.Column, e.Kind())
					if e.Move != "" {
						s += " " + e.Move
					}
					got = append(got, s)
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("got:\n\t%s\nwant:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
		})
	}
}

// sameFinalFEN compares a position with python-chess's FEN of it. python-chess writes the
// en-passant square only when an en-passant capture is legal; this library whenever a pawn
// stands ready to take. So the fields may differ there, and only when no capture is legal
// (the ready pawn is pinned); pinned tells when that was the case.
func sameFinalFEN(p Position, golden string) (same, pinned bool) {
	fen := p.FEN()
	if fen == golden {
		return true, false
	}
	ours, theirs := strings.Fields(fen), strings.Fields(golden)
	if len(ours) != 6 || len(theirs) != 6 || ours[3] == "-" || theirs[3] != "-" {
		return false, false
	}
	for _, m := range p.LegalMoves() {
		if m.IsEnPassant() {
			return false, false
		}
	}
	ours[3] = "-"
	return strings.Join(ours, " ") == golden, true
}

// The final main-line position of each of the 25,000 corpus games equals python-chess's.
func TestPGNCorpusFinalPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the 78.5 MB corpus")
	}
	golden, err := os.Open(sharedTestdata(t, "golden/lichess-standard-25k-final.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer golden.Close()
	type final struct {
		plies int
		fen   string
	}
	var want []final
	sc := bufio.NewScanner(golden)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		n, _ := strconv.Atoi(c[0])
		plies, _ := strconv.Atoi(c[1])
		if n != len(want)+1 {
			t.Fatalf("golden row %q out of order", sc.Text())
		}
		want = append(want, final{plies, c[2]})
	}
	f, err := os.Open(sharedTestdata(t, "pgn/corpus/lichess-standard-25k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewPGNReader(f)
	r.NoTree = true
	games, pinned, bad := 0, 0, 0
	for g, err := range r.All() {
		games++
		if err != nil {
			t.Errorf("game %d: %v", g.Index, err)
		}
		if g.Index > len(want) {
			continue
		}
		w := want[g.Index-1]
		same, pin := sameFinalFEN(g.Final, w.fen)
		if pin {
			pinned++
		}
		if !same || g.Plies != w.plies {
			if bad++; bad <= 10 {
				t.Errorf("game %d: %d plies, %s; python-chess %d plies, %s", g.Index, g.Plies, g.Final.FEN(), w.plies, w.fen)
			}
		}
	}
	if games != len(want) || games != 25000 {
		t.Errorf("%d games read, %d golden", games, len(want))
	}
	t.Logf("%d final positions compared, %d differ only by a pinned en-passant pawn, %d wrong", games, pinned, bad)
}

// Every ply of the games in golden/moves.tsv: the position before, the move in UCI and SAN,
// the position after, as python-chess has them.
func TestPGNGoldenMoves(t *testing.T) {
	type ply struct {
		before, uci, san, after string
	}
	data, err := os.ReadFile(sharedTestdata(t, "golden/moves.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]map[int][]ply{} // file, game index
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 7 {
			t.Fatalf("bad row %q", line)
		}
		file := strings.TrimPrefix(c[0], "pgn/")
		idx, _ := strconv.Atoi(c[1])
		n, _ := strconv.Atoi(c[2])
		if games[file] == nil {
			games[file] = map[int][]ply{}
		}
		if ours, ok := pgnRenumbered[file][idx]; ok {
			idx = ours
		}
		if len(games[file][idx]) != n-1 {
			t.Fatalf("row %q out of order", line)
		}
		games[file][idx] = append(games[file][idx], ply{c[3], c[4], c[5], c[6]})
	}
	dir := sharedTestdata(t, "pgn")
	compared, plies, pinned := 0, 0, 0
	for _, file := range slices.Sorted(maps.Keys(games)) {
		want := games[file]
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		last := slices.Max(slices.Collect(maps.Keys(want)))
		for g := range Games(f) {
			if g.Index > last {
				break
			}
			w, ok := want[g.Index]
			if !ok {
				continue
			}
			if g.Plies != len(w) {
				t.Errorf("%s game %d: %d plies, python-chess %d", file, g.Index, g.Plies, len(w))
				continue
			}
			compared++
			i := 0
			for n := range g.Root.MainLine() {
				p := w[i]
				i++
				plies++
				before, pin1 := sameFinalFEN(n.Parent.Position, p.before)
				after, pin2 := sameFinalFEN(n.Position, p.after)
				if pin1 || pin2 {
					pinned++
				}
				if !before || !after || n.Move.String() != p.uci || n.SAN() != p.san {
					t.Errorf("%s game %d ply %d: %s %s %s -> %s; python-chess %s %s %s -> %s", file, g.Index, i,
						n.Parent.Position.FEN(), n.Move, n.SAN(), n.Position.FEN(), p.before, p.uci, p.san, p.after)
					break
				}
			}
		}
		f.Close()
	}
	if compared == 0 {
		t.Fatal("no game compared")
	}
	if total := countRows(games); compared != total {
		t.Errorf("%d of the %d golden games compared", compared, total)
	}
	t.Logf("%d games, %d plies compared (%d with a pinned en-passant pawn)", compared, plies, pinned)
}

// Every game of the shared files that reads without errors, written with String and read
// back, has the same tags (as a set of name/value pairs) and the same tree: moves, comments
// before and after, NAGs, variations. Every movetext line is at most 79 bytes, or one token.
func TestPGNSharedRoundTrip(t *testing.T) {
	dir, files := sharedPGNFiles(t)
	games, files1 := 0, 0
	for _, rel := range files {
		if strings.HasPrefix(rel, "corpus/") && testing.Short() {
			continue
		}
		f, err := os.Open(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		files1++
		failed := 0
		for g, err := range Games(f) {
			if err != nil {
				continue
			}
			games++
			text := g.String()
			ok := !t.Failed()
			checkLineWidths(t, text)
			checkRoundTrip(t, g, text)
			if ok && t.Failed() {
				t.Logf("in %s game %d", rel, g.Index)
				if failed++; failed > 3 {
					break
				}
			}
		}
		f.Close()
	}
	t.Logf("%d games of %d files written and read back", games, files1)
}

func countRows[V any](m map[string]map[int]V) int {
	n := 0
	for _, games := range m {
		n += len(games)
	}
	return n
}
