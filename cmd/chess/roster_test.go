package main

import (
	"slices"
	"testing"

	"github.com/ox88/chess"
)

// TestRosterBit: rosterBit gives each name of the Seven Tag Roster (PGN Standard §8.1.1) its
// place in sevenTagRoster, and no other name a bit, also names that differ in case only or
// that the roster names start.
func TestRosterBit(t *testing.T) {
	for i, name := range sevenTagRoster {
		if got := rosterBit(name); got != 1<<i {
			t.Errorf("rosterBit(%q) = %#x, want %#x", name, got, 1<<i)
		}
	}
	for _, name := range []string{"", "event", "EVENT", "Even", "Events", "Sites", "WhiteElo", "BlackElo", "UTCDate", "Results", "ECO", "Opening"} {
		if got := rosterBit(name); got != 0 {
			t.Errorf("rosterBit(%q) = %#x, want 0", name, got)
		}
	}
}

// TestMissingTagsSevenTagRoster8_1_1: missingTags names the roster tags a game lacks, in the
// roster's order, whatever the order and repetitions of the tags it has; a game without tags
// lacks none.
func TestMissingTagsSevenTagRoster8_1_1(t *testing.T) {
	tags := func(names ...string) []chess.Tag {
		var out []chess.Tag
		for _, n := range names {
			out = append(out, chess.Tag{Name: n, Value: "x"})
		}
		return out
	}
	for _, tc := range []struct {
		tags []chess.Tag
		want []string
	}{
		{nil, nil},
		{tags("Event", "Site", "Date", "Round", "White", "Black", "Result"), nil},
		{tags("Result", "Black", "White", "Round", "Date", "Site", "Event", "ECO"), nil},
		{tags("Event", "Site", "Date", "White", "Black", "Result", "UTCDate", "WhiteElo"), []string{"Round"}},
		{tags("White", "White", "Black"), []string{"Event", "Site", "Date", "Round", "Result"}},
		{tags("ECO"), sevenTagRoster[:]},
		{tags("event", "site"), sevenTagRoster[:]},
	} {
		g := &chess.PGNGame{Tags: tc.tags}
		var got []string
		n := missingTags(g, func(name string) { got = append(got, name) })
		if !slices.Equal(got, tc.want) || n != len(tc.want) || missingTags(g, nil) != n {
			t.Errorf("tags %v: missing %v (%d), want %v", tc.tags, got, n, tc.want)
		}
	}
}
