package hosts

// ListingText returns the description text the host's listing shows for
// the skill of the file at path, after the host's own cut and escaping,
// and whether the host lists that skill (a winner with a description it
// shows). check --fix compares it before and after a fix: a safe fix
// never takes text out of any host's listing.
func (r *Result) ListingText(path string) (text string, listed bool) {
	text, listed = r.listingOf[path]
	return text, listed
}

// listingTexts returns the listing text of each listed winner, by path.
func listingTexts(winners []*entry) map[string]string {
	out := make(map[string]string, len(winners))
	for _, w := range winners {
		if w.listed {
			out[w.file.Path] = w.listing
		}
	}
	return out
}
