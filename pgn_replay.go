package chess

// The validator: the consumer of a game's events that replays its moves, variations
// included, and checks them and the game's end against the FIDE Laws, keeping no tree.

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"
)

// pgnLine is one line of play being replayed: the main line, or a variation inside it.
type pgnLine struct {
	pos      Position // the position now
	last     Move     // the line's last move (moved), and what takes it back: before() is the
	undo     undo     // position before it, seldom needed, so no copy of it is kept
	checkers uint64   // pos.checkers(), or unknownCheckers: found by each move's check test for the next
	moved    bool     // the line has a move, so a variation may follow
	numbered bool     // a move number came since the last move
	skip     bool     // an error ended this line
}

// before returns the position before the line's last move.
func (f *pgnLine) before() *Position {
	prev := f.pos
	prev.unplay(f.last, f.undo)
	return &prev
}

// pgnValidator replays the moves of a game (PGN Standard §8.2.3) in each of its lines and
// decides the game's end on the board (boardEnd, game.go).
type pgnValidator struct {
	p           *pgnParser
	g           *PGNGame
	lines       []pgnLine
	cur         *pgnLine    // the last of lines, the current line (setLines)
	reps        repetitions // of the main line
	overAtStart bool        // the starting position is already over (BoardEnd): moves after it are no warning
	last        Move        // the move played last
}

// top is the current line, the last of lines (kept in cur by setLines).
func (v *pgnValidator) top() *pgnLine { return v.cur }

// setLines makes lines the lines being replayed.
func (v *pgnValidator) setLines(lines []pgnLine) {
	v.lines, v.cur = lines, &lines[len(lines)-1]
}

// ply returns the ply of the current line's position.
func (v *pgnValidator) ply() int {
	f := v.top()
	return int(f.pos.fullmove)*2 + int(f.pos.turn) - 1
}

// moveProblem records a problem of the move tok played from pos.
func (v *pgnValidator) moveProblem(warning bool, err error, msg string, pos *Position, tok []byte) *PGNError {
	e := v.p.problem(warning, err, msg, moveLabel(pos, tok))
	if e != nil {
		e.Ply = v.ply()
	}
	return e
}

func (v *pgnValidator) begin(p *pgnParser, start Position) {
	v.p, v.g, v.overAtStart = p, p.g, false
	v.setLines(append(v.lines[:0], pgnLine{pos: start, checkers: unknownCheckers}))
	if repeats := v.reps.reset(&start); drawnOnBoard(&start, repeats) != NoTermination {
		v.g.BoardEnd = boardEnd(&start, repeats) // a game set up in a position already over
		v.overAtStart = true
	}
}

func (v *pgnValidator) moveNumber(num, dots int) {
	f := v.top()
	f.numbered = true
	if num != int(f.pos.fullmove) {
		v.moveNumberMismatch(num, f.pos.fullmove) // apart, so that moveNumber needs no frame
	}
}

func (v *pgnValidator) moveNumberMismatch(num int, want uint32) {
	if !v.p.full(true) {
		v.p.problem(true, ErrMoveNumberMismatch, fmt.Sprintf("move number %d where %d was expected", num, want), "")
	}
}

// move plays a SAN token in the current line.
func (v *pgnValidator) move(tok []byte) bool {
	f := v.top()
	p := v.p
	if !f.numbered && (f.pos.turn == White || !f.moved) && !p.full(true) {
		v.moveProblem(true, ErrMissingMoveNumber, "missing move number", &f.pos, tok)
	}
	checkers := f.checkers
	// On success f.undo becomes the move's. A refused move (StrictSAN) ends the line, which
	// needs no undo after it: the parser sends the line no more moves nor variations.
	san := unsafe.String(&tok[0], len(tok)) // tok outlives no success
	m, dev, ok := f.pos.playSANFast(san, &f.checkers, &f.undo)
	if !ok { // as playSANCheckers: the general way gives the answer or the error
		var err error
		if m, dev, err = f.pos.playSANParts(san, &f.checkers, &f.undo); err != nil {
			v.illegalMove(f, err, tok)
			return true
		}
	}
	if dev &^= SANMissingCheck; dev != 0 && (p.r.StrictSAN || !p.full(true)) {
		if v.lenientMove(f, m, dev, checkers, tok) {
			return true
		}
	}
	v.played(f, m)
	return false
}

// illegalMove records the error err of the move tok in line f, which it ends; apart from
// move, whose common path it keeps short, as lenientMove.
func (v *pgnValidator) illegalMove(f *pgnLine, err error, tok []byte) {
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
	v.moveProblem(false, err, msg, &f.pos, tok)
	f.skip = true
}

// lenientMove handles the move m just played in line f from tok, which deviates from exact
// SAN by dev: with StrictSAN it is refused (f is taken back to before it, checkers being its
// checkers then, and the line ends: lenientMove returns true), else a warning.
func (v *pgnValidator) lenientMove(f *pgnLine, m Move, dev SANDeviation, checkers uint64, tok []byte) (refused bool) {
	if v.p.r.StrictSAN {
		f.pos.unplay(m, f.undo) // the move is refused
		f.checkers = checkers
		if e := v.moveProblem(false, &SANError{Input: string(tok), Err: ErrSyntax, Reason: "not exact SAN: " + dev.String()}, "not exact SAN: "+dev.String(), &f.pos, tok); e != nil {
			e.Deviation = dev
		}
		f.skip = true
		return true
	}
	f.last = m
	if e := v.moveProblem(true, ErrLenientSAN, "lenient SAN: "+dev.String(), f.before(), tok); e != nil {
		e.Deviation = dev
	}
	return false
}

func (v *pgnValidator) nullMove() bool {
	f := v.top()
	tok := v.p.s.tok
	if f.pos.InCheck() {
		v.moveProblem(false, f.pos.sanIllegal(string(tok), 0, NullMove, false), "illegal move: a null move cannot be played in check", &f.pos, tok)
		f.skip = true
		return true
	}
	f.undo = f.pos.undoOf(NullMove)
	f.pos, _ = f.pos.PlayNull()
	f.checkers = unknownCheckers
	v.played(f, NullMove)
	return false
}

// nag checks that a NAG annotates a move (§8.2.4): before the first move there is none, and
// the root keeps no NAGs.
func (v *pgnValidator) nag(NAG) {
	if !v.top().moved {
		v.p.problem(false, ErrSyntax, "a NAG before the first move", "")
	}
}

func (v *pgnValidator) comment([]byte) {}

// mayBranch reports whether a variation may start here, an alternative to the last move of
// the current line; an error says why not.
func (v *pgnValidator) mayBranch() bool {
	if !v.top().moved {
		v.p.problem(false, ErrUnbalancedRAV, "a variation before any move it could replace", "")
		return false
	}
	return true
}

// variationStart starts a variation (RAV, §8.2.5) from the position before the last move.
func (v *pgnValidator) variationStart() bool {
	if !v.mayBranch() {
		return true
	}
	v.setLines(append(v.lines, pgnLine{pos: *v.top().before(), checkers: unknownCheckers}))
	return false
}

func (v *pgnValidator) variationEnd() { v.setLines(v.lines[:len(v.lines)-1]) }

// played records the legal move m, just played in line f to f.pos, f.undo its undo. After a
// main-line move it looks for the automatic endings of the FIDE Laws (boardEnd). Checkmate and
// stalemate it leaves to finish unless a draw holds as well (a move after them is illegal, so
// they can only end the line): that keeps the search for a legal move off the hot path.
func (v *pgnValidator) played(f *pgnLine, m Move) {
	f.moved, f.numbered, f.last = true, false, m
	v.last = m
	if len(v.lines) == 1 {
		v.g.Plies++
		if v.g.BoardEnd != NoTermination {
			v.playedAfterEnd(f)
		} else if repeats := v.reps.pushAfter(f.undo.castling, &f.pos); drawnOnBoard(&f.pos, repeats) != NoTermination {
			v.g.BoardEnd = boardEnd(&f.pos, repeats)
		}
	}
}

// playedAfterEnd warns of a main-line move after the game ended on the board; apart from
// played, whose common path it keeps short.
func (v *pgnValidator) playedAfterEnd(f *pgnLine) {
	if !v.overAtStart && !v.p.full(true) {
		v.moveProblem(true, ErrMovesAfterEnd, "move played after the game ended on the board ("+v.g.BoardEnd.String()+")", f.before(), v.p.s.tok)
	}
}

// end checks the game's end on the board: the automatic endings of the FIDE Laws, and the
// declared result against them.
func (v *pgnValidator) end() {
	g, p := v.g, v.p
	main := &v.lines[0]
	g.Final = main.pos
	if main.skip {
		return
	}
	if g.BoardEnd == NoTermination {
		g.BoardEnd = boardEnd(&main.pos, v.reps.count(v.reps.keys[len(v.reps.keys)-1]))
	}
	tagResult := g.Tag("Result")
	declared := g.Result
	if declared == "" {
		declared = tagResult
	}
	if g.BoardEnd == NoTermination || declared == "" || declared == "*" {
		return
	}
	// the declared result against the automatic ending, whichever it is (§8.2.6 has the
	// termination marker agree with the game; the FIDE Laws end it on the board)
	want := "1/2-1/2"
	if g.BoardEnd == Checkmate {
		want = "1-0"
		if main.pos.turn == White {
			want = "0-1"
		}
	}
	if declared != want {
		what := "the game ended on the board by " + g.BoardEnd.String() // made only when needed
		switch g.BoardEnd {
		case Checkmate:
			what = "the game ends in checkmate"
		case Stalemate:
			what = "the game ends in stalemate"
		}
		at, tok := p.resultAt, g.Result
		if g.Result == "" {
			at, tok = p.resultTagAt, tagResult
		}
		p.problemAt(at, []byte(tok), false, ErrWrongResult, what+" but the result is "+cutText(declared, maxQuoted), "")
	}
}
