package chess

// The movetext of a game (PGN Standard §8.2): its tokens, comments, NAGs and variations.

import (
	"bytes"
	"fmt"
	"strconv"
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
			b.problem(true, ErrBadEscape, "stray backslash ignored", "")
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

// resultMarker returns the termination marker t (§8.2.6) as a constant string: no allocation.
func resultMarker(t []byte) string {
	for _, m := range [...]string{"1-0", "0-1", "1/2-1/2", "*"} {
		if string(t) == m {
			return m
		}
	}
	return string(t)
}

// symbol handles a symbol token of movetext; true when it was the termination marker.
func (b *pgnBuilder) symbol() bool {
	s := &b.r.s
	t := s.tok
	switch string(t) {
	case "1-0", "0-1", "1/2-1/2", "*":
		b.g.Result = resultMarker(t)
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
				b.problem(true, ErrAnnotationSymbol, "annotation symbol "+strconv.Quote(string(t))+" read as $"+strconv.Itoa(int(nag)), "")
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
	b.problem(true, ErrTextAfterResult, "text after the termination marker ignored", "")
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
