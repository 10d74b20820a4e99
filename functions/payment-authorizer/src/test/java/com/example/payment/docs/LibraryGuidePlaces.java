package com.example.payment.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where docs/library.md places what it names, checked against the code (beside
 * {@link LibraryGuideTest}'s links and type names): a package-qualified name
 * ({@code com.example.receiver.dynamodb.TransactionalEffect}, or a package alone) names a type
 * declared in that package, or a package that exists; a sentence that puts types in, under or
 * from a package ({@code `TransactionalEffect` and `EffectVerdict` are in `com.example...`}, to the
 * sentence's or table cell's start)
 * names types declared there; and the attributes it gives a record are those the record is
 * written with ({@code the record's `decidedAt`} is not).
 */
final class LibraryGuidePlaces {

    private static final Pattern QUALIFIED = Pattern.compile(
            "`(com\\.example(?:\\.[a-z][a-z0-9]*)+)((?:\\.[A-Z][A-Za-z0-9]*)*)`");
    private static final Pattern PLACED = Pattern.compile("\\b(in|under|from) `(com\\.example(?:\\.[a-z][a-z0-9]*)+)`");
    private static final Pattern TYPE = Pattern.compile("`([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:[<(.][^`]*)?`");
    private static final Pattern LOWER_NAME = Pattern.compile("`([a-z][A-Za-z0-9]*)`");
    private static final Pattern RECORD_POSSESSIVE = Pattern.compile("\\brecord(?:'s|s') `([a-z][A-Za-z0-9]*)`");
    /** A parenthesis's text up to the next parenthesis of either kind (a link inside it ends it). */
    private static final Pattern PARENTHESIS = Pattern.compile("\\(([^()]*)");
    private static final Pattern SENTENCE_END = Pattern.compile("[.;:|]\\s|\\n\\n");

    private LibraryGuidePlaces() {
    }

    /** The qualified names and placing sentences of {@code prose} (the guide without its code blocks) the code does not bear out. */
    static List<String> drifts(String prose, LibraryTypes types) {
        List<String> drifts = new ArrayList<>();
        Matcher qualified = QUALIFIED.matcher(prose);
        while (qualified.find()) {
            String packageName = qualified.group(1);
            String typePath = qualified.group(2);
            if (typePath.isEmpty()) {
                if (!types.hasPackage(packageName)) {
                    drifts.add("`" + packageName + "`: no such package in the library or its modules");
                }
                continue;
            }
            String type = typePath.substring(1).split("\\.")[0];
            if (!types.packagesOf(type).contains(packageName)) {
                drifts.add("`" + packageName + typePath + "`: " + type + " is not in " + packageName
                        + " (declared in " + types.packagesOf(type).stream().sorted().toList() + ")");
            }
        }
        Matcher placed = PLACED.matcher(prose);
        while (placed.find()) {
            boolean under = placed.group(1).equals("under");
            String packageName = placed.group(2);
            Matcher type = TYPE.matcher(sentenceBefore(prose, placed.start()));
            while (type.find()) {
                String name = type.group(1);
                boolean there = types.packagesOf(name).stream().anyMatch(declared -> declared.equals(packageName)
                        || under && declared.startsWith(packageName + "."));
                if (types.declares(name) && !there) {
                    drifts.add("`" + name + "` is not " + placed.group(1) + " " + packageName + " (declared in "
                            + types.packagesOf(name).stream().sorted().toList() + ")");
                }
            }
        }
        return drifts;
    }

    /**
     * The attribute names the guide gives a record that the record is not written with: each name
     * in backticks right after "record's" or "records'", and every lower-case name in backticks
     * of a parenthesis that names at least one of the record's attributes (its list of them).
     */
    static List<String> recordDrifts(String prose, LibraryTypes record) {
        List<String> drifts = new ArrayList<>();
        Matcher possessive = RECORD_POSSESSIVE.matcher(prose);
        while (possessive.find()) {
            unwritten(possessive.group(1), record, drifts);
        }
        Matcher parenthesis = PARENTHESIS.matcher(prose);
        while (parenthesis.find()) {
            List<String> names = LOWER_NAME.matcher(parenthesis.group(1)).results().map(name -> name.group(1)).toList();
            if (names.stream().anyMatch(record::definesString)) {
                names.forEach(name -> unwritten(name, record, drifts));
            }
        }
        return drifts;
    }

    private static void unwritten(String attribute, LibraryTypes record, List<String> drifts) {
        String drift = "`" + attribute + "`: not an attribute the record is written with";
        if (!record.definesString(attribute) && !drifts.contains(drift)) {
            drifts.add(drift);
        }
    }

    /** The text of the sentence (or table cell, or parenthesis) that ends at {@code end}. */
    private static String sentenceBefore(String prose, int end) {
        int start = 0;
        Matcher boundary = SENTENCE_END.matcher(prose).region(0, end);
        while (boundary.find()) {
            start = boundary.end();
        }
        return prose.substring(start, end);
    }
}
