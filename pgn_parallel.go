package chess

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel reading (PGNReader.Workers > 1). The workers take turns at cutting the next chunk
// of about pgnChunkTarget bytes from the input, and each reads the games of the chunk it cut
// with an ordinary sequential reader; Read hands out their games in input order.
//
// The cuts are guesses, checked afterwards. A chunk is cut before a line that looks like the
// first tag pair of a game: "[" and a tag name at the start of a line, after a line that was
// no tag pair. A substring search finds those, so cutting costs next to nothing. Whether the
// guess was right, the reader of the chunk before the cut tells: whether its input ended
// where a sequential reader, given more input starting with "[", would have started a new
// game (PGNReader.cleanEnd). When it did not (the "[" line stood in a comment of several
// lines, say), the worker keeps the chunk's last game back, and Read reads the chunk again
// joined to the chunks after it, dropping the games it handed out already and what the
// joined chunks gave. So the games, their positions and their errors are exactly those of a
// sequential reader, whatever the input.
//
// Line numbers: a chunk's reader numbers its lines from 1, as it cannot know how many lines
// the chunks before it have until they are read (counting them while cutting cost a pass over
// every byte, on the one goroutine that cuts). It says how many line ends the chunk has when
// it is done, and Read, which hands out the chunks in order, adds the lines before the chunk
// to every line number of its games (shiftLines).

// pgnChunkTarget is the size a chunk grows to before it is cut, unless PGNReader.chunkTarget
// says otherwise.
const pgnChunkTarget = 256 << 10

type pgnPart struct {
	raw    []byte
	mem    []byte    // the buffer raw is in, reused once Read is done with the chunk
	rest   io.Reader // for the last chunk when no cut came in time: read raw, then rest
	offset int64     // input offset of raw[0], the start of a line
	ioErr  error     // the I/O error after raw, for the last chunk
	final  bool      // the input ends with this chunk: its end is no guess
	wide   bool      // larger than a chunk of the usual size (grown for a long game, or reads on)

	abandoned atomic.Bool // joined to the chunk before: what its worker reads is dropped

	ready  chan struct{} // signalled (it holds one) when games or done change
	space  chan struct{} // signalled when Read takes games, or the chunk is abandoned
	mu     sync.Mutex
	games  []pgnResult // read, not yet taken by Read
	done   bool        // every game is read
	clean  bool        // with done: the chunk ends where a sequential reader starts a new game
	lines  int         // with done and clean: the line ends in raw
	endErr error       // with done: the I/O error that ended the input, to come alone after the games
}

type pgnResult struct {
	g      *PGNGame
	err    error
	ioErr  error // the I/O error that ended the input, carried by this (the last) game
	metEnd bool  // the game's reading met the end of the chunk's input
}

func newPGNPart() *pgnPart {
	return &pgnPart{ready: make(chan struct{}, 1), space: make(chan struct{}, 1)}
}

// pgnMaxHeld is the most games a chunk holds for Read: a worker that read that many waits
// for Read to take them. A chunk's bytes bound its games' memory only when games have some
// length; this bounds it for games of a few bytes too (millions of "*" in a gzip file).
const pgnMaxHeld = 1024

// add passes a game to Read. The worker goes on without waiting for Read, so that it can go
// on to the next chunk while Read is still handing out the games of an earlier one, unless
// the chunk holds pgnMaxHeld games already: then it waits until Read takes them, the chunk
// is abandoned or the reader closed.
func (c *pgnPart) add(res pgnResult, stop <-chan struct{}) {
	c.mu.Lock()
	for len(c.games) >= pgnMaxHeld && !c.abandoned.Load() {
		c.mu.Unlock()
		select {
		case <-c.space:
		case <-stop:
			return
		}
		c.mu.Lock()
	}
	if c.games == nil {
		c.games = make([]pgnResult, 0, pgnSignalEvery) // one allocation for the games between two wake-ups
	}
	c.games = append(c.games, res)
	held := len(c.games)
	c.mu.Unlock()
	if held%pgnSignalEvery == 0 || held >= pgnMaxHeld || c.rest != nil {
		c.signal()
	}
}

// pgnSignalEvery is how many games a chunk's worker passes to Read before it wakes Read up
// (finish wakes it too): waking Read for every game would cost a switch of goroutines per
// game. A chunk that reads on from the input wakes Read for every game, as its input may
// come slowly.
const pgnSignalEvery = 32

// wake tells a worker waiting in add that there is room, or no more need to wait.
func (c *pgnPart) wake() { notify(c.space) }

func (c *pgnPart) finish(clean bool, endErr error, lines int) {
	c.mu.Lock()
	c.done, c.clean, c.endErr, c.lines = true, clean, endErr, lines
	c.mu.Unlock()
	c.signal()
}

func (c *pgnPart) signal() { notify(c.ready) }

// notify signals ch, a channel of capacity one, unless a signal is waiting already.
func notify(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// take returns the games read so far and not yet taken, and whether that is all of them.
func (c *pgnPart) take() (games []pgnResult, done, clean bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	games, c.games = c.games, nil
	c.wake()
	return games, c.done, c.clean
}

type pgnParallel struct {
	order chan *pgnPart // chunks in input order
	wide  chan struct{} // with read-ahead, a place taken for each wide chunk in order
	stop  chan struct{} // closed by Close
	free  chan []byte   // chunk buffers Read is done with, for the splitter
	// rejoins counts the chunks read again because the cut after them was wrong (for the tests)
	rejoins int
	cur     *pgnPart    // the chunk Read takes games from
	queue   []pgnResult // games taken from cur, not yet handed out
	skip    int         // games of cur to drop: handed out before cur was read again, joined
	games   int         // games handed out so far
	base    int         // games before cur
	line    int         // the input line of cur's first byte
	nodes   []*PGNNode  // shiftLines's stack, kept for reuse
	err     error       // io.EOF (also once closed) or the I/O error that ended the input; set before order closes
	running pgnRunning  // the goroutines started, for Close to wait for
	src     io.Reader   // the source, for Close to close when it is an io.Closer
}

// pgnRunning counts the goroutines of a parallel reader, and how many of them are inside the
// source's Read, so that Close can wait for all the others.
type pgnRunning struct {
	mu      sync.Mutex
	cond    sync.Cond
	running int
	reading int
}

func (pr *pgnRunning) add(running, reading int) {
	pr.mu.Lock()
	pr.running += running
	pr.reading += reading
	pr.cond.Broadcast()
	pr.mu.Unlock()
}

// goroutine runs f on a goroutine of its own, counted.
func (pr *pgnRunning) goroutine(f func()) {
	pr.add(1, 0)
	go func() {
		defer pr.add(-1, 0)
		f()
	}()
}

// wait returns when every goroutine has ended but those inside the source's Read.
func (pr *pgnRunning) wait() {
	pr.mu.Lock()
	for pr.running > pr.reading {
		pr.cond.Wait()
	}
	pr.mu.Unlock()
}

// countedSource is the source of a parallel reader: its Read counts as a goroutine's Read of
// the source, and after Close (stop closed) it reads the source no more.
type countedSource struct {
	r    io.Reader
	pr   *pgnRunning
	stop <-chan struct{}
}

func (cs countedSource) Read(p []byte) (int, error) {
	select {
	case <-cs.stop:
		return 0, io.EOF
	default:
	}
	cs.pr.add(0, 1)
	defer cs.pr.add(0, -1)
	return cs.r.Read(p)
}

// Close stops the goroutines of a reader with Workers > 1 that is abandoned before the end of
// its input; Read then returns nil, io.EOF. Once its goroutines have started (at the first
// Read), Close closes the source when it is an io.Closer and returns its error; then it
// returns when every goroutine the reader started has ended, except one still inside the
// source's Read. That one reads the source no more: it ends when its Read returns, which
// closing ends at once for some sources (an *os.File of a pipe or a socket, a net.Conn) and
// not for others (a *gzip.Reader, whose Close leaves the stream under it open; a terminal);
// a Read of the PGNReader waiting for it returns at once. Close never waits for a Read of
// the source. It may be called from any goroutine, also while Read runs, and more than once;
// it does nothing for other readers.
func (r *PGNReader) Close() error {
	r.closeMu.Lock()
	par := r.par
	first := !r.closed
	r.closed = true
	r.closeMu.Unlock()
	if par == nil {
		return nil
	}
	var err error
	if first {
		close(par.stop)
		if c, ok := par.src.(io.Closer); ok {
			err = c.Close()
		}
	}
	par.running.wait()
	return err
}

// pgnReadAhead is how many chunks the workers may cut ahead of Read beyond one each. Read
// hands out the games in input order, so a worker whose chunk is not read yet holds up the
// others once they are that far ahead: when the system stops its thread for a while (a
// machine busy with other work stops one for milliseconds, several chunks' worth) or its
// chunk is slow. With one chunk each, the two workers of chess check -j 2 on a busy machine
// stood idle for 3 to 10% of the run (runtime/metrics /cpu/classes/idle), most of it
// waiting to queue a chunk; with 8 more, 0.3 to 1.3%. Only without trees (NoTree), whose
// games take little memory, and only chunks of the usual size (see pgnPart.wide).
const pgnReadAhead = 8

// MaxPGNWorkers is the most goroutines a PGNReader reads with: a larger PGNReader.Workers
// counts as this many. Each holds a chunk of games, so the bound is one on memory too.
const MaxPGNWorkers = 256

func (r *PGNReader) startParallel() {
	n := min(r.Workers, MaxPGNWorkers)
	// order holds the chunks the workers may read ahead of Read: one for each, so that the
	// memory of their games stays that of Workers+2 chunks; without trees, whose games take
	// little memory, pgnReadAhead more of the usual size (wide holds a place for each chunk
	// in order that is larger, grown for a long game: Workers of them at most, as before)
	ahead := 0
	if r.NoTree {
		ahead = pgnReadAhead
	}
	par := &pgnParallel{order: make(chan *pgnPart, n+ahead), stop: make(chan struct{}),
		free: make(chan []byte, 2*n+2+ahead), line: 1}
	if ahead > 0 {
		par.wide = make(chan struct{}, n)
	}
	par.running.cond.L = &par.running.mu
	par.src = r.s.r
	r.par = par
	maxBytes, _, _, _ := r.budget()
	sp := newPGNSplitter(countedSource{r.s.r, &par.running, par.stop}, maxBytes, r.chunkTarget, r.cutAnywhere, par.free)
	var left atomic.Int32
	left.Store(int32(n))
	for i := 0; i < n; i++ {
		par.running.goroutine(func() {
			defer func() {
				if left.Add(-1) == 0 { // the last worker out says the input is done
					par.err = sp.err
					close(par.order)
				}
			}()
			sub := new(PGNReader) // reused from chunk to chunk, with its buffers
			for {
				c, ok := r.cutChunk(sp)
				if !ok {
					return
				}
				if c.rest == nil {
					r.readChunk(c, par.stop, sub)
					// Read, woken by the chunk's end, hands out its games now, on this P,
					// instead of at the next preemption of a worker (up to 10 ms): so the
					// read-ahead is there for a worker the system stops, not filled all the
					// time (check -j 2: 7,500 page faults and 31 MB resident with it
					// filled, 5,700 and 25 MB so)
					runtime.Gosched()
				}
			}
		})
	}
}

// cutChunk cuts the next chunk from the input and queues it for Read; false when there is
// none or the reader is closed. The workers take turns at it, so that each reads the text of
// its chunk into its own cache as it cuts it. A chunk that reads on from the input is queued
// but not returned: Read's goroutine reads it when it comes to it, as it may yet have to be
// joined to the chunk before.
func (r *PGNReader) cutChunk(sp *pgnSplitter) (*pgnPart, bool) {
	select {
	case sp.turn <- struct{}{}:
	case <-r.par.stop:
		return nil, false // closed while another worker reads the source: no waiting for it
	}
	defer func() { <-sp.turn }()
	select {
	case <-r.par.stop:
		sp.err = io.EOF // closed: no more chunks
		return nil, false
	default:
	}
	c := sp.next()
	if c == nil {
		return nil, false
	}
	if c.wide = c.rest != nil || cap(c.mem) > pgnChunkReuse; c.wide && r.par.wide != nil {
		select {
		case r.par.wide <- struct{}{}: // given back when Read takes the chunk from order
		case <-r.par.stop:
			sp.err = io.EOF
			return nil, false
		}
	}
	select {
	case r.par.order <- c:
		return c, true
	case <-r.par.stop:
		sp.err = io.EOF // closed: no more chunks
		return nil, false
	}
}

// readChunk reads the games of one chunk with sub, made a sequential reader of the same
// policy, and passes them, in order, to Read. The last one it keeps back when the chunk's end
// turns out to be no place where a new game starts: Read then reads the chunk again.
func (r *PGNReader) readChunk(c *pgnPart, stop chan struct{}, sub *PGNReader) {
	r.subReader(sub)
	sub.s = pgnScanner{buf: c.raw[:0], end: len(c.raw), eof: c.rest == nil, r: c.rest, base: c.offset, line: 1, lineOff: c.offset}
	var pending pgnResult // the game read last, held back until the next is read (g nil: none)
	for {
		select {
		case <-stop:
			c.finish(false, nil, 0)
			return
		default:
		}
		if c.abandoned.Load() {
			c.finish(false, nil, 0)
			return
		}
		ended := sub.s.ended
		g, errs := sub.readGame()
		if g == nil {
			break
		}
		if pending.g != nil {
			c.add(pending, stop)
		}
		pending = pgnResult{g: g, metEnd: !ended && sub.s.ended}
		if len(errs) > 0 {
			pending.err = errs
		}
	}
	clean := c.final || sub.cleanEnd
	endErr := c.ioErr // the error that ended the input, after this chunk
	if endErr == nil {
		endErr = sub.s.err // a chunk that read on from the input met it
	}
	if pending.g != nil && clean {
		switch {
		case sub.err != nil:
			// a chunk that read on from the input: readGame put the error in the game
			pending.ioErr, endErr = sub.err, nil
		case c.ioErr != nil && pending.metEnd && pending.g.Result == "":
			// the error cut the last game short: the game gets it, as in a sequential read
			sub.s.err = c.ioErr
			pending.err = appendIOError(pending.g, pending.err, &sub.s, c.ioErr)
			pending.ioErr, endErr = c.ioErr, nil
		}
		c.add(pending, stop)
	}
	lines := 0
	if clean && c.rest == nil {
		// the line ends the reader took, and any in what it left (there is none when it read
		// to the end, as it does when the chunk ends where a game starts)
		lines = sub.s.line - 1
		if at := sub.s.offset() - c.offset; at < int64(len(c.raw)) {
			lines += countLines(c.raw[at:])
		}
	}
	c.finish(clean, endErr, lines)
}

// subReader makes sub a sequential reader of r's policy, the one place that carries it over:
// every exported field of r but Workers (TestPGNSubReaderPolicy fails when a new field is not
// carried over), with sub's buffers kept for reuse.
func (r *PGNReader) subReader(sub *PGNReader) {
	*sub = PGNReader{StrictSAN: r.StrictSAN, NoTree: r.NoTree, SkipVariations: r.SkipVariations, TagsOnly: r.TagsOnly,
		MaxGameBytes: r.MaxGameBytes, MaxTokens: r.MaxTokens, MaxDepth: r.MaxDepth, MaxErrors: r.MaxErrors,
		MaxLineLength: r.MaxLineLength,
		tags:          sub.tags[:0], tagText: sub.tagText[:0], tagEnds: sub.tagEnds[:0], unescape: sub.unescape[:0],
		opens: sub.opens[:0], val: sub.val, tree: sub.tree}
}

// appendIOError adds the error that ended the input to the last game's errors.
func appendIOError(g *PGNGame, err error, s *pgnScanner, ioErr error) error {
	list, _ := err.(ErrorList)
	at := s.here()
	list = cutShort(list, &PGNError{Game: g.Index, GameLine: g.Line, Players: pgnPlayers(g), Line: at.line, Column: at.col, Offset: at.off,
		Message: "read error: " + ioErr.Error(), Err: ioErr})
	g.Problems = mergeProblems(list, g.Warnings)
	return list
}

func (r *PGNReader) readParallel() (*PGNGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.par == nil {
		r.closeMu.Lock()
		if !r.closed {
			r.startParallel()
		}
		r.closeMu.Unlock()
		if r.par == nil {
			r.err = io.EOF // closed before the first Read
			return nil, r.err
		}
	}
	par := r.par
	select {
	case <-par.stop:
		r.err = io.EOF // closed
		return nil, r.err
	default:
	}
	for {
		if len(par.queue) > 0 {
			res := par.queue[0]
			par.queue[0] = pgnResult{}
			par.queue = par.queue[1:]
			if par.skip > 0 {
				par.skip--
				continue
			}
			return r.handOut(res)
		}
		if par.cur == nil && !r.nextChunk() {
			return nil, r.err
		}
		c := par.cur
		games, done, clean := c.take()
		switch {
		case len(games) > 0:
			par.queue = games
		case !done:
			select {
			case <-c.ready:
			case <-par.stop:
				r.err = io.EOF // closed
				return nil, r.err
			}
		case !clean:
			// the cut after this chunk was no place where a new game starts
			if !r.rejoin() {
				return nil, r.err
			}
		default:
			par.recycle(c)
			par.cur = nil
			par.line += c.lines
			if c.endErr != nil { // read after take saw done
				r.err = c.endErr
				return nil, r.err
			}
		}
	}
}

// nextChunk makes the next chunk the current one; false at the end of the input, with r.err set.
func (r *PGNReader) nextChunk() bool {
	par := r.par
	c, ok := r.receive()
	if !ok {
		return false
	}
	if c.rest != nil {
		par.running.goroutine(func() { r.readChunk(c, par.stop, new(PGNReader)) })
	}
	par.cur, par.base, par.skip = c, par.games, 0
	return true
}

// receive returns the next chunk in input order; false when there is none, with r.err set
// to io.EOF (also when the reader was closed) or the I/O error that ended the input.
func (r *PGNReader) receive() (*pgnPart, bool) {
	select {
	case c, ok := <-r.par.order:
		if !ok {
			r.err = r.par.err
		} else if c.wide && r.par.wide != nil {
			<-r.par.wide
		}
		return c, ok
	case <-r.par.stop:
		r.err = io.EOF // closed: a worker may still be inside the source's Read
		return nil, false
	}
}

// rejoin reads the current chunk again, joined to the chunks after it, and drops the games
// of the current chunk already handed out; false when there is no next chunk, with r.err
// set. It joins chunks until the text at least doubles, so that however many cuts in a row
// are wrong, all the reading again costs at most twice the text once.
func (r *PGNReader) rejoin() bool {
	par := r.par
	c := par.cur
	par.rejoins++
	j := newPGNPart()
	j.raw = append(make([]byte, 0, 2*len(c.raw)+pgnChunk), c.raw...)
	j.offset = c.offset // and its lines are numbered from cur's first, as cur's were
	par.recycle(c)
	for !j.final && len(j.raw) < 2*len(c.raw) {
		next, ok := r.receive()
		if !ok {
			return false
		}
		next.abandoned.Store(true) // its worker may stop; its buffer is left to the collector
		next.wake()
		j.raw = append(j.raw, next.raw...)
		j.rest, j.ioErr, j.final = next.rest, next.ioErr, next.final
	}
	par.running.goroutine(func() { r.readChunk(j, par.stop, new(PGNReader)) })
	par.cur, par.skip = j, par.games-par.base
	return true
}

// recycle gives the buffer of a chunk Read is done with back to the splitter.
func (par *pgnParallel) recycle(c *pgnPart) {
	if c.rest != nil || c.mem == nil || cap(c.mem) > pgnChunkReuse {
		// the reader of the rest of the input read into it, a joined chunk, or one grown for a
		// long game, left to the collector so that the free buffers hold no more than chunks
		return
	}
	select {
	case par.free <- c.mem[:0]:
	default:
	}
}

// handOut returns a game of the current chunk, renumbered in the whole input.
func (r *PGNReader) handOut(res pgnResult) (*PGNGame, error) {
	par := r.par
	if res.ioErr != nil {
		r.err = res.ioErr // the game carries the error: Read reports it after, All does not
	}
	// the chunk's reader counted its games and lines from 1: renumber them in the whole input
	shift := par.base
	par.games++
	res.g.Index += shift
	for _, e := range res.g.Warnings {
		e.Game += shift
	}
	list, _ := res.err.(ErrorList)
	for _, e := range list {
		e.Game += shift
	}
	if par.line > 1 {
		par.shiftLines(res.g, list, par.line-1)
	}
	return res.g, res.err
}

// shiftLines adds by to every line number of a game read by a chunk's reader: the game's, its
// errors' and warnings' (Problems holds the same ones) and its tree's nodes'.
func (par *pgnParallel) shiftLines(g *PGNGame, errs ErrorList, by int) {
	g.Line += by
	for _, list := range [2]ErrorList{g.Warnings, errs} {
		for _, e := range list {
			e.Line += by
			e.GameLine += by
		}
	}
	if g.Root == nil || len(g.Root.Children) == 0 {
		return
	}
	stack := append(par.nodes[:0], g.Root.Children...) // the root has no line
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		n.Line += by
		stack = append(stack, n.Children...)
	}
	par.nodes = stack[:0]
}

// pgnSplitter cuts the input into chunks of whole games (as far as it can guess, see above).
// Each byte is read into the chunk that holds it, and copied again only when a cut leaves the
// rest of a read for the next chunk. One goroutine at a time uses it, the one that could send
// to turn (a lock that a closed reader's workers need not wait for).
type pgnSplitter struct {
	turn     chan struct{}
	src      io.Reader
	target   int   // a chunk is cut at the first place past target bytes that may start a game
	anywhere bool  // or at any line that starts with "["
	limit    int64 // the longest chunk: no cut for longer than a game may be, and two chunks more
	free     <-chan []byte
	buf      []byte   // the text read for the next chunk
	part     *pgnPart // the next chunk: where it starts
	cuts     pgnCuts  // the search for its end in buf
	readErr  error    // what ended the input, once read
	err      error    // io.EOF or the I/O error that ended the input, once the last chunk is out
}

func newPGNSplitter(src io.Reader, maxBytes int64, target int, anywhere bool, free <-chan []byte) *pgnSplitter {
	if target <= 0 {
		target = pgnChunkTarget
	}
	sp := &pgnSplitter{turn: make(chan struct{}, 1), src: src, target: target, anywhere: anywhere, free: free, part: newPGNPart(), cuts: newPGNCuts(),
		limit: addBudget(min(maxBytes, math.MaxInt64/4), 2*int64(target))}
	sp.buf = sp.newBuf(nil)
	return sp
}

// pgnChunkReuse is the largest chunk buffer kept for reuse: one a little past pgnChunkTarget.
const pgnChunkReuse = 2*pgnChunkTarget + 2*pgnChunk

// newBuf returns a chunk buffer, reused if one is free, that starts with a copy of rest.
func (sp *pgnSplitter) newBuf(rest []byte) []byte {
	need := max(sp.target, len(rest)) + pgnChunk
	var b []byte
	select {
	case b = <-sp.free:
	default:
	}
	if cap(b) < need {
		b = make([]byte, 0, need)
	}
	b = b[:len(rest)]
	copy(b, rest)
	return b
}

// next returns the next chunk, or nil after the last one (sp.err then says why).
func (sp *pgnSplitter) next() *pgnPart {
	if sp.err != nil {
		return nil
	}
	buf := sp.buf
	for {
		if cut := sp.cuts.find(buf, sp.target, sp.anywhere); cut >= 0 {
			part := sp.part
			part.raw, part.mem = buf[:cut:cut], buf
			next := newPGNPart()
			next.offset = part.offset + int64(cut) // a cut is at the start of a line
			sp.part, sp.buf, sp.cuts = next, sp.newBuf(buf[cut:]), newPGNCuts()
			return part
		}
		part := sp.part
		if sp.readErr != nil {
			sp.err = sp.readErr
			part.raw, part.mem, part.final = buf, buf, true
			if sp.readErr != io.EOF {
				part.ioErr = sp.readErr
			}
			if len(part.raw) == 0 && part.ioErr == nil {
				return nil
			}
			return part
		}
		if int64(len(buf)) > sp.limit {
			// no cut for longer than any game may be: read the rest in one piece
			sp.err = io.EOF
			part.raw, part.rest, part.final = buf, sp.src, true
			return part
		}
		if cap(buf)-len(buf) < pgnChunk/2 {
			// a long game: double, up to the limit and a read more, so that all the growing
			// costs at most three times the limit (and only what the text needs below it)
			n := min(int64(2*cap(buf)), max(sp.limit, int64(cap(buf)))+pgnChunk)
			nb := make([]byte, len(buf), n)
			copy(nb, buf)
			buf = nb
		}
		n, err := readSource(sp.src, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		sp.buf, sp.readErr = buf, err
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

// pgnCuts finds the places to cut in a chunk's buffer as it grows, each byte searched once.
type pgnCuts struct {
	from   int        // the line ends before from are done with
	lf, cr pairSearch // the next "\n[", and "\r[" (old Mac line ends)
}

func newPGNCuts() pgnCuts { return pgnCuts{lf: pairSearch{at: -1}, cr: pairSearch{at: -1}} }

// find returns the index of the first "[" at or past target, at the start of a line, that
// may start a game (with anywhere: any such "["), or -1.
func (pc *pgnCuts) find(buf []byte, target int, anywhere bool) int {
	pc.from = max(pc.from, target-1)
	for {
		at := pc.lf.next(buf, '\n', pc.from)
		if cr := pc.cr.next(buf, '\r', pc.from); at < 0 || cr >= 0 && cr < at {
			at = cr
		}
		if at < 0 {
			return -1
		}
		pc.from = at + 1
		if k := at + 1; anywhere || startsGame(buf, k) {
			return k
		}
	}
}

// pairSearch finds the places of a line-end byte followed by "[".
type pairSearch struct {
	at   int // the index of the last one found, or -1: none at or after the last search's start and before done
	done int
}

// next returns the index of the first line end c followed by "[" at or after from, or -1.
func (ps *pairSearch) next(buf []byte, c byte, from int) int {
	if ps.at >= from {
		return ps.at
	}
	start := from
	if ps.at < 0 {
		start = max(from, ps.done)
	}
	ps.at = -1
	if start < len(buf)-1 {
		if j := bytes.Index(buf[start:], []byte{c, '['}); j >= 0 {
			ps.at = start + j
		}
	}
	ps.done = max(start, len(buf)-1) // a pair at len(buf)-1 waits for its "["
	return ps.at
}

// startsGame reports whether the line at buf[k:], which starts with "[", looks like the first
// tag pair of a game: a tag name follows the "[", and the last line before it that is neither
// blank nor an escape line is no tag pair. It is a guess (that line may be in a comment, for
// one), checked by the reader of the chunk before.
func startsGame(buf []byte, k int) bool {
	i := k + 1
	for i < len(buf) && (buf[i] == ' ' || buf[i] == '\t') {
		i++
	}
	if i == len(buf) || !tagNameByte(buf[i], true) {
		return false
	}
	end := k // buf[end-1] ends the line before
	for end > 0 {
		e := end - 1
		if buf[e] == '\n' && e > 0 && buf[e-1] == '\r' {
			e--
		}
		start := lineStart(buf, e)
		line := buf[start:e]
		j := 0
		for j < len(line) && (line[j] == ' ' || line[j] == '\t' || line[j] == '\f' || line[j] == '\v') {
			j++
		}
		if j < len(line) && line[0] != '%' {
			return line[j] != '['
		}
		end = start // a blank or escape line: look further back
	}
	return false
}

// lineStart returns the start of the line that buf[e] is in or ends: the index after the last
// CR or LF before e, or 0. The line before a game is most often its movetext, which lichess
// writes on one line of a few KB, so the search goes back eight bytes at a time.
func lineStart(buf []byte, e int) int {
	for e >= 8 {
		w := binary.LittleEndian.Uint64(buf[e-8 : e])
		// the high bit of a byte of m is set where w has a LF or CR
		if m := zeroBytes(w^('\n'*byteOnes)) | zeroBytes(w^('\r'*byteOnes)); m != 0 {
			return e - 8 + (63-bits.LeadingZeros64(m))/8 + 1
		}
		e -= 8
	}
	for e > 0 && buf[e-1] != '\n' && buf[e-1] != '\r' {
		e--
	}
	return e
}
