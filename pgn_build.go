package chess

// The state of the game being read, and how its problems are recorded.

import (
	"strconv"
)

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
	r           *PGNReader
	g           *PGNGame
	errs        ErrorList
	tokens      int
	maxErrs     int
	players     string // pgnPlayers of the game, once playersMade
	playersMade bool
	tagsKept    bool // keepTags has given the game its tags
	slab        []PGNNode
	unsupp      bool
	tagOnly     bool                // the game is a tag-only record: the next game's tags follow at once
	content     bool                // the movetext has a token other than comments
	mainMoves   int                 // move tokens of the main line, played or not
	start       int64               // input offset where the game's text begins
	reps        repetitions         // of the main line
	overAtStart bool                // the starting position is already over (BoardEnd): moves after it are no warning
	overBudget  bool                // the game ended with ErrBudget
	tagIndex    map[string]struct{} // the tag names, once there are many

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

// problem records an error or a warning at the current token, up to MaxErrors of each, and
// returns it (nil past MaxErrors).
func (b *pgnBuilder) problem(warning bool, err error, msg string, move string) *PGNError {
	s := &b.r.s
	if b.full(warning) {
		return nil
	}
	tok := string(s.tok)
	if len(tok) > 40 {
		tok = tok[:40]
	}
	e := &PGNError{Game: b.g.Index, GameLine: b.g.Line, Players: b.playerLabel(), Line: s.tokLine, Column: s.tokCol,
		Offset: s.tokOff, Move: move, Token: tok, Warning: warning, Message: msg, Err: err}
	if move != "" && len(b.r.frames) > 0 {
		e.Ply = plyOf(b.top())
	}
	if warning {
		b.g.Warnings = append(b.g.Warnings, e)
		return e
	}
	b.errs = append(b.errs, e)
	return e
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

// newNode returns a zeroed node from the game's slab: nodes come in blocks, not one by one.
func (b *pgnBuilder) newNode() *PGNNode {
	if len(b.slab) == cap(b.slab) {
		b.slab = make([]PGNNode, 0, 64)
	}
	b.slab = b.slab[:len(b.slab)+1]
	return &b.slab[len(b.slab)-1]
}
