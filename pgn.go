package chess

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"
)

// Sentinel errors of the PGN reader, wrapped by *PGNError; test with errors.Is. A move error
// also wraps the *SANError (ErrIllegalMove, ErrAmbiguousMove, ErrSyntax) that explains it.
var (
	ErrUnterminatedComment = errors.New("unterminated comment")
	ErrBadTag              = errors.New("bad tag pair")
	ErrBadFEN              = errors.New("bad FEN tag")
	ErrBudget              = errors.New("budget exceeded")
	ErrUnsupportedVariant  = errors.New("unsupported variant")
	ErrWrongResult         = errors.New("result contradicts the final position")
	ErrUnbalancedRAV       = errors.New("unbalanced variation")
	ErrPGNWarning          = errors.New("warning")
)

// Tag is a tag pair of a PGN game (PGN Standard §8.1): a name such as "White" and its value
// with the escapes \" and \\ undone.
type Tag struct {
	Name  string
	Value string
}

// NAG is a Numeric Annotation Glyph, $0 to $255 (PGN Standard §10). The import suffixes
// !, ?, !!, ??, !? and ?! read as NAGs 1 to 6 (§8.2.3.8).
type NAG uint8

// PGNNode is a move of a PGN game tree, or the tree's root. The root holds the starting
// position, no move, and in Comments the comment before the first move. Every other node
// holds a legal Move, the Position after it, the comments before it (StartingComments: at
// the start of a variation) and after it (Comments), its NAGs, and its continuations:
// Children[0] is the line that goes on, Children[1:] are the variations (RAV, §8.2.5) that
// replace this node's first child, in file order.
type PGNNode struct {
	Parent           *PGNNode
	Children         []*PGNNode
	Move             Move     // NullMove at the root and for a null move ("--")
	Position         Position // the position after Move; at the root the starting position
	StartingComments []string
	Comments         []string
	NAGs             []NAG
	Line, Column     int // where the move's token is in the input (0 at the root)
}

// SAN returns the node's move in SAN as played from its parent's position ("" at the root).
func (n *PGNNode) SAN() string {
	if n.Parent == nil {
		return ""
	}
	return n.Parent.Position.SAN(n.Move)
}

// Ply returns the number of halfmoves from the game's starting position to this node.
func (n *PGNNode) Ply() int {
	ply := 0
	for m := n; m.Parent != nil; m = m.Parent {
		ply++
	}
	return ply
}

// MainLine yields the nodes of the line that goes on from n, following Children[0]; n
// itself is not included.
func (n *PGNNode) MainLine() iter.Seq[*PGNNode] {
	return func(yield func(*PGNNode) bool) {
		for m := n; len(m.Children) > 0; {
			m = m.Children[0]
			if !yield(m) {
				return
			}
		}
	}
}

// PGNGame is a game read from PGN: its tags in file order, the move tree, the result, and
// where it was in the input. Final and Plies describe the main line even when the reader
// kept no tree (PGNReader.NoTree).
type PGNGame struct {
	Index  int   // 1 for the first game of the input
	Line   int   // line where the game's first token is
	Offset int64 // byte offset of that token
	Tags   []Tag
	Root   *PGNNode // the tree; Root.Position is the starting position
	Result string   // the termination marker: "1-0", "0-1", "1/2-1/2", "*", or "" when missing
	Final  Position // the position at the end of the main line
	Plies  int      // the number of halfmoves of the main line
	// BoardEnd is how the main line ended on the board by a rule that ends the game by itself
	// (FIDE Laws 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 insufficient material or dead
	// position, 9.6.1 fivefold repetition, 9.6.2 seventy-five moves), the first one reached;
	// NoTermination when the game did not end so. Moves played after it are warnings.
	BoardEnd Termination
	Warnings ErrorList
}

// Tag returns the value of the first tag named name, or "".
func (g *PGNGame) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Moves returns the moves of the main line.
func (g *PGNGame) Moves() []Move {
	var out []Move
	if g.Root == nil {
		return nil
	}
	for n := range g.Root.MainLine() {
		out = append(out, n.Move)
	}
	return out
}

// PGNError is one problem of a PGN game, located in the input, in the shape of
// encoding/csv.ParseError and go/scanner.Error. It wraps a sentinel (ErrSyntax,
// ErrIllegalMove, ErrAmbiguousMove, ErrUnterminatedComment, ErrBadTag, ErrBadFEN, ErrBudget,
// ErrUnsupportedVariant, ErrWrongResult, ErrUnbalancedRAV, ErrPGNWarning, or an I/O error)
// and, for a move, the *SANError that explains it. It prints as
//
//	LINE:COL: game N (White - Black, Round R), 12...Nf6: illegal move: the knight on g8 is pinned
type PGNError struct {
	Game     int    // the game's index, from 1
	GameLine int    // the line where the game starts
	Players  string // "White - Black, Round R" from the tags, for the message
	Line     int    // line of the token, from 1
	Column   int    // byte column of the token, from 1
	Offset   int64  // byte offset of the token
	Ply      int    // the move's ply by its move number (1 for "1.e4", 24 for "12...Nf6"), 0 when not at a move
	Move     string // the move as in a book: "12...Nf6", "3.e4"; or "" when not at a move
	Token    string // the token text (cut to 40 bytes)
	Warning  bool   // a finding that does not make the game wrong (a lenient spelling, ...)
	Message  string // what is wrong, in words
	Err      error  // the sentinel, or the *SANError
}

// Error prints the problem as LINE:COL: game N (White - Black, Round R), MOVE: message.
func (e *PGNError) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d:%d: game %d", e.Line, e.Column, e.Game)
	if e.Players != "" {
		sb.WriteString(" (")
		sb.WriteString(e.Players)
		sb.WriteString(")")
	}
	switch {
	case e.Move != "":
		sb.WriteString(", ")
		sb.WriteString(e.Move)
	case e.Token != "":
		sb.WriteString(", ")
		sb.WriteString(strconv.Quote(e.Token))
	}
	sb.WriteString(": ")
	if e.Warning {
		sb.WriteString("warning: ")
	}
	sb.WriteString(e.Message)
	return sb.String()
}

// Unwrap returns the sentinel or the *SANError the problem wraps.
func (e *PGNError) Unwrap() error { return e.Err }

// Kind names the sentinel the error wraps, for machine-readable output: "illegal move",
// "ambiguous move", "syntax error", "unterminated comment", "bad tag pair", "bad FEN tag",
// "budget exceeded", "unsupported variant", "result contradicts the final position",
// "unbalanced variation", "warning", or "I/O error".
func (e *PGNError) Kind() string {
	for _, s := range []error{ErrIllegalMove, ErrAmbiguousMove, ErrSyntax, ErrUnterminatedComment, ErrBadTag,
		ErrBadFEN, ErrBudget, ErrUnsupportedVariant, ErrWrongResult, ErrUnbalancedRAV, ErrPGNWarning} {
		if errors.Is(e.Err, s) {
			return s.Error()
		}
	}
	return "I/O error"
}

// ErrorList is every problem found in one game, in input order (like go/scanner.ErrorList).
type ErrorList []*PGNError

// Error prints the first problem and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Unwrap returns the errors of the list, so errors.Is and errors.As look at each.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

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
	tags     []Tag    // the tags being read, their values still empty
	tagText  []byte   // their values one after another
	tagEnds  []int    // where each value ends in tagText
	unescape []byte   // a tag value without its escapes
	repKeys  []uint64 // pgnBuilder.repKeys
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
// ErrorList whose last entry wraps the I/O error, and later calls return nil and that error;
// after a game that was whole, the next call returns nil and the error.
func (r *PGNReader) Read() (*PGNGame, error) {
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

// pgnFrame is one line of play being read: the main line, or a variation inside it.
type pgnFrame struct {
	pos, prev Position // the position now, and before the line's last move
	moved     bool     // the line has a move, so a variation may follow
	numbered  bool     // a move number came since the last move
	skip      bool     // an error ended this line: its tokens are only checked for syntax
	node      *PGNNode // the line's last node (at first, where the line branches off)
	prevNode  *PGNNode // the node before it, where a variation after it attaches
	pending   []string // comments before the line's first move
	openLine  int      // where the "(" of a variation is
	openCol   int
	openOff   int64
}

// pgnBuilder turns the tokens of one game into a PGNGame.
type pgnBuilder struct {
	r          *PGNReader
	g          *PGNGame
	errs       ErrorList
	tokens     int
	maxErrs    int
	players    string
	slab       []PGNNode
	unsupp     bool
	tagOnly    bool                // the game is a tag-only record: the next game's tags follow at once
	content    bool                // the movetext has a token other than comments
	mainMoves  int                 // move tokens of the main line, played or not
	start      int64               // input offset where the game's text begins
	repKeys    []uint64            // repetition keys of the main line since its last irreversible move
	overBudget bool                // the game ended with ErrBudget
	tagIndex   map[string]struct{} // the tag names, once there are many

	variantAt, fenAt, resultTagAt tokenPos // where the values of the Variant, FEN and Result tags are
	resultAt                      tokenPos // where the termination marker is
}

// tokenPos is where a token is in the input.
type tokenPos struct {
	line, col int
	off       int64
}

// at makes the token at p, whose text is tok, the current token, so that problem reports
// it there.
func (b *pgnBuilder) at(p tokenPos, tok string) {
	s := &b.r.s
	s.tokLine, s.tokCol, s.tokOff = p.line, p.col, p.off
	s.tok = []byte(tok)
}

func (b *pgnBuilder) top() *pgnFrame { return &b.r.frames[len(b.r.frames)-1] }

// problem records an error or a warning at the current token, up to MaxErrors of each.
func (b *pgnBuilder) problem(warning bool, err error, msg string, move string) {
	s := &b.r.s
	if b.full(warning) {
		return
	}
	tok := string(s.tok)
	if len(tok) > 40 {
		tok = tok[:40]
	}
	e := &PGNError{Game: b.g.Index, GameLine: b.g.Line, Players: b.players, Line: s.tokLine, Column: s.tokCol,
		Offset: s.tokOff, Move: move, Token: tok, Warning: warning, Message: msg, Err: err}
	if move != "" && len(b.r.frames) > 0 {
		e.Ply = plyOf(b.top())
	}
	if warning {
		b.g.Warnings = append(b.g.Warnings, e)
		return
	}
	b.errs = append(b.errs, e)
}

// full reports whether the game has MaxErrors warnings (or errors) already: then a problem
// that can come at every token is not even put into words.
func (b *pgnBuilder) full(warning bool) bool {
	if warning {
		return len(b.g.Warnings) >= b.maxErrs
	}
	return len(b.errs) >= b.maxErrs
}

func plyOf(f *pgnFrame) int { return int(f.pos.fullmove)*2 + int(f.pos.turn) - 1 }

// moveLabel writes a move as books do: "12.e4" for White, "12...e5" for Black.
func moveLabel(p *Position, tok []byte) string {
	dots := "."
	if p.turn == Black {
		dots = "..."
	}
	return strconv.Itoa(int(p.fullmove)) + dots + cutText(tok, maxQuoted)
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
		g := &PGNGame{Index: r.games + 1, Line: s.line, Offset: s.offset()}
		b := &r.b
		*b = pgnBuilder{r: r, g: g, maxErrs: maxErrs, start: s.offset(), repKeys: r.repKeys[:0]}
		r.frames = r.frames[:0]
		b.readTags(maxTokens)
		start := b.setUp()
		r.frames = append(r.frames, pgnFrame{pos: start})
		if !r.NoTree {
			g.Root = b.newNode()
			g.Root.Position = start
			r.frames[0].node = g.Root
		}
		if r.TagsOnly || b.unsupp {
			r.frames[0].skip = true
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
		r.repKeys = b.repKeys
		if s.err != nil && g.Result == "" {
			// the input failed: the error belongs to the last game if it cut it short (before
			// its termination marker); else it comes alone, after the game
			s.skipSpace()
			if _, more := s.peek(0); !more {
				s.tok = nil
				s.mark()
				b.errs = append(b.errs, &PGNError{Game: g.Index, GameLine: g.Line, Players: b.players, Line: s.tokLine,
					Column: s.tokCol, Offset: s.tokOff, Message: "read error: " + s.err.Error(), Err: s.err})
				r.err = s.err // Read returns it again, alone, after this game
			}
		}
		r.games++
		sort.SliceStable(b.errs, func(i, j int) bool { return b.errs[i].Offset < b.errs[j].Offset })
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

// newNode returns a zeroed node from the game's slab: nodes come in blocks, not one by one.
func (b *pgnBuilder) newNode() *PGNNode {
	if len(b.slab) == cap(b.slab) {
		b.slab = make([]PGNNode, 0, 64)
	}
	b.slab = b.slab[:len(b.slab)+1]
	return &b.slab[len(b.slab)-1]
}

// readTags reads the tag pair section (PGN Standard §8.1). Tags count as tokens.
func (b *pgnBuilder) readTags(maxTokens int) {
	s := &b.r.s
	r := b.r
	b.g.Tags, r.tagText, r.tagEnds = r.tags[:0], r.tagText[:0], r.tagEnds[:0]
	defer b.keepTags()
	lastLine := 0
	for {
		s.skipSpace()
		c, ok := s.peek(0)
		if ok && c == '%' && s.atLineStart() {
			// an escape line (§6) may stand anywhere, between tag pairs too; it is no gap
			// between them
			if s.line == lastLine+1 {
				lastLine++
			}
			s.skipLine()
			continue
		}
		if !ok || c != '[' {
			break
		}
		if len(b.g.Tags) > 0 && s.line > lastLine+1 && b.repeatsTag() {
			b.tagOnly = true // a tag-only record: the repeated name starts the next game
			break
		}
		b.tokens++
		if b.tokens > maxTokens {
			b.budgetExceeded(fmt.Sprintf("the game has more than %d tokens", maxTokens))
			b.tagOnly = true // skipped to the next tag pair: no movetext
			break
		}
		b.tagPair()
		lastLine = s.line
	}
}

// keepTags gives the game its own copy of the tags read into the reader's buffers: one slice
// and one string for all the values.
func (b *pgnBuilder) keepTags() {
	r, g := b.r, b.g
	r.tags = g.Tags
	if len(g.Tags) == 0 {
		g.Tags = nil
	} else {
		g.Tags = slices.Clone(g.Tags)
		text, start := string(r.tagText), 0
		for i, end := range r.tagEnds {
			if g.Tags[i].Value == "" { // not a long value, which has its own string
				g.Tags[i].Value = text[start:end]
			}
			start = end
		}
	}
	b.players = pgnPlayers(g)
}

// pgnPlayers describes a game for its error messages: "White - Black, Round R".
func pgnPlayers(g *PGNGame) string {
	white, black, round := g.Tag("White"), g.Tag("Black"), g.Tag("Round")
	if white == "" && black == "" {
		return ""
	}
	white, black, round = cutText(white, maxQuoted), cutText(black, maxQuoted), cutText(round, maxQuoted)
	if round != "" && round != "?" && round != "-" {
		return white + " - " + black + ", Round " + round // one allocation
	}
	return white + " - " + black
}

// repeatsTag reports whether the tag pair at pos names a tag the game already has: after a
// blank line, that starts the next tag-only record.
func (b *pgnBuilder) repeatsTag() bool {
	s := &b.r.s
	i := 1
	for {
		c, ok := s.peek(i)
		if !ok || c != ' ' && c != '\t' {
			break
		}
		i++
	}
	j := i
	for {
		c, ok := s.peek(j)
		if !ok || pgnDelim[c] {
			break
		}
		j++
	}
	return b.hasTag(s.buf[s.pos+i : s.pos+j])
}

// hasTag reports whether the game has a tag named name. Past a few tags it looks in an
// index, so that a game of many tags costs O(1) a tag, not O(tags).
func (b *pgnBuilder) hasTag(name []byte) bool {
	if b.tagIndex != nil {
		_, ok := b.tagIndex[string(name)]
		return ok
	}
	for _, t := range b.g.Tags {
		if t.Name == string(name) {
			return true
		}
	}
	return false
}

// addTag adds a tag. Its value goes into tagText after the values before it, to become part
// of one string in keepTags; a long value gets a string of its own at once, so that it is
// copied only once.
func (b *pgnBuilder) addTag(name string, value []byte) {
	r := b.r
	t := Tag{Name: name}
	if len(value) > 256 {
		t.Value = string(value)
	} else {
		r.tagText = append(r.tagText, value...)
	}
	r.tagEnds = append(r.tagEnds, len(r.tagText))
	b.g.Tags = append(b.g.Tags, t)
	switch {
	case b.tagIndex != nil:
		b.tagIndex[t.Name] = struct{}{}
	case len(b.g.Tags) > 32:
		b.tagIndex = make(map[string]struct{}, 2*len(b.g.Tags))
		for _, t := range b.g.Tags {
			b.tagIndex[t.Name] = struct{}{}
		}
	}
}

// tagPair reads one [Name "Value"].
func (b *pgnBuilder) tagPair() {
	s := &b.r.s
	s.mark()
	s.pos++ // [
	skipInline(s)
	s.mark()
	s.symbol()
	name := s.tok
	nameAt := tokenPos{s.tokLine, s.tokCol, s.tokOff}
	if len(name) == 0 {
		b.problem(false, ErrBadTag, "empty tag name", "")
		skipTagRest(s)
		return
	}
	if !validTagName(name) {
		b.problem(false, ErrBadTag, "a tag name is letters, digits and _ and starts with a letter", "")
		skipTagRest(s)
		return
	}
	nameStr := tagName(name)
	skipInline(s)
	s.mark()
	at := tokenPos{s.tokLine, s.tokCol, s.tokOff}
	var value []byte // in the scanner's buffer or r.unescape, valid until the next tag
	bad := false
	if c, ok := s.peek(0); ok && c == '"' {
		closed, escaped := s.quoted()
		value = s.tok
		if escaped {
			b.r.unescape = unescapeTag(b.r.unescape[:0], s.tok)
			value = b.r.unescape
		}
		if !closed {
			b.problem(false, ErrBadTag, "tag value without its closing quote", "")
			bad = true
		}
	} else {
		s.symbol()
		value = s.tok
		b.problem(false, ErrBadTag, "tag value must be in double quotes", "")
		bad = true
	}
	skipInline(s)
	if c, ok := s.peek(0); ok && c == ']' {
		s.pos++
	} else if !bad {
		s.mark()
		if ok && c == '"' || ok && c != '\n' && c != '\r' && c != '[' {
			start := s.pos
			skipTagRest(s)
			s.tok = s.buf[start:s.pos] // the text after the value, not the value
			b.problem(false, ErrBadTag, "unescaped '\"' in the tag value or text after it", "")
		} else {
			s.tok = nil
			b.problem(false, ErrBadTag, "missing ']' after the tag pair", "")
		}
	} else {
		skipTagRest(s)
	}
	if b.hasTag(name) {
		b.at(nameAt, nameStr)
		b.problem(false, ErrBadTag, "duplicate tag "+cutText(nameStr, maxQuoted)+": the first value is kept", "")
		return
	}
	if nameStr == "Result" {
		switch string(value) {
		case "1-0", "0-1", "1/2-1/2", "*":
		case "":
			b.problem(true, ErrPGNWarning, "empty Result tag", "")
		default:
			b.problem(false, ErrBadTag, "Result must be 1-0, 0-1, 1/2-1/2 or *", "")
		}
	}
	switch nameStr {
	case "Variant":
		b.variantAt = at
	case "FEN":
		b.fenAt = at
	case "Result":
		b.resultTagAt = at
	}
	b.addTag(nameStr, value)
}

// commonTags are the tag names real files repeat in every game: reading them allocates nothing.
var commonTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo",
	"ECO", "Opening", "Variation", "TimeControl", "Termination", "UTCDate", "UTCTime", "WhiteRatingDiff",
	"BlackRatingDiff", "WhiteTitle", "BlackTitle", "Variant", "SetUp", "FEN", "PlyCount", "EventDate", "Annotator"}

func tagName(name []byte) string {
	for _, t := range commonTags {
		if string(name) == t {
			return t
		}
	}
	return string(name)
}

func validTagName(name []byte) bool {
	for i, c := range name {
		if !tagNameByte(c, i == 0) {
			return false
		}
	}
	return true
}

// tagNameByte reports whether c may stand in a tag name (§8.1.1: letters, digits and "_",
// starting with a letter); first says whether it is the name's first byte.
func tagNameByte(c byte, first bool) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || !first && (c >= '0' && c <= '9' || c == '_')
}

// unescapeTag appends the tag value raw without its escapes (\" and \\) to dst.
func unescapeTag(dst, raw []byte) []byte {
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' && i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			i++
		}
		dst = append(dst, raw[i])
	}
	return dst
}

// skipInline skips spaces and tabs, not line ends.
func skipInline(s *pgnScanner) {
	for {
		c, ok := s.peek(0)
		if !ok || c != ' ' && c != '\t' {
			return
		}
		s.pos++
	}
}

// skipTagRest skips a broken tag pair up to its "]" or the end of its line.
func skipTagRest(s *pgnScanner) {
	for {
		c, ok := s.peek(0)
		if !ok || c == '\n' || c == '\r' {
			return
		}
		s.pos++
		if c == ']' {
			return
		}
	}
}

// setUp returns the starting position from the SetUp, FEN and Variant tags (PGN Standard
// §9.7) and marks an unsupported variant.
func (b *pgnBuilder) setUp() Position {
	start := StartingPosition()
	chess960 := false
	if v := b.g.Tag("Variant"); v != "" {
		switch variantKind(v) {
		case variantStandard:
		case variant960:
			chess960 = true
		default:
			b.unsupp = true
			b.at(b.variantAt, v)
			b.problem(false, ErrUnsupportedVariant, "variant "+quoteCut(v, maxQuoted)+" is not supported: only standard chess and Chess960", "")
			return start
		}
	}
	if fen := b.g.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			b.unsupp = true // nothing to replay the moves on
			b.at(b.fenAt, fen)
			b.problem(false, fmt.Errorf("%w: %w", ErrBadFEN, err), "bad FEN tag: "+err.Error(), "")
			return start
		}
		start = p
	}
	if chess960 {
		start = start.WithChess960(true)
	}
	return start
}

const (
	variantStandard = iota
	variant960
	variantOther
)

// variantKind classifies a Variant tag value, case-insensitively.
func variantKind(v string) int {
	v = strings.TrimSpace(v)
	for _, name := range variantsStandard {
		if strings.EqualFold(v, name) {
			return variantStandard
		}
	}
	for _, name := range variants960 {
		if strings.EqualFold(v, name) {
			return variant960
		}
	}
	return variantOther
}

// The spellings of the Variant tag for standard chess and for Chess960 in real files.
var (
	variantsStandard = []string{"", "standard", "chess", "normal", "from position", "fromposition", "classical"}
	variants960      = []string{"chess960", "chess 960", "960", "fischerandom", "fischerrandom", "fischer random",
		"fischer random chess", "frc", "chess960 (fischer random)", "fischer random (chess960)"}
)

// movetext reads the movetext of a game (PGN Standard §8.2) up to its termination marker, the
// next tag section, or the end of the input.
func (b *pgnBuilder) movetext(maxTokens, maxDepth int) {
	s := &b.r.s
	r := b.r
	for {
		ended := s.ended
		s.skipSpace()
		c, ok := s.peek(0)
		if !ok {
			r.endHere(ended)
			return
		}
		if c == '[' {
			return // the next game's tags (no token of this game): this one had no termination marker
		}
		b.tokens++
		if b.tokens > maxTokens {
			s.mark()
			b.budgetExceeded(fmt.Sprintf("the game has more than %d tokens", maxTokens))
			return
		}
		s.mark()
		// comments or escape lines before a tag section make no game of their own
		if c != '{' && c != ';' && (c != '%' || !s.atLineStart()) {
			b.content = true
		}
		switch c {
		case '{':
			closed := s.braceComment()
			if !closed {
				if s.over {
					return
				}
				s.tok = []byte("{")
				b.problem(false, ErrUnterminatedComment, "comment opened here is never closed: it swallows the rest of the input", "")
				return
			}
			b.comment(s.tok)
		case ';':
			s.lineComment()
			b.comment(s.tok)
		case '%':
			if s.atLineStart() {
				s.skipLine() // an escape line (§6)
				continue
			}
			s.pos++
			s.tok = s.buf[s.pos-1 : s.pos]
			b.problem(false, ErrSyntax, "unexpected '%'", "")
		case '(':
			if len(r.frames) > maxDepth {
				b.budgetExceeded(fmt.Sprintf("variations nested deeper than %d", maxDepth)) // at the "("
				return
			}
			s.pos++
			s.tok = s.buf[s.pos-1 : s.pos]
			b.open()
		case ')':
			s.pos++
			s.tok = s.buf[s.pos-1 : s.pos]
			b.close()
		case '$':
			s.pos++
			s.symbol()
			n, err := strconv.Atoi(string(s.tok))
			if err != nil || n < 0 || n > 255 || len(s.tok) == 0 {
				b.problem(false, ErrSyntax, "a NAG is $0 to $255", "")
				continue
			}
			b.nag(NAG(n))
		case '\\':
			s.pos++
			s.tok = s.buf[s.pos-1 : s.pos]
			b.problem(true, ErrPGNWarning, "stray backslash ignored", "")
		case '"':
			s.quoted()
			b.problem(false, ErrSyntax, "unexpected string in movetext", "")
		case '<', '>', ']', '}':
			s.pos++
			s.tok = s.buf[s.pos-1 : s.pos]
			if !b.full(false) {
				b.problem(false, ErrSyntax, fmt.Sprintf("unexpected %q", c), "")
			}
		default:
			s.symbol()
			if b.symbol() {
				return
			}
		}
	}
}

// symbol handles a symbol token of movetext; true when it was the termination marker.
func (b *pgnBuilder) symbol() bool {
	s := &b.r.s
	t := s.tok
	switch string(t) {
	case "1-0", "0-1", "1/2-1/2", "*":
		b.g.Result = string(t)
		b.resultAt = tokenPos{s.tokLine, s.tokCol, s.tokOff}
		b.afterResult()
		return true
	case "--", "Z0", "0000":
		b.nullMove()
		return false
	case "e.p.":
		return false // the previous move's en-passant remark
	}
	if onlyDots(t) {
		return false // "1. ... Ba5": the dots of a move number written apart
	}
	if t[0] >= '0' && t[0] <= '9' && !bytes.HasPrefix(t, []byte("0-0")) {
		n := 0
		for n < len(t) && t[n] >= '0' && t[n] <= '9' {
			n++
		}
		rest := t[n:]
		dots := 0
		for len(rest) > 0 {
			if rest[0] == '.' {
				rest, dots = rest[1:], dots+1
			} else if bytes.HasPrefix(rest, []byte("…")) {
				rest, dots = rest[len("…"):], dots+3
			} else {
				break
			}
		}
		if dots == 0 && len(rest) > 0 {
			b.problem(false, ErrSyntax, "not a move, move number or result", "")
			return false
		}
		if n == 1 && t[0] == '1' && dots == 1 && len(b.r.frames) == 1 && b.mainMoves >= 2 && s.tokCol == b.lineIndent() {
			// "1." opening a line after a game without a termination marker: a new game
			s.pos = int(s.tokOff - s.base)
			return true
		}
		if n > 9 {
			b.problem(false, ErrSyntax, "move number too large", "")
		} else {
			num, _ := strconv.Atoi(string(t[:n]))
			b.moveNumber(num, dots)
		}
		if len(rest) == 0 {
			return false
		}
		s.tok = rest
		s.tokCol += len(t) - len(rest)
		s.tokOff += int64(len(t) - len(rest))
		t = rest
	}
	// Suffix annotations: !, ?, !!, ??, !?, ?! are NAGs 1-6 (§8.2.3.8).
	end := len(t)
	for end > 0 && (t[end-1] == '!' || t[end-1] == '?') {
		end--
	}
	if end == 0 || isNAGSymbol(t) {
		if nag, ok := glyphNAG(t); ok {
			b.nag(nag)
			if end != 0 && !b.full(true) {
				b.problem(true, ErrPGNWarning, "annotation symbol "+strconv.Quote(string(t))+" read as $"+strconv.Itoa(int(nag)), "")
			}
			return false
		}
		b.problem(false, ErrSyntax, "unknown annotation", "")
		return false
	}
	glyph := t[end:]
	b.move(t[:end])
	if len(glyph) > 0 {
		if nag, ok := glyphNAG(glyph); ok {
			b.nag(nag)
		} else if !b.full(false) {
			b.problem(false, ErrSyntax, "unknown move suffix "+quoteCut(glyph, maxQuoted), "")
		}
	}
	return false
}

func onlyDots(t []byte) bool {
	for len(t) > 0 {
		switch {
		case t[0] == '.':
			t = t[1:]
		case bytes.HasPrefix(t, []byte("…")):
			t = t[len("…"):]
		default:
			return false
		}
	}
	return true
}

// lineIndent returns the column of the first token of the current token's line.
func (b *pgnBuilder) lineIndent() int {
	s := &b.r.s
	if s.lineOff < b.start {
		return -1 // the line began before this game: the token is not at its start
	}
	start := int(s.lineOff - s.base)
	i := start
	for i < len(s.buf) && (s.buf[i] == ' ' || s.buf[i] == '\t') {
		i++
	}
	return i - start + 1
}

// afterResult skips what follows the termination marker on its line ("1-0 ff", "* *"),
// which belongs to no game, with a warning.
func (b *pgnBuilder) afterResult() {
	s := &b.r.s
	skipInline(s)
	c, ok := s.peek(0)
	if !ok || c == '\n' || c == '\r' || c == '[' {
		return
	}
	s.mark()
	start := s.pos
	for {
		c, ok := s.peek(0)
		if !ok || c == '\n' || c == '\r' {
			break
		}
		s.pos++
	}
	s.tok = s.buf[start:s.pos]
	b.problem(true, ErrPGNWarning, "text after the termination marker ignored", "")
}

// glyphNAG maps the import suffixes (§8.2.3.8) and common evaluation symbols to NAGs.
func glyphNAG(t []byte) (NAG, bool) {
	switch string(t) {
	case "!":
		return 1, true
	case "?":
		return 2, true
	case "!!":
		return 3, true
	case "??":
		return 4, true
	case "!?":
		return 5, true
	case "?!":
		return 6, true
	case "=":
		return 10, true
	case "∞":
		return 13, true
	case "+/=", "⩲":
		return 14, true
	case "=/+", "⩱":
		return 15, true
	case "+/-", "±":
		return 16, true
	case "-/+", "∓":
		return 17, true
	case "+-":
		return 18, true
	case "-+":
		return 19, true
	}
	return 0, false
}

func isNAGSymbol(t []byte) bool {
	_, ok := glyphNAG(t)
	return ok && (t[0] == '=' || t[0] == '+' || t[0] == '-' || t[0] >= 0x80)
}

func (b *pgnBuilder) moveNumber(num, dots int) {
	f := b.top()
	if f.skip {
		return
	}
	f.numbered = true
	if num != int(f.pos.fullmove) && !b.full(true) {
		b.problem(true, ErrPGNWarning, fmt.Sprintf("move number %d where %d was expected", num, f.pos.fullmove), "")
	}
}

// moveFrame counts a move token of the main line, played or not, and returns the line it is
// played in, or nil when an error ended that line.
func (b *pgnBuilder) moveFrame() *pgnFrame {
	if len(b.r.frames) == 1 {
		b.mainMoves++
	}
	if f := b.top(); !f.skip {
		return f
	}
	return nil
}

// move plays a SAN token in the current line.
func (b *pgnBuilder) move(tok []byte) {
	f := b.moveFrame()
	if f == nil {
		return
	}
	s := &b.r.s
	if !f.numbered && (f.pos.turn == White || !f.moved) && !b.full(true) {
		b.problem(true, ErrPGNWarning, "missing move number", moveLabel(&f.pos, tok))
	}
	var sp sanParts
	m, dev, err := f.pos.parseSAN(unsafe.String(&tok[0], len(tok)), &sp) // tok outlives no success
	if err != nil {
		msg := err.Error()
		var se *SANError
		if errors.As(err, &se) {
			se.Input = strings.Clone(se.Input)
			msg = se.Err.Error()
			if se.Reason != "" {
				msg += ": " + se.Reason
			}
			if len(se.Candidates) > 0 {
				msg += " (" + strings.Join(se.Candidates, ", ") + ")"
			}
		}
		if !f.pos.hasLegalMove() {
			msg += " (the game is over: " + map[bool]string{true: "checkmate", false: "stalemate"}[f.pos.InCheck()] + ")"
		}
		b.problem(false, err, msg, moveLabel(&f.pos, tok))
		f.skip = true
		return
	}
	if dev &^= SANMissingCheck; dev != 0 && (b.r.StrictSAN || !b.full(true)) {
		if b.r.StrictSAN {
			b.problem(false, &SANError{Input: string(tok), Err: ErrSyntax, Reason: "not exact SAN: " + dev.String()}, "not exact SAN: "+dev.String(), moveLabel(&f.pos, tok))
			f.skip = true
			return
		}
		b.problem(true, ErrPGNWarning, "lenient SAN: "+dev.String(), moveLabel(&f.pos, tok))
	}
	b.played(f, m, s.tokLine, s.tokCol)
}

func (b *pgnBuilder) nullMove() {
	f := b.moveFrame()
	if f == nil {
		return
	}
	s := &b.r.s
	if f.pos.InCheck() {
		b.problem(false, ErrIllegalMove, "illegal move: a null move cannot be played in check", moveLabel(&f.pos, s.tok))
		f.skip = true
		return
	}
	b.played(f, NullMove, s.tokLine, s.tokCol)
}

// checkBoardEnd looks, after a main-line move, for the automatic endings of the FIDE Laws
// other than checkmate and stalemate (a move after those is illegal; finish finds them):
// material and dead positions only change on captures and pawn moves, fivefold repetition
// needs 16 reversible plies, and the 75-move rule a clock of 150.
func (b *pgnBuilder) checkBoardEnd(f *pgnFrame) {
	p := &f.pos
	if p.halfmove == 0 || p.castling != f.prev.castling {
		b.repKeys = b.repKeys[:0]
	}
	k := p.repetitionKey()
	b.repKeys = append(b.repKeys, k)
	switch {
	case p.halfmove == 0 && p.IsInsufficientMaterial():
		b.g.BoardEnd = InsufficientMaterial
	case p.halfmove == 0 && p.IsDeadPosition():
		b.g.BoardEnd = DeadPosition
	case len(b.repKeys) >= 17 && countKey(b.repKeys, k) >= 5:
		b.g.BoardEnd = FivefoldRepetition
	case p.halfmove >= 150:
		b.g.BoardEnd = SeventyFiveMoves
		if !p.hasLegalMove() && p.InCheck() {
			b.g.BoardEnd = Checkmate // mate on the 75th move takes precedence (9.6.2)
		}
	}
}

// countKey counts the positions of keys, from the last one back by two plies (the same side
// to move), that have the last one's key.
func countKey(keys []uint64, k uint64) int {
	n := 0
	for i := len(keys) - 1; i >= 0; i -= 2 {
		if keys[i] == k {
			n++
		}
	}
	return n
}

// played records the legal move m in line f.
func (b *pgnBuilder) played(f *pgnFrame, m Move, line, col int) {
	if f.skip {
		return
	}
	f.prev = f.pos
	if m == NullMove {
		f.pos, _ = f.pos.PlayNull()
	} else {
		f.pos.play(m)
	}
	f.moved, f.numbered = true, false
	if len(b.r.frames) == 1 {
		b.g.Plies++
		if b.g.BoardEnd != NoTermination {
			if !b.full(true) {
				b.problem(true, ErrPGNWarning, "move played after the game ended on the board ("+b.g.BoardEnd.String()+")", moveLabel(&f.prev, b.r.s.tok))
			}
		} else {
			b.checkBoardEnd(f)
		}
	}
	if f.node == nil {
		return
	}
	n := b.newNode()
	n.Parent, n.Move, n.Position, n.Line, n.Column = f.node, m, f.pos, line, col
	if len(f.pending) > 0 {
		n.StartingComments, f.pending = f.pending, nil
	}
	f.node.Children = append(f.node.Children, n)
	f.prevNode, f.node = f.node, n
}

func (b *pgnBuilder) comment(raw []byte) {
	f := b.top()
	if f.skip || f.node == nil {
		return
	}
	text := foldComment(raw)
	switch {
	case f.moved:
		f.node.Comments = append(f.node.Comments, text)
	case len(b.r.frames) == 1:
		f.node.Comments = append(f.node.Comments, text) // the root: a comment before the first move
	default:
		f.pending = append(f.pending, text)
	}
}

// foldComment makes a comment's text: line breaks read as spaces (an export writer may wrap a
// comment at any space, §8.2.1), and the white space around it is trimmed.
func foldComment(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if bytes.IndexByte(raw, '\n') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return string(raw)
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			out = append(out, ' ')
		case '\n':
			out = append(out, ' ')
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

func (b *pgnBuilder) nag(n NAG) {
	f := b.top()
	if f.skip {
		return
	}
	if !f.moved {
		// a NAG annotates a move (§8.2.4): before the first move there is none, and the
		// root keeps no NAGs; checked with or without a tree
		b.problem(false, ErrSyntax, "a NAG before the first move", "")
		return
	}
	if f.node != nil {
		f.node.NAGs = append(f.node.NAGs, n)
	}
}

// open starts a variation (RAV, §8.2.5): an alternative to the last move of the current line.
func (b *pgnBuilder) open() {
	s := &b.r.s
	f := b.top()
	nf := pgnFrame{openLine: s.tokLine, openCol: s.tokCol, openOff: s.tokOff}
	switch {
	case f.skip:
		nf.skip = true
	case !f.moved:
		b.problem(false, ErrUnbalancedRAV, "a variation before any move it could replace", "")
		nf.skip = true
	case b.r.SkipVariations:
		nf.skip = true
	default:
		nf.pos = f.prev
		if f.node != nil {
			nf.node = f.prevNode
		}
	}
	b.r.frames = append(b.r.frames, nf)
}

func (b *pgnBuilder) close() {
	if len(b.r.frames) == 1 {
		b.problem(false, ErrUnbalancedRAV, "')' without its '('", "")
		return
	}
	b.r.frames = b.r.frames[:len(b.r.frames)-1]
}

// finish checks what can only be checked at the end of the game.
func (b *pgnBuilder) finish() {
	g := b.g
	s := &b.r.s
	for _, f := range b.r.frames[1:] {
		if b.overBudget || len(b.errs) >= b.maxErrs {
			break // after a budget error the open variations were abandoned, not left open
		}
		e := &PGNError{Game: g.Index, GameLine: g.Line, Players: b.players, Line: f.openLine, Column: f.openCol,
			Offset: f.openOff, Token: "(", Message: "variation opened here is never closed", Err: ErrUnbalancedRAV}
		b.errs = append(b.errs, e)
	}
	main := &b.r.frames[0]
	g.Final = main.pos
	if main.node != nil {
		main.node = nil
	}
	tagResult := g.Tag("Result")
	s.tok = nil
	s.mark()
	s.tokLine, s.tokCol = s.line, 1
	switch {
	case g.Result == "" && !b.unsupp && (g.Plies > 0 || len(g.Tags) > 0):
		b.problem(true, ErrPGNWarning, "no termination marker (1-0, 0-1, 1/2-1/2 or *) at the end of the game", "")
	case g.Result != "" && tagResult != "" && g.Result != tagResult:
		b.at(b.resultAt, g.Result)
		b.problem(true, ErrPGNWarning, "the Result tag says "+cutText(tagResult, maxQuoted)+" but the movetext ends with "+g.Result, "")
	}
	declared := g.Result
	if declared == "" {
		declared = tagResult
	}
	if b.unsupp || main.skip {
		return
	}
	if !main.pos.hasLegalMove() {
		if g.BoardEnd == NoTermination {
			g.BoardEnd = Stalemate
			if main.pos.InCheck() {
				g.BoardEnd = Checkmate
			}
		}
		want := "1/2-1/2"
		what := "stalemate"
		if main.pos.InCheck() {
			want, what = "1-0", "checkmate"
			if main.pos.turn == White {
				want = "0-1"
			}
		}
		if declared != "" && declared != "*" && declared != want {
			if g.Result != "" {
				b.at(b.resultAt, g.Result)
			} else {
				b.at(b.resultTagAt, tagResult)
			}
			b.problem(false, ErrWrongResult, "the game ends in "+what+" but the result is "+cutText(declared, maxQuoted), "")
		}
	}
}

// Command returns the argument of the first embedded command [%name …] in the node's
// comments, the form lichess and ChessBase write ([%clk 0:03:00], [%eval -1.25],
// [%csl Ga4], [%cal Ga1a8]), with the white space around it trimmed.
func (n *PGNNode) Command(name string) (string, bool) {
	for _, c := range n.Comments {
		for rest := c; ; {
			i := strings.Index(rest, "[%")
			if i < 0 {
				break
			}
			rest = rest[i+2:]
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				break
			}
			cmd := rest[:end]
			rest = rest[end+1:]
			if strings.HasPrefix(cmd, name) && len(cmd) > len(name) && (cmd[len(name)] == ' ' || cmd[len(name)] == '\t') {
				return strings.TrimSpace(cmd[len(name):]), true
			}
		}
	}
	return "", false
}

// Clock returns the player's remaining time after the move, from [%clk H:MM:SS] (fractions
// of a second allowed), and false when there is none or it does not parse.
func (n *PGNNode) Clock() (time.Duration, bool) {
	s, ok := n.Command("clk")
	if !ok {
		return 0, false
	}
	return parseClockTime(s)
}

// ElapsedMoveTime returns the time the move took, from [%emt H:MM:SS].
func (n *PGNNode) ElapsedMoveTime() (time.Duration, bool) {
	s, ok := n.Command("emt")
	if !ok {
		return 0, false
	}
	return parseClockTime(s)
}

func parseClockTime(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, false
	}
	var d time.Duration
	for i, p := range parts {
		unit := time.Duration(1)
		for j := i; j < len(parts)-1; j++ {
			unit *= 60
		}
		if i == len(parts)-1 {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil || f < 0 {
				return 0, false
			}
			d += time.Duration(f * float64(time.Second))
			continue
		}
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return 0, false
		}
		d += time.Duration(v) * unit * time.Second
	}
	return d, true
}

// Eval is an engine evaluation from White's point of view: Mate != 0 means mate in |Mate|
// moves (positive: White mates, negative: Black mates); otherwise Centipawns is the score in
// hundredths of a pawn.
type Eval struct {
	Centipawns int
	Mate       int
}

// Eval returns the evaluation of [%eval 0.35], [%eval -1.25] or [%eval #-3] (a depth after a
// comma, "[%eval 0.35,22]", is ignored), and false when there is none or it does not parse.
func (n *PGNNode) Eval() (Eval, bool) {
	s, ok := n.Command("eval")
	if !ok {
		return Eval{}, false
	}
	if i := strings.IndexByte(s, ','); i >= 0 {
		s = s[:i]
	}
	if strings.HasPrefix(s, "#") {
		m, err := strconv.Atoi(s[1:])
		if err != nil || m == 0 {
			return Eval{}, false
		}
		return Eval{Mate: m}, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f > 1e6 || f < -1e6 {
		return Eval{}, false
	}
	cp := f * 100
	if cp < 0 {
		cp -= 0.5
	} else {
		cp += 0.5
	}
	return Eval{Centipawns: int(cp)}, true
}
