package io.pilotbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The house rules of CONTRIBUTING.md ("Code style") that a reviewer would otherwise count by hand: no main source
 * file over 450 lines and no method or constructor over 80, in every module. Methods are found by javac's own
 * parser (the JDK's compiler tree API), so a brace in a string or a record's body is not mistaken for one.
 */
class SourceSizeTest {
    private static final int MAX_FILE_LINES = 450;
    private static final int MAX_METHOD_LINES = 80;

    private static List<Path> mainSources() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(".."))) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("pilot-"))
                    .toList()) {
                Path src = module.resolve("src/main/java");
                if (Files.isDirectory(src)) {
                    try (Stream<Path> walk = Files.walk(src)) {
                        walk.filter(f -> f.toString().endsWith(".java")).forEach(files::add);
                    }
                }
            }
        }
        assertThat(files).as("the main sources of every module").hasSizeGreaterThan(300);
        return files;
    }

    @Test
    void noMainSourceFileIsOver450Lines() throws IOException {
        List<String> long_ = new ArrayList<>();
        for (Path f : mainSources()) {
            long lines;
            try (Stream<String> s = Files.lines(f)) {
                lines = s.count();
            }
            if (lines > MAX_FILE_LINES) {
                long_.add(f + ": " + lines + " lines");
            }
        }
        assertThat(long_).isEmpty();
    }

    @Test
    void noMethodIsOver80Lines() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> long_ = new ArrayList<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(mainSources());
            JavacTask task = (JavacTask) javac.getTask(null, files, d -> {}, List.of("-proc:none"), null, units);
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                LineMap lines = unit.getLineMap();
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitMethod(MethodTree method, Void unused) {
                        long start = positions.getStartPosition(unit, method);
                        long end = positions.getEndPosition(unit, method);
                        if (start >= 0 && end >= 0) {
                            long n = lines.getLineNumber(end) - lines.getLineNumber(start) + 1;
                            if (n > MAX_METHOD_LINES) {
                                long_.add(
                                        unit.getSourceFile().getName() + ": " + method.getName() + " " + n + " lines");
                            }
                        }
                        return super.visitMethod(method, unused);
                    }
                }.scan(unit, null);
            }
        }
        assertThat(long_).isEmpty();
    }
}
