package dev.sinew.rig.match;

/**
 * What one search found, for the controller and the debug view: the chosen database frame, its
 * cost (with the continuing bias taken off when it is the frame playing on) and each feature
 * group's part of the cost. One object is reused search after search.
 */
public final class SearchResult {
    /** The chosen frame's index in the database, or −1 if nothing is searchable. */
    public int frame = -1;
    /** Its total cost: the weighted, normalized squared distance (minus the bias if it continues). */
    public double cost;
    /** Each {@link FeatureGroup}'s part of the unbiased cost, in group order. */
    public final double[] groupCost = new double[FeatureGroup.values().length];
    /** Frames whose cost was computed, in full or until it exceeded the best (the search's work). */
    public int framesVisited;

    /** Copies another result. */
    public SearchResult set(SearchResult o) {
        frame = o.frame;
        cost = o.cost;
        framesVisited = o.framesVisited;
        System.arraycopy(o.groupCost, 0, groupCost, 0, groupCost.length);
        return this;
    }
}
