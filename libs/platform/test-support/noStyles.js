// A stylesheet import, as Jest sees it: nothing to run.
