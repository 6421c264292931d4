package chess

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Hostile and broken input. Every row is PGN text that must end with a typed error (or a
// documented lenient result), within a memory bound stated next to it, never a panic, a hang
// or a stack overflow. A normal game comes before it and another after it, on a line of its
// own that starts with a tag pair, where the reader resynchronises: both come back intact.
// Big inputs are streamed, never built. Time is bounded by go test's -timeout only.

// patternReader streams s n times without building the whole text.
type patternReader struct {
	unit []byte // s repeated to at least 4 KB: a whole number of copies
	off  int64  // bytes streamed so far
	left int64  // bytes still to stream
}

func repeatString(s string, n int) io.Reader {
	copies := (4096 + len(s) - 1) / len(s)
	return &patternReader{unit: []byte(strings.Repeat(s, copies)), left: int64(len(s)) * int64(n)}
}

func (r *patternReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:], r.unit[r.off%int64(len(r.unit)):])
		c = int(min(int64(c), r.left))
		n += c
		r.off += int64(c)
		r.left -= int64(c)
	}
	return n, nil
}

// genReader streams the n pieces that next appends to a reused buffer, without building the
// whole text.
type genReader struct {
	next func(dst []byte, i int) []byte // appends piece i to dst
	n, i int
	buf  []byte
	off  int
}

func (r *genReader) Read(p []byte) (int, error) {
	for r.off == len(r.buf) {
		if r.i == r.n {
			return 0, io.EOF
		}
		r.buf, r.off = r.next(r.buf[:0], r.i), 0
		r.i++
	}
	n := copy(p, r.buf[r.off:])
	r.off += n
	return n, nil
}

// manyTags streams n tag pairs [T0 "v"] [T1 "v"] …, each followed by sep.
func manyTags(n int, sep string) io.Reader {
	return &genReader{n: n, next: func(dst []byte, i int) []byte {
		dst = strconv.AppendInt(append(dst, "[T"...), int64(i), 10)
		return append(append(dst, " \"v\"]"...), sep...)
	}}
}

// texts streams its strings and readers one after the other.
func texts(parts ...any) io.Reader {
	rs := make([]io.Reader, len(parts))
	for i, p := range parts {
		switch p := p.(type) {
		case string:
			rs[i] = strings.NewReader(p)
		case io.Reader:
			rs[i] = p
		}
	}
	return io.MultiReader(rs...)
}

const (
	hostileBefore = "[Event \"before\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n" +
		"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
	hostileAfter = "\n\n[Event \"after\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n" +
		"1. f3 e5 2. g4 Qh4# 0-1\n"
)

// checkIntact fails unless g is the game of hostileBefore or hostileAfter, whole and clean.
func checkIntact(t *testing.T, what string, g *PGNGame, err error, event, fen string, plies int) {
	t.Helper()
	switch {
	case g == nil:
		t.Errorf("%s: no game", what)
	case err != nil || len(g.Warnings) > 0:
		t.Errorf("%s: error %v, warnings %v", what, err, g.Warnings)
	case g.Tag("Event") != event || len(g.Tags) != 4 || g.Plies != plies || g.Final.FEN() != fen ||
		g.BoardEnd != Checkmate || g.Result != g.Tag("Result"):
		t.Errorf("%s: game %q, %d tags, %d plies, %s, %v, %q", what, g.Tag("Event"), len(g.Tags), g.Plies, g.Final.FEN(), g.BoardEnd, g.Result)
	case g.Root != nil && len(g.Moves()) != plies:
		t.Errorf("%s: tree of %d moves, want %d", what, len(g.Moves()), plies)
	}
}

// hostileBudget are the budgets of a row's reader: the defaults unless the row sets one.
type hostileBudget struct {
	bytes, tokens, depth, errs int64
}

type hostileRow struct {
	name  string
	text  func() io.Reader             // the hostile game or games, streamed
	setup func(r *PGNReader)           // budgets and policy; nil for the defaults with a tree
	want  error                        // a sentinel the first hostile game's errors wrap; nil: no error
	limit func(b hostileBudget) string // for ErrBudget: the words of the message naming the limit
	// lenient checks the hostile games of a documented lenient result (or more of an error).
	lenient func(t *testing.T, games []*PGNGame, errs []error)
	swallow bool // the hostile text swallows the rest of the input: no game after it
	// bound is the documented memory bound, in bytes allocated while reading the three games
	// (runtime.MemStats.TotalAlloc), for one worker and for two; written out next to the row.
	bound func(b hostileBudget, workers int) int64
	big   bool // 10 MB or 100,000 items or more: seconds under -race, so skipped with -short
}

const mb = 1 << 20

// Memory bounds of the rows, in bytes allocated while reading: the three games, their trees,
// their errors.
var (
	// overBudget: a game cut by MaxGameBytes costs its text in the scanner's buffer, which
	// doubles up to the budget (2 MaxGameBytes in all), and what the game keeps of it (a
	// value, a token, a copy in an error): at most 4 MaxGameBytes + 1 MB.
	// With Workers > 1, the splitter also holds up to 2 MaxGameBytes + 320 KB of text
	// where it finds no place to cut, in a chunk that doubles: 4 MaxGameBytes + 1 MB more.
	overBudget = func(b hostileBudget, workers int) int64 {
		if workers > 1 {
			return 8*b.bytes + 2*mb
		}
		return 4*b.bytes + mb
	}
	// fixed is a bound that does not depend on the budgets.
	fixed = func(n int64) func(hostileBudget, int) int64 { return func(hostileBudget, int) int64 { return n } }
)

// The messages of the budget errors, which name the limit hit.
func budgetBytes(b hostileBudget) string {
	return fmt.Sprintf("the game is longer than %d bytes", b.bytes)
}
func budgetTokens(b hostileBudget) string {
	return fmt.Sprintf("the game has more than %d tokens", b.tokens)
}
func budgetDepth(b hostileBudget) string {
	return fmt.Sprintf("variations nested deeper than %d", b.depth)
}

// wantPlies checks that the first hostile game has want plies.
func wantPlies(want int) func(*testing.T, []*PGNGame, []error) {
	return func(t *testing.T, games []*PGNGame, errs []error) {
		if games[0].Plies != want {
			t.Errorf("hostile game: %d plies, want %d", games[0].Plies, want)
		}
	}
}

func comment200MB() io.Reader {
	return texts("[Event \"comment\"]\n\n1. e4 {", repeatString("no closing brace; [Event \"no tag\"] in a line\n", 200*mb/47))
}

func tag10MB() io.Reader {
	return texts("[Event \"tag\"]\n[White \"", repeatString("x", 10*mb), "\"]\n[Black \"y\"]\n\n1. e4 e5 2. Ke3 *\n")
}

func hostileRows() []hostileRow {
	return []hostileRow{
		{
			name:  "100,000 nested (",
			text:  func() io.Reader { return texts("[Event \"nested\"]\n\n1. e4 ", repeatString("(", 100000), "\n") },
			want:  ErrBudget,
			limit: budgetDepth,
			bound: fixed(1 * mb), // MaxDepth frames; the rest of the line is skipped
		},
		{
			name:  "100,000 nested ( with MaxDepth 1000",
			text:  func() io.Reader { return texts("[Event \"nested\"]\n\n1. e4 ", repeatString("(e5 ", 100000), "\n") },
			setup: func(r *PGNReader) { r.MaxDepth = 1000 },
			want:  ErrBudget,
			limit: budgetDepth,
			bound: fixed(4 * mb), // 1000 frames of about 500 bytes, and a node in each
		},
		{
			name:  "200 MB comment without its }",
			text:  comment200MB,
			want:  ErrBudget,
			limit: budgetBytes,
			bound: overBudget, // 129 MB, 258 MB with Workers
			big:   true,
		},
		{
			name:  "200 MB comment without its } with MaxGameBytes 1 MB",
			text:  comment200MB,
			setup: func(r *PGNReader) { r.MaxGameBytes = mb },
			want:  ErrBudget,
			limit: budgetBytes,
			bound: overBudget, // 5 MB, 10 MB with Workers
			big:   true,
		},
		{
			name:  "MaxGameBytes of math.MaxInt64 is no budget",
			text:  func() io.Reader { return repeatString("1. e4 e5 *\n\n", 20000) },
			setup: func(r *PGNReader) { r.MaxGameBytes, r.NoTree = math.MaxInt64, true },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				// offset+MaxGameBytes does not overflow: every game is read
				if len(games) != 20000 || games[19999].Plies != 2 {
					t.Errorf("%d games, the last of %d plies; want 20000 of 2", len(games), games[len(games)-1].Plies)
				}
			},
			bound: fixed(16 * mb), // 800 bytes a game
		},
		{
			name: "1 MB comment without its } swallows the rest of the input",
			text: func() io.Reader {
				return texts("[Event \"comment\"]\n\n1. e4 {", repeatString("no closing brace\n", mb/17))
			},
			want:    ErrUnterminatedComment,
			swallow: true,          // by the PGN Standard the rest is comment: no game after it
			bound:   fixed(8 * mb), // 8 times the text
		},
		{
			name: "tag value of 10 MB",
			text: tag10MB,
			want: ErrIllegalMove, // read leniently: the value is kept whole, 2. Ke3 is wrong
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				if v := games[0].Tag("White"); len(v) != 10*mb || strings.Trim(v, "x") != "" {
					t.Errorf("White tag of %d bytes, want 10 MB of x", len(v))
				}
			},
			bound: fixed(6 * 10 * mb), // 6 times the text: its buffer, the value, the splitter's chunk
			big:   true,
		},
		{
			name:  "tag value of 10 MB with MaxGameBytes 1 MB",
			text:  tag10MB,
			setup: func(r *PGNReader) { r.MaxGameBytes = mb },
			want:  ErrBudget, // the reader goes on at [Black "y"]: a game with 2. Ke3
			limit: budgetBytes,
			bound: overBudget, // 5 MB, 10 MB with Workers
		},
		{
			name: "100,000 tags",
			text: func() io.Reader { return texts(manyTags(100000, "\n"), "\n1. e4 *\n") },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				if g := games[0]; len(g.Tags) != 100000 || g.Tags[99999] != (Tag{"T99999", "v"}) || g.Plies != 1 {
					t.Errorf("%d tags, %d plies; want 100000 and 1", len(g.Tags), g.Plies)
				}
			},
			bound: fixed(64 * mb), // 640 bytes a tag: the text, the Tag, its name, its index entry
			big:   true,
		},
		{
			name: "100,000 tags, each after a blank line",
			text: func() io.Reader { return texts(manyTags(100000, "\n\n"), "1. e4 *\n") },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				if g := games[0]; len(g.Tags) != 100000 || g.Plies != 1 {
					t.Errorf("%d tags, %d plies; want 100000 and 1", len(g.Tags), g.Plies)
				}
			},
			bound: fixed(64 * mb), // 640 bytes a tag
			big:   true,
		},
		{
			name: "100,000 copies of one tag",
			text: func() io.Reader { return texts(repeatString("[Event \"again\"]\n", 100000), "\n1. e4 *\n") },
			want: ErrBadTag,
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				if g := games[0]; len(g.Tags) != 1 || len(errs[0].(ErrorList)) != DefaultMaxErrors {
					t.Errorf("%d tags, %d errors; want 1 and MaxErrors", len(g.Tags), len(errs[0].(ErrorList)))
				}
			},
			bound: fixed(16 * mb), // 8 times the text
		},
		{
			name:  "100,000 tags with MaxTokens 10,000",
			text:  func() io.Reader { return texts(manyTags(100000, "\n"), "\n1. e4 *\n") },
			setup: func(r *PGNReader) { r.MaxTokens = 10000 },
			want:  ErrBudget,
			limit: budgetTokens,
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				// the reader resynchronises at the next tag pair: ten games of 10,000 tags,
				// the last one over budget at its first move
				if len(games) != 10 {
					t.Fatalf("%d games, want 10", len(games))
				}
				for i, g := range games {
					if len(g.Tags) != 10000 || g.Tags[0].Name != "T"+strconv.Itoa(10000*i) || !errors.Is(errs[i], ErrBudget) {
						t.Errorf("game %d: %d tags from %v, %v", g.Index, len(g.Tags), g.Tags[0], errs[i])
					}
				}
			},
			bound: fixed(64 * mb), // 640 bytes a tag
		},
		{
			name:    "NAG $99999999999",
			text:    func() io.Reader { return texts("[Event \"nag\"]\n\n1. e4 $99999999999 e5 *\n") },
			want:    ErrSyntax,
			lenient: wantPlies(2), // the game goes on after it
			bound:   fixed(1 * mb),
		},
		{
			name:    "move number of 30 digits",
			text:    func() io.Reader { return texts("[Event \"number\"]\n\n123456789012345678901234567890. e4 e5 *\n") },
			want:    ErrSyntax,
			lenient: wantPlies(2),
			bound:   fixed(1 * mb),
		},
		{
			name: "NUL and invalid UTF-8 in a tag value, kept byte for byte",
			text: func() io.Reader { return texts("[Event \"a\x00b\xff\xfe\xc0\x80\"]\n\n1. e4 *\n") },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				if v := games[0].Tag("Event"); v != "a\x00b\xff\xfe\xc0\x80" {
					t.Errorf("Event tag %q", v)
				}
			},
			bound: fixed(1 * mb),
		},
		{
			name:  "NUL in a tag name",
			text:  func() io.Reader { return texts("[Ev\x00nt \"x\"]\n[Site \"\xff\"]\n\n1. e4 *\n") },
			want:  ErrBadTag,
			bound: fixed(1 * mb),
		},
		{
			name: "NUL and invalid UTF-8 in a comment, kept byte for byte",
			text: func() io.Reader { return texts("[Event \"comment\"]\n\n1. e4 {a\x00b\xff\xfe} e5 *\n") },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				g := games[0]
				if g.Plies != 2 || g.Root.Children[0].Comments[0] != "a\x00b\xff\xfe" {
					t.Errorf("%d plies, %q", g.Plies, g.Root.Children[0].Comments)
				}
			},
			bound: fixed(1 * mb),
		},
		{
			name:    "NUL in movetext",
			text:    func() io.Reader { return texts("[Event \"movetext\"]\n\n1. e4 \x00 e5 *\n") },
			want:    ErrSyntax,
			lenient: wantPlies(1), // the line stops at the error
			bound:   fixed(1 * mb),
		},
		{
			name:    "NUL in a move",
			text:    func() io.Reader { return texts("[Event \"movetext\"]\n\n1. e4 e\x005 *\n") },
			want:    ErrSyntax,
			lenient: wantPlies(1),
			bound:   fixed(1 * mb),
		},
		{
			name:    "invalid UTF-8 in movetext",
			text:    func() io.Reader { return texts("[Event \"movetext\"]\n\n1. e4 \xff\xfe\xc0\x80 e5 *\n") },
			want:    ErrSyntax,
			lenient: wantPlies(1),
			bound:   fixed(1 * mb),
		},
		{
			name: "a tag name of 1 MB, twice",
			text: func() io.Reader {
				return texts("[T", repeatString("a", mb), " \"1\"]\n[T", repeatString("a", mb), " \"2\"]\n\n1. e4 *\n")
			},
			want:  ErrBadTag, // a duplicate tag
			bound: fixed(16 * mb),
		},
		{
			name:  "a Variant tag of 1 MB",
			text:  func() io.Reader { return texts("[Variant \"", repeatString("x", mb), "\"]\n\n1. e4 *\n") },
			want:  ErrUnsupportedVariant,
			bound: fixed(16 * mb),
		},
		{
			name:  "a FEN tag of 1 MB",
			text:  func() io.Reader { return texts("[SetUp \"1\"]\n[FEN \"", repeatString("8/", mb/2), "\"]\n\n1. e4 *\n") },
			want:  ErrBadFEN,
			bound: fixed(16 * mb),
		},
		{
			name: "a Result tag of 1 MB",
			text: func() io.Reader {
				return texts("[Result \"", repeatString("1", mb), "\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
			},
			want:  ErrBadTag, // and ErrWrongResult, and a warning quoting the tag
			bound: fixed(16 * mb),
		},
		{
			name:  "a SAN token of 1 MB",
			text:  func() io.Reader { return texts("[Event \"token\"]\n\n1. N", repeatString("a", mb), " *\n") },
			want:  ErrSyntax,
			bound: fixed(8 * mb), // 8 times the token: its buffer, the SANError's copy
		},
		{
			name:  "a move with 1 MB of !",
			text:  func() io.Reader { return texts("[Event \"token\"]\n\n1. e4", repeatString("!", mb), " e5 *\n") },
			want:  ErrSyntax,
			bound: fixed(8 * mb),
		},
		{
			name: "1,000,000 null moves",
			text: func() io.Reader { return texts("[Event \"null\"]\n\n", repeatString("-- ", 1000000), "*\n") },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				// a fivefold repetition at once, then a warning a move, up to MaxErrors
				g := games[0]
				if g.Plies != 1000000 || g.BoardEnd != FivefoldRepetition || len(g.Warnings) != DefaultMaxErrors {
					t.Errorf("%d plies, %v, %d warnings", g.Plies, g.BoardEnd, len(g.Warnings))
				}
			},
			// 4 times the 3 MB of text, and 512 bytes a move (a tree node is about 380):
			// MaxTokens bounds a tree as MaxGameBytes bounds the text
			bound: func(b hostileBudget, workers int) int64 { return 4*3*mb + b.tokens*512 },
			big:   true,
		},
		{
			name:  "1,000,000 null moves without a tree",
			text:  func() io.Reader { return texts("[Event \"null\"]\n\n", repeatString("-- ", 1000000), "*\n") },
			setup: func(r *PGNReader) { r.NoTree = true },
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				if g := games[0]; g.Plies != 1000000 || len(g.Warnings) != DefaultMaxErrors {
					t.Errorf("%d plies, %d warnings", g.Plies, len(g.Warnings))
				}
			},
			bound: fixed(4 * 3 * mb), // 4 times the text; nothing a move past MaxErrors warnings
			big:   true,
		},
		{
			name: "1,000,000 numbered null moves without a tree",
			text: func() io.Reader {
				return texts("[Event \"null\"]\n\n", &genReader{n: 500000, next: func(dst []byte, i int) []byte {
					return append(strconv.AppendInt(dst, int64(i+1), 10), ". -- -- "...)
				}}, "*\n")
			},
			setup: func(r *PGNReader) { r.NoTree = true },
			want:  ErrBudget, // 1,500,000 tokens
			limit: budgetTokens,
			bound: fixed(4 * 8 * mb), // 4 times the 7.4 MB of text
			big:   true,
		},
		{
			name:  "one endless line of 50 MB",
			text:  func() io.Reader { return texts("[Event \"endless\"]\n\n", repeatString("e4 e5 ", 50*mb/6)) },
			want:  ErrBudget,
			limit: budgetTokens,
			lenient: func(t *testing.T, games []*PGNGame, errs []error) {
				// 2.e4 is illegal, the token budget ends the game, the rest of the line is
				// skipped: one game
				if len(games) != 1 || !errors.Is(errs[0], ErrIllegalMove) {
					t.Errorf("%d games, %v", len(games), errs[0])
				}
			},
			// 4 times the 3 MB read up to the token budget; with Workers, the splitter's
			// chunk of a line it cannot cut (see overBudget)
			bound: func(b hostileBudget, workers int) int64 {
				if workers > 1 {
					return 4*3*mb + 4*b.bytes + mb
				}
				return 4 * 3 * mb
			},
			big: true,
		},
	}
}

func TestHostilePGN(t *testing.T) {
	for _, row := range hostileRows() {
		for _, workers := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/workers=%d", row.name, workers), func(t *testing.T) {
				if row.big && testing.Short() {
					t.Skip("big input: skipped with -short")
				}
				r := NewPGNReader(texts(hostileBefore, row.text(), hostileAfter))
				r.Workers = workers
				if row.setup != nil {
					row.setup(r)
				}
				bytes, tokens, depth, maxErrs := r.budget()
				budget := hostileBudget{bytes, int64(tokens), int64(depth), int64(maxErrs)}

				var games []*PGNGame
				var errs []error
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				for g, err := range r.All() {
					games = append(games, g)
					errs = append(errs, err)
				}
				runtime.ReadMemStats(&after)
				allocated := int64(after.TotalAlloc - before.TotalAlloc)
				limit := row.bound(budget, workers)
				t.Logf("%d games, %.1f MB allocated, bound %.1f MB", len(games), float64(allocated)/mb, float64(limit)/mb)
				if allocated > limit {
					t.Errorf("%.1f MB allocated, bound %.1f MB", float64(allocated)/mb, float64(limit)/mb)
				}
				if workers == 1 && int64(cap(r.s.buf))-2*pgnChunk > bytes {
					t.Errorf("the scanner's buffer holds %d bytes, more than MaxGameBytes and a read", cap(r.s.buf))
				}

				if len(games) == 0 {
					t.Fatal("no game")
				}
				checkIntact(t, "the game before", games[0], errs[0], "before", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4", 7)
				hostile, hostileErrs := games[1:], errs[1:]
				if !row.swallow {
					n := len(games) - 1
					checkIntact(t, "the game after", games[n], errs[n], "after", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 4)
					hostile, hostileErrs = games[1:n], errs[1:n]
				}
				if len(hostile) == 0 {
					t.Fatal("no hostile game")
				}
				for i, g := range hostile {
					if g.Index != i+2 {
						t.Errorf("hostile game %d has Index %d", i+2, g.Index)
					}
					checkPGNErrors(t, g, hostileErrs[i], budget)
				}
				err := hostileErrs[0]
				switch {
				case row.want == nil && err != nil:
					t.Errorf("error %v, want none", err)
				case row.want != nil && !errors.Is(err, row.want):
					t.Errorf("error %v, want %v", err, row.want)
				case row.want == ErrBudget:
					var pe *PGNError
					for _, e := range err.(ErrorList) {
						if errors.Is(e, ErrBudget) {
							pe = e
						}
					}
					if want := row.limit(budget); pe.Message != want {
						t.Errorf("budget error %q, want %q", pe.Message, want)
					}
				}
				if row.lenient != nil {
					row.lenient(t, hostile, hostileErrs)
				}
			})
		}
	}
}

// checkPGNErrors checks what every error of a game must be: a *PGNError of that game with a
// known kind, a short message, and a place no further than the byte budget from the game's
// start.
func checkPGNErrors(t *testing.T, g *PGNGame, err error, budget hostileBudget) {
	t.Helper()
	var list ErrorList
	if err != nil {
		var ok bool
		if list, ok = err.(ErrorList); !ok || len(list) == 0 {
			t.Fatalf("game %d: error %T %v, want a non-empty ErrorList", g.Index, err, err)
		}
	}
	for _, e := range append(list, g.Warnings...) {
		msg := e.Error()
		switch {
		case e.Warning != slices.Contains(g.Warnings, e):
			t.Errorf("game %d: Warning is %v: %s", g.Index, e.Warning, msg)
		case e.Game != g.Index:
			t.Errorf("game %d: an error of game %d: %s", g.Index, e.Game, msg)
		case e.Kind() == "I/O error":
			t.Errorf("game %d: error of no known kind: %s", g.Index, msg)
		case len(msg) > maxMessage:
			t.Errorf("game %d: error message of %d bytes: %.300q…", g.Index, len(msg), msg)
		case !e.Warning && (e.Offset < g.Offset || e.Offset-g.Offset > budget.bytes):
			t.Errorf("game %d at offset %d: error at offset %d, past MaxGameBytes: %s", g.Index, g.Offset, e.Offset, msg)
		}
	}
	if int64(len(g.Warnings)) > budget.errs {
		t.Errorf("game %d: %d warnings, more than MaxErrors", g.Index, len(g.Warnings))
	}
}

// FEN, SAN and UCI: every prefix of valid strings, every single-byte change of them (all 256
// byte values at each position), and strings of 1 MB. Nothing panics; an error is the typed
// error of its parser with a known sentinel, a place inside the input and a short message;
// what parses is consistent (a FEN writes back to the same position, a move is legal).

// mutations calls f with every prefix of s and every string that differs from s in one byte.
func mutations(s string, f func(string)) {
	for i := 0; i <= len(s); i++ {
		f(s[:i])
	}
	b := []byte(s)
	for i := range b {
		orig := b[i]
		for c := 0; c < 256; c++ {
			if byte(c) != orig {
				b[i] = byte(c)
				f(string(b))
			}
		}
		b[i] = orig
	}
}

// allocatedBy returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func allocatedBy(f func()) int64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// maxMessage is the longest error message a parser may give, whatever the input: it quotes
// at most 100 bytes of it, and quoting a byte takes up to 4.
const maxMessage = 512

// hostileFENs are valid FENs of every field kind: castling in the three notations, en
// passant, EPD's four fields, large clocks, the most pieces.
var hostileFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
	"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
	"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
	"4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
	queensFEN,
}

func checkParseFEN(t *testing.T, s string) {
	t.Helper()
	p, err := ParseFEN(s)
	if err == nil {
		if msg := checkFENRoundTrip(p); msg != "" || !p.IsValid() {
			t.Fatalf("ParseFEN(%q): %s (valid %v)", s, msg, p.IsValid())
		}
		return
	}
	var fe *FENError
	if !errors.As(err, &fe) || !errors.Is(err, ErrInvalidFEN) || !errors.Is(err, fe.Err) {
		t.Fatalf("ParseFEN(%q): %T %v, want a *FENError", s, err, err)
	}
	switch fe.Err {
	case ErrSyntax, ErrKings, ErrPawnOnBackRank, ErrTooManyPieces, ErrOppositeCheck, ErrCastlingRights, ErrEnPassantSquare:
	default:
		t.Fatalf("ParseFEN(%q): sentinel %v", s, fe.Err)
	}
	if fe.Field < 0 || fe.Field > 6 || fe.Offset < 0 || fe.Offset > len(s) || fe.FEN != s || fe.Reason == "" {
		t.Fatalf("ParseFEN(%q): field %d, offset %d, reason %q", s, fe.Field, fe.Offset, fe.Reason)
	}
	if msg := err.Error(); len(msg) > maxMessage {
		t.Fatalf("ParseFEN(%.60q…): message of %d bytes", s, len(msg))
	}
}

func TestHostileFEN(t *testing.T) {
	for _, fen := range hostileFENs {
		mutations(fen, func(s string) { checkParseFEN(t, s) })
	}
}

// hostile1MB are strings of 1 MB built around valid text: ok says whether they parse (a
// documented lenient result).
func hostileFEN1MB() []struct {
	name, fen string
	ok        bool
} {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	return []struct {
		name, fen string
		ok        bool
	}{
		{"white space after", start + " w KQkq - 0 1" + strings.Repeat(" ", mb), true},
		{"white space before", strings.Repeat("\t", mb) + start + " w KQkq - 0 1", true},
		{"white space between fields", start + strings.Repeat(" ", mb) + "w KQkq - 0 1", true},
		{"leading zeros in a clock", start + " w KQkq - " + strings.Repeat("0", mb) + " 1", true},
		{"a clock of a million digits", start + " w KQkq - " + strings.Repeat("9", mb) + " 1", false},
		{"a placement of digits", strings.Repeat("1", mb) + " w - - 0 1", false},
		{"a placement of slashes", strings.Repeat("/", mb) + " w - - 0 1", false},
		{"a placement of pieces", strings.Repeat("Q", mb) + " w - - 0 1", false},
		{"a castling field of a million K", start + " w " + strings.Repeat("K", mb) + " - 0 1", false},
		{"an en-passant field of a million bytes", start + " w KQkq e" + strings.Repeat("3", mb) + " 0 1", false},
		{"a million fields", start + " w KQkq - 0 1" + strings.Repeat(" 1", mb/2), false},
		{"a million NUL bytes", strings.Repeat("\x00", mb), false},
		{"a million bytes of invalid UTF-8", strings.Repeat("\xff\xfe", mb/2), false},
	}
}

func TestHostileFEN1MB(t *testing.T) {
	for _, tc := range hostileFEN1MB() {
		var err error
		allocated := allocatedBy(func() {
			_, err = ParseFEN(tc.fen)
			if err != nil {
				_ = err.Error()
			}
		})
		checkParseFEN(t, tc.fen)
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %.100v, want ok %v", tc.name, err, tc.ok)
		}
		// the input is never copied: the error and its message are all there is
		if allocated > 16<<10 {
			t.Errorf("%s: %d bytes allocated, bound 16 KB", tc.name, allocated)
		}
	}
}

// hostileSANPositions have every kind of move: castling (Chess960 too), en passant,
// promotions with capture, checks and mates, and ambiguous knights.
var hostileSANPositions = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
	"7k/8/8/8/8/8/8/N1N1K3 w - - 0 1",
	"2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
}

func checkParseSAN(t *testing.T, p Position, legal []Move, s string) {
	t.Helper()
	m, err := p.ParseSAN(s)
	if err == nil {
		if m == NullMove && s == "--" {
			return // the null move, as SAN writes it
		}
		if !slices.Contains(legal, m) {
			t.Fatalf("%s: ParseSAN(%q) = %v, not a legal move", p.FEN(), s, m)
		}
		if back, err := p.ParseSANStrict(p.SAN(m)); back != m || err != nil {
			t.Fatalf("%s: ParseSAN(%q) = %v, whose SAN %q reads back as %v, %v", p.FEN(), s, m, p.SAN(m), back, err)
		}
		if strict, err := p.ParseSANStrict(s); err == nil && strict != m {
			t.Fatalf("%s: ParseSANStrict(%q) = %v, ParseSAN %v", p.FEN(), s, strict, m)
		}
		return
	}
	var se *SANError
	if !errors.As(err, &se) || !errors.Is(err, se.Err) {
		t.Fatalf("%s: ParseSAN(%q): %T %v, want a *SANError", p.FEN(), s, err, err)
	}
	switch se.Err {
	case ErrSyntax, ErrIllegalMove:
	case ErrAmbiguousMove:
		if len(se.Candidates) < 2 {
			t.Fatalf("%s: ParseSAN(%q): ambiguous between %q", p.FEN(), s, se.Candidates)
		}
		for _, c := range se.Candidates {
			if m, err := p.ParseSANStrict(c); err != nil || !slices.Contains(legal, m) {
				t.Fatalf("%s: ParseSAN(%q): candidate %q is not a legal move: %v", p.FEN(), s, c, err)
			}
		}
	default:
		t.Fatalf("%s: ParseSAN(%q): sentinel %v", p.FEN(), s, se.Err)
	}
	if se.Input != s || se.Offset < 0 || se.Offset > len(s) {
		t.Fatalf("%s: ParseSAN(%q): input %q, offset %d", p.FEN(), s, se.Input, se.Offset)
	}
	if msg := err.Error(); len(msg) > maxMessage {
		t.Fatalf("%s: ParseSAN(%.60q…): message of %d bytes", p.FEN(), s, len(msg))
	}
}

func checkParseUCI(t *testing.T, p Position, legal []Move, s string) {
	t.Helper()
	m, err := p.ParseUCI(s)
	if err == nil {
		if m == NullMove && s == "0000" {
			return
		}
		if !slices.Contains(legal, m) {
			t.Fatalf("%s: ParseUCI(%q) = %v, not a legal move", p.FEN(), s, m)
		}
		if back, err := p.ParseUCI(p.UCI(m)); back != m || err != nil {
			t.Fatalf("%s: ParseUCI(%q) = %v, whose UCI %q reads back as %v, %v", p.FEN(), s, m, p.UCI(m), back, err)
		}
		return
	}
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, me.Err) || me.Err != ErrSyntax && me.Err != ErrIllegalMove {
		t.Fatalf("%s: ParseUCI(%q): %T %v, want a *MoveError", p.FEN(), s, err, err)
	}
	if me.Input != s || me.Position != p {
		t.Fatalf("%s: ParseUCI(%q): input %q, position %s", p.FEN(), s, me.Input, me.Position.FEN())
	}
	if msg := err.Error(); len(msg) > maxMessage {
		t.Fatalf("%s: ParseUCI(%.60q…): message of %d bytes", p.FEN(), s, len(msg))
	}
}

func TestHostileSANAndUCI(t *testing.T) {
	for _, fen := range hostileSANPositions {
		p := MustParseFEN(fen)
		legal := p.LegalMoves()
		for _, m := range legal {
			texts := []string{p.SAN(m), p.UCI(m), p.LAN(m)}
			if testing.Short() {
				texts = texts[:2] // the race detector's pass: SAN and UCI
			}
			for _, s := range texts {
				mutations(s, func(s string) {
					checkParseSAN(t, p, legal, s)
					checkParseUCI(t, p, legal, s)
				})
			}
		}
		for _, s := range []string{"--", "0000", "O-O", "O-O-O", "0-0", "e8=Q", "exd6 e.p."} {
			mutations(s, func(s string) { checkParseSAN(t, p, legal, s) })
		}
	}
}

func TestHostileSANAndUCI1MB(t *testing.T) {
	p := MustParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	legal := p.LegalMoves()
	for _, tc := range []struct {
		name, s string
		ok      bool // a lenient reading
	}{
		{"a piece and a million files", "N" + strings.Repeat("a", mb), false},
		{"a move and a million +", "d4" + strings.Repeat("+", mb), true},
		{"a move and a million !", "d4" + strings.Repeat("!", mb), true},
		{"a million e.p.", strings.Repeat("e.p.", mb/4), false},
		{"exf6 and a million e.p.", "exf6" + strings.Repeat("e.p.", mb/4), true},
		{"a million O-", strings.Repeat("O-", mb/2), false},
		{"a million squares", strings.Repeat("e4", mb/2), false},
		{"a million NUL bytes", strings.Repeat("\x00", mb), false},
		{"a million bytes of invalid UTF-8", strings.Repeat("\xff\xfe", mb/2), false},
	} {
		var err error
		allocated := allocatedBy(func() {
			_, err = p.ParseSAN(tc.s)
			if err != nil {
				_ = err.Error()
			}
		})
		checkParseSAN(t, p, legal, tc.s)
		if (err == nil) != tc.ok {
			t.Errorf("ParseSAN: %s: error %.100v, want ok %v", tc.name, err, tc.ok)
		}
		if allocated > 16<<10 {
			t.Errorf("ParseSAN: %s: %d bytes allocated, bound 16 KB", tc.name, allocated)
		}

		allocated = allocatedBy(func() {
			_, err = p.ParseUCI(tc.s)
			if err != nil {
				_ = err.Error()
			}
		})
		checkParseUCI(t, p, legal, tc.s)
		if err == nil {
			t.Errorf("ParseUCI: %s: no error", tc.name)
		}
		if allocated > 16<<10 {
			t.Errorf("ParseUCI: %s: %d bytes allocated, bound 16 KB", tc.name, allocated)
		}
	}
}

// With Workers, the reader runs ahead of its caller by a few chunks, not by the whole input:
// a slow caller holds at most Workers+2 chunks of games at once (here a game a chunk), so the
// live heap stays under Workers+3 games' worth, whatever the number of games.
func TestHostilePGNWorkersRunAhead(t *testing.T) {
	if testing.Short() {
		t.Skip("big input: skipped with -short")
	}
	const games, workers = 16, 2
	game := func() io.Reader { return texts("[Event \"null\"]\n\n", repeatString("-- ", 300000), "*\n\n") }
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	one, err := NewPGNReader(game()).Read()
	runtime.GC()
	runtime.ReadMemStats(&after)
	perGame := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if err != nil || one.Plies != 300000 {
		t.Fatalf("%d plies, %v", one.Plies, err)
	}
	one = nil

	parts := make([]any, games)
	for i := range parts {
		parts[i] = game()
	}
	r := NewPGNReader(texts(parts...))
	r.Workers = workers
	n, peak := 0, int64(0)
	for g, err := range r.All() {
		if err != nil || g.Plies != 300000 {
			t.Fatalf("game %d: %d plies, %v", g.Index, g.Plies, err)
		}
		n++
		runtime.GC() // a slow caller: the workers run ahead meanwhile
		runtime.ReadMemStats(&after)
		peak = max(peak, int64(after.HeapAlloc)-int64(before.HeapAlloc))
	}
	t.Logf("%d games of %.0f MB each, at most %.0f MB live", n, float64(perGame)/mb, float64(peak)/mb)
	if n != games || peak > (workers+3)*perGame {
		t.Errorf("%d games; %.0f MB live, bound %d games of %.0f MB", n, float64(peak)/mb, workers+3, float64(perGame)/mb)
	}
}
