package org.tally.core.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.execute.ExecutorSettings;

/**
 * Grammar parse + spec canonicalization + binding (no compile, no execution) of every golden question, one
 * question per operation in a fixed round-robin, on the demo sources. SampleTime mode: JMH reports the p50 and p99
 * of single operations per question set ({@code schema} = dev or alt).
 *
 * <p>The demo hospital is built once into {@code -Dtally.bench.data} (default: {@code tally-bench-data} under
 * java.io.tmpdir) and reused by later forks and runs; the catalog is refreshed and bound in each trial's setup.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class ParseBindBenchmark {

    @Param({"dev", "alt"})
    public String schema;

    private BenchSource source;
    private String[] questions;
    private int next;

    @Setup(Level.Trial)
    public void open() throws Exception {
        Path root = Path.of(System.getProperty("tally.bench.data",
                Path.of(System.getProperty("java.io.tmpdir"), "tally-bench-data").toString()));
        DataFolder data = new DataFolder(Files.createDirectories(root));
        SourceRef ref = new SourceRef.Demo(DemoSchema.fromId(schema).orElseThrow());
        Connection c = new SourceConnector(new DemoDatabases(data)).open(ref, Credentials.NONE, Progress.NONE);
        source = new BenchSource(data, ref.name(), ref.dialect(), c, new DemoDatabases(data).referenceDate(),
                ExecutorSettings.DEFAULTS);
        List<GoldenQuestions.Question> all = GoldenQuestions.all();
        questions = all.stream().map(GoldenQuestions.Question::text).toArray(String[]::new);
    }

    @TearDown(Level.Trial)
    public void close() {
        source.close();
    }

    @Benchmark
    public Object parseAndBind() {
        String q = questions[next];
        next = next + 1 == questions.length ? 0 : next + 1;
        return source.parseAndBind(q);
    }
}
