package polyglot

import (
	"iter"
)

// Merge returns the entries of books a and b merged as PolyGlot 2.0.4's merge-book -in1 a
// -in2 b does: both are read in file order a run of entries with one key at a time; the
// run with the smaller key goes out first; when both have the key, a's run goes out with
// the weight of each b entry of the same move added to a's first entry of that move (modulo
// 2^16, as in the 16-bit field), a's Learn kept, then b's entries whose move a's run lacks.
// Keys sorted in both books give a sorted book. Index is -1 in the result.
func Merge(a, b *Book) ([]Entry, error) {
	ra, rb := newRuns(a), newRuns(b)
	defer ra.stop()
	defer rb.stop()
	var out []Entry
	for {
		runA, okA, err := ra.peek()
		if err != nil {
			return nil, err
		}
		runB, okB, err := rb.peek()
		if err != nil {
			return nil, err
		}
		switch {
		case !okA && !okB:
			return out, nil
		case okA && (!okB || runA[0].Key < runB[0].Key):
			out = appendUnindexed(out, runA)
			ra.next()
		case okB && (!okA || runB[0].Key < runA[0].Key):
			out = appendUnindexed(out, runB)
			rb.next()
		default:
			start := len(out)
			out = appendUnindexed(out, runA)
		nextB:
			for _, e := range runB {
				for i := start; i < start+len(runA); i++ {
					if out[i].Raw == e.Raw {
						out[i].Weight += e.Weight
						continue nextB
					}
				}
				e.Index = -1
				out = append(out, e)
			}
			ra.next()
			rb.next()
		}
	}
}

func appendUnindexed(dst, run []Entry) []Entry {
	for _, e := range run {
		e.Index = -1
		dst = append(dst, e)
	}
	return dst
}

// runs reads a book as runs of consecutive entries with the same key.
type runs struct {
	pull    func() (Entry, error, bool)
	stop    func()
	run     []Entry
	pending Entry
	hasNext bool // pending holds the first entry of the next run
	done    bool
	ready   bool // run holds the current run
}

func newRuns(b *Book) *runs {
	pull, stop := iter.Pull2(b.All())
	return &runs{pull: pull, stop: stop}
}

// peek returns the current run, false at the end.
func (r *runs) peek() ([]Entry, bool, error) {
	if r.ready {
		return r.run, len(r.run) > 0, nil
	}
	r.run = r.run[:0]
	if r.hasNext {
		r.run = append(r.run, r.pending)
		r.hasNext = false
	}
	for !r.done {
		e, err, ok := r.pull()
		if !ok {
			r.done = true
			break
		}
		if err != nil {
			return nil, false, err
		}
		if len(r.run) > 0 && e.Key != r.run[0].Key {
			r.pending, r.hasNext = e, true
			break
		}
		r.run = append(r.run, e)
	}
	r.ready = true
	return r.run, len(r.run) > 0, nil
}

func (r *runs) next() { r.ready = false }
