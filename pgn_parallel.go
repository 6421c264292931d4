package chess

import (
	"bytes"
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
	mem     []byte    // the buffer raw is in, reused once the chunk is read
	rest    io.Reader // for the last chunk when no cut came in time: read raw, then rest
	offset  int64     // input offset of raw[0]
	line    int       // line of raw[0]
	lineOff int64     // input offset of that line's start
	ioErr   error     // the I/O error after raw, for the last chunk
	results chan pgnResult
}

type pgnResult struct {
	g     *PGNGame
	err   error
	ioErr error // the I/O error that ended the input, carried by this (the last) game
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
	free := make(chan []byte, 2*n+2) // chunk buffers the workers are done with, for the splitter
	r.par = par
	jobs := make(chan *pgnPart, n)
	maxBytes, _, _, _ := r.budget()
	go func() {
		defer close(par.order)
		defer close(jobs)
		par.err = splitPGN(r.s.r, maxBytes, free, func(c *pgnPart) bool {
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
				if c.rest == nil {
					// nothing read from a chunk keeps a reference to its text: reuse it
					select {
					case free <- c.mem[:0]:
					default:
					}
				}
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
		switch {
		case g != nil || pending == nil:
		case c.ioErr != nil:
			// the input failed after this chunk: the last game gets the error, as in a
			// sequential read
			sub.s.err = c.ioErr
			pending.err = appendIOError(pending.g, pending.err, &sub.s, c.ioErr)
			pending.ioErr = c.ioErr
		case sub.s.err != nil:
			pending.ioErr = sub.s.err // a chunk read on from the input: readGame added the error
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
		pending = &pgnResult{g: g, err: err}
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
		if res.ioErr != nil {
			r.err = res.ioErr // the game carries the error: Read reports it after, All does not
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
// It tracks no line numbers: a chunk's first line is counted when the chunk is cut.
type pgnSplitter struct {
	state   uint8
	col1    bool // no byte yet on this line
	first   byte // the line's first byte that is not a space, 0 while none
	prevTag bool // the last non-blank line that was no escape line started with "["
	escape  bool // the line is an escape line
	nameOK  bool // the tag name read so far is valid
	nameLen int
	bom     int // bytes of a byte-order mark seen at the start of the input
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

// spPlain marks the bytes that need no attention in the normal state.
var spPlain = func() (t [256]bool) {
	for i := range t {
		t[i] = true
	}
	for _, c := range []byte("{\"\\;%[\n\r\f\v\xEF") {
		t[c] = false
	}
	return t
}()

// splitPGN reads src and calls emit with chunks of whole games, in order, until the input
// ends or emit returns false; it returns io.EOF or the I/O error that ended the input. Each
// byte is read into the chunk that sends it, and copied again only when a cut leaves the rest
// of a read for the next chunk.
func splitPGN(src io.Reader, maxBytes int64, free <-chan []byte, emit func(*pgnPart) bool) error {
	sp := pgnSplitter{col1: true}
	target := pgnChunkTarget
	newBuf := func(rest []byte) []byte {
		need := max(target, len(rest)) + pgnChunk
		var b []byte
		select {
		case b = <-free:
		default:
		}
		if cap(b) < need {
			b = make([]byte, 0, need)
		}
		b = b[:len(rest)]
		copy(b, rest)
		return b
	}
	buf := newBuf(nil)
	part := &pgnPart{line: 1}
	scanned := 0 // bytes of buf the state machine has seen
	// the longest chunk: no safe cut for longer than two games may be, and a chunk more
	limit := addBudget(2*min(maxBytes, math.MaxInt64/4), int64(target))
	for {
		if cap(buf)-len(buf) < pgnChunk/2 {
			// a long game: double, but past half the limit grow to the limit at once, so that
			// all the growing costs at most twice the limit
			n := int64(2 * cap(buf))
			if 2*n > limit {
				n = max(limit, int64(cap(buf))) + pgnChunk
			}
			nb := make([]byte, len(buf), n)
			copy(nb, buf)
			buf = nb
		}
		n, err := src.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		for {
			cut := sp.scan(buf, scanned, target, part.offset)
			if cut < 0 {
				scanned = len(buf)
				break
			}
			part.raw, part.mem = buf[:cut:cut], buf
			next := &pgnPart{offset: part.offset + int64(cut), line: part.line + countLines(part.raw)}
			next.lineOff = next.offset // a cut is at the start of a line
			if !emit(part) {
				return nil
			}
			part, buf, scanned = next, newBuf(buf[cut:]), 1 // scan took the "[" at the cut
		}
		if err != nil {
			part.raw, part.mem = buf, buf
			if err != io.EOF {
				part.ioErr = err
			}
			if len(part.raw) > 0 || part.ioErr != nil {
				emit(part)
			}
			return err
		}
		if int64(len(buf)) > limit {
			// no safe cut for longer than any game may be: read the rest in one piece
			part.raw, part.rest = buf, src
			emit(part)
			return io.EOF
		}
	}
}

// countLines counts the line ends of b as the tokenizer does: LF, CRLF, and a lone CR.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	if bytes.IndexByte(b, '\r') >= 0 {
		for i, c := range b {
			if c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
				n++
			}
		}
	}
	return n
}

// scan runs the state machine over buf[from:] and returns the index of the first place at or
// past target where the input may be cut (the byte there, a "[", already taken), or -1; base
// is the input offset of buf[0].
func (sp *pgnSplitter) scan(buf []byte, from, target int, base int64) int {
	for i := from; i < len(buf); {
		c := buf[i]
		if base+int64(i) < 3 && sp.bom == int(base)+i && c == "\xEF\xBB\xBF"[base+int64(i)] && sp.col1 && sp.state == spNormal {
			sp.bom++ // a byte-order mark: the tokenizer skips it as white space at the line's start
			i++
			continue
		}
		if sp.state == spNormal && spPlain[c] {
			// the bulk of movetext: moves, numbers, results and the spaces between them
			sp.col1 = false
			if sp.first == 0 {
				if c == ' ' || c == '\t' {
					i++ // indentation: the line's first byte is still to come
					continue
				}
				sp.first = c
			}
			i++
			for i < len(buf) && spPlain[buf[i]] {
				i++
			}
			continue
		}
		switch sp.state {
		case spBrace:
			j := bytes.IndexByte(buf[i:], '}')
			end := len(buf)
			if j >= 0 {
				end = i + j + 1
				sp.state = spNormal
			}
			if bytes.IndexByte(buf[i:end], '\n') >= 0 || bytes.IndexByte(buf[i:end], '\r') >= 0 {
				sp.prevTag, sp.escape = false, false // lines inside a comment are no tag lines
			}
			sp.first, sp.col1 = '{', false
			i = end
			continue
		case spLineComment:
			j := bytes.IndexAny(buf[i:], "\n\r")
			if j < 0 {
				return -1
			}
			i += j
			sp.state = spNormal
			continue // the line end is handled in the normal state
		}
		if c == '\n' || c == '\r' {
			// strings, rest-of-line comments and tag pairs end at the line's end; a CRLF is read
			// as two line ends here, which changes nothing: an empty line leaves prevTag alone
			if sp.state != spBrace {
				sp.state = spNormal
			}
			if sp.first != 0 && !sp.escape {
				sp.prevTag = sp.first == '['
			}
			sp.first, sp.escape, sp.col1 = 0, false, true
			i++
			continue
		}
		if sp.step(c) && i >= target {
			return i
		}
		i++
	}
	return -1
}

// step takes one byte that is not a line end, in any state but spBrace and spLineComment,
// and reports whether the input may be cut just before it (a "[" starting a tag pair at
// column 1 after a line that was not a tag line).
func (sp *pgnSplitter) step(c byte) (cut bool) {
	col1 := sp.col1
	sp.col1 = false
again:
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
				// an escape line (§6): the reader skips it wherever it stands, so it neither
				// ends nor starts a tag section
				sp.state, sp.escape = spLineComment, true
			}
		case '[':
			sp.state, sp.nameLen, sp.nameOK = spTagStart, 0, true
			return col1 && !sp.prevTag
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
		if !tagNameByte(c, sp.nameLen == 0) {
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
