#!/usr/bin/env bash
# Builds the Tally workstation for Linux with its own Java runtime (no Java needed on the target machine):
#   jpackage/build.sh            app image   -> target/jpackage/dist/Tally/
#   jpackage/build.sh deb        app image + .deb -> target/jpackage/dist/tally_<version>_amd64.deb
# Needs: JDK 17 (jpackage, jlink), Maven; for .deb also fakeroot and dpkg-deb.
# SKIP_BUILD=1 reuses the jars already built by `mvn package`.
#
# Layout: the app's jars go on the class path (they are not modules); JavaFX goes into the runtime as modules,
# taken from the "-linux" classifier jars (they carry the native libraries), and jlink (run by jpackage) builds
# a trimmed runtime with exactly the modules listed below.
set -euo pipefail
cd "$(dirname "$0")/.."

TYPE="${1:-app-image}"
case "$TYPE" in app-image|deb) ;; *) echo "usage: $0 [app-image|deb]" >&2; exit 2 ;; esac

POM_VERSION=$(sed -n 's:.*<version>\(.*-SNAPSHOT\)</version>.*:\1:p' pom.xml | head -1)
APP_VERSION="${POM_VERSION%-SNAPSHOT}"
FX_VERSION=$(sed -n 's:.*<javafx.version>\(.*\)</javafx.version>.*:\1:p' pom.xml | head -1)
FX_PLATFORM=linux
REPO="${MAVEN_REPO:-$HOME/.m2/repository}"
WORK=target/jpackage
INPUT=$WORK/input
FX=$WORK/javafx
DIST=$WORK/dist

start=$(date +%s)
rm -rf "$WORK"
mkdir -p "$INPUT" "$FX" "$DIST"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "== building jars"
  mvn -B -q -DskipTests package
fi

echo "== collecting the app's runtime class path (JavaFX excluded: it goes into the runtime)"
mvn -B -q -o -DskipTests -pl app -am package \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
  -DincludeScope=runtime -DexcludeGroupIds=org.openjfx -DoutputDirectory="$PWD/$INPUT" \
  || mvn -B -q -DskipTests -pl app -am package \
       org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
       -DincludeScope=runtime -DexcludeGroupIds=org.openjfx -DoutputDirectory="$PWD/$INPUT"
MAIN_JAR="tally-app-$POM_VERSION.jar"
cp "app/target/$MAIN_JAR" "$INPUT/"

echo "== JavaFX $FX_VERSION ($FX_PLATFORM) modules"
for m in base graphics controls swing; do
  jar="$REPO/org/openjfx/javafx-$m/$FX_VERSION/javafx-$m-$FX_VERSION-$FX_PLATFORM.jar"
  if [ ! -f "$jar" ]; then
    mvn -B -q dependency:get -Dartifact="org.openjfx:javafx-$m:$FX_VERSION:jar:$FX_PLATFORM" -Dtransitive=false
  fi
  cp "$jar" "$FX/"
done

# JDK modules: what the jars use (jdeps) plus what drivers reach by reflection or service lookup
# (TLS ciphers, Kerberos/SASL logins, legacy charsets, locale data for number formats).
JDK_MODULES="java.base,java.desktop,java.logging,java.management,java.naming,java.sql,java.xml,java.scripting"
JDK_MODULES="$JDK_MODULES,java.security.jgss,java.security.sasl,java.transaction.xa,jdk.crypto.ec,jdk.charsets"
JDK_MODULES="$JDK_MODULES,jdk.localedata,jdk.naming.dns,jdk.unsupported,jdk.zipfs,jdk.net"
FOUND=$(jdeps -q --multi-release 17 --ignore-missing-deps --print-module-deps \
          --class-path "$INPUT/*" "$INPUT/$MAIN_JAR" 2>/dev/null || true)
[ -n "$FOUND" ] && JDK_MODULES="$JDK_MODULES,$FOUND"
MODULES="$JDK_MODULES,javafx.controls,javafx.swing"

# jpackage writes $APPDIR into the launcher's options as it is; the launcher puts the app folder in its place
ARCHIVE_OPTION='-XX:SharedArchiveFile=$APPDIR/tally.jsa'
TRAIN_OPTION='-XX:ArchiveClassesAtExit=$APPDIR/tally.jsa'

# --generate-cds-archive: the runtime's base class-data archive, which the start-up archive below builds on; it
# needs the runtime's bin/java, so --strip-native-commands is not passed
echo "== jpackage app image"
jpackage --type app-image --name Tally --app-version "$APP_VERSION" \
  --vendor "Tally" --description "Exact answers from the hospital's own database, offline." \
  --input "$INPUT" --main-jar "$MAIN_JAR" --main-class org.tally.app.Main \
  --module-path "$FX" --add-modules "$MODULES" \
  --jlink-options "--strip-debug --no-header-files --no-man-pages --compress=2 --generate-cds-archive" \
  --java-options "-Dfile.encoding=UTF-8" \
  --java-options "$ARCHIVE_OPTION" --java-options "-Xshare:auto" \
  --java-options "-Xlog:disable" --java-options "-Xlog:all=warning:stderr" \
  --dest "$DIST"
echo "   $(du -sh "$DIST/Tally" | cut -f1) in $DIST/Tally ($(( $(date +%s) - start )) s so far)"

# The start-up archive (Java 17 class-data sharing, jpackage/README.md): the launcher is run once on the demo with
# a first question, its options switched to writing the archive at exit, then switched back to using it. The jlink
# option above gives the runtime the base archive a dynamic one needs. Without tally.jsa (training failed) or with
# a stale one the launcher starts normally (a stale one warns on standard error): it never keeps Tally from starting.
echo "== start-up archive: one first question on the demo"
CFG="$DIST/Tally/lib/app/Tally.cfg"
TRAIN_HOME="$PWD/$WORK/train-home"
rm -rf "$TRAIN_HOME"
sed -i "s|^java-options=$ARCHIVE_OPTION\$|java-options=$TRAIN_OPTION|" "$CFG"
grep -qxF "java-options=$TRAIN_OPTION" "$CFG" || { echo "   $CFG has no archive option" >&2; exit 1; }
if TALLY_HOME="$TRAIN_HOME" "$DIST/Tally/bin/Tally" ask "How many patients are there?" \
     >"$WORK/train.out" 2>"$WORK/train.err" && grep -q '"status":"answered"' "$WORK/train.out" \
     && [ -s "$DIST/Tally/lib/app/tally.jsa" ]; then
  echo "   $(du -h "$DIST/Tally/lib/app/tally.jsa" | cut -f1) archive ($(( $(date +%s) - start )) s so far)"
else
  echo "   WARNING: the training run did not answer (see $WORK/train.err); shipping without the archive" >&2
  rm -f "$DIST/Tally/lib/app/tally.jsa"
fi
sed -i "s|^java-options=$TRAIN_OPTION\$|java-options=$ARCHIVE_OPTION|" "$CFG"
grep -qxF "java-options=$ARCHIVE_OPTION" "$CFG" || { echo "   $CFG lost its archive option" >&2; exit 1; }
rm -rf "$TRAIN_HOME"

if [ "$TYPE" = deb ]; then
  echo "== jpackage .deb"
  jpackage --type deb --app-image "$DIST/Tally" --name tally --app-version "$APP_VERSION" \
    --vendor "Tally" --description "Exact answers from the hospital's own database, offline." \
    --linux-package-name tally --linux-package-deps libgtk-3-0 \
    --linux-menu-group "Office" --linux-app-category misc --linux-shortcut \
    --dest "$DIST"
  ls -la "$DIST"/*.deb
fi
echo "== done in $(( $(date +%s) - start )) s"
