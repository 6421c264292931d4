package chess

// Replaying the moves of the movetext, and what is checked at the end of the game.

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"
)

func (b *pgnBuilder) moveNumber(num, dots int) {
	f := b.top()
	if f.skip {
		return
	}
	f.numbered = true
	if num != int(f.pos.fullmove) && !b.full(true) {
		b.problem(true, ErrMoveNumberMismatch, fmt.Sprintf("move number %d where %d was expected", num, f.pos.fullmove), "")
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
		b.problem(true, ErrMissingMoveNumber, "missing move number", moveLabel(&f.pos, tok))
	}
	var sp sanParts
	f.prev = f.pos
	m, dev, err := f.pos.playSAN(unsafe.String(&tok[0], len(tok)), &sp) // tok outlives no success
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
			f.pos = f.prev // the move is refused
			if e := b.problem(false, &SANError{Input: string(tok), Err: ErrSyntax, Reason: "not exact SAN: " + dev.String()}, "not exact SAN: "+dev.String(), moveLabel(&f.pos, tok)); e != nil {
				e.Deviation = dev
			}
			f.skip = true
			return
		}
		if e := b.problem(true, ErrLenientSAN, "lenient SAN: "+dev.String(), moveLabel(&f.prev, tok)); e != nil {
			e.Deviation = dev
		}
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
		b.problem(false, f.pos.sanIllegal(string(s.tok), 0, NullMove, false), "illegal move: a null move cannot be played in check", moveLabel(&f.pos, s.tok))
		f.skip = true
		return
	}
	f.prev = f.pos
	f.pos, _ = f.pos.PlayNull()
	b.played(f, NullMove, s.tokLine, s.tokCol)
}

// checkBoardEnd looks, after a main-line move, for the automatic endings of the FIDE Laws
// (boardEnd). Checkmate and stalemate it leaves to finish unless a draw holds as well (a
// move after them is illegal, so they can only end the line): that keeps the search for a
// legal move off the hot path.
func (b *pgnBuilder) checkBoardEnd(f *pgnFrame) {
	repeats := b.reps.push(&f.prev, &f.pos)
	if drawnOnBoard(&f.pos, repeats) != NoTermination {
		b.g.BoardEnd = boardEnd(&f.pos, repeats)
	}
}

// played records the legal move m, just played in line f from f.prev to f.pos.
func (b *pgnBuilder) played(f *pgnFrame, m Move, line, col int) {
	f.moved, f.numbered = true, false
	if len(b.r.frames) == 1 {
		b.g.Plies++
		if b.g.BoardEnd != NoTermination {
			if !b.overAtStart && !b.full(true) {
				b.problem(true, ErrMovesAfterEnd, "move played after the game ended on the board ("+b.g.BoardEnd.String()+")", moveLabel(&f.prev, b.r.s.tok))
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

// finish checks what can only be checked at the end of the game.
func (b *pgnBuilder) finish() {
	g := b.g
	s := &b.r.s
	for _, f := range b.r.frames[1:] {
		if b.overBudget || len(b.errs) >= b.maxErrs {
			break // after a budget error the open variations were abandoned, not left open
		}
		e := &PGNError{Game: g.Index, GameLine: g.Line, Players: b.playerLabel(), Line: f.openLine, Column: f.openCol,
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
		b.problem(true, ErrMissingResult, "no termination marker (1-0, 0-1, 1/2-1/2 or *) at the end of the game", "")
	case g.Result != "" && tagResult != "" && g.Result != tagResult:
		b.at(b.resultAt, g.Result)
		b.problem(true, ErrResultMismatch, "the Result tag says "+cutText(tagResult, maxQuoted)+" but the movetext ends with "+g.Result, "")
	}
	declared := g.Result
	if declared == "" {
		declared = tagResult
	}
	if b.unsupp || main.skip {
		return
	}
	if g.BoardEnd == NoTermination {
		g.BoardEnd = boardEnd(&main.pos, b.reps.count(b.reps.keys[len(b.reps.keys)-1]))
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
		if g.Result != "" {
			b.at(b.resultAt, g.Result)
		} else {
			b.at(b.resultTagAt, tagResult)
		}
		b.problem(false, ErrWrongResult, what+" but the result is "+cutText(declared, maxQuoted), "")
	}
}
