package org.tally.acceptance.unseen;
import java.nio.file.Path;
public class Gen { public static void main(String[] a) throws Exception {
  OmopHospital.write(Path.of(a[0], "omop").toAbsolutePath()); HmsHospital.write(Path.of(a[0], "hms").toAbsolutePath()); } }
