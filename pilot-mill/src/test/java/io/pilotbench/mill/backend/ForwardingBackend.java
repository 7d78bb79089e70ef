package io.pilotbench.mill.backend;

import io.pilotbench.experiment.Worker;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** A back-end that hands every call to another; tests override the calls they watch or change. */
class ForwardingBackend implements ExecutionBackend {
    final ExecutionBackend inner;

    ForwardingBackend(ExecutionBackend inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public List<Worker> inventory() throws IOException {
        return inner.inventory();
    }

    @Override
    public String submit(ClusterJob job) throws IOException {
        return inner.submit(job);
    }

    @Override
    public Map<String, State> poll(Map<String, ClusterJob> jobs) throws IOException {
        return inner.poll(jobs);
    }

    @Override
    public Map<String, String> collect(ClusterJob job, String id) throws IOException {
        return inner.collect(job, id);
    }

    @Override
    public void cancel(String id) throws IOException {
        inner.cancel(id);
    }

    @Override
    public Map<String, String> active(String prefix) throws IOException {
        return inner.active(prefix);
    }

    @Override
    public String why(String id) throws IOException {
        return inner.why(id);
    }
}
