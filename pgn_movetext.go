package chess

// The movetext of a game (PGN Standard §8.2): its tokens become the events of the game's
// consumer (pgnEvents); what is wrong with their syntax is reported here.

import (
	"bytes"
	"fmt"
	"strconv"
)

// movetext reads the movetext of a game (PGN Standard §8.2) up to its termination marker, the
// next tag section, or the end of the input.
func (p *pgnParser) movetext(maxTokens, maxDepth int) {
	s := p.s
	// left counts down the tokens the game may still have, in a local rather than p.tokens
	left := maxTokens - p.tokens
	defer func() { p.tokens = maxTokens - left }()
	for {
		// what the scan of a token over the budget may change, for rewind (endHere at the end
		// of the input has the scanner's endedBefore)
		ended, over := false, false
		if left <= 0 {
			ended, over = s.ended, s.over
		}
		k := s.next()
		if k <= tokGlued { // the tokens that do not count
			switch k {
			case tokEOF:
				p.r.endHere(s.endedBefore)
				return
			case tokTagOpen:
				s.unread()
				return // the next game's tags (no token of this game): this one had no termination marker
			}
			p.moveText(s.tok) // tokGlued: the rest of the move number's token
			continue
		}
		if left <= 0 {
			s.rewind(over, ended)
			p.budgetExceeded(fmt.Sprintf("the game has more than %d tokens", maxTokens))
			return
		}
		left--
		switch k {
		case tokSymbol:
			p.content = true
			if t := s.tok; plainMoveSymbol(t) {
				// the common case, as moveText's, without the calls
				if len(p.opens) == 0 {
					p.mainMoves++
				}
				if p.ev.move(t) {
					p.skip(true)
				}
				continue
			}
			p.symbol()
		case tokInteger:
			p.content = true
			if s.num > 1 {
				p.ev.moveNumber(s.num, s.dots) // the common case: not "0000" nor "1.", as number's
				continue
			}
			if p.number() {
				return
			}
		case tokComment:
			// comments (and escape lines) before a tag section make no game of their own: no content
			if !s.closed {
				if s.over {
					return
				}
				p.problemAt(s.at(), []byte("{"), false, ErrUnterminatedComment, "comment opened here is never closed: it swallows the rest of the input", "")
				return
			}
			if p.comments {
				p.ev.comment(s.tok)
			}
		default:
			if p.otherToken(k, maxDepth) {
				return
			}
		}
	}
}

// otherToken handles a token of movetext other than a symbol, a move number or a comment (a
// counted one); true when it ends the movetext.
func (p *pgnParser) otherToken(k pgnToken, maxDepth int) (done bool) {
	s := p.s
	if k != tokEscape {
		p.content = true
	}
	switch k {
	case tokResult:
		p.g.Result = resultMarker(s.tok)
		p.resultAt, p.resultEnd = s.at(), s.tokOff+int64(len(s.tok))
		p.afterResult()
		return true
	case tokPeriod, tokEscape:
		// "1. ... Ba5": the dots of a move number written apart; an escape line (§6)
	case tokRAVOpen:
		if len(p.opens)+1 > maxDepth {
			s.unread()
			p.budgetExceeded(fmt.Sprintf("variations nested deeper than %d", maxDepth)) // at the "("
			return true
		}
		p.open()
	case tokRAVClose:
		p.close()
	case tokNAG:
		if s.num < 0 {
			p.problem(false, ErrSyntax, "a NAG is $0 to $255", "")
			return false
		}
		p.ev.nag(NAG(s.num))
	case tokString:
		p.problem(false, ErrSyntax, "unexpected string in movetext", "")
	default: // tokTagClose, tokBad
		switch c := s.tok[0]; {
		case c == '\\':
			p.problem(true, ErrBadEscape, "stray backslash ignored", "")
		case !p.full(false):
			p.problem(false, ErrSyntax, fmt.Sprintf("unexpected %q", c), "")
		}
	}
	return false
}

// resultMarker returns the termination marker t (§8.2.6) as a constant string: no allocation.
func resultMarker(t []byte) string {
	for _, m := range [...]string{"1-0", "0-1", "1/2-1/2", "*"} {
		if string(t) == m {
			return m
		}
	}
	return string(t)
}

// symbol handles a symbol token of movetext.
func (p *pgnParser) symbol() {
	t := p.s.tok
	switch string(t) {
	case "--", "Z0":
		p.nullMove()
		return
	case "e.p.":
		return // the previous move's en-passant remark
	}
	if pgnClass[t[0]] == clDigit && !bytes.HasPrefix(t, []byte("0-0")) {
		p.problem(false, ErrSyntax, "not a move, move number or result", "")
		return
	}
	p.moveText(t)
}

// plainMoveSymbol reports whether the symbol t of movetext is a move without suffix annotation
// ("e4", "Nxf3+"), the common case: not "Z0" nor "e.p." (see symbol), and what moveText would
// find no glyph and no annotation symbol in.
func plainMoveSymbol(t []byte) bool {
	c := t[len(t)-1]
	return c != '!' && c != '?' && c != '.' && t[0] >= 'A' && t[0] < 0x80 && t[0] != 'Z'
}

// number handles an integer and its periods, a move number (§8.2.2); true when it starts the
// next game instead.
func (p *pgnParser) number() bool {
	s := p.s
	t := s.tok
	if s.dots == 0 && string(t) == "0000" {
		p.nullMove()
		return false
	}
	if s.dots == 1 && t[0] == '1' && t[1] == '.' && len(p.opens) == 0 && p.mainMoves >= 2 && s.tokCol == s.lineIndent(p.start) {
		// "1." opening a line after a game without a termination marker: a new game
		s.unread()
		return true
	}
	if s.num < 0 {
		p.problem(false, ErrSyntax, "move number too large", "")
	} else {
		p.ev.moveNumber(s.num, s.dots)
	}
	return false
}

// moveText handles a move with its suffix annotation, or an annotation symbol alone.
func (p *pgnParser) moveText(t []byte) {
	if c := t[len(t)-1]; c != '!' && c != '?' && t[0] >= 'A' && t[0] < 0x80 {
		// the common case, a move without suffix annotation ("e4", "Nxf3+"): what follows
		// would find no glyph and no annotation symbol in it
		if len(p.opens) == 0 {
			p.mainMoves++
		}
		if p.ev.move(t) {
			p.skip(true)
		}
		return
	}
	// Suffix annotations: !, ?, !!, ??, !?, ?! are NAGs 1-6 (§8.2.3.8).
	end := len(t)
	for end > 0 && (t[end-1] == '!' || t[end-1] == '?') {
		end--
	}
	if end == 0 || (t[0] == '=' || t[0] == '+' || t[0] == '-' || t[0] >= 0x80) && isNAGSymbol(t) {
		if nag, ok := glyphNAG(t); ok {
			p.ev.nag(nag)
			if end != 0 && !p.full(true) {
				p.problem(true, ErrAnnotationSymbol, "annotation symbol "+strconv.Quote(string(t))+" read as $"+strconv.Itoa(int(nag)), "")
			}
			return
		}
		p.problem(false, ErrSyntax, "unknown annotation", "")
		return
	}
	glyph := t[end:]
	if len(p.opens) == 0 {
		p.mainMoves++
	}
	if p.ev.move(t[:end]) {
		p.skip(true)
	}
	if len(glyph) > 0 {
		if nag, ok := glyphNAG(glyph); ok {
			p.ev.nag(nag)
		} else if !p.full(false) {
			p.problem(false, ErrSyntax, "unknown move suffix "+quoteCut(glyph, maxQuoted), "")
		}
	}
}

func (p *pgnParser) nullMove() {
	if len(p.opens) == 0 {
		p.mainMoves++
	}
	if p.ev.nullMove() {
		p.skip(true)
	}
}

// afterResult skips what follows the termination marker on its line ("1-0 ff", "* *"),
// which belongs to no game, with a warning, and the line's end.
func (p *pgnParser) afterResult() {
	if p.s.restOfLine() {
		p.problem(true, ErrTextAfterResult, "text after the termination marker ignored", "")
	}
	p.s.takeLineEnd()
}

// open starts a variation (RAV, §8.2.5).
func (p *pgnParser) open() {
	p.opens = append(p.opens, p.s.at())
	if !p.skipping && p.ev.variationStart() {
		p.skip(false)
	}
}

// close ends a variation.
func (p *pgnParser) close() {
	if len(p.opens) == 0 {
		p.problem(false, ErrUnbalancedRAV, "')' without its '('", "")
		return
	}
	p.opens = p.opens[:len(p.opens)-1]
	if !p.skipping {
		p.ev.variationEnd()
		return
	}
	if len(p.opens) < p.skipDepth {
		p.ev, p.skipping = p.saved, false
		if p.skipEnd {
			p.ev.variationEnd()
		}
	}
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
