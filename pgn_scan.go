package chess

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// pgnScanner cuts a PGN stream into tokens (PGN Standard §7). It reads into one buffer that
// holds the current game from its first byte, so tokens are slices of that buffer and cost
// nothing to make; discard drops what came before the next game. The buffer never grows past
// the game's byte budget (and what it kept from before the game), and all its growing costs
// at most twice that.
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

	// the current token
	tok     []byte
	tokLine int
	tokCol  int
	tokOff  int64
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
// the front only when that frees at least half the buffer, so its copying costs O(1) per byte.
func (s *pgnScanner) discard() {
	if s.eof || s.pos < cap(s.buf)/2 && cap(s.buf)-s.end >= pgnChunk/2 {
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

func (s *pgnScanner) newline() {
	s.line++
	s.lineOff = s.offset()
}

// lineEnd takes the line-end byte c at pos: LF, and CR unless a LF follows (which then ends
// the line), each count a line.
func (s *pgnScanner) lineEnd(c byte) {
	s.pos++
	if c == '\r' && s.lfFollows() {
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

// skipSpace skips white space and counts lines: LF, CRLF and a lone CR each end a line.
func (s *pgnScanner) skipSpace() {
	for {
		for s.pos >= len(s.buf) {
			if !s.fill() {
				return
			}
		}
		switch c := s.buf[s.pos]; c {
		case '\n', '\r':
			s.lineEnd(c)
		case ' ', '\t', '\f', '\v':
			s.pos++
		default:
			if c == 0xEF && s.offset() == 0 { // a UTF-8 byte-order mark at the start
				if b1, _ := s.peek(1); b1 == 0xBB {
					if b2, _ := s.peek(2); b2 == 0xBF {
						s.pos += 3
						s.lineOff = s.offset()
						continue
					}
				}
			}
			return
		}
	}
}

// skipLine skips to the start of the next line.
func (s *pgnScanner) skipLine() {
	for {
		c, ok := s.peek(0)
		if !ok {
			return
		}
		s.pos++
		switch c {
		case '\n':
			s.newline()
			return
		case '\r':
			if !s.lfFollows() {
				s.newline()
			} // else the LF, next, ends the line
			return
		}
	}
}

// mark records pos as the start of the current token.
func (s *pgnScanner) mark() {
	s.tokLine = s.line
	s.tokCol = int(s.offset()-s.lineOff) + 1
	s.tokOff = s.offset()
}

// pgnDelim marks the bytes that end a symbol token (§7: symbols are made of letters, digits
// and "_+#=:-/." and more in the wild; everything else that is not space delimits).
var pgnDelim = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f\v{}()[];\"$<>") {
		t[c] = true
	}
	return t
}()

// symbol scans a symbol token starting at pos into tok.
func (s *pgnScanner) symbol() {
	start := s.pos
	for {
		if s.pos >= len(s.buf) {
			// keep start valid across the refill: fill only appends
			if !s.fill() {
				break
			}
		}
		if pgnDelim[s.buf[s.pos]] {
			break
		}
		s.pos++
	}
	s.tok = s.buf[start:s.pos]
}

// braceComment scans a { } comment whose "{" is at pos. tok is its text without the braces;
// ok is false when the input ends before "}". Line breaks inside are counted.
func (s *pgnScanner) braceComment() (ok bool) {
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

// lineComment scans a ";" comment whose ";" is at pos, to the end of the line (§5).
func (s *pgnScanner) lineComment() {
	s.pos++
	start := s.pos
	for {
		if s.pos >= len(s.buf) && !s.fill() {
			break
		}
		if c := s.buf[s.pos]; c == '\n' || c == '\r' {
			break
		}
		s.pos++
	}
	s.tok = s.buf[start:s.pos]
}

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

// resync skips input, without keeping it, up to the next line that starts with "[" (a tag
// pair): how the reader recovers after a game blew its budget. It reports whether it met the
// end of the input, for the first time: a place where more input starting with a tag pair
// would have stopped it.
func (s *pgnScanner) resync() (endedHere bool) {
	ended := s.ended
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
