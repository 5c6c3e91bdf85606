package skills

// The outline's two paths, for the external tests that compare them over
// generated corpora (skilltest imports skills).
var (
	ScanOutlineFast = scanOutlineFast
	ParseOutline    = parseOutline
	ScanLinks       = scanLinks
)

// LinkFactsMatchSlowPath compares the link facts of every file of snap with
// makeLinkFactsSlow's, for the external test over the generated corpus.
var LinkFactsMatchSlowPath = linkFactsMatchSlowPath
