package skills

// LinkFactsMatchSlowPath compares the link facts of every file of snap with
// makeLinkFactsSlow's, for the external test over the generated corpus.
var LinkFactsMatchSlowPath = linkFactsMatchSlowPath
