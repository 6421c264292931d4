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
	// MaxLineLength > 0 warns (ErrOverlongLine) of every line longer than that many
	// characters, its line end counted as one; PGNMaxLineLength is the PGN Standard's limit
	// (§4.3). Zero checks no line: lichess, for one, writes a game's movetext on one line.
	MaxLineLength int

	// Workers > 1 reads games on that many goroutines, each in turn cutting a chunk of games
	// from the input and replaying them, and Read still returns the games in input order,
	// exactly as one goroutine would: the same games, positions, errors and warnings. The
	// reader runs ahead of Read by at most Workers+2 chunks of games (of about 256 KB of text
	// each; a longer game is a chunk of its own), and with NoTree by 8 more of about 256 KB,
	// so that a worker the system stops for a while holds up the others less. Call Close
	// when stopping before the end of the input. More than MaxPGNWorkers count as
	// MaxPGNWorkers.
	Workers int

	s     pgnScanner
	games int
	par   *pgnParallel // the workers, once started
	// closeMu guards par's start and closed, so that Close may come from another goroutine
	closeMu sync.Mutex
	closed  bool
	err     error // the I/O error that ended the input
	p       pgnParser
	scratch PGNGame // the game whose tag section is being read (tagSectionGame)
	// the consumers of the movetext's events, one of them (or skipVar around one) chosen
	// for each game by consumer
	val     pgnValidator
	tree    pgnTreeBuilder
	skipVar pgnSkipVariations

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
	tags     []Tag      // the tags being read, their values still empty
	tagText  []byte     // their values one after another
	tagEnds  []int      // where each value ends in tagText
	unescape []byte     // a tag value without its escapes
	opens    []tokenPos // pgnParser.opens
}

// PGNMaxLineLength is the longest line the PGN Standard allows, in characters with its line
// end (§4.3); see PGNReader.MaxLineLength.
const PGNMaxLineLength = 255

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
	s.lineLimit = max(r.MaxLineLength, 0)
	for {
		ok, ended := s.gameStart(maxBytes)
		if !ok {
			r.endHere(ended)
			return nil, nil
		}
		p := &r.p
		*p = pgnParser{r: r, s: s, g: r.tagSectionGame(), maxErrs: maxErrs, start: s.offset(), opens: r.opens[:0]}
		p.g.Index, p.g.Line, p.g.Offset = r.games+1, s.line, s.offset()
		p.readTags(maxTokens)
		g := p.g // the game's own, from keepTags
		start := p.setUp()
		g.Final = start
		if !r.NoTree {
			r.tree.slab = nil // the game's own (see pgnTreeBuilder.slab)
			g.Root = r.tree.root(r.TagsOnly || p.unsupp)
			g.Root.Position = start
		}
		p.ev, p.comments = r.consumer(p.unsupp)
		p.ev.begin(p, start)
		if !p.tagOnly {
			p.movetext(maxTokens, maxDepth)
		}
		if s.over {
			p.budgetExceeded(fmt.Sprintf("the game is longer than %d bytes", maxBytes))
		}
		g.End = s.offset()
		if g.Result != "" && !p.overBudget {
			g.End = p.resultEnd
		}
		r.opens = p.opens
		if len(g.Tags) == 0 && g.Result == "" && !p.content && !p.overBudget {
			continue // only comments or white space: no game
		}
		p.finish()
		if s.err != nil && g.Result == "" {
			// the input failed: the error belongs to the last game if it cut it short (before
			// its termination marker); else it comes alone, after the game
			if s.atEnd() {
				at := s.here()
				p.errs = cutShort(p.errs, &PGNError{Game: g.Index, GameLine: g.Line, Players: p.playerLabel(), Line: at.line,
					Column: at.col, Offset: at.off, Message: "read error: " + s.err.Error(), Err: s.err})
				r.err = s.err // Read returns it again, alone, after this game
			}
		}
		r.games++
		if len(p.errs) > 1 { // most games have none: no sort.SliceStable's reflection for them
			sort.SliceStable(p.errs, func(i, j int) bool { return p.errs[i].Offset < p.errs[j].Offset })
		}
		g.Problems = mergeProblems(p.errs, g.Warnings)
		return g, p.errs
	}
}

// consumer returns the consumer of the events of a game's movetext, from the reader's policy
// and whether the game's moves can be replayed at all (unsupp: an unsupported variant or a
// bad FEN): the tags-only reader, the validator (NoTree) or the tree builder, and the
// skip-variations reader around either of the last two. comments tells whether the consumer
// keeps comments (the tree builder): the others get no comment events, an empty call per move.
func (r *PGNReader) consumer(unsupp bool) (ev pgnEvents, comments bool) {
	if r.TagsOnly || unsupp {
		return pgnSyntaxOnly{}, false
	}
	ev, comments = &r.tree, true
	lines := &r.tree.pgnValidator
	if r.NoTree {
		ev, comments, lines = &r.val, false, &r.val
	}
	if r.SkipVariations {
		r.skipVar = pgnSkipVariations{ev, lines}
		return &r.skipVar, comments
	}
	return ev, comments
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
