package chess

// The parser: the tokens of one game (pgn_scan.go) become its tags (pgn_tagsection.go) and
// the events of its movetext (pgn_movetext.go), which go to one consumer chosen for the game:
// the validator (pgn_replay.go), the tree builder (pgn_build.go), the tags-only reader
// (pgnSyntaxOnly) or the skip-variations reader (pgnSkipVariations) around one of the first
// two. The parser checks the syntax; the consumers give the events their meaning.

import (
	"sort"
	"strconv"
)

// pgnEvents consumes the events of a game's movetext (PGN Standard §8.2), in file order.
// Events inside a variation or a line it skips are not sent to it.
type pgnEvents interface {
	// begin starts a game at its starting position (after the tag section, §9.7).
	begin(p *pgnParser, start Position)
	// moveNumber is a move number indication (§8.2.2): num, followed by dots periods.
	moveNumber(num, dots int)
	// move is a SAN move (§8.2.3) without its suffix annotation; skipLine ends the current
	// line for this consumer: the rest of it, up to its variation's end, is not sent.
	move(san []byte) (skipLine bool)
	// nullMove is "--", "Z0" or "0000".
	nullMove() (skipLine bool)
	// nag is a NAG (§8.2.4) or a suffix annotation read as one (§8.2.3.8).
	nag(n NAG)
	// comment is the text inside a comment (§5), braces or ";" left out; sent only to a
	// consumer that keeps comments (pgnParser.comments).
	comment(raw []byte)
	// variationStart is a "(" (§8.2.5); skip leaves the variation out: its events, up to
	// its ")", are not sent, nor is its end.
	variationStart() (skip bool)
	// variationEnd is the ")" of a variation that was not skipped.
	variationEnd()
	// end ends the game: the movetext is read (its termination marker, if any, in the game).
	end()
}

// pgnSyntaxOnly is the consumer that takes no event: the tags-only reader, a game of an
// unsupported variant, and what a line or variation skipped by another consumer holds. Its
// movetext is only checked for syntax, by the parser.
type pgnSyntaxOnly struct{}

func (pgnSyntaxOnly) begin(*pgnParser, Position) {}
func (pgnSyntaxOnly) moveNumber(int, int)        {}
func (pgnSyntaxOnly) move([]byte) bool           { return false }
func (pgnSyntaxOnly) nullMove() bool             { return false }
func (pgnSyntaxOnly) nag(NAG)                    {}
func (pgnSyntaxOnly) comment([]byte)             {}
func (pgnSyntaxOnly) variationStart() bool       { return true }
func (pgnSyntaxOnly) variationEnd()              {}
func (pgnSyntaxOnly) end()                       {}

// pgnSkipVariations is the skip-variations reader: the events of the main line go to the
// consumer it wraps, and every variation is skipped (after lines checks that it may stand
// there).
type pgnSkipVariations struct {
	pgnEvents
	lines *pgnValidator
}

func (w *pgnSkipVariations) variationStart() bool {
	w.lines.mayBranch()
	return true
}

// pgnParser reads one game from the scanner's tokens: the tag section into the game, the
// movetext as events to its consumer ev. It records the game's problems.
type pgnParser struct {
	r           *PGNReader
	s           *pgnScanner
	g           *PGNGame
	ev          pgnEvents // the game's consumer (pgnSyntaxOnly while skipping)
	comments    bool      // the game's consumer keeps comments: they are sent to ev
	errs        ErrorList
	tokens      int
	maxErrs     int
	players     string // pgnPlayers of the game, once playersMade
	playersMade bool
	tagsKept    bool                // keepTags has given the game its tags
	unsupp      bool                // an unsupported variant or a bad FEN: no moves to replay
	tagOnly     bool                // the game is a tag-only record: the next game's tags follow at once
	content     bool                // the movetext has a token other than comments
	mainMoves   int                 // move tokens of the main line, played or not
	start       int64               // input offset where the game's text begins
	overBudget  bool                // the game ended with ErrBudget
	tagIndex    map[string]struct{} // the tag names, once there are many
	knownTags   uint32              // the tags of knownTagNames the game has, a bit each

	opens []tokenPos // where the "(" of each open variation is, the innermost last

	// skipping: the events from the variation (or line) at depth skipDepth on go to
	// pgnSyntaxOnly, the game's consumer waiting in saved; skipEnd: the consumer saw that
	// line's start (it ended the line itself) and gets its end
	skipping  bool
	skipEnd   bool
	skipDepth int
	saved     pgnEvents

	variantAt, fenAt, resultTagAt tokenPos // where the values of the Variant, FEN and Result tags are
	resultAt                      tokenPos // where the termination marker is
	resultEnd                     int64    // the offset just past it
}

// skip sends the events from the current depth (a variation just opened, or the line of the
// current depth) on to pgnSyntaxOnly, up to the ")" that ends it; sawStart says whether the
// consumer saw the line start, and gets its end.
func (p *pgnParser) skip(sawStart bool) {
	p.skipping, p.skipEnd, p.skipDepth, p.saved = true, sawStart, len(p.opens), p.ev
	p.ev = pgnSyntaxOnly{}
}

// problem records an error or a warning at the current token, up to MaxErrors of each, and
// returns it (nil past MaxErrors). move is the move it is about, as moveLabel writes it, or "".
func (p *pgnParser) problem(warning bool, err error, msg string, move string) *PGNError {
	if p.full(warning) {
		return nil
	}
	return p.problemAt(p.s.at(), p.s.tok, warning, err, msg, move)
}

// problemAt records a problem at the token tok at at.
func (p *pgnParser) problemAt(at tokenPos, tok []byte, warning bool, err error, msg string, move string) *PGNError {
	if p.full(warning) {
		return nil
	}
	text := string(tok[:min(len(tok), 40)])
	e := &PGNError{Game: p.g.Index, GameLine: p.g.Line, Players: p.playerLabel(), Line: at.line, Column: at.col,
		Offset: at.off, Move: move, Token: text, Warning: warning, Message: msg, Err: err}
	if warning {
		p.g.Warnings = append(p.g.Warnings, e)
		return e
	}
	p.errs = append(p.errs, e)
	return e
}

// full reports whether the game has MaxErrors warnings (or errors) already: then a problem
// that can come at every token is not even put into words.
func (p *pgnParser) full(warning bool) bool {
	if warning {
		return len(p.g.Warnings) >= p.maxErrs
	}
	return len(p.errs) >= p.maxErrs
}

// moveLabel writes a move as books do: "12.e4" for White, "12...e5" for Black.
func moveLabel(pos *Position, tok []byte) string {
	dots := "."
	if pos.turn == Black {
		dots = "..."
	}
	return strconv.Itoa(int(pos.fullmove)) + dots + cutText(tok, maxQuoted)
}

func (p *pgnParser) budgetExceeded(msg string) {
	s := p.s
	p.overBudget = true
	p.maxErrs = max(p.maxErrs, len(p.errs)+1) // the budget error is recorded even past MaxErrors
	p.problemAt(s.here(), nil, false, ErrBudget, msg, "")
	if s.resync() {
		p.r.cleanEnd = true
	}
}

// finish checks what can only be checked at the end of the game, and ends it for its
// consumer.
func (p *pgnParser) finish() {
	g, s := p.g, p.s
	for _, at := range p.opens {
		if p.overBudget || len(p.errs) >= p.maxErrs {
			break // after a budget error the open variations were abandoned, not left open
		}
		e := &PGNError{Game: g.Index, GameLine: g.Line, Players: p.playerLabel(), Line: at.line, Column: at.col,
			Offset: at.off, Token: "(", Message: "variation opened here is never closed", Err: ErrUnbalancedRAV}
		p.errs = append(p.errs, e)
	}
	if p.skipping {
		p.ev, p.skipping = p.saved, false
	}
	if s.lineLimit > 0 {
		p.longLines()
	}
	tagResult := g.Tag("Result")
	here := s.here()
	here.col, here.off = 1, here.off-int64(here.col-1) // the start of the line where the game ends
	switch {
	case g.Result == "" && !p.unsupp && (g.Plies > 0 || len(g.Tags) > 0):
		p.problemAt(here, nil, true, ErrMissingResult, "no termination marker (1-0, 0-1, 1/2-1/2 or *) at the end of the game", "")
	case g.Result != "" && tagResult != "" && g.Result != tagResult:
		p.problemAt(p.resultAt, []byte(g.Result), true, ErrResultMismatch, "the Result tag says "+cutText(tagResult, maxQuoted)+" but the movetext ends with "+g.Result, "")
	}
	// the warning just added (at the start of the game's last line, at the marker) goes before
	// those after it in the input (on that line, after the marker), so Warnings stay in input order
	w := g.Warnings
	for i := len(w) - 1; i > 0 && w[i-1].Offset > w[i].Offset; i-- {
		w[i-1], w[i] = w[i], w[i-1]
	}
	p.ev.end()
}

// longLines records the game's lines longer than the reader's LineLimit (PGN Standard §4.3),
// among its warnings in file order.
func (p *pgnParser) longLines() {
	s := p.s
	s.endInput()
	if len(s.long) == 0 {
		return
	}
	for _, l := range s.long {
		p.problemAt(l.at, nil, true, ErrOverlongLine, "line of "+strconv.FormatInt(l.n, 10)+" characters, more than "+
			strconv.Itoa(s.lineLimit)+" with its line end", "")
	}
	s.long = s.long[:0]
	w := p.g.Warnings
	sort.SliceStable(w, func(i, j int) bool { return w[i].Offset < w[j].Offset })
}
