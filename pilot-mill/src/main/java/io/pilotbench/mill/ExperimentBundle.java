package io.pilotbench.mill;

import io.pilotbench.core.model.InputException;
import io.pilotbench.experiment.ExperimentFile;
import io.pilotbench.experiment.ExperimentPackage;
import io.pilotbench.experiment.ExperimentSpec;
import io.pilotbench.experiment.Factor;
import io.pilotbench.experiment.SafeName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An experiment as the mill moves it: the experiment file's text and the files it refers to by relative path —
 * each package as a {@code .tar.gz} (kind {@value #ARCHIVE} when the file names an archive, {@value #TREE} when it
 * names a directory: the archive is extracted there), and each user factor's script (kind {@value #FILE}).
 *
 * <p>The master checks an upload by laying it out exactly as a worker will ({@link #layOut}); the same code on the
 * worker then rebuilds the directory the experiment file expects, so {@link ExperimentFile} reads it unchanged.
 * Every archive goes through {@link ExperimentPackage#open}, whose extraction refuses absolute names, {@code ..},
 * links and special files; every path is checked to stay inside the directory on both sides.
 */
final class ExperimentBundle {
    static final String ARCHIVE = "archive";
    static final String TREE = "tree";
    static final String FILE = "file";
    private static final Pattern YAML = Pattern.compile(".+\\.ya?ml");

    private ExperimentBundle() {}

    /** A file of the bundle. */
    record Part(String path, String kind, byte[] content) {}

    /** Refuses an experiment file name that is not a plain {@code NAME.yaml}. */
    static String checkFileName(String fileName) {
        if (fileName == null) {
            throw new InputException("fileName: missing; give the experiment file's name (e.g. compressors.yaml), "
                    + "its text as experiment and the files it names as files");
        }
        if (!SafeName.ok(fileName) || !YAML.matcher(fileName).matches()) {
            throw new InputException("fileName: '" + fileName + "' is not a plain experiment file name (letters, "
                    + "digits, . _ -, ending in .yaml or .yml; e.g. compressors.yaml)");
        }
        return fileName;
    }

    /**
     * What the experiment file refers to, path → kind, in file order: packages and user factor scripts. Paths are
     * relative to the file's directory and must stay inside it.
     */
    static Map<String, String> needs(ExperimentSpec spec, Path dir) {
        Map<String, String> needs = new LinkedHashMap<>();
        for (Map.Entry<String, Path> p : spec.packages().entrySet()) {
            String rel = inside(dir, p.getValue(), "packages." + p.getKey());
            needs.put(rel, ExperimentPackage.isArchive(p.getValue()) ? ARCHIVE : TREE);
        }
        for (Factor f : spec.factors()) {
            if (f.kind() == Factor.Kind.USER) {
                needs.put(inside(dir, f.script(), "factors." + f.name()), FILE);
            }
        }
        return needs;
    }

    private static String inside(Path dir, Path p, String key) {
        Path rel =
                dir.toAbsolutePath().normalize().relativize(p.toAbsolutePath().normalize());
        if (rel.toString().isEmpty() || rel.startsWith("..") || rel.isAbsolute()) {
            throw new InputException(key + ": '" + p.getFileName() + "' is outside the experiment's directory; "
                    + "on a mill, refer to packages and scripts by paths below the experiment file");
        }
        return rel.toString();
    }

    /**
     * Writes the experiment file and its parts into {@code dir} (new or empty) and reads it back.
     *
     * @param expected the parts' kinds by path, or null to take them from the parsed file (the master's check)
     * @throws InputException when a part is missing, unexpected, unsafe, or not a valid package; messages name the
     *                        file by its name, never by this machine's path
     */
    static ExperimentSpec layOut(Path dir, String fileName, String text, List<Part> parts) throws IOException {
        checkFileName(fileName);
        Files.createDirectories(dir);
        Path root = dir.toAbsolutePath().normalize();
        // every part first, as it came (the file's parser checks that factor scripts exist); paths checked before
        // anything is written
        Map<String, Part> given = new LinkedHashMap<>();
        for (Part p : parts) {
            SafeName.checkPath("files", p.path());
            Path target = root.resolve(p.path()).normalize();
            if (!target.startsWith(root) || target.equals(root)) {
                throw new InputException("files: '" + p.path() + "' is not inside the experiment's directory");
            }
            given.put(p.path(), p);
        }
        for (Part p : given.values()) {
            Path target = root.resolve(p.path());
            try {
                Files.createDirectories(target.getParent());
                Files.write(target, p.content());
            } catch (java.nio.file.FileSystemException e) {
                throw new InputException("files: '" + p.path() + "' collides with another file's path");
            }
        }
        Path file = dir.resolve(fileName);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        ExperimentSpec spec;
        try {
            spec = ExperimentFile.parse(file, text, true);
        } catch (InputException e) {
            throw local(e, dir);
        }
        Map<String, String> needs = needs(spec, dir);
        for (String path : given.keySet()) {
            if (!needs.containsKey(path)) {
                throw new InputException("files: '" + path + "' is not a package or script the experiment file "
                        + "refers to (it refers to: " + String.join(", ", needs.keySet()) + ")");
            }
        }
        List<String> missing = new ArrayList<>();
        needs.keySet().forEach(n -> {
            if (!given.containsKey(n)) {
                missing.add(n);
            }
        });
        if (!missing.isEmpty()) {
            throw new InputException("files: missing " + String.join(", ", missing) + " (upload each package as a "
                    + ".tar.gz with run.sh and collect.sh at its root, and each factor script)");
        }
        int n = 0;
        for (Map.Entry<String, String> need : needs.entrySet()) {
            Path target = root.resolve(need.getKey());
            try {
                switch (need.getValue()) {
                    case ARCHIVE -> ExperimentPackage.check(need.getKey(), target);
                    case TREE -> {
                        Path archive = root.resolve(".archives").resolve((n++) + ".tar.gz");
                        Files.createDirectories(archive.getParent());
                        Files.move(target, archive);
                        ExperimentPackage.open(need.getKey(), archive, target);
                    }
                    default -> {
                        // a factor script: written as it came
                    }
                }
            } catch (InputException e) {
                throw local(e, dir);
            } catch (IOException e) {
                // commons-compress says "not in GZIP format" and the like: the upload is not an archive
                // without the master's own paths (a temporary directory's), which its messages never name
                throw new InputException("files: '" + need.getKey() + "' is not a readable .tar.gz ("
                        + String.valueOf(e.getMessage()).replaceAll("/[^\\s)'\"]+", "…") + ")");
            }
        }
        return spec;
    }

    /** The same message with this machine's directory (as given, and absolute) taken out. */
    static InputException local(InputException e, Path dir) {
        String m = e.getMessage();
        for (String d : List.of(dir.toAbsolutePath().normalize().toString(), dir.toString())) {
            m = m.replace(d + "/", "").replace(d, ".");
        }
        return m.equals(e.getMessage()) ? e : new InputException(m);
    }
}
