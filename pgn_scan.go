package chess

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
)

// pgnScanner is the tokenizer of PGN text (PGN Standard §7), the one place that moves over the
// bytes: next yields the tokens of movetext, the tag-section methods those of a tag pair, each
// with its kind, text and position (line, column, offset), and the parser above reads only
// those. It reads into one buffer that holds the current game from its first byte, so tokens
// are slices of that buffer and cost nothing to make; discard drops what came before the next
// game. The buffer never grows past the game's byte budget (and what it kept from before the
// game), and all its growing costs at most twice that.
type pgnScanner struct {
	r       io.Reader
	buf     []byte // the input shown to the tokenizer: never past limit
	end     int    // bytes of input in buf's array: buf[len(buf):end] were read but lie past limit
	pos     int
	base    int64 // input offset of buf[0]
	line    int   // line of pos, from 1
	lineOff int64 // input offset where that line starts
	limit   int64 // input offset past which fill refuses to read (the game's byte budget)
	eof     bool  // the reader has nothing more
	over    bool  // fill stopped at limit
	ended   bool  // fill met the end of the input
	err     error // the I/O error that ended the input, other than io.EOF

	// the current token: its text (a slice of buf), where it starts, and what next found in it
	tok     []byte
	tokLine int
	tokCol  int
	tokOff  int64
	num     int  // tokInteger: its value (-1 past 9 digits); tokNAG: the NAG (-1 when not $0-$255)
	dots    int  // tokInteger: the periods after it ("…" counts 3)
	closed  bool // tokComment, tokString: the closing delimiter came
	oneLine bool // tokComment: known to hold no line end (its text needs no folding)
	escaped bool // tokString: the text holds escapes
	glued   bool // the next token starts right after a move number's periods ("12.e4")
	// tokEOF: whether the input had ended before next looked for the token (see
	// PGNReader.endHere)
	endedBefore bool

	// lineLimit > 0 records in long the lines longer than lineLimit characters, the line end
	// counted as one (PGN Standard §4.3: 255)
	lineLimit   int
	long        []pgnLongLine
	lastChecked bool  // endInput checked the last line
	crlf        bool  // the line end being taken is a CRLF: its CR is taken
	lfAt, crAt  int64 // lineEndFrom's searches
	eolAt       int64 // the smaller of the two
}

// pgnToken is the kind of a token (PGN Standard §7).
type pgnToken uint8

const (
	tokEOF      pgnToken = iota // the end of the input, or of the game's byte budget (over)
	tokTagOpen                  // "["
	tokGlued                    // a symbol right after a move number's periods ("e4" of "12.e4"): move text
	tokTagClose                 // "]"
	tokSymbol                   // a symbol: SAN, a null move, a glyph, "e.p."
	tokString                   // a string, tok its raw text between the quotes
	tokInteger                  // an integer and the periods after it, a move number indication (§8.2.2)
	tokPeriod                   // periods alone ("..." of "12. ... e5")
	tokNAG                      // "$" and the symbol after it; tok is that symbol
	tokComment                  // "{...}" or ";..." (§5); tok is the text inside
	tokRAVOpen                  // "("
	tokRAVClose                 // ")"
	tokResult                   // a termination marker (§8.2.6)
	tokEscape                   // an escape line (§6): "%" at the start of a line, up to its end
	tokBad                      // a byte that starts no token: "<", ">", "}", "\\", "%" inside a line
)

// tokenPos is where a token is in the input.
type tokenPos struct {
	line, col int
	off       int64
}

// pgnLongLine is a line longer than the scanner's lineLimit: where it starts, and its length.
type pgnLongLine struct {
	at tokenPos
	n  int64
}

const pgnChunk = 64 << 10

// errBadReadCount is the error of a source whose Read returned a count outside 0..len(p),
// against io.Reader's contract.
var errBadReadCount = errors.New("chess: the source's Read returned an invalid count")

// maxEmptyReads is how many reads of (0, nil) in a row end the input with io.ErrNoProgress,
// as in bufio.
const maxEmptyReads = 100

// readSource reads from the source r into p, the one place where the PGN reader calls r.Read
// (sequentially or on the goroutines of Workers). A source that misbehaves gets an error, not
// a hang or a panic: a count outside 0..len(p) is errBadReadCount, maxEmptyReads reads of
// (0, nil) in a row io.ErrNoProgress, and a panic in Read an error that says so.
func readSource(r io.Reader, p []byte) (n int, err error) {
	if len(p) == 0 {
		return 0, nil
	}
	defer func() {
		if v := recover(); v != nil {
			n, err = 0, fmt.Errorf("chess: the source's Read panicked: %v", v)
		}
	}()
	for range maxEmptyReads {
		n, err = r.Read(p)
		if n < 0 || n > len(p) {
			return 0, errBadReadCount
		}
		if n > 0 || err != nil {
			return n, err
		}
	}
	return 0, io.ErrNoProgress
}

// offset returns the input offset of pos.
func (s *pgnScanner) offset() int64 { return s.base + int64(s.pos) }

// setLimit makes the input offset limit the end of what fill shows. Bytes already read past
// it stay in the buffer, hidden, until a later limit reaches them: a game sees no more than
// its budget however much the reader read ahead (or a chunk of Workers holds).
func (s *pgnScanner) setLimit(limit int64) {
	s.limit = limit
	s.buf = s.buf[:min(int64(s.end), limit-s.base)]
}

// fill shows more input after the buffered bytes, read before or read now; false when there
// is none (EOF, an I/O error, or the byte budget).
func (s *pgnScanner) fill() bool {
	if s.base+int64(len(s.buf)) >= s.limit && s.end == len(s.buf) && !s.eof {
		s.readPastLimit()
	}
	if s.base+int64(len(s.buf)) >= s.limit && (s.end > len(s.buf) || !s.eof) {
		s.over = true // the budget ends the input, not its end
		return false
	}
	if s.end > len(s.buf) {
		s.buf = s.buf[:min(int64(s.end), s.limit-s.base)]
		return true
	}
	for !s.eof {
		rest := s.limit - s.base - int64(len(s.buf)) // > 0
		if room := cap(s.buf) - len(s.buf); room < pgnChunk/2 && int64(room) < rest {
			// double, but never past the budget: the buffer holds one game at most
			n := int64(max(2*cap(s.buf), len(s.buf)+pgnChunk))
			if 2*n > s.limit-s.base {
				// past half the budget, up to it at once: 2 budgets in all; and a byte more,
				// for readPastLimit to tell whether the input ends at the limit
				n = s.limit - s.base + 1
			}
			nb := make([]byte, len(s.buf), n)
			copy(nb, s.buf)
			s.buf = nb
		}
		room := s.buf[len(s.buf):cap(s.buf)]
		if len(room) > pgnChunk {
			room = room[:pgnChunk] // read ahead one chunk at most: the buffer stays near one game
		}
		if int64(len(room)) > rest {
			room = room[:rest]
		}
		n, err := readSource(s.r, room)
		s.buf = s.buf[:len(s.buf)+n]
		s.end = len(s.buf)
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.err = err
			}
		}
		if n > 0 {
			return true
		}
	}
	s.ended = true
	return false
}

// readPastLimit reads on after the limit, into the buffer but hidden from the tokenizer, to
// tell whether the input goes on: a game exactly as long as its budget that ends the input is
// within its budget, whatever the sizes of the reads that brought it.
func (s *pgnScanner) readPastLimit() {
	for !s.eof {
		if cap(s.buf) == s.end {
			nb := make([]byte, s.end, s.end+pgnChunk)
			copy(nb, s.buf[:s.end])
			s.buf = nb
		}
		n, err := readSource(s.r, s.buf[s.end:cap(s.buf)])
		s.end += n
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.err = err
			}
		}
		if n > 0 {
			return
		}
	}
}

// discard drops the bytes before pos: the previous game is done with. It moves the rest to
// the front only when that frees at least half the buffer, or, with little room left, at
// least as many bytes as it copies (else fill grows the buffer), so its copying costs O(1)
// per byte: moving the rest for every game of a few bytes cost a whole buffer each.
func (s *pgnScanner) discard() {
	if s.eof || s.pos < cap(s.buf)/2 && (cap(s.buf)-s.end >= pgnChunk/2 || s.pos < s.end-s.pos) {
		// nothing more will be read (the end of the input, a chunk of Workers, whose text
		// must stay as it is): no room to make
		return
	}
	s.end = copy(s.buf[:cap(s.buf)], s.buf[s.pos:s.end])
	s.base += int64(s.pos)
	s.buf = s.buf[:len(s.buf)-s.pos]
	s.pos = 0
}

// peek returns the byte at pos+i, reading more input if needed; ok is false past the end.
func (s *pgnScanner) peek(i int) (byte, bool) {
	for s.pos+i >= len(s.buf) {
		if !s.fill() {
			return 0, false
		}
	}
	return s.buf[s.pos+i], true
}

// newline starts a new line at pos, after a line end, and records the line that ended when it
// is longer than lineLimit.
func (s *pgnScanner) newline() {
	if s.lineLimit > 0 {
		n := s.offset() - s.lineOff
		if s.crlf {
			n-- // CRLF: one line end
		}
		s.checkLine(n)
	}
	s.crlf = false
	s.line++
	s.lineOff = s.offset()
}

// checkLine records the current line when its n characters (its line end counted as one) are
// more than lineLimit.
func (s *pgnScanner) checkLine(n int64) {
	if n > int64(s.lineLimit) {
		s.long = append(s.long, pgnLongLine{at: tokenPos{s.line, 1, s.lineOff}, n: n})
	}
}

// lineEnd takes the line-end byte c at pos: LF, and CR unless a LF follows (which then ends
// the line), each count a line.
func (s *pgnScanner) lineEnd(c byte) {
	s.pos++
	if c == '\r' && s.lfFollows() {
		s.crlf = true // the LF that follows ends the line
		return
	}
	s.newline()
}

// lfFollows reports whether a LF follows the CR before pos: the two are one line end, counted
// at the LF, even when the game's byte budget ends between them or a read does.
func (s *pgnScanner) lfFollows() bool {
	if s.pos < len(s.buf) {
		return s.buf[s.pos] == '\n' // the common case: the next byte is in view
	}
	limit, over := s.limit, s.over
	s.setLimit(addBudget(limit, 1))
	c, ok := s.peek(0)
	s.setLimit(limit)
	s.over = over
	return ok && c == '\n'
}

// atLineStart reports whether pos is the first byte of its line.
func (s *pgnScanner) atLineStart() bool { return s.offset() == s.lineOff }

// The classes of bytes (pgnClass): a symbol is made of clSymbol, clMark and clDigit bytes
// (§7: letters, digits and "_+#=:-/." and more in the wild); everything else that is not space
// delimits. A clMark byte first is a token of its own or may make the symbol one: "%" (an
// escape line), "\\", "*" (a termination marker), "." and the first byte of "…" (periods).
const (
	clSymbol = iota
	clMark
	clDigit
	clSpace
	clCR
	clLF
	clBrace // "{"
	clDelim
)

// pgnClass is the class of each byte.
var pgnClass = func() (t [256]uint8) {
	for _, c := range []byte(" \t\f\v") {
		t[c] = clSpace
	}
	t['\r'], t['\n'] = clCR, clLF
	for _, c := range []byte("}()[];\"$<>") {
		t[c] = clDelim
	}
	t['{'] = clBrace
	for _, c := range []byte("%\\*.\xe2") {
		t[c] = clMark
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = clDigit
	}
	return t
}()

// skipSpace skips white space and counts lines: LF, CRLF and a lone CR each end a line.
func (s *pgnScanner) skipSpace() {
	for {
		buf, i := s.buf, s.pos
		for i < len(buf) && pgnClass[buf[i]] == clSpace {
			i++
		}
		s.pos = i
		if i < len(buf) {
			switch pgnClass[buf[i]] {
			case clLF:
				s.pos++
				s.newline()
				continue
			case clCR:
				s.lineEnd('\r')
				continue
			}
			if buf[i] == 0xEF && s.offset() == 0 && s.bom() {
				continue
			}
			return
		}
		if !s.fill() {
			return
		}
	}
}

// bom skips a UTF-8 byte-order mark at pos, the start of the input.
func (s *pgnScanner) bom() bool {
	if b1, _ := s.peek(1); b1 == 0xBB {
		if b2, _ := s.peek(2); b2 == 0xBF {
			s.pos += 3
			s.lineOff = s.offset()
			return true
		}
	}
	return false
}

// skipLine skips to the start of the next line.
func (s *pgnScanner) skipLine() {
	for {
		if s.pos >= len(s.buf) && !s.fill() {
			return
		}
		if i := bytes.IndexAny(s.buf[s.pos:], "\r\n"); i >= 0 {
			s.pos += i
			s.lineEnd(s.buf[s.pos])
			return
		}
		s.pos = len(s.buf)
	}
}

// mark makes pos the start of the current token.
func (s *pgnScanner) mark() {
	off := s.offset()
	s.tokOff = off
	s.tokLine = s.line
	s.tokCol = int(off-s.lineOff) + 1
}

// tokAt returns the index in buf of the current token's first byte.
func (s *pgnScanner) tokAt() int { return int(s.tokOff - s.base) }

// tokLineOff returns the input offset where the current token's line starts.
func (s *pgnScanner) tokLineOff() int64 { return s.tokOff - int64(s.tokCol-1) }

// at returns where the current token is.
func (s *pgnScanner) at() tokenPos { return tokenPos{s.tokLine, s.tokCol, s.tokOff} }

// here returns where pos is: for a problem of no token, such as an exceeded budget.
func (s *pgnScanner) here() tokenPos {
	return tokenPos{s.line, int(s.offset()-s.lineOff) + 1, s.offset()}
}

// unread puts the current token back: the next token starts where it did. For the parser's
// look at a token that belongs to what follows (the next game's "[" or "1."), and for a budget
// that the token exceeds, so that resync starts at it.
func (s *pgnScanner) unread() {
	s.pos, s.line, s.lineOff = s.tokAt(), s.tokLine, s.tokLineOff()
	s.glued = false
}

// rewind puts the current token back as if it had not been scanned: what its scan met (the
// game's byte budget, the end of the input) is forgotten too, over and ended set back to
// their values before it, so that a budget the token exceeds is reported at it, and resync
// starts there, as before it.
func (s *pgnScanner) rewind(over, ended bool) {
	s.unread()
	s.over, s.ended = over, ended
}

// next scans the next token of movetext, after white space, and returns its kind.
func (s *pgnScanner) next() pgnToken {
	if s.glued {
		s.glued = false
		s.mark()
		s.symbol()
		return tokGlued
	}
	// one space between two tokens, the common case, without a call
	buf, i := s.buf, s.pos
	if i < len(buf) && buf[i] == ' ' {
		i++
	}
	c, class := byte(0), uint8(clSpace) // the token's first byte and its class
	if i < len(buf) {
		c = buf[i]
		class = pgnClass[c]
	}
	s.pos = i
	if class-clSpace <= clLF-clSpace { // more white space, or the buffer's end
		s.endedBefore = s.ended // nothing before has read more input
		s.skipSpace()
		buf, i = s.buf, s.pos
		if i >= len(buf) { // skipSpace found no byte
			s.mark()
			s.tok = nil
			return tokEOF
		}
		c = buf[i]
		class = pgnClass[c]
	}
	s.mark()
	switch class {
	case clSymbol:
		// the common case, a symbol such as "e4" that ends in the buffer, scanned here
		j := i + 1
		for j < len(buf) && pgnClass[buf[j]] <= clDigit {
			j++
		}
		if j < len(buf) {
			s.pos = j
			s.tok = buf[i:j]
		} else {
			s.symbol()
		}
		return tokSymbol
	case clMark:
		switch c {
		case '%':
			if s.atLineStart() {
				s.skipLine()
				s.tok = s.buf[s.tokAt():s.tokAt()]
				return tokEscape
			}
			return s.single(tokBad)
		case '\\':
			return s.single(tokBad)
		}
		s.symbol()
		switch c { // the symbol's first byte
		case '*':
			if len(s.tok) == 1 {
				return tokResult
			}
		case '.', 0xE2:
			if onlyDots(s.tok) {
				return tokPeriod
			}
		}
		return tokSymbol
	case clDigit:
		// the common case, a move number of one or two digits such as "12." or "12..."
		// followed by a space, read as it is scanned (more digits, other periods: number)
		n, num := i+1, int(c-'0')
		if n < len(buf) && buf[n]-'0' <= 9 { // a second digit; a third one goes to number
			num = num*10 + int(buf[n]-'0')
			n++
		}
		j := n
		if j < len(buf) && buf[j] == '.' {
			j++
			if j+1 < len(buf) && buf[j] == '.' && buf[j+1] == '.' {
				j += 2
			}
		}
		if j < len(buf) && pgnClass[buf[j]] > clDigit {
			s.tok = buf[i:j]
			s.pos = j
			s.num, s.dots = num, j-n
			return tokInteger
		}
		return s.number()
	case clBrace:
		// the common case, as braceComment's
		b := buf[i+1:]
		if j := bytes.IndexByte(b, '}'); j >= 0 {
			if at := s.base + int64(i+1+j); at < s.eolAt {
				s.tok = b[:j]
				s.pos = i + 2 + j
				s.closed, s.oneLine = true, true
				return tokComment
			}
		}
		s.closed = s.braceComment()
		return tokComment
	}
	switch c {
	case ';':
		s.lineComment()
		s.closed, s.oneLine = true, true
		return tokComment
	case '(':
		return s.single(tokRAVOpen)
	case ')':
		return s.single(tokRAVClose)
	case '[':
		return s.single(tokTagOpen)
	case ']':
		return s.single(tokTagClose)
	case '$':
		s.pos++
		s.symbol()
		s.num = nagValue(s.tok)
		return tokNAG
	case '"':
		s.closed, s.escaped = s.quoted()
		return tokString
	}
	return s.single(tokBad) // "<", ">", "}"
}

// single takes the one byte at pos as a token of kind k.
func (s *pgnScanner) single(k pgnToken) pgnToken {
	s.pos++
	s.tok = s.buf[s.pos-1 : s.pos]
	return k
}

// number scans a symbol that starts with a digit at pos: a termination marker, an integer
// with the periods after it (the next token starting after them when the symbol goes on:
// "12.e4"), or a symbol ("0-0", "12e4"). next reads the common move numbers itself.
func (s *pgnScanner) number() pgnToken {
	s.symbol()
	return s.numberSymbol()
}

// numberSymbol classifies the symbol tok that starts with a digit (see number).
func (s *pgnScanner) numberSymbol() pgnToken {
	t := s.tok
	n, num := 0, 0
	for n < len(t) && pgnClass[t[n]] == clDigit {
		if n < 9 {
			num = num*10 + int(t[n]-'0')
		}
		n++
	}
	if n > 9 {
		num = -1
	}
	rest, dots := t[n:], 0
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
		switch string(t) {
		case "1-0", "0-1", "1/2-1/2":
			return tokResult
		}
		return tokSymbol
	}
	s.num, s.dots = num, dots
	if len(rest) > 0 {
		s.pos -= len(rest)
		s.glued = true
	}
	return tokInteger
}

// nagValue returns the NAG of the symbol after a "$" (a decimal number, as strconv.Atoi reads
// it, from 0 to 255), or -1.
func nagValue(t []byte) int {
	d := t
	if len(d) > 0 && (d[0] == '+' || d[0] == '-') {
		d = d[1:]
	}
	if len(d) == 0 {
		return -1
	}
	n := 0
	for _, c := range d {
		if pgnClass[c] != clDigit {
			return -1
		}
		if n = n*10 + int(c-'0'); n > 255 {
			return -1
		}
	}
	if t[0] == '-' && n != 0 {
		return -1
	}
	return n
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

// symbol scans the bytes of a symbol from pos into tok (empty at a delimiter).
func (s *pgnScanner) symbol() {
	start := s.pos
	for {
		buf, i := s.buf, s.pos
		for i < len(buf) && pgnClass[buf[i]] <= clDigit {
			i++
		}
		s.pos = i
		// keep start valid across the refill: fill only appends
		if i < len(buf) || !s.fill() {
			break
		}
	}
	s.tok = s.buf[start:s.pos]
}

// braceComment scans a { } comment whose "{" is at pos. tok is its text without the braces;
// ok is false when the input ends before "}". Line breaks inside are counted.
func (s *pgnScanner) braceComment() (ok bool) {
	start := s.pos + 1
	// the common case: the "}" in the buffer, and no line end before it
	b := s.buf[start:]
	if j := bytes.IndexByte(b, '}'); j >= 0 {
		// no line end before the "}": below the bound kept from the last search (see
		// lineEndFrom), or a new one
		if at := s.base + int64(start+j); at < s.eolAt || at < s.searchLineEnd(start) {
			s.tok = b[:j]
			s.pos = start + j + 1
			s.oneLine = true
			return true
		}
	}
	s.oneLine = false
	return s.braceCommentLines()
}

// braceCommentLines is braceComment for a comment of more than one line or one that the
// buffer does not hold yet.
func (s *pgnScanner) braceCommentLines() (ok bool) {
	s.pos++
	start := s.pos
	// Vectorised searches for the "}" and the next LF, their results kept (indexes into buf,
	// -1 when none up to ...Searched), so that each byte is searched once however many lines
	// the comment has: most comments, such as lichess's { [%eval 0.17] [%clk 0:03:00] }, take
	// one search.
	closeAt, closeSearched := -1, s.pos
	lfAt, lfSearched := -1, s.pos
	for {
		if s.pos >= len(s.buf) && !s.fill() {
			s.tok = s.buf[start:s.pos]
			return false
		}
		if closeAt < 0 {
			if j := bytes.IndexByte(s.buf[closeSearched:], '}'); j >= 0 {
				closeAt = closeSearched + j
			} else {
				closeSearched = len(s.buf)
			}
		}
		stop := len(s.buf)
		if closeAt >= 0 {
			stop = closeAt
		}
		if lfAt < s.pos {
			lfAt = -1
			from := max(lfSearched, s.pos)
			if j := bytes.IndexByte(s.buf[from:stop], '\n'); j >= 0 {
				lfAt = from + j
			} else {
				lfSearched = stop
			}
		}
		crStop := stop
		if lfAt >= 0 {
			crStop = lfAt
		}
		if i := bytes.IndexByte(s.buf[s.pos:crStop], '\r'); i >= 0 {
			s.pos += i
			s.lineEnd('\r')
			continue
		}
		if lfAt >= 0 {
			s.pos = lfAt
			s.lineEnd('\n')
			continue
		}
		s.pos = stop
		if closeAt >= 0 {
			s.tok = s.buf[start:s.pos]
			s.pos++
			return true
		}
	}
}

// lineEndFrom returns the input offset of the first line end (CR or LF) at or after buf[i],
// or one at most as far as the buffer reached when it was looked for: a bound below which no
// line end lies. The two searches are kept (lfAt, crAt), so that a long line with many
// comments, as lichess writes movetext, is searched once, not once per comment.
func (s *pgnScanner) lineEndFrom(i int) int64 {
	if s.eolAt >= s.base+int64(i) {
		return s.eolAt
	}
	return s.searchLineEnd(i)
}

// searchLineEnd is lineEndFrom when a search is stale.
func (s *pgnScanner) searchLineEnd(i int) int64 {
	off := s.base + int64(i)
	if s.lfAt < off {
		s.lfAt = s.base + int64(len(s.buf))
		if j := bytes.IndexByte(s.buf[i:], '\n'); j >= 0 {
			s.lfAt = off + int64(j)
		}
	}
	if s.crAt < off {
		s.crAt = s.base + int64(len(s.buf))
		if j := bytes.IndexByte(s.buf[i:], '\r'); j >= 0 {
			s.crAt = off + int64(j)
		}
	}
	s.eolAt = min(s.lfAt, s.crAt)
	return s.eolAt
}

// lineComment scans a ";" comment whose ";" is at pos, to the end of the line (§5).
func (s *pgnScanner) lineComment() {
	s.pos++
	start := s.pos
	s.toLineEnd()
	s.tok = s.buf[start:s.pos]
}

// toLineEnd moves pos to the end of its line: the next CR or LF, or the end of the input.
func (s *pgnScanner) toLineEnd() {
	for {
		if s.pos >= len(s.buf) && !s.fill() {
			return
		}
		if i := bytes.IndexAny(s.buf[s.pos:], "\r\n"); i >= 0 {
			s.pos += i
			return
		}
		s.pos = len(s.buf)
	}
}

// pgnStringStop marks the bytes that end the plain text of a string: its quote, an escape,
// a line end.
var pgnStringStop = [256]bool{'"': true, '\\': true, '\n': true, '\r': true}

// quoted scans a string token whose '"' is at pos (§7: "\\" and "\"" are the escapes; the
// string ends at the line's end at the latest). tok is the raw text between the quotes;
// closed is false when no closing quote came before the line's end; escaped tells whether
// tok holds escapes.
func (s *pgnScanner) quoted() (closed, escaped bool) {
	s.pos++
	start := s.pos
	for {
		if s.pos >= len(s.buf) && !s.fill() {
			s.tok = s.buf[start:s.pos]
			return false, escaped
		}
		buf, i := s.buf, s.pos
		for i < len(buf) && !pgnStringStop[buf[i]] {
			i++
		}
		s.pos = i
		if s.pos >= len(s.buf) {
			continue
		}
		switch s.buf[s.pos] {
		case '"':
			s.tok = s.buf[start:s.pos]
			s.pos++
			return true, escaped
		case '\\':
			escaped = true
			s.pos++
			if c, ok := s.peek(0); ok && (c == '"' || c == '\\') {
				s.pos++
			}
		case '\n', '\r':
			s.tok = s.buf[start:s.pos]
			return false, escaped
		default:
			s.pos++
		}
	}
}

// restOfLine scans what follows the current token on its line, after spaces and tabs, as a
// token: false when nothing does (the line ends, or a "[" comes).
func (s *pgnScanner) restOfLine() bool {
	s.skipInline()
	c, ok := s.peek(0)
	if !ok || c == '\n' || c == '\r' || c == '[' {
		return false
	}
	s.mark()
	s.toLineEnd()
	s.tok = s.buf[s.tokAt():s.pos]
	return true
}

// takeLineEnd takes the line end at pos, if one is there: the line of a termination marker
// ends with its game, which then sees its length.
func (s *pgnScanner) takeLineEnd() {
	if c, ok := s.peek(0); ok && (c == '\n' || c == '\r') {
		s.lineEnd(c)
	}
}

// lineIndent returns the column of the first token of the current token's line, -1 when that
// line began before the input offset from (the start of the game).
func (s *pgnScanner) lineIndent(from int64) int {
	lineOff := s.tokLineOff()
	if lineOff < from {
		return -1
	}
	start := int(lineOff - s.base)
	i := start
	for i < len(s.buf) && (s.buf[i] == ' ' || s.buf[i] == '\t') {
		i++
	}
	return i - start + 1
}

// The tokens of the tag pair section (§8.1), where line ends are white space between the
// tokens of a tag pair (§8.1) and a broken tag pair ends at its line's end.

// peekTagSection skips white space and escape lines (§6, the escape line then the current
// token, tokEscape) and tells what comes next without taking it: tokTagOpen for a "[",
// tokEOF at the end, tokSymbol for anything else (the movetext).
func (s *pgnScanner) peekTagSection() pgnToken {
	if s.tagOnNextLine() {
		return tokTagOpen
	}
	return s.peekTagSectionSpace()
}

// tagOnNextLine takes the line end at pos when a tag pair starts the next line, the common
// case of peekTagSection, and reports whether it did.
func (s *pgnScanner) tagOnNextLine() bool {
	if i := s.pos; i+1 < len(s.buf) && s.buf[i] == '\n' && s.buf[i+1] == '[' {
		s.pos++
		s.newline()
		return true
	}
	return false
}

// peekTagSectionSpace is peekTagSection after white space other than one line end.
func (s *pgnScanner) peekTagSectionSpace() pgnToken {
	s.skipSpace()
	c, ok := s.peek(0)
	switch {
	case !ok:
		return tokEOF
	case c == '%' && s.atLineStart():
		s.mark()
		s.skipLine()
		return tokEscape
	case c == '[':
		return tokTagOpen
	}
	return tokSymbol
}

// peekTagName returns the name of the tag pair whose "[" is at pos, without taking it.
func (s *pgnScanner) peekTagName() []byte {
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
		if !ok || pgnClass[c] > clDigit {
			break
		}
		j++
	}
	return s.buf[s.pos+i : s.pos+j]
}

// exportTagPair scans the tag pair at pos when it is in export format (§8.1: "[", the name,
// one space, a string without escapes, "]") and all in the buffer: the common case, in one
// pass. It returns the name's length and its index in knownTagNames (-1: none); the value is
// then the current token, at its opening quote, and exportTagName gives the name and where it
// is. Otherwise it returns false and moves nothing.
func (s *pgnScanner) exportTagPair() (nameLen, known int, ok bool) {
	buf, i := s.buf, s.pos+1
	if i >= len(buf) || pgnTagNameClass[buf[i]] != tagNameLetter {
		return 0, -1, false
	}
	known = -1
	if i+16 <= len(buf) {
		// the common case, a known name (all name bytes) of at most 15 bytes: up to the first
		// space, found 8 bytes at a time
		n := spaceIndex(binary.LittleEndian.Uint64(buf[i:]))
		if n == 8 {
			n += spaceIndex(binary.LittleEndian.Uint64(buf[i+8:]))
		}
		if known = knownTagIndex(buf[i : i+n]); known >= 0 {
			i += n
		}
	}
	if known < 0 {
		for i++; i < len(buf) && pgnTagNameClass[buf[i]] != 0; i++ {
		}
		known = knownTagIndex(buf[s.pos+1 : i])
	}
	if i >= len(buf) || buf[i] != ' ' {
		return 0, -1, false
	}
	if i+1 >= len(buf) || buf[i+1] != '"' {
		return 0, -1, false
	}
	k := i + 2
	for k < len(buf) && !pgnStringStop[buf[k]] {
		k++
	}
	if k+1 >= len(buf) || buf[k] != '"' || buf[k+1] != ']' {
		return 0, -1, false
	}
	nameLen = i - s.pos - 1
	s.pos = i + 1
	s.mark()
	s.tok = buf[i+2 : k]
	s.pos = k + 2
	return nameLen, known, true
}

// exportTagName returns the name of the tag pair that exportTagPair just scanned, whose length
// it returned, and where the name is (on the line of its value, the current token).
func (s *pgnScanner) exportTagName(nameLen int) ([]byte, tokenPos) {
	n := nameLen + 1 // from the name to the value's quote
	at := s.tokAt()
	return s.buf[at-n : at-1], tokenPos{s.tokLine, s.tokCol - n, s.tokOff - int64(n)}
}

// spaceIndex returns the index of the first space among the 8 bytes of w, little-endian, or 8
// when there is none.
func spaceIndex(w uint64) int {
	return bits.TrailingZeros64(zeroBytes(w^(' '*byteOnes))) >> 3 // the spaces become zero bytes
}

// byteOnes has a 1 in every byte: b*byteOnes is the word of eight bytes b.
const byteOnes = 0x0101010101010101

// zeroBytes returns the word with the high bit of each byte of x that is zero set, and no
// other bit: exactly, as the search for a byte eight at a time needs from either end
// (x&lows + lows sets a byte's high bit when its low seven bits are not all zero, and
// carries into no other byte).
func zeroBytes(x uint64) uint64 {
	const lows = 0x7f7f7f7f7f7f7f7f
	return ^(x&lows + lows | x | lows)
}

// tagOpen takes the "[" at pos as the current token.
func (s *pgnScanner) tagOpen() {
	s.mark()
	s.single(tokTagOpen)
}

// tagName scans a tag name, after white space, into tok (empty when none is there).
func (s *pgnScanner) tagName() {
	s.skipTagSpace(0)
	s.mark()
	s.symbol()
}

// tagValue scans a tag value, after white space: tokString for a string (closed and escaped
// say how it is), tokSymbol for a symbol where the string should be.
func (s *pgnScanner) tagValue() pgnToken {
	s.skipTagSpace('"')
	s.mark()
	if c, ok := s.peek(0); ok && c == '"' {
		s.closed, s.escaped = s.quoted()
		return tokString
	}
	s.symbol()
	return tokSymbol
}

// tagClose takes the "]" of a tag pair, after white space: tokTagClose. Else, after a value that
// was whole (bad false), tokSymbol when text follows on the line (the current token, up to the
// "]" or the line's end) or tokEOF when the line ends (the current token empty, there); after a
// broken value (bad), it skips to the "]" or the line's end: tokBad.
func (s *pgnScanner) tagClose(bad bool) pgnToken {
	s.skipTagSpace(']')
	c, ok := s.peek(0)
	switch {
	case ok && c == ']':
		s.pos++
		return tokTagClose
	case bad:
		s.skipTagRest()
		return tokBad
	}
	s.mark()
	if ok && c != '\n' && c != '\r' && c != '[' {
		s.skipTagRest()
		s.tok = s.buf[s.tokAt():s.pos] // the text after the value, not the value
		return tokSymbol
	}
	s.tok = nil
	return tokEOF
}

// skipTagSpace skips the white space between two tokens of a tag pair. Line ends are white
// space there too (§8.1: a tag pair may be split across lines), but it skips past them only
// when the byte after the white space is what the tag pair needs next, want (0: the first
// letter of a name): a broken tag pair is then reported at its own line's end, and the line
// after it is read for itself.
func (s *pgnScanner) skipTagSpace(want byte) {
	s.skipInline()
	if c, ok := s.peek(0); !ok || c != '\n' && c != '\r' {
		return
	}
	for i := 1; ; i++ {
		c, ok := s.peek(i)
		switch {
		case !ok:
			return
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			continue
		case want == 0 && tagNameByte(c, true) || want != 0 && c == want:
			s.skipSpace()
		}
		return
	}
}

// skipInline skips spaces and tabs, not line ends.
func (s *pgnScanner) skipInline() {
	for {
		c, ok := s.peek(0)
		if !ok || c != ' ' && c != '\t' {
			return
		}
		s.pos++
	}
}

// skipTagRest skips a broken tag pair up to its "]" or the end of its line.
func (s *pgnScanner) skipTagRest() {
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

// gameStart moves to the first token of the next game, past white space and escape lines
// (§6), which belong to no game, dropping the text before it, and counts the game's byte
// budget maxBytes from there. It returns false at the end of the input; ended tells whether
// the input had ended before (see PGNReader.endHere).
func (s *pgnScanner) gameStart(maxBytes int64) (ok, ended bool) {
	for {
		s.discard()
		s.setLimit(addBudget(s.offset(), maxBytes))
		s.over = false
		ended = s.ended
		s.skipSpace()
		for !s.over {
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
			return false, ended
		}
		s.setLimit(addBudget(s.offset(), maxBytes)) // the budget counts from the game's first byte
		s.long = s.long[:0]
		return true, ended
	}
}

// endInput records the input's last line when it is too long and has no line end (counted as
// if it had one), once: the reader calls it at the end of a game that ends the input. It
// also records the game's last line when the game ended at a CR whose LF, taken by the next
// game, ends it: the line is this game's, its CRLF counted as one.
func (s *pgnScanner) endInput() {
	if s.lineLimit > 0 && s.crlf {
		s.checkLine(s.offset() - s.lineOff)
	}
	if s.lineLimit > 0 && s.ended && !s.lastChecked && s.pos == len(s.buf) && s.offset() > s.lineOff {
		s.checkLine(s.offset() - s.lineOff + 1)
		s.lastChecked = true
	}
}

// atEnd skips white space and reports whether the input ends there.
func (s *pgnScanner) atEnd() bool {
	s.skipSpace()
	_, more := s.peek(0)
	return !more
}

// resync skips input, without keeping it, up to the next line that starts with "[" (a tag
// pair): how the reader recovers after a game blew its budget. It reports whether it met the
// end of the input, for the first time: a place where more input starting with a tag pair
// would have stopped it.
func (s *pgnScanner) resync() (endedHere bool) {
	ended := s.ended
	s.glued = false
	for {
		s.discard()
		for s.pos < len(s.buf) {
			c := s.buf[s.pos]
			if c == '[' && s.atLineStart() {
				return false
			}
			s.pos++
			switch c {
			case '\n':
				s.newline()
			case '\r':
				if s.lfFollows() {
					s.crlf = true
					continue
				}
				s.newline()
			}
		}
		s.discard()
		// read one more chunk after what is buffered: discard may have kept the buffer
		s.limit = s.offset() + pgnChunk
		s.over = false
		if !s.fill() {
			return !ended && s.ended
		}
	}
}
