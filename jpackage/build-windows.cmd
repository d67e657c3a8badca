@echo off
rem Builds the Windows installers of the Tally workstation, each with its own Java runtime:
rem   target\jpackage-win\dist\Tally-<version>.msi and Tally-<version>.exe  (per-user: no admin rights needed)
rem Run on Windows 10/11 x64 with JDK 17 (jpackage, jlink) and Maven on PATH. MSI and EXE need the
rem WiX Toolset 3.x (candle.exe, light.exe) on PATH; jpackage calls it. See jpackage\README.md.
setlocal enabledelayedexpansion
cd /d "%~dp0.."

set POM_VERSION=0.1.0-SNAPSHOT
set APP_VERSION=0.1.0
set FX_VERSION=21.0.11
set WORK=target\jpackage-win
set INPUT=%WORK%\input
set FX=%WORK%\javafx
set DIST=%WORK%\dist
rem Fixed for the life of the product: Windows uses it to upgrade an installed Tally in place.
set UPGRADE_UUID=2c63207f-7765-4f20-aed5-b0e8eaca8d9f

if exist "%WORK%" rmdir /s /q "%WORK%"
mkdir "%INPUT%" "%FX%" "%DIST%"

echo == building jars and collecting the class path (JavaFX excluded: it goes into the runtime)
call mvn -B -q -DskipTests -pl app -am package org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies -DincludeScope=runtime -DexcludeGroupIds=org.openjfx "-DoutputDirectory=%CD%\%INPUT%" || exit /b 1
copy /y "app\target\tally-app-%POM_VERSION%.jar" "%INPUT%\" >nul || exit /b 1

echo == JavaFX %FX_VERSION% (win) modules
for %%m in (base graphics controls swing) do (
  call mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy -Dartifact=org.openjfx:javafx-%%m:%FX_VERSION%:jar:win "-DoutputDirectory=%CD%\%FX%" || exit /b 1
)

set MODULES=java.base,java.desktop,java.logging,java.management,java.naming,java.sql,java.xml,java.scripting,java.prefs
set MODULES=%MODULES%,java.security.jgss,java.security.sasl,java.transaction.xa,jdk.crypto.ec,jdk.crypto.mscapi,jdk.charsets
set MODULES=%MODULES%,jdk.localedata,jdk.naming.dns,jdk.unsupported,jdk.unsupported.desktop,jdk.zipfs,jdk.net
set MODULES=%MODULES%,javafx.controls,javafx.swing

echo == app image
jpackage --type app-image --name Tally --app-version %APP_VERSION% --vendor Tally ^
  --description "Exact answers from the hospital's own database, offline." ^
  --input "%INPUT%" --main-jar tally-app-%POM_VERSION%.jar --main-class org.tally.app.Main ^
  --module-path "%FX%" --add-modules %MODULES% ^
  --jlink-options "--strip-debug --no-header-files --no-man-pages --compress=2 --generate-cds-archive" ^
  --java-options "-Dfile.encoding=UTF-8" ^
  --java-options "-XX:SharedArchiveFile=$APPDIR\tally.jsa" --java-options "-Xshare:auto" ^
  --java-options "-Xlog:disable" --java-options "-Xlog:all=warning:stderr" ^
  --dest "%DIST%" || exit /b 1

rem The start-up archive (jpackage\README.md): one first question on the demo with the launcher's options switched
rem to writing the archive at exit, then switched back to using it. A failed training ships without the archive;
rem a missing or stale archive only means a normal start.
echo == start-up archive: one first question on the demo
set CFG=%DIST%\Tally\app\Tally.cfg
set TRAIN_HOME=%CD%\%WORK%\train-home
powershell -NoProfile -Command "(Get-Content -LiteralPath '%CFG%') -replace '^java-options=-XX:SharedArchiveFile=','java-options=-XX:ArchiveClassesAtExit=' | Set-Content -LiteralPath '%CFG%'" || exit /b 1
set TALLY_HOME=%TRAIN_HOME%
start "" /wait "%DIST%\Tally\Tally.exe" ask "How many patients are there?"
set TALLY_HOME=
if not exist "%DIST%\Tally\app\tally.jsa" echo    WARNING: the training run wrote no archive; shipping without it
powershell -NoProfile -Command "(Get-Content -LiteralPath '%CFG%') -replace '^java-options=-XX:ArchiveClassesAtExit=','java-options=-XX:SharedArchiveFile=' | Set-Content -LiteralPath '%CFG%'" || exit /b 1
findstr /b /c:"java-options=-XX:SharedArchiveFile=" "%CFG%" >nul || exit /b 1
if exist "%TRAIN_HOME%" rmdir /s /q "%TRAIN_HOME%"

rem Per-user install into %LOCALAPPDATA%\Programs\Tally. NOT %LOCALAPPDATA%\Tally: that is the data folder,
rem which must survive uninstalling and upgrading.
for %%t in (msi exe) do (
  echo == %%t
  jpackage --type %%t --app-image "%DIST%\Tally" --name Tally --app-version %APP_VERSION% --vendor Tally ^
    --description "Exact answers from the hospital's own database, offline." ^
    --win-per-user-install --install-dir "Programs\Tally" ^
    --win-menu --win-menu-group Tally --win-shortcut --win-shortcut-prompt ^
    --win-upgrade-uuid %UPGRADE_UUID% ^
    --dest "%DIST%" || exit /b 1
)
dir "%DIST%"
endlocal
