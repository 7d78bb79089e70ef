package io.pilotbench.simulate;

import io.pilotbench.core.model.RoundResult;
import io.pilotbench.core.model.Workload;
import java.util.function.LongSupplier;

/**
 * A {@link WorkloadModel} as a {@link Workload} of the engine, on simulated time: each round advances the shared
 * {@link Clock} by the round's simulated duration and reports that duration, so a session of hours runs in
 * milliseconds and its recorded time is the simulated one.
 */
final class SimulatedWorkload implements Workload {
    /** Simulated monotonic time in ns, shared by the workloads of one comparison. */
    static final class Clock implements LongSupplier {
        private long nanos;

        @Override
        public long getAsLong() {
            return nanos;
        }

        long advance(double seconds) {
            long d = Math.round(seconds * 1e9);
            nanos += d;
            return d;
        }
    }

    private final WorkloadModel model;
    private final WorkloadGenerator generator;
    private final Clock clock;

    SimulatedWorkload(WorkloadModel model, long seed, Clock clock) {
        this(model, model.generator(seed), clock);
    }

    SimulatedWorkload(WorkloadModel model, WorkloadGenerator generator, Clock clock) {
        this.model = model;
        this.generator = generator;
        this.clock = clock;
    }

    @Override
    public RoundResult run(int round, long workAmount) {
        SimulatedRound r = generator.round(round, workAmount);
        long nanos = clock.advance(r.seconds());
        RoundResult.Builder b = RoundResult.builder().durationNanos(nanos);
        if (model.level() != WorkloadModel.Level.WPS) {
            b.reading(0, r.reading());
        }
        if (r.unitReadings() != null) {
            b.unitReadings(0, r.unitReadings());
        }
        return b.build();
    }
}
