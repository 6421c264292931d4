package chess

// PGNReader: its policy, Read, and the loop that reads one game after another.

import (
	"fmt"
	"io"
	"iter"
	"math"
	"sort"
	"sync"
)

// Default budgets of a PGNReader.
const (
	DefaultMaxGameBytes = 32 << 20
	DefaultMaxTokens    = 1 << 20
	DefaultMaxDepth     = 128
	DefaultMaxErrors    = 100
)

// PGNReader reads games from PGN text (PGN Standard, 1994): tag pairs, movetext with move
// numbers, comments, NAGs, variations and termination markers, as well as what real files
// contain (see NewPGNReader). The exported fields are its policy; set them before the first
// Read.
type PGNReader struct {
	// StrictSAN makes every lenient SAN spelling (see Position.ParseSAN) an error; by default
	// it is accepted and recorded as a warning.
	StrictSAN bool
	// NoTree keeps no move tree: Read replays and checks every move, variations included, and
	// fills Final and Plies, but Root has no children and comments are not kept. The fast
	// way to validate.
	NoTree bool
	// SkipVariations checks the syntax of variations but neither replays nor keeps them.
	SkipVariations bool
	// TagsOnly reads the tags and skips the movetext (checking only its syntax): a header scan.
	TagsOnly bool
	// Budgets for one game: bytes of input, tokens, variation depth, and recorded errors. A
	// game over a budget ends with an ErrBudget error and the reader goes on at the next line
	// that starts with a tag pair. Zero means the default.
	MaxGameBytes int64
	MaxTokens    int
	MaxDepth     int
	MaxErrors    int

	// Workers > 1 reads games on that many goroutines, each in turn cutting a chunk of games
	// from the input and replaying them, and Read still returns the games in input order,
	// exactly as one goroutine would: the same games, positions, errors and warnings. The
	// reader runs ahead of Read by at most Workers+2 chunks of games (of about 256 KB of text
	// each; a longer game is a chunk of its own). Call Close when stopping before the end of
	// the input. More than MaxPGNWorkers count as MaxPGNWorkers.
	Workers int

	s     pgnScanner
	games int
	par   *pgnParallel // the workers, once started
	// closeMu guards par's start and closed, so that Close may come from another goroutine
	closeMu sync.Mutex
	closed  bool
	err     error // the I/O error that ended the input
	frames  []pgnFrame
	b       pgnBuilder
	scratch PGNGame // the game whose tag section is being read, without a tree

	// cleanEnd: the input's end was first met between two games, between two tokens of
	// movetext (within the game's byte budget) or while skipping to the next game after a
	// budget error: where more input that starts with a tag pair at the start of a line would
	// have started a new game. With Workers, this tells whether a chunk was cut at such a place.
	cleanEnd bool
	// for the tests: the size of the chunks of Workers (0: pgnChunkTarget), and a cut at every
	// line that starts with "[" instead of only where a game seems to start
	chunkTarget int
	cutAnywhere bool

	// reused from game to game, so that a game costs few allocations
	tags     []Tag       // the tags being read, their values still empty
	tagText  []byte      // their values one after another
	tagEnds  []int       // where each value ends in tagText
	unescape []byte      // a tag value without its escapes
	reps     repetitions // pgnBuilder.reps
}

// NewPGNReader returns a reader of the PGN text r. It takes UTF-8 with or without a byte-order
// mark (other bytes, such as Latin-1 tag values, pass through untouched), LF, CRLF or CR line
// ends, tabs, blank lines anywhere, games separated by no blank line, movetext without tags,
// tags and movetext on one line, a missing result at the end, move numbers written "12.",
// "12...", "12…" or not at all, null moves ("--", "Z0", "0000", an extension that ChessBase
// and lichess write), and a game starting from [SetUp "1"] [FEN "…"], in Chess960 when the
// Variant tag or the FEN says so. Other variants (Variant "Atomic", …) are reported once as
// ErrUnsupportedVariant and their movetext skipped.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{s: pgnScanner{r: r, line: 1}}
}

// Games returns an iterator over the games of r, for
//
//	for game, err := range chess.Games(r) { … }
//
// It yields what PGNReader.Read returns, game by game, and stops after the last game or an
// I/O error. An I/O error comes in the ErrorList of the game it cut short, the last one,
// read up to the error but not up to its termination marker; when no game was cut short (the
// error came between games) Games yields it alone, as (nil, err).
func Games(r io.Reader) iter.Seq2[*PGNGame, error] {
	pr := NewPGNReader(r)
	return pr.All()
}

// All returns an iterator over the remaining games of the reader, as Games does.
func (r *PGNReader) All() iter.Seq2[*PGNGame, error] {
	return func(yield func(*PGNGame, error) bool) {
		reported := false
		for {
			g, err := r.Read()
			if g == nil {
				if err != io.EOF && !reported {
					yield(nil, err)
				}
				return
			}
			if !yield(g, err) {
				r.Close()
				return
			}
			// the game just yielded carried the I/O error: no (nil, err) after it
			reported = r.err != nil && r.err != io.EOF
		}
	}
}

// Read reads the next game. It returns the game and nil, or the game and an ErrorList of
// every problem in it: a broken game still comes back with all that could be read, and the
// next Read starts at the next game. Warnings (lenient spellings, missing move numbers, moves
// played after the game ended on the board) are in the game's Warnings, not in the error.
// After the last game Read returns nil, io.EOF. An I/O error ends the input: the game it cut
// short (read up to the error but not up to its termination marker) comes back with an
// ErrorList whose last entry wraps the I/O error (without the errors that the cut itself
// causes: a half-read token, a comment, variation or tag value left open), and later calls
// return nil and that error;
// after a game that was whole, the next call returns nil and the error. The zero PGNReader
// (and NewPGNReader(nil)) reads as an empty input: nil, io.EOF.
func (r *PGNReader) Read() (*PGNGame, error) {
	if r.s.r == nil && r.par == nil && r.err == nil {
		r.s = pgnScanner{r: io.MultiReader(), line: 1} // the zero PGNReader: an empty input
	}
	if r.Workers > 1 {
		return r.readParallel()
	}
	if r.err != nil {
		return nil, r.err
	}
	g, errs := r.readGame()
	if g == nil {
		if r.s.err != nil {
			r.err = r.s.err
			return nil, r.err
		}
		r.err = io.EOF
		return nil, io.EOF
	}
	if len(errs) > 0 {
		return g, errs
	}
	return g, nil
}

func (r *PGNReader) budget() (bytes int64, tokens, depth, errs int) {
	bytes, tokens, depth, errs = r.MaxGameBytes, r.MaxTokens, r.MaxDepth, r.MaxErrors
	if bytes <= 0 {
		bytes = DefaultMaxGameBytes
	}
	if tokens <= 0 {
		tokens = DefaultMaxTokens
	}
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	if errs <= 0 {
		errs = DefaultMaxErrors
	}
	return
}

func (r *PGNReader) readGame() (*PGNGame, ErrorList) {
	s := &r.s
	maxBytes, maxTokens, maxDepth, maxErrs := r.budget()
	for {
		s.discard()
		s.setLimit(addBudget(s.offset(), maxBytes))
		s.over = false
		ended := s.ended
		s.skipSpace()
		for !s.over {
			// escape lines (§6) before a game belong to no game: it starts at its first token
			if c, ok := s.peek(0); !ok || c != '%' || !s.atLineStart() {
				break
			}
			s.skipLine()
			s.skipSpace()
		}
		if s.over {
			continue // a run of white space longer than a game may be: drop it and go on
		}
		if _, ok := s.peek(0); !ok {
			r.endHere(ended)
			return nil, nil
		}
		s.setLimit(addBudget(s.offset(), maxBytes)) // the budget counts from the game's first byte
		b := &r.b
		*b = pgnBuilder{r: r, g: r.tagSectionGame(), maxErrs: maxErrs, start: s.offset(), reps: r.reps}
		b.g.Index, b.g.Line, b.g.Offset = r.games+1, s.line, s.offset()
		r.frames = r.frames[:0]
		b.readTags(maxTokens)
		g := b.g // the game's own, from keepTags
		start := b.setUp()
		r.frames = append(r.frames, pgnFrame{pos: start})
		if !r.NoTree {
			g.Root = b.newNode()
			g.Root.Position = start
			r.frames[0].node = g.Root
		}
		if r.TagsOnly || b.unsupp {
			r.frames[0].skip = true
		} else if repeats := b.reps.reset(&start); drawnOnBoard(&start, repeats) != NoTermination {
			g.BoardEnd = boardEnd(&start, repeats) // a game set up in a position already over
			b.overAtStart = true
		}
		if !b.tagOnly {
			b.movetext(maxTokens, maxDepth)
		}
		if s.over {
			b.budgetExceeded(fmt.Sprintf("the game is longer than %d bytes", maxBytes))
		}
		if len(g.Tags) == 0 && g.Result == "" && !b.content && !b.overBudget {
			continue // only comments or white space: no game
		}
		b.finish()
		r.reps = b.reps
		if s.err != nil && g.Result == "" {
			// the input failed: the error belongs to the last game if it cut it short (before
			// its termination marker); else it comes alone, after the game
			s.skipSpace()
			if _, more := s.peek(0); !more {
				s.tok = nil
				s.mark()
				b.errs = cutShort(b.errs, &PGNError{Game: g.Index, GameLine: g.Line, Players: b.playerLabel(), Line: s.tokLine,
					Column: s.tokCol, Offset: s.tokOff, Message: "read error: " + s.err.Error(), Err: s.err})
				r.err = s.err // Read returns it again, alone, after this game
			}
		}
		r.games++
		sort.SliceStable(b.errs, func(i, j int) bool { return b.errs[i].Offset < b.errs[j].Offset })
		g.Problems = mergeProblems(b.errs, g.Warnings)
		return g, b.errs
	}
}

// endHere records that the input ended at pos, where more input that starts with a tag pair
// would start a new game; ended tells whether it had ended before (then it is not where it
// first ended).
func (r *PGNReader) endHere(ended bool) {
	if !ended && r.s.offset() < r.s.limit {
		r.cleanEnd = true
	}
}

// addBudget returns offset+budget, or the largest offset when that overflows (a budget
// of math.MaxInt64 is no budget).
func addBudget(offset, budget int64) int64 {
	if offset > math.MaxInt64-budget {
		return math.MaxInt64
	}
	return offset + budget
}

func (b *pgnBuilder) budgetExceeded(msg string) {
	s := &b.r.s
	s.tok = nil
	s.mark()
	b.overBudget = true
	b.maxErrs = max(b.maxErrs, len(b.errs)+1) // the budget error is recorded even past MaxErrors
	b.problem(false, ErrBudget, msg, "")
	if s.resync() {
		b.r.cleanEnd = true
	}
}
