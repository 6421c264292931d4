package chess

import (
	"io"
	"math"
	"sync"
)

// Parallel reading (PGNReader.Workers > 1). One goroutine cuts the input into chunks of about
// pgnChunkTarget bytes, each a run of whole games; the workers read the chunks with ordinary
// sequential readers; Read hands out their games in input order. A chunk is cut only before
// a "[" in column 1 where the sequential reader must start a new game whatever came before:
// outside comments, strings and tag pairs, and after a line that did not start with "[" (so
// not inside a tag section). That needs only a small state machine of what the tokenizer
// does with comments, strings and tag pairs, so the cutting costs little next to the reading.
// The games, their positions and their errors are those of a sequential reader, except after
// a budget error, whose resynchronisation may then see a different input.

// pgnChunkTarget is the size a chunk grows to before it is cut (a variable for the tests).
var pgnChunkTarget = 256 << 10

type pgnPart struct {
	raw     []byte
	rest    io.Reader // for the last chunk when no cut came in time: read raw, then rest
	offset  int64     // input offset of raw[0]
	line    int       // line of raw[0]
	lineOff int64     // input offset of that line's start
	ioErr   error     // the I/O error after raw, for the last chunk
	results chan pgnResult
}

type pgnResult struct {
	g   *PGNGame
	err error
}

type pgnParallel struct {
	order chan *pgnPart // chunks in input order
	stop  chan struct{}
	once  sync.Once
	cur   *pgnPart // the chunk Read takes games from
	games int      // games handed out so far
	base  int      // games before the current chunk
	err   error    // io.EOF or the I/O error that ended the input; set before order closes
}

// Close stops the goroutines of a reader with Workers > 1 that is abandoned before the end of
// its input. It is safe to call more than once, and does nothing for other readers.
func (r *PGNReader) Close() error {
	if r.par != nil {
		r.par.once.Do(func() { close(r.par.stop) })
	}
	return nil
}

func (r *PGNReader) startParallel() {
	n := r.Workers
	// order holds the chunks the workers may read ahead of Read: Workers of them, so that
	// each has one to read, and the memory of their games stays that of Workers+2 chunks
	par := &pgnParallel{order: make(chan *pgnPart, n), stop: make(chan struct{})}
	r.par = par
	jobs := make(chan *pgnPart, n)
	maxBytes, _, _, _ := r.budget()
	go func() {
		defer close(par.order)
		defer close(jobs)
		par.err = splitPGN(r.s.r, maxBytes, func(c *pgnPart) bool {
			c.results = make(chan pgnResult, 32)
			select {
			case jobs <- c:
			case <-par.stop:
				return false
			}
			select {
			case par.order <- c:
				return true
			case <-par.stop:
				return false
			}
		})
	}()
	for i := 0; i < n; i++ {
		go func() {
			for c := range jobs {
				r.readChunk(c, par.stop)
			}
		}()
	}
}

// readChunk reads the games of one chunk with a sequential reader of the same policy and
// sends them, in order, on the chunk's results channel, which it closes.
func (r *PGNReader) readChunk(c *pgnPart, stop chan struct{}) {
	defer close(c.results)
	sub := &PGNReader{StrictSAN: r.StrictSAN, NoTree: r.NoTree, SkipVariations: r.SkipVariations, TagsOnly: r.TagsOnly,
		MaxGameBytes: r.MaxGameBytes, MaxTokens: r.MaxTokens, MaxDepth: r.MaxDepth, MaxErrors: r.MaxErrors}
	sub.s = pgnScanner{buf: c.raw[:0], end: len(c.raw), eof: c.rest == nil, r: c.rest, base: c.offset, line: c.line, lineOff: c.lineOff}
	var pending *pgnResult
	for {
		g, errs := sub.readGame()
		if g == nil && c.ioErr != nil && pending != nil {
			// the input failed after this chunk: the last game gets the error, as in a
			// sequential read
			sub.s.err = c.ioErr
			pending.err = appendIOError(pending.g, pending.err, &sub.s, c.ioErr)
		}
		if pending != nil {
			select {
			case c.results <- *pending:
			case <-stop:
				return
			}
		}
		if g == nil {
			return
		}
		var err error
		if len(errs) > 0 {
			err = errs
		}
		pending = &pgnResult{g, err}
	}
}

// appendIOError adds the error that ended the input to the last game's errors.
func appendIOError(g *PGNGame, err error, s *pgnScanner, ioErr error) error {
	list, _ := err.(ErrorList)
	s.tok = nil
	s.mark()
	list = append(list, &PGNError{Game: g.Index, GameLine: g.Line, Players: pgnPlayers(g), Line: s.tokLine, Column: s.tokCol, Offset: s.tokOff,
		Message: "read error: " + ioErr.Error(), Err: ioErr})
	return list
}

func (r *PGNReader) readParallel() (*PGNGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.par == nil {
		r.startParallel()
	}
	par := r.par
	for {
		if par.cur == nil {
			c, ok := <-par.order
			if !ok {
				r.err = par.err
				return nil, r.err
			}
			par.cur, par.base = c, par.games
		}
		res, ok := <-par.cur.results
		if !ok {
			if par.cur.ioErr != nil {
				r.err = par.cur.ioErr
			}
			par.cur = nil
			continue
		}
		// the chunk's reader counted its games from 1: renumber them in the whole input
		shift := par.base
		par.games++
		res.g.Index += shift
		for _, e := range res.g.Warnings {
			e.Game += shift
		}
		if list, ok := res.err.(ErrorList); ok {
			for _, e := range list {
				e.Game += shift
			}
		}
		return res.g, res.err
	}
}

// pgnSplitter is the state machine that finds the places to cut. Its states follow the
// tokenizer: what it treats as a brace comment, a string, a rest-of-line comment, a tag pair.
type pgnSplitter struct {
	state   uint8
	col1    bool // no byte yet on this line
	first   byte // the line's first byte that is not a space, 0 while none
	prevTag bool // the last non-blank line started with "["
	pendCR  bool // a CR was seen: a LF next belongs to the same line end
	nameOK  bool // the tag name read so far is valid
	nameLen int
	line    int
	lineOff int64
	bom     int // bytes of a byte-order mark seen at the start
}

const (
	spNormal = iota
	spBrace
	spString
	spLineComment
	spTagStart  // after "[": spaces, then the name
	spTagName   // in the name
	spTagAfter  // spaces after the name
	spTagString // in the quoted value
	spTagEsc    // after a backslash in the quoted value
	spTagClosed // after the closing quote
	spTagValue  // in an unquoted value
	spTagBad    // after an unquoted value
	spTagRest   // skipping a broken tag pair to "]" or the line's end
	spStrEsc    // after a backslash in a movetext string
)

// splitPGN reads src and calls emit with chunks of whole games, in order, until the input
// ends or emit returns false; it returns io.EOF or the I/O error that ended the input.
func splitPGN(src io.Reader, maxBytes int64, emit func(*pgnPart) bool) error {
	sp := pgnSplitter{col1: true, line: 1}
	block := make([]byte, pgnChunk)
	var chunk []byte
	var off int64 // input offset of block[0]
	c := &pgnPart{line: 1}
	// the longest chunk: no safe cut for longer than two games may be, and a block more
	maxChunk := addBudget(2*min(maxBytes, math.MaxInt64/4), int64(pgnChunkTarget+pgnChunk))
	for {
		n, err := src.Read(block)
		data := block[:n]
		start := 0
		for i := 0; i < n; i++ {
			if sp.step(data[i], off+int64(i)) && len(chunk)+i-start >= pgnChunkTarget {
				c.raw = appendChunk(chunk, data[start:i], maxChunk)
				next := &pgnPart{offset: off + int64(i), line: sp.line, lineOff: sp.lineOff}
				if !emit(c) {
					return nil
				}
				c, chunk, start = next, nil, i
			}
		}
		chunk = appendChunk(chunk, data[start:], maxChunk)
		off += int64(n)
		if err != nil {
			if sp.pendCR {
				sp.newline(off)
			}
			c.raw = chunk
			if err != io.EOF {
				c.ioErr = err
			}
			if len(c.raw) > 0 || c.ioErr != nil {
				emit(c)
			}
			return err
		}
		if int64(len(chunk)) > maxChunk-pgnChunk {
			// no safe cut for longer than any game may be: read the rest in one piece
			c.raw, c.rest = chunk, src
			emit(c)
			return io.EOF
		}
	}
}

// appendChunk appends data to a chunk being cut. A chunk starts with room for its target
// size and a block, and doubles when a long game needs more, never past limit bytes:
// appending costs O(1) a byte, and all the growing of a chunk at most 2 limit bytes.
func appendChunk(chunk, data []byte, limit int64) []byte {
	if need := len(chunk) + len(data); need > cap(chunk) {
		n := int64(pgnChunkTarget + pgnChunk)
		if cap(chunk) > 0 {
			n = int64(2 * cap(chunk))
		}
		if 2*n > limit {
			n = limit // past half the limit, up to the limit at once: 2 limit bytes in all
		}
		grown := make([]byte, len(chunk), max(n, int64(need)))
		copy(grown, chunk)
		chunk = grown
	}
	return append(chunk, data...)
}

func (sp *pgnSplitter) newline(nextOff int64) {
	if sp.first != 0 {
		sp.prevTag = sp.first == '['
	}
	sp.first = 0
	sp.col1 = true
	sp.line++
	sp.lineOff = nextOff
	sp.pendCR = false
}

// step takes the byte c at input offset off and reports whether the input may be cut just
// before it.
func (sp *pgnSplitter) step(c byte, off int64) (cut bool) {
	if off < 3 && c == "\xEF\xBB\xBF"[off] && sp.col1 && sp.state == spNormal && int64(sp.bom) == off {
		sp.bom++ // a byte-order mark: the tokenizer skips it as white space at the line's start
		if sp.bom == 3 {
			sp.lineOff = 3
		}
		return false
	}
	if sp.pendCR {
		sp.pendCR = false
		if c == '\n' {
			sp.newline(off + 1)
			return false
		}
		sp.newline(off) // a lone CR ended the line
	}
again:
	if c == '\n' || c == '\r' {
		switch sp.state {
		case spString, spStrEsc, spLineComment, spTagString, spTagEsc, spTagStart, spTagName, spTagAfter,
			spTagClosed, spTagValue, spTagBad, spTagRest:
			// strings, rest-of-line comments and tag pairs end at the line's end
			sp.state = spNormal
		case spBrace:
			sp.prevTag = false
		}
		if sp.state == spBrace {
			sp.first = '{'
		}
		if c == '\r' {
			sp.pendCR = true
		} else {
			sp.newline(off + 1)
		}
		return false
	}
	col1 := sp.col1
	sp.col1 = false
	switch sp.state {
	case spNormal:
		if c != ' ' && c != '\t' && c != '\f' && c != '\v' && sp.first == 0 {
			sp.first = c
		}
		switch c {
		case '{':
			sp.state = spBrace
		case '"':
			sp.state = spString
		case ';':
			sp.state = spLineComment
		case '%':
			if col1 {
				sp.state = spLineComment
			}
		case '[':
			sp.state, sp.nameLen, sp.nameOK = spTagStart, 0, true
			return col1 && !sp.prevTag
		}
	case spBrace:
		if c == '}' {
			sp.state = spNormal
		}
	case spString:
		switch c {
		case '\\':
			sp.state = spStrEsc
		case '"':
			sp.state = spNormal
		}
	case spStrEsc:
		sp.state = spString
		if c != '"' && c != '\\' {
			goto again
		}
	case spLineComment:
	case spTagStart:
		if c != ' ' && c != '\t' {
			sp.state = spTagName
			goto again
		}
	case spTagName:
		if pgnDelim[c] {
			if sp.nameLen == 0 || !sp.nameOK {
				sp.state = spTagRest
			} else {
				sp.state = spTagAfter
			}
			goto again
		}
		letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		if !letter && (sp.nameLen == 0 || !(c >= '0' && c <= '9' || c == '_')) {
			sp.nameOK = false
		}
		sp.nameLen++
	case spTagAfter:
		switch {
		case c == ' ' || c == '\t':
		case c == '"':
			sp.state = spTagString
		default:
			sp.state = spTagValue
			goto again
		}
	case spTagString:
		switch c {
		case '\\':
			sp.state = spTagEsc
		case '"':
			sp.state = spTagClosed
		}
	case spTagEsc:
		sp.state = spTagString
		if c != '"' && c != '\\' {
			goto again
		}
	case spTagClosed:
		switch {
		case c == ' ' || c == '\t':
		case c == ']':
			sp.state = spNormal
		case c == '[':
			sp.state = spNormal
			goto again
		default:
			sp.state = spTagRest
			goto again
		}
	case spTagValue:
		if pgnDelim[c] {
			sp.state = spTagBad
			goto again
		}
	case spTagBad:
		switch {
		case c == ' ' || c == '\t':
		case c == ']':
			sp.state = spNormal
		default:
			sp.state = spTagRest
			goto again
		}
	case spTagRest:
		if c == ']' {
			sp.state = spNormal
		}
	}
	return false
}
