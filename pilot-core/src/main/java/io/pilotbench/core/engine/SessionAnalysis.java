package io.pilotbench.core.engine;

import io.pilotbench.core.model.PiResult;
import io.pilotbench.core.model.WpsResult;
import java.util.List;

/**
 * The analysis of a session's rounds at one point in time.
 *
 * @param pis      per PI, in order
 * @param wps      the WPS regression, or null when WPS is off
 * @param okRounds the analysed rounds it covers (a session's analysis is redone at looks, not after every round)
 */
public record SessionAnalysis(List<PiResult> pis, WpsResult wps, int okRounds) {
    public SessionAnalysis {
        pis = List.copyOf(pis);
    }
}
